"""Headless pygame for every client test, and helpers to drive the app with injected input and time."""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import asyncio  # noqa: E402
from typing import Any  # noqa: E402

import pygame  # noqa: E402
import pytest  # noqa: E402

from soupkitchen.client.app import App  # noqa: E402
from soupkitchen.client.net.clock import SlewedOffset  # noqa: E402
from soupkitchen.client.net.connection import ServerError  # noqa: E402
from soupkitchen.client.settings import Settings  # noqa: E402
from soupkitchen.client.ui.input import InputAction  # noqa: E402
from tests.tables.harness import Clock as FakeClock  # noqa: E402


@pytest.fixture(autouse=True)
def user_dirs(tmp_path, monkeypatch):
    """Settings, logs and saved games go to a temporary folder, never the real user's."""
    import soupkitchen.client.settings as settings_module

    monkeypatch.setattr(settings_module, "config_dir", lambda: tmp_path / "config")
    monkeypatch.setattr(settings_module, "data_dir", lambda: tmp_path / "data")
    monkeypatch.setattr(settings_module, "log_dir", lambda: tmp_path / "log")
    import soupkitchen.client.net.ways_in as modes_module

    monkeypatch.setattr(modes_module, "data_dir", lambda: tmp_path / "data")
    import soupkitchen.client.app as app_module

    monkeypatch.setattr(app_module, "data_dir", lambda: tmp_path / "data")
    yield tmp_path


@pytest.fixture(autouse=True)
def english_after():
    """A test that changed the client's language leaves it in English for the next one."""
    yield
    from soupkitchen.client import words

    words.install("en")


@pytest.fixture
def clock():
    return FakeClock()


@pytest.fixture
def app(tmp_path, clock):
    settings = Settings(path=tmp_path / "config" / "settings.json")
    application = App(settings, size=(1280, 720), fullscreen=False, clock=clock)
    yield application
    pygame.display.quit()


def press(app: App, kind: str, **fields: Any) -> bool:
    """Inject one input action as if a player made it."""
    return app.dispatch(InputAction(kind, **fields))


async def settle(app: App, until=None, timeout: float = 5.0, step: float = 1 / 60) -> None:
    """Run frames (on the injected clock) and the loop until ``until()`` is true (or no tasks are left)."""
    loop = asyncio.get_running_loop()
    end = loop.time() + timeout
    while loop.time() < end:
        app.clock.t += step
        app.step(app.clock.t)
        await asyncio.sleep(0.005)  # real time: the server's socket answers between frames
        if until is not None and until():
            return
        if until is None and not app.tasks:
            return
    raise AssertionError("timed out waiting for the app")


class FakeConnection:
    """Stands in for client.net.Connection: records requests and answers from a script."""

    def __init__(self, games: list[dict[str, Any]] | None = None) -> None:
        self.url = "http://192.168.1.20:8765"
        self.connected = True
        self.offset = SlewedOffset()
        self.sessions: dict[str, Any] = {}
        self.games = games or []
        self.lobby_listeners: list = []
        self.kicked_listeners: list = []
        self.status_listeners: list = []
        self.tables_listeners: list = []
        self.watching_tables = False
        self.reconnect_attempts = 0
        self._closing = False
        self.sent: list[tuple[str, dict[str, Any]]] = []
        self.replies: dict[str, Any] = {}

    async def request(self, event: str, payload: dict[str, Any], timeout: float = 10.0) -> dict[str, Any]:
        self.sent.append((event, payload))
        reply = self.replies.get(event, {"ok": True})
        if callable(reply):
            reply = reply(payload)
        if not reply.get("ok"):
            error = reply["error"]
            raise ServerError(error["code"], error["message"], error.get("refusal"))
        return reply

    async def watch_tables(self, on: bool) -> bool:
        """As ``Connection.watch_tables``: True if the scripted server pushes the list's changes."""
        self.watching_tables = on
        try:
            await self.request("watch_tables", {"on": on})
        except ServerError as err:
            if err.code == "unknown_event":
                self.watching_tables = False
                return False
            raise
        return True

    def tables_changed(self) -> None:
        """The scripted server pushes ``tables_changed``."""
        for listener in list(self.tables_listeners):
            listener()

    async def close(self) -> None:
        self.connected = False
        self._closing = True

    def events(self, name: str) -> list[dict[str, Any]]:
        return [payload for event, payload in self.sent if event == name]


def summary(
    seats: int = 4,
    started: bool = False,
    names=("Ada",),
    bots=(),
    host_seat: int = 0,
    game: str = "stone-soup",
    title: str = "Stone Soup",
    options=None,
    ready=(),
) -> dict[str, Any]:
    """A TableSummary as the server sends it (the host, bots and the seats in ``ready`` are ready)."""
    return {
        "id": "t1",
        "game": game,
        "title": title,
        "options": options or {},
        "seats": [
            {
                "seat": i,
                "name": names[i] if i < len(names) else None,
                "bot": i in bots,
                "level": "normal" if i in bots else None,
                "connected": True,
                "away_since": None,
                "stand_in": False,
                "holding": False,
                "ready": i in bots or i in ready or (i == host_seat and i < len(names)),
            }
            for i in range(seats)
        ],
        "started": started,
        "over": False,
        "closed": False,
        "has_password": False,
        "host_seat": host_seat,
        "spectators": 0,
        "settings": {"bot_delay": 1.0, "handoff_pauses_timer": True},
        "paused": False,
        "state_id": 0,
        "code": None,
    }


GAMES = [
    {
        "id": "stone-soup",
        "title": "Stone Soup",
        "min_players": 2,
        "max_players": 5,
        "options": [
            {
                "key": "challenge_seconds",
                "label": "Seconds to call stone soup",
                "default": 3,
                "choices": [],
                "minimum": 1,
                "maximum": 10,
            }
        ],
    },
    {
        "id": "pot-pourri",
        "title": "Pot Pourri",
        "min_players": 3,
        "max_players": 5,
        "options": [
            {
                "key": "cooking_pros",
                "label": "Cooking Pros",
                "default": False,
                "choices": [False, True],
                "minimum": None,
                "maximum": None,
            }
        ],
    },
]


class Kit:
    """The helpers above, handed to tests as the ``kit`` fixture (tests import nothing from conftest)."""

    FakeClock = FakeClock
    press = staticmethod(press)
    settle = staticmethod(settle)
    FakeConnection = FakeConnection
    summary = staticmethod(summary)
    GAMES = GAMES


@pytest.fixture
def kit():
    return Kit


@pytest.fixture
def on_generic_table(monkeypatch):
    """Seat every game with a presenter at the generic table, the fallback for a game without a table
    of its own."""
    from soupkitchen.client.tables.present import presented_games
    from tests.seating import seat_at_generic_table

    for game in presented_games():
        seat_at_generic_table(monkeypatch, game)
