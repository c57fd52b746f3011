"""soupkitchen-sim: full games between bots, headless, on a simulated clock.

Standard output is a deterministic function of the arguments: one JSON object per game, then a
summary line. What depends on the machine (actions per second, and each bot decision's time as
p50 and p99 over the moves where a bot had a choice) goes to standard error, so two runs with the
same arguments print the same bytes on standard output.

Each bot action takes as long as the bot says a person would take over it (``Bot.thinking``, in
beats) times ``--step``, whose default is a beat at a table with a person at the default bot speed,
so the figures predict such a table.

``--bots`` seats the bots: one level for every seat (``hard``), one level per seat
(``hard,normal,normal``), or a game's reference, which no table offers: for Too Many Cooks
``oracle``, an all-seeing team that reads the whole state, and ``witness``, chefs that read views
but aim for a soup that satisfies every taste of the difficulty. ``--rotate`` moves the listed
bots one seat round each game, so a level's share is not the luck of one seat.

``--list`` prints the games it can play, one a line, and each game package left out for a fault
with the sentence saying why.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from soupkitchen.server.config import BOT_JITTER_WITH_PEOPLE, ServerConfig
from soupkitchen.shared.core import Game, canonical_json
from soupkitchen.shared.levels import LEVELS
from soupkitchen.shared.playout import play
from soupkitchen.shared.registry import game_ids, get_game, left_out, registration, registrations, resolve
from soupkitchen.shared.replay import ReplayFile, export

ORACLE = "oracle"
DEFAULT_STEP = round(ServerConfig.bot_delay * sum(BOT_JITTER_WITH_PEOPLE) / 2, 3)
"""Seconds of one beat at a table with a person at the default bot speed (the bot delay, jittered)."""


def parse_args(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="soupkitchen-sim",
        description="Play full games between bots, headless, and print one JSON line per game.")
    parser.add_argument("game", nargs="?", choices=game_ids(), help="which game to play")
    parser.add_argument("--list", action="store_true",
                        help="list the games, and any left out for a fault with the reason, and stop")
    parser.add_argument("--players", type=int, help="seats at the table, all bots (needed to play)")
    parser.add_argument("--games", type=int, default=10, help="how many games (default 10)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the first game; game i uses seed+i")
    parser.add_argument("--step", type=float, default=DEFAULT_STEP,
                        help="simulated seconds of a beat: a bot action takes as many beats as the bot says a "
                             f"person would think over it (default {DEFAULT_STEP}, a table's default bot speed)")
    parser.add_argument("--options", default="{}", help="game options as a JSON object")
    parser.add_argument("--bots", default="normal",
                        help=f"the bots' level ({', '.join(LEVELS)}) for every seat, one per seat separated "
                             f"by commas, or a reference no table offers: {ORACLE!r} (an all-seeing team) or "
                             "a game's own, such as 'witness' for Too Many Cooks (default normal)")
    parser.add_argument("--rotate", action="store_true",
                        help="seat the listed bots one seat further round each game, and count wins "
                             "per listed bot (wins_by_bot) instead of per seat")
    parser.add_argument("--json", action="store_true", help="print the summary as JSON too")
    parser.add_argument("--export", metavar="DIR", type=Path,
                        help="write each game's replay file into DIR (see docs/replays.md)")
    args = parser.parse_args(argv)
    if not args.list and (args.game is None or args.players is None):
        parser.error("name a game and --players (or --list the games)")
    return args


def list_games() -> int:
    """The games, one a line (id, title, seats), then each game package left out, with why."""
    for entry in registrations():
        facts = entry.facts
        print(f"{facts.id}\t{facts.title}\t{facts.min_players}-{facts.max_players} players")
    for missing in left_out():
        print(missing.reason)
    return 0


def all_seeing_team(game: Game) -> str | None:
    """Where the game's all-seeing reference team is, as its registration names it (None: it has none)."""
    entry = registration(game.id)
    return entry.oracle if entry is not None else None


def reference_bots(game: Game) -> dict[str, str]:
    """The game's reference bots by name, as its registration names them: each made as ``(seat, seed)``."""
    entry = registration(game.id)
    return dict(entry.reference_bots) if entry is not None else {}


def seat_levels(bots: str, game: Game, players: int) -> list[str] | None:
    """The level (or reference) of each seat, or None for the all-seeing team; ValueError with a reason."""
    if bots == ORACLE:
        if all_seeing_team(game) is None:
            raise ValueError(f"{game.title} has no all-seeing team")
        return None
    if bots in reference_bots(game):
        return [bots] * players
    levels = bots.split(",")
    if len(levels) == 1:
        levels *= players
    if len(levels) != players:
        raise ValueError(f"--bots names {len(levels)} levels for {players} seats")
    unknown = [level for level in levels if level not in LEVELS]
    if unknown:
        references = ", ".join([ORACLE, *reference_bots(game)])
        raise ValueError(f"unknown bot level {unknown[0]!r}: one of {', '.join(LEVELS)} or {references}")
    return levels


class SimulatedSeats:
    """The bots of one game: each seat's bot observes every view of its seat after each action (as
    the server shows them), every decision with a choice to make is timed, and so is every stretch
    of the game that runs against a deadline (a round of a timed game) on the simulated clock."""

    def __init__(self, game: Game, players: int, seed: int, options: dict[str, Any],
                 levels: list[str] | None, times: list[float]) -> None:
        self.game = game
        self.times = times
        self.timed: list[float] = []  # simulated seconds each stretch against a deadline lasted
        self.timed_since: float | None = None
        self.team: Any = None
        self.bots = []
        if levels is None:
            self.team = resolve(all_seeing_team(game))(game.setup(players, options, seed))  # type: ignore[arg-type, operator]
        else:
            self.bots = [make_bot(game, seat, seed * 1000 + seat, level) for seat, level in enumerate(levels)]

    def choose(self, seat: int, view: dict[str, Any], now: float) -> dict[str, Any] | None:
        started = time.perf_counter()
        action = self.team.choose(seat, view, now) if self.team else self.bots[seat].choose(view, now)
        if action is not None and len(view["legal_actions"]) > 1:
            self.times.append(time.perf_counter() - started)
        return action

    def duration(self, seat: int, view: dict[str, Any], action: dict[str, Any]) -> float:
        """How many beats the seat's bot took over ``action`` (the all-seeing team: one each)."""
        return self.bots[seat].thinking(view, action) if self.bots else 1.0

    def follow(self, state: Any, entry: dict[str, Any]) -> None:
        timed = self.game.next_deadline(state) is not None
        if timed and self.timed_since is None:
            self.timed_since = entry["t"]
        elif not timed and self.timed_since is not None:
            self.timed.append(entry["t"] - self.timed_since)
            self.timed_since = None
        if self.team:
            self.team.follow(state, entry)
        for seat, bot in enumerate(self.bots):
            bot.observe(self.game.view(state, seat))


def make_bot(game: Game, seat: int, seed: int, level: str) -> Any:
    """A bot at one of the levels a table offers, or one of the game's reference bots."""
    reference = reference_bots(game).get(level)
    return game.make_bot(seat, seed, level) if reference is None else resolve(reference)(seat, seed)  # type: ignore[operator]


def bot_names(levels: list[str] | None, players: int) -> tuple[str, ...]:
    """How an exported replay names each simulated seat."""
    return tuple(f"{(levels[seat] if levels else ORACLE).capitalize()} bot {seat + 1}" for seat in range(players))


def percentile(sorted_values: list[float], share: float) -> float:
    return sorted_values[min(len(sorted_values) - 1, int(len(sorted_values) * share))] if sorted_values else 0.0


def main(argv: Sequence[str] | None = None) -> int:
    args = parse_args(argv)
    if args.list:
        return list_games()
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
    stars: list[tuple[int, int]] = []  # (stars, most stars) of each game, for games that give stars
    timed: list[float] = []
    times: list[float] = []
    started = time.perf_counter()
    for index in range(args.games):
        seed = args.seed + index
        shift = index % args.players if args.rotate and levels else 0
        seated = levels[-shift:] + levels[:-shift] if levels and shift else levels
        bots = SimulatedSeats(game, args.players, seed, options, seated, times)
        outcome = play(game, args.players, seed, bots.choose, options=options, step=args.step,
                       observe=bots.follow,
                       duration=lambda seat, view, action, b=bots: args.step * b.duration(seat, view, action))
        result = game.result(outcome.state)
        if args.export is not None:
            export(ReplayFile(outcome.record, bot_names(seated, args.players)), args.export)
        actions += outcome.actions
        won_games += bool(result["winners"])
        rounds = survived(result)
        if rounds is not None:
            rounds_survived = (rounds_survived or 0) + rounds
        final = game.view(outcome.state, None)
        if isinstance(result.get("stars"), int) and isinstance(final.get("max_stars"), int):
            stars.append((result["stars"], final["max_stars"]))
        if game.facts.rounds and game.facts.real_time:  # a game of timed rounds
            timed += bots.timed
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
    if stars:
        top = stars[0][1]
        summary["mean_stars"] = round(sum(got for got, _most in stars) / len(stars), 3)
        summary[f"share_on_{top}_stars"] = round(sum(got == most for got, most in stars) / len(stars), 3)
    if timed:
        timed.sort()
        summary["round_seconds_p50"] = round(percentile(timed, 0.5), 1)
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
