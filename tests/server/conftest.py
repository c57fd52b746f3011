"""Fixtures: a real server on loopback (in the test's event loop) with the test game registered."""

from __future__ import annotations

import asyncio
import os
import sys
from pathlib import Path

import aiohttp
import pytest
import socketio

sys.path.insert(0, str(Path(__file__).parent))

import toy_game  # noqa: E402
from server_testkit import Client  # noqa: E402

from soupkitchen.server.embedded import EmbeddedServer  # noqa: E402
from soupkitchen.server.net.push import STOCK_ENV  # noqa: E402


def pytest_asyncio_loop_factories(config, item):
    """The event loops a module marked ``pytest.mark.asyncio(loop_factories=server_testkit.LOOPS)`` runs each
    of its tests on: asyncio's own, and uvloop where it is installed (the dev extra installs it; without it
    those runs are skipped, saying so). Other tests run on asyncio's loop only, under their own names."""
    factories = {"asyncio": asyncio.new_event_loop}
    marker = item.get_closest_marker("asyncio")
    if marker is None or "loop_factories" not in marker.kwargs:
        return factories
    try:
        import uvloop
    except ImportError:
        return factories
    factories["uvloop"] = uvloop.new_event_loop
    return factories


# Modules whose tests never reach the socket layer (storage, schema, passwords, TLS under it, the
# command line): the second run on the stock socket path (scripts/test) leaves them out, as it leaves
# out the asyncio-loop twin of a test that also runs on uvloop. A new module runs on both paths.
SOCKET_PATH_FREE = {
    "test_storage",
    "test_store",
    "test_schema",
    "test_write_behind",
    "test_passwords",
    "test_names",
    "test_tls",
    "test_discovery_cli",
    "test_loop_choice",
    "test_leases",
    "test_scheduler",
    "test_log_escapes",
}


def pytest_collection_modifyitems(config, items):
    if os.environ.get(STOCK_ENV, "") in ("", "0"):
        return
    names = {item.nodeid for item in items}
    kept, left = [], []
    for item in items:
        module = item.module.__name__.rpartition(".")[2]
        twin = "[asyncio" in item.nodeid and item.nodeid.replace("[asyncio", "[uvloop", 1) in names
        (left if module in SOCKET_PATH_FREE or twin else kept).append(item)
    if left:
        config.hook.pytest_deselected(items=left)
        items[:] = kept


@pytest.fixture(autouse=True)
def pepper(monkeypatch):
    """Register the test game for the duration of each test."""
    from soupkitchen.shared import registry

    monkeypatch.setitem(registry.ADDED, toy_game.GAME_ID, toy_game.REGISTRATION)
    monkeypatch.setitem(sys.modules, toy_game.MODULE, sys.modules.get(toy_game.MODULE) or _module())
    return toy_game.GAME


@pytest.fixture(autouse=True)
def quick_passwords(request, monkeypatch):
    """Table passwords hashed at a token cost in the servers of these tests, which are about who may
    sit where, not about the hash: scrypt at its real cost takes about half a second a check, and the
    lockout tests check a dozen. test_passwords.py keeps the real cost."""
    if request.module.__name__.rpartition(".")[2] != "test_passwords":
        from soupkitchen.server.storage import passwords

        monkeypatch.setattr(passwords, "N", 2**4)
        monkeypatch.setattr(passwords, "R", 1)
        monkeypatch.setattr(passwords, "P", 1)


def _module():
    import types

    module = types.ModuleType(toy_game.MODULE)
    module.GAME = toy_game.GAME
    return module


@pytest.fixture
async def server(tmp_path):
    srv = EmbeddedServer(
        tmp_path / "server.sqlite3", bot_delay=0.01, grace=0.2, bot_poll=0.05, rate=500.0, burst=500.0
    )
    await srv.start()
    yield srv
    await srv.stop()


@pytest.fixture
async def servers(tmp_path):
    """``await servers(db=None, **settings)``: a running server with those settings (on a database of
    its own unless ``db`` is given); every one is stopped afterwards."""
    made: list[EmbeddedServer] = []

    async def make(db=None, **settings) -> EmbeddedServer:
        quick = {"bot_delay": 0.01, "grace": 0.2, "bot_poll": 0.05, "rate": 500.0, "burst": 500.0}
        srv = EmbeddedServer(db or tmp_path / f"server{len(made)}.sqlite3", **(quick | settings))
        made.append(srv)
        await srv.start()
        return srv

    yield make
    for srv in made:
        await srv.stop()


@pytest.fixture
def processes():
    """A list to put the server processes a test starts in; each is killed afterwards."""
    started: list = []
    yield started
    for process in started:
        if process.poll() is None:
            process.kill()
        process.wait()


@pytest.fixture
async def redis(redis_server):
    """A client of the tests' Redis (``decode_responses``), its database emptied first."""
    import redis.asyncio as aioredis

    client = aioredis.Redis.from_url(redis_server.url, decode_responses=True)
    await client.flushdb()
    yield client
    await client.aclose()


@pytest.fixture
async def clients(server):
    """``await clients()`` gives a connected client that said hello; all are closed afterwards."""
    made: list[Client] = []

    async def make(hello: bool = True, reconnect: bool = False, deltas: bool = False) -> Client:
        client = Client(server.url, reconnect=reconnect, deltas=deltas)
        made.append(client)
        return await client.connect(hello=hello)

    yield make
    for client in made:
        if client.sio.connected:
            await client.close()


@pytest.fixture
async def connect():
    """``await connect(url, local=None)``: a client that said hello, from source address ``local``
    (skips the test where this machine cannot use that address); all are closed afterwards."""
    made: list[tuple[Client, aiohttp.ClientSession | None]] = []

    async def make(url: str, local: str | None = None) -> Client:
        session = None
        client = Client(url)
        if local is not None:  # requests and acknowledgements only: no pushes recorded
            session = aiohttp.ClientSession(connector=aiohttp.TCPConnector(local_addr=(local, 0)))
            client.sio = socketio.AsyncClient(reconnection=False, http_session=session)
        made.append((client, session))
        try:
            return await client.connect()
        except (OSError, socketio.exceptions.ConnectionError):
            if local is None:
                raise
            pytest.skip(f"this machine cannot connect from {local}")

    yield make
    for client, session in made:
        if client.sio.connected:
            await client.close()
        if session is not None:
            await session.close()
