"""The one palette and stroke style every piece of art is drawn in (the card colours with their
shades, and a neutral grey for glyphs that stand for any colour), and the SVG wrapper."""

from __future__ import annotations

from soupkitchen.shared.too_many_cooks.cards import COLOUR_HEX
from soupkitchen.shared.too_many_cooks.cards import COLOURS as CARD_COLOURS

INK = "#2B1D16"
PAPER = "#FFF6E6"
STROKE = f'stroke="{INK}" stroke-width="3" stroke-linejoin="round" stroke-linecap="round"'
THIN = f'stroke="{INK}" stroke-width="2" stroke-linejoin="round" stroke-linecap="round"'


def _mix(hex_a: str, hex_b: str, t: float) -> str:
    """The colour ``t`` of the way from ``hex_a`` to ``hex_b``."""
    a = [int(hex_a[i : i + 2], 16) for i in (1, 3, 5)]
    b = [int(hex_b[i : i + 2], 16) for i in (1, 3, 5)]
    return "#" + "".join(f"{round(x + (y - x) * t):02X}" for x, y in zip(a, b, strict=True))


# The card colours are the rules' own (Okabe-Ito hues), with a darker and a lighter shade of each.
COLOURS = {
    c: {
        "base": COLOUR_HEX[c],
        "dark": _mix(COLOUR_HEX[c], INK, 0.42),
        "light": _mix(COLOUR_HEX[c], PAPER, 0.8),
    }
    for c in CARD_COLOURS
}
COLOURS["neutral"] = {"base": "#CFC6BB", "dark": "#8E8378", "light": "#F1ECE5"}


def svg(width: float, height: float, body: list[str]) -> str:
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}">' + "".join(body) + "</svg>"
    )
