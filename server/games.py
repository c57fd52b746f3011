"""The registered games this server can actually serve (a game's package may not be installed)."""

from __future__ import annotations

from typing import Any

from soupkitchen.shared.core import Game
from soupkitchen.shared.registry import game_ids, get_game


def load_game(game_id: str) -> Game:
    """The registered game; KeyError if it is unknown or its package is not installed yet."""
    try:
        return get_game(game_id)
    except (ImportError, AttributeError):
        raise KeyError(game_id) from None


def available_games() -> list[dict[str, Any]]:
    """Every registered game whose module is present."""
    games = []
    for game_id in game_ids():
        try:
            game = load_game(game_id)
        except KeyError:
            continue
        games.append({"id": game.id, "title": game.title, "min_players": game.min_players,
                      "max_players": game.max_players, "options": [o.to_json() for o in game.option_specs]})
    return games
