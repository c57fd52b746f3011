"""The legend's glyphs, each in a 100 x 100 box (cards of any kind, colour cards, soup regions,
relations, digits, comparison signs and counts), and a taste's icon as its glyphs on one strip."""

from __future__ import annotations

from scripts.art.palette import COLOURS, INK, PAPER, STROKE, svg
from scripts.art.vegetables import symbol, vegetable

GLYPH = 100  # glyphs are drawn in a 100 x 100 box
GLYPH_GAP = 8


# --- legend glyphs, each in a 100 x 100 box ---------------------------------------------------------
def any_card(inner: str = "") -> str:
    """A small upright card: blank (any card) or holding ``inner`` (a vegetable of any colour)."""
    body = f'<rect x="16" y="4" width="68" height="92" rx="9" fill="{PAPER}" {STROKE}/>'
    if inner:
        return body + f'<g transform="translate(14,14) scale(0.72)">{inner}</g>'
    return body + (
        f'<path d="M36,30 C36,16 64,16 64,32 C64,44 50,44 50,56 M50,70 L50,72" fill="none" '
        f'stroke="{COLOURS["neutral"]["dark"]}" stroke-width="7" stroke-linecap="round"/>'
    )


def colour_card(colour: str) -> str:
    """A card of one colour, any vegetable: the card in the colour with its symbol large on it."""
    c = COLOURS[colour]
    return (
        f'<rect x="16" y="4" width="68" height="92" rx="9" fill="{c["base"]}" {STROKE}/>'
        f'<g transform="translate(26,26) scale(2)">{symbol(colour, on_dark=True)}</g>'
    )


def region(cells: list, each: str | None = None) -> str:
    """A 4 x 4 mini soup with the region's cells filled; 'each' row or column is drawn as four bars."""
    on = {(int(r), int(c)) for r, c in cells}
    body = [f'<rect x="6" y="6" width="88" height="88" rx="8" fill="{PAPER}" {STROKE}/>']
    if each in ("row", "col"):
        for i in range(4):
            x, y, w, h = (13, 13 + i * 19.5, 74, 16) if each == "row" else (13 + i * 19.5, 13, 16, 74)
            body.append(f'<rect x="{x:.1f}" y="{y:.1f}" width="{w}" height="{h}" rx="6" fill="{INK}"/>')
        return "".join(body)
    for r in range(4):
        for c in range(4):
            fill = INK if (r, c) in on else COLOURS["neutral"]["light"]
            stroke = "" if (r, c) in on else f'stroke="{COLOURS["neutral"]["base"]}" stroke-width="1.5"'
            body.append(
                f'<rect x="{13 + c * 19.5:.1f}" y="{13 + r * 19.5:.1f}" width="16" height="16" rx="3" '
                f'fill="{fill}" {stroke}/>'
            )
    return "".join(body)


def relation(name: str) -> str:
    """Relation marks: next to (two touching cards), identical (=), not (a struck circle)."""
    if name == "next_to":
        return (
            f'<rect x="8" y="26" width="40" height="48" rx="6" fill="{PAPER}" {STROKE}/>'
            f'<rect x="52" y="26" width="40" height="48" rx="6" fill="{PAPER}" {STROKE}/>'
            f'<path d="M20,50 L80,50 M30,40 L20,50 L30,60 M70,40 L80,50 L70,60" fill="none" {STROKE}/>'
        )
    disc = f'<circle cx="50" cy="50" r="44" fill="{PAPER}" {STROKE}/>'
    if name == "identical":
        return disc + (
            f'<rect x="22" y="32" width="56" height="11" rx="5" fill="{INK}"/>'
            f'<rect x="22" y="57" width="56" height="11" rx="5" fill="{INK}"/>'
        )
    if name == "not":
        return disc + (
            f'<circle cx="50" cy="50" r="30" fill="none" stroke="{INK}" stroke-width="9"/>'
            f'<path d="M30,70 L70,30" fill="none" stroke="{INK}" stroke-width="9" stroke-linecap="round"/>'
        )
    return ""


_DIGITS = {  # strokes on a 60 x 100 grid
    0: "M30,10 C8,10 8,90 30,90 C52,90 52,10 30,10 Z",
    1: "M18,24 L34,10 L34,90 M18,90 L50,90",
    2: "M12,28 C12,6 50,6 50,28 C50,48 12,66 10,90 L52,90",
    3: "M12,16 C24,4 50,8 48,28 C46,44 30,48 26,48 C34,48 52,52 50,70 C48,94 18,96 10,82",
    4: "M40,90 L40,10 L8,66 L54,66",
    5: "M48,10 L16,10 L12,46 C30,36 52,44 50,66 C48,94 18,94 10,80",
    6: "M46,14 C20,4 8,40 10,62 C12,96 50,96 50,66 C50,40 16,40 10,62",
    7: "M10,10 L52,10 L24,90",
    8: "M30,48 C8,44 10,10 30,10 C50,10 52,44 30,48 C4,52 8,90 30,90 C52,90 56,52 30,48 Z",
    9: "M50,38 C48,62 12,62 10,36 C10,4 50,4 50,38 C50,60 44,90 16,88",
}


def digit(n: int) -> str:
    return (
        f'<g transform="translate(20,0)"><path d="{_DIGITS[n % 10]}" fill="none" stroke="{INK}" '
        'stroke-width="12" stroke-linejoin="round" stroke-linecap="round"/></g>'
    )


OPERATORS = {
    "exactly": "M14,36 L86,36 M14,64 L86,64",
    "at_least": "M16,20 L84,44 L16,68 M16,86 L84,86",
    "at_most": "M84,20 L16,44 L84,68 M16,86 L84,86",
    "none": "M14,50 L86,50",
}


def operator(op: str) -> str:
    d = OPERATORS.get(op, OPERATORS["exactly"])
    return (
        f'<path d="{d}" fill="none" stroke="{INK}" stroke-width="12" '
        'stroke-linejoin="round" stroke-linecap="round"/>'
    )


def glyph_file(content: str) -> str:
    return svg(GLYPH, GLYPH, [content])


def taste_icon(parts: list[dict]) -> str:
    """A taste icon: its glyphs side by side in reading order, on one strip."""
    drawn = [taste_glyph(part) for part in parts]
    drawn = [d for d in drawn if d]
    width = max(1, len(drawn)) * (GLYPH + GLYPH_GAP) - GLYPH_GAP
    body = []
    for i, content in enumerate(drawn):
        body.append(f'<g transform="translate({i * (GLYPH + GLYPH_GAP)},0)">{content}</g>')
    return svg(width, GLYPH, body)


def taste_glyph(part: dict) -> str:
    """One glyph of ``icon_parts`` drawn in the 100 x 100 box ('' for an unknown glyph kind)."""
    kind = part.get("glyph")
    if kind == "veg":
        return any_card(vegetable(part["veg"], COLOURS["neutral"]))
    if kind == "colour":
        return colour_card(part["colour"])
    if kind == "any":
        return any_card()
    if kind == "region":
        return region(part.get("cells", []), part.get("each"))
    if kind == "relation":
        return relation(part.get("name", ""))
    if kind == "count":
        return count_glyph(part.get("op", "exactly"), part.get("n"))
    if kind == "digit":
        return digit(int(part.get("n", 0)))
    return ""


def count_glyph(op: str, n: int | None) -> str:
    """A count: none (a struck circle), all / every (an upturned A), or a sign over a number ('>= 2')."""
    if op == "none":
        return relation("not")
    if op in ("all", "every"):
        return (
            f'<rect x="6" y="6" width="88" height="88" rx="44" fill="{PAPER}" {STROKE}/>'
            f'<path d="M26,24 L50,78 L74,24 M35,44 L65,44" fill="none" stroke="{INK}" stroke-width="10" '
            'stroke-linejoin="round" stroke-linecap="round"/>'
        )
    if op == "some" or n is None:
        return ""
    body = [
        f'<rect x="6" y="6" width="88" height="88" rx="44" fill="{PAPER}" {STROKE}/>',
        f'<g transform="translate(12,28) scale(0.44)">{operator(op)}</g>',
    ]
    digits = str(n)
    for i, ch in enumerate(digits):
        x = 50 + (i - (len(digits) - 1) / 2) * 26
        body.append(f'<g transform="translate({x:.1f},24) scale(0.52)">{digit(int(ch))}</g>')
    return "".join(body)
