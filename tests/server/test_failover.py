"""Failover between two real node processes on a real Redis and PostgreSQL: kill -9 the node that
serves a game in play; the other node claims the table once its lease runs out, rebuilds it from the
log, and the player's own client (``client.net.connection``) comes back to its seat there by itself, with
every action it had an acknowledgement for."""

from __future__ import annotations

import asyncio
import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

from server_testkit import Client, fetch_json, stored_record

from soupkitchen.client.net.connection import Connection
from soupkitchen.client.net.session import TableSession
from tests.services import free_port

LAUNCHER = Path(__file__).with_name("serve_pepper.py")
PATIENCE = 60.0  # how long the test waits for the table to be served again (a busy machine)


def launch_node(redis_url: str, dsn: str) -> tuple[subprocess.Popen, str]:
    """A node process on a port of its own; returns it and its address."""
    port = free_port()
    address = f"http://127.0.0.1:{port}"
    process = subprocess.Popen(
        [
            sys.executable,
            str(LAUNCHER),
            "--host",
            "127.0.0.1",
            "--port",
            str(port),
            "--postgres",
            dsn,
            "--redis",
            redis_url,
            "--no-discovery",
            "--bot-delay",
            "0.05",
            "--grace",
            "60",
        ],
        stdout=subprocess.PIPE,
        text=True,
        cwd=Path(__file__).parents[2],
    )
    line = process.stdout.readline()
    assert "listening on" in line, line
    return process, address


async def test_kill_9_a_node_mid_game_and_the_other_serves_its_table_with_every_acknowledged_action(
    redis, redis_server, postgres_dsn, processes
):
    first, first_address = launch_node(redis_server.url, postgres_dsn)
    processes.append(first)
    second, second_address = launch_node(redis_server.url, postgres_dsn)
    processes.append(second)
    probe = await Client(first_address).connect()
    deadline = time.monotonic() + PATIENCE
    while len((await probe.ok("hello", {"protocol": 1, "client": "test"}))["nodes"]) < 2:
        assert time.monotonic() < deadline, "the first node never heard of the second"
        await asyncio.sleep(0.1)  # real time: the nodes' heartbeats
    await probe.close()
    conn = Connection(first_address)
    await conn.connect()
    assert conn.nodes == [first_address, second_address], "the client hears of every node from hello"
    acked: dict[int, dict] = {}  # state id after the action -> the action
    stop = asyncio.Event()
    try:
        made = await conn.request(
            "create_table",
            {"game": "pepper", "seats": 2, "name": "Ann", "options": {"moves": 200, "turn_seconds": 600}},
        )
        tid = made["table"]["id"]
        session = TableSession(conn, made["table"], {0: made["token"]})
        await conn.request("add_bot", {"token": made["token"]})
        await conn.request("start", {"token": made["token"]})

        async def keep_playing(rng: random.Random) -> None:
            while not stop.is_set():
                view = session.view(0)
                if session.connected and view and view["legal_actions"] and not view["over"]:
                    action = rng.choice(view["legal_actions"])
                    ack = await session.act(0, action, quiet=True)
                    if ack.get("ok"):
                        acked[ack["state_id"]] = action
                await asyncio.sleep(0.01)  # real time: a player's pace against servers in other processes

        player = asyncio.ensure_future(keep_playing(random.Random(7)))
        while len(acked) < 5:
            assert time.monotonic() < deadline, "no play on the first node"
            await asyncio.sleep(0.05)
        await asyncio.sleep(random.Random(os.getpid()).uniform(0, 0.2))  # real time: the kill lands mid-play
        os.kill(first.pid, signal.SIGKILL)
        first.wait()
        acked_before_kill = dict(acked)
        deadline = time.monotonic() + PATIENCE
        while not (
            conn.connected and conn.url == second_address and len(acked) >= len(acked_before_kill) + 5
        ):
            assert time.monotonic() < deadline, f"not back at the table on the second node ({conn.url})"
            await asyncio.sleep(0.05)  # real time: the lease runs out, the other node takes the table
        stop.set()
        await player
        assert (await fetch_json(f"{second_address}/healthz"))["tables"] == 1, (
            "the second node serves the table"
        )
        record = stored_record(postgres_dsn, tid)
        for state_id, action in acked.items():
            assert state_id <= len(record["log"]), f"acknowledged action {state_id} was lost"
            assert (
                record["log"][state_id - 1]["seat"] == 0 and record["log"][state_id - 1]["action"] == action
            )
        assert session.view(0)["seat"] == 0 and 0 in session.tokens, "the client holds its seat again"
    finally:
        stop.set()
        await conn.close()
