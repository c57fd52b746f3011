"""Soup moves, animated by the kit's motion: a changed card turns over (its old face, then the new),
a rotated row or column slides one place, the card pushed off one end coming in at the other.

Each soup card is a kit ``Thing`` keyed by its cell; the table compares each new soup with the
previous one (so it works for every chef's move, whoever made it) and starts the glides of the move
it finds.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from soupkitchen.client.tables.kit.motion import Glide, Motion
from soupkitchen.client.tables.kit.table_objects import Thing
from soupkitchen.client.tables.too_many_cooks.layout import TableLayout
from soupkitchen.client.tables.too_many_cooks.model import SIZE, TableModel

FLIP_SECONDS = 0.3
SLIDE_SECONDS = 0.25
Soup = list[list[dict[str, Any]]]


@dataclass(frozen=True)
class Move:
    kind: str                   # "flip" | "slide"
    row: int = 0                # flip: the cell; slide: the line
    col: int = 0
    line: str = ""
    index: int = 0
    step: int = 0
    old: dict[str, Any] | None = None   # flip: the card being replaced


def _rotated(cards: list[Any], step: int) -> list[Any]:
    return cards[-step:] + cards[:-step]


def detect(old: Soup | None, new: Soup | None) -> Move | None:
    """The move that turned ``old`` into ``new``: one changed card, or one row or column rotated."""
    if not old or not new or old == new:
        return None
    try:
        changed = [(r, c) for r in range(SIZE) for c in range(SIZE) if old[r][c] != new[r][c]]
    except (IndexError, TypeError):
        return None
    if len(changed) == 1:
        r, c = changed[0]
        return Move("flip", row=r, col=c, old=old[r][c])
    rows = {r for r, _ in changed}
    cols = {c for _, c in changed}
    if len(rows) == 1:
        r = rows.pop()
        for step in (1, -1):
            if _rotated(old[r], step) == new[r]:
                return Move("slide", line="row", index=r, step=step)
    if len(cols) == 1:
        c = cols.pop()
        before = [old[r][c] for r in range(SIZE)]
        after = [new[r][c] for r in range(SIZE)]
        for step in (1, -1):
            if _rotated(before, step) == after:
                return Move("slide", line="col", index=c, step=step)
    return None   # a new round's soup, or several moves at once: no animation


def cell_key(row: int, col: int) -> str:
    return f"cell:{row}:{col}"


def card_thing(card: dict[str, Any], row: int, col: int, lay: TableLayout) -> Thing:
    """The soup card in cell (row, col) as a kit thing (``extra["card"]``: the card itself)."""
    face = f"too_many_cooks/cards/{card.get('veg')}-{card.get('colour')}" if card.get("veg") else None
    return Thing(cell_key(row, col), lay.cell(row, col), what=str(card.get("veg") or ""), face=face,
                 extra={"card": card})


def soup_things(model: TableModel, lay: TableLayout) -> list[Thing]:
    return [card_thing(model.card(row, col), row, col, lay) for row in range(SIZE) for col in range(SIZE)]


class SoupMotion(Motion):
    """The kit's motion, told of each new soup: it starts the glides of the move that made it."""

    def __init__(self) -> None:
        super().__init__()
        self.soup: Soup | None = None

    def see_soup(self, soup: Soup | None, now: float, lay: TableLayout) -> Move | None:
        """A soup arrived at ``now``; start the animation of the move it shows, if any."""
        move = detect(self.soup, soup)
        if soup is not None:
            self.soup = [list(row) for row in soup]
        if move is None:
            return None
        self.glides = {}
        if move.kind == "flip":
            before = card_thing(move.old or {}, move.row, move.col, lay)
            self.start(before.key, Glide(now, None, FLIP_SECONDS, before=before))
            return move
        cells = [(move.index, i) if move.line == "row" else (i, move.index) for i in range(SIZE)]
        band = lay.cell(*cells[0]).union(lay.cell(*cells[-1]))
        pitch = (lay.cell(0, 1).x - lay.cell(0, 0).x, lay.cell(1, 0).y - lay.cell(0, 0).y)
        wrap = (pitch[0] * SIZE, 0) if move.line == "row" else (0, pitch[1] * SIZE)
        for i, cell in enumerate(cells):
            came_from = lay.cell(*cells[(i - move.step) % SIZE])
            self.start(cell_key(*cell), Glide(now, came_from, SLIDE_SECONDS, wrap=wrap, band=band))
        return move
