"""Checks every game must pass after every action: used by each game's random-simulation tests.

Each check can fail for a fault of the game: a state that does not survive its JSON round trip, a
view that does not match the game's declared view, a seat the table waits for with nothing to do,
a deadline the clock cannot keep, a listed move the rules refuse, an accepted move that is not one of
the game's well-formed moves, or a move, event or prompt its ``describe`` module cannot word.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Iterable, Iterator
from typing import Any

from soupkitchen.shared.core import (
    NOT_YET,
    NOTHING_TIMED,
    SAMPLE,
    SYSTEM,
    TIMEOUT,
    Game,
    canonical_json,
    comparable,
)
from soupkitchen.shared.match import MatchRecord, replay
from soupkitchen.shared.playout import play
from soupkitchen.shared.registry import describer


def check_state(game: Game, state: Any, players: int, typed: Iterable[int | None] | None = None) -> None:
    """Invariants, an exact JSON round trip and copy, and sound views for every seat and a spectator.

    Every view offers moves exactly when its seat may act and keeps its deadline; the views of
    ``typed`` (every seat and the spectator unless given) are also checked against the game's view
    and move models and read in words. A sweep names one viewer in turn: over a game, that is every
    seat many times, for a third of the cost."""
    game.check_invariants(state)
    text = canonical_json(game.to_json(state))
    again = game.from_json(json.loads(text))
    assert again == state and canonical_json(game.to_json(again)) == text, "JSON round trip changed the state"
    assert game.copy(state) == state, "a copy differs from the state"
    over = game.is_over(state)
    assert over == (game.result(state) is not None)
    active = game.active_seats(state)
    assert active == sorted(set(active)) and all(0 <= seat < players for seat in active), (
        f"active seats {active}"
    )
    assert not (over and active), "nobody may act once the game is over"
    seats = [*range(players), None]
    typed = set(seats if typed is None else typed)
    deadlines = {check_view(game, state, seat, typed=seat in typed)["deadline"] for seat in seats}
    for deadline in deadlines:
        check_deadline(game, state, deadline)


def check_view(game: Game, state: Any, seat: int | None, typed: bool = True) -> dict[str, Any]:
    """``seat``'s view offers moves exactly when the seat may act and times only what the clock
    keeps; when ``typed``, it also matches the game's view and move models and reads in words."""
    view = game.view(state, seat)
    assert view["seat"] == seat and view["over"] == game.is_over(state)
    legal, active = view["legal_actions"], view["active_seats"]
    if seat in active:
        assert legal, f"seat {seat} may act but is offered no move"
    else:
        assert legal == [], f"seat {seat} is offered moves while the table does not wait for it"
    assert view["over"] or active or view["deadline"] is not None, "nobody can act and nothing is timed"
    if not typed:
        return view
    game.view_model.validate_json(canonical_json(view))
    for action in legal:
        game.move_model.validate_python(action)
    words = describer(game.id)
    if words is not None:
        assert words.headline(view), "the view has no headline"
        for action in legal:
            assert words.move_words(view, action), f"no words for {action}"
        for entry in view.get("log") or []:
            assert words.event_words(entry), f"no words for {entry}"
    return view


def check_deadline(game: Game, state: Any, deadline: float | None) -> None:
    """The clock may time out at ``deadline`` and not a moment before (and not at all without one)."""
    if deadline is None:
        assert game.validate(state, SYSTEM, dict(TIMEOUT), 0.0) == NOTHING_TIMED
        return
    assert game.validate(state, SYSTEM, dict(TIMEOUT), deadline - 1e-3) == NOT_YET, "the clock acts early"
    assert game.validate(state, SYSTEM, dict(TIMEOUT), deadline) is None, (
        "the clock cannot act at its deadline"
    )


def check_events(game: Game, events: list[dict[str, Any]]) -> None:
    """One action's public events match the game's event model and read in words."""
    game.events_model.validate_json(canonical_json(events))
    words = describer(game.id)
    for event in events if words is not None else ():
        assert words.event_words(event), f"no words for {event}"


def check_replay(game: Game, record: MatchRecord, state: Any) -> None:
    """Replaying the record from setup gives exactly ``state``."""
    assert game.state_hash(replay(record, game=game)) == game.state_hash(state), (
        "replay differs from the live game"
    )


def check_legal_actions_validate(game: Game, state: Any, players: int, now: float) -> None:
    """Every advertised legal action passes validation (and so can be applied)."""
    for seat in range(players):
        for action in game.legal_actions(state, seat):
            reason = game.validate(state, seat, action, now)
            assert reason is None, f"seat {seat}: advertised {action} is refused: {reason}"


def check_accepted_moves(
    game: Game, state: Any, players: int, now: float, rng: random.Random, tries: int = 40
) -> None:
    """Moves near the listed ones (a field changed, dropped or added) are refused unless they are
    well-formed moves; a game whose list is complete accepts nothing it did not list, and a move a
    sampling game accepts beyond its list plays out to a sound state."""
    for seat in game.active_seats(state):
        listed = game.legal_actions(state, seat)
        known = [comparable(action) for action in listed]
        candidates = list(_near(listed))
        for action in rng.sample(candidates, min(tries, len(candidates))):
            if game.validate(state, seat, action, now) is not None:
                continue
            game.move_model.validate_python(action)
            if comparable(action) in known:
                continue
            assert game.listing == SAMPLE, f"seat {seat}: {action} is accepted but was not listed"
            after, events = game.apply(state, seat, action, now)
            game.check_invariants(after)
            check_events(game, events)


def _near(listed: list[dict[str, Any]]) -> Iterator[dict[str, Any]]:
    """Variations of the listed moves: each field given another value, dropped, or a field added."""
    values: dict[str, list[Any]] = {}
    for action in listed:
        for key, value in action.items():
            values.setdefault(key, []).append(value)
    for action in listed:
        yield {**action, "extra": 1}
        for key, value in action.items():
            if key == "type":
                continue
            yield {name: part for name, part in action.items() if name != key}
            for other in [None, True, "x", *_nudged(value), *values[key][:6]]:
                if other != value or type(other) is not type(value):
                    yield {**action, key: other}


def _nudged(value: Any) -> list[Any]:
    if isinstance(value, bool):
        return [not value]
    if isinstance(value, int):
        return [value - 1, value + 1, float(value)]
    if isinstance(value, list):
        return [value[::-1], value[:-1], [*value, *value[:1]]]
    if isinstance(value, dict):
        return [{**value, key: number + 1} for key, number in value.items() if isinstance(number, int)] + [
            {key: number for key, number in value.items() if key != dropped} for dropped in value
        ]
    return []


class SweepChecker:
    """The per-action checks of one random-play game, for ``shared.playout.play(observe=...)``.

    After every action: the action replayed on the state before it gives the same state and
    well-formed events, ``check_state`` with one viewer in turn (a seat or the spectator) typed and
    worded, and ``check_redacted(state, viewer, rng)`` for that viewer. At the listed action counts, a replay
    of the log so far; every ``validate_every`` actions, that each advertised legal action validates and that
    moves near them are accepted only when well-formed.
    """

    def __init__(
        self,
        game: Game,
        players: int,
        seed: int,
        options: dict[str, Any],
        check_redacted: Callable[[Any, int | None, random.Random], None] | None = None,
        replay_at: Iterable[int] = (),
        validate_every: int = 7,
    ) -> None:
        self.game, self.players, self.seed = game, players, seed
        self.record = MatchRecord(game.id, players, options, seed)
        self.check_redacted = check_redacted
        self.rng = random.Random(seed)
        self.replay_at = set(replay_at)
        self.validate_every = validate_every
        self.before = game.setup(players, game.normalise_options(options, players), seed)

    def __call__(self, state: Any, entry: dict[str, Any]) -> None:
        self.record.log.append(entry)
        step = len(self.record.log)
        again, events = self.game.apply(self.before, entry["seat"], entry["action"], entry["t"])
        assert self.game.state_hash(again) == self.game.state_hash(state), (
            "the same action played differently"
        )
        check_events(self.game, events)
        self.before = state
        viewer = (self.seed + step) % (self.players + 1)
        viewer = viewer if viewer < self.players else None
        check_state(self.game, state, self.players, typed=(viewer,))
        if self.check_redacted is not None:
            self.check_redacted(state, viewer, self.rng)
        if step in self.replay_at:
            check_replay(self.game, self.record, state)
        if step % self.validate_every == 0:
            check_legal_actions_validate(self.game, state, self.players, entry["t"])
            check_accepted_moves(self.game, state, self.players, entry["t"], self.rng)


class ObservedTable:
    """A simulated server table for bots that remember: after every action each bot observes its
    seat's view, as the server shows it. ``state`` and ``log`` are the table as it is now."""

    def __init__(self, game: Game, players: int, seed: int, bots: list[Any]) -> None:
        self.game, self.players, self.seed, self.bots = game, players, seed, bots
        self.options = game.normalise_options({}, players)
        self.state = game.setup(players, self.options, seed)
        self.log: list[dict[str, Any]] = []

    def show(self, state: Any, entry: dict[str, Any] | None = None) -> None:
        """``state`` after the logged ``entry`` (none at the start), shown to every bot."""
        self.log.extend([entry] if entry else [])
        self.state = state
        for seat, bot in enumerate(self.bots):
            bot.observe(self.game.view(state, seat))

    def play(self, choose: Callable[[int, dict[str, Any], float], Any]) -> MatchRecord:
        """Play to the end with ``choose(seat, view, now)``; the record of the match."""
        self.show(self.state)
        play(self.game, self.players, self.seed, choose, options=self.options, observe=self.show)
        return MatchRecord(self.game.id, self.players, self.options, self.seed, self.log)
