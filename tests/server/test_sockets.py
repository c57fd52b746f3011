"""The server's own Engine.IO sockets: every transport carries a game in order; a huge frame drops
only the connection that sent it."""

from __future__ import annotations

import asyncio

import pytest
import socketio

from soupkitchen.server.net.push import InPlaceTimeoutSocket, StockSocket, stock_path_reason


async def connected(url: str, transports: list[str], seen: list[tuple]) -> socketio.AsyncClient:
    sio = socketio.AsyncClient(reconnection=False)
    sio.on("state", lambda data: seen.append(("state", data["state_id"])))
    await sio.connect(url, transports=transports, wait_timeout=5)
    assert (await sio.call("hello", {"protocol": 1, "client": "test"}, timeout=5))["ok"]
    return sio


@pytest.mark.parametrize("transports", [["websocket"], ["polling"], ["polling", "websocket"]])
async def test_every_transport_gets_each_state_before_the_answer_to_the_move_that_made_it(server, transports):
    seen: list[tuple] = []
    sio = await connected(server.url, transports, seen)
    try:
        made = await sio.call("create_table", {"game": "pepper", "seats": 2, "name": "Ann"}, timeout=5)
        assert (await sio.call("add_bot", {"token": made["token"], "seat": 1}, timeout=5))["ok"]
        started = await sio.call("start", {"token": made["token"]}, timeout=5)
        assert started["ok"], started
        seen.append(("answer", "start"))
        assert ("state", 0) in seen and seen.index(("state", 0)) < seen.index(("answer", "start"))
    finally:
        await sio.disconnect()


async def test_a_websocket_connection_is_served_by_the_quick_socket_on_the_fast_path_only(server):
    sio = await connected(server.url, ["websocket"], [])
    try:
        sockets = list(server.hub.transport.sio.eio.sockets.values())
        expected = InPlaceTimeoutSocket if stock_path_reason() is None else StockSocket
        assert sockets and all(type(socket) is expected for socket in sockets)
    finally:
        await sio.disconnect()


async def test_a_frame_beyond_the_transport_limit_drops_that_connection_alone(server):
    bystander = await connected(server.url, ["websocket"], [])
    sender = await connected(server.url, ["websocket"], [])
    dropped = asyncio.Event()
    sender.on("disconnect", lambda *_reason: dropped.set())
    try:
        await sender.emit("hello", {"protocol": 1, "client": "x" * (server.config.max_http_buffer + 10)})
        await asyncio.wait_for(dropped.wait(), 5)
        assert await bystander.call("time_sync", {"client_time": 1.0}, timeout=5)
        assert bystander.connected
    finally:
        await bystander.disconnect()
        await sender.disconnect()
