"""The facts of the box: 64 vegetable cards, 18 soup bases, 60 tastes that never contradict."""

from __future__ import annotations

import json
import random
from collections import Counter
from pathlib import Path

import pytest

from soupkitchen.shared.too_many_cooks import (
    COLOUR_HEX,
    COLOUR_SYMBOLS,
    COLOURS,
    SOUP_BASES,
    TASTES,
    VEGETABLES,
    icon_parts,
)
from soupkitchen.shared.too_many_cooks.cards import (
    BASE_SOUPS,
    DECK_SIZE,
    KINDS,
    buildable,
    card_id,
    parse_soup,
)
from soupkitchen.shared.too_many_cooks.tastes import (
    TASTES_BY_ID,
    WITNESS_SOUPS,
    distance,
    satisfied,
    tastes_of,
)

DIFFICULTIES = ("easy", "moderate", "hard")


def test_deck_is_64_cards_of_8_vegetables_in_4_colours_twice():
    assert len(VEGETABLES) == len(set(VEGETABLES)) == 8
    assert all(veg.isalpha() and veg.islower() for veg in VEGETABLES)
    assert COLOURS == ("red", "yellow", "green", "blue")
    assert DECK_SIZE == 64 and KINDS == 32
    assert sorted(card_id(v, c) for v in VEGETABLES for c in COLOURS) == list(range(32))


def test_every_colour_has_its_own_symbol_and_hue():
    assert set(COLOUR_SYMBOLS) == set(COLOURS) == set(COLOUR_HEX)
    assert len(set(COLOUR_SYMBOLS.values())) == 4
    assert len(set(COLOUR_HEX.values())) == 4
    assert all(len(hex_) == 7 and hex_.startswith("#") for hex_ in COLOUR_HEX.values())


def test_eighteen_soup_bases_six_per_difficulty_all_buildable():
    assert len(SOUP_BASES) == 18
    assert Counter(base["difficulty"] for base in SOUP_BASES) == dict.fromkeys(DIFFICULTIES, 6)
    assert len({base["id"] for base in SOUP_BASES}) == 18
    for base in SOUP_BASES:
        grid = base["grid"]
        assert len(grid) == 4 and all(len(row) == 4 for row in grid)
        soup = tuple(card_id(card["veg"], card["colour"]) for row in grid for card in row)
        assert soup == BASE_SOUPS[base["id"]]
        assert buildable(soup), base["id"]


@pytest.mark.parametrize("base", SOUP_BASES, ids=lambda base: base["id"])
def test_each_soup_base_leaves_real_work(base):
    """A base satisfies at most half of its difficulty's tastes, and not almost none either."""
    count = sum(satisfied(taste, BASE_SOUPS[base["id"]]) for taste in tastes_of(base["difficulty"]))
    assert 3 <= count <= 10


def test_sixty_tastes_twenty_per_difficulty_with_readable_unique_texts():
    assert len(TASTES) == 60
    for letter, difficulty in zip("EMH", DIFFICULTIES, strict=True):
        assert tastes_of(difficulty) == tuple(f"{letter}{n:02d}" for n in range(1, 21))
    texts = [taste["text"] for taste in TASTES]
    assert len(set(texts)) == 60
    assert all(5 < len(text) < 60 and text[0].isupper() for text in texts)
    json.dumps(TASTES)


@pytest.mark.parametrize("difficulty", DIFFICULTIES)
def test_witness_soup_satisfies_every_taste_of_its_difficulty(difficulty):
    witness = WITNESS_SOUPS[difficulty]
    assert buildable(witness)
    unsatisfied = [taste for taste in tastes_of(difficulty) if not satisfied(taste, witness)]
    assert unsatisfied == []


def test_witness_is_a_real_proof_the_tastes_are_not_vacuous():
    """Each taste is broken by some random soup, so the witness is no accident."""
    rng = random.Random(3)
    pile = [card for card in range(KINDS) for _ in range(2)]
    soups = []
    for _ in range(300):
        rng.shuffle(pile)
        soups.append(tuple(pile[:16]))
    for taste in TASTES:
        assert any(not satisfied(taste["id"], soup) for soup in soups), taste["text"]


def _random_satisfaction(difficulty: str, samples: int = 400) -> float:
    rng = random.Random(difficulty)
    pile = [card for card in range(KINDS) for _ in range(2)]
    hits = 0
    for _ in range(samples):
        rng.shuffle(pile)
        soup = tuple(pile[:16])
        hits += sum(satisfied(taste, soup) for taste in tastes_of(difficulty))
    return hits / (samples * 20)


def test_harder_difficulties_are_harder():
    """Random soups satisfy fewer tastes as difficulty rises, and Hard relates cards far more often."""
    easy, moderate, hard = (_random_satisfaction(d) for d in DIFFICULTIES)
    assert easy > moderate > hard
    relations = {d: sum(TASTES_BY_ID[t]["kind"] != "count" for t in tastes_of(d)) for d in DIFFICULTIES}
    assert relations["easy"] == 0 < relations["moderate"] < relations["hard"]


def _soup(fill: str, cells: dict[tuple[int, int], str]) -> tuple[int, ...]:
    soup = [card_id(*fill.split("/"))] * 16
    for (row, col), card in cells.items():
        soup[row * 4 + col] = card_id(*card.split("/"))
    return tuple(soup)


# (taste, fill, cells that satisfy, cells that violate)
KIND_CASES = [
    ("E01", "onion/red", {(1, 1): "pea/blue"}, {(3, 3): "pea/blue"}),  # none, corners
    ("E02", "pea/green", {(0, 3): "pea/red"}, {(1, 3): "pea/red"}),  # at least one, a row
    (
        "E03",
        "carrot/red",
        {(0, 2): "pea/green", (3, 2): "pea/green"},
        {(0, 2): "pea/green", (3, 1): "pea/green"},
    ),
    (
        "E07",
        "pea/green",
        {(0, 0): "pea/red", (2, 2): "onion/red", (3, 3): "pea/red"},
        {(0, 0): "pea/red", (2, 2): "onion/red"},
    ),  # at least 3, whole soup
    ("E08", "pea/green", {(0, 1): "potato/red"}, {(3, 0): "potato/red"}),  # none, a column
    (
        "M02",
        "pea/green",
        {(0, 0): "pea/red", (0, 3): "onion/red"},
        {(0, 0): "pea/red", (0, 1): "pea/red", (0, 3): "onion/red"},
    ),  # exactly 2
    (
        "M03",
        "carrot/red",
        {(r, 0): "pea/blue" for r in range(4)},
        {(r, 0): "pea/blue" for r in (0, 1, 3)},
    ),  # in every row
    (
        "H04",
        "carrot/red",
        {(i, i): "pea/green" for i in range(4)},
        {(0, 0): "pea/green", (1, 0): "pea/green", (2, 2): "pea/green", (3, 3): "pea/green"},
    ),  # exactly 1 per column
    ("H12", "carrot/red", {}, {(0, 2): "pea/red"}),  # all
    (
        "H07",
        "pea/green",
        {(0, 0): "pea/yellow", (0, 3): "onion/yellow", (3, 3): "pea/yellow"},
        {(0, 0): "pea/yellow", (0, 3): "onion/yellow", (3, 2): "pea/yellow"},
    ),  # at least 3, corners
    (
        "M04",
        "pea/green",
        {(1, 1): "carrot/red", (1, 2): "potato/red"},
        {(1, 1): "carrot/red", (2, 2): "potato/red"},
    ),  # next to (a diagonal does not count)
    (
        "M05",
        "pea/green",
        {(0, 0): "pepper/red", (0, 2): "tomato/red"},
        {(3, 0): "pepper/red", (2, 0): "tomato/red"},
    ),  # none next to
    (
        "M04",
        "pea/green",
        {(0, 3): "carrot/red", (1, 3): "potato/red"},
        {(0, 3): "carrot/red", (0, 0): "potato/red"},
    ),  # the soup does not wrap round
    (
        "H05",
        "pea/green",
        {(1, 1): "pepper/red", (1, 2): "tomato/red", (3, 3): "pepper/blue", (2, 3): "tomato/red"},
        {(1, 1): "pepper/red", (1, 2): "tomato/red", (3, 3): "pepper/blue"},
    ),  # every X next to Y
    ("H05", "pea/green", {}, {(0, 0): "pepper/red"}),  # no pepper at all: nothing breaks "every"
    ("H01", "pea/green", {(1, 1): "pea/red", (1, 2): "onion/red"}, {(1, 1): "pea/red", (2, 2): "onion/red"}),
    (
        "M01",
        "pea/green",
        {},
        {
            (r, c): f"{['pea', 'onion', 'carrot', 'tomato'][r]}/{COLOURS[c]}"
            for r in range(4)
            for c in range(4)
        },
    ),  # identical, adjacent
    (
        "M15",
        "pea/red",
        {(0, 0): "onion/green", (3, 3): "onion/green"},
        {(0, 0): "onion/green", (3, 3): "carrot/green"},
    ),  # two identical greens anywhere
    (
        "M07",
        "pea/green",
        {(0, 0): "onion/yellow", (3, 3): "carrot/yellow"},
        {(0, 0): "onion/yellow", (3, 3): "onion/yellow"},
    ),  # no two identical yellows
    (
        "H02",
        "pea/green",
        {(2, 1): "carrot/red", (3, 1): "carrot/red"},
        {(2, 1): "carrot/red", (3, 2): "carrot/red"},
    ),  # identical and next to each other
]


@pytest.mark.parametrize(
    ("taste", "fill", "good", "bad"), KIND_CASES, ids=[f"{case[0]}-{i}" for i, case in enumerate(KIND_CASES)]
)
def test_taste_kinds_on_satisfying_and_violating_soups(taste, fill, good, bad):
    good_soup, bad_soup = _soup(fill, good), _soup(fill, bad)
    assert satisfied(taste, good_soup), TASTES_BY_ID[taste]["text"]
    assert not satisfied(taste, bad_soup), TASTES_BY_ID[taste]["text"]
    assert distance(taste, bad_soup) > 0 == distance(taste, good_soup)


def test_distance_shrinks_as_a_soup_gets_closer():
    far = parse_soup(" ".join(["pea/green"] * 16))
    nearer = _soup("pea/green", {(0, 1): "pea/blue"})
    assert distance("M03", far) == 4 and distance("M03", nearer) == 3  # a blue card in every row


def test_every_catalogue_kind_and_count_op_is_used():
    kinds = Counter(taste["kind"] for taste in TASTES)
    assert set(kinds) == {"count", "next_to", "identical"}
    assert {t["op"] for t in TASTES if t["kind"] == "count"} == {"none", "exactly", "at_least", "all"}
    assert {t["op"] for t in TASTES if t["kind"] == "next_to"} == {"some", "none", "every"}
    assert {t["region"]["area"] for t in TASTES if t["kind"] == "count"} == {
        "soup",
        "corners",
        "row",
        "col",
        "every_row",
        "every_col",
    }
    assert {bool(t.get("sel")) for t in TASTES} == {True, False}  # "any card" appears too


GLYPHS = {
    "veg": {"veg"},
    "colour": {"colour"},
    "any": set(),
    "region": {"cells"},
    "relation": {"name"},
    "count": {"op", "n"},
}


@pytest.mark.parametrize("taste", TASTES, ids=lambda taste: taste["id"])
def test_icon_parts_describe_the_taste_in_glyphs(taste):
    parts = icon_parts(taste)
    json.dumps(parts)
    assert parts
    for part in parts:
        assert GLYPHS[part["glyph"]] <= set(part)
        if part["glyph"] == "veg":
            assert part["veg"] in VEGETABLES
        if part["glyph"] == "colour":
            assert part["colour"] in COLOURS
        if part["glyph"] == "region":
            assert all(0 <= r < 4 and 0 <= c < 4 for r, c in part["cells"])
        if part["glyph"] == "relation":
            assert part["name"] in ("next_to", "identical", "not")
    named = {p.get("veg") for p in parts} | {p.get("colour") for p in parts}
    sel = taste["sel"]
    assert sel.get("veg", sel.get("colour")) in named | {None}
    if taste["kind"] != "count":
        assert any(p["glyph"] == "relation" for p in parts)


def test_rules_document_lists_every_taste_and_base():
    doc = (Path(__file__).parents[2] / "docs" / "rules" / "too-many-cooks.md").read_text()
    for taste in TASTES:
        assert f"| {taste['id']} | {taste['difficulty'].capitalize()} | {taste['text']} |" in doc
    for base in SOUP_BASES:
        count = sum(satisfied(taste, BASE_SOUPS[base["id"]]) for taste in tastes_of(base["difficulty"]))
        assert f"| {base['id']} | {base['difficulty'].capitalize()} |" in doc and f"| {count} of 20 |" in doc
