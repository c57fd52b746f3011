"""A card table's end on the end screen: the table as the game left it (its ranking or scoring
sheet), without its buttons and side column."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from soupkitchen.client import coverage
from soupkitchen.client.tables.ending import EndPanel, GenericEnd
from soupkitchen.client.tables.kit.things import note_thing

if TYPE_CHECKING:
    from soupkitchen.client.tables.kit.scene import KitTable


class TableEnd(EndPanel):
    """What a kit table draws at the end, and its verdict."""

    def __init__(self, table: KitTable) -> None:
        self.table = table

    def verdict(self) -> str:
        return self.table.end_verdict() or GenericEnd(self.table.session).verdict()

    def draw(self, surface: pygame.Surface) -> None:
        table = self.table
        b = table.board
        view: dict[str, Any] = table.current_view() or {}
        table.draw_under(surface, b, view)
        for thing in table.things():
            if thing.kind != "button":
                table.draw_thing(surface, b, thing, thing.rect, 1.0)
                note_thing(thing, thing.rect)
        with coverage.overlay("what the table shows over itself"):
            table.draw_over(surface, b, view)
