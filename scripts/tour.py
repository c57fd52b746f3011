"""A click-only tour: a whole seeded solo game in a headless client against bots on the embedded
server, the viewer's moves made only by pointer events at the points the table gives for them.

    .venv/bin/python scripts/tour.py pink-soup --players 4 --seed 1 --out /tmp/tour
        [--size 1280x720] [--language de]

``--seed`` seeds the deal and the bots (the embedded server is started with it; no client can
choose a seed) and the viewer's choices, so the same command plays the same game every time. Each
turn the viewer's seat picks a seeded random legal action (at Stone Soup, whose list is only a
sample, often a random valid play instead: any cards, any declaration), asks the table where to click for it
(``points_for(action)``), posts mouse events at those points to pygame's queue and checks that the
action the client sent is the one intended. A screenshot is saved every few actions, at the end of
the game and of the end screen that follows it.
The game's clock is injected: it moves a frame at a time, and a few seconds after each of the
viewer's moves, so a timed round ends on time without waiting for it.

``--language`` is the client's (a catalog's code, as in Settings; English by default; scripts/catalogs
compiles the catalogs). The last line is
``game=G actions=N by_click=M screenshots=K clipped_text=C covered=H language=L``, where
``clipped_text`` counts labels that had to be cut or drawn below 16 pixels and ``covered`` the
pieces of text, cards and controls that an overlay, a bubble or hover words lay over in some frame
without the player asking for it (a menu they opened, the answer to their own click may cover
anything); both list what they counted on standard error. The exit status is 0 when every action
was made by clicking and sent as intended, 1 when one was not, 2 when the game's table cannot say
where to click yet.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import sys
import tempfile
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

FRAME = 1 / 60
SECONDS_PER_MOVE = 3.0  # game-clock time the viewer "thinks" before each move
XDG = ("XDG_DATA_HOME", "XDG_CONFIG_HOME", "XDG_STATE_HOME", "XDG_CACHE_HOME")
SETTLE_FRAMES = 30  # half a second of frames before a screenshot
WAIT_FRAMES = 3000  # frames to wait for the table to answer before giving up
REST_FRAMES = 36  # the pointer rests on each point this long before clicking, as a reader's does
ANY_PLAY_SHARE = 0.5  # Stone Soup: how often the viewer makes a random valid play rather than a listed one


class TourClock:
    """The client's and the server's clock: moved by hand."""

    def __init__(self) -> None:
        self.t = 1000.0

    def __call__(self) -> float:
        return self.t


def still_possible(action: dict, legal: list[dict]) -> bool:
    """Whether ``action`` can still be made: listed, or a Stone Soup play while playing is listed
    (any valid play is accepted; the list is only a sample)."""
    return action in legal or (action.get("type") == "play" and any(a.get("type") == "play" for a in legal))


def offered(legal: list[dict]) -> list[dict]:
    """The listed moves a table offers: all but a Stone Soup claim of more cards than are played,
    which the rules accept from any client but the table never offers."""
    kept = [a for a in legal if a.get("type") != "play" or a.get("count", 0) <= sum(a["cards"].values())]
    return kept or legal


def any_stone_soup_play(view: dict, rng: random.Random) -> dict | None:
    """A random valid Stone Soup play, listed or not: a random non-empty set of the hand's cards
    other than salt, declared as a random count from 1 to as many as were picked, at most
    ``most_declared`` (the table offers no claim beyond the cards picked; None: no play now)."""
    if not any(a.get("type") == "play" for a in view.get("legal_actions") or []):
        return None
    cards = [kind for kind, n in (view.get("hand") or {}).items() if kind != "salt" for _ in range(n)]
    if not cards:
        return None
    chosen = rng.sample(cards, rng.randint(1, min(len(cards), 4)))
    counted = {kind: chosen.count(kind) for kind in dict.fromkeys(cards) if kind in chosen}
    most = min(len(chosen), view["most_declared"])
    return {"type": "play", "cards": counted, "count": rng.randint(1, most)}


def parse_size(text: str) -> tuple[int, int]:
    width, _, height = text.lower().partition("x")
    return int(width), int(height)


class Tour:
    def __init__(
        self,
        game: str,
        players: int,
        seed: int,
        out: Path,
        size: tuple[int, int],
        every: int,
        limit: int | None,
        language: str = "en",
    ) -> None:
        self.game, self.players, self.seed, self.out, self.size = game, players, seed, out, size
        self.language = language
        self.every, self.limit = every, limit
        self.rng = random.Random(seed)
        self.clock = TourClock()
        self.actions = self.by_click = self.screenshots = 0
        self.sent: list[dict] = []
        self.last_view: dict = {}  # the viewer's view when the tour ended
        self.failure: str | None = None

    async def run(self) -> int:
        import pygame

        from soupkitchen.client.app import App
        from soupkitchen.client.net import ways_in
        from soupkitchen.client.settings import Settings
        from soupkitchen.client.tables import table_scene_for
        from soupkitchen.client.ui import coverage
        from soupkitchen.client.ui.textfit import reset_clipped
        from soupkitchen.server.embedded import EmbeddedServer

        class TourSettings(Settings):
            @property
            def bot_delay(self) -> float:  # bots answer at once: the tour's clock is injected
                return 0.0

        work = Path(tempfile.mkdtemp(prefix="soupkitchen-tour-"))
        saved_env = {name: os.environ.get(name) for name in XDG}
        os.environ.update(
            {name: str(work / name.lower()) for name in XDG}
        )  # the player's saved game stays untouched
        reset_clipped()
        coverage.reset_covered()
        self.app = app = App(
            TourSettings(path=work / "settings.json", language=self.language),
            size=self.size,
            fullscreen=False,
            clock=self.clock,
        )
        server = EmbeddedServer(str(work / "solo.sqlite3"), bot_delay=0.0, clock=self.clock, seed=self.seed)
        await server.start()
        server.lan = False
        app.server = server
        try:
            self.session = session = await ways_in.play_local(app, self.game, {}, self.players)
            scene_class = table_scene_for(self.game)
            if not hasattr(scene_class, "points_for"):
                print(
                    f"{self.game}: this game's table cannot yet say where to click for a move "
                    f"({scene_class.__name__} has no points_for); the tour stops here",
                    file=sys.stderr,
                )
                return 2
            self.table = table = scene_class(app, session)
            app.stack.push(table)
            original = session.act

            async def act(seat, action, *args, **kwargs):
                self.sent.append(action)
                return await original(seat, action, *args, **kwargs)

            session.act = act
            while self.limit is None or self.actions < self.limit:
                action = await self.next_action()
                if action is None:
                    break
                made = self.actions
                await self.play(action, pygame)
                if self.failure:
                    break
                if self.actions != made and self.actions % self.every == 0:
                    await self.frames(SETTLE_FRAMES)  # the cards have glided into place
                    self.shoot(pygame, f"{self.actions:04d}")
            await self.frames(SETTLE_FRAMES)
            self.shoot(pygame, "end")
            self.last_view = self.view()
            if self.session.over and await self.frames(
                WAIT_FRAMES, lambda: app.stack.top is not None and app.stack.top.name == "results"
            ):
                await self.frames(SETTLE_FRAMES)
                self.shoot(pygame, "results")
        finally:
            await ways_in.leave_table(app, self.session) if hasattr(self, "session") else None
            await ways_in.stop_embedded(app)
            pygame.display.quit()
            for name, value in saved_env.items():
                if value is None:
                    os.environ.pop(name, None)
                else:
                    os.environ[name] = value
        return 1 if self.failure or self.by_click != self.actions else 0

    async def frames(self, count: int, until=None) -> bool:
        """Run ``count`` frames (or until ``until()`` holds), the clock a frame on each time."""
        for _ in range(count):
            self.clock.t += FRAME
            self.app.step(self.clock.t)
            await asyncio.sleep(0.002)
            if until is not None and until():
                return True
        return until is None

    def view(self) -> dict:
        seat = self.session.seats_held[0]
        return self.session.view(seat) or {}

    async def next_action(self) -> dict | None:
        """Wait for the viewer's turn; a seeded random legal action (None once the game is over)."""
        ready = await self.frames(
            WAIT_FRAMES, lambda: self.session.over or bool(self.view().get("legal_actions"))
        )
        if not ready:
            self.failure = (
                f"the viewer never got a move (step {self.view().get('step') or self.view().get('phase')})"
            )
            return None
        if self.session.over:
            return None
        view = self.view()
        if self.game == "stone-soup" and self.rng.random() < ANY_PLAY_SHARE:
            return any_stone_soup_play(view, self.rng) or self.rng.choice(offered(view["legal_actions"]))
        return self.rng.choice(offered(view["legal_actions"]))

    async def play(self, action: dict, pygame) -> None:
        self.clock.t += SECONDS_PER_MOVE
        hub = self.app.server.hub
        for table in list(hub.tables.values()):
            hub.reschedule(table)
        await self.frames(2)
        if self.session.over or not still_possible(action, self.view().get("legal_actions") or []):
            return  # the clock ran out meanwhile: the next action is chosen afresh
        self.actions += 1
        before = len(self.sent)
        state = self.session.state_id
        points = self.table.points_for(action)
        for pos in points:
            pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
            await self.frames(REST_FRAMES)  # hover words show meanwhile
            if self.session.state_id != state and not still_possible(
                action, self.view().get("legal_actions") or []
            ):
                self.actions -= (
                    1  # the moment passed while the pointer rested (a window closed): choose afresh
                )
                if hasattr(self.table, "choosing"):
                    self.table.choosing.reset()
                return
            pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
            pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
            await self.frames(1)
        if not await self.frames(WAIT_FRAMES // 10, lambda: len(self.sent) > before):
            self.failure = f"clicking {points} sent nothing for {action}"
            return
        if self.sent[before] != action or len(self.sent) != before + 1:
            self.failure = f"meant {action}, the client sent {self.sent[before:]}"
            return
        self.by_click += 1
        await self.frames(WAIT_FRAMES, lambda: self.session.state_id != state or self.session.over)

    def shoot(self, pygame, name: str) -> None:
        self.out.mkdir(parents=True, exist_ok=True)
        pygame.image.save(self.app.screen, str(self.out / f"{self.game}-{name}.png"))
        self.screenshots += 1


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--out", type=Path, required=True)
    parser.add_argument("--size", type=parse_size, default=(1280, 720))
    parser.add_argument("--every", type=int, default=10, help="a screenshot every this many actions")
    parser.add_argument("--actions", type=int, default=None, help="stop after this many actions")
    parser.add_argument("--language", default="en", help="the client's language: en, de or lt")
    args = parser.parse_args(argv)
    tour = Tour(
        args.game, args.players, args.seed, args.out, args.size, args.every, args.actions, args.language
    )
    status = asyncio.run(tour.run())
    from soupkitchen.client.ui.coverage import covered_count, covered_labels
    from soupkitchen.client.ui.textfit import clipped_count, clipped_labels

    if tour.failure:
        print(f"failed: {tour.failure}", file=sys.stderr)
    if clipped_count():
        print("clipped: " + "; ".join(clipped_labels()[:10]), file=sys.stderr)
    if covered_count():
        print("covered: " + "; ".join(covered_labels()[:20]), file=sys.stderr)
    print(
        f"game={args.game} actions={tour.actions} by_click={tour.by_click} screenshots={tour.screenshots} "
        f"clipped_text={clipped_count()} covered={covered_count()} language={args.language}"
    )
    return status


if __name__ == "__main__":
    sys.exit(main())
