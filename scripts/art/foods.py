"""The foods of Pink Soup, Stone Soup and Pot Pourri, each in a 100 x 100 box, and the shades they
are filled with. The vegetables Too Many Cooks already draws (carrot, tomato, onion, potato, pea,
pepper, mushroom) are reused in natural colours; everything else is drawn here."""

from __future__ import annotations

from scripts.art.palette import INK, PAPER, STROKE, THIN
from scripts.art.vegetables import vegetable


def mix(hex_a: str, hex_b: str, t: float) -> str:
    """The colour ``t`` of the way from ``hex_a`` to ``hex_b``."""
    a = [int(hex_a[i : i + 2], 16) for i in (1, 3, 5)]
    b = [int(hex_b[i : i + 2], 16) for i in (1, 3, 5)]
    return "#" + "".join(f"{round(x + (y - x) * t):02X}" for x, y in zip(a, b, strict=True))


def shades(base: str) -> dict[str, str]:
    """A base colour with a darker and a lighter shade, as the vegetables are filled."""
    return {"base": base, "dark": mix(base, INK, 0.42), "light": mix(base, PAPER, 0.7)}


# Natural colours of the foods, shared by the three games.
FOOD_HEX = {
    "carrot": "#E8772E",
    "tomato": "#D9412B",
    "onion": "#D8A15A",
    "potato": "#C89B5E",
    "peas": "#6DAA3C",
    "pepper": "#D33A2C",
    "mushroom": "#B98A64",
    "cabbage": "#8CBF5A",
    "beetroot": "#9C2C5A",
    "cucumber": "#4E8F3A",
    "dill": "#5FA046",
    "chili": "#D42F2F",
    "sausage": "#B5553C",
    "meat": "#8E4F2E",
    "minced_meat": "#C45A5E",
    "fish": "#6F9FC2",
    "cheese": "#F2C94C",
    "flour": "#EADFC8",
    "rice": "#F4F0E6",
    "eggs": "#F6E7C8",
    "milk": "#FFFFFF",
    "sour_cream": "#FBF4E4",
    "salt": "#E9EEF2",
    "stone": "#9A9A96",
    "mouse": "#9C948C",
    "dessert": "#E89AB0",
    "bell_pepper": "#4F9A3A",
}

_REUSED = {
    "carrot": "carrot",
    "tomato": "tomato",
    "onion": "onion",
    "potato": "potato",
    "peas": "pea",
    "pepper": "pepper",
    "mushroom": "mushroom",
}


def food(name: str) -> str:
    """The food ``name`` drawn in its natural colours in a 100 x 100 box."""
    s = shades(FOOD_HEX[name])
    if name in _REUSED:
        return vegetable(_REUSED[name], s)
    return _DRAWN[name](s["base"], s["dark"], s["light"])


def _salt(b, d, li) -> str:
    holes = "".join(
        f'<circle cx="{x}" cy="{y}" r="2.6" fill="{INK}"/>' for x, y in ((42, 20), (50, 16), (58, 20))
    )
    grains = "".join(
        f'<rect x="{x}" y="{y}" width="4" height="4" fill="{PAPER}" {THIN}/>'
        for x, y in ((16, 80), (24, 88), (78, 84), (84, 76))
    )
    return (
        f'<path d="M30,36 L70,36 L76,92 Q76,96 72,96 L28,96 Q24,96 24,92 Z" fill="{b}" {STROKE}/>'
        f'<path d="M30,36 C30,12 70,12 70,36 Z" fill="#8E949C" {STROKE}/>{holes}'
        f'<path d="M32,58 L68,58 L69,74 L31,74 Z" fill="#5C8FC4" {THIN}/>'
        f'<path d="M36,44 L36,88" fill="none" stroke="{PAPER}" stroke-width="5" '
        f'stroke-linecap="round"/>{grains}'
    )


def _minced_meat(b, d, li) -> str:
    return (
        f'<path d="M8,88 C6,66 20,48 36,50 C40,32 64,30 70,46 C86,44 96,66 92,88 Z" fill="{b}" {STROKE}/>'
        f'<path d="M18,76 q5,-6 10,0 q5,6 10,0 M44,62 q5,-6 10,0 q5,6 10,0 M56,80 q5,-6 10,0 q5,6 10,0 '
        f'M30,64 q3,-4 6,0 M74,64 q3,-4 6,0" fill="none" stroke="{d}" stroke-width="3" '
        f'stroke-linecap="round"/>'
        f'<path d="M4,90 L96,90" fill="none" {STROKE}/>'
    )


def _dill(b, d, li) -> str:
    fronds = []
    for x, y, dx in ((50, 30, -1), (50, 30, 1), (50, 50, -1), (50, 50, 1), (50, 70, -1), (50, 70, 1)):
        tip = x + dx * 30
        fronds.append(f"M{x},{y} Q{x + dx * 16},{y - 14} {tip},{y - 6}")
        for k in (0.35, 0.65):
            fx, fy = x + dx * 30 * k, y - 10 * k - 2
            fronds.append(f"M{fx:.0f},{fy:.0f} l{dx * 4},-10 M{fx:.0f},{fy:.0f} l{dx * 8},4")
    return (
        f'<path d="M50,96 L50,10" fill="none" stroke="{d}" stroke-width="6" stroke-linecap="round"/>'
        f'<path d="{" ".join(fronds)}" fill="none" stroke="{b}" stroke-width="4" stroke-linecap="round"/>'
        f'<path d="M50,10 L44,4 M50,10 L56,4" fill="none" stroke="{b}" stroke-width="4" '
        f'stroke-linecap="round"/>'
    )


def _eggs(b, d, li) -> str:
    return (
        f'<path d="M36,20 C20,20 12,50 14,66 C16,84 28,92 38,92 C50,92 60,84 60,66 C60,48 52,20 36,20 Z" '
        f'fill="{b}" {STROKE}/>'
        f'<path d="M66,30 C50,30 42,58 44,74 C46,90 56,96 66,96 C78,96 88,88 88,74 C88,56 82,30 66,30 Z" '
        f'fill="{PAPER}" {STROKE}/>'
        f'<path d="M24,50 C22,58 22,66 26,72 M54,58 C52,66 52,74 56,80" fill="none" stroke="#FFFFFF" '
        'stroke-width="5" stroke-linecap="round"/>'
    )


def _milk(b, d, li) -> str:
    return (
        f'<path d="M30,30 L50,12 L70,30 L70,94 L30,94 Z" fill="{b}" {STROKE}/>'
        f'<path d="M50,12 L56,6 L76,24 L70,30" fill="#C9D8E8" {STROKE}/>'
        f'<path d="M70,30 L76,24 L76,88 L70,94" fill="#C9D8E8" {STROKE}/>'
        f'<path d="M30,48 L70,48 L70,80 L30,80 Z" fill="#4C86C6" {THIN}/>'
        f'<path d="M50,54 C56,62 60,66 60,70 C60,75 56,77 50,77 C44,77 40,75 40,70 C40,66 44,62 50,54 Z" '
        f'fill="{PAPER}" {THIN}/>'
    )


def _sour_cream(b, d, li) -> str:
    return (
        f'<path d="M18,44 L82,44 L74,94 L26,94 Z" fill="#E6D3B8" {STROKE}/>'
        f'<path d="M22,64 L78,64 L76,78 L24,78 Z" fill="#D9412B" {THIN}/>'
        f'<rect x="14" y="38" width="72" height="10" rx="4" fill="#BFA888" {STROKE}/>'
        f'<path d="M22,40 C22,24 38,26 42,20 C46,10 62,14 60,24 C72,22 80,30 78,40 Z" fill="{b}" {STROKE}/>'
        f'<path d="M46,22 C50,16 56,18 54,24" fill="none" stroke="{d}" stroke-width="2" '
        f'stroke-linecap="round"/>'
    )


def _cucumber(b, d, li) -> str:
    bumps = "".join(
        f'<circle cx="{x}" cy="{y}" r="2.4" fill="{li}"/>'
        for x, y in ((28, 70), (40, 58), (52, 46), (64, 36), (36, 74), (50, 62), (62, 50), (74, 40))
    )
    return (
        f'<path d="M14,80 C10,72 60,18 80,14 C92,12 94,24 86,32 C70,50 34,90 22,90 C18,90 16,86 14,80 Z" '
        f'fill="{b}" {STROKE}/>'
        f'<path d="M22,78 C40,60 60,36 80,22" fill="none" stroke="{d}" stroke-width="3" '
        f'stroke-linecap="round"/>'
        f'{bumps}<path d="M84,16 L92,8" fill="none" {STROKE}/>'
    )


def _cabbage(b, d, li) -> str:
    return (
        f'<circle cx="50" cy="54" r="42" fill="{b}" {STROKE}/>'
        f'<path d="M18,40 C30,24 52,20 66,26 C52,30 40,40 34,58 C30,50 24,44 18,40 Z" fill="{li}" {THIN}/>'
        f'<path d="M50,94 C46,74 50,52 62,36 M50,94 C36,80 24,70 12,64 M50,94 C62,80 76,72 90,66 '
        f'M58,58 L76,52 M54,72 L36,64" fill="none" stroke="{d}" stroke-width="3" stroke-linecap="round"/>'
    )


def _beetroot(b, d, li) -> str:
    cabbage = (
        f'<g transform="translate(38,0) scale(0.6)">{_cabbage(*shades(FOOD_HEX["cabbage"]).values())}</g>'
    )
    leaf = shades(FOOD_HEX["dill"])
    return (
        cabbage + f'<path d="M36,40 C24,26 20,12 26,6 C34,10 38,24 40,38 Z" fill="{leaf["base"]}" {STROKE}/>'
        f'<path d="M40,40 C44,24 52,14 60,14 C60,24 50,34 42,40 Z" fill="{leaf["base"]}" {STROKE}/>'
        f'<path d="M38,38 C16,38 6,58 12,74 C18,88 32,94 40,98 C50,92 66,86 70,70 C74,54 60,38 38,38 Z" '
        f'fill="{b}" {STROKE}/>'
        f'<path d="M22,60 C20,66 22,74 28,78" fill="none" stroke="{li}" stroke-width="5" '
        f'stroke-linecap="round"/>'
        f'<path d="M40,98 L42,100" fill="none" {STROKE}/>'
    )


def _dessert(b, d, li) -> str:
    return (
        f'<path d="M10,60 L90,42 L90,88 L10,88 Z" fill="#F3D9A4" {STROKE}/>'
        f'<path d="M10,60 L90,42 L90,56 L10,72 Z" fill="{b}" {THIN}/>'
        f'<path d="M10,60 C10,50 20,44 30,46 L90,34 L90,42 Z" fill="{PAPER}" {STROKE}/>'
        f'<path d="M10,76 L90,64 M10,82 L90,74" fill="none" stroke="#C98E4E" stroke-width="2"/>'
        f'<circle cx="30" cy="36" r="10" fill="#C0273B" {STROKE}/>'
        f'<path d="M30,26 C32,16 40,10 48,8" fill="none" {STROKE}/>'
        f'<circle cx="27" cy="33" r="3" fill="{li}"/>'
    )


def _chili(b, d, li) -> str:
    return (
        f'<path d="M72,22 C80,40 74,64 56,80 C42,92 20,96 10,92 C26,84 40,74 48,58 C56,44 58,30 60,22 '
        f'C64,18 70,18 72,22 Z" fill="{b}" {STROKE}/>'
        f'<path d="M64,34 C64,50 58,64 46,74" fill="none" stroke="{li}" stroke-width="5" '
        f'stroke-linecap="round"/>'
        f'<path d="M58,22 C62,14 72,14 76,22 C70,26 64,26 58,22 Z" fill="#4E8F3A" {STROKE}/>'
        f'<path d="M67,17 C68,10 74,6 80,6" fill="none" stroke="#4E8F3A" stroke-width="6" '
        f'stroke-linecap="round"/>'
        f'<path d="M30,50 L36,38 L42,50 M20,62 L26,50" fill="none" stroke="#E8772E" stroke-width="3" '
        'stroke-linecap="round" stroke-linejoin="round"/>'
    )


def _mouse(b, d, li) -> str:
    return (
        f'<path d="M22,80 C10,84 4,72 10,62 C16,52 8,44 4,40" fill="none" stroke="{d}" stroke-width="4" '
        'stroke-linecap="round"/>'
        f'<path d="M20,80 C20,54 44,40 64,46 C78,50 92,64 94,76 C90,80 84,82 76,82 L24,84 Z" '
        f'fill="{b}" {STROKE}/>'
        f'<circle cx="62" cy="42" r="13" fill="{b}" {STROKE}/><circle cx="62" cy="42" r="7" fill="#E8A6B4"/>'
        f'<circle cx="80" cy="64" r="3.5" fill="{INK}"/><circle cx="94" cy="76" r="3.5" '
        f'fill="#E8A6B4" {THIN}/>'
        f'<path d="M86,74 L98,68 M86,78 L98,82" fill="none" {THIN}/>'
        f'<path d="M34,84 L34,90 M60,84 L60,90" fill="none" stroke="{d}" stroke-width="4" '
        f'stroke-linecap="round"/>'
    )


def _sausage(b, d, li) -> str:
    return (
        f'<path d="M14,40 C10,70 40,88 70,82 C84,80 92,72 90,64 C88,58 80,58 72,62 C52,70 34,62 30,42 '
        f'C28,32 16,30 14,40 Z" fill="{b}" {STROKE}/>'
        f'<path d="M26,52 C30,64 44,72 58,72" fill="none" stroke="{li}" stroke-width="5" '
        f'stroke-linecap="round"/>'
        f'<path d="M18,32 L14,22 M22,33 L24,22 M92,64 L100,60 M90,70 L98,74" fill="none" {THIN}/>'
        f'<circle cx="44" cy="56" r="2" fill="{d}"/><circle cx="62" cy="64" r="2" fill="{d}"/>'
        f'<circle cx="34" cy="46" r="2" fill="{d}"/>'
    )


def _stone(b, d, li) -> str:
    return (
        f'<path d="M12,62 C8,42 26,24 48,22 C70,20 90,32 92,54 C94,74 78,88 52,88 C28,88 14,80 12,62 Z" '
        f'fill="{b}" {STROKE}/>'
        f'<path d="M24,50 C28,38 40,32 52,32" fill="none" stroke="{li}" stroke-width="6" '
        f'stroke-linecap="round"/>'
        f'<path d="M60,70 C68,70 76,64 78,56 M40,76 L46,74" fill="none" stroke="{d}" stroke-width="3" '
        'stroke-linecap="round"/>'
        f'<circle cx="70" cy="40" r="3" fill="{d}"/><circle cx="32" cy="66" r="2.5" fill="{d}"/>'
    )


def _fish(b, d, li) -> str:
    return (
        f'<path d="M74,50 L96,30 L92,50 L96,70 Z" fill="{d}" {STROKE}/>'
        f'<path d="M6,50 C20,26 56,22 76,50 C56,78 20,74 6,50 Z" fill="{b}" {STROKE}/>'
        f'<path d="M34,30 C40,20 54,20 60,34" fill="{d}" {THIN}/>'
        f'<path d="M30,38 C26,46 26,54 30,62" fill="none" {THIN}/>'
        f'<path d="M40,52 q5,-5 10,0 M52,46 q5,-5 10,0 M52,58 q5,-5 10,0" fill="none" stroke="{li}" '
        'stroke-width="3" stroke-linecap="round"/>'
        f'<circle cx="18" cy="46" r="4" fill="{INK}"/>'
    )


def _meat(b, d, li) -> str:
    return (
        f'<path d="M62,58 L82,78" fill="none" stroke="{INK}" stroke-width="14" stroke-linecap="round"/>'
        f'<path d="M62,58 L82,78" fill="none" stroke="{PAPER}" stroke-width="8" stroke-linecap="round"/>'
        f'<circle cx="86" cy="76" r="7" fill="{PAPER}" {STROKE}/><circle cx="80" cy="86" r="7" '
        f'fill="{PAPER}" {STROKE}/>'
        f'<path d="M40,10 C64,8 80,28 72,52 C66,68 48,72 34,66 C16,60 8,42 16,26 C22,16 30,10 40,10 Z" '
        f'fill="{b}" {STROKE}/>'
        f'<path d="M24,30 C30,20 42,18 50,20" fill="none" stroke="{li}" stroke-width="6" '
        f'stroke-linecap="round"/>'
        f'<path d="M40,40 q6,-4 12,2 M30,50 q6,-4 12,2" fill="none" stroke="{d}" stroke-width="3" '
        'stroke-linecap="round"/>'
    )


def _bell_pepper(b, d, li) -> str:
    """A green bell pepper, taller than wide, three lobes at its foot and a bent stem: unlike the
    round tomato with its star of leaves, in shape as well as colour."""
    return (
        f'<path d="M50,30 C38,24 22,26 20,40 C18,54 22,70 24,82 C26,92 36,94 40,88 C44,94 56,94 60,88 '
        f'C64,94 74,92 76,82 C78,70 82,54 80,40 C78,26 62,24 50,30 Z" fill="{b}" {STROKE}/>'
        f'<path d="M40,36 C36,56 38,74 40,88 M60,36 C64,56 62,74 60,88" fill="none" stroke="{d}" '
        'stroke-width="3" stroke-linecap="round"/>'
        f'<path d="M28,44 C26,56 27,68 30,76" fill="none" stroke="{li}" stroke-width="6" '
        'stroke-linecap="round"/>'
        f'<path d="M34,33 C40,24 60,24 66,33 C58,38 42,38 34,33 Z" fill="{d}" {STROKE}/>'
        f'<path d="M50,29 L50,16 C50,10 54,6 61,6" fill="none" stroke="{INK}" stroke-width="9" '
        'stroke-linecap="round"/>'
        f'<path d="M50,29 L50,16 C50,10 54,6 61,6" fill="none" stroke="{d}" stroke-width="4" '
        'stroke-linecap="round"/>'
    )


def _cheese(b, d, li) -> str:
    return (
        f'<path d="M8,46 L92,26 L92,74 L8,84 Z" fill="{b}" {STROKE}/>'
        f'<path d="M8,46 L92,26 L70,16 Z" fill="{li}" {STROKE}/>'
        f'<circle cx="30" cy="62" r="7" fill="{d}"/><circle cx="60" cy="52" r="9" fill="{d}"/>'
        f'<circle cx="78" cy="66" r="5" fill="{d}"/><circle cx="48" cy="72" r="4" fill="{d}"/>'
    )


def _flour(b, d, li) -> str:
    return (
        f'<path d="M28,24 C18,40 14,70 18,92 L82,92 C86,70 82,40 72,24 Z" fill="{b}" {STROKE}/>'
        f'<path d="M28,24 C34,16 44,20 50,14 C56,20 66,16 72,24 C60,30 40,30 28,24 Z" '
        f'fill="{PAPER}" {STROKE}/>'
        f'<path d="M50,84 L50,44" fill="none" stroke="#C9A04E" stroke-width="3" stroke-linecap="round"/>'
        + "".join(
            f'<path d="M50,{y} C{50 + s * 4},{y - 4} {50 + s * 10},{y - 6} {50 + s * 12},{y - 12} '
            f'C{50 + s * 6},{y - 10} {50 + s * 2},{y - 6} 50,{y} Z" fill="#E2B65C" {THIN}/>'
            for y in (56, 68, 80)
            for s in (-1, 1)
        )
        + f'<path d="M50,44 C46,38 48,34 50,30 C52,34 54,38 50,44 Z" fill="#E2B65C" {THIN}/>'
    )


def _rice(b, d, li) -> str:
    grains = "".join(
        f'<ellipse cx="{x}" cy="{y}" rx="4.5" ry="2.5" fill="{b}" {THIN} transform="rotate({r} {x} {y})"/>'
        for x, y, r in (
            (30, 44, -20),
            (42, 38, 15),
            (56, 36, -10),
            (68, 42, 25),
            (36, 52, 30),
            (50, 48, 0),
            (64, 52, -25),
            (24, 54, 10),
            (76, 54, -5),
            (48, 26, 20),
        )
    )
    return (
        f'<path d="M18,56 C16,34 34,20 50,20 C66,20 84,34 82,56 Z" fill="{b}" {STROKE}/>{grains}'
        f'<path d="M8,56 L92,56 C90,78 72,92 50,92 C28,92 10,78 8,56 Z" fill="#3F7FB8" {STROKE}/>'
        f'<path d="M20,68 C30,72 70,72 80,68" fill="none" stroke="{PAPER}" stroke-width="4" '
        'stroke-linecap="round" stroke-dasharray="6 6"/>'
        f'<path d="M60,18 L88,6 M62,24 L92,14" fill="none" stroke="#8C6A50" stroke-width="4" '
        f'stroke-linecap="round"/>'
    )


_DRAWN = {
    "salt": _salt,
    "minced_meat": _minced_meat,
    "dill": _dill,
    "eggs": _eggs,
    "milk": _milk,
    "sour_cream": _sour_cream,
    "cucumber": _cucumber,
    "cabbage": _cabbage,
    "beetroot": _beetroot,
    "dessert": _dessert,
    "chili": _chili,
    "mouse": _mouse,
    "sausage": _sausage,
    "stone": _stone,
    "fish": _fish,
    "meat": _meat,
    "cheese": _cheese,
    "flour": _flour,
    "rice": _rice,
    "bell_pepper": _bell_pepper,
}
