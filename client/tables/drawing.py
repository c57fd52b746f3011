"""Drawing aids of the generic table: a seat's badge, rows of card pictures, a presenter's sections
cut into wrapped rows (a line naming cards gets rows of their pictures above its words) and flowed
into columns, and the box holding the newest lines of the game's own log."""

from __future__ import annotations

from typing import NamedTuple

import pygame

from soupkitchen.client.tables import present
from soupkitchen.client.ui import art, theme

CARD_LINES = 1.8  # a card picture in the sections is this many text lines high
CARD_LINES_TIGHT = 1.5  # and this many when the sections would not fit the panel otherwise
OVERLAP = 0.5  # cards in a crowded row overlap down to this share of a card's width showing
SPACING = 0.12  # and stand this share of a card's width apart when there is room


class Row(NamedTuple):
    """One drawn row of the sections: a "title", a "line" (the first row of a line), "more" (its
    wrapped rest) or "cards" (a row of the line's card pictures below its words). A title or line
    row with ``cards`` has its pictures beside its words; ``marked``: the positions in ``cards``
    drawn highlighted."""

    what: str
    words: str
    line: present.Line | None
    indent: int
    cards: tuple[str, ...] = ()
    marked: frozenset[int] = frozenset()


def draw_badge(surface: pygame.Surface, seat: int, pos: tuple[int, int], kind: str, lay: theme.Layout) -> int:
    """A seat's colour as a small pill carrying the seat's symbol, left edge at ``pos`` (midleft);
    returns the x just past it."""
    f = lay.font(kind)
    symbol = theme.seat_symbol(seat)
    w, h = f.size(symbol)[0] + f.get_height() // 2, f.get_height()
    pill = pygame.Rect(pos[0], pos[1] - h // 2, max(w, h), h)
    pygame.draw.rect(surface, theme.seat_colour(seat), pill, border_radius=h // 2)
    theme.text(surface, symbol, kind, theme.TEXT_DARK, pill.center, lay, anchor="center")
    return pill.right + lay.gap // 2


def card_rows(cards: tuple[str, ...], card_h: int, width: int) -> list[tuple[str, ...]]:
    """``cards`` cut into as few rows as fit ``width`` with at least half of each card showing."""
    if not cards:
        return []
    card_w = art.card_size(card_h)[0]
    per_row = max(1, 1 + int((width - card_w) // max(1, card_w * OVERLAP)))
    count = -(-len(cards) // per_row)
    size = -(-len(cards) // count)
    return [cards[i : i + size] for i in range(0, len(cards), size)]


def draw_cards(
    surface: pygame.Surface,
    cards: tuple[str, ...],
    pos: tuple[int, int],
    card_h: int,
    width: int,
    marked: frozenset[int] = frozenset(),
) -> list[pygame.Rect]:
    """Card pictures left to right from ``pos`` (topleft), overlapping when ``width`` is too narrow
    for them side by side; each SVG is rasterised at the drawn size (cached). The cards at the
    positions ``marked`` get a highlight frame and a "!" disc on top of the row."""
    size = art.card_size(card_h)
    step = size[0] * (1 + SPACING)
    if len(cards) > 1 and size[0] + step * (len(cards) - 1) > width:
        step = max(1.0, (width - size[0]) / (len(cards) - 1))
    drawn = []
    for i, card in enumerate(cards):
        at = (pos[0] + round(i * step), pos[1])
        drawn.append(surface.blit(art.load_svg(art.card_path(card), size), at))
    for i in sorted(marked):
        if 0 <= i < len(drawn):
            draw_mark(surface, drawn[i])
    return drawn


def draw_mark(surface: pygame.Surface, rect: pygame.Rect) -> None:
    """A highlight frame round a card and a "!" disc on its bottom edge, so the mark does not rest on
    colour alone."""
    thick = max(3, rect.height // 10)
    pygame.draw.rect(surface, theme.MUSTARD, rect.inflate(thick, thick), width=thick, border_radius=thick * 2)
    radius = max(5, rect.width // 4)
    centre = (rect.centerx, rect.bottom - radius // 2)
    pygame.draw.circle(surface, theme.TEXT_DARK, centre, radius + 1)
    pygame.draw.circle(surface, theme.MUSTARD, centre, radius)
    bar = max(2, radius // 3)
    pygame.draw.rect(
        surface, theme.TEXT_DARK, (centre[0] - bar // 2, centre[1] - radius * 2 // 3, bar, radius * 3 // 4)
    )
    pygame.draw.rect(surface, theme.TEXT_DARK, (centre[0] - bar // 2, centre[1] + radius // 3, bar, bar))


def section_rows(
    sections: list[present.Section], kind: str, width: int, lay: theme.Layout, card_h: int = 0
) -> list[Row]:
    """Section titles and wrapped lines, one ``Row`` per drawn row (indent in pixels). A seat's line
    leaves room for its badge; a line starting with spaces is indented; with ``card_h`` the cards of
    a section or a line are pictures that high, in the same row as the words when they fit beside
    them, else in rows of their own below."""
    f = lay.font(kind)
    card_w = art.card_size(card_h)[0] if card_h else 0
    rows: list[Row] = []

    def add(
        what: str, pieces: list[str], line: present.Line | None, indent: int, cards: tuple[str, ...]
    ) -> None:
        room = width - indent - lay.gap * 2
        marked = line.marked if line is not None else frozenset()
        if (
            card_h
            and cards
            and len(pieces) == 1
            and room - f.size(pieces[0])[0] - lay.gap * 2 >= card_w * (1 + OVERLAP * (len(cards) - 1))
        ):
            rows.append(Row(what, pieces[0], line, indent, cards, marked))
            return
        for k, piece in enumerate(pieces):
            rows.append(
                Row(what, piece, line, indent) if k == 0 else Row("more", piece, line, indent + lay.gap * 2)
            )
        start = 0
        for chunk in card_rows(cards, card_h, room) if card_h else []:
            rows.append(
                Row(
                    "cards",
                    "",
                    line,
                    indent,
                    chunk,
                    frozenset(i - start for i in marked if start <= i < start + len(chunk)),
                )
            )
            start += len(chunk)

    for section in sections:
        if not section.lines:
            continue
        add("title", [section.title], None, 0, section.cards)
        for line in section.lines:
            indent = (f.get_height() * 2 if line.seat is not None else 0) + (
                lay.gap * 2 if line.text.startswith(" ") else 0
            )
            add(
                "line",
                theme.wrap(line.text.strip(), f, width - indent - lay.gap * 2),
                line,
                indent,
                line.cards,
            )
    return rows


def flow(
    rows, line_h: int, title_gap: int, columns: int, height: int, cards_h: int = 0
) -> list[tuple[int, int]]:
    """(column, y) for as many leading rows as fit in ``columns`` columns ``height`` high, a row of
    cards being ``cards_h`` high; a title never ends a column, and a line's wrapped words and its
    pictures stay in one column when they fit in one."""
    placed: list[tuple[int, int]] = []
    column, y = 0, 0

    def high(i: int) -> int:
        return cards_h if rows[i][4] else line_h

    def group(i: int) -> int:  # the rows' height from i to the end of its line's words and pictures
        end = i + 1
        while end < len(rows) and rows[end][0] in ("more", "cards"):
            end += 1
        total = sum(high(k) for k in range(i, end))
        return total if total <= height else high(i)

    for i, (what, *_rest) in enumerate(rows):
        if what == "title":  # keep the title with its first line
            need = line_h + (title_gap if y else 0) + (group(i + 1) if i + 1 < len(rows) else 0)
        else:
            need = group(i) if what == "line" else high(i)
        if y + need > height:
            column, y = column + 1, 0
            if column >= columns:
                break
        if what == "title" and y:
            y += title_gap
        placed.append((column, y))
        y += high(i)
    return placed


def draw_history(surface: pygame.Surface, lay: theme.Layout, box: pygame.Rect, history: list[str]) -> None:
    """The newest lines of the game's own log, newest at the bottom."""
    theme.draw_panel(surface, box, lay, colour=theme.PANEL)
    f = lay.font("small")
    fit = max(0, (box.height - lay.gap * 2) // f.get_linesize())
    lines: list[str] = []
    for entry in reversed(history):  # whole entries only, newest first until the box is full
        wrapped = theme.wrap(entry, f, box.width - lay.gap * 5)
        if len(lines) + len(wrapped) > fit:
            break
        lines = [wrapped[0], *("  " + more for more in wrapped[1:])] + lines
    y = box.y + lay.gap
    for line in lines:
        y = theme.text(surface, line, "small", theme.TEXT_DIM, (box.x + lay.gap * 2, y), lay).bottom
