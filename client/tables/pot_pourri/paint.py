"""Drawing the Pot Pourri table's pieces: counters shaped and coloured by seat, readable recipe cards
(name, cuisine with its colour and symbol, six ingredient pictures), saucepans with the lid, and the
final score worked out as pathway squares plus recipes times menu stars."""

from __future__ import annotations

import math
from typing import Any

import pygame

from soupkitchen.client.tables.kit.board import BODY, HEADING, LABEL, SMALL, Board
from soupkitchen.client.tables.kit.seat_names import winners_words
from soupkitchen.client.tables.pot_pourri.model import PotModel, cuisine_card
from soupkitchen.client.tables.pot_pourri.present import icon
from soupkitchen.client.ui import theme
from soupkitchen.client.words import _, ngettext
from soupkitchen.shared.pot_pourri import describe

INK = (43, 29, 22)
PAPER = (255, 246, 230)
PAN_METAL = (70, 78, 84)
LID_METAL = (150, 160, 166)
GLOW = (255, 214, 102)
MATCHED = (74, 150, 70)
BADGE_W, BADGE_H = 34, 46  # the cuisine on a recipe card (board pixels)
PICTURE_W = PICTURE_H = 60  # an ingredient on a recipe card (its icon: the food on a tile)


def shape_points(seat: int, rect: pygame.Rect) -> list[tuple[float, float]] | None:
    """The outline of a seat's counter (None: a circle): circle, triangle, square, diamond, star."""
    cx, cy, r = rect.centerx, rect.centery, rect.w / 2
    kind = seat % 5
    if kind == 0:
        return None
    if kind == 1:
        return [(cx, cy - r), (cx + r, cy + r * 0.8), (cx - r, cy + r * 0.8)]
    if kind == 2:
        return [
            (cx - r * 0.85, cy - r * 0.85),
            (cx + r * 0.85, cy - r * 0.85),
            (cx + r * 0.85, cy + r * 0.85),
            (cx - r * 0.85, cy + r * 0.85),
        ]
    if kind == 3:
        return [(cx, cy - r), (cx + r, cy), (cx, cy + r), (cx - r, cy)]
    return [
        (
            cx + r * (1 if i % 2 == 0 else 0.45) * math.sin(i * math.pi / 5),
            cy - r * (1 if i % 2 == 0 else 0.45) * math.cos(i * math.pi / 5),
        )
        for i in range(10)
    ]


def draw_counter(surface: pygame.Surface, seat: int, rect: pygame.Rect) -> None:
    """A chef's counter: their seat colour in their seat's shape, outlined in ink."""
    points = shape_points(seat, rect)
    edge = max(1, rect.w // 10)
    if points is None:
        pygame.draw.circle(surface, theme.seat_colour(seat), rect.center, rect.w // 2)
        pygame.draw.circle(surface, INK, rect.center, rect.w // 2, width=edge)
    else:
        pygame.draw.polygon(surface, theme.seat_colour(seat), points)
        pygame.draw.polygon(surface, INK, points, width=edge)


def draw_star(surface: pygame.Surface, centre: tuple[int, int], radius: int, colour) -> None:
    cx, cy = centre
    points = [
        (
            cx + radius * (1 if i % 2 == 0 else 0.45) * math.sin(i * math.pi / 5),
            cy - radius * (1 if i % 2 == 0 else 0.45) * math.cos(i * math.pi / 5),
        )
        for i in range(10)
    ]
    pygame.draw.polygon(surface, colour, points)
    pygame.draw.polygon(surface, INK, points, width=max(1, radius // 6))


def draw_picture(surface: pygame.Surface, b: Board, asset: str, rect: pygame.Rect, show: float = 1.0) -> None:
    """A card picture at ``rect``, narrowed to ``show`` of its width while it turns over."""
    if show < 1.0:
        rect = rect.inflate(-round(rect.w * (1 - show)), 0)
        if rect.w < 2:
            return
    surface.blit(b.card_image(asset, rect), rect)


def wrapped(b: Board, words: str, size: float, width: int, lines: int) -> list[str]:
    """``words`` wrapped to ``width``; the last line takes what is left (cut and counted if too long)."""
    found = theme.wrap(words, b.font(size), width)
    return found[: lines - 1] + [" ".join(found[lines - 1 :])] if len(found) > lines else found


def picture_rects(b: Board, card_rect: pygame.Rect, count: int) -> list[pygame.Rect]:
    """Where a recipe card's ingredient pictures lie: rows of three between the cuisine and the foot,
    which is kept free for the serving's score."""
    return [
        pygame.Rect(
            card_rect.x + b.px(9 + (i % 3) * (PICTURE_W + 6)),
            card_rect.y + b.px(112 + (i // 3) * (PICTURE_H + 4)),
            b.px(PICTURE_W),
            b.px(PICTURE_H),
        )
        for i in range(count)
    ]


def score_rect(b: Board, card_rect: pygame.Rect) -> pygame.Rect:
    """The foot of a recipe card, where a serving writes the matches and squares it would score."""
    return pygame.Rect(card_rect.x + b.px(6), card_rect.bottom - b.px(44), card_rect.w - b.px(12), b.px(38))


def draw_recipe(
    surface: pygame.Surface,
    b: Board,
    recipe: dict[str, Any],
    rect: pygame.Rect,
    score: tuple[int, int] | None = None,
    pan: tuple[str, ...] | None = None,
    stars: int | None = None,
) -> None:
    """A recipe card: its name, its cuisine (the cuisine's card shows colour and symbol), and its six
    ingredients as pictures; while a saucepan is served, the ingredients it holds are ticked and
    the matches and squares it would score are written across the foot. ``stars``: what its cuisine
    is worth on the menu, when the menu tile can be seen."""
    pygame.draw.rect(surface, PAPER, rect, border_radius=b.px(12))
    pygame.draw.rect(surface, INK, rect, width=b.px(3), border_radius=b.px(12))
    width = rect.w - b.px(16)
    y = rect.y + b.px(4)
    for line in wrapped(b, describe.dish_word(str(recipe.get("name", ""))), SMALL, width, 2):
        y = b.text(surface, line, SMALL, INK, (rect.x + b.px(8), y), max_width=width).bottom
    badge = pygame.Rect(rect.x + b.px(10), rect.y + b.px(62), b.px(BADGE_W), b.px(BADGE_H))
    draw_picture(surface, b, cuisine_card(str(recipe.get("cuisine", ""))), badge)
    if stars is not None:  # what serving it adds at the end, on the menu as it lies now
        words = b.text(
            surface, f"= {stars}", SMALL, INK, (badge.right + b.px(10), badge.centery), anchor="midleft"
        )
        draw_star(surface, (words.right + b.px(20), badge.centery), b.px(16), theme.MUSTARD)
    left = list(pan or ())
    ingredients = recipe.get("ingredients") or []
    for kind, cell in zip(ingredients, picture_rects(b, rect, len(ingredients)), strict=False):
        draw_picture(surface, b, icon(kind), cell)
        if pan is not None and kind in left:
            left.remove(kind)
            pygame.draw.rect(
                surface, MATCHED, cell.inflate(b.px(4), b.px(4)), width=b.px(4), border_radius=b.px(8)
            )
    if score is not None:
        found, squares = score
        words = (
            ngettext("%(found)d match: +%(squares)d", "%(found)d matches: +%(squares)d", found)
            if found >= 2
            else ngettext("%(found)d match: no", "%(found)d matches: no", found)
        ) % {"found": found, "squares": squares}
        foot = score_rect(b, rect)
        pygame.draw.rect(surface, MATCHED if found >= 2 else theme.TEXT_DIM, foot, border_radius=b.px(10))
        b.text(
            surface,
            words,
            SMALL,
            PAPER if found >= 2 else INK,
            foot.center,
            anchor="center",
            max_width=foot.w - b.px(8),
        )


def draw_pan(
    surface: pygame.Surface, b: Board, rect: pygame.Rect, index: int, count: int, glow: bool
) -> None:
    """A saucepan: a glow while it is served full, its body with handles, and its name and count."""
    if glow:
        for grow, alpha in ((36, 60), (24, 100), (12, 160)):
            halo = pygame.Surface(rect.inflate(b.px(grow), b.px(grow)).size, pygame.SRCALPHA)
            pygame.draw.rect(halo, (*GLOW, alpha), halo.get_rect(), border_radius=b.px(30))
            surface.blit(halo, rect.inflate(b.px(grow), b.px(grow)))
    body = rect.inflate(-b.px(8), 0)
    body.y, body.h = rect.y + b.px(40), rect.h - b.px(44)
    for side in (-1, 1):
        handle = pygame.Rect(0, 0, b.px(26), b.px(14))
        handle.center = (body.left if side < 0 else body.right, body.y + b.px(30))
        pygame.draw.rect(surface, INK, handle, border_radius=b.px(6))
    pygame.draw.rect(surface, PAN_METAL, body, border_radius=b.px(18))
    pygame.draw.rect(surface, INK, body, width=b.px(3), border_radius=b.px(18))
    b.text(
        surface,
        (
            _("Saucepan %(pan)d: %(count)d of 6 - full")
            if count >= 6
            else _("Saucepan %(pan)d: %(count)d of 6")
        )
        % {"pan": index + 1, "count": count},
        BODY,
        INK if glow else theme.TEXT,
        (rect.x + b.px(8), rect.y + b.px(2)),
        max_width=rect.w - b.px(12),
    )


def draw_lid(surface: pygame.Surface, b: Board, rect: pygame.Rect, count: int) -> None:
    """The lid: a domed cover with a knob, hiding its saucepan's cards; only their count shows."""
    dome = rect.inflate(0, -b.px(20))
    pygame.draw.ellipse(surface, LID_METAL, dome)
    pygame.draw.ellipse(surface, INK, dome, width=b.px(4))
    pygame.draw.ellipse(
        surface, (190, 198, 204), dome.inflate(-dome.w // 3, -dome.h // 2).move(0, -dome.h // 8)
    )
    knob = pygame.Rect(0, 0, b.px(54), b.px(24))
    knob.midbottom = (dome.centerx, dome.y + b.px(8))
    pygame.draw.rect(surface, INK, knob, border_radius=b.px(10))
    words = ngettext("%(count)d card under the lid", "%(count)d cards under the lid", count) % {
        "count": count
    }
    b.text(
        surface,
        words,
        BODY,
        INK,
        (dome.centerx, dome.centery + b.px(12)),
        anchor="center",
        max_width=dome.w - b.px(40),
    )


def menu_stars(model: PotModel) -> dict[str, int]:
    """Each cuisine's star value on the final menu."""
    result = model.result() or {}
    order = result.get("menu") or [m.get("cuisine") for m in model.menu()]
    stars = [int(m.get("stars", 0)) for m in model.menu()] or [5, 4, 3, 2, 1]
    return {str(cuisine): value for cuisine, value in zip(order, stars, strict=False)}


def tie_break(model: PotModel, names: dict[int, str]) -> str:
    """Who won and, when the best totals were tied, how the tie was broken."""
    result = model.result() or {}
    standing = winners_words(result, names, describe.player_name)
    if standing is None:
        return _("Nobody wins.")
    who, best, tied = standing
    winners = len(result["winners"])
    facts = {"winners": who, "square": best}
    if len(tied) == 1:
        return _("%(winners)s wins: furthest along the gourmet pathway, on square %(square)d.") % facts
    own = result.get("own_colour_recipes") or [0] * len(result["scores"])
    counts = ", ".join(f"{names.get(s, s)} {own[s]}" for s in tied)
    rule = (
        _("tied; each recipe of their own colour moves them 1 more square: %(counts)s")
        if winners < len(tied)
        else _("tied, also on recipes of their own colour: %(counts)s")
    ) % {"counts": counts}
    return ngettext(
        "%(winners)s wins on square %(square)d (%(rule)s).",
        "%(winners)s share the win on square %(square)d (%(rule)s).",
        winners,
    ) % {**facts, "rule": rule}


def draw_scoring(surface: pygame.Surface, b: Board, model: PotModel, names: dict[int, str]) -> None:
    """The final score over the table: for each chef the pathway squares, each served recipe with
    the stars its cuisine's menu tile is worth, and the total; the winner and the tie-break."""
    result = model.result() or {}
    stars = menu_stars(model)
    sheet = b.rect(12, 72, 1476, 1000)
    theme.draw_panel(surface, sheet, theme.layout(surface.get_size()), colour=theme.SHEET)
    b.text(surface, _("Final score"), HEADING, theme.MUSTARD, b.rect(44, 86, 1, 1).topleft)
    b.text(surface, _("Menu:"), BODY, theme.TEXT, b.rect(420, 100, 1, 1).topleft)
    for i, (cuisine, value) in enumerate(stars.items()):
        tile = b.rect(520 + i * 150, 84, 50, 70)
        draw_picture(surface, b, cuisine_card(cuisine), tile)
        words = b.text(
            surface, f"= {value}", SMALL, theme.TEXT, (tile.right + b.px(8), tile.centery), anchor="midleft"
        )
        draw_star(surface, (words.right + b.px(20), tile.centery), b.px(16), theme.MUSTARD)
    chefs = model.chefs()
    pathway = result.get("pathway") or [c.square for c in chefs]
    scores = result.get("scores") or []
    row_h = min(200, 840 / max(1, len(chefs)))
    for seat, chef in enumerate(chefs):
        y = 180 + seat * row_h
        winner = seat in (result.get("winners") or [])
        draw_counter(surface, seat, b.rect(44, y + 6, 30, 30))
        b.text(
            surface,
            names.get(seat, chef.name) + (" - " + _("winner") if winner else ""),
            LABEL,
            theme.MUSTARD if winner else theme.TEXT,
            b.rect(86, y, 1, 1).topleft,
            max_width=b.px_x(330),
        )
        line_y = b.rect(86, y + 44, 1, 1).y
        cuisine = describe.cuisine_word(chef.colour)
        for line in theme.wrap(cuisine, b.font(SMALL), b.px(330))[:2]:  # a long name takes two lines
            line_y = b.text(
                surface, line, SMALL, theme.TEXT_DIM, (b.rect(86, 0, 1, 1).x, line_y), max_width=b.px_x(330)
            ).bottom
        squares = pathway[seat] if seat < len(pathway) else chef.square
        parts = [_("Square %(square)d") % {"square": squares}]
        for i, cuisine in enumerate(chef.served):
            cell = b.rect(430 + i * 96, y, 44, 62)
            draw_picture(surface, b, cuisine_card(cuisine), cell)
            b.text(
                surface,
                f"+{stars.get(cuisine, 0)}",
                SMALL,
                theme.TEXT,
                (cell.right + b.px(4), cell.centery),
                anchor="midleft",
            )
            parts.append(str(stars.get(cuisine, 0)))
        total = scores[seat] if seat < len(scores) else 0
        sums = " + ".join(parts) + " = " + _("square %(square)d") % {"square": total}
        b.text(surface, sums, LABEL, theme.TEXT, b.rect(430, y + 72, 1, 1).topleft, max_width=b.px_x(1030))
    rule = _("Each served recipe moves its chef on by its cuisine's stars; furthest along the pathway wins.")
    b.text(surface, rule, SMALL, theme.TEXT_DIM, b.rect(44, 966, 1, 1).topleft, max_width=b.px_x(1420))
    b.text(
        surface,
        tie_break(model, names),
        LABEL,
        theme.MUSTARD,
        b.rect(44, 1010, 1, 1).topleft,
        max_width=b.px_x(1420),
    )
