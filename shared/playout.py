"""Plays a whole game on a simulated clock: the loop behind the simulator and the random-play tests.

Each step, every seat is offered its view in a seeded random order (so real-time races are fair);
the first seat whose chooser returns an action plays it ``step`` seconds later (or as long as
``duration`` says that seat takes over it). If that would be after the next deadline, or nobody
wants to act, the clock jumps to the deadline and SYSTEM plays TIMEOUT. No wall clock is read.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from soupkitchen.shared.core import SYSTEM, TIMEOUT, Game
from soupkitchen.shared.match import MatchRecord

Chooser = Callable[[int, dict[str, Any], float], "dict[str, Any] | None"]
Observer = Callable[[Any, dict[str, Any]], None]
Duration = Callable[[int, dict[str, Any], dict[str, Any]], float]
"""(seat, the view it chose from, its action): the simulated seconds the seat took to decide."""


class Stalled(RuntimeError):
    """Nobody can act and nothing is timed: the game (or a chooser) is stuck."""


@dataclass
class Playout:
    game: Game
    record: MatchRecord
    state: Any
    events: list[dict[str, Any]] = field(default_factory=list)

    @property
    def actions(self) -> int:
        return len(self.record.log)


def random_chooser(seed: int, wait_chance: float = 0.3) -> Chooser:
    """Picks uniformly among the legal actions; in timed situations sometimes waits instead."""
    rng = random.Random(seed)

    def choose(seat: int, view: dict[str, Any], now: float) -> dict[str, Any] | None:
        legal = view["legal_actions"]
        if not legal or (view.get("deadline") is not None and rng.random() < wait_chance):
            return None
        return rng.choice(legal)

    return choose


def bot_chooser(game: Game, players: int, seed: int) -> Chooser:
    """Each seat played by the game's own bot."""
    bots = [game.make_bot(seat, seed * 1000 + seat) for seat in range(players)]
    return lambda seat, view, now: bots[seat].choose(view, now)


def play(
    game: Game,
    players: int,
    seed: int,
    chooser: Chooser,
    options: dict[str, Any] | None = None,
    step: float = 1.0,
    max_actions: int = 100_000,
    observe: Observer | None = None,
    duration: Duration | None = None,
) -> Playout:
    """Play one game to its end; ``observe(state, entry)`` is called after every applied action.
    Each action takes ``step`` seconds, or ``duration(seat, view, action)`` when given."""
    options = game.normalise_options(options or {}, players)
    record = MatchRecord(game.id, players, options, seed)
    state = game.setup(players, options, seed)
    order_rng = random.Random(f"order:{seed}")
    now = 0.0
    result = Playout(game, record, state)
    while not game.is_over(state):
        if len(record.log) >= max_actions:
            raise Stalled(f"{game.id} seed {seed}: no end after {max_actions} actions")
        seats = list(range(players))
        order_rng.shuffle(seats)
        seat, action, took = SYSTEM, None, step
        for candidate in seats:
            view = game.view(state, candidate)
            action = chooser(candidate, view, now)
            if action is not None:
                seat = candidate
                took = step if duration is None else duration(candidate, view, action)
                break
        deadline = game.next_deadline(state)
        then = round(now + took, 3)  # the clock keeps milliseconds: compared as it will be applied
        if action is not None and (deadline is None or then < deadline):
            now = then
        elif deadline is not None:
            seat, action, now = SYSTEM, dict(TIMEOUT), max(now, deadline)
        else:
            raise Stalled(f"{game.id} seed {seed}: nobody can act and nothing is timed")
        state, events = game.apply(state, seat, action, now)
        entry = {"seat": seat, "action": action, "t": now}
        record.log.append(entry)
        result.events.extend(events)
        result.state = state
        if observe is not None:
            observe(state, entry)
    return result
