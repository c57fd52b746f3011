#!/usr/bin/env python3
"""Memory soak: does a server that plays one game after another for days keep its memory flat?

Starts ``soupkitchen-server`` in its own process and, in this one, ``--tables`` tables of four real
socket.io clients each. At each table they play one short game after another, as a table of friends
would: the first creates a table, the others join, everyone says ready, the host starts, and each
plays a random legal move from its own view as soon as it may act; when the game is over everyone
leaves. The tables play side by side, ``--games`` games in all. After every ``--every`` games it
reads the server's memory (``GET /metrics``, ``memory.rss_mb``) and prints it, with how many tables
the server holds (a finished one stays for ten minutes); with ``--trace`` also the lines of code
whose memory grew since the reading before and the most numerous objects.

A game's wall time is the players' pace, not the server's work: a Stone Soup game of four random
players is some 800 moves and 1,200 requests, and each connection may make 30 requests a second
(a burst of 60), so one table plays a game in 7 to 10 s whatever the machine. Several tables at once
use the server as fully as one table never does; each game is still a whole game of four clients.

The server is the single process with SQLite, or with ``--node`` one node of a cluster
(``--redis --postgres``): on a Redis and PostgreSQL of the soak's own (started as the tests start
them: ``redis-server``, and ``initdb`` into a temporary folder), or on those that ``--redis URL``
and ``--postgres DSN`` name.

    scripts/soak_memory.py --games 2000
    scripts/soak_memory.py --games 200 --game pink-soup --every 20
    scripts/soak_memory.py --games 2000 --node

The last line is ``games=N ... rss_mb_first_half=.. rss_mb_end=.. growth_second_half_pct=..
second_half_kb_per_game=.. tables=K wall_s=..``: the memory the first half of the games left, the
memory at the end, how much the second half added to the first half's (the goal: under 10%) and
how much that is a game, and how long the games took. The more tables play at once, the more
finished tables the server holds in their ten minutes' linger (some 0.5 MB each, for Stone Soup),
so the percentage is of a larger whole: the figure a game says what is left over after each one.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
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


def server_metrics(port: int) -> dict:
    with urllib.request.urlopen(f"http://127.0.0.1:{port}/metrics", timeout=60) as response:
        return json.load(response)


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
    a PostgreSQL database, started here unless given; what it makes (the SQLite file's folder, the
    servers) is put in ``started``, to remove or stop after the server."""
    if not args.node:
        started.append(tempfile.TemporaryDirectory(prefix="soupkitchen-soak-"))
        return ["--db", str(Path(started[-1].name) / "soak.sqlite3")]
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


class Readings:
    """The games played so far, across all tables, and the server's memory after every ``every`` of them."""

    def __init__(self, port: int, games: int, every: int, trace: bool) -> None:
        self.port, self.games, self.every, self.trace = port, games, every, trace
        self.begun = self.played = 0
        self.memory: list[tuple[int, float]] = []
        self.started = time.monotonic()

    def next_game(self) -> int | None:
        """The number of the next game to begin, or None once all of them have begun."""
        if self.begun == self.games:
            return None
        self.begun += 1
        return self.begun

    async def read(self, games: int) -> None:
        metrics = await asyncio.to_thread(server_metrics, self.port)
        self.memory.append((games, float(metrics["memory"]["rss_mb"])))
        elapsed = f" elapsed_s={time.monotonic() - self.started:.0f}" if games else ""
        print(f"games={games} rss_mb={self.memory[-1][1]:.1f} tables={metrics['tables']}{elapsed}", flush=True)
        if self.trace:
            traced = {key: metrics["memory"][key] for key in ("traced_mb", "growth_kb", "objects")}
            print(f"  trace {json.dumps(traced)}", flush=True)

    async def game_over(self) -> None:
        self.played += 1
        if self.played % self.every == 0 or self.played == self.games:
            await self.read(self.played)


async def table_stream(players: list[Player], game: str, readings: Readings) -> None:
    """One table's four players: one game after another while games are left to begin."""
    while (number := readings.next_game()) is not None:
        await one_game(players, game, number)
        await readings.game_over()


async def soak(args: argparse.Namespace) -> None:
    port = free_port()
    services: list = []
    where = storage(args, services)
    server = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "soupkitchen.server", "--host", "127.0.0.1", "--port", str(port), *where,
        "--no-discovery", "--max-tables-per-address", "0", "--max-requests-per-address", "0",
        "--max-connections-per-address", "0", cwd=ROOT,
        env=os.environ | ({"SOUPKITCHEN_MEMORY_TRACE": "1"} if args.trace else {}))
    tables = [[Player(f"http://127.0.0.1:{port}", random.Random(f"{args.seed}:{table}")) for _ in range(SEATS)]
              for table in range(args.tables)]
    players = [player for table in tables for player in table]
    readings = Readings(port, args.games, args.every, args.trace)
    try:
        for _ in range(400):
            try:
                await asyncio.to_thread(server_metrics, port)
                break
            except OSError:
                await asyncio.sleep(0.05)
        for player in players:
            await player.connect()
        await readings.read(0)
        readings.started = time.monotonic()
        await asyncio.gather(*(table_stream(table, args.game, readings) for table in tables))
        wall = time.monotonic() - readings.started
    finally:
        for player in players:
            await player.sio.disconnect()
        server.terminate()
        await server.wait()
        for service in services:  # once the server has stopped
            if isinstance(service, tempfile.TemporaryDirectory):
                service.cleanup()
            else:
                service.stop()
    memory = readings.memory
    half = min(memory, key=lambda reading: abs(reading[0] - args.games / 2))
    end = memory[-1]
    growth = 100 * (end[1] - half[1]) / half[1]
    per_game = 1024 * (end[1] - half[1]) / max(1, end[0] - half[0])
    print(f"games={args.games} game={args.game} server={'node' if args.node else 'single'} rss_mb_start={memory[0][1]:.1f} "
          f"rss_mb_first_half={half[1]:.1f} (after {half[0]}) rss_mb_end={end[1]:.1f} "
          f"growth_second_half_pct={growth:.1f} second_half_kb_per_game={per_game:.1f} "
          f"tables={args.tables} wall_s={wall:.0f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--game", default="stone-soup")
    parser.add_argument("--every", type=int, default=50, help="read the server's memory every N games")
    parser.add_argument("--tables", type=int, default=12, help="tables playing side by side, four players each")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--trace", action="store_true",
                        help="trace the server's allocations (slow) and print, at each reading, what grew and the "
                             "most numerous objects (server/metrics.py)")
    parser.add_argument("--node", action="store_true", help="soak one node of a cluster (Redis and PostgreSQL)")
    parser.add_argument("--redis", help="with --node: this Redis (default: one started for the soak)")
    parser.add_argument("--postgres", help="with --node: this PostgreSQL database (default: one started for the soak)")
    args = parser.parse_args()
    if min(args.games, args.every, args.tables) < 1:
        parser.error("--games, --every and --tables take a whole number from 1")
    if (args.redis or args.postgres) and not args.node:
        parser.error("--redis and --postgres are for --node")
    asyncio.run(soak(args))


if __name__ == "__main__":
    main()
