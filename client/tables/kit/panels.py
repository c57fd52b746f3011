"""What a kit table draws around the game's objects: the last move's mark, the history panel and the
moves button (or the open move list), the menu of choices at an object, and the hover box."""

from __future__ import annotations

from typing import Any, Protocol

import pygame

from soupkitchen.client import theme
from soupkitchen.client.scenes.base import Shell
from soupkitchen.client.tables.kit.board import BODY, LABEL, SMALL, Board
from soupkitchen.client.tables.kit.choosing import Choosing
from soupkitchen.client.tables.kit.things import Thing
from soupkitchen.client.tables.move_list import MoveList

LAST = (120, 190, 235)   # the frame of the last move's objects
SIDE_X, SIDE_W = 1500, 400          # the side column (history, moves) on the board
MOVES_KEY = "kit:moves"
HOVER_STEPS = 8     # how many places, each further out, the hover words try on each side of a thing


class PanelTable(Protocol):
    """What the panels read of the kit table they are drawn for."""

    app: Shell
    choosing: Choosing
    moves: MoveList
    moves_open: bool
    keyboard: bool
    focus: str | None
    hover: str | None

    @property
    def board(self) -> Board: ...

    @property
    def actions(self) -> list[dict[str, Any]]: ...

    def thing(self, key: str | None) -> Thing | None: ...

    def moves_rect(self) -> pygame.Rect: ...

    def menu_rects(self) -> list[pygame.Rect]: ...

    def history(self, view: dict[str, Any]) -> list[str]: ...

    def menu_words(self, action: dict[str, Any]) -> str: ...

    def hover_words(self) -> list[str]: ...

    def control_rects(self) -> list[pygame.Rect]: ...

    def side_room(self) -> int: ...


def mark_last(surface: pygame.Surface, b: Board, rect: pygame.Rect) -> None:
    """The last move's objects: a pale blue frame and a small triangle at the top left."""
    frame = rect.inflate(b.px(4), b.px(4))
    pygame.draw.rect(surface, LAST, frame, width=b.px(4), border_radius=b.px(8))
    size = b.px(22)
    pygame.draw.polygon(surface, LAST, [frame.topleft, (frame.x + size, frame.y), (frame.x, frame.y + size)])


def draw_side(table: PanelTable, surface: pygame.Surface, b: Board, view: dict[str, Any]) -> None:
    """The history panel and the moves button; the move list over them when it is open."""
    button = table.thing(MOVES_KEY)
    if button is not None:
        theme.draw_panel(surface, button.rect, theme.layout(table.app.screen_size), colour=theme.PANEL_LIGHT)
        b.text(surface, button.words, BODY, theme.TEXT, button.rect.center, anchor="center",
               max_width=button.rect.w - b.px(16))
    lay = theme.layout(table.app.screen_size)
    if table.moves_open:
        panel = table.moves_rect()
        b.text(surface, "Your moves" if table.actions else "Moves", LABEL, theme.MUSTARD, (panel.x, panel.y - b.px(50)))
        table.moves.fit(lay, panel)
        table.moves.draw(surface, lay, True)
        return
    room = table.side_room()   # the table's own notice above the history, if any
    box = b.rect(SIDE_X, 80 + room, SIDE_W, 905 - room)
    theme.draw_panel(surface, box, lay)
    b.text(surface, "Recently", LABEL, theme.BROTH, (box.x + b.px(16), box.y + b.px(10)))
    f = b.font(SMALL)
    lines: list[str] = []
    room = (box.h - b.px(70)) // f.get_linesize()
    for entry in reversed(table.history(view)):
        wrapped = theme.wrap(entry, f, box.w - b.px(40))
        if len(lines) + len(wrapped) > room:
            break
        lines = [wrapped[0], *("  " + more for more in wrapped[1:])] + lines
    y = box.y + b.px(60)
    for line in lines:
        y = b.text(surface, line, SMALL, theme.TEXT, (box.x + b.px(16), y), max_width=box.w - b.px(24)).bottom


def draw_menu(table: PanelTable, surface: pygame.Surface, b: Board) -> None:
    focus = table.choosing.menu_focus
    for action, rect in zip(table.choosing.menu, table.menu_rects(), strict=False):
        lit = action == focus and table.keyboard
        pygame.draw.rect(surface, theme.PANEL_LIGHT if lit else theme.PANEL, rect, border_radius=b.px(8))
        pygame.draw.rect(surface, theme.MUSTARD if lit else theme.PANEL_EDGE, rect, width=b.px(3),
                         border_radius=b.px(8))
        words = table.menu_words(action)
        size = next((s for s in (BODY, SMALL) if b.fits(words, s, rect.w - b.px(24))), SMALL)
        b.text(surface, words, size, theme.TEXT, (rect.x + b.px(12), rect.centery), anchor="midleft",
               max_width=rect.w - b.px(24))


def hover_box(table: PanelTable, bounds: pygame.Rect) -> tuple[pygame.Rect, list[str]] | None:
    """Where the hover words go and their lines: below the thing, else above, right or left of it,
    moved further out step by step where that clears them, at the nearest place that covers no
    other control (or the least of them)."""
    lines = table.hover_words()
    thing = table.thing(table.focus if table.keyboard else table.hover)
    if not lines or thing is None:
        return None
    b = table.board
    f = b.font(SMALL)
    width = min(b.px(700), max(f.size(line)[0] for line in lines) + b.px(24))
    wrapped = [part for line in lines for part in theme.wrap(line, f, width - b.px(24))]
    box = pygame.Rect(0, 0, width, f.get_linesize() * len(wrapped) + b.px(16))
    r, gap = thing.rect, b.px(10)
    others = [rect for rect in table.control_rects() if rect != r]
    spots = []
    sides = (("midtop", (r.centerx, r.bottom + gap), (0, 1)), ("midbottom", (r.centerx, r.top - gap), (0, -1)),
             ("midleft", (r.right + gap, r.centery), (1, 0)), ("midright", (r.left - gap, r.centery), (-1, 0)))
    for side, (anchor, (x, y), (dx, dy)) in enumerate(sides):
        for step in range(HOVER_STEPS):
            spot = box.copy()
            setattr(spot, anchor, (x + dx * step * gap * 4, y + dy * step * gap * 4))
            spot.clamp_ip(bounds)
            if spots and spot == spots[-1][-1]:
                break   # against the edge: no further out
            covered = sum(c.w * c.h for c in (spot.clip(rect) for rect in others))
            spots.append((covered, spot.colliderect(r), step, side, spot))
    return min(spots)[-1], wrapped


def draw_hover(table: PanelTable, surface: pygame.Surface) -> None:
    found = hover_box(table, surface.get_rect())
    if found is None:
        return
    box, wrapped = found
    b = table.board
    pygame.draw.rect(surface, theme.SHADOW, box, border_radius=b.px(8))
    pygame.draw.rect(surface, theme.PANEL_EDGE, box, width=b.px(2), border_radius=b.px(8))
    y = box.y + b.px(8)
    for line in wrapped:
        y = b.text(surface, line, SMALL, theme.TEXT, (box.x + b.px(12), y)).bottom
