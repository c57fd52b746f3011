"""A whole solo game played the way a screen-reader user plays it: a headless client against bots on
the embedded server, every step (the title's Play solo, the game and players chosen in the setup,
each move, the way back to the title) found by a node's name in the accessibility tree and made by
invoking that node's action through the adapter, as AT-SPI would. No pixel, no coordinate.

The viewer's moves are chosen by the game's own bot from the viewer's view; the tree is then asked
for the node that says that move, and only that node's action plays it. The clock is injected and
moves a frame at a time, a few seconds on before each of the viewer's moves.
"""

from __future__ import annotations

import asyncio
import os
import tempfile
from pathlib import Path
from typing import Any

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

FRAME = 1 / 60
SECONDS_PER_MOVE = 3.0
XDG = ("XDG_DATA_HOME", "XDG_CONFIG_HOME", "XDG_STATE_HOME", "XDG_CACHE_HOME")
WAIT_FRAMES = 3000


class Clock:
    def __init__(self) -> None:
        self.t = 1000.0

    def __call__(self) -> float:
        return self.t


class TreePlayer:
    """Plays ``game`` from the title screen to the end and back, through the tree alone."""

    def __init__(self, game: str, players: int, seed: int, options: dict[str, Any] | None = None) -> None:
        self.game, self.players, self.seed, self.options = game, players, seed, options or {}
        self.clock = Clock()
        self.moves = 0  # the viewer's moves, each made by a node's action
        self.by_zone = 0  # ... of them through a zone of the table (not the list of moves)
        self.seen: list[str] = []  # every announcement the live region carried
        self.sent: list[dict[str, Any]] = []

    # --- the tree ----------------------------------------------------------------------------------
    @property
    def root(self):
        return self.app.access.root

    def nodes(self, name: str | None = None, role: str | None = None) -> list:
        return [
            n
            for n in self.root.walk()
            if (name is None or n.name == name) and (role is None or n.role == role)
        ]

    def node(self, name: str, role: str | None = None):
        found = self.nodes(name, role)
        assert found, f"no node named {name!r} in the tree: {[n.name for n in self.root.walk()][:60]}"
        return found[0]

    async def invoke(self, node, action: str = "click") -> None:
        assert action in node.actions, f"{node.name!r} has no {action} action ({node.actions})"
        self.app.access.adapter.request(node.id, action)
        await self.frames(2)

    async def frames(self, count: int, until=None) -> bool:
        for _ in range(count):
            self.clock.t += FRAME
            self.app.step(self.clock.t)
            if self.app.access.live and (not self.seen or self.seen[-1] != self.app.access.live):
                self.seen.append(self.app.access.live)
            await asyncio.sleep(0.001)
            if until is not None and until():
                return True
        return until is None

    async def wait_for(self, name: str, role: str | None = None) -> Any:
        found = await self.frames(WAIT_FRAMES, lambda: bool(self.root and self.nodes(name, role)))
        assert found, f"{name!r} never appeared in the tree"
        return self.node(name, role)

    # --- the game --------------------------------------------------------------------------------------
    async def run(self) -> None:
        from soupkitchen.client.access.adapter import Recorder
        from soupkitchen.client.app import App
        from soupkitchen.client.settings import Settings
        from soupkitchen.server.embedded import EmbeddedServer

        class QuickSettings(Settings):
            @property
            def bot_delay(self) -> float:
                return 0.0

        work = Path(tempfile.mkdtemp(prefix="soupkitchen-tree-"))
        saved = {name: os.environ.get(name) for name in XDG}
        os.environ.update({name: str(work / name.lower()) for name in XDG})
        self.app = app = App(
            QuickSettings(path=work / "settings.json", language="en"),
            size=(1280, 720),
            fullscreen=False,
            clock=self.clock,
        )
        app.access.adapter = Recorder(listening=True)  # read as AT-SPI would read it
        server = EmbeddedServer(str(work / "solo.sqlite3"), bot_delay=0.0, clock=self.clock, seed=self.seed)
        await server.start()
        server.lan = False
        app.server = server
        try:
            app.stack.open("title")
            await self.frames(3)
            await self.start_from_title()
            await self.play_to_the_end()
            await self.back_to_title()
        finally:
            from soupkitchen.client.net import ways_in

            session = self.session if hasattr(self, "session") else None
            if session is not None:
                await ways_in.leave_table(app, session)
            await ways_in.stop_embedded(app)
            app.access.close()
            import pygame

            pygame.display.quit()
            for name, value in saved.items():
                if value is None:
                    os.environ.pop(name, None)
                else:
                    os.environ[name] = value

    async def start_from_title(self) -> None:
        from soupkitchen.client.words import worded
        from soupkitchen.shared.registry import registration

        await self.invoke(await self.wait_for("Play solo", "button"))
        title = worded(registration(self.game).facts.title)
        await self.wait_for("Game", "combo_box")
        for _ in range(8):
            if self.node("Game", "combo_box").value == title:
                break
            await self.invoke(self.node("Game", "combo_box"), "increment")
        assert self.node("Game", "combo_box").value == title
        for _ in range(8):
            if self.node("Players", "combo_box").value == str(self.players):
                break
            await self.invoke(self.node("Players", "combo_box"), "decrement")
        assert self.node("Players", "combo_box").value == str(self.players)
        for label, value in self.options.items():
            for _ in range(20):
                if self.node(label, "combo_box").value == value:
                    break
                await self.invoke(self.node(label, "combo_box"), "increment")
            assert self.node(label, "combo_box").value == value, label
        await self.invoke(self.node("Start cooking", "button"))
        assert await self.frames(
            WAIT_FRAMES, lambda: self.app.stack.top is not None and self.app.stack.top.is_table
        )
        self.table = self.app.stack.top
        self.session = self.table.session
        original = self.session.act

        async def act(seat, action, *args, **kwargs):
            self.sent.append(action)
            return await original(seat, action, *args, **kwargs)

        self.session.act = act
        seat = self.session.seats_held[0]
        from soupkitchen.shared.registry import get_game

        self.bot = get_game(self.game).make_bot(seat, self.seed * 7 + 1)

    def view(self) -> dict[str, Any]:
        return self.session.view(self.session.seats_held[0]) or {}

    async def play_to_the_end(self) -> None:
        while True:
            ready = await self.frames(
                WAIT_FRAMES, lambda: self.session.over or bool(self.view().get("legal_actions"))
            )
            assert ready, f"the viewer never got a move: {self.view().get('phase')}"
            if self.session.over:
                return
            self.clock.t += SECONDS_PER_MOVE
            hub = self.app.server.hub
            for table in list(hub.tables.values()):
                hub.reschedule(table)
            await self.frames(2)
            if self.session.over or not self.view().get("legal_actions"):
                continue
            action = self.bot.choose(self.view(), self.clock.t)
            if action is None:
                continue
            before, state = len(self.sent), self.session.state_id
            await self.make(action)
            assert await self.frames(WAIT_FRAMES // 10, lambda before=before: len(self.sent) > before), (
                f"nothing sent for {action}"
            )
            assert self.sent[before] == action, f"meant {action}, the tree sent {self.sent[before:]}"
            self.moves += 1
            await self.frames(
                WAIT_FRAMES, lambda state=state: self.session.state_id != state or self.session.over
            )

    async def make(self, action: dict[str, Any]) -> None:
        """Find the node that says ``action`` (a zone's first, else the list of moves) and invoke it;
        a Stone Soup play is made by picking its cards in the hand and saying its count."""
        from soupkitchen.client.tables.wording import move_words

        self.app.access.refresh(self.clock.t, self.table)
        if self.game == "stone-soup" and action.get("type") == "play":
            return await self.compose(action)
        words = move_words(self.game, self.view(), action, self.session.seat_name)
        found = [n for n in self.nodes(words, "button") if "click" in n.actions]
        assert found, f"no node says {words!r}"
        zone = [n for n in found if not n.id.startswith("moves.")]
        self.by_zone += bool(zone)
        await self.invoke((zone or found)[0])

    async def compose(self, action: dict[str, Any]) -> None:
        from soupkitchen.shared.stone_soup.cards import singular

        for kind, count in action["cards"].items():
            for _ in range(count):
                await self.invoke(self.node(f"Pick a card: {singular(kind)}", "button"))
        say = next(n for n in self.root.walk() if n.id == f"say:{action['count']}")
        self.by_zone += 1
        await self.invoke(say)

    async def back_to_title(self) -> None:
        await self.invoke(await self.wait_for("Back to title", "button"))
        assert await self.frames(
            WAIT_FRAMES, lambda: self.app.stack.top is not None and self.app.stack.top.name == "title"
        )
        self.session = None
