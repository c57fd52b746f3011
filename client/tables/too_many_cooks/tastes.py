"""The tastes panel on the left: shared tastes face up and the chef's own in hand, or every taste
revealed after a round; and the round's star change, above the pot."""

from __future__ import annotations

from typing import Any

import pygame

from soupkitchen.client.tables.too_many_cooks.board import Frame
from soupkitchen.client.tables.too_many_cooks.layout import TasteColumn
from soupkitchen.client.tables.too_many_cooks.paint import (
    ART,
    BODY,
    HEADING,
    LABEL,
    SMALL,
    Painter,
    taste_icon_width,
    taste_path,
)
from soupkitchen.client.ui import coverage, theme
from soupkitchen.client.words import _, ngettext
from soupkitchen.shared.too_many_cooks import describe
from soupkitchen.shared.too_many_cooks.taste_words import taste_words as taste_words_of


def owner_name(f: Frame, taste: dict[str, Any]) -> str:
    seat = taste.get("owner")
    return _("Shared") if seat is None else f.name(seat)


def taste_places(
    p: Painter, taste: dict[str, Any], rect: pygame.Rect, mark: bool
) -> tuple[pygame.Rect | None, pygame.Rect, pygame.Rect]:
    """Where a taste's satisfied mark, icon and text go in its row: text beside the icon, or under
    it when the row is tall."""
    lay = p.lay
    pad = min(lay.px(10), max(2, rect.height // 8))
    x = rect.x + pad
    disc = None
    if mark:
        radius = min(lay.px(20), rect.height // 2 - pad)
        disc = pygame.Rect(x, rect.centery - radius, radius * 2, radius * 2)
        x += radius * 2 + pad
    stacked = rect.height >= lay.px(112)
    icon_h = min(
        lay.px(60 if stacked else 48), (rect.height - 3 * pad) // 2 if stacked else rect.height - 2 * pad
    )
    icon = pygame.Rect(x, rect.y + pad, taste_icon_width(taste, icon_h), icon_h)
    if stacked:
        return (
            disc,
            icon,
            pygame.Rect(x, icon.bottom + pad // 2, rect.right - pad - x, rect.bottom - icon.bottom - pad),
        )
    icon.centery = rect.centery
    return (
        disc,
        icon,
        pygame.Rect(
            icon.right + pad, rect.y + pad // 2, rect.right - 2 * pad - icon.right, rect.height - pad
        ),
    )


def taste_words(taste: dict[str, Any], owner: str | None, rect: pygame.Rect, p: Painter) -> str:
    """A taste's words in its row: its owner first when known, unless the row is tall enough for
    the owner to stand beside the icon."""
    words = taste_words_of(str(taste.get("id", "")), str(taste.get("text", "")))
    return f"{owner}: {words}" if owner and not owner_beside(rect, p) else words


def owner_beside(rect: pygame.Rect, p: Painter) -> bool:
    return rect.height >= p.lay.px(112)


def draw_taste(
    p: Painter,
    taste: dict[str, Any],
    rect: pygame.Rect,
    owner: str | None = None,
    mark: bool | None = None,
    focus: bool = False,
    size: float = BODY,
) -> None:
    """One taste: its icon and its text, its owner (when known) beside the icon or first in its
    words, and a satisfied mark. Text that does not fit ends in an ellipsis."""
    pygame.draw.rect(p.surface, theme.PANEL_LIGHT, rect, border_radius=p.lay.px(12))
    if focus:
        p.focus_ring(rect, pad=3)
    disc, icon, box = taste_places(p, taste, rect, mark is not None)
    if disc is not None:
        p.mark(disc.center, disc.width // 2, bool(mark))
    p.image(taste_path(str(taste.get("id"))), icon)
    if owner and owner_beside(rect, p):
        left = icon.right + p.lay.px(12)
        p.text(
            owner,
            p.largest_fitting(owner, (LABEL, BODY), rect.right - left - p.lay.px(8)),
            theme.MUSTARD,
            (left, icon.centery),
            anchor="midleft",
            max_width=rect.right - left - p.lay.px(8),
        )
    p.paragraph(taste_words(taste, owner, rect, p), size, theme.TEXT, box, max_lines=3, shrink=False)


def list_text_size(
    p: Painter, tastes: list[dict[str, Any]], rows: list[pygame.Rect], owners: list[str | None]
) -> float:
    """One text size for a whole list: the largest step at which every taste fits its row."""
    steps = (BODY, BODY * 0.86, BODY * 0.74)
    for size in steps:
        font = p.font(size)
        if all(
            len(theme.wrap(taste_words(t, o, r, p), font, box.width)) * font.get_linesize()
            <= max(box.height, font.get_linesize())
            for t, o, r, box in (
                (t, o, r, taste_places(p, t, r, True)[2])
                for t, o, r in zip(tastes, owners, rows, strict=False)
            )
        ):
            return size
    return steps[-1]


def draw_taste_list(
    p: Painter, tastes: list[dict[str, Any]], rows: list[pygame.Rect | None], f: Frame, reveal: bool = False
) -> None:
    """The tastes in sight in their rows, in one text size (a taste without a row is scrolled out)."""
    shown = [
        (i, taste, row) for i, (taste, row) in enumerate(zip(tastes, rows, strict=False)) if row is not None
    ]
    owners = [owner_name(f, taste) if reveal else None for _, taste, _ in shown]
    size = list_text_size(p, [t for _, t, _ in shown], [r for _, _, r in shown], owners)
    for (_i, taste, rect), owner in zip(shown, owners, strict=True):
        draw_taste(p, taste, rect, owner, bool(taste.get("satisfied")), size=size)


def draw_scroll_lines(p: Painter, column: TasteColumn) -> None:
    """How many tastes lie above and below a scrolled panel, with an arrow the wheel can follow."""
    for line, count, up in (
        (column.above_line, column.above, True),
        (column.below_line, column.below, False),
    ):
        if line is None or not count:
            continue
        h = line.height * 2 // 3
        cx, cy = line.x + h, line.centery
        tip, base = (cy - h // 2, cy + h // 2) if up else (cy + h // 2, cy - h // 2)
        pygame.draw.polygon(p.surface, theme.MUSTARD, [(cx, tip), (cx - h // 2, base), (cx + h // 2, base)])
        words = (_("%(count)d more above") if up else _("%(count)d more below")) % {"count": count}
        p.text(words, SMALL, theme.TEXT_DIM, (cx + h, cy), anchor="midleft", max_width=line.right - cx - h)


def draw_left(p: Painter, f: Frame) -> None:
    """Shared tastes above your own; after a round, every taste revealed and the star change. A
    list too long for readable rows scrolls."""
    lay = p.lay
    m = f.model
    reveal = m.reveal
    panel = lay.reveal_panel if reveal else lay.left_panel
    if reveal:
        with coverage.overlay("the round's reveal", panel):
            draw_reveal(p, f, panel, reveal)
        return
    p.panel(panel)
    x = panel.x + lay.px(18)
    column = lay.taste_column(m, f.taste_scroll)
    tastes = m.listed_tastes()
    shared, mine = m.shared_tastes(), m.my_tastes()
    mine_label = _("Your tastes") if m.seat is not None else _("Chefs' tastes are secret")
    top_label = mine_label if column.scroll >= len(shared) and mine else _("Shared tastes")
    if f.face_up:  # a replay's face-up eyes: every taste card face up, each with its owner
        top_label = _("Every taste")
    room = panel.width - lay.px(36)
    p.text(
        top_label,
        p.largest_fitting(top_label, (LABEL, BODY, SMALL), room),
        theme.TEXT,
        (x, panel.y + lay.px(12)),
        max_width=room,
    )
    if not shared:
        p.text(_("None this round"), BODY, theme.TEXT_DIM, (x, panel.y + lay.px(64)))
    draw_taste_list(p, tastes, column.rows, f, reveal=f.face_up)
    draw_scroll_lines(p, column)
    if column.split is None or (f.face_up and not mine):  # face up: the chefs' tastes are beside the table
        return
    split = lay.rect(0, column.split, 1, 1).y
    size = p.largest_fitting(mine_label, (LABEL, BODY, SMALL), room)
    p.text(mine_label, size, theme.TEXT, (x, split + lay.px(14)), max_width=room)
    if not mine:
        hint = _("Each chef keeps theirs hidden") if m.seat is None else _("No personal tastes")
        p.text(
            hint,
            p.largest_fitting(hint, (BODY, SMALL), room),
            theme.TEXT_DIM,
            (x, split + lay.px(66)),
            max_width=room,
        )


def draw_reveal(p: Painter, f: Frame, panel: pygame.Rect, reveal: dict[str, Any]) -> None:
    """After a round: every taste revealed, satisfied or not (the star change is above the pot)."""
    lay = p.lay
    p.panel(panel)
    x = panel.x + lay.px(18)
    column = lay.taste_column(f.model, f.taste_scroll)
    p.text(
        _("Round %(round)s revealed") % {"round": reveal.get("round", "")},
        HEADING * 0.8,
        theme.TEXT,
        (x, panel.y + lay.px(12)),
        max_width=panel.width - lay.px(36),
    )
    draw_taste_list(p, f.model.listed_tastes(), column.rows, f, reveal=True)
    draw_scroll_lines(p, column)


def draw_star_change(p: Painter, mode: str, reveal: dict[str, Any], rect: pygame.Rect) -> None:
    """Above the pot after a round: the stars after it, the change in words and the reason for it,
    in the game's words."""
    p.panel(rect, colour=theme.PANEL_LIGHT, edge=theme.MUSTARD)
    rect = rect.inflate(-p.lay.px(24), -p.lay.px(16))
    before, after = int(reveal.get("stars_before", 0)), int(reveal.get("stars_after", 0))
    size = p.lay.px(32)
    x = rect.x
    shown = max(before, after, 1)
    for i in range(shown):
        name = "star.svg" if i < after else "star-empty.svg"
        p.image(ART / name, pygame.Rect(x + i * (size + p.lay.px(4)), rect.y, size, size))
    change = after - before
    words = (
        _("no change")
        if change == 0
        else ngettext("%(change)s star", "%(change)s stars", abs(change)) % {"change": f"{change:+d}"}
    )
    words += "  " + _("(now %(stars)d)") % {"stars": after}
    left = x + shown * (size + p.lay.px(4)) + p.lay.px(12)
    p.text(
        words,
        p.largest_fitting(words, (LABEL, BODY), rect.right - left),
        theme.HERB if change > 0 else theme.DANGER if change < 0 else theme.TEXT,
        (left, rect.y + size // 2),
        anchor="midleft",
        max_width=rect.right - left,
    )
    p.paragraph(
        describe.round_explanation(mode, reveal),
        BODY,
        theme.TEXT,
        pygame.Rect(rect.x, rect.y + size + p.lay.px(8), rect.width, rect.height - size),
        max_lines=3,
    )
