"""A headless app holding one Too Many Cooks table, for tests and screenshots."""

from __future__ import annotations

import asyncio
import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402

from soupkitchen.client.settings import Settings  # noqa: E402
from soupkitchen.client.tables.too_many_cooks import TooManyCooksTable  # noqa: E402


class HeadlessApp:
    """The parts of the client app a table scene uses, with background work run to completion."""

    def __init__(self, size: tuple[int, int], colour_blind: bool = False) -> None:
        pygame.display.init()
        pygame.font.init()
        self.screen = pygame.display.set_mode(size)
        self.settings = Settings(colour_blind_symbols=colour_blind)
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
        """Run every background request the table started (acts, emotes)."""
        while self.pending:
            coro = self.pending.pop(0)
            asyncio.run(coro)


def make_table(session, size=(1920, 1080), colour_blind: bool = False) -> tuple[HeadlessApp, TooManyCooksTable]:
    app = HeadlessApp(size, colour_blind)
    scene = TooManyCooksTable(app, session)
    return app, scene


def render(app: HeadlessApp, scene: TooManyCooksTable, now: float) -> pygame.Surface:
    scene.update(0.0, now)
    surface = pygame.Surface(app.screen_size)
    scene.draw(surface)
    return surface


class Clock:
    """A monotonic clock moved by hand (a client's or a server's)."""

    def __init__(self, t: float = 1000.0) -> None:
        self.t = t

    def __call__(self) -> float:
        return self.t


async def run_apps(apps, until, timeout: float = 30.0, failure=lambda: "timed out") -> None:
    """Step every app a frame at a time, each app's clock moving with its frames, until ``until()``;
    fail with ``failure()`` after ``timeout`` seconds of real time."""
    loop = asyncio.get_running_loop()
    end = loop.time() + timeout
    while loop.time() < end:
        for app in apps:
            app.clock.t += 1 / 60
            app.step(app.clock.t)
        await asyncio.sleep(0.005)
        if until():
            return
    raise AssertionError(failure())
