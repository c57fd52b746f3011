"""Checks every game must pass after every action: used by each game's random-simulation tests."""

from __future__ import annotations

import json
from typing import Any

from shared.core import Game, canonical_json
from shared.match import MatchRecord, replay

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
