"""The edges of the table: round and stars on top, the timer, what to do now and the chefs on the
right (the round's log under them is in ``story``), the buttons under the pot, and the one notice
above it (the banner between rounds, "you must pass", a word to a chef who sits on their turn, a
learner's hint, the keys) (the tastes on the left are in ``tastes``)."""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

import pygame

from soupkitchen.client.tables.too_many_cooks.board import Frame
from soupkitchen.client.tables.too_many_cooks.history import Entry, reaction_words
from soupkitchen.client.tables.too_many_cooks.paint import (
    ART,
    BODY,
    HEADING,
    HUGE,
    INK,
    LABEL,
    PAPER,
    SMALL,
    Painter,
)
from soupkitchen.client.tables.too_many_cooks.story import last_move_note
from soupkitchen.client.tables.too_many_cooks.tastes import draw_star_change
from soupkitchen.client.tables.too_many_cooks.verdict import stars_words, verdict_words
from soupkitchen.client.ui import coverage, theme
from soupkitchen.client.words import N_, _, ngettext
from soupkitchen.shared.too_many_cooks import describe

URGENT_SECONDS = 30
REACTION_SECONDS = 12.0  # a chef's reaction stays at their seat this long (the log keeps it)
FADE_SECONDS = 3.0  # ... the last of them fading
EMOTE_BUTTONS = (N_("Yuck!"), N_("Yum!"), N_("Fine"))
MODE_NAMES = {
    "standard": N_("Standard game"),
    "all-day": N_("All-day soup"),
    "unreasonable": N_("Unreasonable"),
}


@dataclass(frozen=True)
class Notice:
    """The one notice above the pot: ``kind`` is "ready", "reveal", "over" (the banners between
    rounds), "must_pass", "hint" (a learner's) or "keys"."""

    kind: str
    title: str = ""
    words: str = ""
    foot: str = ""


def main_button(f: Frame) -> tuple[str, bool, bool]:
    """(label, enabled, urgent) of the big button: Ready between rounds, Pass while playing."""
    m = f.model
    if m.phase == "over":  # back to the end screen: Play again, Replay and review, Back to title
        return _("Play again or leave"), True, False
    if m.phase in ("ready", "reveal"):
        label = _("Ready to cook") if m.phase == "ready" else _("Next round")
        if m.phase == "reveal" and m.view.get("result"):
            label = _("See the result")
        if m.ready_action is None and m.seat is not None:
            label = _("Waiting for the others")
        return label, m.ready_action is not None, m.ready_action is not None
    return (_("Pass (you must)") if m.must_pass else _("Pass")), m.pass_action is not None, m.must_pass


def status_lines(f: Frame) -> tuple[str, str]:
    """What the shown chef should know now, in two lines."""
    m = f.model
    if f.reconnecting:
        if m.phase == "playing" and f.remaining is not None and f.remaining > 0:
            minutes, seconds = divmod(int(math.ceil(f.remaining)), 60)
            return _("Reconnecting..."), _(
                "The round goes on meanwhile: about %(time)s left on the server."
            ) % {"time": f"{minutes}:{seconds:02d}"}
        if m.phase == "playing" and f.remaining is not None:
            return _("Reconnecting..."), _(
                "The round's time is up on the server: its reveal comes with the link."
            )
        return _("Reconnecting..."), _(
            "The server cannot be reached. Your seat is kept while the link comes back."
        )
    if m.phase == "over":
        result = m.view.get("result") or {}
        return (_("The kitchen wins!") if result.get("won") else _("Game over")), stars_words(
            int(result.get("stars", m.view.get("stars", 0)))
        )
    if m.phase == "ready":
        waiting = sum(1 for chef in m.chefs() if not chef.get("ready"))
        return _("Round %(round)s") % {"round": m.view.get("round", 1)}, ngettext(
            "Read your tastes. Waiting for %(count)d chef to be ready.",
            "Read your tastes. Waiting for %(count)d chefs to be ready.",
            waiting,
        ) % {"count": waiting}
    if m.phase == "reveal":
        return _("Round over"), _("Check the tastes, then go on.")
    if m.my_turn and not m.view.get("legal_actions"):  # a replay: the seat's turn, nothing to play
        return _("%(chef)s's turn") % {"chef": f.name(m.turn)}, _("Watch the soup and react!")
    if m.must_pass:
        return _("You must pass"), _("All your tastes are satisfied.")
    if m.my_turn and f.nudged:
        return _("Your turn"), _("The round's clock is running: change a card or rotate a line.")
    if m.my_turn:
        return _("Your turn"), _("Change a card or rotate a line.")
    return _("%(chef)s's turn") % {"chef": f.name(m.turn)}, _("Watch the soup and react!")


def hint_line(f: Frame, focus: str | None, picked: bool, moves_open: bool = False) -> str:
    """The keys (or pad buttons) of what the chef can do now, for the notice above the pot (X is the
    same letter on the keyboard and on a pad's left face button)."""
    pad = f.pad
    if moves_open:
        return (
            _("D-pad chooses a move  ·  A makes it  ·  X or B closes the list")
            if pad
            else _("Up / Down choose a move  ·  Enter makes it  ·  X or Esc closes the list")
        )
    if focus == "log":
        return (
            _("D-pad up / down reads older or newer moves")
            if pad
            else _("Up / Down read older or newer moves  ·  Left: back to the table")
        )
    if f.model.my_turn and picked:
        return (
            _("D-pad to a ringed spare  ·  A swaps  ·  B puts the card back")
            if pad
            else _("Arrows to a ringed spare  ·  Enter swaps  ·  Esc puts the card back")
        )
    bits = (focus or "").split(":")
    if f.model.my_turn and (bits[0] == "cell" or (bits[0] == "arrow" and len(bits) > 2)):
        column = bits[0] == "arrow" and bits[1] == "col"
        index = int(bits[2] if bits[0] == "arrow" else bits[1]) + 1
        line = (_("column %(index)d north / south") if column else _("row %(index)d west / east")) % {
            "index": index
        }
        return (
            _("D-pad moves  ·  A picks  ·  LB / RB: %(line)s  ·  Y passes") % {"line": line}
            if pad
            else _("Arrows move  ·  Enter picks  ·  Q / E: %(line)s  ·  P passes  ·  1-3 react")
            % {"line": line}
        )
    if f.model.my_turn:
        return (
            _("D-pad moves  ·  A picks  ·  LB / RB rotate  ·  Y passes  ·  X lists the moves")
            if pad
            else _(
                "Arrows move  ·  Enter picks  ·  Q / E rotate  ·  P passes  ·  "
                "X lists the moves  ·  1-3 react"
            )
        )
    return (
        _("D-pad reads the tastes, spares and chefs  ·  right stick reacts")
        if pad
        else _("Arrows read the tastes, spares and chefs  ·  1-3 react  ·  X lists the moves")
    )


def draw_top_bar(p: Painter, f: Frame, whoami: bool = True) -> None:
    """Round, difficulty and game on the left, the kitchen's stars in the middle, who you are on the
    right (unless ``whoami`` is False)."""
    v = f.model.view
    bar = p.lay.top_bar
    pygame.draw.rect(p.surface, theme.PANEL, bar)
    pygame.draw.line(p.surface, theme.PANEL_EDGE, bar.bottomleft, bar.bottomright, p.lay.px(2))
    mode = MODE_NAMES.get(str(v.get("mode")))
    left = "  ·  ".join(
        (
            _("Round %(round)s of %(rounds)s") % {"round": v.get("round", 1), "rounds": v.get("rounds", 3)},
            describe.difficulty_word(str(v.get("difficulty", ""))),
            _(mode) if mode else str(v.get("mode", "")),
        )
    )
    p.text(left, LABEL, theme.TEXT, (p.lay.rect(28, 0, 1, 64).x, bar.centery), anchor="midleft")
    stars, most = int(v.get("stars", 0)), int(v.get("max_stars", 5))
    size = p.lay.px(50)
    x0 = bar.centerx - (most * (size + p.lay.px(8))) // 2
    for i in range(most):
        rect = pygame.Rect(x0 + i * (size + p.lay.px(8)), bar.centery - size // 2, size, size)
        p.image(ART / ("star.svg" if i < stars else "star-empty.svg"), rect)
    if not whoami:
        return
    if f.model.seat is not None:
        who = _("You are %(chef)s") % {"chef": f.name(f.model.seat)}
    else:
        who = _("Face up") if f.face_up else _("Watching")
    p.text(who, LABEL, theme.TEXT_DIM, (p.lay.rect(1892, 0, 1, 64).x, bar.centery), anchor="midright")


def draw_timer(p: Painter, f: Frame) -> None:
    """The round's countdown from the server deadline: a dial emptying clockwise, minutes and
    seconds large, red with an alarm mark and a heartbeat in the last thirty seconds."""
    lay = p.lay
    rect = lay.timer
    total = float(f.model.view.get("round_seconds") or 300)
    left = f.remaining if f.remaining is not None else (total if f.model.phase == "ready" else 0.0)
    urgent = f.remaining is not None and left <= URGENT_SECONDS and f.model.phase == "playing"
    if urgent:  # a heartbeat: the dial swells a little every second
        beat = 0.5 + 0.5 * math.cos(2 * math.pi * (f.now % 1.0))
        rect = rect.inflate(round(rect.width * 0.05 * beat), round(rect.height * 0.05 * beat))
    placed = p.image(ART / "timer.svg", rect, backdrop=True)
    centre = (placed.centerx, placed.y + round(placed.height * 0.56))
    radius = round(placed.width * 0.33)
    colour = theme.DANGER if urgent else theme.HERB if left > 60 else theme.MUSTARD
    p.pie(centre, radius, left / max(total, 1.0), (*colour,))
    minutes, seconds = divmod(int(math.ceil(left)), 60)
    face = pygame.Rect(0, 0, round(radius * 2.02), round(radius * 0.9))  # over the 3 and 9 o'clock ticks
    face.center = centre
    pygame.draw.rect(p.surface, PAPER, face, border_radius=face.height // 3)
    pygame.draw.rect(p.surface, INK, face, width=lay.px(3), border_radius=face.height // 3)
    p.text(
        f"{minutes}:{seconds:02d}", HUGE * 0.7, theme.DANGER if urgent else INK, face.center, anchor="center"
    )
    if f.reconnecting:  # the server's time, counted here while the link is down
        note = p.font(SMALL).size("reconnecting...")
        pill = pygame.Rect(0, 0, note[0] + lay.px(16), note[1] + lay.px(4))
        pill.midtop = (placed.centerx, face.bottom + lay.px(6))
        pygame.draw.rect(p.surface, PAPER, pill, border_radius=pill.height // 2)
        pygame.draw.rect(p.surface, INK, pill, width=lay.px(2), border_radius=pill.height // 2)
        p.text("reconnecting...", SMALL, INK, pill.center, anchor="center")
    if urgent:  # the alarm mark: not only a colour
        tri = [
            (placed.x + lay.px(24), placed.y + lay.px(6)),
            (placed.x + lay.px(48), placed.y + lay.px(48)),
            (placed.x, placed.y + lay.px(48)),
        ]
        pygame.draw.polygon(p.surface, theme.DANGER, tri)
        pygame.draw.polygon(p.surface, INK, tri, width=lay.px(3))
        p.text("!", LABEL, PAPER, (placed.x + lay.px(24), placed.y + lay.px(32)), anchor="center")


def draw_right(p: Painter, f: Frame) -> None:
    """What to do now beside the timer, and the chefs at the table (the log under them is drawn by
    the table)."""
    lay = p.lay
    p.panel(lay.right_panel)
    title, detail = status_lines(f)
    if f.player and f.model.phase in ("ready", "playing"):  # couch play: whose tastes these are
        title = _("{player} — {prompt}").format(player=f.player, prompt=title)
    box = lay.status
    urgent = f.model.must_pass or f.model.my_turn
    size = p.largest_fitting(title, (HEADING * 0.8, LABEL, BODY), box.width)
    colour = theme.MUSTARD if urgent else theme.TEXT
    used = p.paragraph(
        title, size, colour, pygame.Rect(box.x, box.y, box.width, box.height // 2), max_lines=2, shrink=False
    )  # a title too long for one line at the smallest size wraps
    top = max(lay.px(56), used + lay.px(4))
    p.paragraph(detail, BODY, theme.TEXT_DIM, pygame.Rect(box.x, box.y + top, box.width, box.height - top))
    chefs = f.model.chefs()
    for i, chef in enumerate(chefs):
        draw_chef(p, f, chef, lay.chef_row(i, len(chefs)))


def draw_button(
    p: Painter,
    rect: pygame.Rect,
    label: str,
    enabled: bool,
    urgent: bool = False,
    lit: bool = False,
    size: float | None = None,
) -> None:
    """A button under the pot, its words as large as fit (or in ``size``)."""
    colour = theme.ACCENT if urgent else theme.PANEL_LIGHT if enabled else theme.PANEL
    p.panel(rect, colour=colour, edge=theme.MUSTARD if lit else theme.PANEL_EDGE, radius=12)
    room = rect.width - p.lay.px(16)
    size = size or p.largest_fitting(label, (LABEL, BODY, SMALL), room)
    p.text(
        label, size, theme.TEXT if enabled else theme.TEXT_DIM, rect.center, anchor="center", max_width=room
    )


def draw_live(p: Painter, f: Frame) -> None:
    """What moves with the clock alone: the timer."""
    draw_timer(p, f)


def reaction_at(f: Frame, seat: int) -> tuple[str, float] | None:
    """The chef's latest reaction while it is still shown at their seat (emote, how strongly: 1, then
    fading to 0)."""
    said = f.reactions.get(seat)
    if said is None or said[1] >= REACTION_SECONDS:
        return None
    emote, age = said
    return emote, min(1.0, (REACTION_SECONDS - age) / FADE_SECONDS)


def draw_chef(p: Painter, f: Frame, chef: dict[str, Any], rect: pygame.Rect) -> None:
    """A chef's seat: colour and symbol, name, the backs of their tastes (happy or not), marks for
    their turn, readiness or pass, and for a while their latest reaction."""
    lay = p.lay
    seat = int(chef.get("seat", 0))
    m = f.model
    turn = m.phase == "playing" and m.turn == seat
    pygame.draw.rect(p.surface, theme.PANEL_LIGHT if turn else theme.PANEL, rect, border_radius=lay.px(10))
    if turn:
        pygame.draw.rect(p.surface, theme.MUSTARD, rect, width=lay.px(4), border_radius=lay.px(10))
    radius = min(lay.px(20), rect.height // 3)
    dot = (rect.x + lay.px(12) + radius, rect.centery)
    pygame.draw.circle(p.surface, theme.seat_colour(seat), dot, radius)
    pygame.draw.circle(p.surface, INK, dot, radius, width=lay.px(2))
    p.text(theme.seat_symbol(seat), SMALL, INK, dot, anchor="center")
    name = f.name(seat) + (" " + _("(you)") if seat == m.seat else "")
    backs = chef.get("tastes") or []
    h = rect.height - lay.px(10)
    w = round(h * 120 / 168)
    x = dot[0] + radius + lay.px(10)
    room = rect.right - lay.px(8) - len(backs) * (w + lay.px(4)) - x
    passed = bool(chef.get("passed")) and m.phase == "playing"
    last = "" if turn or passed else last_move_note(f, seat)  # a pass, the last move or not, says "passed"
    notes = [note for note in (f.seat_notes.get(seat, ""), last) if note]
    if turn:
        notes.append(_("cooking now"))
    if passed:
        notes.append(_("passed"))
    if m.phase in ("ready", "reveal"):
        notes.append(_("ready") if chef.get("ready") else _("not ready"))
    if last_move_note(f, seat):  # the chef who moved last: their colour down the seat's edge
        pygame.draw.rect(
            p.surface,
            theme.seat_colour(seat),
            (rect.x, rect.y + lay.px(6), lay.px(6), rect.height - lay.px(12)),
        )
    name_font, note_font = p.font(BODY), p.font(SMALL)
    reaction = reaction_at(f, seat)
    if reaction is not None:  # the reaction takes a line of the seat, so it hides neither name nor notes
        draw_reaction_row(p, reaction, name, notes, pygame.Rect(x, rect.y, room, rect.height), dot, turn)
    elif rect.height >= name_font.get_linesize() + note_font.get_linesize():
        p.text(name, BODY, theme.TEXT, (x, rect.y + lay.px(4)), max_width=room)
        p.paragraph(
            ", ".join(notes),
            SMALL,
            theme.MUSTARD if turn else theme.TEXT_DIM,
            pygame.Rect(
                x,
                rect.y + lay.px(4) + name_font.get_linesize(),
                room,
                rect.bottom - rect.y - name_font.get_linesize(),
            ),
            max_lines=2,
            shrink=False,
        )
    else:  # a short row: the name and the notes on one line
        words = name + (f": {', '.join(notes)}" if notes else "")
        p.paragraph(
            words,
            SMALL,
            theme.MUSTARD if turn else theme.TEXT,
            pygame.Rect(x, rect.y + lay.px(2), room, rect.height - lay.px(4)),
            max_lines=2,
            shrink=False,
        )
    for i, back in enumerate(backs):
        r = pygame.Rect(rect.right - lay.px(8) - (len(backs) - i) * (w + lay.px(4)), rect.y + lay.px(5), w, h)
        p.image(ART / ("taste-back-happy.svg" if back.get("happy") else "taste-back-unhappy.svg"), r)
    turned = faces_turned(f, seat)
    if turned and backs:  # what the last move did to this chef's faces: a badge at their corner
        words = f"{turned:+d}"
        font = p.font(SMALL * 0.8)
        pill = pygame.Rect(0, 0, font.size(words)[0] + lay.px(12), font.get_height())
        pill.center = (
            rect.right - lay.px(8) - len(backs) * (w + lay.px(4)) + lay.px(4),
            rect.y + pill.height // 2,
        )
        pygame.draw.rect(
            p.surface, theme.HERB if turned > 0 else theme.DANGER, pill, border_radius=pill.height // 2
        )
        pygame.draw.rect(p.surface, INK, pill, width=lay.px(2), border_radius=pill.height // 2)
        p.text(words, SMALL * 0.8, INK, pill.center, anchor="center")


def faces_turned(f: Frame, seat: int) -> int:
    """How many of the chef's faces the last move turned happy (negative: unhappy), while it is the
    last move."""
    move = f.history.last_move if f.history is not None else None
    if not isinstance(move, Entry) or f.model.phase != "playing":
        return 0
    return sum(delta for who, delta in move.faces if who == seat)


def draw_reaction_row(
    p: Painter,
    reaction: tuple[str, float],
    name: str,
    notes: list[str],
    room: pygame.Rect,
    dot: tuple[int, int],
    turn: bool,
) -> None:
    """A seat with a reaction: a speech bubble from the chef's dot (fading at the end of its time),
    and beside it (or under it, in a tall row) the name and the notes in small letters."""
    lay = p.lay
    font = p.font(SMALL)
    line = font.get_linesize()
    emote, strength = reaction
    words = name + (f": {', '.join(notes)}" if notes else "")
    colour = theme.MUSTARD if turn else theme.TEXT
    said = reaction_words(emote)
    tall = room.height >= line * 2 + lay.px(8)
    if font.size(said)[0] + lay.px(28) > room.width and emote in REACTION_BUTTONS:
        said = _(REACTION_BUTTONS[emote])
    width = min(room.width, font.size(said)[0] + lay.px(28))
    height = line + lay.px(6)
    if tall:
        bubble = pygame.Rect(room.x, room.y + lay.px(3), width, height)
        text = pygame.Rect(
            room.x, bubble.bottom + lay.px(2), room.width, room.bottom - bubble.bottom - lay.px(2)
        )
    else:
        bubble = pygame.Rect(room.x, room.centery - height // 2, width, height)
        text = pygame.Rect(
            bubble.right + lay.px(8),
            room.y + lay.px(2),
            room.right - bubble.right - lay.px(8),
            room.height - lay.px(4),
        )
    p.bubble(
        bubble,
        said,
        (dot[0] + lay.px(12), dot[1]),
        size=SMALL,
        fade=strength,
        under=theme.PANEL_LIGHT if turn else theme.PANEL,
    )
    p.paragraph(words, SMALL, colour, text, max_lines=1 if not tall else 2, shrink=False)


REACTION_BUTTONS = dict(
    zip(("disgusting", "delicious", "fine"), EMOTE_BUTTONS, strict=True)
)  # a reaction in a short row


def draw_notice(p: Painter, f: Frame, notice: Notice | None) -> None:
    """The one notice above the pot."""
    if notice is None:
        return
    m = f.model
    lay = p.lay
    banner = lay.notice
    if notice.kind == "reveal" and m.reveal is not None:
        with coverage.overlay("the round's stars", banner):
            draw_star_change(p, m.mode, m.reveal, banner)
    elif notice.kind == "ready":
        with coverage.overlay("the round banner", banner):
            draw_ready_banner(p, f, banner, notice.words)
    elif notice.kind == "over" and m.view.get("result"):
        with coverage.overlay("the end banner", banner):
            draw_end_banner(p, f, banner, m.view["result"])
    elif notice.kind == "keys":
        p.paragraph(
            notice.words, SMALL, theme.TEXT_DIM, banner.inflate(-lay.px(12), -lay.px(12)), max_lines=3
        )
    else:
        with coverage.overlay("a notice above the pot", banner):
            draw_message(p, banner, notice)


def title_size(p: Painter, notice: Notice, inner: pygame.Rect) -> float:
    """The largest size at which a notice's title fits its width and leaves the words under it the
    room they need (a smaller title rather than words cut off at the foot of the banner)."""
    widest = p.largest_fitting(notice.title, (LABEL, BODY, SMALL), inner.width)
    small = p.font(SMALL)
    need = len(theme.wrap(notice.words, small, inner.width)) * small.get_linesize()
    sizes = [size for size in (LABEL, BODY, SMALL) if size <= widest]
    return next(
        (size for size in sizes if p.font(size).get_height() + p.lay.px(2) + need <= inner.height), sizes[-1]
    )


def draw_message(p: Painter, banner: pygame.Rect, notice: Notice) -> None:
    """A notice in a panel: its title, its words and a foot line, as large as they fit."""
    lay = p.lay
    loud = notice.kind == "must_pass"
    p.panel(
        banner,
        colour=theme.ACCENT_DARK if loud else theme.PANEL_LIGHT,
        edge=theme.MUSTARD if loud else theme.FOCUS,
    )
    inner = banner.inflate(-lay.px(24), -lay.px(16))
    y = inner.y
    if notice.title:
        size = title_size(p, notice, inner)
        y = p.text(
            notice.title,
            size,
            theme.MUSTARD if loud else theme.TEXT,
            (inner.centerx, y),
            anchor="midtop",
            max_width=inner.width,
        ).bottom + lay.px(2)
    small = p.font(SMALL)
    need = len(theme.wrap(notice.words, small, inner.width)) * small.get_linesize()
    foot = (
        notice.foot if need + small.get_linesize() <= inner.bottom - y else ""
    )  # the foot only where it fits
    room = pygame.Rect(inner.x, y, inner.width, inner.bottom - y - (small.get_linesize() if foot else 0))
    font = p.font(BODY)
    size = (
        BODY
        if len(theme.wrap(notice.words, font, room.width)) * font.get_linesize() <= room.height
        else SMALL
    )
    p.paragraph(notice.words, size, theme.TEXT, room, max_lines=4)
    if foot:
        p.text(
            notice.foot,
            SMALL,
            theme.TEXT_DIM,
            (inner.centerx, inner.bottom),
            anchor="midbottom",
            max_width=inner.width,
        )


def draw_ready_banner(p: Painter, f: Frame, banner: pygame.Rect, words: str = "") -> None:
    """Before a round: which round is about to start and what to do meanwhile."""
    m, lay = f.model, p.lay
    p.panel(banner, colour=theme.PANEL_LIGHT, edge=theme.MUSTARD)
    title = _("Round %(round)s is about to start") % {"round": m.view.get("round", 1)}
    room = banner.width - lay.px(30)
    top = p.text(
        title,
        p.largest_fitting(title, (HEADING * 0.8, LABEL, BODY), room),
        theme.TEXT,
        (banner.centerx, banner.y + lay.px(10)),
        anchor="midtop",
        max_width=room,
    ).bottom
    words = words or (
        _("Read your tastes, then press Ready.")
        if m.ready_action
        else _("Waiting for every chef to be ready.")
        if m.seat is not None
        else _("The chefs are getting ready.")
    )
    # the words whole, wrapped under the title (a learner's first hint is long), at the foot
    below = pygame.Rect(banner.x + lay.px(15), top + lay.px(2), room, banner.bottom - lay.px(8) - top)
    for size in (BODY, SMALL, SMALL * 0.86):
        font = p.font(size)
        lines = theme.wrap(words, font, room)
        if len(lines) * font.get_linesize() <= below.height:
            break
    else:  # nothing fits: cut, and counted as cut
        p.paragraph(words, SMALL, theme.TEXT_DIM, below, max_lines=3)
        return
    y = below.bottom - len(lines) * font.get_linesize()
    for line in lines:
        p.text(line, size, theme.TEXT_DIM, (banner.centerx, y), anchor="midtop", max_width=room)
        y += font.get_linesize()


def draw_end_banner(p: Painter, f: Frame, banner: pygame.Rect, result: dict[str, Any]) -> None:
    """The kitchen's verdict: the stars it keeps and what comes next, or why it closed."""
    lay = p.lay
    p.panel(banner, colour=theme.PANEL_LIGHT, edge=theme.MUSTARD)
    won = bool(result.get("won"))
    head, then = verdict_words(result, f.model.view)
    room = banner.width - lay.px(30)
    used = p.paragraph(
        head,
        p.largest_fitting(head, (HEADING * 0.8, LABEL), room),
        theme.HERB if won else theme.DANGER,
        pygame.Rect(banner.x + lay.px(15), banner.y + lay.px(10), room, banner.height // 2),
        max_lines=2,
        shrink=False,
    )
    used += p.paragraph(
        then[:1].upper() + then[1:],
        BODY,
        theme.TEXT,
        pygame.Rect(
            banner.x + lay.px(15),
            banner.y + lay.px(16) + used,
            room,
            banner.bottom - banner.y - used - lay.px(20),
        ),
        max_lines=2,
    )
    reveal = f.model.reveal or {}
    last = pygame.Rect(
        banner.x + lay.px(15),
        banner.y + lay.px(22) + used,
        room,
        banner.bottom - banner.y - used - lay.px(30),
    )
    explanation = describe.round_explanation(f.model.mode, reveal) if reveal else ""
    words = _("Round %(round)s: %(explanation)s") % {
        "round": reveal.get("round", ""),
        "explanation": explanation,
    }
    # (the end screen tells every round beside, one line each: ``verdict.round_lines``)
    font = p.font(SMALL)
    if explanation and len(theme.wrap(words, font, room)) * font.get_linesize() <= last.height:
        p.paragraph(words, SMALL, theme.TEXT_DIM, last, max_lines=3)  # where it fits
