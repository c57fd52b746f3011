"""Each game's client side, found as ``shared/registry.py`` finds the games: a package under
``client/tables/`` with a ``registration`` module whose ``REGISTRATION`` is a ``ClientRegistration``.
It names the game's table (or the generic table's presenter) and holds its How to play pages, the
words for its options and the sounds its events make. Nothing else in the client lists the games.
A client registration that does not load, or names a game that is not registered, is left out with
one line in the log (the game is then drawn by the generic table); the others are offered."""

from __future__ import annotations

import importlib
import importlib.util
import logging
import pkgutil
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from soupkitchen.shared.registry import registration

log = logging.getLogger(__name__)
TABLES = "soupkitchen.client.tables"  # the package holding a package per game

Sound = str | Callable[[dict[str, Any]], str | None]
"""A sound's name (client/ui/sound.py), or a function of the event naming one (None: silent)."""


@dataclass(frozen=True)
class Picture:
    """A card shown on a How to play page."""

    asset: str  # e.g. "too_many_cooks/cards/carrot-red" (assets/<asset>.svg)
    caption: str
    wide: bool = False  # a taste strip rather than a card


@dataclass(frozen=True)
class Page:
    """One page of How to play: a part of a turn in a few sentences, with its cards."""

    title: str
    text: str
    pictures: tuple[Picture, ...] = field(default_factory=tuple)


@dataclass(frozen=True)
class ClientRegistration:
    """One game as the client finds it. Dotted paths are ``module`` or ``module:name``."""

    game: str  # the game id, as its shared registration names it
    table: str | None = None  # the TableScene of its own table
    presenter: str | None = None  # the generic table's presenter, for a game without a table of its own
    pages: tuple[Page, ...] = ()  # How to play, one page per part of a turn (the options page is added)
    option_words: Mapping[str, str] = field(default_factory=dict)  # option key -> what it does, in a sentence
    sounds: Mapping[str, Sound] = field(default_factory=dict)  # event type -> the sound it makes
    smiles: Callable[[dict[str, Any]], int] | None = None  # how many faces smile in a view (happy/unhappy)
    replay_words: str | None = None  # the replay viewer's words: its ``review_lines`` and ``face_up_lines``
    access: str | None = None  # the module building its table's screen-reader tree (client/access/table.py)


@cache
def client_registrations() -> dict[str, ClientRegistration]:
    """Every game's client registration by game id, in the games' menu order."""
    tables = importlib.import_module(TABLES)  # when first asked: importing this module loads no table

    found = []
    for package in pkgutil.iter_modules(tables.__path__):
        name = f"{tables.__name__}.{package.name}.registration"
        if not package.ispkg or importlib.util.find_spec(name) is None:  # the kit or a helper, not a game's
            continue
        try:
            entry = importlib.import_module(name).REGISTRATION
        except Exception as err:  # noqa: BLE001 - one game's fault leaves the others drawn as they are
            log.warning(
                "The client side in %r is left out: it does not load (%s: %s).",
                package.name,
                type(err).__name__,
                str(err)[:120],
            )
            continue
        if not isinstance(entry, ClientRegistration):
            log.warning(
                "The client side in %r is left out: its REGISTRATION is not a ClientRegistration.",
                package.name,
            )
        elif registration(entry.game) is not None:  # a game left out has no client side either
            found.append(entry)
    found.sort(key=lambda entry: registration(entry.game).order)  # type: ignore[union-attr]
    return {entry.game: entry for entry in found}


def client_registration(game_id: str) -> ClientRegistration | None:
    """The client registration of ``game_id``, or None for a game the client has nothing of its own for."""
    return client_registrations().get(game_id)
