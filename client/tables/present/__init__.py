"""Presenters: a game's view turned into titled sections of short readable lines for the generic table.

Each game's presenter lives in its own folder (``client/tables/<game>/present.py``, as its client
registration names it); this package holds what they share. A presenter is pure (no pygame) and
offers ``present(view, names) -> list[Section]`` and ``move_cards(view, action) -> tuple[str, ...]``
(the cards a legal move takes or plays, as asset ids, read from the move and the view). ``names`` are the
table summary's seat names, indexed by seat. A view reaching a presenter matches its game's view model (the
session checks every view it receives), so a presenter reads it directly: a view it cannot read is a fault,
not a fallback. Nothing here decides a rule: every line is read from the view, in the words of the game's
``describe``.
"""

from __future__ import annotations

from typing import Any

from soupkitchen.client.games import client_registration, client_registrations
from soupkitchen.client.tables.present.common import Line, Section
from soupkitchen.shared.registry import resolve

__all__ = ["Line", "Section", "move_cards", "presented_games", "presenter_for", "sections"]


def presented_games() -> list[str]:
    """The games whose client registration names a presenter."""
    return [game_id for game_id, entry in client_registrations().items() if entry.presenter]


def presenter_for(game_id: str) -> Any | None:
    """The presenter module ``game_id``'s client registration names, if any."""
    entry = client_registration(game_id)
    return None if entry is None or entry.presenter is None else resolve(entry.presenter)


def sections(game_id: str, view: dict[str, Any] | None, names: list[str]) -> list[Section] | None:
    """The sections for ``view``, or None when the game has no presenter (or there is no view yet)."""
    module = presenter_for(game_id)
    return None if module is None or view is None else module.present(view, names)


def move_cards(game_id: str, view: dict[str, Any] | None, action: dict[str, Any]) -> tuple[str, ...]:
    """The cards ``action`` takes or plays, as asset ids (none for a game without a presenter)."""
    module = presenter_for(game_id)
    return () if module is None or view is None else module.move_cards(view, action)
