"""Any game played in-process on a hand-driven clock, with the surface table scenes use (views,
public view, countdown, emotes, act); actions are applied with the real rules, so a table can be
driven through a whole game without a server."""

from __future__ import annotations

import random
from collections import deque
from typing import Any

from soupkitchen.client.tables.feed import BackListener, LobbyListener, StateListener
from soupkitchen.shared.core import TIMEOUT
from soupkitchen.shared.registry import get_game

NAMES = ["Ada", "Bert", "Cleo", "Dev", "Eve", "Fay"]


class FakeSession:
    def __init__(
        self,
        game_id: str,
        players: int = 4,
        seat: int | None = 0,
        seed: int = 7,
        options: dict[str, Any] | None = None,
    ) -> None:
        self.game = get_game(game_id)
        self.game_id = game_id
        self.state = self.game.setup(players, self.game.normalise_options(options or {}, players), seed)
        self.players = players
        self.seats_held = [seat] if seat is not None else []
        self.tokens = {seat: "t"} if seat is not None else {}
        self.shown_seat: int | None = seat
        self.now = 0.0
        self.listeners: list[StateListener] = []
        self.lobby_listeners: list[LobbyListener] = []
        self.back_listeners: list[BackListener] = []
        self.events: deque[dict[str, Any]] = deque(maxlen=40)
        self.emotes: deque[tuple[int | None, str, float]] = deque(maxlen=12)
        self.pads: dict[int, str] = {}
        self.acted: list[tuple[int, dict[str, Any]]] = []
        self.refused: list[str] = []
        self.error_listeners: list[Any] = []
        self.table: dict[str, Any] = {
            "id": "t1",
            "game": game_id,
            "settings": {},
            "title": self.game.title,
            "seats": [{"seat": s, "name": NAMES[s]} for s in range(players)],
        }
        self.connected = True
        self.deadline: float | None = None
        self.replaying = False
        self.face_up = False
        self.local = False  # as a networked table: a test sets it for a solo one
        self.couch = False  # one player at this screen
        self.state_id = 0
        self.recent: list[tuple[dict[str, Any], list[dict[str, Any]]]] = []

    # --- what scenes read ------------------------------------------------------------------------
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
        deadline = self.game.next_deadline(self.state)
        return None if deadline is None else max(0.0, deadline - now)

    def seat_name(self, seat: int | None) -> str:
        return "Spectator" if seat is None else str(self.table["seats"][seat]["name"])

    def server_time(self, now: float) -> float | None:
        return None  # no server clock: away seats count from when the table saw them go

    def pass_controls(self) -> bool:
        return False

    def seat_changes(self, seat: int, **info: Any) -> None:
        """The server's lobby summary says something new about ``seat`` (connected, stand_in)."""
        self.table["seats"][seat] = {**self.table["seats"][seat], **info}
        for listener in list(self.lobby_listeners):
            listener(self.table)

    # --- playing -----------------------------------------------------------------------------------
    def apply(self, seat: int | None, action: dict[str, Any]) -> list[dict[str, Any]]:
        """Play ``action`` at the current time and tell the listeners, as the server would."""
        self.state, events = self.game.apply(self.state, seat, action, self.now)
        self.state_id += 1
        self.events.extend(events)
        self.push(events)
        emote = self.game.emote_of(action) if seat is not None else None
        if emote is not None:  # a reaction the rules kept: the seats' chips show it, as the server pushes it
            self.emotes.append((seat, emote, self.now))
        return events

    def push(self, events: list[dict[str, Any]] | None = None) -> None:
        """Send every held seat's view to the listeners, as the server does after each change (the
        events come with the first view of the new state only, as a real session passes them on)."""
        for listener in list(self.listeners):
            for i, held in enumerate(self.seats_held):
                listener(held, self.game.view(self.state, held), (events or []) if i == 0 else [])

    def expire(self) -> None:
        """The game's clock runs out."""
        deadline = self.game.next_deadline(self.state)
        assert deadline is not None
        self.now = max(self.now, deadline)
        self.apply(None, TIMEOUT)

    async def act(self, seat: int, action: dict[str, Any], quiet: bool = False) -> dict[str, Any]:
        self.acted.append((seat, action))
        reason = self.game.validate(self.state, seat, action, self.now)
        if reason is not None:
            self.refused.append(reason)
            return {
                "ok": False,
                "error": {"code": "illegal", "message": str(reason), "refusal": reason.to_json()},
            }
        self.apply(seat, action)
        return {"ok": True}

    async def emote(self, seat: int, name: str) -> None:
        """As the server: a reaction the game's rules keep is their action, else table chatter."""
        action = self.game.emote_action(self.state, seat, name) if not self.over else None
        if action is None:
            self.emotes.append((seat, name, self.now))
        elif (reason := self.game.validate(self.state, seat, action, self.now)) is None:
            self.apply(seat, action)
        else:  # as the server's refusal reaches the real session's error listeners
            self.refused.append(reason)
            for listener in self.error_listeners:
                listener(str(reason))

    def react(self, seat: int, emote: str) -> None:
        """``seat`` reacts to the latest move now, as the server takes a reaction (the rules judge it)."""
        action = self.game.emote_action(self.state, seat, emote)
        assert action is not None, "no move to react to"
        self.apply(seat, action)

    def everyone_ready(self) -> None:
        for seat in range(self.players):
            if {"type": "ready"} in self.game.legal_actions(self.state, seat):
                self.apply(seat, {"type": "ready"})

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
            action = bots[seat].choose(self.game.view(self.state, seat), self.now)
            assert action is not None, f"seat {seat} may act but its bot chose nothing"
            self.apply(seat, action)
        raise AssertionError("the bots never got there")


def random_play(session: FakeSession, seed: int, moves: int):
    """Seeded random legal moves, whoever is to move; yields the session before each one while the
    game lasts, and once more at the end."""
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
