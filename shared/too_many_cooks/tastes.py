"""The 60 Too Many Cooks taste cards: the catalogue, judging a soup against it, icons for the table.

Grammar of a taste (every taste is a JSON-able dict with ``id``, ``difficulty``, ``text``, ``kind``):

* Selector ``sel`` / ``other``: ``{}`` any card, ``{"colour": "red"}`` a colour (any vegetable),
  ``{"veg": "carrot"}`` a vegetable (any colour).
* Region ``region``: ``{"area": "soup"}``, ``{"area": "corners"}``, ``{"area": "row", "index": i}``,
  ``{"area": "col", "index": i}``, ``{"area": "every_row"}``, ``{"area": "every_col"}``
  (the count must hold in each row, resp. each column, separately).
* ``kind: "count"`` with ``op`` and ``n``: the number of ``sel`` cards in the region is
  ``none`` (0), ``exactly`` n, ``at_least`` n, or ``all`` (every card of the region matches).
* ``kind: "next_to"`` with ``sel``, ``other`` and ``op``: ``some`` (a ``sel`` card orthogonally next
  to an ``other`` card), ``none`` (no such pair), ``every`` (each ``sel`` card is next to at least
  one ``other`` card; true when there is no ``sel`` card). Diagonals never count and the soup does
  not wrap around.
* ``kind: "identical"`` with ``sel``, ``op`` (``some``/``none``) and ``adjacent`` (bool): two cards
  of the same vegetable and colour matching ``sel`` (next to each other when ``adjacent``).

``satisfied(taste_id, soup)`` and ``distance(taste_id, soup)`` (0 when satisfied, otherwise a
rough count of cards still wrong) read a soup of 16 card ids (see ``cards``).
"""

from __future__ import annotations

from functools import cache, lru_cache
from typing import Any

from soupkitchen.shared.too_many_cooks.cards import (
    COL_NAMES,
    COLOURS,
    ROW_NAMES,
    SIZE,
    VEG_PLURALS,
    parse_soup,
)
from soupkitchen.shared.too_many_cooks.taste_judges import Judge, make_judge, region_cells

Soup = tuple[int, ...]


# --- building the catalogue --------------------------------------------------------------------
def _sel(word: str) -> dict[str, str]:
    if word == "any":
        return {}
    return {"colour": word} if word in COLOURS else {"veg": word}


def _region(word: str) -> dict[str, Any]:
    if word.startswith(("row", "col")) and word[-1].isdigit():
        return {"area": word[:3], "index": int(word[3:])}
    return {"area": word}


def _noun(sel: dict[str, str], plural: bool) -> str:
    if "veg" in sel:
        return VEG_PLURALS[sel["veg"]] if plural else sel["veg"]
    word = "cards" if plural else "card"
    return f"{sel['colour']} {word}" if "colour" in sel else word


def _article(noun: str) -> str:
    return ("an " if noun[0] in "aeiou" else "a ") + noun


def _where(region: dict[str, Any], single: bool) -> str:
    area = region["area"]
    if area == "soup":
        return "in the soup"
    if area == "corners":
        return "in a corner" if single else "in the corners"
    if area == "row":
        return f"in the {ROW_NAMES[region['index']]}"
    if area == "col":
        return f"in the {COL_NAMES[region['index']]}"
    return "in every row" if area == "every_row" else "in every column"


def _count_text(sel: dict[str, str], region: dict[str, Any], op: str, n: int) -> str:
    if op == "none":
        return f"No {_noun(sel, False)} {_where(region, True)}"
    if op == "all":
        return f"Only {_noun(sel, True)} {_where(region, False)}"
    noun = _noun(sel, n != 1)
    if op == "at_least":
        if n == 1:
            return f"{_article(noun).capitalize()} {_where(region, True)}"
        return f"At least {n} {noun} {_where(region, False)}"
    return f"Exactly {n} {noun} {_where(region, n == 1)}"


def _next_to_text(sel: dict[str, str], other: dict[str, str], op: str) -> str:
    same = sel == other
    target = f"another {_noun(other, False)}" if same else _article(_noun(other, False))
    if op == "some":
        if same:
            return f"Two {_noun(sel, True)} next to each other"
        return f"{_article(_noun(sel, False)).capitalize()} next to {target}"
    if op == "none":
        return f"No {_noun(sel, False)} next to {target}"
    return f"Every {_noun(sel, False)} is next to {target}"


def _identical_text(sel: dict[str, str], op: str, adjacent: bool) -> str:
    start = "Two identical" if op == "some" else "No two identical"
    return f"{start} {_noun(sel, True)}" + (" next to each other" if adjacent else "")


def _make(taste_id: str, spec: str) -> dict[str, Any]:
    """One taste from a compact spec: ``count SEL REGION OP [N]``, ``next_to SEL OTHER OP`` or
    ``identical SEL OP [adjacent]``."""
    difficulty = {"E": "easy", "M": "moderate", "H": "hard"}[taste_id[0]]
    kind, *words = spec.split()
    taste: dict[str, Any] = {"id": taste_id, "difficulty": difficulty, "kind": kind}
    if kind == "count":
        sel, region, op = _sel(words[0]), _region(words[1]), words[2]
        n = int(words[3]) if len(words) > 3 else {"none": 0, "at_least": 1}.get(op, 0)
        taste |= {"sel": sel, "region": region, "op": op, "n": n, "text": _count_text(sel, region, op, n)}
    elif kind == "next_to":
        sel, other, op = _sel(words[0]), _sel(words[1]), words[2]
        taste |= {"sel": sel, "other": other, "op": op, "text": _next_to_text(sel, other, op)}
    else:
        sel, op, adjacent = _sel(words[0]), words[1], words[2:] == ["adjacent"]
        taste |= {"sel": sel, "op": op, "adjacent": adjacent, "text": _identical_text(sel, op, adjacent)}
    return taste


_SPECS: dict[str, tuple[str, ...]] = {
    "E": (
        "count blue corners none",
        "count red row0 at_least",
        "count green col2 at_least 2",
        "count mushroom corners none",
        "count carrot corners at_least",
        "count blue row0 none",
        "count red soup at_least 3",
        "count potato col0 none",
        "count aubergine col3 at_least",
        "count yellow col3 at_least 2",
        "count onion row3 none",
        "count pepper row1 at_least",
        "count green col0 none",
        "count blue row1 at_least 2",
        "count yellow corners at_least",
        "count pea col1 none",
        "count mushroom row2 at_least",
        "count green soup at_least 4",
        "count red col2 none",
        "count potato row3 at_least",
    ),
    "M": (
        "identical any some adjacent",
        "count red row0 exactly 2",
        "count blue every_row at_least 1",
        "next_to carrot potato some",
        "next_to pepper tomato none",
        "count potato row3 exactly 1",
        "identical yellow none",
        "count red corners exactly 2",
        "next_to mushroom green some",
        "count red every_col at_least 1",
        "count yellow soup exactly 4",
        "next_to aubergine pepper some",
        "next_to potato red none",
        "count onion col2 exactly 2",
        "identical green some",
        "count pea col3 exactly 2",
        "next_to yellow blue some",
        "count green col1 exactly 2",
        "count green col3 exactly 1",
        "identical blue some",
    ),
    "H": (
        "next_to red red every",
        "identical carrot some adjacent",
        "count blue every_row exactly 1",
        "count green every_col exactly 1",
        "next_to pepper tomato every",
        "next_to yellow red none",
        "count yellow corners at_least 3",
        "count mushroom row1 exactly 2",
        "next_to onion blue every",
        "next_to mushroom mushroom none",
        "identical blue some adjacent",
        "count carrot row0 all",
        "next_to aubergine yellow every",
        "count red row2 exactly 2",
        "next_to potato pea every",
        "next_to onion carrot none",
        "count tomato every_col at_least 1",
        "next_to green green none",
        "next_to tomato red every",
        "count red soup exactly 4",
    ),
}

TASTES: tuple[dict[str, Any], ...] = tuple(
    _make(f"{letter}{number:02d}", spec)
    for letter, specs in _SPECS.items()
    for number, spec in enumerate(specs, start=1)
)
TASTES_BY_ID: dict[str, dict[str, Any]] = {taste["id"]: taste for taste in TASTES}


def tastes_of(difficulty: str) -> tuple[str, ...]:
    """The ids of the 20 tastes of one difficulty, in catalogue order."""
    return tuple(taste["id"] for taste in TASTES if taste["difficulty"] == difficulty)


@cache
def judge_for(taste_id: str) -> Judge:
    """A function from a soup to how far it is from satisfying the taste (0: satisfied)."""
    return make_judge(TASTES_BY_ID[taste_id])


@lru_cache(maxsize=4096)  # a bot's search asks again of the soups it is weighing; 65,536 held 13.6 MB
def distance(taste_id: str, soup: Soup) -> int:
    """0 when the soup satisfies the taste, otherwise roughly how many cards are still wrong."""
    return judge_for(taste_id)(soup)


def satisfied(taste_id: str, soup: Soup) -> bool:
    return distance(taste_id, soup) == 0


# --- icons -------------------------------------------------------------------------------------
def _sel_glyph(sel: dict[str, str]) -> dict[str, str]:
    if "veg" in sel:
        return {"glyph": "veg", "veg": sel["veg"]}
    if "colour" in sel:
        return {"glyph": "colour", "colour": sel["colour"]}
    return {"glyph": "any"}


def _region_glyph(region: dict[str, Any]) -> dict[str, Any]:
    groups = region_cells(region)
    cells = sorted({i for group in groups for i in group})
    glyph: dict[str, Any] = {"glyph": "region", "cells": [[i // SIZE, i % SIZE] for i in cells]}
    if region["area"] in ("every_row", "every_col"):
        glyph["each"] = "row" if region["area"] == "every_row" else "col"
    return glyph


def icon_parts(taste: dict[str, Any]) -> list[dict[str, Any]]:
    """Glyphs to draw the taste left to right, without knowing the grammar.

    Glyphs: ``{"glyph": "veg", "veg"}``, ``{"glyph": "colour", "colour"}``, ``{"glyph": "any"}``,
    ``{"glyph": "count", "op": "none"|"exactly"|"at_least"|"all"|"every"|"some", "n": k}``,
    ``{"glyph": "relation", "name": "next_to"|"identical"|"not"}``,
    ``{"glyph": "region", "cells": [[r, c], ...], "each"?: "row"|"col"}``.
    """
    kind = taste["kind"]
    if kind == "count":
        return [
            {"glyph": "count", "op": taste["op"], "n": taste["n"]},
            _sel_glyph(taste["sel"]),
            _region_glyph(taste["region"]),
        ]
    if kind == "next_to":
        parts: list[dict[str, Any]] = []
        if taste["op"] == "none":
            parts.append({"glyph": "relation", "name": "not"})
        elif taste["op"] == "every":
            parts.append({"glyph": "count", "op": "every", "n": 0})
        return parts + [
            _sel_glyph(taste["sel"]),
            {"glyph": "relation", "name": "next_to"},
            _sel_glyph(taste["other"]),
        ]
    parts = [{"glyph": "relation", "name": "not"}] if taste["op"] == "none" else []
    parts += [_sel_glyph(taste["sel"]), {"glyph": "relation", "name": "identical"}, _sel_glyph(taste["sel"])]
    if taste["adjacent"]:
        parts.append({"glyph": "relation", "name": "next_to"})
    return parts


def public_taste(taste_id: str, soup: Soup) -> dict[str, Any]:
    """A taste as a chef who may read it sees it."""
    taste = TASTES_BY_ID[taste_id]
    return {
        "id": taste_id,
        "text": taste["text"],
        "icon": icon_parts(taste),
        "satisfied": satisfied(taste_id, soup),
    }


# --- proof that the tastes of a difficulty never contradict --------------------------------------
_WITNESS_TEXT = {
    "easy": """pepper/red carrot/yellow tomato/green carrot/green
               carrot/yellow pepper/blue tomato/blue mushroom/yellow
               tomato/red mushroom/red pepper/green pea/yellow
               pepper/yellow potato/blue tomato/green aubergine/red""",
    "moderate": """pepper/red onion/yellow onion/blue pea/red
                   aubergine/blue mushroom/red onion/blue aubergine/green
                   potato/yellow aubergine/green pea/blue pea/yellow
                   mushroom/yellow carrot/green potato/red aubergine/blue""",
    "hard": """carrot/yellow carrot/blue carrot/green carrot/yellow
               mushroom/yellow carrot/blue mushroom/red pea/green
               tomato/green tomato/red onion/red pepper/blue
               pea/yellow pea/green tomato/red tomato/blue""",
}
WITNESS_SOUPS: dict[str, Soup] = {difficulty: parse_soup(text) for difficulty, text in _WITNESS_TEXT.items()}
"""For each difficulty a soup built from the 64 cards that satisfies all 20 of its tastes at once,
so every deal of that difficulty can be satisfied."""
