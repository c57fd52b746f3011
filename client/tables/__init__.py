"""Game tables: the TableScene a game's registration names, looked up lazily, with a generic table
for any other game."""

from __future__ import annotations

import importlib
import logging

from soupkitchen.client.tables.base import TableScene
from soupkitchen.shared.registry import registrations

log = logging.getLogger(__name__)

TABLES = {entry.facts.id: entry.table for entry in registrations() if entry.table}


def table_scene_for(game_id: str) -> type[TableScene]:
    """The table scene class for ``game_id``; the GenericTable if the game has none (or it fails to load)."""
    target = TABLES.get(game_id)
    if target is not None:
        module_name, _, class_name = target.partition(":")
        try:
            return getattr(importlib.import_module(module_name), class_name)
        except (ImportError, AttributeError) as err:
            log.warning("table for %s unavailable (%s); using the generic table", game_id, err)
    from soupkitchen.client.tables.generic import GenericTable

    return GenericTable
