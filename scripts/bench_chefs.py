#!/usr/bin/env python3
"""How long a Too Many Cooks chef takes to decide, by level and table, over every seat's decisions
with a choice to make (the simulator's games at its default pace). Prints p50 and p99 in ms.

    .venv/bin/python scripts/bench_chefs.py --players 4 --games 10
"""

from __future__ import annotations

import argparse
import time

TABLES = {"easy": {"difficulty": "easy"}, "moderate": {"difficulty": "moderate"},
          "hard": {"difficulty": "hard"}, "unreasonable-12": {"mode": "unreasonable", "tastes": 12}}


def main() -> int:
    from soupkitchen.server.sim import DEFAULT_STEP, Kitchen, percentile
    from soupkitchen.shared.levels import LEVELS
    from soupkitchen.shared.playout import play
    from soupkitchen.shared.registry import get_game

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--games", type=int, default=10, help="games per level and table (seeds 1000 on)")
    args = parser.parse_args()
    game = get_game("too-many-cooks")
    everything: list[float] = []
    started = time.perf_counter()
    for level in LEVELS:
        for name, options in TABLES.items():
            times: list[float] = []
            for seed in range(1000, 1000 + args.games):
                kitchen = Kitchen(game, args.players, seed, options, [level] * args.players, times)
                play(game, args.players, seed, kitchen.choose, options=options, step=DEFAULT_STEP,
                     observe=kitchen.follow,
                     duration=lambda seat, view, action, k=kitchen: DEFAULT_STEP * k.duration(seat, view, action))
            times.sort()
            everything += times
            print(f"level={level} table={name} players={args.players} decisions={len(times)} "
                  f"p50_ms={percentile(times, 0.5) * 1000:.2f} p99_ms={percentile(times, 0.99) * 1000:.2f}")
    everything.sort()
    print(f"all decisions={len(everything)} p50_ms={percentile(everything, 0.5) * 1000:.2f} "
          f"p99_ms={percentile(everything, 0.99) * 1000:.2f} seconds={time.perf_counter() - started:.1f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
