"""How long a bot thinks before it moves: every game, every level, every seat of the largest table.

For each game and level it plays ``--games`` seeded bot games at the game's largest table and times
each seat's ``choose`` call that returns a move (a call that waits is cheap and not counted), on the
simulator's clock, so the game plays as at a table. A game whose seats take asides (Too Many Cooks'
reactions) is played on the server's own bot pacing, as the simulator plays it, and every ``aside``
call (each bot, after every action: does it react?) is timed too, as decisions of their own. Prints
one line per game and level and a last line with the worst wall-clock figures (each line also gives
the CPU time's p99, which other work on a busy machine does not lengthen). The aim: p50 at most 50
ms and p99 at most 200 ms, so that the server's bot timer and a person's turn never wait on a bot's
thinking.

    .venv/bin/python scripts/bench_bots.py
    .venv/bin/python scripts/bench_bots.py --games 20 --game stone-soup
"""

from __future__ import annotations

import argparse
import os
import sys
import time

from soupkitchen.server.sim import MEAN_JITTER, PacedTable
from soupkitchen.shared.core import Bot
from soupkitchen.shared.levels import LEVELS
from soupkitchen.shared.playout import play
from soupkitchen.shared.registry import game_ids, get_game


class Clocked(Bot):
    """A bot whose ``choose`` calls that return a move are timed (into ``took`` and ``cpu``), and
    its ``aside`` calls (into ``asides``)."""

    def __init__(self, inner: Bot, took: list[float], cpu: list[float], asides: list[float]) -> None:
        super().__init__(inner.seat, inner.seed)
        self.inner, self.took, self.cpu, self.asides = inner, took, cpu, asides

    def observe(self, view):
        self.inner.observe(view)

    def choose(self, view, now):
        started, started_cpu = time.perf_counter(), time.thread_time()
        action = self.inner.choose(view, now)
        if action is not None:
            self.took.append(time.perf_counter() - started)
            self.cpu.append(time.thread_time() - started_cpu)
        return action

    def aside(self, view, now):
        started = time.perf_counter()
        action = self.inner.aside(view, now)
        self.asides.append(time.perf_counter() - started)
        return action

    def looks(self, view):
        return self.inner.looks(view)

    def thinking(self, view, action):
        return self.inner.thinking(view, action)


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * share))]


def decision_times(game_id: str, level: str, games: int) -> tuple[list[float], list[float], list[float]]:
    """Seconds each bot decision took, on the wall clock and in CPU time (which other work on the
    machine does not lengthen), over ``games`` seeded games at the largest table; and each aside."""
    game = get_game(game_id)
    players = game.max_players
    took: list[float] = []
    cpu: list[float] = []
    asides: list[float] = []
    for seed in range(1, games + 1):
        bots = [game.make_bot(seat, seed * 1000 + seat, level) for seat in range(players)]
        if game.facts.asides:
            seated = {seat: Clocked(bot, took, cpu, asides) for seat, bot in enumerate(bots)}
            options = game.normalise_options({}, players)
            PacedTable(game, players, options, seed, seated, 1.0 / MEAN_JITTER, lambda *_: None).run()
            continue

        def choose(seat, view, now, bots=bots):
            started, started_cpu = time.perf_counter(), time.thread_time()
            action = bots[seat].choose(view, now)
            if action is not None:
                took.append(time.perf_counter() - started)
                cpu.append(time.thread_time() - started_cpu)
            return action

        play(game, players, seed, choose)
    return took, cpu, asides


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10, help="seeded games per game and level")
    parser.add_argument("--game", action="append", choices=game_ids(), help="only this game (repeatable)")
    args = parser.parse_args(argv)
    print("load average before: {:.2f} {:.2f} {:.2f}".format(*os.getloadavg()))
    worst_p50 = worst_p99 = 0.0
    for game_id in args.game or game_ids():
        for level in LEVELS:
            took, cpu, asides = decision_times(game_id, level, args.games)
            p50, p99 = percentile(took, 0.5) * 1000, percentile(took, 0.99) * 1000
            worst_p50, worst_p99 = max(worst_p50, p50), max(worst_p99, p99)
            aside = (
                (
                    f" asides={len(asides)} aside_p99_ms={percentile(asides, 0.99) * 1000:.2f}"
                    f" aside_max_ms={max(asides) * 1000:.2f}"
                )
                if asides
                else ""
            )
            if asides:
                worst_p99 = max(worst_p99, percentile(asides, 0.99) * 1000)
            print(
                f"game={game_id} level={level} decisions={len(took)} p50_ms={p50:.2f} p99_ms={p99:.2f} "
                f"max_ms={max(took) * 1000:.2f} cpu_p99_ms={percentile(cpu, 0.99) * 1000:.2f}{aside}",
                flush=True,
            )
    print(
        f"worst p50_ms={worst_p50:.2f} p99_ms={worst_p99:.2f} (aim: p50 at most 50, p99 at most 200); "
        "load average after: {:.2f} {:.2f} {:.2f}".format(*os.getloadavg())
    )
    return 0 if worst_p50 <= 50 and worst_p99 <= 200 else 1


if __name__ == "__main__":
    sys.exit(main())
