"""How far a soup is from satisfying a taste: one fast judge per taste, on cell bitmasks.

A soup is a tuple of 16 card ids, row by row; bit i of a mask stands for cell i. The grammar of a
taste is described in ``tastes``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from soupkitchen.shared.too_many_cooks.cards import CELLS, CORNERS, KINDS, SIZE, card_colour, card_veg

Soup = tuple[int, ...]
Judge = Callable[[Soup], int]
ROWS = tuple(tuple(r * SIZE + c for c in range(SIZE)) for r in range(SIZE))
COLS = tuple(tuple(r * SIZE + c for r in range(SIZE)) for c in range(SIZE))


def matcher(sel: dict[str, str]) -> tuple[bool, ...]:
    """For each of the 32 card ids, whether it matches the selector."""
    return tuple(
        sel.get("veg", card_veg(card)) == card_veg(card)
        and sel.get("colour", card_colour(card)) == card_colour(card)
        for card in range(KINDS)
    )


def region_cells(region: dict[str, Any]) -> tuple[tuple[int, ...], ...]:
    """The groups of cells in which a count is checked separately."""
    area = region["area"]
    if area == "soup":
        return (tuple(range(CELLS)),)
    if area == "corners":
        return (CORNERS,)
    if area == "row":
        return (ROWS[region["index"]],)
    if area == "col":
        return (COLS[region["index"]],)
    return ROWS if area == "every_row" else COLS


def _digits(match: tuple[bool, ...]) -> bytes:
    """A table that turns each card id into the digit 1 when it matches and 0 when not."""
    return bytes(b"01"[hit] for hit in match).ljust(256, b"0")


_ONLY = tuple(bytes(b"01"[card == one] for card in range(KINDS)).ljust(256, b"0") for one in range(KINDS))
"""For each card id, the digits table of that card alone."""


def _mask(digits: bytes, soup: Soup) -> int:
    """Bit i is set when the card in cell i matches (``digits`` from ``_digits``)."""
    return int(bytes(soup).translate(digits)[::-1], 2)


_FULL = (1 << CELLS) - 1
_NOT_LEFT = sum(1 << i for i in range(CELLS) if i % SIZE != 0)
_NOT_RIGHT = sum(1 << i for i in range(CELLS) if i % SIZE != SIZE - 1)


def _beside(mask: int) -> int:
    """The cells orthogonally next to some cell of ``mask`` (no wrapping round the soup)."""
    return (((mask << 1) & _NOT_LEFT) | ((mask >> 1) & _NOT_RIGHT) | (mask << SIZE) | (mask >> SIZE)) & _FULL


def _gap(a: int, b: int) -> int:
    """Fewest cells between a cell of ``a`` and another cell of ``b`` (2 when either is empty)."""
    cells_a = [i for i in range(CELLS) if a >> i & 1]
    cells_b = [j for j in range(CELLS) if b >> j & 1]
    gaps = [
        abs(i // SIZE - j // SIZE) + abs(i % SIZE - j % SIZE) - 1 for i in cells_a for j in cells_b if i != j
    ]
    return min(gaps, default=2)


def _touching_pairs(mask: int) -> int:
    """How many pairs of cells of ``mask`` are orthogonally next to each other."""
    return (mask & (mask >> 1) & _NOT_RIGHT).bit_count() + (mask & (mask >> SIZE)).bit_count()


def _count_judge(taste: dict[str, Any]) -> Judge:
    match, op, n = _digits(matcher(taste["sel"])), taste["op"], taste["n"]
    groups = tuple((sum(1 << i for i in group), len(group)) for group in region_cells(taste["region"]))

    def judge(soup: Soup) -> int:
        mask = _mask(match, soup)
        wrong = 0
        for group, size in groups:
            hits = (mask & group).bit_count()
            if op == "none":
                wrong += hits
            elif op == "all":
                wrong += size - hits
            elif op == "at_least":
                wrong += max(0, n - hits)
            else:
                wrong += abs(hits - n)
        return wrong

    return judge


def _next_to_judge(taste: dict[str, Any]) -> Judge:
    match, other, op = _digits(matcher(taste["sel"])), _digits(matcher(taste["other"])), taste["op"]

    def judge(soup: Soup) -> int:
        sels, others = _mask(match, soup), _mask(other, soup)
        touching = sels & _beside(others)
        if op == "none":
            return touching.bit_count()
        if op == "every":
            return (sels & ~touching).bit_count()
        return 0 if touching else _gap(sels, others) + 1

    return judge


def _identical_judge(taste: dict[str, Any]) -> Judge:
    match, some, adjacent = matcher(taste["sel"]), taste["op"] == "some", taste["adjacent"]

    def judge(soup: Soup) -> int:
        cards = bytes(soup)
        repeated = [
            _mask(_ONLY[card], soup) for card in sorted(set(cards)) if match[card] and cards.count(card) > 1
        ]
        if not repeated:
            return (3 if adjacent else 1) if some else 0
        if adjacent:
            pairs = sum(_touching_pairs(mask) for mask in repeated)
        else:
            pairs = sum(mask.bit_count() * (mask.bit_count() - 1) // 2 for mask in repeated)
        if not some:
            return pairs
        if pairs:
            return 0
        if not repeated:
            return 3 if adjacent else 1
        return min(_gap(mask, mask) for mask in repeated) + 1

    return judge


def make_judge(taste: dict[str, Any]) -> Judge:
    """A function from a soup to how far it is from satisfying ``taste`` (0: satisfied)."""
    maker = {"count": _count_judge, "next_to": _next_to_judge, "identical": _identical_judge}[taste["kind"]]
    return maker(taste)
