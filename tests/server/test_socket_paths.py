"""The fast socket path (server/net/push.py) runs only with the python-engineio and python-socketio
releases it was tested with; any other release, or SOUPKITCHEN_STOCK_SOCKETS=1, gets python-socketio's
stock path, with one log line, and the game plays the same. So do the other private parts the server
reaches, all in server/net/push.py: the Engine.IO session events the session guard wraps, and a cluster
node's message queue; each has its public path, tested here too."""

from __future__ import annotations

import logging

import pytest
import socketio
from server_testkit import until

from soupkitchen.server.app import GUARD
from soupkitchen.server.net import push

IN_RANGE = {"python-engineio": "4.11.0", "python-socketio": "5.18.1"}


def test_the_tested_releases_allow_the_fast_path(monkeypatch):
    monkeypatch.delenv(push.STOCK_ENV, raising=False)
    assert push.stock_path_reason(IN_RANGE) is None


@pytest.mark.parametrize(
    "name, version",
    [
        ("python-engineio", "4.16.0"),
        ("python-engineio", "4.10.1"),
        ("python-socketio", "6.0.0"),
        ("python-socketio", "5.11.4"),
        ("python-engineio", "5.0rc1"),
    ],
)
def test_any_other_release_gets_the_stock_path(monkeypatch, name, version):
    monkeypatch.delenv(push.STOCK_ENV, raising=False)
    reason = push.stock_path_reason({**IN_RANGE, name: version})
    assert reason is not None and f"{name} {version}" in reason


def test_the_setting_forces_the_stock_path(monkeypatch):
    monkeypatch.setenv(push.STOCK_ENV, "1")
    assert push.STOCK_ENV in push.stock_path_reason(IN_RANGE)
    monkeypatch.setenv(push.STOCK_ENV, "0")
    assert push.stock_path_reason(IN_RANGE) is None


async def test_an_untested_release_plays_on_the_stock_path_after_one_log_line(monkeypatch, caplog, servers):
    monkeypatch.delenv(push.STOCK_ENV, raising=False)
    monkeypatch.setattr(push.metadata, "version", lambda name: "9.0.0")
    caplog.set_level(logging.INFO, logger="soupkitchen.server")
    server = await servers()
    sio = server.hub.transport.sio
    assert type(sio) is socketio.AsyncServer and not server.hub.transport.fast
    said = [r.getMessage() for r in caplog.records if r.name == "soupkitchen.server.net.push"]
    assert len(said) == 1 and "stock path" in said[0] and "9.0.0" in said[0]
    guarded = [r.getMessage() for r in caplog.records if r.name == "soupkitchen.server.net.guard"]
    assert len(guarded) == 1 and "python-engineio is not a release" in guarded[0]
    guard = server.runner.app[GUARD]
    assert not guard.watching and sio.eio.handlers["connect"].__name__ == "_handle_eio_connect"

    seen: list[tuple] = []
    client = socketio.AsyncClient(reconnection=False)
    client.on("state", lambda data: seen.append(("state", data["state_id"])))
    await client.connect(server.url, transports=["websocket"], wait_timeout=5)
    try:
        assert (await client.call("hello", {"protocol": 1, "client": "test"}, timeout=5))["ok"]
        made = await client.call("create_table", {"game": "pepper", "seats": 2, "name": "Ann"}, timeout=5)
        assert (await client.call("add_bot", {"token": made["token"], "seat": 1}, timeout=5))["ok"]
        assert (await client.call("start", {"token": made["token"]}, timeout=5))["ok"]
        seen.append(("answer", "start"))
        assert seen.index(("state", 0)) < seen.index(("answer", "start"))  # the view comes first
        assert all(type(s) is push.StockSocket for s in sio.eio.sockets.values())
        (sid,) = server.hub.conns  # the guard knows it by its socket.io id, from its connection on ...
        assert guard.sessions[sid].connected and guard.sessions[sid].address == "127.0.0.1"
        server.hub.close_connection(sid)  # ... and closes it through socket.io's public disconnect
        await until(lambda: not client.connected, 5, "the connection closed")
        assert sid not in server.hub.conns
    finally:
        await client.disconnect()


@pytest.mark.parametrize(
    "versions, wrapped",
    [
        (IN_RANGE, True),
        ({**IN_RANGE, "python-engineio": "4.16.0"}, False),
        ({**IN_RANGE, "python-socketio": "6.0.0"}, False),
    ],
)
def test_the_engineio_session_events_are_wrapped_only_on_tested_releases(versions, wrapped):
    """The guard sees every Engine.IO session from its start through handlers socket.io keeps in a
    private table; with an untested release those are left alone and the public path serves."""
    sio = socketio.AsyncServer(async_mode="aiohttp")
    before = dict(sio.eio.handlers)
    seen = []

    def wrapper(inner):
        async def wrapped_handler(*args):
            seen.append(args)
            return await inner(*args)

        return wrapped_handler

    reason = push.wrap_session_events(sio, wrapper, wrapper, versions)
    assert (reason is None) is wrapped
    assert (sio.eio.handlers["connect"] is not before["connect"]) is wrapped
    assert (sio.eio.handlers["disconnect"] is not before["disconnect"]) is wrapped


def test_a_release_whose_version_cannot_be_read_gets_the_stock_path(monkeypatch):
    monkeypatch.delenv(push.STOCK_ENV, raising=False)

    def unknown(name):
        raise push.metadata.PackageNotFoundError(name)

    monkeypatch.setattr(push.metadata, "version", unknown)
    assert "unknown" in push.stock_path_reason()


class QueueLink:
    def __init__(self) -> None:
        self.closed = False

    async def aclose(self) -> None:
        self.closed = True


@pytest.mark.parametrize("version, stopped", [("5.18.1", True), ("6.0.0", False), ("5.11.4", False)])
async def test_a_nodes_message_queue_is_stopped_through_its_attributes_only_on_tested_releases(
    version, stopped
):
    """python-socketio's Redis manager has no public stop; its listening task and link are ended by
    hand with the releases the fast path was tested with, and left to the process's end otherwise."""
    import asyncio

    from soupkitchen.server.net.push import close_message_queue

    class Manager:
        thread = asyncio.ensure_future(asyncio.sleep(3600))
        redis = QueueLink()

    await close_message_queue(Manager, version)
    assert Manager.thread.cancelled() is stopped and Manager.redis.closed is stopped
    Manager.thread.cancel()


@pytest.mark.parametrize("version, started", [("5.18.1", True), ("6.0.0", False), ("5.11.4", False)])
async def test_a_nodes_message_queue_listens_before_it_serves_only_on_tested_releases(version, started):
    """A node's Redis manager is started, and its subscription awaited, before the node serves with
    the releases the fast path was tested with; with any other, python-socketio starts it at the
    first connection."""
    from types import SimpleNamespace

    from soupkitchen.server.net.push import listen_to_message_queue

    class Manager:
        pubsub = None

        def initialize(self) -> None:
            self.pubsub = SimpleNamespace(subscribed=True)

    sio = SimpleNamespace(manager_initialized=False, manager=Manager())
    assert await listen_to_message_queue(sio, version) is started
    assert sio.manager_initialized is started and (sio.manager.pubsub is not None) is started
