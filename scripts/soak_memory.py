#!/usr/bin/env python3
"""Memory soak: does a server that hosts evening after evening keep its memory flat?

Starts ``soupkitchen-server`` in its own process and plays, in this one, ``--games`` whole games on
it as evenings are played: ``--tables`` tables side by side (six), each one game after another
through the four games in turn (Pink Soup for two, Pot Pourri for three, Stone Soup for four, Too
Many Cooks for three; ``--game`` names some of them). Every game has new players: new socket.io
connections, which say hello and look at the list of tables; the first creates the table, the
others join, everyone says ready, the host starts, and each plays a random legal move from its own
view as soon as it may act (at Too Many Cooks, whose rounds random moves never end before their
clock, the move the game's bot would choose). Now and then a player reacts (an emote), and in one
game of three a seat's connection closes mid-game and its player comes back on a new one with the
seat token. When the game is over one player reads its replay (``GET /replays/<id>``; after one
game in ten the list too, ``GET /replays``), nine players in ten leave the table (the others just
close the window, so the finished table lingers for them) and the connections close.

It reads the server's memory (``GET /metrics``) after every ``--every`` games and prints it: the
process's (``rss_mb``), the tables it holds (a finished one stays ``--linger`` seconds for a player
who may come back, 600 by default) and what a table holds on average (``table_kb``); with
``--trace`` also the lines of code whose memory grew since the reading before, and the most
numerous objects (``SOUPKITCHEN_MEMORY_TRACE=1``, slow).

A game's wall time is the players' pace, not the server's work: each connection may make 30 requests
a second, so a table plays a game in a few seconds whatever the machine; 2,000 games take half an
hour or so.

The server is the single process with SQLite, or with ``--node`` one node of a cluster
(``--redis --postgres``): on a Redis and PostgreSQL of the soak's own (started as the tests start
them: ``redis-server``, and ``initdb`` into a temporary folder), or on those that ``--redis URL``
and ``--postgres DSN`` name. Its limits per remote address are lifted (every player of the soak
comes from 127.0.0.1); everything else is as a host runs it.

    scripts/soak_memory.py --games 2000 --idle 660
    scripts/soak_memory.py --games 200 --game pink-soup,pot-pourri --every 20
    scripts/soak_memory.py --games 2000 --node

At the end it prints the memory at each quarter of the games (``quarter=Q games=N rss_mb=..``) and a
last line ``games=N ... rss_mb_start=.. rss_mb_settled=.. (after S) rss_mb_end=..
growth_after_settled_mb=.. kb_per_game=.. tables=K wall_s=..``: the memory once the first
``--settle`` games (250) have filled what a server holds for a while (its caches, the finished
tables lingering), the memory at the end, how much it grew in between (the goal: 5 MB at most over
2,000 games), and the slope of the readings from then on in KB a game (least squares: what each
game leaves behind). With ``--idle S`` the server is then left alone for S seconds and its memory
read each minute (``idle_s=.. rss_mb=.. tables=..``): once the linger is over it holds no table.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import signal
import socket
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

import socketio

ROOT = Path(__file__).resolve().parents[1]
TIMEOUT = 60.0  # seconds one request may take at most on a busy machine
GAME_TIMEOUT = 900.0  # seconds one game may take at most
CONNECT_ATTEMPTS = 5  # a connection refused so often ends the soak
RATE_PAUSE = 0.25  # seconds a player waits after the server asked it to slow down
EVENING = (
    ("pink-soup", 2, {}),
    ("pot-pourri", 3, {}),
    ("stone-soup", 4, {}),
    ("too-many-cooks", 3, {"round_seconds": 120}),
)
SEATS = {game: seats for game, seats, _options in EVENING}
# Random moves never satisfy Too Many Cooks' chefs, so each round would run its whole clock: its
# players choose as the game's bot would (a person who plays to win), and at random when it waits.
ADVISED = {"too-many-cooks"}
EMOTES = ("disgusting", "delicious", "fine")
EMOTE_CHANCE = 0.02  # a player reacts after this share of its moves
AWAY_EVERY = 3  # one game in this many has a seat that leaves mid-game and comes back
REPLAY_LIST_EVERY = 10  # the list of replays is read after one game in this many
SETTLE = 250  # games after which the server's memory should stay where it is
IDLE_READING = 60.0  # seconds between the memory's readings while the server is left alone
LEAVING = 0.9  # the share of players who leave a finished game; the others close the window


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def http_json(port: int, path: str) -> dict:
    with urllib.request.urlopen(f"http://127.0.0.1:{port}{path}", timeout=TIMEOUT) as response:
        return json.load(response)


class Player:
    """One person at the table, on a socket.io connection of their own (a new one when they come back):
    plays a random legal move whenever their view offers one."""

    def __init__(self, url: str, rng: random.Random, advisor: object | None = None) -> None:
        self.url, self.rng, self.advisor = url, rng, advisor
        self.sio: socketio.AsyncClient | None = None
        self.token = ""
        self.latest: dict | None = None
        self.changed = asyncio.Event()
        self.moves = 0
        self.away_after: int | None = None  # leaves after this many moves of its own, and comes back
        self.lost = asyncio.Event()  # the server closed the connection (a player's client comes back)
        self.comebacks = 0  # how many times it did

    async def _lost(self, *_reason: object) -> None:
        if self.sio is not None:  # not a close of its own
            self.lost.set()
            self.changed.set()

    async def _state(self, data: dict) -> None:
        self.latest = data
        self.changed.set()

    async def connect(self) -> None:
        """A new connection, which says hello and looks at the tables (as the join screen does)."""
        for attempt in range(CONNECT_ATTEMPTS):  # a busy machine's server may answer a handshake late
            self.sio = socketio.AsyncClient(reconnection=False)
            self.sio.on("state", self._state)
            self.sio.on("disconnect", self._lost)
            try:
                await self.sio.connect(self.url, transports=["websocket"], wait_timeout=10)
                break
            except socketio.exceptions.ConnectionError:
                self.sio = None
                if attempt == CONNECT_ATTEMPTS - 1:
                    raise
                await asyncio.sleep(self.rng.uniform(0.5, 1.5) * 2**attempt)
        await self.ok("hello", {"protocol": 1, "client": "soak"})
        await self.ok("list_tables", {})

    async def disconnect(self) -> None:
        if self.sio is not None:
            sio, self.sio = self.sio, None
            await sio.disconnect()

    async def call(self, event: str, payload: dict) -> dict:
        """The server's answer, asking again after a pause while it asks this player to slow down."""
        assert self.sio is not None
        while True:
            reply = await self.sio.call(event, payload, timeout=TIMEOUT)
            if reply.get("ok") or reply.get("error", {}).get("code") != "rate_limited" or event == "emote":
                return reply
            await asyncio.sleep(RATE_PAUSE)

    async def ok(self, event: str, payload: dict) -> dict:
        reply = await self.call(event, payload)
        if not reply.get("ok"):
            raise RuntimeError(f"{event} was refused: {reply}")
        return reply

    async def wait_for_change(self) -> None:
        if self.lost.is_set():
            return
        self.changed.clear()
        await asyncio.wait_for(self.changed.wait(), TIMEOUT)

    async def step_away(self) -> None:
        """The player's connection closes mid-game (or the server closed it); they come back on a new
        one with their seat token."""
        self.away_after = None
        await self.disconnect()
        await asyncio.sleep(self.rng.uniform(0.05, 0.5))
        self.lost.clear()
        self.latest = None
        await self.connect()
        self.changed.clear()
        await self.ok("resume", {"token": self.token})
        if self.latest is None:  # the snapshot follows the answer
            await asyncio.wait_for(self.changed.wait(), TIMEOUT)

    async def act(self, payload: dict) -> dict | None:
        """The answer to a move, or None if the server closed the connection first."""
        answer = asyncio.ensure_future(self.call("act", payload))
        lost = asyncio.ensure_future(self.lost.wait())
        await asyncio.wait({answer, lost}, return_when=asyncio.FIRST_COMPLETED)
        lost.cancel()
        if answer.done():
            return answer.result()
        answer.cancel()
        return None

    def choose(self, data: dict) -> dict:
        view = data["view"]
        advised = self.advisor.choose(view, data["server_time"]) if self.advisor is not None else None
        return advised if advised in view["legal_actions"] else self.rng.choice(view["legal_actions"])

    async def play_until_over(self) -> None:
        while True:
            data = self.latest
            view = data["view"] if data else None
            if view is not None and view["over"]:
                return
            if self.lost.is_set():  # a server that stalled past its pings' patience (a traced one)
                self.comebacks += 1
                await self.step_away()
                continue
            if self.away_after is not None and self.moves >= self.away_after:
                await self.step_away()
                continue
            if view is None or not view["legal_actions"]:
                await self.wait_for_change()
                continue
            action = self.choose(data)
            reply = await self.act({"token": self.token, "state_id": data["state_id"], "action": action})
            if reply is None:
                continue
            if reply.get("ok"):
                self.moves += 1
                if self.rng.random() < EMOTE_CHANCE:
                    await self.call("emote", {"token": self.token, "emote": self.rng.choice(EMOTES)})
            elif reply["error"]["code"] != "stale_state":  # the rules said no: another move, on the newest
                continue
            if self.latest is data:  # the view this move was for is still the newest: wait for the next
                await self.wait_for_change()


def advisor(game: str, seat: int, rng: random.Random) -> object | None:
    """The game's own bot, to choose this seat's moves from its views, for a game played so."""
    if game not in ADVISED:
        return None
    from soupkitchen.shared.registry import get_game

    return get_game(game).make_bot(seat, rng.randrange(1 << 30), "hard")


async def one_game(url: str, port: int, game: str, options: dict, number: int, rng: random.Random) -> int:
    """One whole game of new players, from their first connection to their last; returns how many
    times the server closed a player's connection mid-game (each came back)."""
    players = [
        Player(url, random.Random(rng.random()), advisor(game, seat, rng)) for seat in range(SEATS[game])
    ]
    try:
        await asyncio.gather(*(player.connect() for player in players))
        host, *guests = players
        created = await host.ok(
            "create_table",
            {
                "game": game,
                "seats": len(players),
                "name": f"Host {number}",
                "options": options,
                "settings": {"bot_delay": 0},
            },
        )
        host.token = created["token"]
        table = created["table"]["id"]
        for index, guest in enumerate(guests):
            joined = await guest.ok("join_table", {"table": table, "name": f"Guest {index + 1}"})
            guest.token = joined["token"]
        for player in players:
            await player.ok("ready", {"token": player.token, "on": True})
        if number % AWAY_EVERY == 0:
            rng.choice(players).away_after = rng.randrange(1, 6)
        await host.ok("start", {"token": host.token})
        await asyncio.wait_for(asyncio.gather(*(p.play_until_over() for p in players)), GAME_TIMEOUT)
        await asyncio.to_thread(http_json, port, f"/replays/{table}")
        if number % REPLAY_LIST_EVERY == 1:
            await asyncio.to_thread(http_json, port, "/replays")
        for player in players:  # some close the window without leaving; the table lets them go anyway
            if rng.random() < LEAVING and not player.lost.is_set():
                await player.call("leave", {"token": player.token})
    finally:
        await asyncio.gather(*(player.disconnect() for player in players), return_exceptions=True)
    return sum(player.comebacks for player in players)


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
        self.comebacks = 0  # connections the server closed mid-game, whose players came back
        self.memory: list[tuple[int, float]] = []
        self.started = time.monotonic()

    def next_game(self) -> int | None:
        """The number of the next game to begin, or None once all of them have begun."""
        if self.begun == self.games:
            return None
        self.begun += 1
        return self.begun

    async def read(self, games: int) -> None:
        metrics = await asyncio.to_thread(http_json, self.port, "/metrics")
        self.memory.append((games, float(metrics["memory"]["rss_mb"])))
        elapsed = f" elapsed_s={time.monotonic() - self.started:.0f}" if games else ""
        each = metrics["table_memory"]["bytes_per_table"]
        print(
            f"games={games} rss_mb={self.memory[-1][1]:.1f} tables={metrics['tables']} "
            f"table_kb={'-' if each is None else f'{each / 1024:.1f}'}{elapsed}",
            flush=True,
        )
        if self.trace:
            traced = {key: metrics["memory"][key] for key in ("traced_mb", "growth_kb", "objects")}
            print(f"  trace {json.dumps(traced)}", flush=True)

    async def game_over(self) -> None:
        self.played += 1
        if self.played % self.every == 0 or self.played == self.games:
            await self.read(self.played)


async def table_stream(
    url: str,
    port: int,
    evening: list[tuple[str, int, dict]],
    readings: Readings,
    rng: random.Random,
    first: int,
) -> None:
    """One table's evening: one game after another, through the games in turn, while games are left."""
    turn = first
    while (number := readings.next_game()) is not None:
        game, _seats, options = evening[turn % len(evening)]
        turn += 1
        readings.comebacks += await one_game(url, port, game, options, number, rng)
        await readings.game_over()


def slope(points: list[tuple[int, float]]) -> float:
    """Least squares' MB a game through (games, MB) readings (0 with fewer than two)."""
    if len(points) < 2:
        return 0.0
    mean_x = sum(x for x, _ in points) / len(points)
    mean_y = sum(y for _, y in points) / len(points)
    spread = sum((x - mean_x) ** 2 for x, _ in points)
    return sum((x - mean_x) * (y - mean_y) for x, y in points) / spread if spread else 0.0


async def idle(port: int, seconds: float) -> None:
    """The server left alone for ``seconds`` after the last game, its memory read each minute (and at
    the end): what it gives back once the finished tables' linger is over."""
    began = time.monotonic()
    while (waited := time.monotonic() - began) < seconds:
        await asyncio.sleep(min(IDLE_READING, seconds - waited))
        metrics = await asyncio.to_thread(http_json, port, "/metrics")
        print(
            f"idle_s={time.monotonic() - began:.0f} rss_mb={float(metrics['memory']['rss_mb']):.1f} "
            f"tables={metrics['tables']}",
            flush=True,
        )


def summary(args: argparse.Namespace, memory: list[tuple[int, float]], wall: float) -> list[str]:
    """The lines printed at the end: the memory at each quarter, then the soak's figures."""
    nearest = lambda games: min(memory, key=lambda reading: abs(reading[0] - games))  # noqa: E731
    lines = [
        f"quarter={q} games={nearest(args.games * q / 4)[0]} rss_mb={nearest(args.games * q / 4)[1]:.1f}"
        for q in range(5)
    ]
    settle = args.settle if args.settle < args.games else args.games // 4
    settled = nearest(settle)
    end = memory[-1]
    after = [reading for reading in memory if reading[0] >= settled[0]]
    lines.append(
        f"games={args.games} game={args.game} server={'node' if args.node else 'single'} "
        f"rss_mb_start={memory[0][1]:.1f} rss_mb_settled={settled[1]:.1f} (after {settled[0]}) "
        f"rss_mb_end={end[1]:.1f} growth_after_settled_mb={end[1] - settled[1]:.1f} "
        f"kb_per_game={1024 * slope(after):.1f} tables={args.tables} wall_s={wall:.0f}"
    )
    return lines


async def soak(args: argparse.Namespace) -> None:
    port = free_port()
    services: list = []
    where = storage(args, services)
    server = await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "soupkitchen.server",
        "--host",
        "127.0.0.1",
        "--port",
        str(port),
        *where,
        "--no-discovery",
        "--max-tables-per-address",
        "0",
        "--max-requests-per-address",
        "0",
        "--max-connections-per-address",
        "0",
        *(["--linger", str(args.linger)] if args.linger is not None else []),
        cwd=ROOT,
        env=os.environ | ({"SOUPKITCHEN_MEMORY_TRACE": "1"} if args.trace else {}),
    )
    evening = [entry for entry in EVENING if args.game == "evening" or entry[0] in args.game.split(",")]
    readings = Readings(port, args.games, args.every, args.trace)
    url = f"http://127.0.0.1:{port}"
    # a soak stopped (SIGTERM) stops its server too
    asyncio.get_running_loop().add_signal_handler(signal.SIGTERM, asyncio.current_task().cancel)
    try:
        for _ in range(400):
            try:
                await asyncio.to_thread(http_json, port, "/metrics")
                break
            except OSError:
                await asyncio.sleep(0.05)
        await readings.read(0)
        readings.started = time.monotonic()
        await asyncio.gather(
            *(
                table_stream(url, port, evening, readings, random.Random(f"{args.seed}:{table}"), table)
                for table in range(args.tables)
            )
        )
        wall = time.monotonic() - readings.started
        print(
            f"connections the server closed mid-game: {readings.comebacks} (each player came back on a "
            "new connection with the seat token)",
            flush=True,
        )
        for line in summary(args, readings.memory, wall):
            print(line, flush=True)
        await idle(port, args.idle)
    finally:
        server.terminate()
        await server.wait()
        for service in services:  # once the server has stopped
            if isinstance(service, tempfile.TemporaryDirectory):
                service.cleanup()
            else:
                service.stop()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument(
        "--game",
        default="evening",
        help="the games the tables play in turn, by id, separated by commas (default: all)",
    )
    parser.add_argument("--every", type=int, default=50, help="read the server's memory every N games")
    parser.add_argument(
        "--settle",
        type=int,
        default=SETTLE,
        help="games after which the memory should stay flat (its growth counts from there)",
    )
    parser.add_argument("--tables", type=int, default=6, help="tables playing side by side")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--linger",
        type=float,
        help="seconds the server keeps a finished game for a player who may come back "
        "(default: its own, 600)",
    )
    parser.add_argument(
        "--idle",
        type=float,
        default=0.0,
        help="then leave the server alone this many seconds, reading its memory each minute "
        "(the default linger's 600 and a minute: 660)",
    )
    parser.add_argument(
        "--trace",
        action="store_true",
        help="trace the server's allocations (slow) and print, at each reading, what grew and the "
        "most numerous objects (server/metrics.py)",
    )
    parser.add_argument(
        "--node", action="store_true", help="soak one node of a cluster (Redis and PostgreSQL)"
    )
    parser.add_argument("--redis", help="with --node: this Redis (default: one started for the soak)")
    parser.add_argument(
        "--postgres", help="with --node: this PostgreSQL database (default: one started for the soak)"
    )
    args = parser.parse_args()
    if min(args.games, args.every, args.tables) < 1 or args.settle < 0 or args.idle < 0:
        parser.error("--games, --every and --tables take a whole number from 1, --settle and --idle from 0")
    if args.game != "evening" and not set(args.game.split(",")) <= set(SEATS):
        parser.error(f"--game takes evening or some of {', '.join(SEATS)}, separated by commas")
    if (args.redis or args.postgres) and not args.node:
        parser.error("--redis and --postgres are for --node")
    asyncio.run(soak(args))


if __name__ == "__main__":
    main()
