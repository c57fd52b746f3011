"""soupkitchen-sim: full games between bots, headless, on a simulated clock.

Standard output is a deterministic function of the arguments: one JSON object per game, then a
summary line. The wall-clock speed (actions per second) goes to standard error, so two runs with
the same arguments print the same bytes on standard output.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Sequence

from soupkitchen.shared.core import canonical_json
from soupkitchen.shared.playout import bot_chooser, play
from soupkitchen.shared.registry import game_ids, get_game


def parse_args(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="soupkitchen-sim",
        description="Play full games between bots, headless, and print one JSON line per game.")
    parser.add_argument("game", choices=game_ids(), help="which game to play")
    parser.add_argument("--players", type=int, required=True, help="seats at the table, all bots")
    parser.add_argument("--games", type=int, default=10, help="how many games (default 10)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the first game; game i uses seed+i")
    parser.add_argument("--step", type=float, default=2.0,
                        help="simulated seconds each bot move takes (default 2.0)")
    parser.add_argument("--options", default="{}", help="game options as a JSON object")
    parser.add_argument("--json", action="store_true", help="print the summary as JSON too")
    return parser.parse_args(argv)


def main(argv: Sequence[str] | None = None) -> int:
    args = parse_args(argv)
    game = get_game(args.game)
    try:
        options = game.normalise_options(json.loads(args.options), args.players)
    except (ValueError, TypeError) as err:
        print(f"soupkitchen-sim: {err}", file=sys.stderr)
        return 2
    wins = [0] * args.players
    score_totals = [0.0] * args.players
    won_games = actions = 0
    started = time.perf_counter()
    for index in range(args.games):
        seed = args.seed + index
        outcome = play(game, args.players, seed, bot_chooser(game, args.players, seed),
                       options=options, step=args.step)
        result = game.result(outcome.state)
        actions += outcome.actions
        won_games += bool(result["winners"])
        for seat in result["winners"]:
            wins[seat] += 1
        for seat, score in enumerate(result["scores"]):
            score_totals[seat] += score
        print(canonical_json({"game": game.id, "seed": seed, "players": args.players,
                              "actions": outcome.actions, "result": result,
                              "hash": game.state_hash(outcome.state)}))
    elapsed = time.perf_counter() - started
    games = max(args.games, 1)
    summary = {"games": args.games, "actions": actions, "games_won": won_games, "wins_by_seat": wins,
               "mean_score_by_seat": [round(total / games, 3) for total in score_totals]}
    if args.json:
        print(canonical_json({"summary": summary}))
    else:
        print(" ".join(f"{key}={canonical_json(value)}" for key, value in summary.items()))
    print(f"actions_per_second={actions / elapsed if elapsed else 0:.0f} seconds={elapsed:.2f}",
          file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
