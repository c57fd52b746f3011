"""Too Many Cooks facts: vegetables, colours (with symbols for colour-blind chefs), the 64 vegetable
cards and the 18 soup bases.

A card is ``{"veg": str, "colour": str}``. Inside the engine a card is also a small integer
``veg_index * 4 + colour_index`` (0..31) and a soup is a tuple of 16 such integers, row by row
(row 0 at the top, column 0 on the left).
"""

from __future__ import annotations

from typing import Any

VEGETABLES: tuple[str, ...] = (
    "carrot",
    "tomato",
    "mushroom",
    "pepper",
    "onion",
    "aubergine",
    "potato",
    "pea",
)
COLOURS: tuple[str, ...] = ("red", "yellow", "green", "blue")
COLOUR_SYMBOLS: dict[str, str] = {"red": "heart", "yellow": "sun", "green": "leaf", "blue": "drop"}
# Okabe-Ito hues: told apart by most colour-blind chefs even without the symbol.
COLOUR_HEX: dict[str, str] = {"red": "#CC3311", "yellow": "#F0E442", "green": "#009E73", "blue": "#0072B2"}
VEG_PLURALS: dict[str, str] = {veg: veg + "s" for veg in VEGETABLES} | {
    "tomato": "tomatoes",
    "potato": "potatoes",
}

COPIES = 2  # identical copies of each (vegetable, colour) card
SIZE = 4  # the soup is SIZE x SIZE
CELLS = SIZE * SIZE
KINDS = len(VEGETABLES) * len(COLOURS)  # 32 different cards
MAX_STARS = 5
LOSING_UNSATISFIED = 5  # this many unsatisfied tastes in one round lose the game
BRAG_TASTES = 15  # "If you win with 15 tastes, let the publisher know."
DECK_SIZE = KINDS * COPIES  # 64 vegetable cards
DIFFICULTIES: tuple[str, ...] = ("easy", "moderate", "hard")
ROW_NAMES: tuple[str, ...] = ("top row", "second row", "third row", "bottom row")
COL_NAMES: tuple[str, ...] = ("left column", "second column", "third column", "right column")
CORNERS: tuple[int, ...] = (0, SIZE - 1, CELLS - SIZE, CELLS - 1)


_CARD_IDS = {
    (veg, colour): v * len(COLOURS) + c
    for v, veg in enumerate(VEGETABLES)
    for c, colour in enumerate(COLOURS)
}


def card_id(veg: str, colour: str) -> int:
    """The small integer of the card (veg, colour); KeyError for an unknown card."""
    return _CARD_IDS[(veg, colour)]


def card_veg(card: int) -> str:
    return VEGETABLES[card // len(COLOURS)]


def card_colour(card: int) -> str:
    return COLOURS[card % len(COLOURS)]


_CARD_FACES = tuple((VEGETABLES[card // len(COLOURS)], COLOURS[card % len(COLOURS)]) for card in range(KINDS))


def card_json(card: int) -> dict[str, str]:
    """The card as the view shows it."""
    veg, colour = _CARD_FACES[card]
    return {"veg": veg, "colour": colour}


def soup_rows(soup: tuple[int, ...]) -> list[list[dict[str, str]]]:
    """A soup of 16 card ids as 4 rows of card dicts."""
    return [[card_json(soup[r * SIZE + c]) for c in range(SIZE)] for r in range(SIZE)]


def parse_soup(text: str) -> tuple[int, ...]:
    """A soup written as 16 ``veg/colour`` words, row by row."""
    words = text.split()
    assert len(words) == CELLS, f"a soup has {CELLS} cards, not {len(words)}"
    return tuple(card_id(*word.split("/")) for word in words)


def buildable(soup: tuple[int, ...]) -> bool:
    """True when the 64 cards hold every card of the soup (at most 2 of each kind)."""
    return len(soup) == CELLS and all(soup.count(card) <= COPIES for card in set(soup))


_BASE_TEXT = {
    "easy": (
        """potato/green pea/yellow tomato/yellow aubergine/blue
           onion/blue onion/yellow potato/red pea/green
           pepper/green carrot/red carrot/blue onion/red
           onion/green mushroom/red mushroom/blue carrot/blue""",
        """mushroom/red pea/yellow carrot/red carrot/red
           carrot/green aubergine/yellow mushroom/blue potato/yellow
           tomato/red mushroom/red potato/yellow tomato/green
           tomato/green mushroom/yellow pea/yellow carrot/blue""",
        """mushroom/yellow pepper/blue potato/red pepper/green
           aubergine/blue mushroom/red mushroom/blue carrot/green
           potato/green pea/green pea/blue tomato/yellow
           mushroom/green carrot/blue carrot/yellow mushroom/blue""",
        """potato/green aubergine/red onion/yellow tomato/yellow
           onion/blue aubergine/red aubergine/yellow onion/yellow
           potato/blue potato/red pea/green pepper/red
           mushroom/yellow mushroom/yellow carrot/yellow tomato/red""",
        """tomato/green aubergine/blue pepper/blue potato/blue
           tomato/blue tomato/yellow mushroom/blue tomato/blue
           pepper/green aubergine/red potato/green pea/yellow
           tomato/red pepper/red onion/blue carrot/blue""",
        """mushroom/yellow carrot/green carrot/blue onion/blue
           onion/green pea/green pea/yellow potato/red
           carrot/yellow mushroom/green tomato/red pea/green
           mushroom/red aubergine/green pepper/red pepper/green""",
    ),
    "moderate": (
        """carrot/green mushroom/green aubergine/yellow onion/red
           pea/green tomato/blue pepper/yellow pepper/green
           onion/green mushroom/red tomato/yellow potato/green
           carrot/blue onion/yellow potato/green potato/red""",
        """onion/blue tomato/red carrot/red pepper/green
           aubergine/red pepper/green mushroom/yellow onion/green
           tomato/green carrot/yellow pea/yellow pea/green
           pepper/red carrot/blue mushroom/yellow mushroom/blue""",
        """carrot/green potato/green pea/green mushroom/yellow
           aubergine/green potato/red aubergine/red aubergine/red
           tomato/yellow tomato/blue pepper/red pea/yellow
           pea/blue potato/yellow pepper/red aubergine/yellow""",
        """carrot/green pepper/green aubergine/red potato/yellow
           tomato/yellow tomato/red onion/blue pea/red
           pepper/blue potato/red onion/red potato/blue
           pea/blue onion/green pea/yellow pea/green""",
        """mushroom/green pepper/blue aubergine/green tomato/blue
           tomato/blue tomato/green mushroom/yellow potato/yellow
           carrot/blue onion/yellow pea/blue carrot/red
           pepper/yellow tomato/red onion/yellow mushroom/yellow""",
        """potato/red pea/blue tomato/yellow pepper/yellow
           pepper/green onion/green pea/red pea/green
           pepper/blue onion/blue mushroom/red pepper/red
           carrot/blue pea/blue onion/red potato/yellow""",
    ),
    "hard": (
        """aubergine/green aubergine/yellow pea/green carrot/blue
           tomato/yellow carrot/yellow onion/yellow mushroom/yellow
           pepper/green pea/yellow pepper/red pea/red
           aubergine/blue pepper/green potato/yellow potato/blue""",
        """onion/red carrot/blue pea/blue onion/yellow
           pepper/green pea/green tomato/red tomato/blue
           pea/yellow tomato/yellow pepper/red mushroom/blue
           potato/yellow aubergine/red carrot/green tomato/blue""",
        """aubergine/green pea/blue onion/blue pepper/green
           mushroom/green carrot/red mushroom/yellow pea/red
           onion/green pepper/blue potato/green mushroom/green
           potato/blue onion/yellow tomato/green pea/yellow""",
        """mushroom/green onion/yellow onion/blue onion/red
           potato/yellow tomato/red tomato/yellow pea/yellow
           tomato/yellow pepper/blue potato/blue carrot/green
           pea/blue tomato/blue tomato/green potato/red""",
        """potato/blue onion/blue pea/red potato/yellow
           mushroom/blue pea/yellow mushroom/yellow tomato/red
           onion/red tomato/blue pepper/red carrot/red
           tomato/green onion/yellow carrot/blue carrot/green""",
        """mushroom/red aubergine/green aubergine/yellow pea/green
           pea/yellow pepper/blue mushroom/green onion/yellow
           tomato/yellow pea/red onion/blue onion/green
           potato/green onion/red potato/blue mushroom/yellow""",
    ),
}


SOUP_BASES: tuple[dict[str, Any], ...] = tuple(
    {"id": f"{difficulty[0].upper()}{number}", "difficulty": difficulty, "grid": soup_rows(parse_soup(text))}
    for difficulty in DIFFICULTIES
    for number, text in enumerate(_BASE_TEXT[difficulty], start=1)
)
"""Each base: ``{"id": "E1", "difficulty": "easy", "grid": 4 rows of 4 cards}``; 6 per difficulty."""

BASE_SOUPS: dict[str, tuple[int, ...]] = {
    base["id"]: parse_soup(text)
    for difficulty in DIFFICULTIES
    for base, text in zip(
        [b for b in SOUP_BASES if b["difficulty"] == difficulty], _BASE_TEXT[difficulty], strict=True
    )
}
"""Soup base id to its soup as 16 card ids."""
