"""Connections the server closes: each says why in the log, naming its session; a client that answers
no ping is told (a CLOSE packet) and let go; a disconnect among thousands of connections costs one
connection's rooms, not a walk over everyone's."""

from __future__ import annotations

import asyncio
import logging
import random
import time

import aiohttp
import orjson
import pytest
import socketio

from soupkitchen.server.net.push import LoopLag, index_rooms, stock_path_reason

pytestmark = pytest.mark.skipif(stock_path_reason() is not None, reason="the fast socket path's own sockets")


async def raw_client(
    url: str, answer_pings: bool
) -> tuple[aiohttp.ClientSession, aiohttp.ClientWebSocketResponse, str]:
    """A websocket speaking Engine.IO by hand, connected to socket.io and said hello; its session id."""
    http = aiohttp.ClientSession()
    ws = await http.ws_connect(url.replace("http://", "ws://") + "/socket.io/?EIO=4&transport=websocket")
    opened = await ws.receive_str(timeout=5)
    assert opened.startswith("0")
    await ws.send_str("40")
    assert (await ws.receive_str(timeout=5)).startswith("40")
    await ws.send_str('421["hello",{"protocol":1,"client":"test"}]')
    assert (await ws.receive_str(timeout=5)).startswith("431")
    return http, ws, orjson.loads(opened[1:])["sid"]


async def read_until_closed(
    ws: aiohttp.ClientWebSocketResponse, answer_pings: bool, within: float
) -> list[str]:
    """Every Engine.IO packet the server sends until it closes the websocket (at most ``within`` s)."""
    packets: list[str] = []
    async with asyncio.timeout(within):
        async for message in ws:
            packets.append(message.data)
            if message.data == "2" and answer_pings:
                await ws.send_str("3")
    return packets


async def test_a_client_that_answers_no_ping_is_let_go_and_the_log_says_why(servers, caplog):
    server = await servers(ping_interval=0.2, ping_timeout=0.3)
    http, ws, session = await raw_client(server.url, answer_pings=False)
    try:
        with caplog.at_level(logging.WARNING, logger="soupkitchen.server.net.push"):
            packets = await read_until_closed(ws, answer_pings=False, within=10)
        assert "2" in packets  # it was pinged
        assert ws.close_code == aiohttp.WSCloseCode.OK
        said = [r.getMessage() for r in caplog.records if session in r.getMessage()]
        assert said and "closing the connection" in said[0] and "answer to a ping" in said[0], said
    finally:
        await http.close()


async def test_a_client_that_talks_but_answers_no_ping_is_told_it_is_closed(servers, caplog):
    """Its requests keep the reader busy, so the answer to one finds the ping overdue: the client gets
    Engine.IO's CLOSE packet at once, rather than a websocket left open and closed seconds later."""
    server = await servers(ping_interval=0.2, ping_timeout=0.3)
    http, ws, session = await raw_client(server.url, answer_pings=False)

    async def talk() -> None:
        number = 10
        while not ws.closed:
            number += 1
            await ws.send_str(f'42{number}["time_sync",{{"client_time":1.0}}]')
            await asyncio.sleep(0.05)

    talking = asyncio.ensure_future(talk())
    try:
        with caplog.at_level(logging.WARNING, logger="soupkitchen.server.net.push"):
            packets = await read_until_closed(ws, answer_pings=False, within=10)
        assert packets[-1] == "1", packets[-5:]
        assert any(session in r.getMessage() and "answer to a ping" in r.getMessage() for r in caplog.records)
    finally:
        talking.cancel()
        await asyncio.gather(talking, return_exceptions=True)
        await http.close()


async def test_a_client_that_answers_its_pings_stays(servers, caplog):
    server = await servers(ping_interval=0.2, ping_timeout=0.3)
    http, ws, session = await raw_client(server.url, answer_pings=True)
    try:
        with (
            caplog.at_level(logging.WARNING, logger="soupkitchen.server.net.push"),
            pytest.raises(TimeoutError),
        ):
            await read_until_closed(ws, answer_pings=True, within=2)  # ten pings and more, all answered
        assert not ws.closed
        assert not [r for r in caplog.records if session in r.getMessage()]
    finally:
        await http.close()


async def test_a_stalled_server_counts_its_stall_before_its_lateness_timer_runs():
    """After the loop stalls, the watch of the pings may run before the timer that measures lateness:
    it must allow for the stall all the same, or it takes answers the server has not read yet for
    clients gone (at 1,000 tables, a 3.6 s stall closed connections allowed 0.3 s)."""
    lag = LoopLag()
    lag.watch()
    await asyncio.sleep(0.25)
    time.sleep(0.6)  # the loop stalls: none of its timers runs
    assert lag.recent() >= 0.5


# --- a disconnect's rooms ------------------------------------------------------------------------
def managers() -> tuple[socketio.AsyncManager, socketio.AsyncManager]:
    stock, indexed = socketio.AsyncManager(), socketio.AsyncManager()
    assert index_rooms(indexed)
    return stock, indexed


def rooms(manager: socketio.AsyncManager) -> dict:
    return {
        ns: {room: dict(members) for room, members in by_room.items()}
        for ns, by_room in manager.rooms.items()
    }


def test_a_disconnect_leaves_the_same_rooms_as_the_stock_walk_over_every_room():
    stock, indexed = managers()
    rng = random.Random(7)
    connected: list[tuple[str, str]] = []
    for step in range(3000):
        what = rng.random()
        namespace = rng.choice(["/", "/other"])
        if what < 0.35 or not connected:
            sid, eio = f"s{step}", f"e{step}"
            for manager in (stock, indexed):
                manager.basic_enter_room(sid, namespace, None, eio_sid=eio)
                manager.basic_enter_room(sid, namespace, sid, eio_sid=eio)
            connected.append((sid, namespace))
        elif what < 0.6:
            sid, namespace = rng.choice(connected)
            room = rng.choice(["watching-tables", "lobby", 7])
            for manager in (stock, indexed):
                manager.basic_enter_room(sid, namespace, room)
        elif what < 0.7:
            sid, namespace = rng.choice(connected)
            room = rng.choice(["watching-tables", "lobby", 7])
            for manager in (stock, indexed):
                manager.basic_leave_room(sid, namespace, room)
        elif what < 0.73:
            room = rng.choice(["watching-tables", "lobby", 7])
            for manager in (stock, indexed):
                manager.basic_close_room(room, namespace)
        else:
            sid, namespace = connected.pop(rng.randrange(len(connected)))
            for manager in (stock, indexed):
                manager.callbacks[sid] = {1: print}
                manager.pre_disconnect(sid, namespace)
                manager.basic_disconnect(sid, namespace)
                assert sid not in manager.callbacks
        assert rooms(indexed) == rooms(stock)
        assert indexed.pending_disconnect == stock.pending_disconnect
    assert connected and rooms(indexed) == rooms(stock)


def test_a_disconnect_looks_at_its_own_rooms_only():
    """4,000 connections and a room they share: leaving walks no other connection's room."""
    _stock, indexed = managers()
    for n in range(4000):
        indexed.basic_enter_room(f"s{n}", "/", None, eio_sid=f"e{n}")
        indexed.basic_enter_room(f"s{n}", "/", f"s{n}", eio_sid=f"e{n}")
        indexed.basic_enter_room(f"s{n}", "/", "watching-tables")

    class Counted(dict):
        looked = 0

        def items(self):  # the stock disconnect's walk
            Counted.looked += len(self)
            return super().items()

        def copy(self):
            Counted.looked += len(self)
            return super().copy()

    indexed.rooms["/"] = Counted(indexed.rooms["/"])
    indexed.basic_disconnect("s17", "/")
    assert Counted.looked == 0
    assert "s17" not in indexed.rooms["/"] and "s17" not in indexed.rooms["/"][None]
    watching = indexed.rooms["/"]["watching-tables"]
    assert "s17" not in watching and "s18" in watching


def test_an_untested_release_keeps_the_stock_walk():
    manager = socketio.AsyncManager()
    before = manager.basic_disconnect
    assert not index_rooms(manager, version="99.0")
    assert manager.basic_disconnect == before


# --- frames written together ---------------------------------------------------------------------
async def test_frames_written_at_once_are_the_messages_a_websocket_client_reads(unused_tcp_port):
    """Short, middling and long (16- and 64-bit lengths) text frames and a binary one, in one write."""
    from aiohttp import web

    from soupkitchen.server.net.push import FRAMES_OK, FrameWriter

    if not FRAMES_OK:
        pytest.skip("aiohttp's own writer writes each frame with this release")
    messages: list[str | bytes] = ["2", "4" + "x" * 300, "42" + "y" * 70_000, b"\x00\x01binary", "3"]
    written = asyncio.Event()

    async def handler(request: web.Request) -> web.WebSocketResponse:
        response = web.WebSocketResponse()
        await response.prepare(request)
        frames = FrameWriter.of(type("EngineIOWebSocket", (), {"_sock": response})())
        assert frames is not None and frames.write(messages)
        written.set()
        await response.receive()  # until the client closes
        return response

    app = web.Application()
    app.router.add_get("/", handler)
    runner = web.AppRunner(app)
    await runner.setup()
    await web.TCPSite(runner, "127.0.0.1", unused_tcp_port).start()
    try:
        url = f"http://127.0.0.1:{unused_tcp_port}/"
        async with aiohttp.ClientSession() as http, http.ws_connect(url) as ws:
            got = [(await ws.receive(timeout=5)).data for _ in messages]
            assert written.is_set() and got == messages
    finally:
        await runner.cleanup()
