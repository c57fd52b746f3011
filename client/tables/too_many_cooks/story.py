"""The play so far, drawn: the last move marked on the soup (the changed card with the card it
replaced, or the rotated line) in its chef's colour and symbol, and the round's log under the chefs:
what the others did since your own last move summed up at its top, then every move and reaction of
the round, newest first, in pictures and a few words, in one list the wheel (or the keys) scrolls."""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from soupkitchen.client.tables.too_many_cooks.board import Frame, draw_card, draw_clock
from soupkitchen.client.tables.too_many_cooks.history import Entry, Summary, reaction_words
from soupkitchen.client.tables.too_many_cooks.layout import SIZE, TableLayout
from soupkitchen.client.tables.too_many_cooks.paint import ART, INK, PAPER, SMALL, Painter
from soupkitchen.client.ui import theme
from soupkitchen.client.words import N_, _, ngettext
from soupkitchen.shared.too_many_cooks import describe

MINI_W, MINI_H = 34, 48  # a card in the log (board pixels)
# A reaction in a short chip, marked for the catalog and worded when drawn.
SHORT_REACTIONS = {"disgusting": N_("Yuck!"), "delicious": N_("Yum!"), "fine": N_("Fine")}
FACE_H = 40  # a taste's back in the log
ENTRY_GAP = 6
SCROLL_STEP = 70  # board pixels the wheel moves the log


def seat_disc(p: Painter, seat: int | None, centre: tuple[int, int], radius: int) -> None:
    """A chef's colour with their symbol on it (the symbol tells when the colour cannot)."""
    pygame.draw.circle(p.surface, theme.seat_colour(seat), centre, radius)
    pygame.draw.circle(p.surface, INK, centre, radius, width=max(1, radius // 7))
    if seat is not None:
        p.text(theme.seat_symbol(seat), SMALL * 0.8, INK, centre, anchor="center")


def replaced_chip(lay: TableLayout, cell: pygame.Rect) -> pygame.Rect:
    """Where the card a change replaced is shown: inside the changed card's bottom left corner, its
    ink frame too, so it never lies over a neighbouring card."""
    was = pygame.Rect(0, 0, lay.px(MINI_W + 6), lay.px(MINI_H + 8))
    was.bottomleft = (cell.x + lay.px(9), cell.bottom - lay.px(9))
    return was


def draw_last_move(p: Painter, f: Frame) -> None:
    """The soup's newest change (passes after it leave it marked): the changed card ringed in its
    chef's colour, the card it replaced tucked under its corner; or the rotated line outlined with an
    arrow the way it went."""
    move = f.history.last_change() if f.history is not None else None
    if move is None or move.seat is None or f.model.phase != "playing":
        return
    lay = p.lay
    colour = theme.seat_colour(move.seat)
    if move.kind == "changed":
        cell = lay.cell(move.row, move.col)
        p.ring(cell, colour=colour, width=6, pad=4)
        was = replaced_chip(lay, cell)
        pygame.draw.rect(p.surface, INK, was.inflate(lay.px(6), lay.px(6)), border_radius=lay.px(6))
        draw_card(p, move.old or {}, was, f.colour_blind)
        badge = (cell.x + lay.px(4), cell.y + lay.px(4))
    elif move.kind == "rotated":
        first, last = (
            ((move.index, 0), (move.index, SIZE - 1))
            if move.line == "row"
            else ((0, move.index), (SIZE - 1, move.index))
        )
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


# --- the log --------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Item:
    """One item of the log: a move (or the round's end, or a reaction before any move) and the
    reactions said after it, before the next move."""

    entry: Entry
    reactions: tuple[Entry, ...] = ()


def items(entries: list[Entry]) -> list[Item]:
    """The round's entries as the log shows them, oldest first: each reaction under the move it
    followed."""
    found: list[Item] = []
    for entry in entries:
        if entry.is_reaction and found and not found[-1].entry.is_reaction:
            found[-1] = Item(found[-1].entry, (*found[-1].reactions, entry))
        else:
            found.append(Item(entry))
    return found


def entry_words(f: Frame, entry: Entry) -> str:
    """An entry's few words under its pictures: who, and where the move was."""
    name = f.name(entry.seat)
    if entry.kind == "changed":
        return _("%(chef)s: row %(row)d, column %(col)d") % {
            "chef": name,
            "row": entry.row + 1,
            "col": entry.col + 1,
        }
    if entry.kind == "rotated":
        return _("%(chef)s: %(line)s") % {
            "chef": name,
            "line": describe.line_words(entry.line, entry.index, entry.step),
        }
    if entry.is_reaction:
        return _("%(chef)s: %(words)s") % {"chef": name, "words": reaction_words(entry.emote)}
    return entry.words(f.name)


def full_words(f: Frame, entry: Entry) -> str:
    """An entry in whole sentences, its effect on the faces too (for the hand-off's recap)."""
    words = entry.words(f.name)
    effect = entry.effect_words(f.name)
    return f"{words}. {effect[:1].upper() + effect[1:]}" if effect else words


def pictured(entry: Entry) -> bool:
    """Whether an entry has a row of pictures (the cards, the line, the faces) above its words."""
    return entry.kind in ("changed", "rotated")


def chip_width(p: Painter, f: Frame, reaction: Entry) -> int:
    return p.font(SMALL).size(short_reaction(reaction.emote))[0] + p.lay.px(44)


def short_reaction(emote: str) -> str:
    return _(SHORT_REACTIONS[emote]) if emote in SHORT_REACTIONS else reaction_words(emote)


def chip_rows(p: Painter, f: Frame, reactions: tuple[Entry, ...], width: int) -> list[list[Entry]]:
    """The reactions under a move, as many to a row as fit ``width``."""
    rows: list[list[Entry]] = []
    x = width
    for reaction in reactions:
        w = chip_width(p, f, reaction)
        if x + w > width:
            rows.append([])
            x = 0
        rows[-1].append(reaction)
        x += w + p.lay.px(6)
    return rows


def item_height(p: Painter, f: Frame, item: Item, width: int) -> int:
    font = p.font(SMALL)
    lay = p.lay
    entry = item.entry
    inner = width - lay.px(12)
    chips = len(chip_rows(p, f, item.reactions, inner)) * (font.get_linesize() + lay.px(6))
    if pictured(entry):
        return lay.px(4 + MINI_H + 2) + font.get_linesize() + chips + lay.px(6)
    lines = min(2, len(theme.wrap(entry_words(f, entry), font, inner - lay.px(44))))
    return max(lay.px(40), lines * font.get_linesize() + lay.px(8)) + chips


def draw_summary(p: Painter, f: Frame, summary: Summary, box: pygame.Rect) -> None:
    """What the others did since the shown chef's own last move: how many moves, and whose faces
    turned, in pictures."""
    lay = p.lay
    pygame.draw.rect(p.surface, theme.PANEL, box, border_radius=lay.px(8))
    pygame.draw.rect(p.surface, theme.MUSTARD, box, width=lay.px(2), border_radius=lay.px(8))
    title = _("Since your last move") if summary.since_own else _("This round so far")
    counts = (
        ngettext("%(count)d move", "%(count)d moves", summary.moves) % {"count": summary.moves}
        if summary.moves
        else ""  # no "0 moves" beside words that say so
    )
    x, y = box.x + lay.px(10), box.y + lay.px(3)
    width = p.font(SMALL).size(counts)[0] if counts else 0
    head = p.text(title, SMALL, theme.MUSTARD, (x, y), max_width=box.width - lay.px(20))
    row = pygame.Rect(x, head.bottom + lay.px(2), box.width - lay.px(30) - width, lay.px(FACE_H))
    if counts:
        p.text(counts, SMALL, theme.TEXT, (box.right - lay.px(10), row.centery), anchor="midright")
    if not summary.faces and not summary.shared:
        words = (
            _("Faces turned, then back again")
            if summary.moves and summary.turned
            else _("No face has turned")
            if summary.moves
            else _("Nobody else has moved yet")
            if summary.since_own  # your own move is the latest, just below
            else _("Nothing yet")
        )
        p.text(words, SMALL, theme.TEXT_DIM, (row.x, row.centery), anchor="midleft", max_width=row.width)
        return
    draw_faces(p, summary.faces, summary.shared, row, with_counts=True)


def summary_height(p: Painter) -> int:
    return p.font(SMALL).get_linesize() + p.lay.px(FACE_H + 10)


def draw_faces(
    p: Painter, faces: tuple[tuple[int, int], ...], shared: int, row: pygame.Rect, with_counts: bool = False
) -> int:
    """Faces turned happy or unhappy (a taste's back with the chef's disc and, past one, how many)
    and shared tastes met or broken, left to right in ``row``; returns where they end."""
    lay = p.lay
    x = row.x
    high = row.height
    for seat, delta in faces:
        back = pygame.Rect(x, row.y, round(high * 120 / 168), high)
        if back.right + lay.px(12) > row.right:
            break
        p.image(ART / ("taste-back-happy.svg" if delta > 0 else "taste-back-unhappy.svg"), back)
        seat_disc(p, seat, (back.right, back.bottom - lay.px(6)), lay.px(11))
        x = back.right + lay.px(14)
        if abs(delta) > 1 or with_counts:
            used = p.text(
                f"{delta:+d}",
                SMALL,
                theme.HERB if delta > 0 else theme.DANGER,
                (x, row.centery),
                anchor="midleft",
            )
            x = used.right + lay.px(10)
    if shared and x + lay.px(60) <= row.right:
        mark = pygame.Rect(x, row.centery - lay.px(13), lay.px(26), lay.px(26))
        p.mark(mark.center, mark.width // 2, shared > 0)
        words = _("shared %(count)+d") % {"count": shared}
        room = row.right - mark.right - lay.px(6)
        if not p.lay.fits(words, SMALL, room):  # the tick (or cross) says it is a shared taste
            words = f"{shared:+d}"
        used = p.text(
            words, SMALL, theme.TEXT, (mark.right + lay.px(6), row.centery), anchor="midleft", max_width=room
        )
        x = used.right + lay.px(10)
    return x


def draw_item(p: Painter, f: Frame, item: Item, rect: pygame.Rect, old: bool, newest: bool) -> None:
    """One item in ``rect``: its chef's disc, the move in small pictures (the card taken out and the
    one put in, or the way the line went) and the faces it turned; its few words under them; and the
    reactions said after it. ``old``: before the shown chef's own last move (dimmed)."""
    lay = p.lay
    entry = item.entry
    colour = theme.TEXT_DIM if old else theme.TEXT
    if not old:
        pygame.draw.rect(p.surface, theme.PANEL, rect, border_radius=lay.px(8))
    radius = lay.px(15)
    x, top = rect.x + lay.px(6), rect.y + lay.px(4)
    font = p.font(SMALL)
    if pictured(entry):
        mid = top + lay.px(MINI_H) // 2
        seat_disc(p, entry.seat, (x + radius, mid), radius)
        x += radius * 2 + lay.px(8)
        mini = pygame.Rect(x, top, lay.px(MINI_W), lay.px(MINI_H))
        if entry.kind == "changed":
            draw_card(p, entry.old or {}, mini, f.colour_blind, 150 if old else 255)
            arrow = pygame.Rect(mini.right + lay.px(4), mid - lay.px(8), lay.px(16), lay.px(16))
            draw_arrow_mark(p, arrow, "row", 1, colour)
            mini.x = arrow.right + lay.px(6)
            draw_card(p, entry.new or {}, mini, f.colour_blind, 150 if old else 255)
            x = mini.right + lay.px(14)
        else:
            mark = pygame.Rect(x, mid - lay.px(18), lay.px(36), lay.px(36))
            draw_arrow_mark(p, mark, entry.line, entry.step, theme.seat_colour(entry.seat))
            x = mark.right + lay.px(14)
        faces = pygame.Rect(x, mid - lay.px(FACE_H) // 2, rect.right - lay.px(6) - x, lay.px(FACE_H))
        draw_faces(p, entry.faces, entry.shared, faces)
        y = top + lay.px(MINI_H + 2)
        p.text(
            entry_words(f, entry), SMALL, colour, (rect.x + lay.px(8), y), max_width=rect.width - lay.px(14)
        )
        y += font.get_linesize()
    else:
        centre = (x + radius, rect.y + lay.px(20))
        if entry.seat is None:  # the round's end: the timer stands for nobody's move
            draw_clock(p, centre, radius)
        else:
            seat_disc(p, entry.seat, centre, radius)
        words = pygame.Rect(
            x + radius * 2 + lay.px(10),
            rect.y + lay.px(4),
            rect.right - x - radius * 2 - lay.px(16),
            rect.height - lay.px(6),
        )
        used = p.paragraph(entry_words(f, entry), SMALL, colour, words, max_lines=2, shrink=False)
        y = rect.y + max(lay.px(40), used + lay.px(8))
    for row in chip_rows(p, f, item.reactions, rect.width - lay.px(12)):
        cx = rect.x + lay.px(6)
        for reaction in row:
            draw_chip(
                p,
                f,
                reaction,
                pygame.Rect(cx, y, chip_width(p, f, reaction), font.get_linesize() + lay.px(2)),
                old,
            )
            cx += chip_width(p, f, reaction) + lay.px(6)
        y += font.get_linesize() + lay.px(6)
    if newest and entry.seat is not None:
        pygame.draw.rect(
            p.surface, theme.seat_colour(entry.seat), rect, width=lay.px(3), border_radius=lay.px(8)
        )


def draw_chip(p: Painter, f: Frame, reaction: Entry, rect: pygame.Rect, old: bool) -> None:
    """A reaction under the move it followed: the chef's disc and the short word in a bubble."""
    lay = p.lay
    pygame.draw.rect(p.surface, theme.PANEL_LIGHT if old else PAPER, rect, border_radius=rect.height // 2)
    radius = rect.height // 2 - lay.px(3)
    seat_disc(p, reaction.seat, (rect.x + radius + lay.px(3), rect.centery), radius)
    p.text(
        short_reaction(reaction.emote),
        SMALL,
        theme.TEXT_DIM if old else INK,
        (rect.x + radius * 2 + lay.px(10), rect.centery),
        anchor="midleft",
    )


def layout_log(p: Painter, f: Frame, width: int) -> tuple[list[tuple[Item, pygame.Rect]], int]:
    """Every item of the round placed in the log's content (newest first) and the content's height."""
    if f.history is None:
        return [], 0
    y, placed = 0, []
    for item in reversed(items(f.history.kept_entries())):
        height = item_height(p, f, item, width)
        placed.append((item, pygame.Rect(0, y, width, height)))
        y += height + p.lay.px(ENTRY_GAP)
    return placed, y


def log_room(p: Painter, f: Frame, box: pygame.Rect, summary: bool) -> pygame.Rect:
    """The part of the log box the items scroll in (under its heading, or the summary)."""
    top = box.y + p.lay.px(6) + (summary_height(p) if summary else p.font(SMALL).get_linesize()) + p.lay.px(6)
    return pygame.Rect(box.x + p.lay.px(6), top, box.width - p.lay.px(12), box.bottom - top - p.lay.px(6))


def most_scroll(p: Painter, f: Frame, box: pygame.Rect, summary: bool) -> int:
    """The furthest the log scrolls (window pixels)."""
    room = log_room(p, f, box, summary)
    _placed, height = layout_log(p, f, room.width - p.lay.px(10))
    return max(0, height - room.height)


def draw_log(
    p: Painter, f: Frame, box: pygame.Rect, summary: Summary | None, own: Entry | None, focused: bool
) -> None:
    """The round's log in ``box``: the summary of what the others did since the shown chef's own
    last move (``own``) or a heading, then the items, newest first, scrolled ``f.log_scroll`` window
    pixels towards the older ones."""
    lay = p.lay
    pygame.draw.rect(p.surface, theme.PANEL_LIGHT, box, border_radius=lay.px(10))
    room = log_room(p, f, box, summary is not None)
    placed, height = layout_log(p, f, room.width - lay.px(10))
    scroll = max(0, min(f.log_scroll, height - room.height))
    head = pygame.Rect(
        box.x + lay.px(6), box.y + lay.px(6), box.width - lay.px(12), room.y - box.y - lay.px(12)
    )
    if summary is not None:
        draw_summary(p, f, summary, head)
    else:
        count = sum(1 for item, _rect in placed if item.entry.is_move)
        heading = p.text(_("This round"), SMALL, theme.TEXT, (head.x + lay.px(6), head.y))
        tail = (
            ngettext("%(count)d move", "%(count)d moves", count) % {"count": count}
            if placed
            else _("no moves yet")
        )
        p.text(
            tail,
            SMALL,
            theme.TEXT_DIM,
            (head.right - lay.px(6), head.y),
            anchor="topright",
            max_width=head.right - heading.right - lay.px(24),
        )
    old_clip = p.surface.get_clip()
    p.surface.set_clip(room.clip(old_clip))
    newest = f.history.last_move if f.history is not None else None
    whole = [content.move(room.x, room.y - scroll) for _item, content in placed]
    whole = [rect for rect in whole if room.y <= rect.top and rect.bottom <= room.bottom]
    for item, content in placed:
        rect = content.move(room.x, room.y - scroll)
        if rect.bottom < room.y or rect.top > room.bottom:
            continue
        if whole and not (room.y <= rect.top and rect.bottom <= room.bottom):
            continue  # an entry is shown whole or not at all (the scroll bar tells of the rest)
        older = own is not None and item.entry.number < own.number
        draw_item(p, f, item, rect, older, item.entry is newest)
    p.surface.set_clip(old_clip)
    draw_scrollbar(p, room, scroll, height)
    if focused:
        p.focus_ring(box, pad=3)


def draw_scrollbar(p: Painter, room: pygame.Rect, scroll: int, height: int) -> None:
    """A thin bar at the log's right edge: how much of the round is in sight, and where."""
    if height <= room.height:
        return
    lay = p.lay
    track = pygame.Rect(room.right - lay.px(6), room.y, lay.px(6), room.height)
    pygame.draw.rect(p.surface, theme.PANEL, track, border_radius=track.width // 2)
    thumb_h = max(lay.px(24), round(room.height * room.height / height))
    thumb_y = room.y + round((room.height - thumb_h) * scroll / max(1, height - room.height))
    pygame.draw.rect(
        p.surface, theme.TEXT_DIM, (track.x, thumb_y, track.width, thumb_h), border_radius=track.width // 2
    )


def last_move_note(f: Frame, seat: int) -> str:
    """The note at a chef's seat while their move is the newest."""
    move = f.history.last_move if f.history is not None else None
    return _("last move") if move is not None and move.seat == seat and f.model.phase == "playing" else ""
