"""Presenters: a game's view turned into titled sections of short readable lines for the generic table.

Each presenter module is pure (no pygame) and offers ``REQUIRED`` (the view keys it reads),
``present(view, names) -> list[Section]``, ``waiting(view) -> list[int]`` (the seats the table
waits for) and ``move_cards(view, action) -> tuple[str, ...]`` (the cards a legal action takes or
plays, as asset ids, read from the action and the view). ``names`` are the table summary's seat names, indexed by seat. Nothing here decides a
rule: every line is read from the view.
"""

from __future__ import annotations

import importlib
import logging
from typing import Any

from soupkitchen.client.tables.present.common import Line, Section
from soupkitchen.shared.registry import registrations

log = logging.getLogger(__name__)

PRESENTERS = {entry.facts.id: entry.presenter for entry in registrations() if entry.presenter}
_failed: set[str] = set()

__all__ = ["Line", "Section", "PRESENTERS", "move_cards", "presenter_for", "sections", "waiting"]


def presenter_for(game_id: str, view: dict[str, Any] | None) -> Any | None:
    """The presenter module ``game_id``'s registration names, if any, when ``view`` carries the keys
    it reads."""
    target = PRESENTERS.get(game_id)
    if target is None or not isinstance(view, dict):
        return None
    module = importlib.import_module(target)
    if not all(key in view for key in module.REQUIRED):
        return None
    return module


def _guarded(game_id: str, view: dict[str, Any] | None, call):
    module = presenter_for(game_id, view)
    if module is None:
        return None
    try:
        return call(module)
    except (KeyError, TypeError, ValueError, IndexError, AttributeError) as err:
        if game_id not in _failed:   # a view this client does not understand: fall back, say so once
            _failed.add(game_id)
            log.warning("presenter for %s failed (%r); showing the plain view", game_id, err)
        return None


def sections(game_id: str, view: dict[str, Any] | None, names: list[str]) -> list[Section] | None:
    """The sections for ``view``, or None when the game has no presenter (or the view is not its own)."""
    return _guarded(game_id, view, lambda module: module.present(view, names))


def waiting(game_id: str, view: dict[str, Any] | None) -> list[int]:
    """The seats the table waits for, as far as the presenter can tell (none when unknown)."""
    return _guarded(game_id, view, lambda module: module.waiting(view)) or []


def move_cards(game_id: str, view: dict[str, Any] | None, action: dict[str, Any]) -> tuple[str, ...]:
    """The cards ``action`` takes or plays, as asset ids (none when unknown)."""
    return _guarded(game_id, view, lambda module: module.move_cards(view, action)) or ()
