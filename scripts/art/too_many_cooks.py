"""Too Many Cooks' art, as its registration names it: every file under ``assets/too_many_cooks/``.

- ``cards/<veg>-<colour>.svg``: the 32 vegetable card faces.
- ``glyphs/veg-<veg>.svg``, ``symbol-<colour>.svg``, ``colour-<colour>.svg``, ``any.svg``,
  ``relation-<name>.svg``, ``digit-<n>.svg``, ``op-<op>.svg``: the legend's building blocks.
- ``tastes/<id>.svg``: each taste's icon, composed from ``icon_parts(taste)``.
- ``taste-back-happy.svg``, ``taste-back-unhappy.svg``, ``star.svg``, ``star-empty.svg``, ``pot.svg``,
  ``timer.svg``, ``arrow.svg``.
"""

from __future__ import annotations

from scripts.art.glyphs import (
    OPERATORS,
    any_card,
    colour_card,
    digit,
    glyph_file,
    operator,
    relation,
    taste_glyph,
    taste_icon,
)
from scripts.art.palette import svg
from scripts.art.pieces import arrow, card_face, pot, star_card, taste_back, timer
from scripts.art.vegetables import symbol
from soupkitchen.shared.too_many_cooks.cards import COLOURS, VEGETABLES
from soupkitchen.shared.too_many_cooks.tastes import TASTES, icon_parts

FOLDER = "too_many_cooks"


def too_many_cooks_art() -> dict[str, str]:
    """Every Too Many Cooks art file: ``too_many_cooks/<name>.svg`` -> its SVG text."""
    files: dict[str, str] = {}
    for veg in VEGETABLES:
        for colour in COLOURS:
            files[f"cards/{veg}-{colour}.svg"] = card_face(veg, colour)
        files[f"glyphs/veg-{veg}.svg"] = glyph_file(taste_glyph({"glyph": "veg", "veg": veg}))
    for colour in COLOURS:
        files[f"glyphs/symbol-{colour}.svg"] = svg(24, 24, [symbol(colour)])
        files[f"glyphs/colour-{colour}.svg"] = glyph_file(colour_card(colour))
    files["glyphs/any.svg"] = glyph_file(any_card())
    for name in ("next_to", "identical", "not"):
        files[f"glyphs/relation-{name}.svg"] = glyph_file(relation(name))
    for n in range(10):
        files[f"glyphs/digit-{n}.svg"] = glyph_file(digit(n))
    for op in OPERATORS:
        files[f"glyphs/op-{op}.svg"] = glyph_file(operator(op))
    files["taste-back-happy.svg"] = taste_back(True)
    files["taste-back-unhappy.svg"] = taste_back(False)
    files["star.svg"] = star_card(True)
    files["star-empty.svg"] = star_card(False)
    files["pot.svg"] = pot()
    files["timer.svg"] = timer()
    files["arrow.svg"] = arrow()
    for taste in TASTES:
        files[f"tastes/{taste['id']}.svg"] = taste_icon(icon_parts(taste))
    return {f"{FOLDER}/{name}": text for name, text in files.items()}
