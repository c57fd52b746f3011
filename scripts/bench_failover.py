#!/usr/bin/env python3
"""Failover trials: kill -9 one of two server nodes in the middle of play, and measure how the other
takes its tables over.

Each trial starts a Redis and PostgreSQL database of its own (as the tests do: PostgreSQL with
``fsync=off``) and two nodes (``soupkitchen-server --redis --postgres``). ``--tables`` Too Many Cooks
tables are made on the first node, each with one player (the game client's own connection,
``client.net.connection.Connection``, which follows redirects and comes back through any node) and a bot; the
players move at a quick human pace. After ``--play`` seconds the first node is killed with SIGKILL.
For each trial it reports:

- ``served_s``: from the kill until the second node serves every table (``GET /healthz``);
- ``back_s``: until every player's client is back on its seat, on the second node;
- ``lost``: acknowledged actions missing from the database's log (should be 0);
- ``redis_bytes_per_table``: the memory of the cluster's keys in Redis (``MEMORY USAGE``), per
  table, once the tables were made and published: their leases, their ids in the open set, their
  summaries, and the two nodes' entries;
- ``clock_s``: the largest difference, over the tables, between a round's time left just before
  the kill and at its player's first view on the other node (a node records the clocks twice a
  second, so a round may get up to half a second back; the downtime is not counted against it),
  and of those differences the most time given back (``clock_given_back_s``) and taken
  (``clock_taken_s``).

    scripts/bench_failover.py --tables 100 --trials 20

The last line sums the trials up: the worst and the median of each figure.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import signal
import statistics
import sys
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

GAME = "too-many-cooks"
PATIENCE = 60.0


def healthz(address: str) -> dict:
    with urllib.request.urlopen(f"{address}/healthz", timeout=2) as answer:
        return json.load(answer)


async def start_node(redis_url: str, dsn: str) -> tuple[asyncio.subprocess.Process, str]:
    from tests.services import free_port

    port = free_port()
    process = await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "soupkitchen.server",
        "--host",
        "127.0.0.1",
        "--port",
        str(port),
        "--postgres",
        dsn,
        "--redis",
        redis_url,
        "--no-discovery",
        "--max-connections-per-address",
        "0",
        "--max-tables-per-address",
        "0",
        "--max-requests-per-address",
        "0",
        "--bot-delay",
        "0.5",
        cwd=ROOT,
        stdout=asyncio.subprocess.PIPE,
    )
    line = (await process.stdout.readline()).decode()
    assert "listening on" in line, line
    return process, f"http://127.0.0.1:{port}"


async def until(check, what: str) -> float:
    """Wait until ``check()``; the moment (time.monotonic()) it held."""
    deadline = time.monotonic() + PATIENCE
    while not check():
        if time.monotonic() > deadline:
            raise RuntimeError(f"timed out waiting for {what}")
        await asyncio.sleep(0.02)
    return time.monotonic()


class Player:
    """One table's player: its own client connection, its session and what it was told."""

    def __init__(self, address: str) -> None:
        from soupkitchen.client.net.connection import Connection

        self.conn = Connection(address)
        self.session = None
        self.acked: dict[int, dict] = {}
        self.pushes = 0
        self.back_at: float | None = None
        self.target = ""  # the node the player should come back to
        self.left: float | None = None  # the round's time left just before the kill
        self.after: float | None = None  # and at the first view the player got back on the other node

    async def sit(self) -> None:
        from soupkitchen.client.net.session import TableSession

        await self.conn.connect()
        made = await self.conn.request(
            "create_table", {"game": GAME, "seats": 2, "name": "Chef", "options": {"round_seconds": 120}}
        )
        await self.conn.request("add_bot", {"token": made["token"]})
        self.table = made["table"]["id"]
        self.session = TableSession(self.conn, made["table"], {0: made["token"]})
        self.session.listeners.append(self.pushed)
        self.conn.resumed_listeners.append(self.resumed)
        await self.conn.request("start", {"token": made["token"]})

    def pushed(self, *_news) -> None:
        self.pushes += 1
        if self.target and self.after is None and self.conn.url == self.target:  # its first view there
            self.after = self.session.remaining(time.monotonic())

    def resumed(self, back: int, held: int) -> None:
        if back == held:
            self.back_at = time.monotonic()

    async def play(self, rng: random.Random, stop: asyncio.Event) -> None:
        while not stop.is_set():
            view = self.session.view(0)
            if self.session.connected and view and view["legal_actions"] and not view["over"]:
                action = rng.choice(view["legal_actions"])
                ack = await self.session.act(0, action, quiet=True)
                if ack.get("ok"):
                    self.acked[ack["state_id"]] = action
            await asyncio.sleep(rng.uniform(0.3, 0.9))


async def trial(args: argparse.Namespace, redis, postgres, rng: random.Random) -> dict:
    import redis.asyncio as aioredis

    memory = aioredis.Redis.from_url(redis.url)
    await memory.flushdb()
    with postgres.database() as dsn:
        first, first_address = await start_node(redis.url, dsn)
        second, second_address = await start_node(redis.url, dsn)
        players: list[Player] = []
        stop = asyncio.Event()
        try:
            while len(await nodes_known(first_address)) < 2:  # the first node has heard of the second
                await asyncio.sleep(0.1)
            players = [Player(first_address) for _ in range(args.tables)]
            await asyncio.gather(*(player.sit() for player in players))
            await asyncio.sleep(1.5)  # a heartbeat has published every table
            keys = [key async for key in memory.scan_iter("soupkitchen:*")]
            per_table = sum([await memory.memory_usage(key) or 0 for key in keys]) / args.tables
            playing = [
                asyncio.ensure_future(player.play(random.Random(rng.random()), stop)) for player in players
            ]
            await asyncio.sleep(args.play)
            for player in players:
                player.left, player.target = player.session.remaining(time.monotonic()), second_address
            first.send_signal(signal.SIGKILL)
            killed = time.monotonic()
            await first.wait()
            counts = {id(player): player.pushes for player in players}
            served = await until_async(
                lambda: healthz_tables(second_address) == args.tables, "the second node"
            )
            back = await until(
                lambda: all(
                    p.back_at is not None
                    and p.conn.url == second_address
                    and p.pushes > counts[id(p)]
                    and p.after is not None
                    for p in players
                ),
                "every player back",
            )
            changes = [p.after - p.left for p in players if p.after is not None and p.left is not None]
            stop.set()
            await asyncio.gather(*playing)
            lost = lost_moves(dsn, players)
            return {
                "served_s": round(served - killed, 2),
                "back_s": round(back - killed, 2),
                "lost": lost,
                "acked": sum(len(p.acked) for p in players),
                "clock_s": round(max(map(abs, changes)), 2),
                "clock_given_back_s": round(max(changes), 2),
                "clock_taken_s": round(max(-min(changes), 0.0), 2),
                "redis_bytes_per_table": round(per_table),
            }
        finally:
            await memory.aclose()
            stop.set()
            await asyncio.gather(*(player.conn.close() for player in players), return_exceptions=True)
            for process in (first, second):
                if process.returncode is None:
                    process.terminate()
                    await process.wait()


def lost_moves(dsn: str, players: list) -> int:
    """The acknowledged moves (each player's ``acked``: state id -> action, at its ``table``) that
    the database's logs do not hold."""
    from soupkitchen.server.storage.store_pg import PostgresStore

    store = PostgresStore(dsn)
    lost = 0
    try:
        for player in players:
            log = store.load_table(player.table)["log"]
            lost += sum(
                1
                for state_id, action in player.acked.items()
                if state_id > len(log) or log[state_id - 1]["action"] != action
            )
    finally:
        store.close()
    return lost


async def nodes_known(address: str) -> list[str]:
    """The nodes a node has heard of (its answer to a hello, as a client gets it)."""
    import socketio

    client = socketio.AsyncClient(reconnection=False)
    await client.connect(address, transports=["websocket"], wait_timeout=5)
    try:
        answer = await client.call("hello", {"protocol": 1, "client": "bench"}, timeout=5)
    finally:
        await client.disconnect()
    return answer.get("nodes", [])


def healthz_tables(address: str) -> int:
    try:
        return healthz(address)["tables"]
    except OSError:
        return -1


async def until_async(check, what: str) -> float:
    deadline = time.monotonic() + PATIENCE
    while not await asyncio.to_thread(check):
        if time.monotonic() > deadline:
            raise RuntimeError(f"timed out waiting for {what}")
        await asyncio.sleep(0.05)
    return time.monotonic()


async def main_async(args: argparse.Namespace) -> None:
    from tests.services import Postgres, Redis

    redis, postgres = Redis(), Postgres()
    rng = random.Random(args.seed)
    results = []
    try:
        for number in range(1, args.trials + 1):
            result = await trial(args, redis, postgres, rng)
            results.append(result)
            print(f"trial {number}: " + " ".join(f"{k}={v}" for k, v in result.items()), flush=True)
    finally:
        redis.stop()
        postgres.stop()

    def summed(key: str) -> str:
        values = [r[key] for r in results]
        return f"{key}_median={round(statistics.median(values), 3)} {key}_max={max(values)}"

    print(
        f"trials={len(results)} tables={args.tables} "
        + " ".join(summed(k) for k in ("served_s", "back_s", "clock_s", "redis_bytes_per_table"))
        + f" lost={sum(r['lost'] for r in results)} acked={sum(r['acked'] for r in results)}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--tables", type=int, default=100, help="tables on the node that is killed (default 100)"
    )
    parser.add_argument("--trials", type=int, default=20, help="trials (default 20)")
    parser.add_argument("--play", type=float, default=3.0, help="seconds of play before the kill (default 3)")
    parser.add_argument("--seed", type=int, default=1)
    asyncio.run(main_async(parser.parse_args()))


if __name__ == "__main__":
    main()
