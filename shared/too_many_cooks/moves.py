"""What the two soup moves do to a soup: change one card, rotate a row or column."""

from __future__ import annotations

from soupkitchen.shared.too_many_cooks.cards import COLOURS, KINDS, SIZE, VEGETABLES, card_id

Soup = tuple[int, ...]
ROTATIONS: tuple[dict[str, object], ...] = tuple(
    {"type": "rotate", "line": line, "index": index, "step": step}
    for line in ("row", "col")
    for index in range(SIZE)
    for step in (1, -1)
)


def rotate(soup: Soup, line: str, index: int, step: int) -> Soup:
    """Row ``index`` shifted east (step 1) or west (-1), or column ``index`` south (1) or north (-1);
    the card pushed out wraps round to the other end."""
    cells = (
        [index * SIZE + c for c in range(SIZE)] if line == "row" else [r * SIZE + index for r in range(SIZE)]
    )
    cards = [soup[i] for i in cells]
    moved = cards[-step:] + cards[:-step]
    new = list(soup)
    for i, card in zip(cells, moved, strict=True):
        new[i] = card
    return tuple(new)


def change(soup: Soup, spares: tuple[int, ...], cell: int, new_card: int) -> tuple[Soup, tuple[int, ...]]:
    """The soup card at ``cell`` swapped for the spare ``new_card``; the old card goes back to the spares."""
    old = soup[cell]
    new_spares = list(spares)
    new_spares[old] += 1
    new_spares[new_card] -= 1
    return soup[:cell] + (new_card,) + soup[cell + 1 :], tuple(new_spares)


def change_targets(card: int) -> list[int]:
    """The cards a soup card may become: same vegetable other colour, or same colour other vegetable."""
    veg, colour = divmod(card, len(COLOURS))
    return [veg * len(COLOURS) + k for k in range(len(COLOURS)) if k != colour] + [
        v * len(COLOURS) + colour for v in range(len(VEGETABLES)) if v != veg
    ]


_TARGETS = tuple(tuple(change_targets(card)) for card in range(KINDS))
_CHANGES = tuple(
    tuple(
        {
            "type": "change",
            "row": cell // SIZE,
            "col": cell % SIZE,
            "veg": VEGETABLES[target // len(COLOURS)],
            "colour": COLOURS[target % len(COLOURS)],
        }
        for target in range(KINDS)
    )
    for cell in range(SIZE * SIZE)
)


def change_actions(soup: Soup, spares: tuple[int, ...]) -> list[dict[str, object]]:
    """Every legal change of a card for a spare."""
    return [
        dict(_CHANGES[cell][target])
        for cell, card in enumerate(soup)
        for target in _TARGETS[card]
        if spares[target] > 0
    ]


def spares_from_view(spares: list[dict[str, object]]) -> tuple[int, ...]:
    """The view's spare list back to a count per card id."""
    counts = [0] * KINDS
    for entry in spares:
        counts[card_id(str(entry["veg"]), str(entry["colour"]))] = int(entry["count"])  # type: ignore[arg-type]
    return tuple(counts)
