"""Drawing the Pink Soup table's cards (the picture, its value large, its name below) and the final
scoring sheet: each pot face up with each card's points, the recipe bonus, the chili rule, the
total, the winner and the tie-break that decided it."""

from __future__ import annotations

import pygame

from soupkitchen.client.tables.kit.board import BODY, HEADING, LABEL, SMALL, Board
from soupkitchen.client.tables.kit.seat_names import winners_words, won_with
from soupkitchen.client.tables.pink_soup.model import PinkModel, card_points, equation, face, kind_of, sources
from soupkitchen.client.ui import theme
from soupkitchen.client.ui.textfit import note_clipped
from soupkitchen.client.words import _
from soupkitchen.shared.pink_soup import describe
from soupkitchen.shared.pink_soup.cards import CHILI, CHILI_JACKPOT_COUNT, Kind

INK = (43, 29, 22)
PAPER = (255, 246, 230)


def draw_card(
    surface: pygame.Surface,
    b: Board,
    asset: str,
    rect: pygame.Rect,
    show: float = 1.0,
    value: Kind | None = None,
    small: bool = False,
) -> None:
    """A card picture at ``rect`` (narrowed to ``show`` of its width while it turns over), with its
    value in a large disc at the top left when it is face up."""
    if show < 1.0:
        rect = rect.inflate(-round(rect.w * (1 - show)), 0)
        if rect.w < 2:
            return
    surface.blit(b.card_image(asset, rect), rect)
    if value is not None and show >= 1.0:
        words = str(value.value)
        f = b.font(SMALL if small else LABEL)
        w, h = f.size(words)
        r = max(h // 2 + b.px(2), (w + b.px(8)) // 2)
        centre = (rect.x + max(r, round(rect.w * 0.2)), rect.y + max(r, round(rect.w * 0.2)))
        pygame.draw.circle(surface, INK, centre, r + b.px(2))
        pygame.draw.circle(surface, PAPER, centre, r)
        b.text(surface, words, SMALL if small else LABEL, INK, centre, anchor="center")


def caption(
    surface: pygame.Surface, b: Board, words: str, rect: pygame.Rect, width: int, lines: int = 2
) -> None:
    """Words centred under ``rect``, wrapped onto at most ``lines`` lines of ``width`` pixels."""
    if not words:
        return
    f = b.font(SMALL)
    wrapped = theme.wrap(words, f, width)
    if len(wrapped) > lines:
        wrapped = wrapped[: lines - 1] + [" ".join(wrapped[lines - 1 :])]
    y = rect.bottom + b.px(4)
    for line in wrapped:
        y = b.text(
            surface, line, SMALL, theme.TEXT, (rect.centerx, y), anchor="midtop", max_width=width
        ).bottom


def tie_break(model: PinkModel, names: dict[int, str]) -> str:
    """Who won and, when the best totals were tied, which rule decided it."""
    result = model.result() or {}
    standing = winners_words(result, names, describe.chef)
    if standing is None:
        return _("Nobody wins.")
    who, best, tied = standing
    winners = len(result["winners"])
    if len(tied) == 1:
        return won_with(who, winners, best)
    breakdown = result.get("breakdown") or []
    completed = [s for s in tied if breakdown[s].get("completed")]
    if 0 < len(completed) < len(tied):
        rule = _("tied on points; the recipe completed decides")
    elif winners < len(tied):
        rule = _("tied on points and recipes; the most desserts in the pot decides")
    else:
        rule = _("tied on points, recipes and desserts")
    return won_with(who, winners, best, rule)


def draw_scoring(surface: pygame.Surface, b: Board, model: PinkModel, names: dict[int, str]) -> None:
    """The scoring sheet over the table once the game is over."""
    result = model.result() or {}
    breakdown = result.get("breakdown") or []
    recipes = result.get("recipes") or []
    chefs = model.chefs()
    tops = model.tops()
    sheet = b.rect(12, 72, 1476, 1000)
    theme.draw_panel(surface, sheet, theme.layout(surface.get_size()), colour=theme.SHEET)
    spot = b.rect(44, 90, 1, 1).topleft
    b.text(surface, _("Final scoring"), HEADING, theme.MUSTARD, spot, max_width=b.px_x(360))
    b.text(
        surface,
        _("Kitchen tops (count for every chef):"),
        BODY,
        theme.TEXT,
        b.rect(420, 104, 1, 1).topleft,
        max_width=b.px_x(490),
    )  # the kitchen's top cards stand from x 920
    for i, label in enumerate(tops):
        draw_card(
            surface,
            b,
            face(label) or "pink_soup/back",
            b.rect(920 + i * 64, 92, 56, 78),
            value=kind_of(label),
            small=True,
        )
    row_h = min(160, (840 - 60) / max(1, len(chefs)))
    for seat, chef in enumerate(chefs):
        y = 190 + seat * row_h
        entry = breakdown[seat] if seat < len(breakdown) else {}
        recipe = recipes[seat] if seat < len(recipes) else ""
        winner = seat in (result.get("winners") or [])
        name = names.get(seat, chef.name) + ("  - " + _("winner") if winner else "")
        b.text(
            surface,
            name,
            LABEL,
            theme.MUSTARD if winner else theme.TEXT,
            b.rect(44, y, 1, 1).topleft,
            max_width=b.px_x(360),
        )
        b.text(
            surface,
            describe.recipe_words(recipe),
            SMALL,
            theme.TEXT_DIM,
            b.rect(44, y + 44, 1, 1).topleft,
            max_width=b.px_x(360),
        )
        if entry.get("completed"):
            b.text(
                surface,
                _("recipe complete +15"),
                SMALL,
                theme.HERB,
                b.rect(44, y + 74, 1, 1).topleft,
                max_width=b.px_x(360),
            )
        chilis = sum(1 for label in chef.pot if (kind_of(label) and kind_of(label).family == CHILI))
        for i, label in enumerate(chef.pot):
            cell = b.rect(420 + i * 76, y, 66, 92)
            draw_card(surface, b, face(label) or "pink_soup/back", cell, value=kind_of(label), small=True)
            points = card_points(label, recipe, True)
            kind = kind_of(label)
            words = (
                _("3 chilis")
                if kind and kind.family == CHILI and chilis == CHILI_JACKPOT_COUNT
                else f"{points:+d}"
                if points
                else "0"
            )
            b.text(surface, words, SMALL, theme.TEXT, (cell.centerx, cell.bottom + b.px(2)), anchor="midtop")
        parts = entry.get("parts") or {}
        line = equation(list(chef.pot), tops, recipe, parts, int(entry.get("total", 0)))
        kitchen, own = sources(list(chef.pot), tops, recipe)
        notes = []
        if chilis == CHILI_JACKPOT_COUNT:
            notes.append(_("exactly 3 chilis: +15 instead of -9"))
        if parts.get("desserts"):
            notes.append(_("desserts +%(points)d") % {"points": parts["desserts"]})
        first = _("recipe +15, %(kitchen)s") % {"kitchen": kitchen} if parts.get("recipe") else kitchen
        words = first + "\n" + own + (f" ({'; '.join(notes)})" if notes else "")
        b.text(surface, line, LABEL, theme.TEXT, b.rect(820, y + 4, 1, 1).topleft, max_width=b.px_x(640))
        f = b.font(SMALL)
        lines = theme.wrap(words, f, b.px(640))
        top = b.rect(820, y + 52, 1, 1).y
        room = max(1, b.px(row_h - 60) // f.get_linesize())
        if len(lines) > room:
            note_clipped(words)
        for i, words in enumerate(lines[:room]):
            b.text(
                surface,
                words,
                SMALL,
                theme.TEXT_DIM,
                (b.rect(820, 0, 1, 1).x, top + i * f.get_linesize()),
                max_width=b.px_x(640),
            )
    b.text(
        surface,
        tie_break(model, names),
        LABEL,
        theme.MUSTARD,
        b.rect(44, 1010, 1, 1).topleft,
        max_width=b.px_x(1420),
    )
