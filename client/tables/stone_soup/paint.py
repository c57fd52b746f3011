"""Drawing the Stone Soup table: cards, the pot's face-down pile, the sequence card with the food owed
marked, the buttons, the emptying ring of the challenge window, the reveal and the final ranking."""

from __future__ import annotations

import math

import pygame

from soupkitchen.client.tables.kit.board import BODY, HEADING, HUGE, LABEL, SMALL, Board
from soupkitchen.client.tables.kit.panels import SIDE_W, SIDE_X
from soupkitchen.client.tables.stone_soup.model import BACK, face, kind_name
from soupkitchen.client.tables.stone_soup.reveal import FIRST_FLIP, FLIP_SECONDS, Reveal
from soupkitchen.client.ui import theme
from soupkitchen.client.ui.textfit import note_clipped
from soupkitchen.client.words import _, ngettext

REVEAL_H = 220  # a call's box at the top of the side column (board units): compact, the log keeps its room
REVEAL_CARD_W = 56  # the challenged cards in it, at its left, the verdict beside them


def draw_card(
    surface: pygame.Surface, b: Board, asset: str | None, rect: pygame.Rect, show: float = 1.0
) -> None:
    """A card picture (a back when ``asset`` is None), narrowed to ``show`` of its width while it turns."""
    image = b.card_image(asset or BACK, rect)
    if show < 1.0:
        narrow = rect.inflate(-round(rect.w * (1 - show)), 0)
        if narrow.w < 2:
            return
        image, rect = pygame.transform.scale(image, (narrow.w, image.get_height())), narrow
    surface.blit(image, rect)


def draw_pot(surface: pygame.Surface, b: Board, rect: pygame.Rect, cards: int) -> None:
    """The pot: a face-down pile whose thickness grows with the cards in it (as seen, roughly)."""
    layers = min(cards, 12)
    for i in range(layers):
        shift = b.px(2) * (layers - 1 - i)
        draw_card(surface, b, None, rect.move(-shift, shift))


def draw_crosswise(surface: pygame.Surface, b: Board, asset: str, rect: pygame.Rect) -> None:
    """A card lying crosswise in ``rect`` (wider than tall): a dash of salt slid under the pot."""
    upright = b.card_image(asset, pygame.Rect(0, 0, rect.h, rect.w))
    image = pygame.transform.rotate(upright, 90)
    surface.blit(image, image.get_rect(center=rect.center))


def seat_dot(surface: pygame.Surface, b: Board, seat: int, centre: tuple[int, int], symbols: bool) -> None:
    """A seat's colour as a disc, with its symbol on it when colour-blind symbols are on."""
    pygame.draw.circle(surface, theme.seat_colour(seat), centre, b.px(13))
    if symbols:
        b.text(surface, theme.seat_symbol(seat), SMALL, theme.TEXT_DARK, centre, anchor="center")


def fitted(b: Board, words: str, width: int, sizes=(LABEL, BODY, SMALL)) -> int:
    """The largest of ``sizes`` at which ``words`` fit in ``width`` pixels (the smallest otherwise)."""
    return next((s for s in sizes if b.fits(words, s, width)), sizes[-1])


def draw_sequence(
    surface: pygame.Surface,
    b: Board,
    zone: pygame.Rect,
    foods: list[str],
    due: str,
    rects: list[pygame.Rect],
    after_salt: bool,
) -> None:
    """The sequence-of-ingredients card: the foods in order, the one owed now raised, framed and named."""
    pygame.draw.rect(surface, theme.CARD_PAPER, zone, border_radius=b.px(14))
    pygame.draw.rect(surface, theme.TEXT_DARK, zone, width=b.px(3), border_radius=b.px(14))
    b.text(
        surface,
        _("Sequence of ingredients"),
        BODY,
        theme.TEXT_DARK,
        (zone.x + b.px(16), zone.y + b.px(8)),
        max_width=zone.w - b.px(24),
    )
    for food, rect in zip(foods, rects, strict=False):
        owed = food == due
        place = rect.move(0, -b.px(14)) if owed else rect
        draw_card(surface, b, face(food), place)
        if owed:
            pygame.draw.rect(
                surface, theme.ACCENT, place.inflate(b.px(10), b.px(10)), width=b.px(5), border_radius=b.px(8)
            )
            tip = (place.centerx, place.bottom + b.px(10))
            pygame.draw.polygon(
                surface,
                theme.ACCENT,
                [tip, (tip[0] - b.px(12), tip[1] + b.px(16)), (tip[0] + b.px(12), tip[1] + b.px(16))],
            )
    words = (_("Owed now: %(food)s (still, after the salt)") if after_salt else _("Owed now: %(food)s")) % {
        "food": kind_name(due, 2)
    }
    b.text(
        surface,
        words,
        BODY,
        theme.ACCENT_DARK,
        (zone.x + b.px(16), zone.bottom - b.px(44)),
        max_width=zone.w - b.px(24),
    )


def draw_ring(
    surface: pygame.Surface,
    b: Board,
    centre: tuple[int, int],
    radius: int,
    fraction: float,
    seconds: float | None,
    colour=theme.MUSTARD,
) -> None:
    """A ring that empties clockwise as the window runs out, the seconds left in its middle."""
    pygame.draw.circle(surface, theme.SHADOW, centre, radius)
    pygame.draw.circle(surface, theme.PANEL_EDGE, centre, radius, width=b.px(4))
    fraction = max(0.0, min(1.0, fraction))
    if fraction > 0:
        box = pygame.Rect(0, 0, radius * 2, radius * 2)
        box.center = centre
        start = math.pi / 2
        pygame.draw.arc(surface, colour, box, start, start + 2 * math.pi * fraction, width=b.px(12))
    if seconds is not None:
        b.text(surface, str(math.ceil(max(0.0, seconds))), LABEL, theme.TEXT, centre, anchor="center")


def reveal_box(b: Board) -> pygame.Rect:
    """Where a call is shown: at the top of the side column, above the log (which then starts below
    it), clear of the sequence card, the pot and every button."""
    return b.rect(SIDE_X, 80, SIDE_W, REVEAL_H)


def _veil(surface: pygame.Surface, b: Board, box: pygame.Rect) -> None:
    pygame.draw.rect(surface, (20, 12, 8), box, border_radius=b.px(18))
    pygame.draw.rect(surface, theme.MUSTARD, box, width=b.px(3), border_radius=b.px(18))


def _lines(
    surface: pygame.Surface, b: Board, words: tuple[str, ...], box: pygame.Rect, sizes, most: int
) -> None:
    """The first of ``words`` that fits in ``most`` lines (the last one otherwise) at the bottom of ``box``:
    on one line at the largest of ``sizes`` that fits, else wrapped."""
    width = box.w - b.px(40)
    for line in words:
        size = fitted(b, line, width, sizes)
        lines = [line] if b.fits(line, size, width) else theme.wrap(line, b.font(sizes[-1]), width)
        if len(lines) <= most:
            break
    if len(lines) > most:
        note_clipped(line)
        lines = lines[:most]
    y = box.bottom - b.px(12) - b.font(size).get_linesize() * len(lines)
    for part in lines:
        y = b.text(surface, part, size, theme.TEXT, (box.centerx, y), anchor="midtop", max_width=width).bottom


def _row(x: float, width: float, count: int, card_w: float, widest: float) -> tuple[float, float]:
    """(left edge, step) of ``count`` cards spread across ``width`` from ``x``, centred, at most ``widest``
    apart."""
    step = min(widest, (width - 40 - card_w) / max(1, count - 1))
    return x + (width - (card_w + step * max(0, count - 1))) / 2, step


def draw_reveal(
    surface: pygame.Surface, b: Board, shown: Reveal, now: float, words: tuple[str, ...], header: str
) -> None:
    """The call at the top of the side column, compact so that the log under it keeps its room: who
    called whom, the challenged cards turning over one by one at the left, the verdict beside them,
    and what it costs under both."""
    box = reveal_box(b)
    _veil(surface, b, box)
    y = box.y + b.px(8)
    for line in theme.wrap(header, b.font(SMALL), box.w - b.px(30))[:2]:
        y = b.text(
            surface, line, SMALL, theme.MUSTARD, (box.centerx, y), anchor="midtop", max_width=box.w - b.px(30)
        ).bottom
    cards = shown.cards
    w, h = REVEAL_CARD_W, REVEAL_CARD_W * 168 / 120
    half = SIDE_W / 2
    left, step = _row(SIDE_X, half + 10, len(cards), w, w + 6.0)
    up = shown.face_up(now)
    top = (y - b.oy) / b.scale + 6
    for i, kind in enumerate(cards):
        rect = b.rect(left + i * step, top, w, h)
        turning = i == up - 1 and not shown.verdict_shown(now)
        show = (
            min(1.0, abs(1 - 2 * ((now - shown.start - FIRST_FLIP - i * FLIP_SECONDS) / FLIP_SECONDS)))
            if turning
            else 1.0
        )
        draw_card(surface, b, face(kind) if i < up else None, rect, show)
    if shown.verdict_shown(now):
        big, *lines = words
        colour = theme.HERB if big == _("Honest") else theme.DANGER
        room = b.px(half - 20)
        size = fitted(b, big, room, (HEADING, LABEL, BODY))
        b.text(
            surface,
            big,
            size,
            colour,
            b.rect(SIDE_X + half * 1.5 - 5, top + h / 2, 1, 1).topleft,
            anchor="center",
            max_width=room,
        )
        below = b.rect(0, top + h + 4, 1, 1).y
        most = max(1, min(3, (box.bottom - b.px(12) - below) // b.font(SMALL).get_linesize()))
        _lines(surface, b, lines, box, (SMALL,), most)


def draw_penalty(
    surface: pygame.Surface,
    b: Board,
    shown: Reveal,
    now: float,
    pot: pygame.Rect,
    target: pygame.Rect | None,
    count_words: str,
) -> None:
    """The pot's cards flying to the hand that takes them, then their count beside that hand a moment."""
    if target is None or shown.docked is not None or now - shown.start >= shown.length:
        return
    flight = shown.flight(now)
    if 0 < flight < 1:
        for i in range(3):  # a few backs stand for the pot's cards on their way
            k = max(0.0, min(1.0, flight - i * 0.08))
            rect = pygame.Rect(
                round(pot.x + (target.centerx - pot.centerx) * k),
                round(pot.y + (target.centery - pot.centery) * k),
                max(2, round(pot.w * (1 - 0.4 * k))),
                max(2, round(pot.h * (1 - 0.4 * k))),
            )
            draw_card(surface, b, None, rect)
    if flight >= 1.0:
        badge = b.font(LABEL).size(count_words)[0] + b.px(28)
        pill = pygame.Rect(0, 0, badge, b.px(50))
        pill.topright = (target.right - b.px(10), target.y + b.px(10))
        pygame.draw.rect(surface, theme.DANGER, pill, border_radius=pill.h // 2)
        b.text(surface, count_words, LABEL, theme.TEXT, pill.center, anchor="center")


def draw_ranking(
    surface: pygame.Surface,
    b: Board,
    ranking: list[tuple[int, int]],
    names: dict[int, str],
    symbols: bool,
    last_words: str,
) -> pygame.Rect:
    """The end: the winner's last play, then every player from the winner down with the cards left."""
    sheet = b.rect(160, 110, 1180, 820)
    theme.draw_panel(surface, sheet, theme.layout(surface.get_size()), colour=theme.SHEET)
    winner = names.get(ranking[0][0], _("Nobody")) if ranking else _("Nobody")
    b.text(
        surface,
        ngettext("%(winners)s wins!", "%(winners)s win!", 1) % {"winners": winner},
        HUGE,
        theme.MUSTARD,
        (sheet.centerx, sheet.y + b.px(30)),
        anchor="midtop",
        max_width=sheet.w - b.px(40),
    )
    y = sheet.y + b.px(118)
    for line in theme.wrap(last_words, b.font(SMALL), sheet.w - b.px(60))[:2]:
        y = b.text(
            surface,
            line,
            SMALL,
            theme.TEXT_DIM,
            (sheet.centerx, y),
            anchor="midtop",
            max_width=sheet.w - b.px(60),
        ).bottom
    row_h = min(110, 520 / max(1, len(ranking)))
    for place, (seat, left) in enumerate(ranking):
        y = 300 + place * row_h
        b.text(
            surface,
            f"{place + 1}.",
            HEADING,
            theme.MUSTARD if place == 0 else theme.TEXT,
            b.rect(230, y, 1, 1).topleft,
        )
        seat_dot(surface, b, seat, b.rect(330, y + 28, 1, 1).topleft, symbols)
        b.text(
            surface,
            names.get(seat, _("Player %(number)d") % {"number": seat + 1}),
            HEADING,
            theme.TEXT,
            b.rect(362, y, 1, 1).topleft,
            max_width=b.px_x(520),
        )
        words = (
            _("no cards left")
            if left == 0
            else ngettext("%(count)d card left", "%(count)d cards left", left) % {"count": left}
        )
        b.text(surface, words, LABEL, theme.TEXT_DIM, b.rect(1290, y + 8, 1, 1).topleft, anchor="topright")
    return sheet
