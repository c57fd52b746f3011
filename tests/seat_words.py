"""What a seat reads of a game, in its ``describe`` words: for the rule tests' kits."""

from __future__ import annotations

from types import ModuleType
from typing import Any

from soupkitchen.shared.core import Game


def seat_words(game: Game, describe: ModuleType) -> dict[str, Any]:
    """``words(state, seat, action)`` (a legal move's button words), ``log(state, seat)`` (the table
    log's sentences) and ``headline(state, seat)`` (what the table waits for), as ``seat`` reads them."""

    def words(state: Any, seat: int | None, action: dict) -> str:
        return describe.move_words(game.view(state, seat), action)

    def log(state: Any, seat: int | None) -> list[str]:
        return [describe.event_words(entry) for entry in game.view(state, seat)["log"]]

    def headline(state: Any, seat: int | None) -> str:
        return describe.headline(game.view(state, seat))

    return {"words": words, "log": log, "headline": headline}
