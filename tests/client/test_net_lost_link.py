"""A request whose link is lost before its answer comes is answered "offline" at once, rather than
after its timeout: a player whose server died mid-move is back at the table as soon as the client
has reconnected, not a timeout later."""

from __future__ import annotations

import asyncio

import pytest
import socketio
from aiohttp import web

from soupkitchen.client.net.connection import Connection, ServerError
from tests.services import free_port


@pytest.fixture
async def holding_server():
    """A socket.io server that answers hello and time_sync, holds every ``act`` unanswered, and
    drops a connection once its ``act`` has arrived; yields its address."""
    sio = socketio.AsyncServer(async_mode="aiohttp")
    app = web.Application()
    sio.attach(app)
    never = asyncio.Event()

    @sio.on("hello")
    async def hello(sid, data):
        return {"ok": True, "protocol": 1, "server_id": "held", "games": [], "server_time": 0.0}

    @sio.on("time_sync")
    async def time_sync(sid, data):
        return {"ok": True, "client_time": data["client_time"], "server_time": 0.0}

    @sio.on("act")
    async def act(sid, data):
        asyncio.get_running_loop().call_later(0.05, lambda: asyncio.ensure_future(sio.disconnect(sid)))
        await never.wait()

    runner = web.AppRunner(app)
    await runner.setup()
    port = free_port()
    await web.TCPSite(runner, "127.0.0.1", port).start()
    yield f"http://127.0.0.1:{port}"
    never.set()
    await runner.cleanup()


async def test_a_request_in_flight_when_its_link_is_lost_is_answered_offline_at_once(holding_server):
    conn = Connection(holding_server)
    await conn.connect()
    try:
        with pytest.raises(ServerError) as answered:
            # the request's own timeout is ten minutes: only the lost link can end it within the bound
            await asyncio.wait_for(
                conn.request("act", {"token": "t", "state_id": 0, "action": {}}, timeout=600.0), 20
            )
        assert answered.value.code == "offline"
    finally:
        await conn.close()
