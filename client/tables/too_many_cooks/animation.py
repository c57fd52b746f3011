"""Soup moves, animated: a changed card flips over, a rotated row or column slides one place.

The animator compares each new soup with the previous one (so it works for every chef's move,
whoever made it) and answers, for a time ``now``, how each cell should be drawn.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from soupkitchen.client.tables.too_many_cooks.model import SIZE

FLIP_SECONDS = 0.3
SLIDE_SECONDS = 0.25
Soup = list[list[dict[str, Any]]]


@dataclass(frozen=True)
class Move:
    kind: str                   # "flip" | "slide"
    start: float
    row: int = 0                # flip: the cell; slide: the line
    col: int = 0
    line: str = ""
    index: int = 0
    step: int = 0
    old: dict[str, Any] | None = None   # flip: the card being replaced

    @property
    def seconds(self) -> float:
        return FLIP_SECONDS if self.kind == "flip" else SLIDE_SECONDS


def _rotated(cards: list[Any], step: int) -> list[Any]:
    return cards[-step:] + cards[:-step]


def detect(old: Soup | None, new: Soup | None, now: float) -> Move | None:
    """The move that turned ``old`` into ``new``: one changed card, or one row or column rotated."""
    if not old or not new or old == new:
        return None
    try:
        changed = [(r, c) for r in range(SIZE) for c in range(SIZE) if old[r][c] != new[r][c]]
    except (IndexError, TypeError):
        return None
    if len(changed) == 1:
        r, c = changed[0]
        return Move("flip", now, row=r, col=c, old=old[r][c])
    rows = {r for r, _ in changed}
    cols = {c for _, c in changed}
    if len(rows) == 1:
        r = rows.pop()
        for step in (1, -1):
            if _rotated(old[r], step) == new[r]:
                return Move("slide", now, line="row", index=r, step=step)
    if len(cols) == 1:
        c = cols.pop()
        before = [old[r][c] for r in range(SIZE)]
        after = [new[r][c] for r in range(SIZE)]
        for step in (1, -1):
            if _rotated(before, step) == after:
                return Move("slide", now, line="col", index=c, step=step)
    return None   # a new round's soup, or several moves at once: no animation


class SoupAnimator:
    """Remembers the last soup and the move being shown."""

    def __init__(self) -> None:
        self.soup: Soup | None = None
        self.move: Move | None = None

    def see(self, soup: Soup | None, now: float) -> Move | None:
        """A soup arrived at ``now``; start the animation of the move it shows, if any."""
        move = detect(self.soup, soup, now)
        if soup is not None:
            self.soup = [list(row) for row in soup]
        if move is not None:
            self.move = move
        return move

    def active(self, now: float) -> Move | None:
        if self.move is not None and now - self.move.start >= self.move.seconds:
            self.move = None
        return self.move

    def progress(self, now: float) -> float:
        move = self.active(now)
        if move is None:
            return 1.0
        p = max(0.0, min(1.0, (now - move.start) / move.seconds))
        return 1 - (1 - p) ** 3   # ease out

    def flip(self, row: int, col: int, now: float) -> tuple[float, dict[str, Any] | None]:
        """(horizontal scale, card to show instead of the current one) of cell (row, col)."""
        move = self.active(now)
        if move is None or move.kind != "flip" or (move.row, move.col) != (row, col):
            return 1.0, None
        p = max(0.0, min(1.0, (now - move.start) / move.seconds))
        scale = abs(math.cos(math.pi * p))
        return max(0.04, scale), (move.old if p < 0.5 else None)

    def slide(self, now: float) -> tuple[str, int, float] | None:
        """(line, index, offset in card pitches) of the sliding line: cards sit ``offset`` pitches
        back from where they end, moving to 0."""
        move = self.active(now)
        if move is None or move.kind != "slide":
            return None
        return move.line, move.index, -move.step * (1 - self.progress(now))
