"""Game tables: the TableScene a game's client registration names (client/games.py), looked up
lazily, with a generic table for any other game. Each game's table lives in a package of its own
here, beside the card-table kit (``kit/``) and the generic table's presenters (``present/``)."""

from __future__ import annotations

import logging

from soupkitchen.client.games import client_registration
from soupkitchen.client.tables.base import TableScene
from soupkitchen.shared.registry import resolve

log = logging.getLogger(__name__)


def table_scene_for(game_id: str) -> type[TableScene]:
    """The table scene class for ``game_id``; the GenericTable if the game has none (or it fails to load)."""
    entry = client_registration(game_id)
    if entry is not None and entry.table is not None:
        try:
            return resolve(entry.table)  # type: ignore[return-value]
        except (ImportError, AttributeError) as err:
            log.warning("table for %s unavailable (%s); using the generic table", game_id, err)
    from soupkitchen.client.tables.generic import GenericTable

    return GenericTable
