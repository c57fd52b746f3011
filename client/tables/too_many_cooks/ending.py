"""Too Many Cooks on the end screen: the last round revealed in the tastes panel, the final soup in
its pot, and the kitchen's verdict above it."""

from __future__ import annotations

from dataclasses import replace
from typing import Any, Protocol

import pygame

from soupkitchen.client import theme
from soupkitchen.client.input import InputAction
from soupkitchen.client.tables.ending import EndPanel, final_result
from soupkitchen.client.tables.too_many_cooks.board import Frame, draw_board
from soupkitchen.client.tables.too_many_cooks.layout import TableLayout
from soupkitchen.client.tables.too_many_cooks.paint import Painter
from soupkitchen.client.tables.too_many_cooks.panels import draw_overlays, draw_top_bar
from soupkitchen.client.tables.too_many_cooks.tastes import draw_left
from soupkitchen.client.tables.too_many_cooks.verdict import next_game, verdict_line


class EndingTable(Protocol):
    """What the end reads of the Too Many Cooks table it came from."""

    now: float

    @property
    def table_layout(self) -> TableLayout: ...

    def current_view(self) -> dict[str, Any] | None: ...

    def frame(self) -> Frame: ...

    def _scroll_tastes(self, dy: int) -> bool: ...


class KitchenEnd(EndPanel):
    """The end of a game of Too Many Cooks, read from its table."""

    def __init__(self, table: EndingTable) -> None:
        self.table = table

    @property
    def view(self) -> dict[str, Any]:
        return self.table.current_view() or {}

    def verdict(self) -> str:
        return verdict_line(final_result(self.view), self.view)

    def next_game(self) -> tuple[str, dict[str, Any]] | None:
        return next_game(final_result(self.view))

    def handle(self, action: InputAction) -> bool:
        """The wheel reads the revealed tastes further down (or back up)."""
        return action.kind == "scroll" and self.table._scroll_tastes(action.dy)

    def draw(self, surface: pygame.Surface) -> None:
        table = self.table
        f = replace(table.frame(), keyboard=False, emotes=[])
        p = Painter(surface, table.table_layout, table.now)
        theme.draw_background(surface)
        draw_top_bar(p, f, whoami=False)
        draw_board(p, f)
        draw_left(p, f)
        draw_overlays(p, f)
