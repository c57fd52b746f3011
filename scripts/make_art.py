"""Draw the Too Many Cooks card art as SVG files under ``assets/too_many_cooks/``.

Run ``.venv/bin/python scripts/make_art.py`` after changing the drawing or the game's facts; the
output is committed. Everything is paths, circles and hex colours in one palette with one stroke
style, because pygame-ce's SVG loader drops ``<text>``, ``<pattern>`` and ``<use>`` and greys out
most named colours. Every colour that carries meaning also carries a symbol.

Files written (``A`` = ``assets/too_many_cooks``):
- ``A/cards/<veg>-<colour>.svg``: the 32 vegetable card faces.
- ``A/glyphs/veg-<veg>.svg``, ``symbol-<colour>.svg``, ``colour-<colour>.svg``, ``any.svg``,
  ``relation-<name>.svg``, ``digit-<n>.svg``, ``op-<op>.svg``: the legend's building blocks.
- ``A/tastes/<id>.svg``: each taste's icon, composed from ``icon_parts(taste)``.
- ``A/taste-back-happy.svg``, ``A/taste-back-unhappy.svg``, ``A/star.svg``, ``A/star-empty.svg``,
  ``A/pot.svg``, ``A/timer.svg``, ``A/arrow.svg``.
"""

from __future__ import annotations

import math
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # the rules' facts: vegetables, colours, tastes

from shared.too_many_cooks.cards import COLOUR_HEX, VEGETABLES  # noqa: E402
from shared.too_many_cooks.cards import COLOURS as CARD_COLOURS  # noqa: E402
from shared.too_many_cooks.tastes import TASTES, icon_parts  # noqa: E402

# --- palette and stroke ----------------------------------------------------------------------------
INK = "#2B1D16"
PAPER = "#FFF6E6"
STROKE = f'stroke="{INK}" stroke-width="3" stroke-linejoin="round" stroke-linecap="round"'
THIN = f'stroke="{INK}" stroke-width="2" stroke-linejoin="round" stroke-linecap="round"'


def _mix(hex_a: str, hex_b: str, t: float) -> str:
    """The colour ``t`` of the way from ``hex_a`` to ``hex_b``."""
    a = [int(hex_a[i:i + 2], 16) for i in (1, 3, 5)]
    b = [int(hex_b[i:i + 2], 16) for i in (1, 3, 5)]
    return "#" + "".join(f"{round(x + (y - x) * t):02X}" for x, y in zip(a, b, strict=True))


# The card colours are the rules' own (Okabe-Ito hues), with a darker and a lighter shade of each.
COLOURS = {c: {"base": COLOUR_HEX[c], "dark": _mix(COLOUR_HEX[c], INK, 0.42), "light": _mix(COLOUR_HEX[c], PAPER, 0.8)}
           for c in CARD_COLOURS}
COLOURS["neutral"] = {"base": "#CFC6BB", "dark": "#8E8378", "light": "#F1ECE5"}


def svg(width: float, height: float, body: list[str]) -> str:
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
            f'viewBox="0 0 {width} {height}">' + "".join(body) + "</svg>")


# --- vegetables, each in a 100 x 100 box, filled with the card's colour -----------------------------
def vegetable(veg: str, shades: dict[str, str], scale: float = 1.0) -> str:
    b, d, li = shades["base"], shades["dark"], shades["light"]
    parts = {
        "carrot": [
            f'<path d="M50,31 C44,18 40,10 36,4 C46,6 51,16 50,31 Z" fill="{d}" {STROKE}/>',
            f'<path d="M50,31 C50,16 54,8 60,2 C64,12 58,22 50,31 Z" fill="{d}" {STROKE}/>',
            f'<path d="M50,31 C58,22 66,16 74,14 C70,24 62,30 50,31 Z" fill="{d}" {STROKE}/>',
            f'<path d="M32,34 Q33,58 47,93 Q50,98 53,93 Q67,58 68,34 Q50,26 32,34 Z" fill="{b}" {STROKE}/>',
            f'<path d="M38,46 L46,46 M55,56 L62,56 M42,67 L49,67 M52,78 L57,78" fill="none" {THIN}/>',
        ],
        "tomato": [
            f'<path d="M50,30 C28,22 8,38 10,60 C12,82 32,94 50,94 C68,94 88,82 90,60 C92,38 72,22 50,30 Z" '
            f'fill="{b}" {STROKE}/>',
            f'<path d="M24,50 C22,58 24,68 30,74" fill="none" stroke="{li}" stroke-width="6" stroke-linecap="round"/>',
            f'<path d="M50,30 L38,20 L44,32 L28,34 L44,38 L50,48 L56,38 L72,34 L56,32 L62,20 Z" fill="{d}" {STROKE}/>',
            f'<path d="M50,30 L50,14" fill="none" {STROKE}/>',
        ],
        "mushroom": [
            f'<path d="M36,60 C34,74 32,86 36,94 L64,94 C68,86 66,74 64,60 Z" fill="{li}" {STROKE}/>',
            f'<path d="M8,58 C8,28 28,10 50,10 C72,10 92,28 92,58 C92,62 88,64 82,64 L18,64 C12,64 8,62 8,58 Z" '
            f'fill="{b}" {STROKE}/>',
            f'<circle cx="30" cy="36" r="7" fill="{li}" {THIN}/><circle cx="56" cy="24" r="5" fill="{li}" {THIN}/>',
            f'<circle cx="72" cy="44" r="7" fill="{li}" {THIN}/><circle cx="47" cy="49" r="4" fill="{li}" {THIN}/>',
        ],
        "pepper": [
            f'<path d="M50,28 C30,20 12,30 15,52 C17,72 24,92 37,92 C43,92 46,87 50,87 C54,87 57,92 63,92 '
            f'C76,92 83,72 85,52 C88,30 70,20 50,28 Z" fill="{b}" {STROKE}/>',
            f'<path d="M50,34 C46,52 46,70 50,87" fill="none" stroke="{d}" stroke-width="3" stroke-linecap="round"/>',
            f'<path d="M26,44 C22,56 24,68 28,76" fill="none" stroke="{li}" stroke-width="6" stroke-linecap="round"/>',
            f'<path d="M36,30 C42,22 58,22 64,30 C58,35 42,35 36,30 Z" fill="{d}" {STROKE}/>',
            f'<path d="M50,27 C49,18 52,10 61,6" fill="none" stroke="{INK}" stroke-width="7" stroke-linecap="round"/>',
            f'<path d="M50,27 C49,18 52,10 61,6" fill="none" stroke="{d}" stroke-width="3" stroke-linecap="round"/>',
        ],
        "onion": [
            f'<path d="M44,92 L39,99 M50,93 L50,100 M56,92 L61,99" fill="none" {THIN}/>',
            f'<path d="M50,6 C52,18 58,26 70,36 C86,48 88,72 72,86 C62,94 38,94 28,86 C12,72 14,48 30,36 '
            f'C42,26 48,18 50,6 Z" fill="{b}" {STROKE}/>',
            f'<path d="M49,16 C38,36 34,62 42,90 M51,16 C62,36 66,62 58,90" fill="none" stroke="{d}" '
            'stroke-width="3" stroke-linecap="round"/>',
            f'<path d="M26,56 C24,64 26,72 32,78" fill="none" stroke="{li}" stroke-width="5" stroke-linecap="round"/>',
        ],
        "aubergine": [
            f'<path d="M64,22 C78,26 80,42 78,56 C76,74 70,90 52,95 C32,99 16,86 21,68 C25,53 38,46 45,33 '
            f'C50,24 55,19 64,22 Z" fill="{b}" {STROKE}/>',
            f'<path d="M32,70 C30,78 34,86 42,89" fill="none" stroke="{li}" stroke-width="5" stroke-linecap="round"/>',
            f'<path d="M46,30 C52,16 72,12 80,24 C74,27 72,34 64,32 C58,38 50,36 46,30 Z" fill="{d}" {STROKE}/>',
            f'<path d="M68,20 L76,4" fill="none" stroke="{INK}" stroke-width="8" stroke-linecap="round"/>',
            f'<path d="M68,20 L76,4" fill="none" stroke="{d}" stroke-width="3" stroke-linecap="round"/>',
        ],
        "potato": [
            f'<path d="M18,40 C20,22 42,14 60,20 C80,26 92,38 90,58 C88,78 70,88 50,88 C28,88 12,74 14,58 '
            f'C14,50 16,46 18,40 Z" fill="{b}" {STROKE}/>',
            f'<path d="M34,38 q4,-3 8,0 M62,32 q4,-3 8,0 M70,62 q4,-3 8,0 M40,68 q4,-3 8,0 M54,50 q3,-2 6,0" '
            f'fill="none" stroke="{d}" stroke-width="3" stroke-linecap="round"/>',
            f'<circle cx="26" cy="54" r="2.5" fill="{d}"/><circle cx="78" cy="46" r="2.5" fill="{d}"/>',
            f'<circle cx="58" cy="76" r="2.5" fill="{d}"/>',
        ],
        "pea": [
            f'<path d="M8,64 C22,38 54,26 92,30 C86,52 60,76 26,78 C16,78 10,72 8,64 Z" fill="{b}" {STROKE}/>',
            f'<path d="M16,64 C30,46 56,38 84,36 C76,50 56,62 28,68 Z" fill="{d}" {THIN}/>',
            f'<circle cx="29" cy="61" r="8" fill="{b}" {THIN}/><circle cx="45" cy="54" r="8" fill="{b}" {THIN}/>',
            f'<circle cx="61" cy="47" r="8" fill="{b}" {THIN}/><circle cx="75" cy="41" r="7" fill="{b}" {THIN}/>',
            f'<path d="M92,30 C98,22 94,14 86,14" fill="none" {STROKE}/>',
        ],
    }[veg]
    inner = "".join(parts)
    if scale != 1.0:
        off = 50 * (1 - scale)
        inner = f'<g transform="translate({off:.1f},{off:.1f}) scale({scale})">{inner}</g>'
    return inner


# --- colour symbols in a 24 x 24 box ----------------------------------------------------------------
def symbol(colour: str, on_dark: bool = False) -> str:
    """The colour's symbol (heart, sun, leaf, drop); on a coloured band it is drawn in paper."""
    fill = PAPER if on_dark else COLOURS[colour]["base"]
    style = f'stroke="{INK}" stroke-width="1.6" stroke-linejoin="round" stroke-linecap="round"'
    if colour == "red":
        return f'<path d="M12,21 C4,15 1,10 3,6 C5,2 10,2 12,6 C14,2 19,2 21,6 C23,10 20,15 12,21 Z" fill="{fill}" {style}/>'
    if colour == "yellow":
        pts = []
        for i in range(16):
            r = 11 if i % 2 == 0 else 7
            a = i * math.pi / 8
            pts.append(f"{12 + r * math.cos(a):.1f},{12 + r * math.sin(a):.1f}")
        return (f'<polygon points="{" ".join(pts)}" fill="{fill}" {style}/>'
                f'<circle cx="12" cy="12" r="4.5" fill="{fill}" {style}/>')
    if colour == "green":
        return (f'<path d="M3,21 C3,10 10,3 21,3 C21,14 14,21 3,21 Z" fill="{fill}" {style}/>'
                f'<path d="M3,21 L15,9" fill="none" {style}/>')
    return f'<path d="M12,2 C16,8 20,12 20,16 C20,20 16,22.5 12,22.5 C8,22.5 4,20 4,16 C4,12 8,8 12,2 Z" fill="{fill}" {style}/>'


# --- legend glyphs, each in a 100 x 100 box ---------------------------------------------------------
def any_card(inner: str = "") -> str:
    """A small upright card: blank (any card) or holding ``inner`` (a vegetable of any colour)."""
    body = f'<rect x="16" y="4" width="68" height="92" rx="9" fill="{PAPER}" {STROKE}/>'
    if inner:
        return body + f'<g transform="translate(14,14) scale(0.72)">{inner}</g>'
    return body + (f'<path d="M36,30 C36,16 64,16 64,32 C64,44 50,44 50,56 M50,70 L50,72" fill="none" '
                   f'stroke="{COLOURS["neutral"]["dark"]}" stroke-width="7" stroke-linecap="round"/>')


def colour_card(colour: str) -> str:
    """A card of one colour, any vegetable: the card in the colour with its symbol large on it."""
    c = COLOURS[colour]
    return (f'<rect x="16" y="4" width="68" height="92" rx="9" fill="{c["base"]}" {STROKE}/>'
            f'<g transform="translate(26,26) scale(2)">{symbol(colour, on_dark=True)}</g>')


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
            body.append(f'<rect x="{13 + c * 19.5:.1f}" y="{13 + r * 19.5:.1f}" width="16" height="16" rx="3" '
                        f'fill="{fill}" {stroke}/>')
    return "".join(body)


def relation(name: str) -> str:
    """Relation marks: next to (two touching cards), identical (=), not (a struck circle)."""
    if name == "next_to":
        return (f'<rect x="8" y="26" width="40" height="48" rx="6" fill="{PAPER}" {STROKE}/>'
                f'<rect x="52" y="26" width="40" height="48" rx="6" fill="{PAPER}" {STROKE}/>'
                f'<path d="M20,50 L80,50 M30,40 L20,50 L30,60 M70,40 L80,50 L70,60" fill="none" {STROKE}/>')
    disc = f'<circle cx="50" cy="50" r="44" fill="{PAPER}" {STROKE}/>'
    if name == "identical":
        return disc + (f'<rect x="22" y="32" width="56" height="11" rx="5" fill="{INK}"/>'
                f'<rect x="22" y="57" width="56" height="11" rx="5" fill="{INK}"/>')
    if name == "not":
        return disc + (f'<circle cx="50" cy="50" r="30" fill="none" stroke="{INK}" stroke-width="9"/>'
                       f'<path d="M30,70 L70,30" fill="none" stroke="{INK}" stroke-width="9" stroke-linecap="round"/>')
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
    return (f'<g transform="translate(20,0)"><path d="{_DIGITS[n % 10]}" fill="none" stroke="{INK}" '
            'stroke-width="12" stroke-linejoin="round" stroke-linecap="round"/></g>')


_OPERATORS = {
    "exactly": "M14,36 L86,36 M14,64 L86,64",
    "at_least": "M16,20 L84,44 L16,68 M16,86 L84,86",
    "at_most": "M84,20 L16,44 L84,68 M16,86 L84,86",
    "none": "M14,50 L86,50",
}


def operator(op: str) -> str:
    d = _OPERATORS.get(op, _OPERATORS["exactly"])
    return f'<path d="{d}" fill="none" stroke="{INK}" stroke-width="12" stroke-linejoin="round" stroke-linecap="round"/>'


OUT = ROOT / "assets" / "too_many_cooks"

CARD_W, CARD_H = 120, 168
GLYPH = 100          # glyphs are drawn in a 100 x 100 box
GLYPH_GAP = 8


def card_face(veg: str, colour: str) -> str:
    """A vegetable card: the vegetable in its colour on a tinted panel, the colour symbol in two corners."""
    shades = COLOURS[colour]
    body = [
        f'<rect x="2" y="2" width="116" height="164" rx="11" fill="{PAPER}" {STROKE}/>',
        f'<rect x="9" y="9" width="102" height="150" rx="7" fill="{shades["light"]}"/>',
        f'<path d="M9,132 L111,132 L111,152 Q111,159 104,159 L16,159 Q9,159 9,152 Z" fill="{shades["base"]}"/>',
        f'<g transform="translate(10,26)">{vegetable(veg, shades)}</g>',
        f'<g transform="translate(12,12) scale(0.95)">{symbol(colour)}</g>',
        f'<g transform="translate(85.2,12) scale(0.95)">{symbol(colour)}</g>',
        f'<g transform="translate(49.5,135) scale(0.875)">{symbol(colour, on_dark=True)}</g>',
    ]
    return svg(CARD_W, CARD_H, body)


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
        return (f'<rect x="6" y="6" width="88" height="88" rx="44" fill="{PAPER}" {STROKE}/>'
                f'<path d="M26,24 L50,78 L74,24 M35,44 L65,44" fill="none" stroke="{INK}" stroke-width="10" '
                'stroke-linejoin="round" stroke-linecap="round"/>')
    if op == "some" or n is None:
        return ""
    body = [f'<rect x="6" y="6" width="88" height="88" rx="44" fill="{PAPER}" {STROKE}/>',
            f'<g transform="translate(12,28) scale(0.44)">{operator(op)}</g>']
    digits = str(n)
    for i, ch in enumerate(digits):
        x = 50 + (i - (len(digits) - 1) / 2) * 26
        body.append(f'<g transform="translate({x:.1f},24) scale(0.52)">{digit(int(ch))}</g>')
    return "".join(body)


def taste_back(happy: bool) -> str:
    """A taste card's back: the chef's mood as a big face the right way up, the other mood small and
    upside down at the foot (turning the card a half turn swaps them)."""
    body = [
        f'<rect x="2" y="2" width="116" height="164" rx="11" fill="#E3893B" {STROKE}/>',
        '<rect x="9" y="9" width="102" height="150" rx="7" fill="#EFA357"/>',
    ]
    for i in range(6):
        for j in range(8):
            if (i + j) % 2 == 0:
                body.append(f'<circle cx="{17 + i * 17.2:.1f}" cy="{17 + j * 19.3:.1f}" r="2.4" fill="#E3893B"/>')
    body.append(f'<g transform="translate(14,18)">{face(happy, 92)}</g>')
    body.append(f'<g transform="translate(78,158) rotate(180)">{face(not happy, 36)}</g>')
    return svg(CARD_W, CARD_H, body)


def face(happy: bool, size: float) -> str:
    """A round chef face, smiling or frowning, in a ``size`` box."""
    s = size / 80
    fill = "#F7D57A" if happy else "#B9C3CF"
    mouth = "M24,50 Q40,66 56,50" if happy else "M24,60 Q40,46 56,60"
    brows = "" if happy else f'<path d="M20,26 L32,30 M60,26 L48,30" fill="none" {STROKE}/>'
    return (
        f'<g transform="scale({s:.3f})">'
        f'<circle cx="40" cy="40" r="37" fill="{fill}" {STROKE}/>'
        f'<circle cx="28" cy="36" r="4.5" fill="{INK}"/><circle cx="52" cy="36" r="4.5" fill="{INK}"/>'
        f'{brows}<path d="{mouth}" fill="none" {STROKE}/>'
        "</g>"
    )


def star_points(cx: float, cy: float, outer: float, inner: float, points: int = 5) -> str:
    coords = []
    for i in range(points * 2):
        r = outer if i % 2 == 0 else inner
        a = -math.pi / 2 + i * math.pi / points
        coords.append(f"{cx + r * math.cos(a):.1f},{cy + r * math.sin(a):.1f}")
    return " ".join(coords)


def star_card(filled: bool) -> str:
    if filled:
        body = [
            f'<rect x="2" y="2" width="96" height="96" rx="14" fill="#3E2A20" {STROKE}/>',
            f'<polygon points="{star_points(50, 53, 40, 17)}" fill="#F2C14E" {STROKE}/>',
            f'<polygon points="{star_points(44, 46, 12, 5)}" fill="#FBE3A1"/>',
        ]
    else:
        body = [
            '<rect x="4" y="4" width="92" height="92" rx="14" fill="#3E2A20" fill-opacity="0.35" '
            'stroke="#8C6A50" stroke-width="3" stroke-dasharray="8 6"/>',
            f'<polygon points="{star_points(50, 53, 40, 17)}" fill="none" stroke="#8C6A50" '
            'stroke-width="3" stroke-linejoin="round"/>',
        ]
    return svg(100, 100, body)


def pot() -> str:
    """The soup pot seen from above: a steel rim with handles around a bowl of broth."""
    w, h = 560, 720
    body = [
        f'<rect x="0" y="300" width="60" height="120" rx="22" fill="#5B5F66" {STROKE}/>',
        f'<rect x="{w - 60}" y="300" width="60" height="120" rx="22" fill="#5B5F66" {STROKE}/>',
        f'<rect x="30" y="4" width="{w - 60}" height="{h - 8}" rx="90" fill="#8E949C" {STROKE}/>',
        f'<rect x="46" y="20" width="{w - 92}" height="{h - 40}" rx="76" fill="#5B5F66"/>',
        f'<rect x="56" y="30" width="{w - 112}" height="{h - 60}" rx="68" fill="#C9823F"/>',
        f'<rect x="70" y="44" width="{w - 140}" height="{h - 88}" rx="58" fill="#D6944F"/>',
    ]
    bubbles = [(96, 80, 9), (470, 120, 7), (90, 640, 8), (480, 610, 10), (280, 60, 6), (300, 668, 7),
               (120, 360, 6), (450, 380, 8), (86, 220, 5), (488, 500, 5)]
    for x, y, r in bubbles:
        body.append(f'<circle cx="{x}" cy="{y}" r="{r}" fill="#E7B57A" stroke="#B06B2C" stroke-width="2"/>')
    body.append('<path d="M60,120 Q70,70 120,50" fill="none" stroke="#C4C9CF" stroke-width="6" '
                'stroke-linecap="round"/>')
    return svg(w, h, body)


def timer() -> str:
    """A kitchen timer dial; the remaining time is drawn over it at run time."""
    body = [
        f'<rect x="86" y="4" width="28" height="22" rx="6" fill="#8E949C" {STROKE}/>',
        f'<path d="M150,34 L166,18 L178,30 L162,46 Z" fill="#8E949C" {STROKE}/>',
        f'<circle cx="100" cy="112" r="86" fill="#8E949C" {STROKE}/>',
        f'<circle cx="100" cy="112" r="74" fill="{PAPER}" {STROKE}/>',
    ]
    for i in range(12):
        a = i * math.pi / 6
        x1, y1 = 100 + 66 * math.sin(a), 112 - 66 * math.cos(a)
        x2, y2 = 100 + 58 * math.sin(a), 112 - 58 * math.cos(a)
        body.append(f'<path d="M{x1:.1f},{y1:.1f} L{x2:.1f},{y2:.1f}" fill="none" {STROKE}/>')
    return svg(200, 200, body)


def arrow() -> str:
    """A fat arrow pointing right (the table turns it for the other three directions)."""
    body = [f'<path d="M8,34 L52,34 L52,14 L92,50 L52,86 L52,66 L8,66 Z" fill="#F2C14E" {STROKE}/>']
    return svg(100, 100, body)


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
    for op in _OPERATORS:
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


if __name__ == "__main__":
    main()
