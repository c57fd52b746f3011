#!/usr/bin/env python3
"""Load test of the game server against a bare python-socketio echo server, on loopback.

Starts ``soupkitchen-server`` and an echo server in their own processes, and client worker
processes holding four real socket.io clients per table. First every client calls the echo
server at the pace it will later play (the baseline round trip); then every table plays Too Many
Cooks at human pace (each move after 1-3 s of thought; a finished game starts a new table) and
each acting client measures the time from sending ``act`` to receiving its own ``state`` push.

    scripts/bench_server.py --tables 250 --seconds 60

The last line is ``tables=N p50_ms=.. p99_ms=.. echo_p50_ms=.. ratio=..``.
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
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

GAME = "too-many-cooks"
THINK = (1.0, 3.0)  # seconds a player thinks before a move


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def percentile(values: list[float], fraction: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


# --- the bare echo server ------------------------------------------------------------------------
def run_echo_server(port: int) -> None:
    import socketio
    from aiohttp import web

    sio = socketio.AsyncServer(async_mode="aiohttp")
    app = web.Application()
    sio.attach(app)

    @sio.on("echo")
    async def echo(sid: str, data: object) -> object:
        return data

    web.run_app(app, host="127.0.0.1", port=port, print=None, access_log=None)


# --- a client worker -----------------------------------------------------------------------------
async def connect_all(url: str, count: int, on_state=None) -> list:
    import socketio

    from soupkitchen.server.push import WireJson

    gate = asyncio.Semaphore(50)

    async def one(index: int):
        client = socketio.AsyncClient(reconnection=False, json=WireJson)
        if on_state is not None:
            client.on("state", lambda data, i=index: on_state(i, data))
        async with gate:
            await client.connect(url, transports=["websocket"], wait_timeout=30)
        return client

    return await asyncio.gather(*(one(i) for i in range(count)))


async def echo_phase(url: str, clients_n: int, seconds: float, rng: random.Random,
                     echo_bytes: int) -> tuple[list[float], float]:
    clients = await connect_all(url, clients_n)
    print("ready", flush=True)
    await asyncio.get_running_loop().run_in_executor(None, sys.stdin.readline)
    samples: list[float] = []
    end = time.monotonic() + seconds
    cpu0 = time.process_time()
    payload = {"token": "x" * 32, "state_id": 12, "action": {"type": "change", "row": 1, "col": 2},
               "pad": "x" * echo_bytes}

    async def pace(client) -> None:
        await asyncio.sleep(rng.uniform(0, THINK[1] * 4))
        while time.monotonic() < end:
            sent = time.monotonic()
            await client.call("echo", payload, timeout=30)
            samples.append(time.monotonic() - sent)
            await asyncio.sleep(rng.uniform(*THINK) * 4)  # one move per table per think time

    await asyncio.gather(*(pace(c) for c in clients))
    cpu = time.process_time() - cpu0
    await asyncio.gather(*(c.disconnect() for c in clients))
    return samples, cpu


class Seat:
    def __init__(self, table: int, seat: int) -> None:
        self.index = table, seat  # global table number, seat number
        self.client = None
        self.token = ""
        self.table = ""
        self.view: dict | None = None
        self.state_id = -1
        self.changed = asyncio.Event()
        self.sent: tuple[int, float] | None = None  # (state id acted on, time sent)


def my_seats(tables: int, workers: int, me: int) -> list[Seat]:
    """Seat s of table t is played by worker (t + s) % workers: a table's clients share no process
    where there are enough workers, as players at a real table would not."""
    return [Seat(t, s) for t in range(tables) for s in range(4) if (t + s) % workers == me]


async def game_phase(args: argparse.Namespace, rng: random.Random) -> dict:
    seats = my_seats(args.tables, args.workers, args.index)
    latencies: list[float] = []
    counts = {"actions": 0, "refused": 0, "games": 0}

    def on_state(index: int, data: dict) -> None:
        seat = seats[index]
        if data["table"] != seat.table or data["state_id"] < seat.state_id:
            return
        if seat.sent is not None and data["state_id"] > seat.sent[0]:
            latencies.append(time.monotonic() - seat.sent[1])
            seat.sent = None
        if data["view"]["over"] and not (seat.view or {}).get("over") and seat.index[1] == 0:
            counts["games"] += 1
        seat.view, seat.state_id = data["view"], data["state_id"]
        seat.changed.set()

    for seat, client in zip(seats, await connect_all(args.url, len(seats), on_state), strict=True):
        seat.client = client
        await client.call("hello", {"protocol": 1, "client": "bench"})
    gate = asyncio.Semaphore(20)

    async def host(seat: Seat) -> None:
        async with gate:
            made = await seat.client.call("create_table", {"game": GAME, "seats": 4, "name": "Host",
                                                           "options": {"mode": "all-day"}})
        assert made["ok"], made
        seat.token, seat.table = made["token"], made["table"]["id"]

    hosts = [seat for seat in seats if seat.index[1] == 0]
    await asyncio.gather(*(host(seat) for seat in hosts))
    print("tables " + json.dumps({seat.index[0]: seat.table for seat in hosts}), flush=True)
    table_ids = {int(k): v for k, v in json.loads(sys.stdin.readline().split(" ", 1)[1]).items()}

    async def join(seat: Seat) -> None:
        seat.table = table_ids[seat.index[0]]
        async with gate:
            joined = await seat.client.call("join_table", {"table": seat.table, "name": "Guest", "seat": seat.index[1]})
        assert joined["ok"], joined
        seat.token = joined["token"]

    async def say_ready(seat: Seat) -> None:
        async with gate:
            said = await seat.client.call("ready", {"token": seat.token, "on": True})
        assert said["ok"], said

    guests = [seat for seat in seats if seat.index[1] != 0]
    await asyncio.gather(*(join(seat) for seat in guests))
    print("joined", flush=True)
    sys.stdin.readline()  # every table is full: a seat taken now would no longer clear anyone's ready
    await asyncio.gather(*(say_ready(seat) for seat in guests))
    print("said ready", flush=True)
    sys.stdin.readline()
    started = await asyncio.gather(*(seat.client.call("start", {"token": seat.token}) for seat in hosts))
    refused = [answer for answer in started if not answer["ok"]]
    assert not refused, refused[0]
    print("ready", flush=True)
    await asyncio.get_running_loop().run_in_executor(None, sys.stdin.readline)
    end = time.monotonic() + args.seconds
    cpu0 = time.process_time()

    async def play(seat: Seat) -> None:
        while time.monotonic() < end:
            if seat.view is None or not seat.view["legal_actions"]:
                seat.changed.clear()
                try:
                    await asyncio.wait_for(seat.changed.wait(), max(0.01, end - time.monotonic()))
                except TimeoutError:
                    pass
                continue
            state_id = seat.state_id
            await asyncio.sleep(rng.uniform(*THINK))
            if seat.state_id != state_id or seat.view is None or not seat.view["legal_actions"]:
                continue
            action = rng.choice(seat.view["legal_actions"])
            seat.sent = (state_id, time.monotonic())
            reply = await seat.client.call("act", {"token": seat.token, "state_id": state_id, "action": action},
                                           timeout=30)
            if reply["ok"]:
                counts["actions"] += 1
            else:
                seat.sent = None
                counts["refused"] += 1

    lags: list[float] = []

    async def watch_loop() -> None:
        """How late this client process's event loop runs a 50 ms timer: its own share of any latency."""
        while time.monotonic() < end:
            due = time.monotonic() + 0.05
            await asyncio.sleep(0.05)
            lags.append(time.monotonic() - due)

    await asyncio.gather(watch_loop(), *(play(seat) for seat in seats))
    cpu = time.process_time() - cpu0
    await asyncio.gather(*(s.client.disconnect() for s in seats))
    return {"latencies": latencies, "cpu_s": cpu, "loop_lag": lags, **counts}


async def worker(args: argparse.Namespace) -> None:
    rng = random.Random(os.getpid())
    echo, cpu = await echo_phase(args.echo_url, len(my_seats(args.tables, args.workers, args.index)),
                                 args.echo_seconds, rng, args.echo_bytes)
    print("result " + json.dumps({"echo": echo, "cpu_s": cpu}), flush=True)
    result = await game_phase(args, rng)
    print("result " + json.dumps(result), flush=True)


# --- the orchestrator ----------------------------------------------------------------------------
async def spawn(*argv: str, stdin: bool = False) -> asyncio.subprocess.Process:
    return await asyncio.create_subprocess_exec(
        sys.executable, *argv, cwd=ROOT, stdout=asyncio.subprocess.PIPE, limit=2**28,
        stdin=asyncio.subprocess.PIPE if stdin else None)


def server_metrics(port: int) -> dict:
    import urllib.request

    with urllib.request.urlopen(f"http://127.0.0.1:{port}/metrics", timeout=10) as response:
        return json.load(response)


async def wait_listening(port: int) -> None:
    for _ in range(200):
        try:
            _, writer = await asyncio.open_connection("127.0.0.1", port)
            writer.close()
            return
        except OSError:
            await asyncio.sleep(0.05)
    raise RuntimeError(f"nothing listens on port {port}")


async def phase(workers: list[asyncio.subprocess.Process], server_pid: int | None) -> tuple[list[dict], dict]:
    """Wait until every worker is ready, start them together, collect results and server usage."""
    import psutil

    for w in workers:
        line = (await w.stdout.readline()).decode()
        assert line.strip() == "ready", line
    process = psutil.Process(server_pid) if server_pid else None
    cpu0 = process.cpu_times() if process else None
    started = time.monotonic()
    for w in workers:
        w.stdin.write(b"go\n")
        await w.stdin.drain()
    results = []
    for w in workers:
        line = (await w.stdout.readline()).decode()
        assert line.startswith("result "), line
        results.append(json.loads(line[len("result "):]))
    wall = time.monotonic() - started
    usage = {"clients_cpu_percent": 100 * sum(r["cpu_s"] for r in results) / wall}
    if process:
        cpu1 = process.cpu_times()
        usage.update({"cpu_percent": 100 * (cpu1.user + cpu1.system - cpu0.user - cpu0.system) / wall,
                      "rss_mb": process.memory_info().rss / 2**20})
    return results, usage


async def seat_everyone(workers: list[asyncio.subprocess.Process]) -> None:
    """Hosts create the tables, every worker learns their ids and joins its seats, hosts start."""
    tables: dict[str, str] = {}
    for w in workers:
        line = (await w.stdout.readline()).decode()
        assert line.startswith("tables "), line
        tables.update(json.loads(line.split(" ", 1)[1]))
    for expected in ("joined", "said ready", None):
        for w in workers:
            w.stdin.write(("tables " + json.dumps(tables) + "\n").encode() if expected == "joined" else b"go on\n")
            await w.stdin.drain()
        if expected:
            for w in workers:
                line = (await w.stdout.readline()).decode()
                assert line.strip() == expected, line


async def orchestrate(args: argparse.Namespace) -> None:
    port, echo_port = free_port(), free_port()
    db = Path(tempfile.mkdtemp(prefix="soupkitchen-bench-")) / "bench.sqlite3"
    # every client comes from this one machine: no per-address limit
    server = await spawn("-m", "soupkitchen.server", "--host", "127.0.0.1", "--port", str(port), "--db", str(db),
                         "--no-discovery", "--max-connections-per-address", "0",
                         "--max-tables-per-address", "0", "--max-requests-per-address", "0")
    echo = await spawn(str(Path(__file__).resolve()), "--echo-server", "--port", str(echo_port))
    workers: list[asyncio.subprocess.Process] = []
    try:
        await wait_listening(port)
        await wait_listening(echo_port)
        workers_n = max(1, min(args.workers, args.tables * 4))
        for index in range(workers_n):
            workers.append(await spawn(
                str(Path(__file__).resolve()), "--worker", "--tables", str(args.tables), "--workers",
                str(workers_n), "--index", str(index), "--seconds", str(args.seconds), "--echo-seconds",
                str(args.echo_seconds), "--echo-bytes", str(args.echo_bytes), "--url", f"http://127.0.0.1:{port}",
                "--echo-url", f"http://127.0.0.1:{echo_port}", stdin=True))
        echo_results, echo_usage = await phase(workers, echo.pid)
        await seat_everyone(workers)
        game_results, usage = await phase(workers, server.pid)
        usage["metrics"] = await asyncio.to_thread(server_metrics, port)
        for w in workers:
            await w.wait()
    finally:
        for proc in (server, echo, *workers):
            if proc.returncode is None:
                proc.terminate()
                await proc.wait()
    echo_ms = [v * 1000 for r in echo_results for v in r["echo"]]
    lat_ms = [v * 1000 for r in game_results for v in r["latencies"]]
    actions = sum(r["actions"] for r in game_results)
    p50, p99, echo_p50 = percentile(lat_ms, 0.5), percentile(lat_ms, 0.99), percentile(echo_ms, 0.5)
    print(f"clients={args.tables * 4} client_processes={len(workers)} seconds={args.seconds} think={THINK} "
          f"cores={os.cpu_count()} loadavg_1m_at_end={os.getloadavg()[0]:.2f}")
    print(f"actions={actions} actions_per_s={actions / args.seconds:.1f} refused="
          f"{sum(r['refused'] for r in game_results)} games_finished={sum(r['games'] for r in game_results)}")
    print(f"action->view latency ms: p50={p50:.2f} p90={percentile(lat_ms, 0.9):.2f} p99={p99:.2f} "
          f"max={max(lat_ms, default=float('nan')):.2f} samples={len(lat_ms)}")
    inside = usage["metrics"]["latency_ms"]
    print(f"inside the server (action received -> actor's state push queued) ms: p50={inside['p50']} "
          f"p99={inside['p99']}; by stage: {usage['metrics'].get('stages_ms')}")
    lag_ms = [v * 1000 for r in game_results for v in r["loop_lag"]]
    print(f"client processes' event-loop lag ms: p50={percentile(lag_ms, 0.5):.2f} "
          f"p99={percentile(lag_ms, 0.99):.2f}")
    print(f"echo round trip ms: p50={echo_p50:.2f} p99={percentile(echo_ms, 0.99):.2f} samples={len(echo_ms)}")
    print(f"server: cpu={usage.get('cpu_percent', 0):.1f}% rss={usage.get('rss_mb', 0):.1f}MB; "
          f"echo server: cpu={echo_usage.get('cpu_percent', 0):.1f}% rss={echo_usage.get('rss_mb', 0):.1f}MB; "
          f"client processes: cpu={usage['clients_cpu_percent']:.1f}% (echo phase "
          f"{echo_usage['clients_cpu_percent']:.1f}%)")
    print(f"tables={args.tables} p50_ms={p50:.2f} p99_ms={p99:.2f} echo_p50_ms={echo_p50:.2f} "
          f"ratio={p50 / echo_p50:.2f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=250, help="tables of four clients (default 250)")
    parser.add_argument("--seconds", type=float, default=30.0, help="seconds of play measured (default 30)")
    parser.add_argument("--echo-seconds", type=float, default=None, help="seconds of echo baseline "
                        "(default: the same as --seconds)")
    parser.add_argument("--echo-bytes", type=int, default=0,
                        help="padding added to each echo request (default 0: an action-sized request)")
    parser.add_argument("--workers", type=int, default=2, help="client processes (default 2)")
    parser.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--index", type=int, default=0, help=argparse.SUPPRESS)
    parser.add_argument("--echo-server", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--port", type=int, default=0, help=argparse.SUPPRESS)
    parser.add_argument("--url", help=argparse.SUPPRESS)
    parser.add_argument("--echo-url", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.echo_seconds is None:
        args.echo_seconds = args.seconds
    if args.echo_server:
        run_echo_server(args.port)
    elif args.worker:
        asyncio.run(worker(args))
    else:
        asyncio.run(orchestrate(args))


if __name__ == "__main__":
    main()
