"""Any game played in-process on a hand-driven clock behind a kit table, and a headless app to hold it.

The session has the surface table scenes use (views, public view, countdown, emotes, act) and
applies actions with the real rules, so a table can be driven through a whole game without a server.
"""

from __future__ import annotations

import asyncio
import os
from collections import deque
from typing import Any

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402

from soupkitchen.client.input import InputAction  # noqa: E402
from soupkitchen.client.settings import Settings  # noqa: E402
from soupkitchen.client.tables import table_scene_for  # noqa: E402
from soupkitchen.shared.registry import get_game  # noqa: E402

NAMES = ["Ada", "Bert", "Cleo", "Dev", "Eve", "Fay"]


class FakeSession:
    def __init__(self, game_id: str, players: int = 4, seat: int | None = 0, seed: int = 7) -> None:
        self.game = get_game(game_id)
        self.game_id = game_id
        self.state = self.game.setup(players, self.game.normalise_options({}, players), seed)
        self.players = players
        self.seats_held = [seat] if seat is not None else []
        self.tokens = {seat: "t"} if seat is not None else {}
        self.shown_seat: int | None = seat
        self.now = 0.0
        self.listeners: list = []
        self.events: deque = deque(maxlen=40)
        self.emotes: deque = deque(maxlen=12)
        self.pads: dict[int, str] = {}
        self.acted: list[tuple[int, dict[str, Any]]] = []
        self.refused: list[str] = []
        self.table = {"id": "t1", "game": game_id, "settings": {}, "title": self.game.title,
                      "seats": [{"seat": s, "name": NAMES[s]} for s in range(players)]}
        self.connected = True
        self.deadline = None

    def clock(self) -> float:
        return self.now

    def view(self, seat: int | None) -> dict[str, Any] | None:
        return self.game.view(self.state, seat) if seat in self.seats_held else None

    @property
    def public_view(self) -> dict[str, Any]:
        return self.game.view(self.state, None)

    @property
    def over(self) -> bool:
        return self.game.is_over(self.state)

    def remaining(self, now: float) -> float | None:
        return None

    def seat_name(self, seat: int | None) -> str:
        return "Spectator" if seat is None else NAMES[seat]

    def pass_controls(self) -> bool:
        return False

    def apply(self, seat: int | None, action: dict[str, Any]) -> None:
        self.state, events = self.game.apply(self.state, seat, action, self.now)
        self.events.extend(events)
        for listener in list(self.listeners):
            for held in self.seats_held:
                listener(held, self.game.view(self.state, held), events)

    async def act(self, seat: int, action: dict[str, Any], quiet: bool = False) -> dict[str, Any]:
        self.acted.append((seat, action))
        reason = self.game.validate(self.state, seat, action, self.now)
        if reason is not None:
            self.refused.append(reason)
            return {"ok": False, "error": {"code": "illegal", "message": reason}}
        self.apply(seat, action)
        return {"ok": True}

    async def emote(self, seat: int, name: str) -> None:
        self.emotes.append((seat, name, self.now))

    def bots_play(self, until=None, limit: int = 400) -> None:
        """Every seat but the shown one plays its bot's move until it is the shown seat's turn (or
        ``until(view)`` holds, or the game is over)."""
        bots = {s: self.game.make_bot(s, 100 + s) for s in range(self.players)}
        for _ in range(limit):
            if self.over:
                return
            view = self.game.view(self.state, self.shown_seat)
            if until is not None and until(view):
                return
            movers = [s for s in range(self.players) if self.game.legal_actions(self.state, s)]
            if until is None and self.shown_seat in movers:
                return
            seat = next((s for s in movers if s != self.shown_seat or until is not None), None)
            if seat is None:
                return
            self.apply(seat, bots[seat].choose(self.game.view(self.state, seat), self.now))
        raise AssertionError("the bots never got there")


def random_play(session: FakeSession, seed: int, moves: int):
    """Seeded random legal moves, whoever is to move; yields the session before each one while the
    game lasts, and once more at the end."""
    import random

    rng = random.Random(seed)
    for _ in range(moves):
        yield session
        if session.over:
            return
        mover = next(s for s in range(session.players) if session.game.legal_actions(session.state, s))
        session.apply(mover, rng.choice(session.game.legal_actions(session.state, mover)))
    yield session


def reach(game_id: str, players: int, wanted, seeds=range(40), moves: int = 400) -> FakeSession:
    """A session for seat 0 at the first position of seeded random play where ``wanted(view)`` holds
    for seat 0's view."""
    for seed in seeds:
        for session in random_play(FakeSession(game_id, players, 0, seed=seed), seed, moves):
            if not session.over and wanted(session.view(0)):
                return session
    raise AssertionError("no seed reached that position")


class HeadlessApp:
    """The parts of the client app a table scene uses, with background work run to completion."""

    def __init__(self, size: tuple[int, int]) -> None:
        pygame.display.init()
        pygame.font.init()
        self.screen = pygame.display.set_mode(size)
        self.settings = Settings()
        self.toasts: list[str] = []
        self.pending: list = []

    @property
    def screen_size(self) -> tuple[int, int]:
        return self.screen.get_size()

    def toast(self, message: str, kind: str = "info") -> None:
        self.toasts.append(message)

    def spawn(self, coro, on_done=None):
        self.pending.append(coro)

    def settle(self) -> None:
        while self.pending:
            asyncio.run(self.pending.pop(0))


def make_table(session: FakeSession, size=(1280, 720)):
    app = HeadlessApp(size)
    scene = table_scene_for(session.game_id)(app, session)
    return app, scene


def render(app: HeadlessApp, scene, now: float) -> pygame.Surface:
    scene.update(0.0, now)
    surface = pygame.Surface(app.screen_size)
    scene.draw(surface)
    return surface


def click(app: HeadlessApp, scene, pos) -> bool:
    used = scene.handle(InputAction("click", "mouse", pos=tuple(pos)))
    app.settle()
    return used


def play_by_clicks(app: HeadlessApp, scene, action: dict[str, Any], now: float) -> list[tuple[int, int]]:
    """Click the points the table gives for ``action``, drawing a frame between clicks."""
    points = scene.points_for(action)
    for pos in points:
        render(app, scene, now)
        click(app, scene, pos)
    return points
