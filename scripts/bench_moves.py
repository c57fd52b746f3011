#!/usr/bin/env python3
"""A table's own work per move, in one process and without sockets: each move checked and applied,
then told to every seat as the server tells it (each seat's view made, its patch on the view it was
sent before, each push encoded once), with a random legal move each time.

It prints the CPU time per move (the process's own, which a machine busy with other work inflates
far less than a wall clock) and the characters pushed. Under valgrind it gives instruction counts
that no load changes: run it with ``--moves 0`` and with ``--moves N`` and divide the difference
by N. ``PYTHONPATH=DIR`` runs another tree's ``soupkitchen`` package (an older commit's ``git
archive``), for figures before and after a change with the same moves (the same seed gives the
same game).

    scripts/bench_moves.py --moves 1000
    PYTHONPATH=/tmp/before scripts/bench_moves.py --moves 1000
    valgrind --tool=callgrind --callgrind-out-file=/dev/null \
        .venv/bin/python scripts/bench_moves.py --moves 200

The last line is ``game=G moves=N cpu_ms_per_move=.. chars=..``.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import time

import orjson

from soupkitchen.server.tables.announce import Announcer
from soupkitchen.server.tables.table import Table
from soupkitchen.shared.registry import get_game

# a game's options here (Too Many Cooks all day: rounds enough for any run)
OPTIONS = {"too-many-cooks": {"mode": "all-day"}}


async def play(game_id: str, moves: int, seed: int) -> tuple[int, int, float]:
    """Moves made, characters pushed and the CPU seconds they took."""
    game = get_game(game_id)
    players = min(4, game.max_players)
    options = game.normalise_options(OPTIONS.get(game_id, {}), players)
    table = Table(game, "bench", players, options, {}, None, 0.0)
    for index, seat in enumerate(table.seats):
        seat.sids.add(f"seat-{index}")
    table.start(0.0, seed)
    chars = [0]

    def push(sids: list[str], event: str, payload: object, table_id: str | None) -> None:
        chars[0] += len(orjson.dumps([event, payload], option=orjson.OPT_NON_STR_KEYS))  # once per audience

    # every seat takes deltas; the pushes the server leaves for its loop's next round are flushed
    # within each move's CPU time (hence a running loop)
    announce = Announcer(table, push, lambda: 0.0, lambda: {}, lambda sid: True)
    announce.state(snapshot=True)
    settle = getattr(game, "settle", lambda state: None)  # a tree older than Game.settle has none
    rng = random.Random(seed)
    made, now, spent = 0, 0.0, 0.0
    while made < moves and not game.is_over(table.state):
        seat = rng.choice(game.active_seats(table.state) or [None])
        if seat is None:  # nobody may act: the table's clock would time the round out
            action, now = {"type": "timeout"}, game.next_deadline(table.state) or now
        else:  # the client's choice, outside the server's work (and its listing)
            action = rng.choice(game.list_moves(table.state, seat))  # not kept: the server lists its own
        now += 0.01
        started = time.process_time()
        table.keep(table.next_state(seat, action, now))
        settle(table.state)  # as the table's runner does with its present
        announce.state(actor=seat)
        announce.flush()
        spent += time.process_time() - started
        made += 1
    return made, chars[0], spent


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--moves", type=int, default=1000, help="moves to make (default %(default)s)")
    parser.add_argument("--game", default="too-many-cooks", help="the game (default %(default)s)")
    parser.add_argument(
        "--seed", type=int, default=7, help="the deal and the moves' seed (default %(default)s)"
    )
    args = parser.parse_args()
    made, chars, spent = asyncio.run(play(args.game, args.moves, args.seed))
    per_move = 1000 * spent / made if made else float("nan")
    print(f"game={args.game} moves={made} cpu_ms_per_move={per_move:.3f} chars={chars}")


if __name__ == "__main__":
    main()
