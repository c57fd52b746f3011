"""A real server on loopback and its clients, for the replays of games played through it."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
sys.path.insert(0, str(Path(__file__).parents[1] / "server"))

from server_testkit import Client  # noqa: E402

from soupkitchen.server.embedded import EmbeddedServer  # noqa: E402


@pytest.fixture
async def server(tmp_path):
    srv = EmbeddedServer(
        tmp_path / "server.sqlite3", bot_delay=0.01, grace=0.2, bot_poll=0.05, rate=500.0, burst=500.0
    )
    await srv.start()
    yield srv
    await srv.stop()


@pytest.fixture
async def clients(server):
    """``await clients()``: a connected client that said hello; all are closed afterwards."""
    made: list[Client] = []

    async def make() -> Client:
        client = Client(server.url)
        made.append(client)
        return await client.connect()

    yield make
    for client in made:
        if client.sio.connected:
            await client.close()


@pytest.fixture
def data_folder(tmp_path, monkeypatch):
    """The client's settings, logs and data folder in a temporary folder, never the real user's."""
    import soupkitchen.client.settings as settings_module

    for name in ("config_dir", "data_dir", "log_dir"):
        monkeypatch.setattr(settings_module, name, lambda name=name: tmp_path / name)
    return tmp_path / "data_dir"


@pytest.fixture
def app(tmp_path, data_folder):
    """A real client window (headless) at 1280x720 on an injected clock."""
    import pygame

    from soupkitchen.client.app import App
    from soupkitchen.client.settings import Settings
    from tests.tables.harness import Clock

    application = App(
        Settings(path=tmp_path / "settings.json"), size=(1280, 720), fullscreen=False, clock=Clock()
    )
    yield application
    pygame.display.quit()
