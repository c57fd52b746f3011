#!/usr/bin/env python3
"""How long a cluster node's move waits for PostgreSQL before anyone hears of it, on a busy event loop.

A node stores its moves behind its event loop (``server/storage/store_pg.py``): a move's pushes are held
until the batch holding it is stored, and its answer until then too. This runs the node's store on
a PostgreSQL of its own (with ``fsync=off``, as the tests and ``scripts/bench_server.py`` do) in an
event loop kept busy by other work, as a node's loop is by its other tables' sockets, and measures
for each move the wait until its pushes are released (what every seat at the table feels) and until
its answer may go (the acting seat's acknowledgement).

    scripts/bench_write_behind.py --tables 500 --seconds 20 --busy 0.5

``--busy`` is the share of the loop's time the other work takes (each piece 0.2 ms, spread at random).
The last line is ``tables=N busy=B moves=M pushes_p50_ms=.. pushes_p90_ms=.. pushes_p99_ms=..
answer_p50_ms=.. answer_p99_ms=..``.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

PIECE = 0.0002  # seconds of other work at a time
ROW = {
    "game": "too-many-cooks",
    "players": 4,
    "options": {},
    "settings": {},
    "password": None,
    "host_seat": 0,
    "seed": 1,
    "started": True,
    "over": False,
    "closed": False,
    "created": 1.0,
}


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * fraction))] * 1000 if ordered else float("nan")


def burn(seconds: float) -> None:
    end = time.perf_counter() + seconds
    while time.perf_counter() < end:
        pass


async def other_work(share: float, until: float, rng: random.Random) -> None:
    """Pieces of work on the loop taking ``share`` of its time, each at a random moment."""
    workers = 50
    gap = PIECE * workers / share - PIECE  # each worker's mean pause between its pieces

    async def one() -> None:
        while time.perf_counter() < until:
            await asyncio.sleep(rng.expovariate(1 / gap))
            burn(PIECE)

    await asyncio.gather(*(one() for _ in range(workers)))


async def run(args: argparse.Namespace, dsn: str) -> None:
    from soupkitchen.server.storage.store import CHANGES, Changes
    from soupkitchen.server.storage.store_pg import PostgresStore

    store = PostgresStore(dsn)
    store.write_behind()
    released: dict[int, float] = {}  # ticket -> when the store confirmed it

    def on_batch(upto: int) -> None:
        now = time.perf_counter()
        for ticket in [t for t in waiting if t <= upto]:
            released[ticket] = now
            del waiting[ticket]

    waiting: dict[int, None] = {}
    store.on_batch = on_batch
    tables = [f"t{i}" for i in range(args.tables)]
    for table in tables:
        store.save_table({"id": table, **ROW}, [])
    await store.stored()
    rng = random.Random(args.seed)
    start = time.perf_counter()
    until = start + args.seconds
    pushes: list[float] = []
    answers: list[float] = []

    async def table_plays(table: str) -> None:
        idx = 0
        await asyncio.sleep(rng.uniform(0, 2))
        while time.perf_counter() < until:
            changes = Changes()
            given = CHANGES.set(changes)
            try:
                made = time.perf_counter()
                store.append_action(
                    table, idx, idx % 4, {"type": "swap", "a": [1, 2], "b": [3, 0]}, float(idx), over=False
                )
            finally:
                CHANGES.reset(given)
            ticket = store.issued
            waiting[ticket] = None
            assert await store.stored(changes) is None
            answers.append(time.perf_counter() - made)
            pushes.append(released.pop(ticket, time.perf_counter()) - made)
            idx += 1
            await asyncio.sleep(rng.uniform(0.25, 0.75))  # four seats, each thinking 1-3 s

    await asyncio.gather(other_work(args.busy, until, rng), *(table_plays(table) for table in tables))
    await store.drained()
    store.close()
    print(
        f"tables={args.tables} busy={args.busy} moves={len(pushes)} "
        f"pushes_p50_ms={percentile(pushes, 0.5):.2f} pushes_p90_ms={percentile(pushes, 0.9):.2f} "
        f"pushes_p99_ms={percentile(pushes, 0.99):.2f} answer_p50_ms={percentile(answers, 0.5):.2f} "
        f"answer_p99_ms={percentile(answers, 0.99):.2f} loadavg_1m_at_end={os.getloadavg()[0]:.2f}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--tables", type=int, default=500, help="tables of four, each seat moving every 1-3 s"
    )
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument(
        "--busy", type=float, default=0.5, help="share of the loop's time other work takes (0-0.9)"
    )
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    from tests.services import Postgres

    postgres = Postgres()
    try:
        with postgres.database() as dsn:
            asyncio.run(run(args, dsn))
    finally:
        postgres.stop()


if __name__ == "__main__":
    main()
