"""The table's other pieces: the vegetable card faces, the taste card backs with the chef's face,
the stars, the soup pot, the timer dial and the direction arrow."""

from __future__ import annotations

import math

from scripts.art.palette import COLOURS, INK, PAPER, STROKE, svg
from scripts.art.vegetables import symbol, vegetable

CARD_W, CARD_H = 120, 168


def card_face(veg: str, colour: str) -> str:
    """A vegetable card: the vegetable in its colour on a tinted panel, the colour symbol in two corners."""
    shades = COLOURS[colour]
    body = [
        f'<rect x="2" y="2" width="116" height="164" rx="11" fill="{PAPER}" {STROKE}/>',
        f'<rect x="9" y="9" width="102" height="150" rx="7" fill="{shades["light"]}"/>',
        f'<path d="M9,132 L111,132 L111,152 Q111,159 104,159 L16,159 Q9,159 9,152 Z" '
        f'fill="{shades["base"]}"/>',
        f'<g transform="translate(10,26)">{vegetable(veg, shades)}</g>',
        f'<g transform="translate(12,12) scale(0.95)">{symbol(colour)}</g>',
        f'<g transform="translate(85.2,12) scale(0.95)">{symbol(colour)}</g>',
        f'<g transform="translate(49.5,135) scale(0.875)">{symbol(colour, on_dark=True)}</g>',
    ]
    return svg(CARD_W, CARD_H, body)


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
                body.append(
                    f'<circle cx="{17 + i * 17.2:.1f}" cy="{17 + j * 19.3:.1f}" r="2.4" fill="#E3893B"/>'
                )
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
    bubbles = [
        (96, 80, 9),
        (470, 120, 7),
        (90, 640, 8),
        (480, 610, 10),
        (280, 60, 6),
        (300, 668, 7),
        (120, 360, 6),
        (450, 380, 8),
        (86, 220, 5),
        (488, 500, 5),
    ]
    for x, y, r in bubbles:
        body.append(f'<circle cx="{x}" cy="{y}" r="{r}" fill="#E7B57A" stroke="#B06B2C" stroke-width="2"/>')
    body.append(
        '<path d="M60,120 Q70,70 120,50" fill="none" stroke="#C4C9CF" stroke-width="6" '
        'stroke-linecap="round"/>'
    )
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
