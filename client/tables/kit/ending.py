"""A card table's end on the end screen: the table as the game left it (its ranking or scoring
sheet), without its buttons and side column; its verdict, what comes next when the result says
(a harder game), and input its end uses itself (a long list scrolled)."""

from __future__ import annotations

from typing import Any, Protocol

import pygame

from soupkitchen.client.tables.ending import EndPanel, GenericEnd
from soupkitchen.client.tables.feed import TableFeed
from soupkitchen.client.tables.kit.board import Board
from soupkitchen.client.tables.kit.table_objects import Thing, note_thing
from soupkitchen.client.ui import coverage
from soupkitchen.client.ui.input import InputAction


class EndingTable(Protocol):
    """What the end reads of the card table it came from."""

    session: TableFeed

    @property
    def board(self) -> Board: ...

    def current_view(self) -> dict[str, Any] | None: ...

    def end_verdict(self) -> str: ...

    def end_notes(self) -> list[str]: ...

    def end_next_game(self) -> tuple[str, dict[str, Any]] | None: ...

    def end_handle(self, action: InputAction) -> bool: ...

    def things(self) -> list[Thing]: ...

    def draw_under(self, surface: pygame.Surface, board: Board, view: dict[str, Any]) -> None: ...

    def draw_thing(
        self, surface: pygame.Surface, board: Board, thing: Thing, rect: pygame.Rect, show: float
    ) -> None: ...

    def draw_over(self, surface: pygame.Surface, board: Board, view: dict[str, Any]) -> None: ...


class TableEnd(EndPanel):
    """What a kit table draws at the end, and its verdict."""

    def __init__(self, table: EndingTable) -> None:
        self.table = table

    def verdict(self) -> str:
        return self.table.end_verdict() or GenericEnd(self.table.session).verdict()

    def next_game(self) -> tuple[str, dict[str, Any]] | None:
        return self.table.end_next_game()

    def handle(self, action: InputAction) -> bool:
        return self.table.end_handle(action)

    def notes(self) -> list[str]:
        return self.table.end_notes()

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
