#!/usr/bin/env python3
"""Load test of the game server: N Too Many Cooks tables of four clients each, on loopback.

Starts ``soupkitchen-server`` in its own process and client processes (``--workers``, 4 by
default) holding four light clients per table (``bench_wire.py``: one websocket each, speaking
Engine.IO and Socket.IO by hand, on uvloop where it is installed), so that the clients cost the
machine little next to the server they measure. Every table plays at human pace (each move after
1-3 s of thought); for each accepted action the bench records when it was sent, when the acting
seat got its new view, and when the LAST seat at the table got it (a cooperative real-time game:
every chef must see the move). The tables start playing at moments spread over the first
``--stagger`` seconds (10) of a ``--warmup`` (15 s) that is not measured, as a server's tables do
not all begin in one second; the ``--seconds`` after it are. The seats of a table live in
different client processes, as players at a real table would; they share the machine's monotonic
clock. The clients say ``deltas`` in
their hello and apply the server's patches (``--full-views``: they get every view whole, the
reference protocol, which an older server speaks too).

Each client process freezes its heap once everyone is seated and does not collect while it
measures, and reports how late its own event loop ran. The server reports its own loop lag (and how
much of it was its own work rather than waiting for a core on a busy machine) and its collections,
from ``GET /metrics``; the bench reads the server process's CPU time over the play and its resident
memory (at the end, and at its most, read every half second). The machine's load average is
printed at the start and the end: on a machine shared with other work, compare runs made one after
the other, alternating what is compared.

The primary figure of the server's own cost is its CPU time per action applied (and per view
pushed) over the measured seconds, which a machine busy with other work inflates far less than it
does latencies; beside it the server's CPU while every client sits seated and idle for ``--idle``
seconds (its pings and timers), and the CPU per action beyond that.

A run that does not finish is a failure: a client process that fails (a request unanswered for 30
s, a request refused while seating), a server that stops, or a step that takes more than five
minutes prints ``run failed: CAUSE``, what the server said of its pauses if it still answers, and
the last lines of the server's log, and exits with status 1. A phase that loses connections or
leaves a move unanswered says so (``run failed``, each lost connection as its client saw it, with
the lines of the server's log that name its session) and prints what it measured; with ``--nodes``
the nodes' phase still runs; the run exits with status 1 and its last line says ``finished=no``.

    scripts/bench_server.py --tables 1000 --seconds 30
    scripts/bench_server.py --tables 1000 --seconds 30 --full-views --server-tree /tmp/before/pkg
    scripts/bench_server.py --tables 250 --seconds 20 --nodes 2   # then the same tables on two nodes
    scripts/bench_server.py --tables 250 --bare      # then on a bare python-socketio server
    scripts/bench_server.py --sizes     # each game's views per seat, raw and deflated

``--server-tree DIR`` runs the server from another tree's ``soupkitchen`` package (a folder
holding ``soupkitchen/{server,shared,client,assets}``, say an older commit's ``git archive``), for
runs before and after a change with the same clients. With ``--nodes N`` the same clients then play
again on N server nodes (``--redis``, ``--postgres``) on a Redis and a PostgreSQL the bench starts
(as the tests do, PostgreSQL with ``fsync=off``): the tables are spread over the nodes, each
table's seats connected to the node that serves it, and a line ``nodes=N ...`` compares the
cluster's every-seat latency with the single process's of the same run. With ``--bare`` a bare
python-socketio server (stock ``emit``, no rules, no database) then does the same fan-out for the
same clients at the same pace, each view of the size ours sent (``ratio`` is our every-seat median
over the bare one's).

A move refused ``stale_state`` (another seat's move came first) is counted by cause: the newer
state was made before the move was sent, its push not yet read by the client, or after it. Then,
as the game's client does (``client/net/session.py``), the same move is sent once more on the newest
view if it is still legal there; ``met by players`` counts the refusals that stand (a player sees
"the table moved on"), per 1,000 accepted moves, for the single process and for the nodes. The
line also says how many accepted moves were answered before the mover's own view of the state they
made came.

The last line is ``tables=N all_p50_ms=.. all_p99_ms=.. actor_p50_ms=.. cpu_pct=.. rss_mb=..
cpu_ms_per_action=.. idle_cpu_pct=.. loadavg_1m=.. finished=yes|no`` (and with ``--bare``:
``bare_all_p50_ms=.. bare_all_p99_ms=.. ratio=..``).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import gc
import json
import os
import random
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
from bench_wire import WireClient, WireError, apply_patch  # noqa: E402

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
        self.client: WireClient | None = None
        self.token = ""
        self.table = ""
        self.view: dict | None = None
        self.state_id = -1
        self.known = -1  # the newest state id an answer told of (its push may still be on its way)
        self.made: dict[int, float] = {}  # state id -> when the server made it (its push's server_time)
        self.changed = asyncio.Event()
        self.resyncing = False


class Record:
    """What one worker saw: each view's arrival (table, seat, state id, arrival, characters) and each
    accepted action (table, seat, new state id, sent)."""

    def __init__(self) -> None:
        self.arrivals: list[tuple[int, int, int, float, int]] = []
        self.sends: list[tuple[int, int, int, float]] = []
        self.refused = 0
        self.why: dict[str, int] = {}  # refusals by error code
        self.deltas = self.full = self.resyncs = 0
        self.accepted = self.pushes = 0  # actions accepted and views received in the measured seconds
        self.failed: list[str] = []  # connections lost (why, as the client saw it) and moves unanswered
        # stale_state refusals: the newer state made before the move was sent (its push not here yet)
        # or after (another seat's move came first); and those a player meets (``stale_line``)
        self.stale = {"push_late": 0, "race": 0, "sent_again": 0, "met": 0}
        self.answers = {"before_push": 0, "all": 0}  # accepted moves answered before the mover's view came

    def result(self, cpu_s: float, lags: list[float]) -> dict:
        return {
            "arrivals": self.arrivals,
            "sends": self.sends,
            "refused": self.refused,
            "why": self.why,
            "stale": self.stale,
            "answers": self.answers,
            "cpu_s": cpu_s,
            "loop_lag": lags,
            "deltas": self.deltas,
            "full": self.full,
            "resyncs": self.resyncs,
            "accepted": self.accepted,
            "pushes": self.pushes,
            "failed": self.failed,
        }


def my_seats(tables: int, workers: int, me: int) -> list[Seat]:
    """Seat s of table t is played by worker (t + s) % workers: a table's clients share no process
    where there are enough workers, as players at a real table would not."""
    return [Seat(t, s) for t in range(tables) for s in range(SEATS) if (t + s) % workers == me]


def on_push(seat: Seat, record: Record, event: str, data: dict, size: int) -> None:
    """A view for the seat: whole (``state``) or as the changes since the one before (``delta``)."""
    if event == "state":
        record.full += 1
        seat.view, seat.state_id, seat.resyncing = data["view"], data["state_id"], False
    elif event == "delta":
        record.deltas += 1
        if seat.view is None or data["state_id"] <= seat.state_id:  # a whole view is on its way, or old news
            return
        if data["base"] != seat.state_id:  # missed one: ask for the whole view
            if not seat.resyncing and seat.client is not None:
                seat.resyncing = True
                record.resyncs += 1
                asyncio.ensure_future(seat.client.call("resync", {"table": data["table"]}))
            return
        seat.view, seat.state_id = apply_patch(seat.view, data["patch"]), data["state_id"]
    else:
        return
    if "server_time" in data:  # the server's clock is this machine's monotonic one (the bare has none)
        seat.made[data["state_id"]] = data["server_time"]
        if len(seat.made) > 64:
            del seat.made[min(seat.made)]
    record.arrivals.append((seat.index[0], seat.index[1], data["state_id"], time.monotonic(), size))
    seat.changed.set()


async def connect_all(
    http, urls: list[str], seats: list[Seat], record: Record, args: argparse.Namespace, hello: bool = True
) -> None:
    """Connect every seat, table t's to ``urls[t % len(urls)]`` (one server, or the node serving it);
    each says hello as soon as it is connected, as the game's client does (not to the bare server)."""
    gate = asyncio.Semaphore(50)
    greeting = {"protocol": 1, "client": "bench"} | ({} if args.full_views else {"deltas": True})

    async def one(seat: Seat) -> None:
        seat.client = WireClient(
            http,
            urls[seat.index[0] % len(urls)],
            lambda event, data, size: on_push(seat, record, event, data, size),
            args.compress,
        )
        async with gate:
            await seat.client.connect()
            if hello:
                said = await seat.client.call("hello", greeting)
                if not said["ok"]:
                    raise WireError(f"hello refused: {said['error']}")

    await asyncio.gather(*(one(seat) for seat in seats))


def answered(answer: dict, what: str) -> dict:
    if not answer.get("ok"):
        raise WireError(f"{what} refused: {answer.get('error')}")
    return answer


async def seat_at_tables(seats: list[Seat]) -> None:
    """Hosts create the tables, every worker learns their ids and joins its seats, hosts start."""
    gate = asyncio.Semaphore(20)

    async def host(seat: Seat) -> None:
        async with gate:
            made = answered(
                await seat.client.call(
                    "create_table",
                    {"game": GAME, "seats": SEATS, "name": "Host", "options": {"mode": "all-day"}},
                ),
                "create_table",
            )
        seat.token, seat.table = made["token"], made["table"]["id"]

    hosts = [seat for seat in seats if seat.index[1] == 0]
    await asyncio.gather(*(host(seat) for seat in hosts))
    say("tables " + json.dumps({seat.index[0]: seat.table for seat in hosts}))
    table_ids = {int(k): v for k, v in json.loads((await read_line()).split(" ", 1)[1]).items()}

    async def join(seat: Seat) -> None:
        seat.table = table_ids[seat.index[0]]
        async with gate:
            joined = answered(
                await seat.client.call(
                    "join_table", {"table": seat.table, "name": "Guest", "seat": seat.index[1]}
                ),
                "join_table",
            )
        seat.token = joined["token"]

    async def say_ready(seat: Seat) -> None:
        async with gate:
            answered(await seat.client.call("ready", {"token": seat.token, "on": True}), "ready")

    guests = [seat for seat in seats if seat.index[1] != 0]
    await asyncio.gather(*(join(seat) for seat in guests))
    say("joined")
    await read_line()  # every table is full: a seat taken now would no longer clear anyone's ready
    await asyncio.gather(*(say_ready(seat) for seat in guests))
    say("said ready")
    await read_line()
    for answer in await asyncio.gather(*(seat.client.call("start", {"token": seat.token}) for seat in hosts)):
        answered(answer, "start")


async def play_phase(
    seats: list[Seat], record: Record, args: argparse.Namespace, rng: random.Random, bare: bool
) -> dict:
    """Every seat plays at human pace for the warm-up and ``seconds`` more, its table starting at a
    moment of the first ``stagger`` seconds; what the last ``seconds`` saw is measured. On the bare
    server any move will do."""
    from soupkitchen.shared.core import is_moment_action
    from soupkitchen.shared.registry import get_game

    gc.collect()
    gc.freeze()  # the clients, connected and seated: no later collection walks them
    say("ready")
    await read_line()
    record.arrivals.clear()
    gc.disable()  # no collection pauses this process while it measures (one is made between phases)
    measured = time.monotonic() + args.warmup
    end = measured + args.seconds
    cpu0 = [time.process_time()]

    async def from_measuring() -> None:
        await asyncio.sleep(args.warmup)
        cpu0[0] = time.process_time()

    async def act(seat: Seat, state_id: int, action: dict) -> dict | None:
        """One move on ``state_id``; an accepted one that was sent in the measured seconds is
        recorded, with whether its answer came before the mover's own view of the state it made.
        None: the connection was lost or the move unanswered (recorded as a failure)."""
        payload = {"token": seat.token, "state_id": state_id, "action": action}
        if bare:
            payload = {**payload, "table": seat.table, "action": {"type": "change", "row": 1, "col": 2}}
        sent = time.monotonic()
        try:
            reply = await seat.client.call("act", payload, timeout=30)
        except WireError as err:
            record.failed.append(f"seat {seat.index}: {err}")
            return None
        if reply["ok"]:
            seat.known = max(seat.known, reply["state_id"])
            record.accepted += measured <= sent < end
            if sent >= measured:
                record.sends.append((seat.index[0], seat.index[1], reply["state_id"], sent))
                record.answers["all"] += 1
                record.answers["before_push"] += seat.state_id < reply["state_id"]
        return reply | {"sent": sent}

    async def play(seat: Seat) -> None:
        await asyncio.sleep(min(args.stagger, args.warmup) * (seat.index[0] * 7919 % 1000) / 1000)
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
            if reply is None:  # a connection lost or a move unanswered: said at the end, the rest go on
                return
            if reply["ok"] or reply["sent"] < measured:
                continue
            code = reply["error"]["code"]
            record.refused += 1
            record.why[code] = record.why.get(code, 0) + 1
            if code == "stale_state" and not bare:
                # The state after the one moved on (pushed before this answer) was made before the
                # move was sent, its push not here yet, or after it, another seat's move first. Then,
                # as the game's client does (client/net/session.py), the same move once more on the
                # newest view if still legal there: a player meets the refusal only if it is not.
                made = seat.made.get(state_id + 1, float("inf"))
                record.stale["push_late" if made < reply["sent"] else "race"] += 1
                if seat.view is not None and action in seat.view["legal_actions"] and not moment(action):
                    again = await act(seat, seat.state_id, action)
                    if again is None:
                        return
                    if again["ok"]:
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
            if due > measured:
                lags.append(time.monotonic() - due)

    await asyncio.gather(watch_loop(), from_measuring(), *(play(seat) for seat in seats))
    cpu = time.process_time() - cpu0[0]
    gc.enable()
    record.pushes = sum(measured <= at < end for *_, at, _size in record.arrivals)
    record.failed.extend(
        f"seat {seat.index}: {seat.client.lost}"
        for seat in seats
        if seat.client is not None and seat.client.lost
    )
    await asyncio.gather(*(seat.client.close() for seat in seats))
    return record.result(cpu, lags)


def say(line: str) -> None:
    print(line, flush=True)


async def read_line() -> str:
    line = await asyncio.get_running_loop().run_in_executor(None, sys.stdin.readline)
    if not line:
        raise WireError("the bench's orchestrator has gone")
    return line


async def worker(args: argparse.Namespace) -> None:
    import aiohttp

    rng = random.Random(os.getpid())
    urls = args.url.split(",")
    async with aiohttp.ClientSession(connector=aiohttp.TCPConnector(limit=0)) as http:
        while True:  # our server; then, told "servers URL,URL...", the same on those (a cluster's nodes)
            seats, record = my_seats(args.tables, args.workers, args.index), Record()
            await connect_all(http, urls, seats, record, args)
            await seat_at_tables(seats)
            say("result " + json.dumps(await play_phase(seats, record, args, rng, bare=False)))
            kind, told = (await read_line()).split(" ", 1)
            if kind != "servers":
                break
            urls = told.strip().split(",")
        if kind != "bare":
            return
        bare_url = told.strip()
        for seat in seats:  # the same tables, seats and clients, on the bare server
            seat.table, seat.state_id, seat.known, seat.view = str(seat.index[0]), -1, -1, None
        record = Record()
        await connect_all(http, [bare_url], seats, record, args, hello=False)
        await asyncio.gather(
            *(seat.client.call("sit", {"table": seat.table, "seat": seat.index[1]}) for seat in seats)
        )
        say("result " + json.dumps(await play_phase(seats, record, args, rng, bare=True)))


def run_worker(args: argparse.Namespace) -> None:
    try:
        import uvloop
    except ImportError:
        uvloop = None
    try:
        if uvloop is not None:
            uvloop.run(worker(args))
        else:
            asyncio.run(worker(args))
    except Exception as err:  # the orchestrator reports the run as failed, with this reason
        say(f"failed worker {args.index}: {err!r}"[:400])
        sys.exit(1)


# --- the orchestrator ----------------------------------------------------------------------------
class BenchFailed(Exception):
    """The run did not finish: a client process failed, a connection was lost, a server stopped."""


STEP_TIMEOUT = 300.0  # seconds the orchestrator waits for one step of every worker (connecting 4,000 clients)


async def spawn(
    *argv: str, stdin: bool = False, log: Path | None = None, env: dict[str, str] | None = None
) -> asyncio.subprocess.Process:
    """A process of this Python; a server's output goes to ``log`` (read back when a run fails)."""
    out = open(log, "ab") if log is not None else asyncio.subprocess.PIPE  # noqa: SIM115 - the child keeps it
    return await asyncio.create_subprocess_exec(
        sys.executable,
        *argv,
        cwd=ROOT,
        stdout=out,
        stderr=out if log is not None else None,
        limit=2**28,
        stdin=asyncio.subprocess.PIPE if stdin else None,
        env=env,
    )


def server_env(tree: str | None) -> dict[str, str] | None:
    """The environment of a server run from another tree (``--server-tree``: a folder holding a
    ``soupkitchen`` package, such as an older commit's, for before-and-after runs)."""
    if tree is None:
        return None
    return {**os.environ, "PYTHONPATH": tree}


def server_metrics(port: int) -> dict:
    import urllib.request

    with urllib.request.urlopen(f"http://127.0.0.1:{port}/metrics", timeout=10) as response:
        return json.load(response)


async def wait_listening(port: int, process: asyncio.subprocess.Process | None = None) -> None:
    for _ in range(600):
        if process is not None and process.returncode is not None:
            raise BenchFailed(
                f"the server on port {port} stopped at start-up (exit code {process.returncode})"
            )
        try:
            _, writer = await asyncio.open_connection("127.0.0.1", port)
            writer.close()
            return
        except OSError:
            await asyncio.sleep(0.05)
    raise BenchFailed(f"nothing listens on port {port} after 30 s")


async def tell(workers: list[asyncio.subprocess.Process], line: str) -> None:
    for w in workers:
        w.stdin.write((line + "\n").encode())
        await w.stdin.drain()


async def expect(w: asyncio.subprocess.Process, prefix: str, timeout: float = STEP_TIMEOUT) -> str:
    """The worker's next line, which must start with ``prefix``; BenchFailed with the cause otherwise."""
    try:
        line = (await asyncio.wait_for(w.stdout.readline(), timeout)).decode()
    except TimeoutError:
        raise BenchFailed(
            f"a client process said nothing for {timeout:g} s (waiting for {prefix!r})"
        ) from None
    if not line:
        raise BenchFailed(
            f"a client process ended (exit code {await w.wait()}) while the bench waited for {prefix!r}"
        )
    if line.startswith("failed"):
        raise BenchFailed(line.strip())
    if not line.startswith(prefix):
        raise BenchFailed(f"a client process said {line[:200]!r} where the bench waited for {prefix!r}")
    return line


class Usage:
    """The server processes' CPU time and memory while the clients play: CPU over the phase, and the
    resident memory at its most (read every half second) and at its end."""

    def __init__(self, pids: tuple[int, ...]) -> None:
        import psutil

        self.processes = [psutil.Process(pid) for pid in pids]
        self.peak = 0.0
        self.started = time.monotonic()
        self.cpu0 = self.cpu()
        self.sampler = asyncio.ensure_future(self.sample())

    def cpu(self) -> float:
        return sum(t.user + t.system for t in (p.cpu_times() for p in self.processes))

    def system(self) -> float:
        """The CPU time the servers spent in the kernel (their sockets' reads and writes, mostly)."""
        return sum(p.cpu_times().system for p in self.processes)

    def rss_mb(self) -> float:
        return sum(p.memory_info().rss for p in self.processes) / 2**20

    async def sample(self) -> None:
        while True:
            self.peak = max(self.peak, self.rss_mb())
            await asyncio.sleep(0.5)

    def done(self, clients_cpu_s: float) -> dict:
        self.sampler.cancel()
        wall = time.monotonic() - self.started
        rss = self.rss_mb()
        return {
            "cpu_percent": 100 * (self.cpu() - self.cpu0) / wall,
            "rss_mb": rss,
            "peak_rss_mb": max(self.peak, rss),
            "clients_cpu_percent": 100 * clients_cpu_s / wall,
        }


async def phase(
    workers: list[asyncio.subprocess.Process],
    args: argparse.Namespace,
    server_pids: tuple[int, ...],
    ports: tuple[int, ...] = (),
) -> tuple[list[dict], dict]:
    """Wait until every worker is ready, start them together, collect results and the server
    processes' usage (summed) after the warm-up; and over the measured seconds alone, the servers'
    CPU time and the actions they applied (``GET /metrics`` of each of ``ports``)."""
    for w in workers:
        await expect(w, "ready")
    idle = Usage(server_pids)  # every client connected and seated, none playing: the pings' cost
    await asyncio.sleep(args.idle)
    idle_cpu_s = idle.cpu() - idle.cpu0
    idle.sampler.cancel()
    await tell(workers, "go")
    await asyncio.sleep(args.warmup)
    usage = Usage(server_pids)
    cpu0, system0, applied0 = usage.cpu(), usage.system(), await applied(ports)
    await asyncio.sleep(args.seconds)
    cpu1, system1, applied1 = usage.cpu(), usage.system(), await applied(ports)
    results = []
    for w in workers:
        line = await expect(w, "result ")
        results.append(json.loads(line[len("result ") :]))
    done = usage.done(sum(r["cpu_s"] for r in results))
    done["measured"] = {
        "cpu_s": cpu1 - cpu0,
        "system_s": system1 - system0,
        "applied": 0 if applied0 is None or applied1 is None else applied1 - applied0,
        "idle_cpu_s": idle_cpu_s,
        "idle_s": args.idle,
        "seconds": args.seconds,
        "accepted": sum(r["accepted"] for r in results),
        "pushes": sum(r["pushes"] for r in results),
    }
    return results, done


async def applied(ports: tuple[int, ...]) -> int | None:
    """The actions the servers on ``ports`` have applied so far (players', bots' and timeouts); None
    if one did not answer (a server held up for seconds)."""
    total = 0
    for port in ports:
        try:
            total += (await asyncio.to_thread(server_metrics, port))["actions_total"]
        except (OSError, KeyError, ValueError):
            return None
    return total


def per_move(name: str, usage: dict) -> str:
    """The servers' CPU time per action applied and per view pushed, over the measured seconds: the
    work a move costs, which a machine busy with other work does not inflate as it does latencies."""
    m = usage["measured"]
    idle_pct = 100 * m["idle_cpu_s"] / m["idle_s"] if m["idle_s"] else float("nan")
    beyond = m["cpu_s"] - (m["idle_cpu_s"] / m["idle_s"] * m["seconds"] if m["idle_s"] else 0.0)
    per_action = 1000 * m["cpu_s"] / m["applied"] if m["applied"] else float("nan")
    per_push = 1000 * m["cpu_s"] / m["pushes"] if m["pushes"] else float("nan")
    moves_alone = 1000 * beyond / m["applied"] if m["applied"] else float("nan")
    return (
        f"{name}: cpu_ms_per_action={per_action:.3f} cpu_ms_per_push={per_push:.3f} "
        f"idle_cpu_pct={idle_pct:.1f} cpu_ms_per_action_beyond_idle={moves_alone:.3f} "
        f"(cpu {m['cpu_s']:.2f} s over the measured seconds, {m['system_s']:.2f} s of it in the kernel, "
        f"actions applied {m['applied']}, "
        f"accepted by the clients {m['accepted']}, views received {m['pushes']}; "
        f"{m['idle_s']:g} s with every client seated and none playing: cpu {m['idle_cpu_s']:.2f} s)"
    )


def failures(name: str, results: list[dict], logs: Path) -> list[str]:
    """What failed in a phase (connections lost, moves unanswered), each lost connection with the
    lines of the servers' logs that name its session."""
    failed = [f for r in results for f in r.get("failed", [])]
    if not failed:
        return []
    lines = [f"{name}: run failed: {len(failed)} connections lost or moves unanswered while playing"]
    texts = [log.read_text(errors="replace").splitlines() for log in sorted(logs.glob("*.log"))]
    for what in failed[:10]:
        lines.append(f"  {what}")
        session = what.split("; session ", 1)[1].split(",", 1)[0] if "; session " in what else ""
        if session:
            lines.extend(
                f"    server log: {line[:300]}" for text in texts for line in text if session in line
            )
    return lines


async def seat_everyone(workers: list[asyncio.subprocess.Process]) -> None:
    tables: dict[str, str] = {}
    for w in workers:
        line = await expect(w, "tables ")
        tables.update(json.loads(line.split(" ", 1)[1]))
    for expected in ("joined", "said ready"):
        await tell(workers, "tables " + json.dumps(tables) if expected == "joined" else "go on")
        for w in workers:
            await expect(w, expected)
    await tell(workers, "go on")


def stale_line(results: list[dict]) -> str:
    """The stale_state refusals: why, and how many a player meets; and how often an accepted move's
    answer came before the mover's own view of the state it made."""
    stale = {key: sum(r["stale"][key] for r in results) for key in ("push_late", "race", "sent_again", "met")}
    answers = {key: sum(r["answers"][key] for r in results) for key in ("before_push", "all")}
    per = 1000 / max(1, answers["all"])
    return (
        f"stale_state {stale['push_late'] + stale['race']}: the newer state made before the move was "
        f"sent (its push not read yet) {stale['push_late']}, after it (another seat's move first) "
        f"{stale['race']}; "
        f"sent again on the newest view as the game's client does and accepted {stale['sent_again']}; "
        f"met by players {stale['met']} ({stale['met'] * per:.2f} per 1,000 accepted moves); "
        f"answers before the mover's own view {answers['before_push']} of {answers['all']}"
    )


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
            sizes.append(
                [
                    seen[seat][1],
                    *sorted((size for s, (_, size) in enumerate(seen) if s != seat), reverse=True),
                ]
            )
    # the median push of the actor, of the largest other (the seat to move next), of the rest
    by_rank = (
        [int(statistics.median(column)) for column in zip(*sizes, strict=True)] if sizes else [0] * SEATS
    )
    pushes = {key: sum(r.get(key, 0) for r in results) for key in ("full", "deltas", "resyncs")}
    return {"actor": actor, "all": every, "missing": missing, "sizes": by_rank[:3], **pushes}


def load() -> str:
    one, five, _ = os.getloadavg()
    return f"{one:.2f}/{five:.2f}"


async def orchestrate(args: argparse.Namespace) -> None:
    logs = Path(tempfile.mkdtemp(prefix="soupkitchen-bench-"))
    print(
        f"tables={args.tables} clients={args.tables * SEATS} seconds={args.seconds} warmup={args.warmup} "
        f"stagger={args.stagger} cores={os.cpu_count()} "
        f"loadavg_1m/5m_at_start={load()} server_tree={args.server_tree or ROOT} "
        f"views={'full' if args.full_views else 'deltas'} compress_offered={args.compress}",
        flush=True,
    )
    said: list[str] = []  # what the servers said of their pauses when the run failed, if they still answered
    try:
        await run(args, logs, said)
    except BenchFailed as failed:
        print(f"run failed: {failed} (loadavg_1m/5m_at_end={load()})", flush=True)
        if said:
            print("\n".join(said), flush=True)
        for log in sorted(logs.glob("*.log")):
            tail = log.read_text(errors="replace").strip().splitlines()[-5:]
            if tail:
                print(f"{log.name}, its last lines:\n  " + "\n  ".join(tail), flush=True)
        sys.exit(1)


async def run(args: argparse.Namespace, logs: Path, said: list[str]) -> None:
    port, bare_port = free_port(), free_port()
    cluster: dict | None = None
    db = logs / "bench.sqlite3"
    # every client comes from this one machine: no per-address limit
    server = await spawn(
        "-m",
        "soupkitchen.server",
        "--host",
        "127.0.0.1",
        "--port",
        str(port),
        "--db",
        str(db),
        "--no-discovery",
        "--max-connections-per-address",
        "0",
        "--max-tables-per-address",
        "0",
        "--max-requests-per-address",
        "0",
        "--loop",
        args.loop,
        *args.server_arg,
        log=logs / "server.log",
        env=server_env(args.server_tree),
    )
    workers: list[asyncio.subprocess.Process] = []
    bare = None
    theirs: dict | None = None
    failed: list[str] = []  # what went wrong in a phase that still measured something
    try:
        await wait_listening(port, server)
        print(f"server_pid={server.pid} port={port}", flush=True)
        workers_n = max(1, min(args.workers, args.tables * SEATS))
        for index in range(workers_n):
            workers.append(
                await spawn(
                    str(Path(__file__).resolve()),
                    "--worker",
                    "--tables",
                    str(args.tables),
                    "--workers",
                    str(workers_n),
                    "--index",
                    str(index),
                    "--seconds",
                    str(args.seconds),
                    "--warmup",
                    str(args.warmup),
                    "--stagger",
                    str(args.stagger),
                    "--compress",
                    str(args.compress),
                    "--url",
                    f"http://127.0.0.1:{port}",
                    *(["--full-views"] if args.full_views else []),
                    stdin=True,
                )
            )
        await seat_everyone(workers)
        game_results, usage = await phase(workers, args, (server.pid,), (port,))
        usage["metrics"] = await asyncio.to_thread(server_metrics, port)
        ours = timings(game_results)
        if server.returncode is not None:
            raise BenchFailed(f"the server stopped while the clients played (exit code {server.returncode})")
        server.terminate()
        await server.wait()
        failed = failures("single process", game_results, logs)
        if failed:  # said now, with what it measured; a cluster's phase still runs
            print("\n".join([*failed, per_move("single process", usage)]), flush=True)
        if args.nodes:
            cluster_results, cluster_usage = await on_nodes(args, workers, logs)
            cluster = timings(cluster_results)
            failed += failures(f"{args.nodes} nodes", cluster_results, logs)
        if args.bare:
            bare = await spawn(
                str(Path(__file__).with_name("bench_bare.py")),
                "--port",
                str(bare_port),
                "--view-bytes",
                ",".join(map(str, ours["sizes"])),
                log=logs / "bare.log",
            )
            await wait_listening(bare_port, bare)
            await tell(workers, f"bare http://127.0.0.1:{bare_port}")
            bare_results, bare_usage = await phase(workers, args, (bare.pid,))
            theirs = timings(bare_results)
        else:
            await tell(workers, "end .")
        for w in workers:
            await w.wait()
    except BenchFailed:
        if server.returncode is None:
            with contextlib.suppress(OSError, KeyError, ValueError):
                said.extend(inside_the_server("the server", await asyncio.to_thread(server_metrics, port)))
        raise
    finally:
        for proc in (server, bare, *workers):
            if proc is not None and proc.returncode is None:
                proc.terminate()
                await proc.wait()
        for stored in logs.glob(db.name + "*"):  # the single process's database, once it has stopped
            stored.unlink()
    every, actor = ours["all"], ours["actor"]
    p50, p99, actor_p50 = percentile(every, 0.5), percentile(every, 0.99), percentile(actor, 0.5)
    print(f"client_processes={len(workers)} think={THINK} loop={args.loop} loadavg_1m/5m_at_end={load()}")
    print(
        f"actions={len(every)} actions_per_s={len(every) / args.seconds:.1f} refused="
        f"{sum(r['refused'] for r in game_results)} ({refusals(game_results)}) unmatched={ours['missing']} "
        f"pushes: full views {ours['full']}, deltas {ours['deltas']}, resyncs asked {ours['resyncs']}"
    )
    print(f"single process: {stale_line(game_results)}")
    actor_chars, mover_chars, other_chars = ours["sizes"]
    print(
        f"characters per push (median, as sent, before any compression): acting seat {actor_chars}, "
        f"seat to move next {mover_chars}, the others {other_chars}; "
        f"a fresh table's views: {legal_share()}"
    )
    print(f"action -> acting seat's view ms: p50={actor_p50:.2f} p99={percentile(actor, 0.99):.2f}")
    print(
        f"action -> every seat's view ms: p50={p50:.2f} p90={percentile(every, 0.9):.2f} p99={p99:.2f} "
        f"max={max(every, default=float('nan')):.2f}"
    )
    print("\n".join(inside_the_server("the server", usage["metrics"])))
    lag_ms = [v * 1000 for r in game_results for v in r["loop_lag"]]
    print(
        f"client processes' event-loop lag ms: p50={percentile(lag_ms, 0.5):.2f} "
        f"p99={percentile(lag_ms, 0.99):.2f}"
    )
    print(
        f"server: cpu={usage['cpu_percent']:.1f}% of a core, rss={usage['rss_mb']:.1f}MB "
        f"(peak {usage['peak_rss_mb']:.1f}MB); client processes: cpu={usage['clients_cpu_percent']:.1f}%"
    )
    print(per_move("server", usage))
    ratio = ""
    if theirs is not None:
        bare_p50, bare_p99 = percentile(theirs["all"], 0.5), percentile(theirs["all"], 0.99)
        print(
            f"bare fan-out: actor p50={percentile(theirs['actor'], 0.5):.2f} every seat p50={bare_p50:.2f} "
            f"p99={bare_p99:.2f} actions={len(theirs['all'])}; bare server: "
            f"cpu={bare_usage['cpu_percent']:.1f}% rss={bare_usage['rss_mb']:.1f}MB; "
            f"client processes cpu={bare_usage['clients_cpu_percent']:.1f}%"
        )
        ratio = f" bare_all_p50_ms={bare_p50:.2f} bare_all_p99_ms={bare_p99:.2f} ratio={p50 / bare_p50:.2f}"
    if cluster is not None:
        c50, c99 = percentile(cluster["all"], 0.5), percentile(cluster["all"], 0.99)
        print(
            f"nodes={args.nodes} tables={args.tables} cluster_all_p50_ms={c50:.2f} "
            f"cluster_all_p99_ms={c99:.2f} actions={len(cluster['all'])} "
            f"refused={sum(r['refused'] for r in cluster_results)} ({refusals(cluster_results)}) "
            f"cpu={cluster_usage['cpu_percent']:.1f}% rss={cluster_usage['rss_mb']:.1f}MB (peak "
            f"{cluster_usage['peak_rss_mb']:.1f}MB, all nodes); single process: all_p50_ms={p50:.2f} "
            f"all_p99_ms={p99:.2f}; overhead_p50={c50 / p50:.2f}x overhead_p99={c99 / p99:.2f}x"
        )
        print(f"nodes={args.nodes}: {stale_line(cluster_results)}")
        for number, metrics in enumerate(cluster_usage["metrics"], 1):
            print("\n".join(inside_the_server(f"node {number}", metrics)))
        print(per_move(f"{args.nodes} nodes", cluster_usage))
    if failed:
        print("\n".join(failed))
    m = usage["measured"]
    print(
        f"tables={args.tables} all_p50_ms={p50:.2f} all_p99_ms={p99:.2f} actor_p50_ms={actor_p50:.2f} "
        f"cpu_pct={usage['cpu_percent']:.1f} rss_mb={usage['rss_mb']:.1f} "
        f"cpu_ms_per_action={1000 * m['cpu_s'] / m['applied'] if m['applied'] else float('nan'):.3f} "
        f"idle_cpu_pct={100 * m['idle_cpu_s'] / max(1e-9, m['idle_s']):.1f} "
        f"loadavg_1m={os.getloadavg()[0]:.2f} finished={'no' if failed else 'yes'}" + ratio
    )
    if failed:
        sys.exit(1)


def inside_the_server(name: str, metrics: dict) -> list[str]:
    """What a server's ``GET /metrics`` says of its own share of the latency."""
    inside = metrics["latency_ms"]
    lines = [
        f"inside {name} (action received -> actor's state push queued) ms: p50={inside['p50']} "
        f"p99={inside['p99']}; by stage: {metrics.get('stages_ms')}"
    ]
    if "table_memory" in metrics:
        each = metrics["table_memory"]["playing"]["bytes_each"]
        lines.append(
            f"{name}'s tables in memory: {metrics['table_memory']['playing']['tables']} playing, "
            f"{'-' if each is None else round(each / 1024, 1)} KB each (GET /metrics' table_memory)"
        )
    if "loop_lag_ms" in metrics:
        lines.append(
            f"{name}'s event-loop lag ms: p50={metrics['loop_lag_ms']['p50']} "
            f"p99={metrics['loop_lag_ms']['p99']} max={metrics['loop_lag_ms']['max']} (of which it was "
            f"working: p99={metrics['loop_lag_working_ms']['p99']}; the rest it waited for a core); garbage "
            f"collections by generation {metrics['gc']['collections']}, pause ms "
            f"p99={metrics['gc']['pause_ms']['p99']} max={metrics['gc']['pause_ms']['max']}"
        )
    return lines


async def on_nodes(
    args: argparse.Namespace, workers: list[asyncio.subprocess.Process], logs: Path
) -> tuple[list[dict], dict]:
    """The same tables again on ``args.nodes`` server nodes, on a Redis and a PostgreSQL of the bench's
    own."""
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
                nodes.append(
                    await spawn(
                        "-m",
                        "soupkitchen.server",
                        "--host",
                        "127.0.0.1",
                        "--port",
                        str(port),
                        "--postgres",
                        dsn,
                        "--redis",
                        redis.url,
                        "--no-discovery",
                        "--max-connections-per-address",
                        "0",
                        "--max-tables-per-address",
                        "0",
                        "--max-requests-per-address",
                        "0",
                        "--loop",
                        args.loop,
                        *args.server_arg,
                        log=logs / f"node-{port}.log",
                        env=server_env(args.server_tree),
                    )
                )
            for port, node in zip(ports, nodes, strict=True):
                await wait_listening(port, node)
            await tell(workers, "servers " + ",".join(f"http://127.0.0.1:{port}" for port in ports))
            await seat_everyone(workers)
            results, usage = await phase(workers, args, tuple(node.pid for node in nodes), tuple(ports))
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
    parser.add_argument(
        "--seconds", type=float, default=30.0, help="seconds of play measured, each phase (default 30)"
    )
    parser.add_argument("--workers", type=int, default=4, help="client processes (default %(default)s)")
    parser.add_argument(
        "--warmup",
        type=float,
        default=15.0,
        help="seconds of play before the measured seconds, not measured (default %(default)s)",
    )
    parser.add_argument(
        "--idle",
        type=float,
        default=5.0,
        help="seconds the clients wait, seated, before they play: the server's CPU then "
        "(its pings and timers) is reported beside its CPU per move "
        "(default %(default)s)",
    )
    parser.add_argument(
        "--stagger",
        type=float,
        default=10.0,
        help="the tables start playing at moments spread over this many seconds of the "
        "warm-up, "
        "rather than all at once (default %(default)s)",
    )
    parser.add_argument(
        "--compress",
        type=int,
        default=15,
        choices=[0, *range(9, 16)],
        help="permessage-deflate window bits the clients offer, as the game client "
        "does; 0: none (default %(default)s)",
    )
    parser.add_argument(
        "--full-views",
        action="store_true",
        help="the clients do not announce deltas in hello, so they get every view whole "
        "(the reference protocol; an older server knows nothing else)",
    )
    parser.add_argument(
        "--bare",
        action="store_true",
        help="then play the same tables on a bare python-socketio server (bench_bare.py)",
    )
    parser.add_argument(
        "--server-tree",
        metavar="DIR",
        help="run the server from this folder's soupkitchen package (an older commit's, for "
        "runs before and after a change), with this tree's clients",
    )
    parser.add_argument(
        "--server-arg",
        action="append",
        default=[],
        metavar="ARG",
        help="one more argument for each server process (repeatable)",
    )
    parser.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--index", type=int, default=0, help=argparse.SUPPRESS)
    parser.add_argument("--url", help=argparse.SUPPRESS)
    parser.add_argument(
        "--loop",
        choices=("auto", "asyncio", "uvloop"),
        default="auto",
        help="our server's event loop, as soupkitchen-server --loop (default %(default)s); "
        "the clients run on uvloop where it is installed",
    )
    parser.add_argument(
        "--nodes",
        type=int,
        default=0,
        metavar="N",
        help="then play the same tables on N server nodes on a Redis and a PostgreSQL the bench "
        "starts (needs both installed, and the dev extra)",
    )
    parser.add_argument(
        "--sizes",
        action="store_true",
        help="only print each game's view sizes per seat, raw and deflated, and stop",
    )
    args = parser.parse_args()
    if args.sizes:
        print("\n".join(view_sizes()))
    elif args.worker:
        run_worker(args)
    else:
        asyncio.run(orchestrate(args))


if __name__ == "__main__":
    main()
