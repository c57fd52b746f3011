"""Stone Soup's facts: the ingredient sequence, the 54 cards and the deck of 52 playable ones."""

from __future__ import annotations

from collections.abc import Callable

from soupkitchen.shared.words import N_, _, and_list, ngettext

STONE = "stone"
SALT = "salt"

# The sequence-of-ingredients cards, in order, with how many of each food card the game has.
SEQUENCE: tuple[str, ...] = ("potato", "tomato", "sausage", "onion", "carrot", "cabbage", "peas")
FOOD_COUNTS: dict[str, int] = {
    "potato": 4,
    "tomato": 4,
    "sausage": 4,
    "onion": 5,
    "carrot": 6,
    "cabbage": 7,
    "peas": 8,
}
STONE_COUNT = 6
SALT_COUNT = 8
REFERENCE_CARDS = 2  # the two sequence-of-ingredients cards: laid face up, never dealt

# Every playable kind, in the order a hand is shown: the foods in sequence, then stones, then salt.
KINDS: tuple[str, ...] = (*SEQUENCE, STONE, SALT)
KIND_COUNTS: dict[str, int] = {**FOOD_COUNTS, STONE: STONE_COUNT, SALT: SALT_COUNT}
DECK_SIZE = sum(KIND_COUNTS.values())  # 52 playable cards
TOTAL_CARDS = DECK_SIZE + REFERENCE_CARDS  # 54 cards in the box

# Hands dealt: one per player, plus extra hands set aside unseen at small tables.
EXTRA_HANDS = {2: 2, 3: 1, 4: 0, 5: 0}

# The kinds in words, marked for the catalog: read them through ``singular``, ``plural`` and
# ``count_words``, which word them in the reader's language.
SINGULAR = {
    "potato": N_("potato"),
    "tomato": N_("tomato"),
    "sausage": N_("sausage"),
    "onion": N_("onion"),
    "carrot": N_("carrot"),
    "cabbage": N_("cabbage"),
    "peas": N_("pea"),
    STONE: N_("stone"),
    SALT: N_("dash of salt"),
}
PLURAL = {
    "potato": N_("potatoes"),
    "tomato": N_("tomatoes"),
    "sausage": N_("sausages"),
    "onion": N_("onions"),
    "carrot": N_("carrots"),
    "cabbage": N_("cabbages"),
    "peas": N_("peas"),
    STONE: N_("stones"),
    SALT: N_("dashes of salt"),
}
NUMBER_WORDS = (
    N_("zero"),
    N_("one"),
    N_("two"),
    N_("three"),
    N_("four"),
    N_("five"),
    N_("six"),
    N_("seven"),
    N_("eight"),
    N_("nine"),
    N_("ten"),
    N_("eleven"),
    N_("twelve"),
)
COUNTED: dict[str, Callable[[int], str]] = {  # "%(number)s potatoes", as ngettext words a count
    "potato": lambda n: ngettext("%(number)s potato", "%(number)s potatoes", n),
    "tomato": lambda n: ngettext("%(number)s tomato", "%(number)s tomatoes", n),
    "sausage": lambda n: ngettext("%(number)s sausage", "%(number)s sausages", n),
    "onion": lambda n: ngettext("%(number)s onion", "%(number)s onions", n),
    "carrot": lambda n: ngettext("%(number)s carrot", "%(number)s carrots", n),
    "cabbage": lambda n: ngettext("%(number)s cabbage", "%(number)s cabbages", n),
    "peas": lambda n: ngettext("%(number)s pea", "%(number)s peas", n),
    STONE: lambda n: ngettext("%(number)s stone", "%(number)s stones", n),
    SALT: lambda n: ngettext("%(number)s dash of salt", "%(number)s dashes of salt", n),
}


def singular(kind: str) -> str:
    """One card of ``kind`` in the reader's words: "potato"."""
    return _(SINGULAR[kind])


def plural(kind: str) -> str:
    """Cards of ``kind`` in the reader's words: "potatoes"."""
    return _(PLURAL[kind])


def card_id(kind: str, number: int) -> str:
    """The id of the ``number``-th card (from 1) of ``kind``, e.g. ``potato-3``."""
    return f"{kind}-{number}"


def kind_of(card: str) -> str:
    """The kind of a card id: ``potato-3`` -> ``potato``."""
    return card.rsplit("-", 1)[0]


def build_deck() -> list[str]:
    """The 52 playable card ids in a fixed order (sequence order, then stones, then salt)."""
    return [card_id(kind, n) for kind in KINDS for n in range(1, KIND_COUNTS[kind] + 1)]


DECK: tuple[str, ...] = tuple(build_deck())
_ORDER = {card: position for position, card in enumerate(DECK)}
KIND_OF: dict[str, str] = {card: kind_of(card) for card in DECK}  # the fast lookup of kind_of


def count_kinds(cards: list[str]) -> dict[str, int]:
    """Cards as {kind: how many}, kinds in the order of KINDS (sequence, then stone, then salt)."""
    counts: dict[str, int] = {}
    for card in cards:
        kind = KIND_OF[card]
        counts[kind] = counts.get(kind, 0) + 1
    return {kind: counts[kind] for kind in KINDS if kind in counts}


def card_order(card: str) -> int:
    """Sort key that shows a hand in sequence order (then by number)."""
    return _ORDER[card]


def count_words(count: int, kind: str) -> str:
    """``two potatoes``, ``one pea``: a declaration as a player would say it, in the reader's words."""
    number = _(NUMBER_WORDS[count]) if 0 <= count < len(NUMBER_WORDS) else str(count)
    return COUNTED[kind](count) % {"number": number}


# How big a hand or the pot looks across a table: exact up to three cards, then only roughly, so
# that a card more or less than declared usually goes unnoticed (the rulebook's third bluff).
SIZE_BANDS: tuple[tuple[int, int | None], ...] = (
    (0, 0),
    (1, 1),
    (2, 2),
    (3, 3),
    (4, 6),
    (7, 10),
    (11, 15),
    (16, None),
)


def _band_of(size: int) -> tuple[int, int | None]:
    return next(band for band in SIZE_BANDS if band[1] is None or size <= band[1])


_BANDS = tuple(_band_of(size) for size in range(DECK_SIZE + 1))


def size_band(size: int) -> dict[str, int | None]:
    """How ``size`` cards look from across the table: the band's least and most (None: no upper
    bound), e.g. ``{"least": 4, "most": 6}``."""
    least, most = _BANDS[size] if 0 <= size <= DECK_SIZE else _band_of(size)
    return {"least": least, "most": most}


def exact_size(size: int) -> dict[str, int | None]:
    """A size known exactly (a seat's own hand), in the shape of ``size_band``."""
    return {"least": size, "most": size}


def describe_cards(counts: dict[str, int], first: str | None = None) -> str:
    """``two potatoes and one stone``: chosen cards in words, ``first`` (the food owed) leading,
    then the kinds in hand order."""
    order = sorted(KINDS, key=lambda kind: kind != first)
    words = [count_words(n, kind) for kind in order if (n := counts.get(kind, 0))]
    return and_list(words) or _("no cards")
