"""Draw the Too Many Cooks card art as SVG files under ``assets/too_many_cooks/``.

Run ``.venv/bin/python scripts/make_art.py`` after changing the drawing or the game's facts; the
output is committed. Everything is paths, circles and hex colours in one palette with one stroke
style, because pygame-ce's SVG loader drops ``<text>``, ``<pattern>`` and ``<use>`` and greys out
most named colours. Every colour that carries meaning also carries a symbol. The drawing itself is
in ``scripts/art/`` (palette, vegetables and symbols, legend glyphs, the table's other pieces);
this script decides which file gets which picture.

Files written (``A`` = ``assets/too_many_cooks``):
- ``A/cards/<veg>-<colour>.svg``: the 32 vegetable card faces.
- ``A/glyphs/veg-<veg>.svg``, ``symbol-<colour>.svg``, ``colour-<colour>.svg``, ``any.svg``,
  ``relation-<name>.svg``, ``digit-<n>.svg``, ``op-<op>.svg``: the legend's building blocks.
- ``A/tastes/<id>.svg``: each taste's icon, composed from ``icon_parts(taste)``.
- ``A/taste-back-happy.svg``, ``A/taste-back-unhappy.svg``, ``A/star.svg``, ``A/star-empty.svg``,
  ``A/pot.svg``, ``A/timer.svg``, ``A/arrow.svg``.

It also draws the cards of the games played on the generic table (``scripts/art/game_cards.py``):
``assets/pink_soup/<kind>.svg``, ``assets/stone_soup/<kind>.svg``, ``assets/pot_pourri/<ingredient>.svg``
and ``assets/pot_pourri/cuisine-<cuisine>.svg``, and each game's ``back.svg``.
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # the rules' facts (vegetables, colours, tastes) and scripts/art

from scripts.art.game_cards import game_cards  # noqa: E402
from scripts.art.glyphs import (  # noqa: E402
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
from scripts.art.palette import svg  # noqa: E402
from scripts.art.pieces import arrow, card_face, pot, star_card, taste_back, timer  # noqa: E402
from scripts.art.vegetables import symbol  # noqa: E402
from soupkitchen.shared.too_many_cooks.cards import COLOURS as CARD_COLOURS  # noqa: E402
from soupkitchen.shared.too_many_cooks.cards import VEGETABLES  # noqa: E402
from soupkitchen.shared.too_many_cooks.tastes import TASTES, icon_parts  # noqa: E402

OUT = ROOT / "assets" / "too_many_cooks"


def write(path: Path, text: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text + "\n", encoding="utf-8")


def tastes_and_icons() -> list[tuple[str, list[dict]]]:
    """(id, icon parts) for every taste the rules define."""
    return [(taste["id"], icon_parts(taste)) for taste in TASTES]


def main(out: Path = OUT) -> None:
    """Write every art file under ``out``."""
    for veg in VEGETABLES:
        for colour in CARD_COLOURS:
            write(out / "cards" / f"{veg}-{colour}.svg", card_face(veg, colour))
        write(out / "glyphs" / f"veg-{veg}.svg", glyph_file(taste_glyph({"glyph": "veg", "veg": veg})))
    for colour in CARD_COLOURS:
        write(out / "glyphs" / f"symbol-{colour}.svg", svg(24, 24, [symbol(colour)]))
        write(out / "glyphs" / f"colour-{colour}.svg", glyph_file(colour_card(colour)))
    write(out / "glyphs" / "any.svg", glyph_file(any_card()))
    for name in ("next_to", "identical", "not"):
        write(out / "glyphs" / f"relation-{name}.svg", glyph_file(relation(name)))
    for n in range(10):
        write(out / "glyphs" / f"digit-{n}.svg", glyph_file(digit(n)))
    for op in OPERATORS:
        write(out / "glyphs" / f"op-{op}.svg", glyph_file(operator(op)))
    write(out / "taste-back-happy.svg", taste_back(True))
    write(out / "taste-back-unhappy.svg", taste_back(False))
    write(out / "star.svg", star_card(True))
    write(out / "star-empty.svg", star_card(False))
    write(out / "pot.svg", pot())
    write(out / "timer.svg", timer())
    write(out / "arrow.svg", arrow())
    for taste_id, parts in tastes_and_icons():
        write(out / "tastes" / f"{taste_id}.svg", taste_icon(parts))


def main_game_cards(assets: Path = ROOT / "assets") -> None:
    """Write the Pink Soup, Stone Soup and Pot Pourri cards under ``assets/<game>/``."""
    for name, text in game_cards().items():
        write(assets / name, text)


if __name__ == "__main__":
    main()
    main_game_cards()
