#!/usr/bin/env python3
"""A cluster node's PostgreSQL going away mid-game: stopped for ``--outage`` seconds and started
again, or every connection of the node's ended by ``pg_terminate_backend`` (what a database restart
or a network cut does); and SIGTERM to a server in each state.

Each trial starts a Redis and a PostgreSQL database of its own (as the tests do: PostgreSQL with
``fsync=off``) and one node (``soupkitchen-server --redis --postgres``). ``--tables`` Stone Soup
tables are made on it, each with one player (a socket.io client of its own playing random legal
moves at a person's pace) and three bots. After ``--play`` seconds comes the fault; meanwhile a
prober opens a fresh connection four times a second and says hello. For each trial:

- ``hello_during_max_s``, ``hello_after_max_s``: the slowest fresh connection's connect and hello,
  while PostgreSQL is stopped and in the ``--after`` seconds after it is back (or after the
  connections were ended); one not answered within 5 s counts as 5 and in ``unanswered``; and
  ``hello_before_max_s`` the same in the play before the fault, for comparison;
- ``refused``: the players' moves refused with ``storage_unavailable``;
- ``storing_s``: from PostgreSQL back (or the connections ended) until the node stores again and
  serves every table it served before (``GET /metrics``: ``storing``, ``tables``), and
  ``played_on_s`` until every player whose game is not over has had a move acknowledged again, on
  the connection it had all along (a player's pace and the bots' turns included; ``reconnected``
  counts the players whose connection the node closed);
- ``lost``: acknowledged moves missing from the database's log (goal 0), and ``went_back``: pushes
  of a state older than one the player was sent before, i.e. a player told of a move that was not
  stored (goal 0).

Then SIGTERM to a server in each state (``stopped_s``: until the process has exited; goal 10 s): a
node playing, with PostgreSQL stopped, with PostgreSQL frozen (every process of it stopped by
SIGSTOP: nothing answered, nothing ended), just after its connections were ended, with Redis stopped;
the single process on PostgreSQL playing and with PostgreSQL stopped; the single process on SQLite.

    scripts/bench_db_faults.py --tables 20 --trials 3 --outage 10
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import random
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

PROBE_EVERY = 0.25  # seconds between two fresh connections saying hello
PROBE_WAIT = 5.0  # seconds a probe waits for its connection and its answer
PATIENCE = 120.0  # seconds before a trial gives up waiting for something that should come


async def start_server(where: list[str], log: Path) -> tuple[subprocess.Popen, str]:
    from tests.services import free_port

    port = free_port()
    process = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "soupkitchen.server",
            "--host",
            "127.0.0.1",
            "--port",
            str(port),
            *where,
            "--no-discovery",
            "--max-connections-per-address",
            "0",
            "--max-tables-per-address",
            "0",
            "--max-requests-per-address",
            "0",
            "--bot-delay",
            "0.3",
        ],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=log.open("ab"),
        text=True,
    )
    line = await asyncio.to_thread(process.stdout.readline)
    assert "listening on" in line, line
    return process, f"http://127.0.0.1:{port}"


class Player:
    """One table's player: a connection of its own, Stone Soup with three bots."""

    def __init__(self, url: str, rng: random.Random) -> None:
        import socketio

        self.url, self.rng = url, rng
        self.sio = socketio.AsyncClient(reconnection=False)
        self.latest: dict | None = None
        self.top = 0  # the newest state id pushed
        self.went_back = 0
        self.acked: dict[int, dict] = {}
        self.refused = 0
        self.last_ok = 0.0
        self.table = self.token = ""
        self.sio.on("state", self.pushed)

    async def pushed(self, data: dict) -> None:
        if data["state_id"] < self.top:
            self.went_back += 1
        self.top = max(self.top, data["state_id"])
        self.latest = data

    async def sit(self) -> None:
        await self.sio.connect(self.url, transports=["websocket"], wait_timeout=10)
        await self.sio.call("hello", {"protocol": 1, "client": "bench"}, timeout=10)
        made = await self.sio.call(
            "create_table", {"game": "stone-soup", "seats": 4, "name": "Chef"}, timeout=10
        )
        self.table, self.token = made["table"]["id"], made["token"]
        for _ in range(3):
            await self.sio.call("add_bot", {"token": self.token}, timeout=10)
        await self.sio.call("start", {"token": self.token}, timeout=10)

    @property
    def over(self) -> bool:
        return bool(self.latest and self.latest["view"]["over"])

    async def play(self, stop: asyncio.Event) -> None:
        from soupkitchen.shared.wire import protocol

        while not stop.is_set() and self.sio.connected:
            data = self.latest
            if data and data["view"]["legal_actions"] and not data["view"]["over"]:
                action = self.rng.choice(data["view"]["legal_actions"])
                try:
                    reply = await self.sio.call(
                        "act",
                        {"token": self.token, "state_id": data["state_id"], "action": action},
                        timeout=10,
                    )
                except Exception:  # noqa: BLE001 - counted as not acknowledged
                    reply = {"ok": False, "error": {"code": "no answer"}}
                if reply.get("ok"):
                    self.acked[reply["state_id"]] = action
                    self.last_ok = time.monotonic()
                elif reply["error"]["code"] == protocol.STORAGE_UNAVAILABLE:
                    self.refused += 1
            await asyncio.sleep(self.rng.uniform(0.3, 0.9))


class Prober:
    """A fresh connection saying hello every PROBE_EVERY seconds: (when it began, seconds or None)."""

    def __init__(self, url: str) -> None:
        self.url = url
        self.probes: list[tuple[float, float | None]] = []
        self.tasks: set[asyncio.Task] = set()

    async def run(self, stop: asyncio.Event) -> None:
        while not stop.is_set():
            task = asyncio.ensure_future(self.probe())
            self.tasks.add(task)
            task.add_done_callback(self.tasks.discard)
            await asyncio.sleep(PROBE_EVERY)
        await asyncio.gather(*self.tasks)

    async def probe(self) -> None:
        import socketio

        client = socketio.AsyncClient(reconnection=False)
        began = time.monotonic()
        took: float | None = None
        try:
            await asyncio.wait_for(
                client.connect(self.url, transports=["websocket"], wait_timeout=PROBE_WAIT), PROBE_WAIT
            )
            reply = await client.call(
                "hello",
                {"protocol": 1, "client": "probe"},
                timeout=max(0.1, PROBE_WAIT - (time.monotonic() - began)),
            )
            if reply.get("ok"):
                took = time.monotonic() - began
        except Exception:  # noqa: BLE001 - not answered
            took = None
        finally:
            try:
                await client.disconnect()
            except Exception:  # noqa: BLE001
                pass
        self.probes.append((began, took))

    def slowest(self, start: float, end: float) -> tuple[float, int]:
        """The slowest probe begun in [start, end) (unanswered: PROBE_WAIT), and how many went unanswered."""
        inside = [took for began, took in self.probes if start <= began < end]
        if not inside:
            return 0.0, 0
        return max(PROBE_WAIT if took is None else took for took in inside), sum(
            took is None for took in inside
        )


async def trial(args: argparse.Namespace, fault: str, redis, postgres, rng: random.Random, log: Path) -> dict:
    import redis.asyncio as aioredis

    from scripts.bench_failover import lost_moves

    memory = aioredis.Redis.from_url(redis.url)
    await memory.flushdb()
    await memory.aclose()
    with postgres.database() as dsn:
        node, url = await start_server(["--postgres", dsn, "--redis", redis.url], log)
        players = [Player(url, random.Random(rng.random())) for _ in range(args.tables)]
        stop, probing = asyncio.Event(), asyncio.Event()
        prober = Prober(url)
        tasks: list[asyncio.Task] = []
        halted = False
        try:
            await asyncio.gather(*(player.sit() for player in players))
            tasks = [asyncio.ensure_future(player.play(stop)) for player in players]
            tasks.append(asyncio.ensure_future(prober.run(probing)))
            played = time.monotonic()
            await asyncio.sleep(args.play)
            refused = sum(player.refused for player in players)
            tables = (await metrics(url))["tables"]
            began = time.monotonic()
            if fault == "stop":
                await asyncio.to_thread(postgres.halt)
                halted = True
                await asyncio.sleep(args.outage)
                await asyncio.to_thread(postgres.start_again)
                halted = False
            else:
                await asyncio.to_thread(postgres.cut_connections, dsn)
            back = time.monotonic()
            storing_s = await storing_again(url, tables, back)

            def all_back() -> bool:
                return all(
                    player.over or player.last_ok > back or not player.sio.connected for player in players
                )

            deadline = back + PATIENCE
            while not all_back():
                if time.monotonic() > deadline:
                    raise RuntimeError("the players never played on")
                await asyncio.sleep(0.02)
            back_s = time.monotonic() - back
            await asyncio.sleep(max(0.0, back + args.after - time.monotonic()))
            probing.set()
            stop.set()
            await asyncio.gather(*tasks)
            during, unanswered_during = prober.slowest(began, back) if fault == "stop" else (0.0, 0)
            after, unanswered_after = prober.slowest(back, back + args.after)
            before, _unanswered = prober.slowest(played + 1.0, began)
            lost = lost_moves(dsn, players)
            return {
                "hello_before_max_s": round(before, 3),
                "hello_during_max_s": round(during, 3),
                "hello_after_max_s": round(after, 3),
                "unanswered": unanswered_during + unanswered_after,
                "refused": sum(player.refused for player in players) - refused,
                "storing_s": round(storing_s, 2),
                "played_on_s": round(back_s, 2),
                "reconnected": sum(not player.sio.connected for player in players),
                "acked": sum(len(player.acked) for player in players),
                "lost": lost,
                "went_back": sum(player.went_back for player in players),
            }
        finally:
            stop.set()
            probing.set()
            if halted:
                postgres.start_again()
            for player in players:
                if player.sio.connected:
                    await player.sio.disconnect()
            node.terminate()
            await asyncio.to_thread(node.wait)


async def metrics(url: str) -> dict:
    import aiohttp

    async with aiohttp.ClientSession() as session, session.get(f"{url}/metrics") as response:
        return await response.json()


async def storing_again(url: str, tables: int, since: float) -> float:
    """Seconds from ``since`` until the node stores again and serves ``tables`` tables."""
    deadline = since + PATIENCE
    while True:
        now = await metrics(url)
        if now["storing"] and now["tables"] >= tables:
            return time.monotonic() - since
        if time.monotonic() > deadline:
            raise RuntimeError(f"the node never served its tables again: {now}")
        await asyncio.sleep(0.02)


async def sigterm(state: str, services: dict, log: Path, folder: Path, args: argparse.Namespace) -> float:
    """Seconds from SIGTERM until a server in ``state`` has exited (with five tables playing)."""
    from tests.services import Redis

    postgres, redis = services["postgres"], services["redis"]
    with postgres.database() as dsn:
        where = (
            ["--db", str(folder / f"{state}.sqlite3")]
            if state.startswith("single sqlite")
            else ["--postgres", dsn]
            if state.startswith("single")
            else ["--postgres", dsn, "--redis", redis.url]
        )
        server, url = await start_server(where, log)
        players = [Player(url, random.Random(number)) for number in range(5)]
        stop = asyncio.Event()
        try:
            await asyncio.gather(*(player.sit() for player in players))
            playing = [asyncio.ensure_future(player.play(stop)) for player in players]
            await asyncio.sleep(2.0)
            if "postgres stopped" in state:
                await asyncio.to_thread(postgres.halt)
                await asyncio.sleep(2.0)
            elif "postgres frozen" in state:  # every PostgreSQL process stopped (SIGSTOP): no answer, no end
                postgres.freeze()
                await asyncio.sleep(2.0)
            elif "connections ended" in state:
                await asyncio.to_thread(postgres.cut_connections, dsn)
            elif "redis stopped" in state:
                await asyncio.to_thread(redis.stop)
                await asyncio.sleep(4.0)  # longer than a lease: the node has found Redis gone
            sent = time.monotonic()
            server.send_signal(signal.SIGTERM)
            try:
                await asyncio.to_thread(server.wait, args.hang)
            except subprocess.TimeoutExpired:
                return float("inf")
            took = time.monotonic() - sent
            stop.set()
            await asyncio.gather(*playing)
            return took
        finally:
            stop.set()
            for player in players:
                if player.sio.connected:
                    await player.sio.disconnect()
            if server.poll() is None:
                server.kill()
            postgres.thaw()
            if postgres.process.poll() is not None:
                postgres.start_again()
            if redis.process.poll() is not None:
                services["redis"] = Redis(port=redis.port)


async def main_async(args: argparse.Namespace) -> None:
    from tests.services import Postgres, Redis

    for name in ("engineio.client", "socketio.client"):  # the probes' links closed under them are expected
        logging.getLogger(name).setLevel(logging.CRITICAL)
    services = {"redis": Redis(), "postgres": Postgres()}
    rng = random.Random(args.seed)
    folder = Path(tempfile.mkdtemp(prefix="soupkitchen-bench-db-"))
    log = folder / "servers.log"
    print(f"servers' log: {log}", flush=True)
    results: dict[str, list[dict]] = {}
    try:
        for fault in args.faults:
            for number in range(1, args.trials + 1):
                result = await trial(args, fault, services["redis"], services["postgres"], rng, log)
                results.setdefault(fault, []).append(result)
                print(
                    f"fault={fault} trial={number} " + " ".join(f"{k}={v}" for k, v in result.items()),
                    flush=True,
                )
        stops = {}
        if args.sigterm:
            for state in (
                "node playing",
                "node postgres stopped",
                "node postgres frozen",
                "node connections ended",
                "node redis stopped",
                "single postgres playing",
                "single postgres stopped",
                "single postgres frozen",
                "single sqlite playing",
            ):
                stops[state] = await sigterm(state, services, log, folder, args)
                print(f"sigterm: {state}: stopped_s={stops[state]:.2f}", flush=True)
    finally:
        services["redis"].stop()
        services["postgres"].stop()
    for fault, rows in results.items():

        def most(key: str, rows: list[dict] = rows) -> float:
            return max(row[key] for row in rows)

        print(
            f"fault={fault} trials={len(rows)} tables={args.tables}"
            + (f" outage_s={args.outage:g}" if fault == "stop" else "")
            + f" hello_before_max_s={most('hello_before_max_s')}"
            + f" hello_during_max_s={most('hello_during_max_s')}"
            + f" hello_after_max_s={most('hello_after_max_s')}"
            + f" unanswered={sum(row['unanswered'] for row in rows)}"
            + f" storing_s_median={statistics.median(row['storing_s'] for row in rows)}"
            + f" storing_s_max={most('storing_s')}"
            + f" played_on_s_median={statistics.median(row['played_on_s'] for row in rows)}"
            + f" played_on_s_max={most('played_on_s')}"
            + f" refused={sum(row['refused'] for row in rows)} acked={sum(row['acked'] for row in rows)}"
            + f" lost={sum(row['lost'] for row in rows)} went_back={sum(row['went_back'] for row in rows)}"
            + f" reconnected={sum(row['reconnected'] for row in rows)}",
            flush=True,
        )
    if stops:
        print(
            f"sigterm_max_s={max(stops.values()):.2f} ("
            + ", ".join(f"{state} {took:.2f}" for state, took in stops.items())
            + ")",
            flush=True,
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=20, help="Stone Soup tables on the node (default 20)")
    parser.add_argument("--trials", type=int, default=3, help="trials of each fault (default 3)")
    parser.add_argument(
        "--outage", type=float, default=10.0, help="seconds PostgreSQL stays stopped (default 10)"
    )
    parser.add_argument(
        "--play", type=float, default=5.0, help="seconds of play before the fault (default 5)"
    )
    parser.add_argument(
        "--after", type=float, default=10.0, help="seconds watched after the fault (default 10)"
    )
    parser.add_argument("--faults", nargs="+", choices=["stop", "terminate"], default=["stop", "terminate"])
    parser.add_argument(
        "--no-sigterm",
        dest="sigterm",
        action="store_false",
        help="leave out the SIGTERM to a server in each state",
    )
    parser.add_argument(
        "--hang",
        type=float,
        default=30.0,
        help="seconds after SIGTERM a server still running counts as hung (default 30)",
    )
    parser.add_argument("--seed", type=int, default=1)
    asyncio.run(main_async(parser.parse_args()))


if __name__ == "__main__":
    main()
