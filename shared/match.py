"""Match records and replay: a game is rebuilt from (game, players, options, seed, action log)."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from soupkitchen.shared.core import Game
from soupkitchen.shared.registry import get_game


@dataclass
class MatchRecord:
    """Everything needed to rebuild a game. Log entries: {"seat": int|None, "action": {...}, "t": float}."""

    game: str
    players: int
    options: dict[str, Any]
    seed: int
    log: list[dict[str, Any]] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "players": self.players,
            "options": self.options,
            "seed": self.seed,
            "log": self.log,
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> MatchRecord:
        return cls(data["game"], data["players"], dict(data["options"]), data["seed"], list(data["log"]))


def replay(record: MatchRecord, upto: int | None = None, game: Game | None = None) -> Any:
    """The state after the first ``upto`` logged actions (all of them by default)."""
    game = game or get_game(record.game)
    state = game.setup(record.players, game.normalise_options(record.options, record.players), record.seed)
    for entry in record.log[:upto]:
        state, _events = game.apply(state, entry["seat"], entry["action"], entry["t"])
    return state


def seat_views(record: MatchRecord, seat: int | None, game: Game | None = None) -> Iterator[dict[str, Any]]:
    """The views ``seat`` was shown during the match, in order: the one at the start, then one after
    each logged action (``len(record.log) + 1`` views)."""
    game = game or get_game(record.game)
    state = game.setup(record.players, game.normalise_options(record.options, record.players), record.seed)
    yield game.view(state, seat)
    for entry in record.log:
        state, _events = game.apply(state, entry["seat"], entry["action"], entry["t"])
        yield game.view(state, seat)
