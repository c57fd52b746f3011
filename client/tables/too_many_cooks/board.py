"""The middle of the table: the pot, the 4 x 4 soup, the rotation arrows, the spare vegetables in
sets on either side (and the set being read, in words), and the change picker."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import pygame

from soupkitchen.client import art, coverage, theme
from soupkitchen.client.tables.kit.table_objects import Thing
from soupkitchen.client.tables.too_many_cooks.animation import SoupMotion, card_thing
from soupkitchen.client.tables.too_many_cooks.history import History
from soupkitchen.client.tables.too_many_cooks.layout import SIZE
from soupkitchen.client.tables.too_many_cooks.model import Selection, TableModel, arrow_at, card_key
from soupkitchen.client.tables.too_many_cooks.paint import (
    ART,
    BODY,
    BROTH,
    INK,
    PAPER,
    SMALL,
    Painter,
    card_path,
    symbol_path,
)
from soupkitchen.client.words import N_, _
from soupkitchen.shared.too_many_cooks import describe

# The spare-card panel's words: its heading for each vegetable, and the colours it counts.
SPARE_TITLES = {"carrot": N_("Spare carrots"), "tomato": N_("Spare tomatoes"), "mushroom": N_("Spare mushrooms"),
                "pepper": N_("Spare peppers"), "onion": N_("Spare onions"), "aubergine": N_("Spare aubergines"),
                "potato": N_("Spare potatoes"), "pea": N_("Spare peas")}
COLOUR_WORDS = {"red": N_("red"), "yellow": N_("yellow"), "green": N_("green"), "blue": N_("blue")}


@dataclass
class Frame:
    """Everything one drawing of the table needs."""

    model: TableModel
    selection: Selection
    motion: SoupMotion
    now: float
    remaining: float | None = None
    names: dict[int, str] = field(default_factory=dict)
    emotes: list[tuple[int, str, float]] = field(default_factory=list)   # (seat, name, age in seconds)
    colour_blind: bool = False
    keyboard: bool = False          # the cursor was last moved by keys or a pad: show it
    pad: bool = False               # ... and by a pad: name its buttons in the hints
    history: History | None = None  # the round so far
    reconnecting: bool = False      # the server cannot be reached (its round goes on)
    history_scroll: int = 0         # newest entries scrolled past in the history strip
    taste_scroll: int = 0           # the first taste in sight when the tastes panel scrolls
    seat_notes: dict[int, str] = field(default_factory=dict)   # "away 0:12", "bot playing for Ada"

    def name(self, seat: int | None) -> str:
        if seat is None:
            return _("nobody")
        return self.names.get(seat, describe.chef(seat))


def draw_card(p: Painter, card: dict[str, Any], rect: pygame.Rect, colour_blind: bool, alpha: int = 255) -> None:
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


def draw_board(p: Painter, f: Frame, soup: bool = True) -> None:
    """The pot, the soup (unless the kit lays its cards: ``soup`` False), the arrows of the rotations
    the chef may make, and the spares."""
    lay = p.lay
    model = f.model
    p.image(ART / "pot.svg", lay.pot, backdrop=True)
    if soup:
        draw_soup(p, f)
    if model.my_turn:
        for row in range(-1, SIZE + 1):
            for col in range(-1, SIZE + 1):
                arrow = arrow_at(row, col)
                if arrow is not None and model.rotation(*arrow) is not None:
                    draw_arrow(p, lay.arrow(*arrow), arrow[0], arrow[2], f.selection.cursor == (row, col))
    draw_spares(p, f)


def draw_arrow(p: Painter, rect: pygame.Rect, line: str, step: int, focus: bool) -> None:
    """An arrow at a line's end pointing the way its cards would move."""
    angle = {("row", 1): 0, ("row", -1): 180, ("col", -1): 90, ("col", 1): 270}[(line, step)]
    image = pygame.transform.rotate(art.load_svg(ART / "arrow.svg", rect.size), angle)
    p.surface.blit(image, image.get_rect(center=rect.center))
    if focus:
        p.focus_ring(rect, radius=24)


def draw_soup(p: Painter, f: Frame) -> None:
    """The soup as the view has it, with the picked card or the cursor ringed."""
    lay, model = p.lay, f.model
    picking = f.selection.picked is not None
    for row in range(SIZE):
        for col in range(SIZE):
            dim = picking and f.selection.picked != (row, col)
            draw_card(p, model.card(row, col), lay.cell(row, col), f.colour_blind, 190 if dim else 255)
    cursor = f.selection.cursor
    if f.selection.picked is not None:
        p.ring(lay.cell(*f.selection.picked), width=6, pad=6)
    elif model.my_turn and not model.must_pass and 0 <= cursor[0] < SIZE and 0 <= cursor[1] < SIZE and (f.keyboard or model.changes_at(*cursor)):
        if f.keyboard:
            p.focus_ring(lay.cell(*cursor))
        else:   # the card under the mouse that a click would change
            p.ring(lay.cell(*cursor), colour=theme.MUSTARD if model.changes_at(*cursor) else theme.TEXT_DIM)


def draw_motion(p: Painter, f: Frame) -> None:
    """The move being animated, drawn over the settled soup: broth covers the cells in motion (the
    whole line of a slide), then each card is drawn where the kit's motion has it now (turning over:
    the old face, then the new; sliding: clipped to its line)."""
    lay, now, motion = p.lay, f.now, f.motion
    moving = motion.moving(now)
    if not moving:
        return
    cards = [card_thing(f.model.card(row, col), row, col, lay) for row, col in
             (tuple(map(int, key.split(":")[1:])) for key in sorted(moving))]
    for thing in cards:
        band = motion.glides[thing.key].band
        pygame.draw.rect(p.surface, BROTH, (band or thing.rect).inflate(lay.px(8), lay.px(8)))
    old_clip = p.surface.get_clip()
    for thing in cards:
        band = motion.glides[thing.key].band
        p.surface.set_clip(band.inflate(lay.px(2), lay.px(2)) if band is not None else None)
        for look, rect, show in motion.looks(thing, now):
            draw_moving_card(p, look, rect, show, f.colour_blind)
    p.surface.set_clip(old_clip)


def draw_moving_card(p: Painter, thing: Thing, rect: pygame.Rect, show: float, colour_blind: bool) -> None:
    """A soup card on the move at ``rect``, ``show`` of its width (edge-on at 0 while it turns over)."""
    card = thing.extra.get("card") or {}
    if show >= 1.0:
        draw_card(p, card, rect, colour_blind)
    elif card.get("veg"):
        squeezed = rect.copy()
        squeezed.width = max(1, round(rect.width * max(0.04, show)))
        squeezed.centerx = rect.centerx
        image = art.load_svg(card_path(card), rect.size)
        p.surface.blit(pygame.transform.smoothscale(image, squeezed.size), squeezed)


def draw_spares(p: Painter, f: Frame) -> None:
    """Eight sets, one per vegetable, a card per colour: the card if any is spare (a badge says x2),
    an empty outline if none is. While picking, the offered cards glow; the set being read is ringed."""
    lay = p.lay
    offered = {card_key(a) for a in f.selection.candidates(f.model)}
    for index, (veg, colours) in enumerate(f.model.spare_sets()):
        for ci, (colour, count) in enumerate(colours):
            rect = lay.spare_card(index, ci)
            card = {"veg": veg, "colour": colour}
            if count <= 0:   # none spare: an empty slot with a faint outline of the vegetable
                slot = rect.inflate(-lay.px(4), -lay.px(4))
                pygame.draw.rect(p.surface, theme.PANEL, slot, border_radius=lay.px(9))
                pygame.draw.rect(p.surface, theme.PANEL_EDGE, slot, width=lay.px(2), border_radius=lay.px(9))
                p.image(ART / "glyphs" / f"veg-{veg}.svg", slot.inflate(-lay.px(16), -lay.px(16)), 70)
                continue
            dim = bool(offered) and (veg, colour) not in offered
            draw_card(p, card, rect, f.colour_blind, 110 if dim else 255)
            if (veg, colour) in offered:
                p.ring(rect, width=4, pad=3, radius=12)
            if count > 1:
                draw_badge(p, f"x{count}", rect)
    if f.selection.read_spare() is not None:
        p.focus_ring(lay.spare_set(f.selection.read_spare() % 8))


def draw_badge(p: Painter, words: str, card: pygame.Rect) -> None:
    """A mustard pill with ``words`` in it, in the top right corner of ``card``."""
    font = p.font(SMALL * 0.75)
    w, h = font.size(words)
    pill = pygame.Rect(0, 0, w + h // 2, h)
    pill.topright = (card.right - p.lay.px(3), card.y + p.lay.px(3))
    pygame.draw.rect(p.surface, theme.MUSTARD, pill, border_radius=h // 2)
    pygame.draw.rect(p.surface, INK, pill, width=p.lay.px(2), border_radius=h // 2)
    p.text(words, SMALL * 0.75, INK, pill.center, anchor="center")


def draw_spare_detail(p: Painter, f: Frame) -> None:
    """The spare set being read, in words beside it: how many of each colour are left."""
    index = f.selection.read_spare()
    if index is None:
        return
    lay = p.lay
    veg, colours = f.model.spare_sets()[index % 8]
    box = lay.spare_set(index % 8)
    font = p.font(BODY)
    line = font.get_linesize()
    title = _(SPARE_TITLES[veg]) if veg in SPARE_TITLES else veg
    panel = pygame.Rect(0, 0, max(font.size(title)[0], line * 6) + lay.px(28), line * 5 + lay.px(24))
    panel.top = max(lay.top_bar.bottom + lay.px(8), min(box.centery - panel.height // 2, lay.size[1] - panel.height))
    if index % 8 < 4:   # beside the soup, clear of both columns of sets
        panel.left = lay.spare_card(2, 0).right + lay.px(16)
    else:
        panel.right = lay.spare_card(4, 0).left - lay.px(16)
    with coverage.overlay("hover words", panel):
        p.panel(panel, colour=theme.PANEL_LIGHT, edge=theme.MUSTARD)
        x, y = panel.x + lay.px(14), panel.y + lay.px(10)
        p.text(title, BODY, theme.TEXT, (x, y), max_width=panel.width - lay.px(28))
        for ci, (colour, count) in enumerate(colours):
            row_y = y + line * (ci + 1)
            p.image(ART / "glyphs" / f"symbol-{colour}.svg",
                    pygame.Rect(x, row_y + line // 8, line * 3 // 4, line * 3 // 4))
            words = (_("%(colour)s: %(count)d") if count else _("%(colour)s: none")) % {
                "colour": _(COLOUR_WORDS[colour]) if colour in COLOUR_WORDS else colour, "count": count}
            p.text(words, BODY, theme.TEXT if count else theme.TEXT_DIM, (x + line, row_y))



def draw_picker(p: Painter, f: Frame) -> None:
    """The legal replacements of the picked card, each the spare card itself, split into two rows
    when both kinds exist: same vegetable, another colour / same colour, another vegetable."""
    if f.selection.picked is None:
        return
    options = f.selection.candidates(f.model)
    panel, choices = p.lay.picker(f.selection.picked, f.selection.candidate_rows(f.model))
    with coverage.overlay("the change picker", panel, asked=True):
        _draw_picker(p, f, options, panel, choices)


def _draw_picker(p: Painter, f: Frame, options: list, panel: pygame.Rect, choices: list[pygame.Rect]) -> None:
    p.panel(panel, colour=theme.PANEL_LIGHT, edge=theme.MUSTARD)
    here = f.model.card(*f.selection.picked)
    p.text(_("Swap the %(card)s for:") % {"card": describe.card_words({"colour": str(here.get("colour")),
                                                                        "veg": str(here.get("veg"))})}, SMALL, theme.TEXT,
           (panel.x + p.lay.px(16), panel.y + p.lay.px(12)), max_width=panel.width - p.lay.px(32))
    for i, (action, rect) in enumerate(zip(options, choices, strict=True)):
        draw_card(p, action, rect, f.colour_blind)
        if f.keyboard and i == f.selection.choice % max(1, len(options)):
            p.focus_ring(rect, pad=4)
        elif i == f.selection.hover_candidate or (not f.keyboard and i == f.selection.choice % max(1, len(options))):
            p.ring(rect, width=5, pad=4, radius=12)
