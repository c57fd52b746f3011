"""soupkitchen-sim: full games between bots, headless, on a simulated clock.

Standard output is a deterministic function of the arguments: one JSON object per game, then a
summary line. What depends on the machine (actions per second, and each bot decision's time as
p50 and p99 over the moves where a bot had a choice) goes to standard error, so two runs with the
same arguments print the same bytes on standard output.

``--bots`` seats the bots: one level for every seat (``hard``), one level per seat
(``hard,normal,normal``), or ``oracle`` for a game with an all-seeing reference team (Too Many
Cooks), which reads the whole state and is never offered at a table. ``--rotate`` moves the
listed bots one seat round each game, so a level's share is not the luck of one seat.
"""

from __future__ import annotations

import argparse
import importlib
import json
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from soupkitchen.shared.core import Game, canonical_json
from soupkitchen.shared.levels import LEVELS
from soupkitchen.shared.playout import play
from soupkitchen.shared.registry import game_ids, get_game
from soupkitchen.shared.replay import ReplayFile, export

ORACLE = "oracle"
ALL_SEEING_TEAMS = {"too-many-cooks": "soupkitchen.shared.too_many_cooks.oracle:AllSeeingKitchen"}
"""Games with an all-seeing reference team: its class, made from the starting state."""


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
    parser.add_argument("--bots", default="normal",
                        help=f"the bots' level ({', '.join(LEVELS)}) for every seat, one per seat separated "
                             f"by commas, or {ORACLE!r} for the all-seeing reference team (default normal)")
    parser.add_argument("--rotate", action="store_true",
                        help="seat the listed bots one seat further round each game, and count wins "
                             "per listed bot (wins_by_bot) instead of per seat")
    parser.add_argument("--json", action="store_true", help="print the summary as JSON too")
    parser.add_argument("--export", metavar="DIR", type=Path,
                        help="write each game's replay file into DIR (see docs/replays.md)")
    return parser.parse_args(argv)


def seat_levels(bots: str, game: Game, players: int) -> list[str] | None:
    """The level of each seat, or None for the all-seeing team; ValueError with a reason."""
    if bots == ORACLE:
        if game.id not in ALL_SEEING_TEAMS:
            raise ValueError(f"{game.title} has no all-seeing team")
        return None
    levels = bots.split(",")
    if len(levels) == 1:
        levels *= players
    if len(levels) != players:
        raise ValueError(f"--bots names {len(levels)} levels for {players} seats")
    unknown = [level for level in levels if level not in LEVELS]
    if unknown:
        raise ValueError(f"unknown bot level {unknown[0]!r}: one of {', '.join(LEVELS)} or {ORACLE}")
    return levels


class Kitchen:
    """The bots of one game: each seat's bot observes every view of its seat after each action (as
    the server shows them), and every decision with a choice to make is timed."""

    def __init__(self, game: Game, players: int, seed: int, options: dict[str, Any],
                 levels: list[str] | None, times: list[float]) -> None:
        self.game = game
        self.times = times
        self.team: Any = None
        self.bots = []
        if levels is None:
            module, name = ALL_SEEING_TEAMS[game.id].split(":")
            self.team = getattr(importlib.import_module(module), name)(game.setup(players, options, seed))
        else:
            self.bots = [game.make_bot(seat, seed * 1000 + seat, level) for seat, level in enumerate(levels)]

    def choose(self, seat: int, view: dict[str, Any], now: float) -> dict[str, Any] | None:
        started = time.perf_counter()
        action = self.team.choose(seat, view, now) if self.team else self.bots[seat].choose(view, now)
        if action is not None and len(view["legal_actions"]) > 1:
            self.times.append(time.perf_counter() - started)
        return action

    def follow(self, state: Any, entry: dict[str, Any]) -> None:
        if self.team:
            self.team.follow(state, entry)
        for seat, bot in enumerate(self.bots):
            bot.observe(self.game.view(state, seat))


def bot_names(levels: list[str] | None, players: int) -> tuple[str, ...]:
    """How an exported replay names each simulated seat."""
    return tuple(f"{(levels[seat] if levels else ORACLE).capitalize()} bot {seat + 1}" for seat in range(players))


def percentile(sorted_values: list[float], share: float) -> float:
    return sorted_values[min(len(sorted_values) - 1, int(len(sorted_values) * share))] if sorted_values else 0.0


def main(argv: Sequence[str] | None = None) -> int:
    args = parse_args(argv)
    game = get_game(args.game)
    try:
        options = game.normalise_options(json.loads(args.options), args.players)
        levels = seat_levels(args.bots, game, args.players)
    except (ValueError, TypeError) as err:
        print(f"soupkitchen-sim: {err}", file=sys.stderr)
        return 2
    wins = [0] * args.players
    score_totals = [0.0] * args.players
    won_games = actions = 0
    rounds_survived: int | None = None  # for games that count rounds
    times: list[float] = []
    started = time.perf_counter()
    for index in range(args.games):
        seed = args.seed + index
        shift = index % args.players if args.rotate and levels else 0
        seated = levels[-shift:] + levels[:-shift] if levels and shift else levels
        kitchen = Kitchen(game, args.players, seed, options, seated, times)
        outcome = play(game, args.players, seed, kitchen.choose, options=options, step=args.step,
                       observe=kitchen.follow)
        result = game.result(outcome.state)
        if args.export is not None:
            export(ReplayFile(outcome.record, bot_names(seated, args.players)), args.export)
        actions += outcome.actions
        won_games += bool(result["winners"])
        rounds = survived(result)
        if rounds is not None:
            rounds_survived = (rounds_survived or 0) + rounds
        for seat in result["winners"]:
            wins[(seat - shift) % args.players] += 1
        for seat, score in enumerate(result["scores"]):
            score_totals[(seat - shift) % args.players] += score
        print(canonical_json({"game": game.id, "seed": seed, "players": args.players,
                              "actions": outcome.actions, "result": result,
                              "hash": game.state_hash(outcome.state)}))
    elapsed = time.perf_counter() - started
    games = max(args.games, 1)
    per = "bot" if args.rotate else "seat"
    summary: dict[str, Any] = {
        "games": args.games, "bots": args.bots, "actions": actions, "games_won": won_games,
        f"wins_by_{per}": wins, f"win_share_by_{per}": [round(w / max(sum(wins), 1), 3) for w in wins],
        f"mean_score_by_{per}": [round(total / games, 3) for total in score_totals]}
    if rounds_survived is not None:
        summary["mean_rounds_survived"] = round(rounds_survived / games, 3)
    if args.json:
        print(canonical_json({"summary": summary}))
    else:
        print(" ".join(f"{key}={canonical_json(value)}" for key, value in summary.items()))
    times.sort()
    print(f"decision_ms_p50={percentile(times, 0.5) * 1e3:.2f} decision_ms_p99={percentile(times, 0.99) * 1e3:.2f} "
          f"decisions={len(times)} actions_per_second={actions / elapsed if elapsed else 0:.0f} "
          f"seconds={elapsed:.2f}", file=sys.stderr)
    return 0


def survived(result: dict[str, Any]) -> int | None:
    """Rounds the table came through (a lost game's last round not counted); None for a game
    whose result counts no rounds."""
    played = result.get("rounds_played")
    return None if not isinstance(played, int) else played - (0 if result.get("won", bool(result["winners"])) else 1)


if __name__ == "__main__":
    sys.exit(main())
