"""Game ids to games, so the server, the simulator and the client need no game-specific code.

A game is one package under ``shared/`` with a ``registration`` module whose ``REGISTRATION``
names its facts, its rules and, as dotted paths the client and the art script resolve, its table
or presenter and its card art. Nothing else lists the games.
"""

from __future__ import annotations

import importlib
import importlib.util
import pkgutil
from functools import cache
from typing import Any

from soupkitchen.shared.core import Game, Registration


@cache
def registrations() -> tuple[Registration, ...]:
    """Every game package's registration, in menu order."""
    import soupkitchen.shared as shared

    found = []
    for package in pkgutil.iter_modules(shared.__path__):
        name = f"soupkitchen.shared.{package.name}.registration"
        if package.ispkg and importlib.util.find_spec(name) is not None:   # a game, not a helper package
            found.append(importlib.import_module(name).REGISTRATION)
    return tuple(sorted(found, key=lambda registration: registration.order))


def registration(game_id: str) -> Registration | None:
    """The registration of ``game_id``, or None."""
    return next((entry for entry in registrations() if entry.facts.id == game_id), None)


# id -> where its GAME lives; tests may add a game of their own here.
GAME_MODULES: dict[str, str] = {entry.facts.id: entry.rules for entry in registrations()}


def game_ids() -> list[str]:
    """Every registered game id, flagship first."""
    return list(GAME_MODULES)


def get_game(game_id: str) -> Game:
    """The game registered under ``game_id``; KeyError with the known ids if there is none."""
    try:
        target = GAME_MODULES[game_id]
    except (KeyError, TypeError):
        raise KeyError(f"unknown game {game_id!r}; known games: {', '.join(GAME_MODULES)}") from None
    module_name, _, name = target.partition(":")
    return getattr(importlib.import_module(module_name), name or "GAME")


@cache
def describer(game_id: str) -> Any | None:
    """The module wording ``game_id``'s moves, events and headline (``move_words``, ``event_words``,
    ``headline``), as its registration names it; None for a game without one."""
    entry = registration(game_id)
    return resolve(entry.describe) if entry is not None and entry.describe else None


def resolve(target: str) -> object:
    """The object a dotted ``module`` or ``module:name`` path names."""
    module_name, _, name = target.partition(":")
    module = importlib.import_module(module_name)
    return getattr(module, name) if name else module
