"""Checks every game must pass after every action: used by each game's random-simulation tests."""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Iterable
from typing import Any

from soupkitchen.shared.core import Game, canonical_json
from soupkitchen.shared.match import MatchRecord, replay
from soupkitchen.shared.playout import play

REQUIRED_VIEW_KEYS = {"seat", "legal_actions", "deadline", "over"}


def check_state(game: Game, state: Any, players: int) -> None:
    """Invariants, an exact JSON round trip, and well-formed views for every seat and a spectator."""
    game.check_invariants(state)
    data = game.to_json(state)
    text = canonical_json(data)
    again = game.from_json(json.loads(text))
    assert canonical_json(game.to_json(again)) == text, "JSON round trip changed the state"
    for seat in [*range(players), None]:
        view = game.view(state, seat)
        missing = REQUIRED_VIEW_KEYS - set(view)
        assert not missing, f"view for seat {seat} lacks {sorted(missing)}"
        assert view["seat"] == seat
        canonical_json(view)  # JSON-safe: raises on NaN and on values JSON cannot hold
        legal = view["legal_actions"]
        if seat is None:
            assert legal == [], "a spectator has no legal actions"
        assert legal == game.legal_actions(state, seat)
    assert game.is_over(state) == (game.result(state) is not None)


def check_replay(game: Game, record: MatchRecord, state: Any) -> None:
    """Replaying the record from setup gives exactly ``state``."""
    assert game.state_hash(replay(record, game=game)) == game.state_hash(state), "replay differs from the live game"


def check_legal_actions_validate(game: Game, state: Any, players: int, now: float) -> None:
    """Every advertised legal action passes validation (and so can be applied)."""
    for seat in range(players):
        for action in game.legal_actions(state, seat):
            reason = game.validate(state, seat, action, now)
            assert reason is None, f"seat {seat}: advertised {action} is refused: {reason}"


class SweepChecker:
    """The per-action checks of one random-play game, for ``shared.playout.play(observe=...)``.

    After every action: ``check_state``, and ``check_redacted(state, seat, rng)`` for one seat (or a
    spectator) in turn. At the listed action counts, a replay of the log so far; every
    ``validate_every`` actions, that each advertised legal action validates.
    """

    def __init__(self, game: Game, players: int, seed: int, options: dict[str, Any],
                 check_redacted: Callable[[Any, int | None, random.Random], None] | None = None,
                 replay_at: Iterable[int] = (), validate_every: int = 7) -> None:
        self.game, self.players, self.seed = game, players, seed
        self.record = MatchRecord(game.id, players, options, seed)
        self.check_redacted = check_redacted
        self.rng = random.Random(seed)
        self.replay_at = set(replay_at)
        self.validate_every = validate_every

    def __call__(self, state: Any, entry: dict[str, Any]) -> None:
        self.record.log.append(entry)
        step = len(self.record.log)
        check_state(self.game, state, self.players)
        if self.check_redacted is not None:
            viewer = (self.seed + step) % (self.players + 1)
            self.check_redacted(state, viewer if viewer < self.players else None, self.rng)
        if step in self.replay_at:
            check_replay(self.game, self.record, state)
        if step % self.validate_every == 0:
            check_legal_actions_validate(self.game, state, self.players, entry["t"])


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
