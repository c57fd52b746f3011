"""Drawing aids of the generic table: a seat's badge, a presenter's sections cut into wrapped rows
and flowed into columns, and the box holding the newest lines of the game's own log."""

from __future__ import annotations

import pygame

from client import theme
from client.tables import present


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


def section_rows(sections: list[present.Section], kind: str, width: int,
                 lay: theme.Layout) -> list[tuple[str, str, present.Line | None, int]]:
    """Section titles and wrapped lines, one entry per drawn row: (what, words, line, indent in pixels).
    A seat's line leaves room for its badge; a line starting with spaces is indented."""
    f = lay.font(kind)
    rows: list[tuple[str, str, present.Line | None, int]] = []
    for section in sections:
        if not section.lines:
            continue
        rows.append(("title", section.title, None, 0))
        for line in section.lines:
            indent = (f.get_height() * 2 if line.seat is not None else 0) + \
                (lay.gap * 2 if line.text.startswith(" ") else 0)
            for k, piece in enumerate(theme.wrap(line.text.strip(), f, width - indent - lay.gap * 2)):
                rows.append(("line", piece, line, indent) if k == 0 else ("more", piece, line, indent + lay.gap * 2))
    return rows


def flow(rows, line_h: int, title_gap: int, columns: int, height: int) -> list[tuple[int, int]]:
    """(column, y) for as many leading rows as fit in ``columns`` columns ``height`` high; a title
    never ends a column."""
    placed: list[tuple[int, int]] = []
    column, y = 0, 0
    for i, (what, *_rest) in enumerate(rows):
        need = line_h + (title_gap if what == "title" and y else 0)
        if what == "title":   # keep the title with its first line
            need += line_h if i + 1 < len(rows) else 0
        if y + need > height:
            column, y = column + 1, 0
            if column >= columns:
                break
        if what == "title" and y:
            y += title_gap
        placed.append((column, y))
        y += line_h
    return placed


def draw_history(surface: pygame.Surface, lay: theme.Layout, box: pygame.Rect, history: list[str]) -> None:
    """The newest lines of the game's own log, newest at the bottom."""
    theme.draw_panel(surface, box, lay, colour=theme.PANEL)
    f = lay.font("small")
    fit = max(0, (box.height - lay.gap * 2) // f.get_linesize())
    lines: list[str] = []
    for entry in reversed(history):   # whole entries only, newest first until the box is full
        wrapped = theme.wrap(entry, f, box.width - lay.gap * 5)
        if len(lines) + len(wrapped) > fit:
            break
        lines = [wrapped[0], *("  " + more for more in wrapped[1:])] + lines
    y = box.y + lay.gap
    for line in lines:
        y = theme.text(surface, line, "small", theme.TEXT_DIM, (box.x + lay.gap * 2, y), lay).bottom
