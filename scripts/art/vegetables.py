"""The eight vegetables (each in a 100 x 100 box, filled with a card colour's shades) and the four
colour symbols (each in a 24 x 24 box)."""

from __future__ import annotations

import math

from scripts.art.palette import COLOURS, INK, PAPER, STROKE, THIN


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
            f'<path d="M24,50 C22,58 24,68 30,74" fill="none" stroke="{li}" stroke-width="6" '
            f'stroke-linecap="round"/>',
            f'<path d="M50,30 L38,20 L44,32 L28,34 L44,38 L50,48 L56,38 L72,34 L56,32 L62,20 Z" '
            f'fill="{d}" {STROKE}/>',
            f'<path d="M50,30 L50,14" fill="none" {STROKE}/>',
        ],
        "mushroom": [
            f'<path d="M36,60 C34,74 32,86 36,94 L64,94 C68,86 66,74 64,60 Z" fill="{li}" {STROKE}/>',
            f'<path d="M8,58 C8,28 28,10 50,10 C72,10 92,28 92,58 '
            f'C92,62 88,64 82,64 L18,64 C12,64 8,62 8,58 Z" '
            f'fill="{b}" {STROKE}/>',
            f'<circle cx="30" cy="36" r="7" fill="{li}" {THIN}/><circle cx="56" cy="24" r="5" '
            f'fill="{li}" {THIN}/>',
            f'<circle cx="72" cy="44" r="7" fill="{li}" {THIN}/><circle cx="47" cy="49" r="4" '
            f'fill="{li}" {THIN}/>',
        ],
        "pepper": [
            f'<path d="M50,28 C30,20 12,30 15,52 C17,72 24,92 37,92 C43,92 46,87 50,87 C54,87 57,92 63,92 '
            f'C76,92 83,72 85,52 C88,30 70,20 50,28 Z" fill="{b}" {STROKE}/>',
            f'<path d="M50,34 C46,52 46,70 50,87" fill="none" stroke="{d}" stroke-width="3" '
            f'stroke-linecap="round"/>',
            f'<path d="M26,44 C22,56 24,68 28,76" fill="none" stroke="{li}" stroke-width="6" '
            f'stroke-linecap="round"/>',
            f'<path d="M36,30 C42,22 58,22 64,30 C58,35 42,35 36,30 Z" fill="{d}" {STROKE}/>',
            f'<path d="M50,27 C49,18 52,10 61,6" fill="none" stroke="{INK}" stroke-width="7" '
            f'stroke-linecap="round"/>',
            f'<path d="M50,27 C49,18 52,10 61,6" fill="none" stroke="{d}" stroke-width="3" '
            f'stroke-linecap="round"/>',
        ],
        "onion": [
            f'<path d="M44,92 L39,99 M50,93 L50,100 M56,92 L61,99" fill="none" {THIN}/>',
            f'<path d="M50,6 C52,18 58,26 70,36 C86,48 88,72 72,86 C62,94 38,94 28,86 C12,72 14,48 30,36 '
            f'C42,26 48,18 50,6 Z" fill="{b}" {STROKE}/>',
            f'<path d="M49,16 C38,36 34,62 42,90 M51,16 C62,36 66,62 58,90" fill="none" stroke="{d}" '
            'stroke-width="3" stroke-linecap="round"/>',
            f'<path d="M26,56 C24,64 26,72 32,78" fill="none" stroke="{li}" stroke-width="5" '
            f'stroke-linecap="round"/>',
        ],
        "aubergine": [
            f'<path d="M64,22 C78,26 80,42 78,56 C76,74 70,90 52,95 C32,99 16,86 21,68 C25,53 38,46 45,33 '
            f'C50,24 55,19 64,22 Z" fill="{b}" {STROKE}/>',
            f'<path d="M32,70 C30,78 34,86 42,89" fill="none" stroke="{li}" stroke-width="5" '
            f'stroke-linecap="round"/>',
            f'<path d="M46,30 C52,16 72,12 80,24 C74,27 72,34 64,32 C58,38 50,36 46,30 Z" '
            f'fill="{d}" {STROKE}/>',
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
            f'<path d="M8,64 C22,38 54,26 92,30 C86,52 60,76 26,78 C16,78 10,72 8,64 Z" '
            f'fill="{b}" {STROKE}/>',
            f'<path d="M16,64 C30,46 56,38 84,36 C76,50 56,62 28,68 Z" fill="{d}" {THIN}/>',
            f'<circle cx="29" cy="61" r="8" fill="{b}" {THIN}/><circle cx="45" cy="54" r="8" '
            f'fill="{b}" {THIN}/>',
            f'<circle cx="61" cy="47" r="8" fill="{b}" {THIN}/><circle cx="75" cy="41" r="7" '
            f'fill="{b}" {THIN}/>',
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
        return (
            '<path d="M12,21 C4,15 1,10 3,6 C5,2 10,2 12,6 C14,2 19,2 21,6 C23,10 20,15 12,21 Z" '
            f'fill="{fill}" {style}/>'
        )
    if colour == "yellow":
        pts = []
        for i in range(16):
            r = 11 if i % 2 == 0 else 7
            a = i * math.pi / 8
            pts.append(f"{12 + r * math.cos(a):.1f},{12 + r * math.sin(a):.1f}")
        return (
            f'<polygon points="{" ".join(pts)}" fill="{fill}" {style}/>'
            f'<circle cx="12" cy="12" r="4.5" fill="{fill}" {style}/>'
        )
    if colour == "green":
        return (
            f'<path d="M3,21 C3,10 10,3 21,3 C21,14 14,21 3,21 Z" fill="{fill}" {style}/>'
            f'<path d="M3,21 L15,9" fill="none" {style}/>'
        )
    return (
        '<path d="M12,2 C16,8 20,12 20,16 C20,20 16,22.5 12,22.5 C8,22.5 4,20 4,16 C4,12 8,8 12,2 Z" '
        f'fill="{fill}" {style}/>'
    )
