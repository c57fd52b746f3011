"""Soup moves, animated by the kit's motion: a changed card turns over (its old face, then the new),
a rotated row or column slides one place, the card pushed off one end coming in at the other.

Each soup card is a kit ``Thing`` keyed by its cell; the motion compares each new soup with the
previous one (so it works for every chef's move, whoever made it) and starts the glides of the move
it finds.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from soupkitchen.client.tables.kit.motion import Glide, Motion
from soupkitchen.client.tables.kit.table_objects import Thing
from soupkitchen.client.tables.too_many_cooks.model import SIZE
from soupkitchen.client.tables.too_many_cooks.things import card_face

FLIP_SECONDS = 0.3
SLIDE_SECONDS = 0.25
Soup = list[list[dict[str, Any]]]


@dataclass(frozen=True)
class Move:
    kind: str  # "flip" | "slide"
    row: int = 0  # flip: the cell; slide: the line
    col: int = 0
    line: str = ""
    index: int = 0
    step: int = 0
    old: dict[str, Any] | None = None  # flip: the card being replaced


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
    return None  # a new round's soup, or several moves at once: no animation


class SoupMotion(Motion):
    """The kit's motion, which marks what each view changed; the soup's glides are the move that
    made it (a card turned over, a line slid), whoever made it."""

    def __init__(self) -> None:
        super().__init__()
        self.soup: Soup | None = None
        self.last: Move | None = None  # the soup's latest move, animated or not

    def see(self, things: list[Thing], now: float, animate: bool = True) -> None:
        super().see(things, now, animate=False)
        cells = {thing.extra["cell"]: thing for thing in things if "cell" in thing.extra}
        if len(cells) != SIZE * SIZE:
            return
        soup = [[cells[(row, col)].extra.get("card") or {} for col in range(SIZE)] for row in range(SIZE)]
        move = detect(self.soup, soup)
        self.soup = soup
        if move is None:
            return
        self.last = move
        if not animate:
            return
        if move.kind == "flip":
            thing = cells[(move.row, move.col)]
            before = replace(
                thing, face=card_face(move.old or {}), extra={**thing.extra, "card": move.old or {}}
            )
            self.start(thing.key, Glide(now, None, FLIP_SECONDS, before=before))
            return
        line = [(move.index, i) if move.line == "row" else (i, move.index) for i in range(SIZE)]
        band = cells[line[0]].rect.union(cells[line[-1]].rect)
        first, second = cells[(0, 0)].rect, cells[(1, 1)].rect
        pitch = (second.x - first.x, second.y - first.y)
        wrap = (pitch[0] * SIZE, 0) if move.line == "row" else (0, pitch[1] * SIZE)
        for i, cell in enumerate(line):
            came_from = cells[line[(i - move.step) % SIZE]].rect
            self.start(cells[cell].key, Glide(now, came_from, SLIDE_SECONDS, wrap=wrap, band=band))
