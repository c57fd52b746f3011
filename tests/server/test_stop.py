"""Stopping a server while players are still connected: every connection is closed, each player is
told, and the stop does not wait for the players to leave."""

from __future__ import annotations

import asyncio
import logging

import pytest
import socketio

from soupkitchen.server.embedded import EmbeddedServer
from soupkitchen.server.tables.scheduler import HandScheduler


async def stopped(srv: EmbeddedServer) -> None:
    """Stop the server; a stop that waits for its clients (a websocket's closing handshake waits
    10 s for a client that does not answer) hangs past the bound and fails."""
    await asyncio.wait_for(srv.stop(), HANG)


async def client_gone(sio: socketio.AsyncClient) -> None:
    """Wait until the client has seen its connection close (a fault fails after ``HANG`` seconds)."""
    await asyncio.wait_for(until_disconnected(sio), HANG)


async def until_disconnected(sio: socketio.AsyncClient) -> None:
    while sio.connected:
        await asyncio.sleep(0)  # look again once the event loop has gone round


HANG = 5.0  # seconds: no stop that works comes near it, one that waits for its clients goes past it


@pytest.mark.parametrize("transports", [["websocket"], ["polling"], ["polling", "websocket"]])
async def test_stop_closes_every_connection_promptly(tmp_path, transports):
    srv = EmbeddedServer(tmp_path / "server.sqlite3", bot_delay=0.01)
    await srv.start()
    players = [socketio.AsyncClient(reconnection=False) for _ in range(3)]
    gone: list[str] = []
    for index, sio in enumerate(players):
        sio.on("disconnect", lambda *_reason, i=index: gone.append(i))
        await sio.connect(srv.url, transports=transports, wait_timeout=5)
        assert (await sio.call("hello", {"protocol": 1, "client": "test"}, timeout=5))["ok"]
    created = await players[0].call("create_table", {"game": "pepper", "seats": 3, "name": "Ann"}, timeout=5)
    await players[1].call("spectate", {"table": created["table"]["id"]}, timeout=5)
    assert (await players[0].call("start", {"token": created["token"]}, timeout=5))["ok"]
    await stopped(srv)
    for sio in players:
        await client_gone(sio)
        await sio.disconnect()
    assert sorted(gone) == [0, 1, 2]


@pytest.mark.parametrize("transports", [["websocket"], ["polling", "websocket"]])
async def test_stop_just_after_the_last_client_left(tmp_path, transports):
    srv = EmbeddedServer(tmp_path / "server.sqlite3")
    await srv.start()
    sio = socketio.AsyncClient(reconnection=False)
    await sio.connect(srv.url, transports=transports, wait_timeout=5)
    await sio.disconnect()  # the server may still be closing this connection when it is stopped
    await stopped(srv)
    assert not sio.connected


async def test_a_stopped_server_plays_no_more(servers, caplog):
    srv = await servers(scheduler=HandScheduler())  # grace 0.2 s, bots move every 0.01 s
    sio = socketio.AsyncClient(reconnection=False)
    await sio.connect(srv.url, transports=["websocket"], wait_timeout=5)
    assert (await sio.call("hello", {"protocol": 1, "client": "test"}, timeout=5))["ok"]
    created = await sio.call(
        "create_table",
        {"game": "pepper", "seats": 2, "name": "Ann", "options": {"turn_seconds": 60}},
        timeout=5,
    )
    assert (await sio.call("start", {"token": created["token"]}, timeout=5))["ok"]
    table = srv.hub.tables[created["table"]["id"]]
    await srv.stop()  # Ann is still seated: her grace period starts as the server closes her connection
    moves = table.state_id
    srv.scheduler.advance(0.6)  # past the grace period, then time for many bot moves
    await sio.disconnect()
    assert table.state_id == moves and not srv.hub.stands_in(table, 0)
    assert not [record for record in caplog.records if record.exc_info or record.levelno >= logging.ERROR]
