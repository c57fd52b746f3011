#!/usr/bin/env python3
"""Load test of the game server against a bare python-socketio server doing the same fan-out, on loopback.

Starts ``soupkitchen-server`` in its own process and client worker processes holding four real
socket.io clients per table. Every table plays Too Many Cooks at human pace (each move after 1-3 s
of thought); for each accepted action the bench records when it was sent, when the acting seat got
its new view, and when the LAST seat at the table got it (a cooperative real-time game: every chef
must see the move). The seats of a table live in different client processes, as players at a
real table would; they share the machine's monotonic clock.

Hundreds of clients in one process are not what a player runs: a collection of their heap, or a
busy moment of their event loop, would delay the arrivals they stamp and be counted against the
server. So each client process freezes its heap once everyone is seated and does not collect while
it measures, and it reports how late its own event loop ran (``client processes' event-loop lag``).
The server reports its own loop lag (and how much of it was its own work rather than waiting for a
core on a busy machine) and its collections, from ``GET /metrics``.

Then a bare python-socketio server (stock ``emit``, no rules, no database) does the same fan-out
for the same clients at the same pace: it receives the action, answers it, and sends each of the
table's four clients a payload of the size of the views our server sent them (the acting seat's
and the others'). ``ratio`` is our every-seat median over the bare one's.

    scripts/bench_server.py --tables 250 --seconds 60
    scripts/bench_server.py --tables 250 --seconds 20 --nodes 2   # then the same tables on two nodes
    scripts/bench_server.py --sizes     # each game's views per seat, raw and deflated

With ``--nodes N`` the same clients then play again on N server nodes (``--redis``, ``--postgres``)
on a Redis and a PostgreSQL the bench starts (as the tests do, PostgreSQL with ``fsync=off``): the
tables are spread over the nodes, each table's seats connected to the node that serves it (where a
client that followed its redirect is), and a line ``nodes=N ...`` compares the cluster's every-seat
latency with the single process's of the same run.

A move refused ``stale_state`` (another seat's move came first) is counted by cause: the newer
state was made before the move was sent, its push not yet read by the client, or after it. Then,
as the game's client does (``client/session.py``), the same move is sent once more on the newest
view if it is still legal there; ``met by players`` counts the refusals that stand (a player sees
"the table moved on"), per 1,000 accepted moves, for the single process and for the nodes. The
line also says how many accepted moves were answered before the mover's own view of the state they
made came.

The last line is ``tables=N all_p50_ms=.. all_p99_ms=.. actor_p50_ms=.. bare_all_p50_ms=..
bare_all_p99_ms=.. ratio=..``.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import json
import os
import random
import shutil
import socket
import statistics
import sys
import tempfile
import time
from functools import partial
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench_bare import GAME, SEATS, legal_share, view_sizes  # noqa: E402 - beside this script

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


# --- a client worker -----------------------------------------------------------------------------
class Seat:
    def __init__(self, table: int, seat: int) -> None:
        self.index = table, seat  # global table number, seat number
        self.client = None
        self.token = ""
        self.table = ""
        self.view: dict | None = None
        self.state_id = -1
        self.known = -1  # the newest state id an answer told of (its push may still be on its way)
        self.made: dict[int, float] = {}  # state id -> when the server made it (its push's server_time)
        self.changed = asyncio.Event()


class Record:
    """What one worker saw: each state push (table, seat, state id, arrival, bytes) and each accepted
    action (table, seat, new state id, sent)."""

    def __init__(self) -> None:
        self.arrivals: list[tuple[int, int, int, float, int]] = []
        self.sends: list[tuple[int, int, int, float]] = []
        self.refused = 0
        self.why: dict[str, int] = {}  # refusals by error code
        # stale_state refusals: the newer state made before the move was sent (its push not here yet)
        # or after (another seat's move came first); and those a player meets (``stale_line``)
        self.stale = {"push_late": 0, "race": 0, "sent_again": 0, "met": 0}
        self.answers = {"before_push": 0, "all": 0}  # accepted moves answered before the mover's view came

    def result(self, cpu_s: float, lags: list[float]) -> dict:
        return {"arrivals": self.arrivals, "sends": self.sends, "refused": self.refused, "why": self.why,
                "stale": self.stale, "answers": self.answers, "cpu_s": cpu_s, "loop_lag": lags}


def my_seats(tables: int, workers: int, me: int) -> list[Seat]:
    """Seat s of table t is played by worker (t + s) % workers: a table's clients share no process
    where there are enough workers, as players at a real table would not."""
    return [Seat(t, s) for t in range(tables) for s in range(SEATS) if (t + s) % workers == me]


async def connect_all(urls: list[str], seats: list[Seat], record: Record, compress: int, hello: bool = True) -> None:
    """Connect every seat, table t's to ``urls[t % len(urls)]`` (one server, or the node serving it);
    each says hello as soon as it is connected, as the game's client does (not to the bare server)."""
    import orjson
    import socketio

    from soupkitchen.shared.wire.codec import WireJson

    gate = asyncio.Semaphore(50)

    def on_state(seat: Seat, data: dict) -> None:
        record.arrivals.append((seat.index[0], seat.index[1], data["state_id"], time.monotonic(),
                                len(orjson.dumps(data))))
        if "server_time" in data:  # the server's clock is this machine's monotonic one (the bare has none)
            seat.made[data["state_id"]] = data["server_time"]
            if len(seat.made) > 64:
                del seat.made[min(seat.made)]
        if data["state_id"] >= seat.state_id:
            seat.view, seat.state_id = data["view"], data["state_id"]
            seat.changed.set()

    async def one(seat: Seat) -> None:
        client = socketio.AsyncClient(reconnection=False, json=WireJson,
                                      websocket_extra_options={"compress": compress})
        client.on("state", lambda data: on_state(seat, data))
        async with gate:
            await client.connect(urls[seat.index[0] % len(urls)], transports=["websocket"], wait_timeout=30)
            if hello:
                said = await client.call("hello", {"protocol": 1, "client": "bench"}, timeout=30)
                assert said["ok"], said
        seat.client = client

    await asyncio.gather(*(one(seat) for seat in seats))


async def seat_at_tables(seats: list[Seat]) -> None:
    """Hosts create the tables, every worker learns their ids and joins its seats, hosts start."""
    gate = asyncio.Semaphore(20)

    async def host(seat: Seat) -> None:
        async with gate:
            made = await seat.client.call("create_table", {"game": GAME, "seats": SEATS, "name": "Host",
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


async def play_phase(seats: list[Seat], record: Record, seconds: float, rng: random.Random, bare: bool) -> dict:
    """Every seat plays at human pace for ``seconds``; on the bare server any move will do."""
    from soupkitchen.shared.core import is_moment_action
    from soupkitchen.shared.registry import get_game

    gc.collect()
    gc.freeze()  # the clients, connected and seated: no later collection walks them
    print("ready", flush=True)
    await asyncio.get_running_loop().run_in_executor(None, sys.stdin.readline)
    record.arrivals.clear()
    gc.disable()  # no collection pauses this process while it measures (one is made between phases)
    end = time.monotonic() + seconds
    cpu0 = time.process_time()

    async def act(seat: Seat, state_id: int, action: dict) -> dict:
        """One move on ``state_id``; an accepted one is recorded, with whether its answer came before
        the mover's own view of the state it made."""
        payload = {"token": seat.token, "state_id": state_id, "action": action}
        if bare:
            payload = {**payload, "table": seat.table, "action": {"type": "change", "row": 1, "col": 2}}
        sent = time.monotonic()
        reply = await seat.client.call("act", payload, timeout=30)
        if reply["ok"]:
            record.sends.append((seat.index[0], seat.index[1], reply["state_id"], sent))
            seat.known = max(seat.known, reply["state_id"])
            record.answers["all"] += 1
            record.answers["before_push"] += seat.state_id < reply["state_id"]
        return reply | {"sent": sent}

    async def play(seat: Seat) -> None:
        while time.monotonic() < end:
            if seat.view is None or not seat.view["legal_actions"] or seat.state_id < seat.known:
                seat.changed.clear()  # nothing to do, or a view the answer to a move says is old
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
            reply = await act(seat, state_id, action)
            if reply["ok"]:
                continue
            code = reply["error"]["code"]
            record.refused += 1
            record.why[code] = record.why.get(code, 0) + 1
            if code == "stale_state" and not bare:
                # The state after the one moved on (pushed before this answer) was made before the
                # move was sent, its push not here yet, or after it, another seat's move first. Then,
                # as the game's client does (client/session.py), the same move once more on the
                # newest view if still legal there: a player meets the refusal only if it is not.
                made = seat.made.get(state_id + 1, float("inf"))
                record.stale["push_late" if made < reply["sent"] else "race"] += 1
                if seat.view is not None and action in seat.view["legal_actions"] and not moment(action):
                    if (await act(seat, seat.state_id, action))["ok"]:
                        record.stale["sent_again"] += 1
                        continue
                record.stale["met"] += 1

    lags: list[float] = []
    moment = partial(is_moment_action, get_game(GAME).facts)

    async def watch_loop() -> None:
        """How late this client process's event loop runs a 50 ms timer: its own share of any latency."""
        while time.monotonic() < end:
            due = time.monotonic() + 0.05
            await asyncio.sleep(0.05)
            lags.append(time.monotonic() - due)

    await asyncio.gather(watch_loop(), *(play(seat) for seat in seats))
    cpu = time.process_time() - cpu0
    gc.enable()
    await asyncio.gather(*(seat.client.disconnect() for seat in seats))
    return record.result(cpu, lags)


async def worker(args: argparse.Namespace) -> None:
    rng = random.Random(os.getpid())
    urls = args.url.split(",")
    while True:  # our server; then, told "servers URL,URL...", the same again on those (a cluster's nodes)
        seats, record = my_seats(args.tables, args.workers, args.index), Record()
        await connect_all(urls, seats, record, args.compress)
        await seat_at_tables(seats)
        print("result " + json.dumps(await play_phase(seats, record, args.seconds, rng, bare=False)), flush=True)
        kind, told = sys.stdin.readline().split(" ", 1)
        if kind != "servers":
            break
        urls = told.strip().split(",")
    bare_url = told.strip()
    for seat in seats:  # the same tables, seats and clients, on the bare server
        seat.table, seat.state_id, seat.known, seat.view = str(seat.index[0]), -1, -1, None
    record = Record()
    await connect_all([bare_url], seats, record, args.compress, hello=False)
    await asyncio.gather(*(seat.client.call("sit", {"table": seat.table, "seat": seat.index[1]}) for seat in seats))
    print("result " + json.dumps(await play_phase(seats, record, args.seconds, rng, bare=True)), flush=True)


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
    for _ in range(400):
        try:
            _, writer = await asyncio.open_connection("127.0.0.1", port)
            writer.close()
            return
        except OSError:
            await asyncio.sleep(0.05)
    raise RuntimeError(f"nothing listens on port {port}")


async def tell(workers: list[asyncio.subprocess.Process], line: str) -> None:
    for w in workers:
        w.stdin.write((line + "\n").encode())
        await w.stdin.drain()


async def phase(workers: list[asyncio.subprocess.Process], *server_pids: int) -> tuple[list[dict], dict]:
    """Wait until every worker is ready, start them together, collect results and the server
    processes' usage (summed)."""
    import psutil

    for w in workers:
        line = (await w.stdout.readline()).decode()
        assert line.strip() == "ready", line
    processes = [psutil.Process(pid) for pid in server_pids]

    def cpu_times() -> tuple[float, float]:
        times = [process.cpu_times() for process in processes]
        return sum(t.user for t in times), sum(t.system for t in times)

    cpu0 = cpu_times()
    started = time.monotonic()
    await tell(workers, "go")
    results = []
    for w in workers:
        line = (await w.stdout.readline()).decode()
        assert line.startswith("result "), line
        results.append(json.loads(line[len("result "):]))
    wall = time.monotonic() - started
    cpu1 = cpu_times()
    return results, {"clients_cpu_percent": 100 * sum(r["cpu_s"] for r in results) / wall,
                     "cpu_percent": 100 * (cpu1[0] + cpu1[1] - cpu0[0] - cpu0[1]) / wall,
                     "rss_mb": sum(process.memory_info().rss for process in processes) / 2**20}


async def seat_everyone(workers: list[asyncio.subprocess.Process]) -> None:
    tables: dict[str, str] = {}
    for w in workers:
        line = (await w.stdout.readline()).decode()
        assert line.startswith("tables "), line
        tables.update(json.loads(line.split(" ", 1)[1]))
    for expected in ("joined", "said ready"):
        await tell(workers, "tables " + json.dumps(tables) if expected == "joined" else "go on")
        for w in workers:
            line = (await w.stdout.readline()).decode()
            assert line.strip() == expected, line
    await tell(workers, "go on")


def stale_line(results: list[dict]) -> str:
    """The stale_state refusals: why, and how many a player meets; and how often an accepted move's
    answer came before the mover's own view of the state it made."""
    stale = {key: sum(r["stale"][key] for r in results) for key in ("push_late", "race", "sent_again", "met")}
    answers = {key: sum(r["answers"][key] for r in results) for key in ("before_push", "all")}
    per = 1000 / max(1, answers["all"])
    return (f"stale_state {stale['push_late'] + stale['race']}: the newer state made before the move was "
            f"sent (its push not read yet) {stale['push_late']}, after it (another seat's move first) "
            f"{stale['race']}; "
            f"sent again on the newest view as the game's client does and accepted {stale['sent_again']}; "
            f"met by players {stale['met']} ({stale['met'] * per:.2f} per 1,000 accepted moves); "
            f"answers before the mover's own view {answers['before_push']} of {answers['all']}")


def refusals(results: list[dict]) -> str:
    """The refused actions by error code, over every worker."""
    why: dict[str, int] = {}
    for result in results:
        for code, count in result.get("why", {}).items():
            why[code] = why.get(code, 0) + count
    return ", ".join(f"{code} {count}" for code, count in sorted(why.items())) or "none"


def timings(results: list[dict]) -> dict:
    """Per accepted action: the actor's wait for its view, and the wait until the last seat at the
    table had it; and the size of the views pushed for it."""
    arrivals = {(t, seat, k): (at, size) for r in results for t, seat, k, at, size in r["arrivals"]}
    actor, every, sizes, missing = [], [], [], 0
    for r in results:
        for t, seat, k, sent in r["sends"]:
            seen = [arrivals.get((t, s, k)) for s in range(SEATS)]
            if any(got is None for got in seen):  # sent just before the end: a view came after it
                missing += 1
                continue
            actor.append(1000 * (seen[seat][0] - sent))
            every.append(1000 * (max(at for at, _ in seen) - sent))
            sizes.append([seen[seat][1], *sorted((size for s, (_, size) in enumerate(seen) if s != seat),
                                                 reverse=True)])
    # the median push of the actor, of the largest other (the seat to move next), of the rest
    by_rank = [int(statistics.median(column)) for column in zip(*sizes, strict=True)] if sizes else [0] * SEATS
    return {"actor": actor, "all": every, "missing": missing, "sizes": by_rank[:3]}


async def orchestrate(args: argparse.Namespace) -> None:
    port, bare_port = free_port(), free_port()
    cluster: dict | None = None
    db = Path(tempfile.mkdtemp(prefix="soupkitchen-bench-")) / "bench.sqlite3"
    # every client comes from this one machine: no per-address limit
    server = await spawn("-m", "soupkitchen.server", "--host", "127.0.0.1", "--port", str(port), "--db", str(db),
                         "--no-discovery", "--max-connections-per-address", "0",
                         "--max-tables-per-address", "0", "--max-requests-per-address", "0", "--loop", args.loop)
    workers: list[asyncio.subprocess.Process] = []
    bare = None
    try:
        await wait_listening(port)
        workers_n = max(1, min(args.workers, args.tables * SEATS))
        for index in range(workers_n):
            workers.append(await spawn(
                str(Path(__file__).resolve()), "--worker", "--tables", str(args.tables), "--workers",
                str(workers_n), "--index", str(index), "--seconds", str(args.seconds),
                "--compress", str(args.compress), "--url", f"http://127.0.0.1:{port}", stdin=True))
        await seat_everyone(workers)
        game_results, usage = await phase(workers, server.pid)
        usage["metrics"] = await asyncio.to_thread(server_metrics, port)
        ours = timings(game_results)
        server.terminate()
        await server.wait()
        if args.nodes:
            cluster_results, cluster_usage = await on_nodes(args, workers)
            cluster = timings(cluster_results)
        bare = await spawn(str(Path(__file__).with_name("bench_bare.py")), "--port", str(bare_port),
                           "--view-bytes", ",".join(map(str, ours["sizes"])))
        await wait_listening(bare_port)
        await tell(workers, f"bare http://127.0.0.1:{bare_port}")
        bare_results, bare_usage = await phase(workers, bare.pid)
        theirs = timings(bare_results)
        for w in workers:
            await w.wait()
    finally:
        for proc in (server, bare, *workers):
            if proc is not None and proc.returncode is None:
                proc.terminate()
                await proc.wait()
        shutil.rmtree(db.parent, ignore_errors=True)  # the single process's database, once it has stopped
    every, actor, bare_every = ours["all"], ours["actor"], theirs["all"]
    p50, p99, actor_p50 = percentile(every, 0.5), percentile(every, 0.99), percentile(actor, 0.5)
    bare_p50, bare_p99 = percentile(bare_every, 0.5), percentile(bare_every, 0.99)
    print(f"clients={args.tables * SEATS} client_processes={len(workers)} seconds={args.seconds} think={THINK} "
          f"loop={args.loop} "
          f"compress={args.compress} cores={os.cpu_count()} loadavg_1m_at_end={os.getloadavg()[0]:.2f}")
    print(f"actions={len(every)} actions_per_s={len(every) / args.seconds:.1f} refused="
          f"{sum(r['refused'] for r in game_results)} ({refusals(game_results)}) unmatched={ours['missing']}")
    print(f"single process: {stale_line(game_results)}")
    actor_bytes, mover_bytes, other_bytes = ours["sizes"]
    print(f"view bytes per push (median, as JSON before compression): acting seat {actor_bytes}, seat to "
          f"move next {mover_bytes}, the others {other_bytes}; a fresh table: {legal_share()}")
    print(f"action -> acting seat's view ms: p50={actor_p50:.2f} p99={percentile(actor, 0.99):.2f}")
    print(f"action -> every seat's view ms: p50={p50:.2f} p90={percentile(every, 0.9):.2f} p99={p99:.2f} "
          f"max={max(every, default=float('nan')):.2f}")
    print("\n".join(inside_the_server("the server", usage["metrics"])))
    lag_ms = [v * 1000 for r in game_results for v in r["loop_lag"]]
    print(f"client processes' event-loop lag ms: p50={percentile(lag_ms, 0.5):.2f} "
          f"p99={percentile(lag_ms, 0.99):.2f}")
    print(f"bare fan-out: actor p50={percentile(theirs['actor'], 0.5):.2f} every seat p50={bare_p50:.2f} "
          f"p99={bare_p99:.2f} actions={len(bare_every)}")
    print(f"server: cpu={usage['cpu_percent']:.1f}% rss={usage['rss_mb']:.1f}MB; bare server: "
          f"cpu={bare_usage['cpu_percent']:.1f}% rss={bare_usage['rss_mb']:.1f}MB; client processes: "
          f"cpu={usage['clients_cpu_percent']:.1f}% (bare phase {bare_usage['clients_cpu_percent']:.1f}%)")
    if cluster is not None:
        c50, c99 = percentile(cluster["all"], 0.5), percentile(cluster["all"], 0.99)
        print(f"nodes={args.nodes} tables={args.tables} cluster_all_p50_ms={c50:.2f} cluster_all_p99_ms={c99:.2f} "
              f"actions={len(cluster['all'])} refused={sum(r['refused'] for r in cluster_results)} "
              f"({refusals(cluster_results)}) "
              f"cpu={cluster_usage['cpu_percent']:.1f}% rss={cluster_usage['rss_mb']:.1f}MB (all nodes); "
              f"single process: all_p50_ms={p50:.2f} all_p99_ms={p99:.2f}; overhead_p50={c50 / p50:.2f}x "
              f"overhead_p99={c99 / p99:.2f}x")
        print(f"nodes={args.nodes}: {stale_line(cluster_results)}")
        for number, metrics in enumerate(cluster_usage["metrics"], 1):
            print("\n".join(inside_the_server(f"node {number}", metrics)))
    print(f"tables={args.tables} all_p50_ms={p50:.2f} all_p99_ms={p99:.2f} actor_p50_ms={actor_p50:.2f} "
          f"bare_all_p50_ms={bare_p50:.2f} bare_all_p99_ms={bare_p99:.2f} ratio={p50 / bare_p50:.2f}")


def inside_the_server(name: str, metrics: dict) -> list[str]:
    """What a server's ``GET /metrics`` says of its own share of the latency."""
    inside = metrics["latency_ms"]
    lines = [f"inside {name} (action received -> actor's state push queued) ms: p50={inside['p50']} "
             f"p99={inside['p99']}; by stage: {metrics.get('stages_ms')}"]
    if "table_memory" in metrics:
        each = metrics["table_memory"]["playing"]["bytes_each"]
        lines.append(f"{name}'s tables in memory: {metrics['table_memory']['playing']['tables']} playing, "
                     f"{'-' if each is None else round(each / 1024, 1)} KB each (GET /metrics' table_memory)")
    if "loop_lag_ms" in metrics:
        lines.append(f"{name}'s event-loop lag ms: p50={metrics['loop_lag_ms']['p50']} p99={metrics['loop_lag_ms']['p99']} "
                     f"max={metrics['loop_lag_ms']['max']} (of which it was working: p99="
                     f"{metrics['loop_lag_working_ms']['p99']}; the rest it waited for a core); garbage collections "
                     f"by generation {metrics['gc']['collections']}, pause ms p99={metrics['gc']['pause_ms']['p99']} "
                     f"max={metrics['gc']['pause_ms']['max']}")
    return lines


async def on_nodes(args: argparse.Namespace, workers: list[asyncio.subprocess.Process]) -> tuple[list[dict], dict]:
    """The same tables again on ``args.nodes`` server nodes, on a Redis and a PostgreSQL of the bench's own."""
    from contextlib import ExitStack

    from tests.services import Postgres, Redis

    nodes: list[asyncio.subprocess.Process] = []
    with ExitStack() as services:
        redis = Redis()
        services.callback(redis.stop)
        postgres = Postgres()
        services.callback(postgres.stop)
        dsn = services.enter_context(postgres.database())
        try:
            ports = [free_port() for _ in range(args.nodes)]
            for port in ports:
                nodes.append(await spawn(
                    "-m", "soupkitchen.server", "--host", "127.0.0.1", "--port", str(port), "--postgres", dsn,
                    "--redis", redis.url, "--no-discovery", "--max-connections-per-address", "0",
                    "--max-tables-per-address", "0", "--max-requests-per-address", "0", "--loop", args.loop))
            for port in ports:
                await wait_listening(port)
            await tell(workers, "servers " + ",".join(f"http://127.0.0.1:{port}" for port in ports))
            await seat_everyone(workers)
            results, usage = await phase(workers, *(node.pid for node in nodes))
            usage["metrics"] = [await asyncio.to_thread(server_metrics, port) for port in ports]
            return results, usage
        finally:
            for node in nodes:
                if node.returncode is None:
                    node.terminate()
                    await node.wait()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=250, help="tables of four clients (default 250)")
    parser.add_argument("--seconds", type=float, default=30.0, help="seconds of play measured, each phase (default 30)")
    parser.add_argument("--workers", type=int, default=2, help="client processes (default 2)")
    parser.add_argument("--compress", type=int, default=15, choices=[0, *range(9, 16)],
                        help="permessage-deflate window bits the clients offer, as the game client "
                             "does; 0: none (default %(default)s)")
    parser.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--index", type=int, default=0, help=argparse.SUPPRESS)
    parser.add_argument("--url", help=argparse.SUPPRESS)
    parser.add_argument("--loop", choices=("auto", "asyncio", "uvloop"), default="auto",
                        help="our server's event loop, as soupkitchen-server --loop (default %(default)s); "
                             "the bare server and the clients run on asyncio's own")
    parser.add_argument("--nodes", type=int, default=0, metavar="N",
                        help="then play the same tables on N server nodes on a Redis and a PostgreSQL the bench "
                             "starts (needs both installed, and the dev extra)")
    parser.add_argument("--sizes", action="store_true",
                        help="only print each game's view sizes per seat, raw and deflated, and stop")
    args = parser.parse_args()
    if args.sizes:
        print("\n".join(view_sizes()))
    elif args.worker:
        asyncio.run(worker(args))
    else:
        asyncio.run(orchestrate(args))


if __name__ == "__main__":
    main()
