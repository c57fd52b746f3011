"""soupkitchen-sim: full games between bots, headless, on a simulated clock.

Standard output is a deterministic function of the arguments: one JSON object per game, then a
summary line. What depends on the machine (actions per second, and each bot decision's time as
p50 and p99 over the moves where a bot had a choice) goes to standard error, so two runs with the
same arguments print the same bytes on standard output.

Each bot action takes as long as the bot says a person would take over it (``Bot.looks`` and
``Bot.thinking``, in beats) times ``--step``, whose default is a beat at a table with a person at
the default bot speed, so the figures predict such a table. A game whose seats also act outside
their turns (``GameFacts.asides``: Too Many Cooks' reactions) is played on the server's own bot
pacing (``server.tables.bots.TableBots`` on a simulated clock): each beat is the bot delay times a factor
drawn as a table draws it, a bot takes in the table before it decides, reactions come while the next
chef thinks, and the round's clock runs through all of it. Other games take one action at a time.

``--person SEAT`` plays that seat with the game's stand-in for a person (a good player's choices, or
``--person-style selfish``) at a person's pace: ``--person-seconds`` on average over a move with a
choice (half to one and a half times that), two seconds or so over a forced one.

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
import random
import sys
import time
from collections.abc import Callable, Sequence
from functools import partial
from pathlib import Path
from typing import Any

from soupkitchen.server.config import BOT_JITTER_WITH_PEOPLE, ServerConfig
from soupkitchen.server.tables.bots import TableBots
from soupkitchen.shared.core import SYSTEM, TIMEOUT, Bot, Game, canonical_json, is_aside
from soupkitchen.shared.levels import LEVELS
from soupkitchen.shared.match import MatchRecord
from soupkitchen.shared.playout import Playout, Stalled, play
from soupkitchen.shared.registry import game_ids, get_game, left_out, registration, registrations, resolve
from soupkitchen.shared.replay import ReplayFile, export

ORACLE = "oracle"
MEAN_JITTER = sum(BOT_JITTER_WITH_PEOPLE) / 2
DEFAULT_STEP = round(ServerConfig.bot_delay * MEAN_JITTER, 3)
"""Seconds of one beat at a table with a person at the default bot speed (the bot delay, jittered)."""
PERSON_SECONDS = 8.0
"""A person's seconds over a move with a choice, on average (a quick, attentive player)."""


def parse_args(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="soupkitchen-sim",
        description="Play full games between bots, headless, and print one JSON line per game.",
    )
    parser.add_argument("game", nargs="?", choices=game_ids(), help="which game to play")
    parser.add_argument(
        "--list",
        action="store_true",
        help="list the games, and any left out for a fault with the reason, and stop",
    )
    parser.add_argument("--players", type=int, help="seats at the table, all bots (needed to play)")
    parser.add_argument("--games", type=int, default=10, help="how many games (default 10)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the first game; game i uses seed+i")
    parser.add_argument(
        "--step",
        type=float,
        default=DEFAULT_STEP,
        help="simulated seconds of a beat: a bot action takes as many beats as the bot says a "
        f"person would think over it (default {DEFAULT_STEP}, a table's default bot speed)",
    )
    parser.add_argument("--options", default="{}", help="game options as a JSON object")
    parser.add_argument(
        "--bots",
        default="normal",
        help=f"the bots' level ({', '.join(LEVELS)}) for every seat, one per seat separated "
        f"by commas, or a reference no table offers: {ORACLE!r} (an all-seeing team) or "
        "a game's own, such as 'witness' for Too Many Cooks (default normal)",
    )
    parser.add_argument(
        "--rotate",
        action="store_true",
        help="seat the listed bots one seat further round each game, and count wins "
        "per listed bot (wins_by_bot) instead of per seat",
    )
    parser.add_argument(
        "--person",
        type=int,
        metavar="SEAT",
        help="play this seat with a stand-in for a person at a person's pace (the game's "
        "own, if it has one); --bots seats the others",
    )
    parser.add_argument(
        "--person-seconds",
        type=float,
        default=PERSON_SECONDS,
        help=f"the person's seconds over a move with a choice, on average (default {PERSON_SECONDS:g})",
    )
    parser.add_argument(
        "--person-style",
        default=None,
        help="how the person plays, one of the game's styles (default: a good player's "
        "choices; Too Many Cooks also has 'selfish', who minds only their own and the "
        "shared tastes)",
    )
    parser.add_argument("--json", action="store_true", help="print the summary as JSON too")
    parser.add_argument(
        "--export",
        metavar="DIR",
        type=Path,
        help="write each game's replay file into DIR (see docs/replays.md)",
    )
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


class PersonAtTable(Bot):
    """The game's stand-in for a person, at a person's pace: ``seconds`` on average (half to one and
    a half times it) over a move with a choice, one and a half to three seconds over a forced one,
    one to three over an aside (a reaction), however long the bot delay of the table is."""

    def __init__(self, inner: Bot, seconds: float, delay: float, seed: int) -> None:
        super().__init__(inner.seat, inner.seed)
        self.inner, self.seconds, self.delay = inner, seconds, delay
        self.rng = random.Random(f"person-pace:{seed}")

    def observe(self, view: dict[str, Any]) -> None:
        self.inner.observe(view)

    def choose(self, view: dict[str, Any], now: float) -> dict[str, Any] | None:
        return self.inner.choose(view, now)

    def aside(self, view: dict[str, Any], now: float) -> dict[str, Any] | None:
        return self.inner.aside(view, now)

    def thinking(self, view: dict[str, Any], action: dict[str, Any]) -> float:
        if view.get("legal_actions") and action in view["legal_actions"] and len(view["legal_actions"]) > 1:
            seconds = self.seconds * self.rng.uniform(0.5, 1.5)
        elif view.get("legal_actions") and action in view["legal_actions"]:
            seconds = self.rng.uniform(1.5, 3.0)
        else:
            seconds = self.rng.uniform(1.0, 3.0)
        return seconds / (self.delay * MEAN_JITTER)  # the table draws its factor on it, on average this


class TimedBot(Bot):
    """A seat's bot with each decision timed on the wall clock: a move chosen among several (into
    ``times``) and an aside (into ``aside_times``)."""

    def __init__(
        self, inner: Any, seat: int, times: list[float], aside_times: list[float], team: Any = None
    ) -> None:
        super().__init__(seat, getattr(inner, "seed", 0))
        self.inner, self.team, self.times, self.aside_times = inner, team, times, aside_times

    def observe(self, view: dict[str, Any]) -> None:
        if self.inner is not None:
            self.inner.observe(view)

    def choose(self, view: dict[str, Any], now: float) -> dict[str, Any] | None:
        started = time.perf_counter()
        action = self.team.choose(self.seat, view, now) if self.team else self.inner.choose(view, now)
        if action is not None and len(view["legal_actions"]) > 1:
            self.times.append(time.perf_counter() - started)
        return action

    def aside(self, view: dict[str, Any], now: float) -> dict[str, Any] | None:
        if self.inner is None:
            return None
        started = time.perf_counter()
        action = self.inner.aside(view, now)
        self.aside_times.append(time.perf_counter() - started)
        return action

    def looks(self, view: dict[str, Any]) -> float:
        return self.inner.looks(view) if self.inner is not None else 0.0

    def thinking(self, view: dict[str, Any], action: dict[str, Any]) -> float:
        return self.inner.thinking(view, action) if self.inner is not None else 1.0


class PacedTable:
    """One game on a simulated clock, its seats played by the server's own bot pacing
    (``TableBots``): what a table with a person at it does, with every seat's bot in a row."""

    def __init__(
        self,
        game: Game,
        players: int,
        options: dict[str, Any],
        seed: int,
        bots: dict[int, Bot],
        delay: float,
        follow: Callable[[Any, dict[str, Any]], None],
    ) -> None:
        self.id = f"sim-{seed}"
        self.game = game
        self.record = MatchRecord(game.id, players, options, seed)
        self.state = game.setup(players, options, seed)
        self.settings = {"bot_delay": delay}
        self.rng = random.Random(f"table-pace:{seed}")
        self.has_people, self.started, self.paused_at = True, True, None
        self.mono = 0.0
        self.events: list[dict[str, Any]] = []
        self.follow = follow
        config = ServerConfig(bot_delay=delay)
        self.crew = TableBots(self, config, lambda: self.mono)  # type: ignore[arg-type]
        self.crew.bots = dict(bots)

    @property
    def state_id(self) -> int:
        return len(self.record.log)

    @property
    def over(self) -> bool:
        return self.game.is_over(self.state)

    @staticmethod
    def remembers(bot: Bot) -> bool:
        return True

    def game_now(self, mono: float) -> float:
        return mono

    def deadline(self) -> float | None:
        return None if self.over else self.game.next_deadline(self.state)

    def play(self, seat: int | None, action: dict[str, Any], now: float) -> None:
        now = now if seat is SYSTEM else round(now, 3)  # the clock acts exactly at its deadline
        if self.record.log:
            now = max(now, self.record.log[-1]["t"])
        self.state, events = self.game.apply(self.state, seat, action, now)
        entry = {"seat": seat, "action": action, "t": now}
        self.record.log.append(entry)
        self.events.extend(events)
        self.follow(self.state, entry)
        self.crew.observe()

    def run(self, max_actions: int = 100_000) -> Playout:
        for seat, bot in self.crew.bots.items():
            bot.observe(self.game.view(self.state, seat))
        idle = 0
        while not self.over:
            wakes = self.crew.wakes()
            deadline = self.deadline()
            if deadline is not None:
                wakes.append(deadline)
            if not wakes or idle > 10_000 or len(self.record.log) >= max_actions:
                raise Stalled(f"{self.game.id} seed {self.record.seed}: the table stands still")
            self.mono = max(self.mono, min(wakes))
            before = len(self.record.log)
            if deadline is not None and self.mono >= deadline:
                self.play(SYSTEM, dict(TIMEOUT), deadline)
            if not self.over:
                self.crew.move(self.play)
            idle = idle + 1 if len(self.record.log) == before else 0
        result = Playout(self.game, self.record, self.state)
        result.events = self.events
        return result


class SimulatedSeats:
    """The bots of one game: each seat's bot observes every view of its seat after each action (as
    the server shows them), every decision with a choice to make is timed, and so is every stretch
    of the game that runs against a deadline (a round of a timed game) on the simulated clock."""

    def __init__(
        self,
        game: Game,
        players: int,
        seed: int,
        options: dict[str, Any],
        levels: list[str] | None,
        times: list[float],
        person: Bot | None = None,
        person_seat: int | None = None,
        aside_times: list[float] | None = None,
    ) -> None:
        self.game = game
        self.times = times
        self.aside_times = aside_times if aside_times is not None else []
        self.timed: list[float] = []  # simulated seconds each stretch against a deadline lasted
        self.timed_since: float | None = None
        self.team: Any = None
        self.bots: list[Any] = []
        self.person_seat = person_seat
        if levels is None:
            self.team = resolve(all_seeing_team(game))(game.setup(players, options, seed))  # type: ignore[arg-type, operator]
        else:
            self.bots = [make_bot(game, seat, seed * 1000 + seat, level) for seat, level in enumerate(levels)]
        if person is not None and person_seat is not None and self.bots:
            self.bots[person_seat] = person

    def choose(self, seat: int, view: dict[str, Any], now: float) -> dict[str, Any] | None:
        started = time.perf_counter()
        action = self.team.choose(seat, view, now) if self.team else self.bots[seat].choose(view, now)
        if action is not None and len(view["legal_actions"]) > 1 and seat != self.person_seat:
            self.times.append(time.perf_counter() - started)
        return action

    def seated(self, players: int) -> dict[int, Bot]:
        """Each seat's bot for a paced table, its decisions timed (the person's are not a bot's)."""
        seated: dict[int, Bot] = {}
        for seat in range(players):
            inner = self.bots[seat] if self.bots else None
            seated[seat] = (
                self.bots[seat]
                if seat == self.person_seat
                else TimedBot(inner, seat, self.times, self.aside_times, self.team)
            )
        return seated

    def duration(self, seat: int, view: dict[str, Any], action: dict[str, Any]) -> float:
        """How many beats the seat's bot took over ``action`` (the all-seeing team: one each)."""
        return self.bots[seat].thinking(view, action) if self.bots else 1.0

    def follow(self, state: Any, entry: dict[str, Any], observe: bool = True) -> None:
        timed = self.game.next_deadline(state) is not None
        if timed and self.timed_since is None:
            self.timed_since = entry["t"]
        elif not timed and self.timed_since is not None:
            self.timed.append(entry["t"] - self.timed_since)
            self.timed_since = None
        if self.team:
            self.team.follow(state, entry)
        for seat, bot in enumerate(self.bots if observe else ()):
            bot.observe(self.game.view(state, seat))


class Pace:
    """What the simulated clock says of a game's play, from its log: how long each bot and the
    person took over a move with a choice and over a forced one, the rounds the timer ended, and the
    asides (reactions) after each move: how many, and how many were untrue to what their seat hides."""

    def __init__(self) -> None:
        self.bot_moves: list[float] = []
        self.bot_forced: list[float] = []
        self.person_moves: list[float] = []
        self.rounds = self.on_timer = 0
        self.moves = self.moves_answered = self.asides = self.untrue = 0

    def count(
        self, game: Game, record: MatchRecord, events: list[dict[str, Any]], person: int | None
    ) -> None:
        facts = getattr(game, "facts", None)
        state = game.setup(record.players, record.options, record.seed)
        began = 0.0  # when the seat to act began its turn: the time of the last action that was not an aside
        answered: bool | None = None  # whether the last move with a choice has had an aside yet
        for entry in record.log:
            seat, action = entry["seat"], entry["action"]
            if is_aside(facts, action):
                self.asides += 1
                self.untrue += game.honest_aside(state, seat, action) is False
                if answered is False:
                    answered, self.moves_answered = True, self.moves_answered + 1
                state, _events = game.apply(state, seat, action, entry["t"])
                continue
            choices = len(game.legal_actions(state, seat)) if seat is not None else 0
            took = entry["t"] - began
            if seat is not None and choices > 1:
                (self.person_moves if seat == person else self.bot_moves).append(took)
                self.moves += 1
                answered = False
            elif choices == 1 and seat not in (None, person) and game.next_deadline(state) is not None:
                self.bot_forced.append(took)
            state, _events = game.apply(state, seat, action, entry["t"])
            began = entry["t"]
        self.rounds += sum(1 for event in events if event["type"] == "round_over")
        self.on_timer += sum(1 for event in events if event["type"] == "time_up")

    def summary(self) -> dict[str, Any]:
        figures: dict[str, Any] = {}
        if self.rounds:
            figures["rounds_on_timer_share"] = round(self.on_timer / self.rounds, 3)
        for name, values in (
            ("bot_move_s_p50", self.bot_moves),
            ("bot_forced_s_p50", self.bot_forced),
            ("person_move_s_p50", self.person_moves),
        ):
            if values:
                figures[name] = round(percentile(sorted(values), 0.5), 2)
        if self.asides:
            figures["reactions_per_move"] = round(self.asides / max(self.moves, 1), 2)
            figures["moves_with_reaction_share"] = round(self.moves_answered / max(self.moves, 1), 3)
            figures["untrue_reactions"] = self.untrue
        return figures


def make_bot(game: Game, seat: int, seed: int, level: str) -> Any:
    """A bot at one of the levels a table offers, or one of the game's reference bots."""
    reference = reference_bots(game).get(level)
    return game.make_bot(seat, seed, level) if reference is None else resolve(reference)(seat, seed)  # type: ignore[operator]


def bot_names(levels: list[str] | None, players: int) -> tuple[str, ...]:
    """How an exported replay names each simulated seat."""
    return tuple(
        f"{(levels[seat] if levels else ORACLE).capitalize()} bot {seat + 1}" for seat in range(players)
    )


def percentile(sorted_values: list[float], share: float) -> float:
    return (
        sorted_values[min(len(sorted_values) - 1, int(len(sorted_values) * share))] if sorted_values else 0.0
    )


def person_maker(game: Game, args: argparse.Namespace) -> Callable[[int, int], Bot] | None:
    """How the person stand-in of ``--person`` is made (seat, seed); ValueError with a reason."""
    if args.person is None:
        if args.person_style is not None:
            raise ValueError("--person-style needs --person SEAT")
        return None
    entry = registration(game.id)
    if entry is None or entry.person is None:
        raise ValueError(f"{game.title} has no stand-in for a person")
    if not 0 <= args.person < args.players:
        raise ValueError(f"--person names seat {args.person}: the seats are 0-{args.players - 1}")
    if args.rotate or args.bots == ORACLE:
        raise ValueError(
            "--person seats one person among levelled bots, without --rotate or the all-seeing team"
        )
    style = args.person_style or entry.person_styles[0]
    if style not in entry.person_styles:
        raise ValueError(f"--person-style is one of {', '.join(entry.person_styles)}")
    if not args.person_seconds > 0:
        raise ValueError("--person-seconds must be more than 0")
    make = resolve(entry.person)
    delay = args.step / MEAN_JITTER

    def person(seat: int, seed: int) -> Bot:
        stand_in = make(seat, seed, style)  # type: ignore[operator]
        return PersonAtTable(stand_in, args.person_seconds, delay, seed)

    return person


def main(argv: Sequence[str] | None = None) -> int:
    args = parse_args(argv)
    if args.list:
        return list_games()
    game = get_game(args.game)
    try:
        options = game.normalise_options(json.loads(args.options), args.players)
        levels = seat_levels(args.bots, game, args.players)
        make_person = person_maker(game, args)
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
    aside_times: list[float] = []
    pace = Pace()
    paced = bool(getattr(game, "facts", None) and game.facts.asides)
    started = time.perf_counter()
    for index in range(args.games):
        seed = args.seed + index
        shift = index % args.players if args.rotate and levels else 0
        seated = levels[-shift:] + levels[:-shift] if levels and shift else levels
        person = make_person(args.person, seed * 1000 + args.person) if make_person else None
        bots = SimulatedSeats(
            game, args.players, seed, options, seated, times, person, args.person, aside_times
        )
        if paced:
            table = PacedTable(
                game,
                args.players,
                options,
                seed,
                bots.seated(args.players),
                args.step / MEAN_JITTER,
                partial(bots.follow, observe=False),
            )
            outcome = table.run()
        else:
            outcome = play(
                game,
                args.players,
                seed,
                bots.choose,
                options=options,
                step=args.step,
                observe=bots.follow,
                duration=lambda seat, view, action, b=bots: args.step * b.duration(seat, view, action),
            )
        result = game.result(outcome.state)
        if paced:
            pace.count(game, outcome.record, outcome.events, args.person)
        if args.export is not None:
            names = list(bot_names(seated, args.players))
            if args.person is not None:
                names[args.person] = "Person"
            export(ReplayFile(outcome.record, tuple(names)), args.export)
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
        print(
            canonical_json(
                {
                    "game": game.id,
                    "seed": seed,
                    "players": args.players,
                    "actions": outcome.actions,
                    "result": result,
                    "hash": game.state_hash(outcome.state),
                }
            )
        )
    elapsed = time.perf_counter() - started
    games = max(args.games, 1)
    per = "bot" if args.rotate else "seat"
    summary: dict[str, Any] = {
        "games": args.games,
        "bots": args.bots,
        "actions": actions,
        "games_won": won_games,
        f"wins_by_{per}": wins,
        f"win_share_by_{per}": [round(w / max(sum(wins), 1), 3) for w in wins],
        f"mean_score_by_{per}": [round(total / games, 3) for total in score_totals],
    }
    if rounds_survived is not None:
        summary["mean_rounds_survived"] = round(rounds_survived / games, 3)
    if stars:
        top = stars[0][1]
        summary["mean_stars"] = round(sum(got for got, _most in stars) / len(stars), 3)
        summary[f"share_on_{top}_stars"] = round(sum(got == most for got, most in stars) / len(stars), 3)
    if timed:
        timed.sort()
        summary["round_seconds_p50"] = round(percentile(timed, 0.5), 1)
    summary.update(pace.summary())
    if args.json:
        print(canonical_json({"summary": summary}))
    else:
        print(" ".join(f"{key}={canonical_json(value)}" for key, value in summary.items()))
    times.sort()
    aside_times.sort()
    asides = (
        f"aside_ms_p50={percentile(aside_times, 0.5) * 1e3:.2f} "
        f"aside_ms_p99={percentile(aside_times, 0.99) * 1e3:.2f} "
        if aside_times
        else ""
    )
    print(
        f"decision_ms_p50={percentile(times, 0.5) * 1e3:.2f} "
        f"decision_ms_p99={percentile(times, 0.99) * 1e3:.2f} decisions={len(times)} "
        f"{asides}actions_per_second={actions / elapsed if elapsed else 0:.0f} seconds={elapsed:.2f}",
        file=sys.stderr,
    )
    return 0


def survived(result: dict[str, Any]) -> int | None:
    """Rounds the table came through (a lost game's last round not counted); None for a game
    whose result counts no rounds."""
    played = result.get("rounds_played")
    return (
        None
        if not isinstance(played, int)
        else played - (0 if result.get("won", bool(result["winners"])) else 1)
    )


if __name__ == "__main__":
    sys.exit(main())
