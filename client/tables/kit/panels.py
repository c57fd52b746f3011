"""What a kit table draws around the game's objects: the last move's mark (and the lighter mark of what
changed since the viewer's own last move), the game's log and the moves button (the open move list
above the log), a history strip of entries drawn in pictures and words (newest first, scrolled), the
menu of choices at an object, and the hover words, beside the object where they hide nothing, else at
the foot of the side column."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Protocol, TypeVar

import pygame

from soupkitchen.client.scenes.base import Shell
from soupkitchen.client.tables.kit.board import BODY, LABEL, SMALL, Board
from soupkitchen.client.tables.kit.moves_by_touch import Choosing
from soupkitchen.client.tables.kit.table_objects import Thing
from soupkitchen.client.tables.move_list import MoveList
from soupkitchen.client.ui import coverage, theme
from soupkitchen.client.ui.textfit import note_clipped
from soupkitchen.client.words import _, ngettext

SIDE_X, SIDE_W = 1500, 400  # the side column (history, moves) on the board
SIDE_TOP, SIDE_BOTTOM = 80, 985
MOVES_BOTTOM = 520  # the open move list ends here; the history goes on under it
INFO_H = 220  # the foot of the log, kept for hover words with nowhere else to go
MOVES_KEY = "kit:moves"
HOVER_SECONDS = 0.4  # the pointer rests this long on a thing before its words show


class PanelTable(Protocol):
    """What the panels read of the kit table they are drawn for."""

    app: Shell
    choosing: Choosing
    moves: MoveList
    moves_open: bool
    keyboard: bool
    log_scroll: int
    log_most: int
    log_keeps_foot: bool
    focus: str | None
    hover: str | None

    @property
    def board(self) -> Board: ...

    @property
    def actions(self) -> list[dict[str, Any]]: ...

    def thing(self, key: str | None) -> Thing | None: ...

    def things(self) -> list[Thing]: ...

    def moves_rect(self) -> pygame.Rect: ...

    def menu_rects(self) -> list[pygame.Rect]: ...

    def history(self, view: dict[str, Any]) -> list[tuple[int, str]]: ...

    def history_news(self) -> tuple[int | None, bool]: ...

    def menu_words(self, action: dict[str, Any]) -> str: ...

    def hover_words(self) -> list[str]: ...

    def hover_shown(self) -> bool: ...

    def drawn_rects(self) -> list[pygame.Rect]: ...

    def control_rects(self) -> list[pygame.Rect]: ...

    def side_room(self) -> int: ...

    def log_room(self) -> int: ...
    def hover_home(self) -> pygame.Rect: ...


def mark_last(surface: pygame.Surface, b: Board, rect: pygame.Rect) -> None:
    """The last move's objects: a pale blue frame and a small triangle at the top left."""
    frame = rect.inflate(b.px(4), b.px(4))
    pygame.draw.rect(surface, theme.LAST_MOVE, frame, width=b.px(4), border_radius=b.px(8))
    size = b.px(22)
    pygame.draw.polygon(
        surface, theme.LAST_MOVE, [frame.topleft, (frame.x + size, frame.y), (frame.x, frame.y + size)]
    )


def mark_since(surface: pygame.Surface, b: Board, rect: pygame.Rect) -> None:
    """What else changed since the viewer's own last move: a thin frame of a duller blue."""
    pygame.draw.rect(
        surface, theme.SINCE_MOVE, rect.inflate(b.px(4), b.px(4)), width=b.px(3), border_radius=b.px(8)
    )


def moves_rect(b: Board) -> pygame.Rect:
    """The open move list, at the top of the side column."""
    return b.rect(SIDE_X, SIDE_TOP, SIDE_W, MOVES_BOTTOM - SIDE_TOP)


def history_rect(b: Board, moves_open: bool, room: int = 0) -> pygame.Rect:
    """The history panel: the whole side column, or under the open move list; below the ``room``
    board units a table keeps at the column's top for a notice of its own."""
    top = max(MOVES_BOTTOM + 10 if moves_open else SIDE_TOP, SIDE_TOP + room)
    return b.rect(SIDE_X, top, SIDE_W, SIDE_BOTTOM - top)


def info_rect(b: Board) -> pygame.Rect:
    """The foot of the history panel, where hover words go when they would hide something beside
    the thing they are about."""
    return b.rect(SIDE_X + 8, SIDE_BOTTOM - INFO_H, SIDE_W - 16, INFO_H - 8)


def draw_side(table: PanelTable, surface: pygame.Surface, b: Board, view: dict[str, Any]) -> None:
    """The moves button, the move list when it is open, and the history under it."""
    draw_moves_button(table, surface, b)
    draw_move_list(table, surface, b)
    draw_log(table, surface, b, view)


def log_lines(
    table: PanelTable, view: dict[str, Any], f: pygame.font.Font, width: int
) -> list[tuple[str, Any, bool]]:
    """The whole log wrapped to ``width``, each line with its colour and whether an entry starts on it:
    what the shown seat already knew dimmed, a heading over what the others did since its own last
    move (or since it sat down), that in full colour."""
    news, moved = table.history_news()
    lines: list[tuple[str, Any, bool]] = []
    for number, entry in table.history(view):
        fresh = news is None or number >= news
        if news is not None and number == news and lines:
            heading = _("Since your last move:") if moved else _("Since you sat down:")
            lines.append((heading, theme.MUSTARD, True))
        wrapped = theme.wrap(entry, f, width)
        colour = theme.TEXT if fresh else theme.TEXT_DIM
        lines += [(wrapped[0], colour, True), *(("  " + more, colour, False) for more in wrapped[1:])]
    return lines


def draw_log(table: PanelTable, surface: pygame.Surface, b: Board, view: dict[str, Any]) -> None:
    """The game's log under the moves, the newest at the foot; the mouse wheel over it reads back."""
    box = history_rect(b, table.moves_open, table.log_room())
    theme.draw_panel(surface, box, theme.layout(table.app.screen_size))
    b.text(
        surface,
        _("Game log"),
        LABEL,
        theme.BROTH,
        (box.x + b.px(16), box.y + b.px(10)),
        max_width=box.w - b.px(24),
    )
    f = b.font(SMALL)
    # the foot kept for hover words: not while the move list is open (there are none), nor while the
    # log is read back (the pointer is on it), nor at a table whose hover words find room beside
    # what they are about (``log_keeps_foot``): there a scrolled or crowded log fills its panel
    keeps = table.log_keeps_foot and not table.log_scroll
    kept = b.px(INFO_H) if keeps and not table.moves_open else 0
    room = max(1, (box.h - b.px(70) - kept) // f.get_linesize())
    lines = log_lines(table, view, f, box.w - b.px(40))
    fits = room - 1 if len(lines) > room else room  # a line says how much more there is above
    table.log_most = max(0, len(lines) - fits)
    table.log_scroll = min(table.log_scroll, table.log_most)
    end = len(lines) - table.log_scroll
    earlier, later = max(0, end - fits), table.log_scroll
    while 0 < earlier < end and not lines[earlier][2]:  # the first line shown starts an entry
        earlier += 1
    y = box.y + b.px(60)
    if earlier:
        words = ngettext("%(count)d line earlier", "%(count)d lines earlier", earlier) % {"count": earlier}
        shown = b.text(
            surface, words, SMALL, theme.TEXT_DIM, (box.x + b.px(40), y), max_width=box.w - b.px(50)
        )
        _arrow(surface, b, (box.x + b.px(24), shown.centery), -1, theme.TEXT_DIM)
        y = shown.bottom
    for line, colour, _first in lines[earlier:end]:
        y = b.text(surface, line, SMALL, colour, (box.x + b.px(16), y), max_width=box.w - b.px(24)).bottom
    if later:
        words = ngettext("%(count)d line later", "%(count)d lines later", later) % {"count": later}
        shown = b.text(surface, words, SMALL, theme.MUSTARD, (box.x + b.px(40), y))
        _arrow(surface, b, (box.x + b.px(24), shown.centery), 1, theme.MUSTARD)


def _arrow(surface: pygame.Surface, b: Board, centre: tuple[int, int], direction: int, colour) -> None:
    """A small triangle pointing up (-1) or down (1): more of the log that way."""
    r = b.px(8)
    x, y = centre
    pygame.draw.polygon(
        surface,
        colour,
        [(x - r, y - direction * r // 2), (x + r, y - direction * r // 2), (x, y + direction * r)],
    )


def draw_moves_button(table: PanelTable, surface: pygame.Surface, b: Board, size: float = BODY) -> None:
    """The button that opens (and closes) the list of moves."""
    button = table.thing(MOVES_KEY)
    if button is not None:
        theme.draw_panel(surface, button.rect, theme.layout(table.app.screen_size), colour=theme.PANEL_LIGHT)
        b.text(
            surface,
            button.words,
            size,
            theme.TEXT,
            button.rect.center,
            anchor="center",
            max_width=button.rect.w - b.px(16),
        )


def draw_move_list(table: PanelTable, surface: pygame.Surface, b: Board) -> None:
    """The move list, when it is open, at the table's ``moves_rect`` under its title."""
    if not table.moves_open:
        return
    lay = theme.layout(table.app.screen_size)
    panel = table.moves_rect()
    b.text(
        surface,
        _("Your moves") if table.actions else _("Moves"),
        LABEL,
        theme.MUSTARD,
        (panel.x, panel.y - b.px(50)),
    )
    table.moves.fit(lay, panel)
    table.moves.draw(surface, lay, True)


E = TypeVar("E")


def draw_strip(
    surface: pygame.Surface,
    b: Board,
    box: pygame.Rect,
    title: str,
    entries: Sequence[E],
    scroll: int,
    size: float,
    height: Callable[[E, int], int],
    draw: Callable[[E, pygame.Rect], pygame.Rect],
    gap: float = 6,
) -> list[pygame.Rect]:
    """A history strip in ``box``: its ``title`` and how many entries it shows of how many, then the
    ``entries`` (newest first) from the ``scroll``-th on, each drawn by ``draw(entry, room)`` (which
    returns the rectangle it used), whole entries only below the first; returns those rectangles."""
    pygame.draw.rect(surface, theme.PANEL_LIGHT, box, border_radius=b.px(10))
    scroll = max(0, min(scroll, len(entries) - 1))
    y = box.y + b.px(6)
    drawn: list[pygame.Rect] = []
    old_clip = surface.get_clip()
    surface.set_clip(box)
    heading = b.text(surface, title, size, theme.TEXT_DIM, (box.x + b.px(12), y))
    y = heading.bottom + b.px(2)
    for entry in entries[scroll:]:
        room = pygame.Rect(box.x + b.px(8), y, box.width - b.px(16), box.bottom - y - b.px(4))
        if drawn and room.height < height(entry, room.width):
            break  # only whole entries below the newest
        rect = draw(entry, room)
        drawn.append(rect)
        y = rect.bottom + b.px(gap)
    if not entries:
        words = _("no moves yet")
    elif len(drawn) == len(entries):
        words = _("%(count)d so far") % {"count": len(entries)}
    else:  # where the entries shown sit in the whole list (the mouse wheel scrolls)
        shown = f"{scroll + 1}" if len(drawn) == 1 else f"{scroll + 1}-{scroll + len(drawn)}"
        words = _("%(shown)s of %(count)d") % {"shown": shown, "count": len(entries)}
    b.text(surface, words, size, theme.TEXT_DIM, (box.right - b.px(12), heading.y), anchor="topright")
    surface.set_clip(old_clip)
    return drawn


def draw_menu(table: PanelTable, surface: pygame.Surface, b: Board) -> None:
    focus = table.choosing.menu_focus
    rects = table.menu_rects()
    if rects:
        with coverage.overlay("a menu of moves", rects[0].unionall(rects), asked=True):
            _draw_menu(table, surface, b, rects, focus)


def _draw_menu(table: PanelTable, surface: pygame.Surface, b: Board, rects: list[pygame.Rect], focus) -> None:
    whole = rects[0].unionall(rects)  # a shadow and a mustard frame: it asks about the object ringed so
    pygame.draw.rect(surface, theme.SHADOW, whole.move(b.px(5), b.px(6)), border_radius=b.px(10))
    pygame.draw.rect(
        surface, theme.MUSTARD, whole.inflate(b.px(8), b.px(8)), width=b.px(3), border_radius=b.px(12)
    )
    for action, rect in zip(table.choosing.menu, rects, strict=False):
        lit = action == focus and table.keyboard
        pygame.draw.rect(surface, theme.PANEL_LIGHT if lit else theme.PANEL, rect, border_radius=b.px(8))
        pygame.draw.rect(
            surface, theme.MUSTARD if lit else theme.PANEL_EDGE, rect, width=b.px(3), border_radius=b.px(8)
        )
        words = table.menu_words(action)
        room = rect.w - b.px(24)
        lines = 1 + (rect.h - b.px(64)) // max(1, b.font(BODY).get_linesize())  # the rows a menu item has
        size = next((s for s in (BODY, SMALL) if len(theme.wrap(words, b.font(s), room)) <= lines), SMALL)
        wrapped = theme.wrap(words, b.font(size), room)
        if len(wrapped) > lines:
            wrapped = [*wrapped[: lines - 1], " ".join(wrapped[lines - 1 :])]
        step = b.font(size).get_linesize()
        y = rect.centery - step * len(wrapped) // 2
        for line in wrapped:
            y = b.text(surface, line, size, theme.TEXT, (rect.x + b.px(12), y), max_width=room).bottom


def hover_places(thing: pygame.Rect, size: tuple[int, int], gap: int) -> list[pygame.Rect]:
    """Where a box of ``size`` may go beside ``thing``: under it, over it, right and left of it."""
    box = pygame.Rect((0, 0), size)
    places = []
    for anchor, point in (
        ("midtop", (thing.centerx, thing.bottom + gap)),
        ("topleft", (thing.x, thing.bottom + gap)),
        ("topright", (thing.right, thing.bottom + gap)),
        ("midbottom", (thing.centerx, thing.top - gap)),
        ("bottomleft", (thing.x, thing.top - gap)),
        ("bottomright", (thing.right, thing.top - gap)),
        ("midleft", (thing.right + gap, thing.centery)),
        ("midright", (thing.x - gap, thing.centery)),
    ):
        place = box.copy()
        setattr(place, anchor, point)
        places.append(place)
    return places


def place_hover(
    table: PanelTable, bounds: pygame.Rect, thing: pygame.Rect, lines: list[str], size: float = SMALL
) -> tuple[pygame.Rect, list[str]]:
    """The box for hover words ``lines`` about ``thing`` and the words wrapped to it (in board size
    ``size``): beside the thing where it hides nothing the table drew, not even the edge of a card,
    and no other control, else in the nearest place that hides nothing, else at the foot of the side
    column."""
    b = table.board
    f = b.font(size)
    key = (tuple(thing), tuple(lines), size, tuple(bounds), getattr(table, "_layer_key", None))
    cache = table.__dict__.setdefault("_placed", {})
    if key in cache:
        box, wrapped = cache[key]
        return box.copy(), list(wrapped)
    drawn = table.drawn_rects()
    controls = [rect for rect in table.control_rects() if rect != thing]
    cards = [t.rect for t in table.things() if t.kind == "card" and t.rect != thing]  # not even an edge

    def free(box: pygame.Rect) -> bool:
        return (
            bounds.contains(box)
            and not box.colliderect(thing)
            and box.collidelist(controls) < 0
            and box.collidelist(cards) < 0
            and not any(coverage.lies_over(box, drawn[i]) for i in box.collidelistall(drawn))
        )

    found = None
    for most in (700, 460, 340):
        width = min(b.px(most), max(f.size(line)[0] for line in lines) + b.px(24))
        wrapped = [part for line in lines for part in theme.wrap(line, f, width - b.px(24))]
        box_size = (width, f.get_linesize() * len(wrapped) + b.px(16))
        found = next((box for box in hover_places(thing, box_size, b.px(10)) if free(box)), None)
        if found is not None:
            break
    if found is None:
        found = nearest_free(thing, box_size, b.px(24), free)
    if found is None:
        found = table.hover_home()
        wrapped = [part for line in lines for part in theme.wrap(line, f, found.w - b.px(24))]
    if len(cache) > 64:
        cache.clear()
    cache[key] = (found.copy(), list(wrapped))
    return found, wrapped


def nearest_free(
    thing: pygame.Rect, size: tuple[int, int], step: int, free, rings: int = 30
) -> pygame.Rect | None:
    """The box of ``size`` nearest to ``thing`` (rings of ``step`` around it) for which ``free`` holds."""
    box = pygame.Rect((0, 0), size)
    cx, cy = thing.center
    for ring in range(1, rings + 1):
        r = ring * step
        places = {(cx + k * step, cy + dy) for k in range(-ring, ring + 1) for dy in (-r, r)}
        places |= {(cx + dx, cy + k * step) for k in range(-ring, ring + 1) for dx in (-r, r)}
        for point in sorted(places, key=lambda p: (p[0] - cx) ** 2 + (p[1] - cy) ** 2):
            for anchor in ("midtop", "midbottom", "midleft", "midright"):
                setattr(box, anchor, point)
                if free(box):
                    return box.copy()
    return None


def hover_box(table: PanelTable, bounds: pygame.Rect) -> tuple[pygame.Rect, list[str]] | None:
    """Where the words about the thing under the pointer (or the focus) go and their lines; None
    where there are none."""
    lines = table.hover_words()
    thing = table.thing(table.focus if table.keyboard else table.hover)
    if not lines or thing is None:
        return None
    return place_hover(table, bounds, thing.rect, lines)


def draw_hover(table: PanelTable, surface: pygame.Surface) -> None:
    """What the thing under the pointer (or the focus) is and what touching it would do, once the
    pointer has rested on it; never over anything else the table shows."""
    found = hover_box(table, surface.get_rect()) if table.hover_shown() else None
    if found is None:
        return
    box, wrapped = found
    b = table.board
    f = b.font(SMALL)
    room = max(1, (box.h - b.px(16)) // f.get_linesize())
    if len(wrapped) > room:  # only at the foot of the side column: the last line says there is more
        note_clipped(" ".join(wrapped))
        wrapped = [*wrapped[: room - 1], wrapped[room - 1] + "…"]
    with coverage.overlay("hover words", box):
        pygame.draw.rect(surface, theme.SHADOW, box, border_radius=b.px(8))
        pygame.draw.rect(surface, theme.PANEL_EDGE, box, width=b.px(2), border_radius=b.px(8))
        y = box.y + b.px(8)
        for line in wrapped:
            y = b.text(
                surface, line, SMALL, theme.TEXT, (box.x + b.px(12), y), max_width=box.w - b.px(16)
            ).bottom
