"""Card faces and backs of Pink Soup, Stone Soup and Pot Pourri for the generic table, and the cuisine cards
of Pot Pourri: one function per game, named as its art by the game's registration. Every card is 120 x 168
with the food large in the middle and, where a player needs it, the printed value as path digits in the
top-left corner (the corner that stays in sight when cards overlap in a row). Each game's back has a picture
of its own."""

from __future__ import annotations

import math
import re

from scripts.art.foods import FOOD_HEX, food, mix, shades
from scripts.art.glyphs import digit
from scripts.art.palette import INK, PAPER, STROKE, svg
from soupkitchen.shared.pink_soup.cards import KINDS as PINK_KINDS
from soupkitchen.shared.pink_soup.cards import RECIPES as PINK_RECIPES
from soupkitchen.shared.pot_pourri.cards import CUISINES, INGREDIENTS
from soupkitchen.shared.stone_soup.cards import KINDS as STONE_KINDS

CARD_W, CARD_H = 120, 168

# Pot Pourri's ingredients by the names the rules use, drawn as these foods.
POT_POURRI_FOODS = {
    "fish": "fish",
    "meat": "meat",
    "potatoes": "potato",
    "cheese": "cheese",
    "flour": "flour",
    "carrots": "carrot",
    "peppers": "bell_pepper",
    "rice": "rice",
    "tomatoes": "tomato",
    "onions": "onion",
}
# Pink Soup's and Stone Soup's kinds drawn as these foods (the others are drawn under their own key).
PINK_SOUP_FOODS = {"mushrooms": "mushroom"}
STONE_SOUP_FOODS: dict[str, str] = {}

# Okabe-Ito hues, each with a symbol of its own.
CUISINE_HEX = {
    "Middle Eastern": "#E69F00",
    "Mediterranean": "#0072B2",
    "Slavic": "#CC79A7",
    "American/Tex-Mex": "#D55E00",
    "French": "#009E73",
}


def slug(words: str) -> str:
    """A file name for a cuisine: "American/Tex-Mex" -> "american-tex-mex"."""
    return re.sub(r"[^a-z]+", "-", words.lower()).strip("-")


def _frame(fill: str, band: str) -> list[str]:
    return [
        f'<rect x="2" y="2" width="116" height="164" rx="11" fill="{PAPER}" {STROKE}/>',
        f'<rect x="9" y="9" width="102" height="150" rx="7" fill="{fill}"/>',
        f'<path d="M9,140 L111,140 L111,152 Q111,159 104,159 L16,159 Q9,159 9,152 Z" fill="{band}"/>',
    ]


def value_badge(value: int) -> str:
    """The printed value in a pill at the top-left corner, as path digits (a bar before a negative)."""
    text = str(abs(value))
    inner = 18 * len(text) + (12 if value < 0 else 0)
    width = max(38, inner + 16)
    body = [f'<rect x="6" y="6" width="{width}" height="38" rx="19" fill="{PAPER}" {STROKE}/>']
    x = 6 + (width - inner) / 2
    if value < 0:
        body.append(
            f'<path d="M{x + 1:.1f},25 L{x + 9:.1f},25" fill="none" stroke="{INK}" stroke-width="4.5" '
            'stroke-linecap="round"/>'
        )
        x += 12
    for ch in text:
        body.append(f'<g transform="translate({x + 9 - 15:.1f},10) scale(0.3)">{digit(int(ch))}</g>')
        x += 18
    return "".join(body)


def food_card(name: str, value: int | None = None) -> str:
    """A card showing ``name``'s food large; its value in the corner if given, else a small copy there."""
    return svg(CARD_W, CARD_H, _food_card_body(name, value))


def _food_card_body(name: str, value: int | None) -> list[str]:
    s = shades(FOOD_HEX[name])
    body = _frame(mix(s["base"], PAPER, 0.78), s["base"])
    body.append(f'<g transform="translate(10,38)">{food(name)}</g>')
    if value is None:
        body.append(f'<g transform="translate(8,8) scale(0.3)">{food(name)}</g>')
    else:
        body.append(value_badge(value))
    return body


def recipe_card(suitable: list[tuple[str, int]]) -> str:
    """A Pink Soup recipe card as How to play shows it: pink, a bar where its name is printed, and its
    suitable ingredients (food, value) as small cards, four over three (the table writes the name)."""
    body = [
        f'<rect x="2" y="2" width="116" height="164" rx="11" fill="#F6D6DE" {STROKE}/>',
        '<rect x="22" y="14" width="76" height="9" rx="4.5" fill="#8E3B55"/>',
        '<rect x="36" y="29" width="48" height="6" rx="3" fill="#B86A82"/>',
    ]
    w, gap, scale = 24, 3, 0.2
    for row, cards in enumerate((suitable[:4], suitable[4:])):
        x = (CARD_W - (len(cards) * w + (len(cards) - 1) * gap)) / 2
        for name, value in cards:
            body.append(
                f'<g transform="translate({x:.1f},{44 + row * 42}) scale({scale})">'
                f"{''.join(_food_card_body(name, value))}</g>"
            )
            x += w + gap
    body.append('<path d="M24,136 L96,136 L90,145 L96,154 L24,154 L30,145 Z" fill="#8E3B55"/>')
    return svg(CARD_W, CARD_H, body)


def _dots(colour: str) -> list[str]:
    return [
        f'<circle cx="{17 + i * 17.2:.1f}" cy="{17 + j * 19.3:.1f}" r="2.4" fill="{colour}"/>'
        for i in range(6)
        for j in range(8)
        if (i + j) % 2 == 0
    ]


def back(game: str) -> str:
    """The game's card back: its colour, a dotted field and a picture of its own in a paper disc."""
    base, field = {
        "pink_soup": ("#C8577A", "#E07A9A"),
        "stone_soup": ("#56616E", "#74808E"),
        "pot_pourri": ("#2F6B4F", "#4A8A6A"),
    }[game]
    body = [
        f'<rect x="2" y="2" width="116" height="164" rx="11" fill="{base}" {STROKE}/>',
        f'<rect x="9" y="9" width="102" height="150" rx="7" fill="{field}"/>',
        *_dots(base),
        f'<circle cx="60" cy="84" r="40" fill="{PAPER}" {STROKE}/>',
    ]
    if game == "pink_soup":
        body += [
            f'<path d="M28,80 L92,80 C92,100 78,112 60,112 C42,112 28,100 28,80 Z" fill="#E07A9A" {STROKE}/>',
            f'<path d="M44,70 C40,62 48,58 44,50 M60,70 C56,62 64,58 60,50 M76,70 C72,62 80,58 76,50" '
            f'fill="none" {STROKE}/>',
        ]
    elif game == "stone_soup":
        body += [
            f'<path d="M30,78 L90,78 L86,108 Q84,114 78,114 L42,114 Q36,114 34,108 Z" '
            f'fill="#3E4650" {STROKE}/>',
            f'<rect x="24" y="72" width="72" height="10" rx="5" fill="#56616E" {STROKE}/>',
            f'<g transform="translate(38,42) scale(0.44)">{food("stone")}</g>',
        ]
    else:
        body += [
            f'<path d="M32,72 L88,72 L86,108 Q85,114 79,114 L41,114 Q35,114 34,108 Z" '
            f'fill="#8E949C" {STROKE}/>',
            f'<path d="M88,80 L104,76" fill="none" stroke="{INK}" stroke-width="7" stroke-linecap="round"/>',
            f'<path d="M28,72 C28,56 92,56 92,72 Z" fill="#C4C9CF" {STROKE}/>',
            f'<circle cx="60" cy="56" r="5" fill="#5B5F66" {STROKE}/>',
        ]
    return svg(CARD_W, CARD_H, body)


def cuisine_symbol(cuisine: str) -> str:
    """A cuisine's symbol in paper, in a 100 x 100 box: an eight-point star (Middle Eastern), waves
    (Mediterranean), a snowflake (Slavic), a cactus (American/Tex-Mex), a tower (French)."""
    if cuisine == "Middle Eastern":
        pts = " ".join(
            f"{50 + (44 if i % 2 == 0 else 24) * math.cos(i * math.pi / 8):.1f},"
            f"{50 + (44 if i % 2 == 0 else 24) * math.sin(i * math.pi / 8):.1f}"
            for i in range(16)
        )
        return f'<polygon points="{pts}" fill="{PAPER}" {STROKE}/>'
    if cuisine == "Mediterranean":
        waves = "".join(
            f'<path d="M8,{y} q10.5,-14 21,0 t21,0 t21,0 t21,0" fill="none" stroke="{INK}" '
            f'stroke-width="13" stroke-linecap="round"/>'
            f'<path d="M8,{y} q10.5,-14 21,0 t21,0 t21,0 t21,0" fill="none" stroke="{PAPER}" '
            f'stroke-width="7" stroke-linecap="round"/>'
            for y in (30, 54, 78)
        )
        return waves
    if cuisine == "Slavic":
        arms = []
        for k in range(6):
            a = k * math.pi / 3
            ex, ey = 50 + 44 * math.cos(a), 50 + 44 * math.sin(a)
            mx, my = 50 + 28 * math.cos(a), 50 + 28 * math.sin(a)
            arms.append(f"M50,50 L{ex:.1f},{ey:.1f}")
            for turn in (-0.7, 0.7):
                arms.append(
                    f"M{mx:.1f},{my:.1f} "
                    f"L{mx + 14 * math.cos(a + turn):.1f},{my + 14 * math.sin(a + turn):.1f}"
                )
        d = " ".join(arms)
        return (
            f'<path d="{d}" fill="none" stroke="{INK}" stroke-width="12" stroke-linecap="round"/>'
            f'<path d="{d}" fill="none" stroke="{PAPER}" stroke-width="6" stroke-linecap="round"/>'
        )
    if cuisine == "American/Tex-Mex":
        return (
            f'<path d="M42,94 L42,20 C42,8 58,8 58,20 L58,94 Z" fill="{PAPER}" {STROKE}/>'
            f'<path d="M42,62 L28,62 C20,62 18,56 18,50 L18,34 C18,28 28,28 28,34 L28,50 L42,50" '
            f'fill="{PAPER}" {STROKE}/>'
            f'<path d="M58,54 L72,54 L72,30 C72,24 82,24 82,30 L82,56 C82,62 78,66 72,66 L58,66" '
            f'fill="{PAPER}" {STROKE}/>'
            f'<path d="M30,94 L70,94" fill="none" {STROKE}/>'
        )
    return (
        f'<path d="M50,4 L56,30 L62,58 L78,94 L62,94 C60,82 56,76 50,76 C44,76 40,82 38,94 L22,94 '
        f'L38,58 L44,30 Z" fill="{PAPER}" {STROKE}/>'
        f'<path d="M40,58 L60,58 M45,32 L55,32" fill="none" {STROKE}/>'
    )


def cuisine_card(cuisine: str) -> str:
    """A cuisine's card: its colour over the whole face, its symbol large and small in the corner."""
    base = CUISINE_HEX[cuisine]
    body = _frame(base, mix(base, INK, 0.35))
    body.append(f'<g transform="translate(14,48) scale(0.92)">{cuisine_symbol(cuisine)}</g>')
    body.append(f'<g transform="translate(10,10) scale(0.3)">{cuisine_symbol(cuisine)}</g>')
    return svg(CARD_W, CARD_H, body)


def pink_soup_cards() -> dict[str, str]:
    """Pink Soup's cards, each with its printed value, and its back."""
    files = {
        f"pink_soup/{kind.key}.svg": food_card(PINK_SOUP_FOODS.get(kind.key, kind.key), kind.value)
        for kind in PINK_KINDS
    }
    cold_pink_soup = [
        (PINK_SOUP_FOODS.get(kind.key, kind.key), kind.value)
        for kind in PINK_KINDS
        if kind.key in PINK_RECIPES[0].suitable
    ]
    return {
        **files,
        "pink_soup/back.svg": back("pink_soup"),
        "pink_soup/recipe.svg": recipe_card(cold_pink_soup),
    }


def stone_soup_cards() -> dict[str, str]:
    """Stone Soup's cards and its back."""
    files = {f"stone_soup/{kind}.svg": food_card(STONE_SOUP_FOODS.get(kind, kind)) for kind in STONE_KINDS}
    return {**files, "stone_soup/back.svg": back("stone_soup")}


def food_icon(name: str) -> str:
    """An ingredient as a recipe card lists it: the food alone, large, on a tile of its card's colour."""
    s = shades(FOOD_HEX[name])
    tile = mix(s["base"], PAPER, 0.78)
    return svg(
        100,
        100,
        [
            f'<rect x="2" y="2" width="96" height="96" rx="16" fill="{tile}" {STROKE}/>',
            f'<g transform="translate(7,6) scale(0.86)">{food(name)}</g>',
        ],
    )


MUSTARD = "#E0A526"  # a star square and a star, as the table draws them
SQUARE = "#F3E3C3"


def _star(cx: float, cy: float, r: float, fill: str = MUSTARD) -> str:
    radii = [r if i % 2 == 0 else r * 0.45 for i in range(10)]
    points = " ".join(
        f"{cx + radii[i] * math.sin(i * math.pi / 5):.1f},{cy - radii[i] * math.cos(i * math.pi / 5):.1f}"
        for i in range(10)
    )
    return f'<polygon points="{points}" fill="{fill}" {STROKE}/>'


def _number(n: int, x: float, y: float, scale: float) -> str:
    """``n`` in path digits, its top-left at (x, y), each digit 60 x 100 times ``scale``."""
    return "".join(
        f'<g transform="translate({x - 20 * scale + i * 52 * scale:.1f},{y:.1f}) scale({scale})">'
        f"{digit(int(ch))}</g>"
        for i, ch in enumerate(str(n))
    )


def pathway_picture() -> str:
    """A stretch of the gourmet pathway: squares 5 to 10, square 8 a star square, a round counter
    walking from 5 to 8 (three squares for three matches)."""
    body = []
    for i, square in enumerate(range(5, 11)):
        x = 6 + i * 62
        body.append(
            f'<rect x="{x}" y="40" width="56" height="64" rx="6" '
            f'fill="{MUSTARD if square == 8 else SQUARE}" {STROKE}/>'
        )
        body.append(_number(square, x + 5, 74, 0.24))
        if square == 8:
            body.append(_star(x + 40, 84, 12, FOOD_HEX["tomato"]))
    body.append(
        f'<path d="M34,34 C60,2 180,2 194,30" fill="none" stroke="{INK}" stroke-width="5" '
        'stroke-linecap="round"/>'
    )
    body.append(
        f'<path d="M182,22 L196,34 L198,16" fill="none" stroke="{INK}" stroke-width="5" '
        'stroke-linecap="round" stroke-linejoin="round"/>'
    )
    body.append(f'<circle cx="34" cy="58" r="12" fill="{CUISINE_HEX["Middle Eastern"]}" {STROKE}/>')
    return svg(380, 112, body)


def menu_picture() -> str:
    """The menu: five squares worth 5 to 1 stars, each holding one cuisine's tile (colour and symbol)."""
    body = []
    for i, cuisine in enumerate(CUISINES):
        x, stars = 6 + i * 74, 5 - i
        body.append(_number(stars, x + 12, 8, 0.26))
        body.append(_star(x + 48, 22, 13))
        base = CUISINE_HEX[cuisine]
        body.append(f'<rect x="{x}" y="44" width="66" height="92" rx="8" fill="{base}" {STROKE}/>')
        body.append(f'<g transform="translate({x + 7},{64}) scale(0.52)">{cuisine_symbol(cuisine)}</g>')
    return svg(378, 142, body)


def pot_pourri_rules() -> dict[str, str]:
    """The pictures of How to play that are not cards: the pathway and the menu."""
    return {"pot_pourri/rules/pathway.svg": pathway_picture(), "pot_pourri/rules/menu.svg": menu_picture()}


def pot_pourri_cards() -> dict[str, str]:
    """Pot Pourri's ingredients, its cuisine cards and its back; the ingredients as a recipe card
    lists them (``icons/``) and the pictures of How to play (``rules/``)."""
    files = {
        f"pot_pourri/{ingredient}.svg": food_card(POT_POURRI_FOODS[ingredient]) for ingredient in INGREDIENTS
    }
    files.update(
        {
            f"pot_pourri/icons/{ingredient}.svg": food_icon(POT_POURRI_FOODS[ingredient])
            for ingredient in INGREDIENTS
        }
    )
    files.update({f"pot_pourri/cuisine-{slug(cuisine)}.svg": cuisine_card(cuisine) for cuisine in CUISINES})
    files.update(pot_pourri_rules())
    return {**files, "pot_pourri/back.svg": back("pot_pourri")}
