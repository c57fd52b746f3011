"""The named options that give players more time ("longer round", "longer call window"), said where
a table's result is shown: a game played with more time says so."""

from __future__ import annotations

from typing import Any

from soupkitchen.client.ui.choice import option_label, option_name
from soupkitchen.client.ui.widgets import Label, Widget
from soupkitchen.shared.longer import CHOICES
from soupkitchen.shared.registry import registration


def longer_options(game_id: str, options: dict[str, Any]) -> list[str]:
    """The longer-time options a table was played with, in words ("Longer round: 2x")."""
    entry = registration(game_id)
    specs = entry.facts.options if entry is not None else ()
    return [
        f"{option_label(spec.to_json())}: {option_name(options[spec.key])}"
        for spec in specs
        if spec.choices == CHOICES and options.get(spec.key, spec.default) != spec.default
    ]


def result_rows(session: Any) -> list[Widget]:
    """A line on the result for each longer-time option the game was played with."""
    words = longer_options(session.game_id, session.table.get("options") or {})
    return [Label(line, "body", key=f"longer{i}") for i, line in enumerate(words)]
