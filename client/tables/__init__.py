"""Game tables: the TableScene a game's client registration names (client/games.py), looked up
lazily, with a generic table for any other game. Each game's table lives in a package of its own
here, beside the card-table kit (``kit/``) and the generic table's presenters (``present/``)."""

from __future__ import annotations

import importlib
import logging

from soupkitchen.client.games import client_registrations
from soupkitchen.client.tables.base import TableScene

log = logging.getLogger(__name__)

TABLES = {game_id: entry.table for game_id, entry in client_registrations().items() if entry.table}


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
