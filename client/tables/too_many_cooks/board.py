"""The middle of the table: the pot, the 4 x 4 soup, the rotation arrows and the spare vegetables in
sets on either side, and what one drawing of the table needs to know (``Frame``)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import pygame

from soupkitchen.client.tables.kit.table_objects import Thing
from soupkitchen.client.tables.too_many_cooks.history import History
from soupkitchen.client.tables.too_many_cooks.model import TableModel
from soupkitchen.client.tables.too_many_cooks.paint import (
    ART,
    INK,
    PAPER,
    SMALL,
    Painter,
    card_path,
    symbol_path,
)
from soupkitchen.client.ui import art, coverage, theme
from soupkitchen.client.words import _
from soupkitchen.shared.too_many_cooks import describe


@dataclass
class Frame:
    """Everything one drawing of the table needs besides its things."""

    model: TableModel
    now: float
    remaining: float | None = None
    names: dict[int, str] = field(default_factory=dict)
    reactions: dict[int, tuple[str, float]] = field(default_factory=dict)  # seat -> (emote, seconds ago)
    colour_blind: bool = False
    keyboard: bool = False  # the focus was last moved by keys or a pad: show it
    pad: bool = False  # ... and by a pad: name its buttons in the hints
    history: History | None = None  # the round so far
    reconnecting: bool = False  # the server cannot be reached (its round goes on)
    log_scroll: int = 0  # board pixels of the log scrolled past (towards older entries)
    taste_scroll: int = 0  # the first taste in sight when the tastes panel scrolls
    seat_notes: dict[int, str] = field(default_factory=dict)  # "away 0:12", "bot playing for Ada"
    read_taste: int | None = None  # the taste the keys' focus is on (shown ringed)
    picked: tuple[int, int] | None = None  # the soup card picked to be changed
    offered: frozenset[tuple[str, str]] = frozenset()  # the spares it may become
    focus: str | None = None  # the key of the thing the keys' focus is on
    hints: bool = False  # a learner's hints are shown (the guided first round)
    face_up: bool = False  # a replay's face-up eyes: every chef's tastes are listed beside the table
    player: str = ""  # couch play: the player whose tastes are shown, named in the status line
    nudged: bool = False  # the server said the chef has sat on this turn while the clock ran

    def name(self, seat: int | None) -> str:
        if seat is None:
            return _("nobody")
        return self.names.get(seat, describe.chef(seat))


def draw_card(
    p: Painter, card: dict[str, Any], rect: pygame.Rect, colour_blind: bool, alpha: int = 255
) -> None:
    """A vegetable card; colour-blind mode adds a large colour symbol on a paper disc."""
    if not card.get("veg"):
        return
    p.image(card_path(card), rect, alpha)
    if colour_blind:
        size = round(rect.width * 0.46)
        disc = pygame.Rect(0, 0, size, size)
        disc.midbottom = (rect.right - size // 2 - rect.width // 16, rect.bottom - rect.height // 16)
        pygame.draw.circle(p.surface, PAPER, disc.center, size // 2)
        pygame.draw.circle(p.surface, INK, disc.center, size // 2, width=max(1, size // 16))
        p.image(symbol_path(str(card.get("colour"))), disc.inflate(-size // 4, -size // 4), alpha)


def draw_board(p: Painter, f: Frame) -> None:
    """The pot the soup lies in (its cards, arrows and the spares are the table's things)."""
    p.image(ART / "pot.svg", p.lay.pot, backdrop=True)


def draw_arrow(p: Painter, rect: pygame.Rect, line: str, step: int, alpha: int = 255) -> None:
    """An arrow at a line's end pointing the way its cards would move."""
    angle = {("row", 1): 0, ("row", -1): 180, ("col", -1): 90, ("col", 1): 270}[(line, step)]
    image = pygame.transform.rotate(art.load_svg(ART / "arrow.svg", rect.size), angle)
    if alpha < 255:
        image.set_alpha(alpha)
    p.surface.blit(image, image.get_rect(center=rect.center))
    coverage.note(rect, "arrow")


def draw_moving_card(
    p: Painter, thing: Thing, rect: pygame.Rect, show: float, colour_blind: bool, alpha: int = 255
) -> None:
    """A soup card at ``rect``, ``show`` of its width (edge-on at 0 while it turns over)."""
    card = thing.extra.get("card") or {}
    if show >= 1.0:
        draw_card(p, card, rect, colour_blind, alpha)
    elif card.get("veg"):
        squeezed = rect.copy()
        squeezed.width = max(1, round(rect.width * max(0.04, show)))
        squeezed.centerx = rect.centerx
        image = art.load_svg(card_path(card), rect.size)
        p.surface.blit(pygame.transform.smoothscale(image, squeezed.size), squeezed)


def draw_spare(p: Painter, f: Frame, thing: Thing, rect: pygame.Rect) -> None:
    """A spare card (a badge says x2), or the empty place of one none is left of. While a soup card is
    picked, the spares it may not become are dimmed (those it may become are ringed by the kit)."""
    lay = p.lay
    card, count = thing.extra["card"], thing.extra["count"]
    if count <= 0:  # none spare: an empty slot with a faint outline of the vegetable
        slot = rect.inflate(-lay.px(4), -lay.px(4))
        pygame.draw.rect(p.surface, theme.PANEL, slot, border_radius=lay.px(9))
        pygame.draw.rect(p.surface, theme.PANEL_EDGE, slot, width=lay.px(2), border_radius=lay.px(9))
        p.image(ART / "glyphs" / f"veg-{card['veg']}.svg", slot.inflate(-lay.px(16), -lay.px(16)), 70)
        return
    dim = f.picked is not None and (card["veg"], card["colour"]) not in f.offered
    draw_card(p, card, rect, f.colour_blind, 110 if dim else 255)
    if count > 1:
        draw_badge(p, f"x{count}", rect)


def draw_badge(p: Painter, words: str, card: pygame.Rect) -> None:
    """A mustard pill with ``words`` in it, in the top right corner of ``card``."""
    font = p.font(SMALL * 0.75)
    w, h = font.size(words)
    pill = pygame.Rect(0, 0, w + h // 2, h)
    pill.topright = (card.right - p.lay.px(3), card.y + p.lay.px(3))
    pygame.draw.rect(p.surface, theme.MUSTARD, pill, border_radius=h // 2)
    pygame.draw.rect(p.surface, INK, pill, width=p.lay.px(2), border_radius=h // 2)
    p.text(words, SMALL * 0.75, INK, pill.center, anchor="center")


def draw_clock(p: Painter, centre: tuple[int, int], radius: int) -> None:
    """A small clock face: the round's end, which is nobody's move."""
    pygame.draw.circle(p.surface, PAPER, centre, radius)
    pygame.draw.circle(p.surface, INK, centre, radius, width=max(1, radius // 6))
    hand = max(1, radius // 6)
    pygame.draw.line(p.surface, INK, centre, (centre[0], centre[1] - round(radius * 0.65)), hand)
    pygame.draw.line(p.surface, INK, centre, (centre[0] + round(radius * 0.5), centre[1]), hand)
