"""Game ids to games, so the server, the simulator and the client need no game-specific code."""

from __future__ import annotations

import importlib

from soupkitchen.shared.core import Game

GAME_MODULES = {
    "too-many-cooks": "soupkitchen.shared.too_many_cooks",
    "pink-soup": "soupkitchen.shared.pink_soup",
    "stone-soup": "soupkitchen.shared.stone_soup",
    "pot-pourri": "soupkitchen.shared.pot_pourri",
}


def game_ids() -> list[str]:
    """Every registered game id, flagship first."""
    return list(GAME_MODULES)


def get_game(game_id: str) -> Game:
    """The game registered under ``game_id``; KeyError with the known ids if there is none."""
    try:
        module_name = GAME_MODULES[game_id]
    except (KeyError, TypeError):
        raise KeyError(f"unknown game {game_id!r}; known games: {', '.join(GAME_MODULES)}") from None
    return importlib.import_module(module_name).GAME
