"""The registered games this server serves, as it lists them in ``hello``."""

from __future__ import annotations

from soupkitchen.shared.core import Game
from soupkitchen.shared.models import GameSummary
from soupkitchen.shared.registry import get_game, registrations


def load_game(game_id: str) -> Game:
    """The registered game; KeyError if there is none (a game left out does not count)."""
    return get_game(game_id)


def available_games() -> list[GameSummary]:
    """Every registered game (those left out for a fault are not among them), in menu order."""
    return [entry.summary() for entry in registrations()]
