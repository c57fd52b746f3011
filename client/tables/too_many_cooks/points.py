"""Where to click on the Too Many Cooks table to play a given legal action (for the click-only tour)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from soupkitchen.client.tables.too_many_cooks.model import Selection, TableModel

Point = tuple[int, int]


def points_for(layout, model: TableModel, action: dict[str, Any]) -> list[Point]:
    """The window points that, clicked in order, play ``action``: a soup card then its picker
    choice, a rotation arrow, or the main button (pass, ready). Empty if the table offers no way."""
    kind = action.get("type")
    if kind == "change":
        cell = (action["row"], action["col"])
        options = model.changes_at(*cell)
        if action not in options:
            return []
        picked = replace(Selection(), picked=cell)
        _panel, choices = layout.picker(cell, picked.candidate_rows(model))
        return [layout.cell(*cell).center, choices[options.index(action)].center]
    if kind == "rotate":
        return [layout.arrow(action["line"], action["index"], action["step"]).center]
    if kind in ("pass", "ready"):
        return [layout.button("main").center]
    return []
