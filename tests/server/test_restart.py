"""kill -9 the server mid-game, start it again on the same database (SQLite, or a real PostgreSQL the
tests start): every table resumes exactly."""

from __future__ import annotations

import asyncio
import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from server_testkit import Client, check_received, stored_record

LAUNCHER = Path(__file__).with_name("serve_pepper.py")


def launch(db: Path | str, port: int = 0) -> tuple[subprocess.Popen, int]:
    """A server on ``db``: a SQLite file, or a PostgreSQL database's address."""
    where = ["--postgres", db] if str(db).startswith("postgresql://") else ["--db", str(db)]
    process = subprocess.Popen(
        [
            sys.executable,
            str(LAUNCHER),
            "--host",
            "127.0.0.1",
            "--port",
            str(port),
            *where,
            "--no-discovery",
            "--bot-delay",
            "0.1",
            "--grace",
            "30",
        ],
        stdout=subprocess.PIPE,
        text=True,
        cwd=Path(__file__).parents[2],
    )
    line = process.stdout.readline()
    assert "listening on" in line, line
    return process, int(line.rsplit(":", 1)[1])


async def keep_playing(client, token, seat, rng, stop):
    """Act whenever it is this seat's turn, until ``stop`` is set; errors from races are fine."""
    while not stop.is_set():
        push = client.latest(seat)
        if client.sio.connected and push and push["view"]["legal_actions"] and not push["view"]["over"]:
            try:
                await client.sio.call(
                    "act",
                    {
                        "token": token,
                        "state_id": push["state_id"],
                        "action": rng.choice(push["view"]["legal_actions"]),
                    },
                    timeout=2,
                )
            except Exception:  # the server died under us
                pass
        await asyncio.sleep(0.01)  # real time: a player's pace against a server in another process


@pytest.mark.parametrize("store", ["sqlite", "postgres"])
async def test_sigkill_mid_game_and_restart_restores_every_table(tmp_path, processes, store, request):
    db = tmp_path / "server.sqlite3" if store == "sqlite" else request.getfixturevalue("postgres_dsn")
    process, port = launch(db)
    processes.append(process)
    url = f"http://127.0.0.1:{port}"
    ann, bob, cy = (Client(url, reconnect=True) for _ in range(3))
    for client in (ann, bob, cy):
        await client.connect()
    try:
        first = await ann.ok(
            "create_table",
            {"game": "pepper", "seats": 4, "name": "Ann", "options": {"moves": 200, "turn_seconds": 600}},
        )
        tid = first["table"]["id"]
        joined = await bob.ok("join_table", {"table": tid, "name": "Bob"})
        await bob.ok("ready", {"token": joined["token"], "on": True})
        await ann.ok("start", {"token": first["token"]})
        idle = await cy.ok(
            "create_table", {"game": "pepper", "seats": 1, "name": "Cy", "options": {"turn_seconds": 4}}
        )
        await cy.ok("start", {"token": idle["token"]})
        cy_started = time.monotonic()
        await cy.wait_for(lambda: cy.latest(0))
        stop = asyncio.Event()
        players = [
            asyncio.ensure_future(keep_playing(c, t, s, random.Random(s), stop))
            for c, t, s in ((ann, ann.tokens[0], 0), (bob, bob.tokens[0], 1))
        ]
        await ann.wait_for(lambda: ann.latest(0)["state_id"] >= 20)
        await asyncio.sleep(random.Random(os.getpid()).uniform(0, 0.2))  # real time: the kill lands mid-play
        os.kill(process.pid, signal.SIGKILL)
        process.wait()
        killed_at = time.monotonic()
        seen = {id(ann): ann.latest(0), id(bob): bob.latest(1)}
        counts = {id(c): len(c.states) for c in (ann, bob, cy)}
        await asyncio.sleep(0.6)  # real time: downtime, which the restored clocks must not count
        relaunched_at = time.monotonic()
        process, _ = launch(db, port)
        processes.append(process)
        for client in (ann, bob, cy):
            await client.wait_for(
                lambda c=client: any(s["snapshot"] for s in c.states[counts[id(c)] :]), timeout=10
            )
        since_relaunch = time.monotonic() - relaunched_at
        record = stored_record(db, tid)
        for client in (ann, bob):
            before = seen[id(client)]
            after = next(s for s in client.states[counts[id(client)] :] if s["snapshot"])
            assert after["state_id"] >= before["state_id"], "an action announced before the kill was lost"
            assert after["state_id"] <= len(record["log"])
            check_received(record, client.states)
        # the idle table's clock resumed where the server last recorded it (once a second, so at most a
        # second before the kill): the downtime ate none of its turn
        resumed = next(s for s in cy.states[counts[id(cy)] :] if s["snapshot"])
        remaining = resumed["deadline"] - resumed["server_time"]
        ran = killed_at - cy_started
        assert resumed["state_id"] == 0 and 4.0 - ran - since_relaunch - 0.05 <= remaining <= min(
            4.0, 5.05 - ran
        )
        assert time.monotonic() - killed_at > since_relaunch + 0.5  # the time the server was down
        # and play goes on from there
        mark = ann.latest(0)["state_id"]
        await ann.wait_for(lambda: ann.latest(0)["state_id"] >= mark + 8, timeout=10)
        stop.set()
        await asyncio.gather(*players)
        record = stored_record(db, tid)
        for client in (ann, bob, cy):
            check_received(
                record if client is not cy else stored_record(db, idle["table"]["id"]), client.states
            )
    finally:
        for client in (ann, bob, cy):
            await client.close()
