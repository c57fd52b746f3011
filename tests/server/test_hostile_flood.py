"""An honest game beside a flood from another address: 25 sockets sending requests as fast as
their acknowledgements come (inside and outside the rate limits, with reserved event names and
JSON nested too deep) and 6 guessing a table's password. The honest game goes on, every action
acknowledged; its ack p50, quiet and under the flood, is printed (a figure, not a pass mark)."""

from __future__ import annotations

import asyncio
import statistics
import sys
import time
from pathlib import Path

import pytest
from server_testkit import Client

from soupkitchen.server.embedded import EmbeddedServer

ATTACKER = "127.0.0.2"
FLOOD_KIT = Path(__file__).with_name("hostile_kit.py")


async def honest_acts(players: list[tuple[Client, str]], first_state: int, count: int) -> list[float]:
    """Play ``count`` moves in turn; the seconds each acknowledgement took."""
    took = []
    for index in range(count):
        client, token = players[(first_state + index) % len(players)]
        started = time.perf_counter()
        reply = await client.ok(
            "act", {"token": token, "state_id": first_state + index, "action": {"type": "add", "n": 1}}
        )
        took.append(time.perf_counter() - started)
        assert reply["state_id"] == first_state + index + 1
    return took


async def test_an_honest_table_plays_on_beside_a_flood(tmp_path, capsys):
    server = EmbeddedServer(tmp_path / "server.sqlite3", bot_delay=30.0)
    await server.start()
    flood = None
    try:
        ann, bob = await Client(server.url).connect(), await Client(server.url).connect()
        created = await ann.ok(
            "create_table",
            {"game": "pepper", "seats": 2, "name": "Ann", "options": {"moves": 200, "turn_seconds": 600}},
        )
        joined = await bob.ok("join_table", {"table": created["table"]["id"], "name": "Bob"})
        await bob.ok("ready", {"token": joined["token"], "on": True})
        await ann.ok("start", {"token": created["token"]})
        players = [(ann, created["token"]), (bob, joined["token"])]
        await honest_acts(players, 0, 10)
        quiet = await honest_acts(players, 10, 60)

        flood = await asyncio.create_subprocess_exec(
            sys.executable,
            str(FLOOD_KIT),
            server.url,
            ATTACKER,
            "8",
            "25",
            "6",
            stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.PIPE,
        )
        assert flood.stdout is not None
        first = await asyncio.wait_for(flood.stdout.readline(), 30)
        if first.strip() != b"ready":
            pytest.skip(f"the flood could not start from {ATTACKER}: {(await flood.stderr.read())[-300:]!r}")
        await asyncio.sleep(1.0)  # real time: the flood builds up before the honest players are timed
        loaded = await honest_acts(players, 70, 60)
        out, _ = await asyncio.wait_for(flood.communicate(), 60)
        sent = out.decode().split()[-1]
        with capsys.disabled():
            print(
                f"\nhonest ack p50: quiet {statistics.median(quiet) * 1000:.2f} ms, beside the flood "
                f"{statistics.median(loaded) * 1000:.2f} ms ({sent} flood requests sent in 8 s; "
                f"ratio {statistics.median(loaded) / statistics.median(quiet):.2f})"
            )
        assert server.hub.tables[created["table"]["id"]].state_id == 130
        await ann.close()
        await bob.close()
    finally:
        if flood is not None and flood.returncode is None:
            flood.kill()
            await flood.wait()
        await server.stop()
