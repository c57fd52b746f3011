#!/usr/bin/env python3
"""Memory soak: does a server that plays one game after another for days keep its memory flat?

Starts ``soupkitchen-server`` in its own process and four real socket.io clients in this one. They
play one short game after another, as a table of friends would: the first creates a table, the
others join, everyone says ready, the host starts, and each plays a random legal move from its own
view as soon as it may act; when the game is over everyone leaves. After every ``--every`` games
it reads the server's memory (``GET /metrics``, ``memory.rss_mb``) and prints it.

The server is the single process with SQLite, or with ``--node`` one node of a cluster
(``--redis --postgres``): on a Redis and PostgreSQL of the soak's own (started as the tests start
them: ``redis-server``, and ``initdb`` into a temporary folder), or on those that ``--redis URL``
and ``--postgres DSN`` name.

    scripts/soak_memory.py --games 2000
    scripts/soak_memory.py --games 200 --game pink-soup --every 20
    scripts/soak_memory.py --games 2000 --node

The last line is ``games=N rss_mb_first_half=.. rss_mb_end=.. growth_second_half_pct=..``: the
memory the first half of the games left, the memory at the end, and how much the second half
added to the first half's (the goal: under 10%).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import socket
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

import socketio

ROOT = Path(__file__).resolve().parents[1]
SEATS = 4
TIMEOUT = 60.0  # seconds one request or one game may take at most on a busy machine
RATE_PAUSE = 0.25  # seconds a player waits after the server asked it to slow down


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def rss_mb(port: int) -> float:
    with urllib.request.urlopen(f"http://127.0.0.1:{port}/metrics", timeout=10) as response:
        return float(json.load(response)["memory"]["rss_mb"])


class Player:
    """One socket.io client at the table: it plays a random legal move whenever its view offers one."""

    def __init__(self, url: str, rng: random.Random) -> None:
        self.url, self.rng = url, rng
        self.sio = socketio.AsyncClient(reconnection=False)
        self.token = ""
        self.latest: dict | None = None
        self.changed = asyncio.Event()
        self.sio.on("state", self._state)

    async def _state(self, data: dict) -> None:
        self.latest = data
        self.changed.set()

    async def connect(self) -> None:
        await self.sio.connect(self.url, transports=["websocket"], wait_timeout=10)
        await self.ok("hello", {"protocol": 1, "client": "soak"})

    async def call(self, event: str, payload: dict) -> dict:
        """The server's answer, asking again after a pause while it asks this player to slow down."""
        while True:
            reply = await self.sio.call(event, payload, timeout=TIMEOUT)
            if reply.get("ok") or reply.get("error", {}).get("code") != "rate_limited":
                return reply
            await asyncio.sleep(RATE_PAUSE)

    async def ok(self, event: str, payload: dict) -> dict:
        reply = await self.call(event, payload)
        if not reply.get("ok"):
            raise RuntimeError(f"{event} was refused: {reply}")
        return reply

    async def play_until_over(self) -> int:
        """Play until the game is over; returns how many moves this player made."""
        moves = 0
        while True:
            data = self.latest
            view = data["view"] if data else None
            if view is not None and view["over"]:
                return moves
            if view is not None and view["legal_actions"]:
                action = self.rng.choice(view["legal_actions"])
                reply = await self.call("act", {"token": self.token, "state_id": data["state_id"], "action": action})
                moves += bool(reply.get("ok"))
                if reply.get("ok") or self.latest is data:  # refused as stale: a newer view is on its way
                    self.changed.clear()
                    if self.latest is data:
                        await asyncio.wait_for(self.changed.wait(), TIMEOUT)
                continue
            self.changed.clear()
            await asyncio.wait_for(self.changed.wait(), TIMEOUT)


async def one_game(players: list[Player], game: str, number: int) -> int:
    host, *guests = players
    for player in players:
        player.latest = None
    created = await host.ok("create_table", {"game": game, "seats": SEATS, "name": f"Host {number}",
                                             "settings": {"bot_delay": 0}})
    host.token = created["token"]
    table = created["table"]["id"]
    for index, guest in enumerate(guests):
        guest.token = (await guest.ok("join_table", {"table": table, "name": f"Guest {index + 1}"}))["token"]
    for player in players:
        await player.ok("ready", {"token": player.token, "on": True})
    await host.ok("start", {"token": host.token})
    moves = await asyncio.wait_for(asyncio.gather(*(p.play_until_over() for p in players)), TIMEOUT * 10)
    for player in players:  # a table already let go (its linger ran out) has no seats to leave
        await player.call("leave", {"token": player.token})
    return sum(moves)


def storage(args: argparse.Namespace, started: list) -> list[str]:
    """The server's options for where it keeps its games: a SQLite file, or (``--node``) a Redis and
    a PostgreSQL database, started here (and put in ``started``, to stop) unless given."""
    if not args.node:
        return ["--db", str(Path(tempfile.mkdtemp(prefix="soupkitchen-soak-")) / "soak.sqlite3")]
    sys.path.insert(0, str(ROOT))
    from tests.services import Postgres, Redis

    redis_url, dsn = args.redis, args.postgres
    if redis_url is None:
        started.append(Redis())
        redis_url = started[-1].url
    if dsn is None:
        started.append(Postgres())
        dsn = started[-1].dsn()
    return ["--redis", redis_url, "--postgres", dsn]


async def soak(args: argparse.Namespace) -> None:
    port = free_port()
    services: list = []
    where = storage(args, services)
    server = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "soupkitchen.server", "--host", "127.0.0.1", "--port", str(port), *where,
        "--no-discovery", "--max-tables-per-address", "0", "--max-requests-per-address", "0",
        "--max-connections-per-address", "0", cwd=ROOT)
    rng = random.Random(args.seed)
    players = [Player(f"http://127.0.0.1:{port}", rng) for _ in range(SEATS)]
    readings: list[tuple[int, float]] = []
    try:
        for _ in range(400):
            try:
                await asyncio.to_thread(rss_mb, port)
                break
            except OSError:
                await asyncio.sleep(0.05)
        for player in players:
            await player.connect()
        readings.append((0, await asyncio.to_thread(rss_mb, port)))
        print(f"games=0 rss_mb={readings[-1][1]:.1f}", flush=True)
        started = time.monotonic()
        for number in range(1, args.games + 1):
            await one_game(players, args.game, number)
            if number % args.every == 0 or number == args.games:
                readings.append((number, await asyncio.to_thread(rss_mb, port)))
                print(f"games={number} rss_mb={readings[-1][1]:.1f} elapsed_s={time.monotonic() - started:.0f}",
                      flush=True)
    finally:
        for player in players:
            await player.sio.disconnect()
        server.terminate()
        await server.wait()
        for service in services:
            service.stop()
    half = min(readings, key=lambda reading: abs(reading[0] - args.games / 2))
    end = readings[-1]
    growth = 100 * (end[1] - half[1]) / half[1]
    print(f"games={args.games} game={args.game} server={'node' if args.node else 'single'} rss_mb_start={readings[0][1]:.1f} "
          f"rss_mb_first_half={half[1]:.1f} (after {half[0]}) rss_mb_end={end[1]:.1f} "
          f"growth_second_half_pct={growth:.1f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--game", default="stone-soup")
    parser.add_argument("--every", type=int, default=50, help="read the server's memory every N games")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--node", action="store_true", help="soak one node of a cluster (Redis and PostgreSQL)")
    parser.add_argument("--redis", help="with --node: this Redis (default: one started for the soak)")
    parser.add_argument("--postgres", help="with --node: this PostgreSQL database (default: one started for the soak)")
    args = parser.parse_args()
    if (args.redis or args.postgres) and not args.node:
        parser.error("--redis and --postgres are for --node")
    asyncio.run(soak(args))


if __name__ == "__main__":
    main()
