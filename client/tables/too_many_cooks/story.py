"""The play so far, drawn: the last move marked on the soup (the changed card with the card it
replaced, or the rotated line) with its chef's colour and symbol, and the round's history strip
under the chefs, newest first, in words and small pictures."""

from __future__ import annotations

import pygame

from soupkitchen.client import theme
from soupkitchen.client.tables.kit.panels import draw_strip
from soupkitchen.client.tables.too_many_cooks.board import Frame, draw_card
from soupkitchen.client.tables.too_many_cooks.history import Entry
from soupkitchen.client.tables.too_many_cooks.layout import SIZE
from soupkitchen.client.tables.too_many_cooks.paint import ART, INK, SMALL, Painter
from soupkitchen.client.words import _

MINI_W, MINI_H = 40, 56          # a card in the history strip (board pixels)
ENTRY_GAP = 6


def seat_disc(p: Painter, seat: int | None, centre: tuple[int, int], radius: int) -> None:
    """A chef's colour with their symbol on it (the symbol tells when the colour cannot)."""
    pygame.draw.circle(p.surface, theme.seat_colour(seat), centre, radius)
    pygame.draw.circle(p.surface, INK, centre, radius, width=max(1, radius // 7))
    if seat is not None:
        p.text(theme.seat_symbol(seat), SMALL * 0.8, INK, centre, anchor="center")


def draw_last_move(p: Painter, f: Frame) -> None:
    """The newest move, on the soup: the changed card ringed in its chef's colour, the card it
    replaced tucked under its corner; or the rotated line outlined with an arrow the way it went."""
    move = f.history.last_move if f.history is not None else None
    if move is None or move.seat is None or f.model.phase != "playing":
        return
    lay = p.lay
    colour = theme.seat_colour(move.seat)
    if move.kind == "changed":
        cell = lay.cell(move.row, move.col)
        p.ring(cell, colour=colour, width=6, pad=4)
        was = pygame.Rect(0, 0, lay.px(MINI_W), lay.px(MINI_H))
        was.bottomleft = (cell.x - lay.px(12), cell.bottom + lay.px(12))
        pygame.draw.rect(p.surface, INK, was.inflate(lay.px(6), lay.px(6)), border_radius=lay.px(6))
        draw_card(p, move.old or {}, was, f.colour_blind)
        badge = (cell.x + lay.px(4), cell.y + lay.px(4))
    elif move.kind == "rotated":
        first, last = ((move.index, 0), (move.index, SIZE - 1)) if move.line == "row" else ((0, move.index), (SIZE - 1, move.index))
        band = lay.cell(*first).union(lay.cell(*last))
        p.ring(band, colour=colour, width=6, pad=6, radius=16)
        end = lay.arrow(move.line, move.index, move.step)
        draw_arrow_mark(p, end, move.line, move.step, colour)
        badge = (band.x + lay.px(4), band.y + lay.px(4))
    else:
        return
    seat_disc(p, move.seat, badge, lay.px(20))


def draw_arrow_mark(p: Painter, rect: pygame.Rect, line: str, step: int, colour) -> None:
    """A plain triangle at a line's end pointing the way the line moved."""
    cx, cy, r = rect.centerx, rect.centery, rect.width // 2
    dx, dy = (step, 0) if line == "row" else (0, step)
    tip = (cx + dx * r, cy + dy * r)
    left = (cx - dx * r // 2 - dy * r, cy - dy * r // 2 - dx * r)
    right = (cx - dx * r // 2 + dy * r, cy - dy * r // 2 + dx * r)
    pygame.draw.polygon(p.surface, colour, [tip, left, right])
    pygame.draw.polygon(p.surface, INK, [tip, left, right], width=p.lay.px(3))


def draw_history(p: Painter, f: Frame) -> list[pygame.Rect]:
    """The history strip (the kit's), newest move first, from ``f.history_scroll`` entries down;
    returns the rectangle of each entry drawn."""
    lay = p.lay
    box = lay.history(len(f.model.chefs()))
    if f.history is None or box.height < lay.px(60):
        return []
    drawn = draw_strip(p.surface, lay, box, _("This round"), list(reversed(f.history.entries)), f.history_scroll,
                       SMALL, lambda entry, width: entry_height(p, f, entry, width),
                       lambda entry, room: draw_entry(p, f, entry, room), gap=ENTRY_GAP)
    if f.selection.focus == "history":   # read with the keys or a pad
        p.focus_ring(box, pad=3)
    return drawn


def draw_entry(p: Painter, f: Frame, entry: Entry, room: pygame.Rect) -> pygame.Rect:
    """One entry: its chef, the cards or line in small pictures and the effect on the faces on a
    first line, the move and its effect in words under it. Returns the rectangle used."""
    lay = p.lay
    newest = f.history is not None and entry is f.history.last_move
    x, top = room.x + lay.px(6), room.y + lay.px(4)
    mini = pygame.Rect(0, top, lay.px(MINI_W), lay.px(MINI_H))
    radius = lay.px(16)
    if entry.seat is None:   # the round's end: the timer's picture stands for nobody's move
        p.image(ART / "timer.svg", pygame.Rect(x, top + mini.height // 2 - radius, radius * 2, radius * 2))
    else:
        seat_disc(p, entry.seat, (x + radius, top + mini.height // 2), radius)
    x += radius * 2 + lay.px(8)
    if entry.kind == "changed":
        for card, gap in ((entry.old, 26), (entry.new, 10)):
            mini.x = x
            draw_card(p, card or {}, mini, f.colour_blind)
            x = mini.right + lay.px(gap)
        arrow_at = pygame.Rect(mini.x - lay.px(26), top + mini.height // 2 - lay.px(9), lay.px(18), lay.px(18))
        draw_arrow_mark(p, arrow_at, "row", 1, theme.TEXT)
    elif entry.kind == "rotated":
        mark = pygame.Rect(x, top + (mini.height - lay.px(36)) // 2, lay.px(36), lay.px(36))
        draw_arrow_mark(p, mark, entry.line, entry.step, theme.seat_colour(entry.seat))
        x = mark.right + lay.px(10)
    for seat, delta in entry.faces:
        high = mini.height - lay.px(12)
        back = pygame.Rect(x, top + lay.px(6), round(high * 120 / 168), high)
        p.image(ART / ("taste-back-happy.svg" if delta > 0 else "taste-back-unhappy.svg"), back)
        seat_disc(p, seat, (back.right, back.bottom - lay.px(4)), lay.px(11))
        x = back.right + lay.px(16)
    text = pygame.Rect(room.x + lay.px(6), mini.bottom + lay.px(2), room.width - lay.px(12), room.bottom - mini.bottom)
    font = p.font(SMALL)
    words = entry_words(f, entry)
    if len(theme.wrap(words, font, text.width)) > min(3, max(1, text.height // font.get_linesize())):
        words = entry.words(f.name)   # the faces' pictures above still tell the effect
    used = p.paragraph(words, SMALL, theme.TEXT, text, max_lines=3, shrink=False)
    rect = pygame.Rect(room.x, room.y, room.width, text.y + used - room.y + lay.px(4))
    if newest:
        pygame.draw.rect(p.surface, theme.seat_colour(entry.seat), rect, width=lay.px(3), border_radius=lay.px(8))
    return rect


def entry_words(f: Frame, entry: Entry) -> str:
    words = entry.words(f.name)
    effect = entry.effect_words(f.name)
    return f"{words} ({effect})" if effect else words


def entry_height(p: Painter, f: Frame, entry: Entry, width: int) -> int:
    """The height :func:`draw_entry` needs for ``entry`` in ``width`` pixels."""
    font = p.font(SMALL)
    lines = min(3, len(theme.wrap(entry_words(f, entry), font, width - p.lay.px(12))))
    return p.lay.px(4 + MINI_H + 2) + lines * font.get_linesize() + p.lay.px(4)


def last_move_note(f: Frame, seat: int) -> str:
    """The note at a chef's seat while their move is the newest."""
    move = f.history.last_move if f.history is not None else None
    return _("last move") if move is not None and move.seat == seat and f.model.phase == "playing" else ""

