"""A headless app holding any game's table, driven by clicks and a hand-moved clock, for tests and
screenshots."""

from __future__ import annotations

import asyncio
import os
from typing import Any

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402

from soupkitchen.client.settings import Settings  # noqa: E402
from soupkitchen.client.tables import table_scene_for  # noqa: E402
from soupkitchen.client.ui.input import InputAction  # noqa: E402


class HeadlessApp:
    """The parts of the client app a table scene uses, with background work run to completion."""

    table_text_scale = 0.0

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


def make_table(session, size=(1280, 720), colour_blind: bool = False):
    """A headless app of ``size`` holding the table scene of ``session``'s game."""
    app = HeadlessApp(size, colour_blind)
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
        await asyncio.sleep(0.005)  # real time: the embedded server's socket answers between frames
        if until():
            return
    raise AssertionError(failure())
