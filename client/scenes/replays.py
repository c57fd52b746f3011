"""Replays: the list of finished games (solo and hosted ones in the data folder, exported files,
and a connected server's), and the viewer, which shows a game's own table driven by its record,
with the moves, the review and every secret face up beside it."""

from __future__ import annotations

import asyncio
import logging
import sqlite3
import time
from pathlib import Path
from typing import Any

import pygame

from soupkitchen.client.replay.player import FACE_UP, ReplayPlayer
from soupkitchen.client.replay.sources import (
    PLACES,
    Entry,
    Listing,
    Skipped,
    local_listing,
    replays_folder,
    server_listing,
)
from soupkitchen.client.replay.words import Line, clock, face_up_lines, move_lines, review_lines
from soupkitchen.client.scenes import transitions
from soupkitchen.client.scenes.base import Scene
from soupkitchen.client.scenes.common import FormScene
from soupkitchen.client.tables import table_scene_for
from soupkitchen.client.tables.scaled import ScaledBoard
from soupkitchen.client.ui import theme
from soupkitchen.client.ui.choice import value_names
from soupkitchen.client.ui.input import InputAction
from soupkitchen.client.ui.widgets import Button, Label, ListView, Widget
from soupkitchen.client.words import N_, _, day_and_month, ngettext, worded
from soupkitchen.shared import outside
from soupkitchen.shared.registry import registration
from soupkitchen.shared.replay import DAMAGED, NEWER, NOT_REPLAY, UNKNOWN_GAME, ReplayError, Timeline, export

log = logging.getLogger(__name__)

# worded when drawn; "Secrets" lists in words what the "Face up" eyes show on the table
TABS = (("moves", N_("Moves")), ("review", N_("Review")), ("face_up", N_("Secrets")))
REPLAY_ANSWER = N_("A replay: nothing here can be played. The bar below moves through it")
# Why a file or a server's list was not read, by the ReplayError's kind
WHY_SKIPPED = {
    outside.MISSING: N_("cannot be read"),
    outside.UNREADABLE: N_("cannot be read"),
    outside.NOT_REGULAR: N_("not a regular file"),
    outside.TOO_LARGE: N_("too large"),
    outside.OUT_OF_BOUNDS: N_("holds more than a replay can"),
    outside.NOT_JSON: N_("not a replay"),
    NOT_REPLAY: N_("not a replay"),
    NEWER: N_("made by a newer Soup Kitchen"),
    UNKNOWN_GAME: N_("a game this Soup Kitchen does not know"),
    DAMAGED: N_("damaged"),
}
MOST_NAMED = 3  # skipped files named on the screen; the rest are counted
SAVED_SECONDS = 12.0  # where an exported replay went stays in the column this long


def why_skipped(kind: str) -> str:
    return _(WHY_SKIPPED.get(kind, N_("cannot be read")))


def skipped_words(skipped: list[Skipped]) -> str:
    """The line under the list that says which files were not read, and why."""
    if not skipped:
        return ""
    named = ", ".join(
        _("{name} ({why})").format(name=item.name, why=why_skipped(item.kind))
        for item in skipped[:MOST_NAMED]
    )
    more = len(skipped) - MOST_NAMED
    if more > 0:
        named += " " + ngettext("and {count} more", "and {count} more", more).format(count=more)
    return ngettext("Skipped {count} file: {files}", "Skipped {count} files: {files}", len(skipped)).format(
        count=len(skipped), files=named
    )


def game_title(game_id: str) -> str:
    entry = registration(game_id)
    return worded(entry.facts.title) if entry is not None else game_id


def when_words(when: float | None) -> str:
    try:
        moment = time.localtime(when) if when else None
    except (OverflowError, OSError, ValueError):  # a date no calendar of this computer has
        moment = None
    if moment is None:
        return _("some time")
    return f"{day_and_month(moment)} {time.strftime('%H:%M', moment)}"


def ending_words(timeline: Timeline) -> str:
    """How a game ended, in a few words, from its result: who won, and the score (a co-operative
    game's stars; else the winner's points against the others', best first)."""
    result = timeline.game.result(timeline.final) or {}
    winners = result.get("winners") or []
    players = timeline.record.players
    if not winners:
        head = _("lost")
    elif len(winners) == players and players > 1:
        head = _("won together")
    else:
        head = _("{names} won").format(names=_(" and ").join(timeline.replay.name(seat) for seat in winners))
    stars, scores = result.get("stars"), result.get("scores")
    if isinstance(stars, int) and not isinstance(stars, bool):
        return f"{head} · " + ngettext("{count} star", "{count} stars", stars).format(count=stars)
    points = isinstance(scores, list) and scores and all(isinstance(v, int | float) for v in scores)
    if points and max(scores) > 1:  # a game won or lost on points, not one that only has a winner
        ranked = sorted(scores, reverse=True)
        return f"{head} · " + _("{best} to {rest}").format(
            best=f"{ranked[0]:g}", rest=", ".join(f"{v:g}" for v in ranked[1:])
        )
    return head


def level_words(timeline: Timeline) -> str:
    """The level a game was played at, as its set-up named it ("Moderate"): its primary option where
    that is a named level (Too Many Cooks' difficulty); "" for a game without one."""
    entry = registration(timeline.game.id)
    key = entry.primary_option if entry is not None else None
    value = timeline.record.options.get(key) if key else None
    if not isinstance(value, str):  # a named level only, not a number of seconds or a switch
        return ""
    spec = next((s.to_json() for s in entry.facts.options if s.key == key), None)
    return value_names(spec)(value) if spec is not None else ""


def break_path(line: str, font: pygame.font.Font, width: int) -> list[str]:
    """``line`` as it is if it fits ``width``, else cut after its slashes (a long path has no spaces
    to wrap at), and a piece without any cut where it must be."""
    pieces: list[str] = []
    while font.size(line)[0] > width and len(line) > 1:
        fits = max(1, next(n for n in range(len(line), 0, -1) if font.size(line[:n])[0] <= width or n == 1))
        cut = line.rfind("/", 0, fits) + 1 or fits  # just after a slash where there is one
        pieces.append(line[:cut])
        line = line[cut:]
    return [*pieces, line]


class ReplaysScene(FormScene):
    """Every finished game this client can find, newest first; Enter or a click opens one."""

    name = "replays"
    heading = N_("Replays")
    subheading = N_("Finished games: pick one to watch it from any seat and read its review.")
    column_scale = 1.6

    def __init__(self, app) -> None:
        self.entries: list[Entry] = []
        self.skipped: list[Skipped] = []
        self.server_problem = ""  # why the connected server's games are not listed, worded
        self.endings: dict[str, str] = {}
        self.levels: dict[str, str] = {}  # the level a game was played at (its primary option), worded
        self.searching_server = False
        self.list: ListView | None = None
        super().__init__(app)
        self.refresh()

    def build(self) -> list[Widget]:
        shown = self.list.visible_rows if self.list is not None else 5
        self.list = ListView(
            [self.row(entry) for entry in self.entries],
            self.pick,
            key="replays",
            empty=_("No finished games yet: play one, and it will be here."),
            visible_rows=shown,
        )
        self.list.details = [self.detail(entry) for entry in self.entries]
        self.list.right_kind, self.list.row_scale = "small", 1.5
        # this machine's games can be deleted (a cross, or Backspace on the row), once confirmed
        self.list.removable = {i for i, entry in enumerate(self.entries) if entry.remove is not None}
        self.list.remove_icon = True
        self.list.on_remove = self.ask_delete
        widgets: list[Widget] = [self.list]
        notes = [words for words in (skipped_words(self.skipped), self.server_problem) if words]
        if notes:
            widgets.append(Label("\n".join(notes), "small", theme.MUSTARD, key="skipped"))
        return [
            *widgets,
            Button(_("Refresh"), self.refresh, key="refresh"),
            Button(_("Back"), self.on_back, key="back"),
        ]

    def place(self, lay: theme.Layout, top: int, bottom: int, width: int) -> None:
        """Refresh and Back side by side at the foot; above them the list, as many rows tall as the
        window has room for, and what could not be read."""
        x = (lay.width - width) // 2
        buttons = [w for w in self.form.widgets if w.key in ("refresh", "back")]
        half = (width - lay.gap * (len(buttons) - 1)) // max(1, len(buttons))
        for i, button in enumerate(buttons):
            button.rect = pygame.Rect(x + i * (half + lay.gap), bottom - lay.button_h, half, lay.button_h)
        bottom -= lay.button_h + lay.gap
        rows = [w for w in self.form.widgets if w.visible and w not in buttons]
        if self.list is not None:
            others = sum(self.row_height(w, lay, width) + lay.gap for w in rows if w is not self.list)
            row_h = round(lay.button_h * self.list.row_scale)
            self.list.visible_rows = max(3, (bottom - top - others - lay.gap) // row_h)
            self.list._clamp_scroll()
        self.stack_rows(lay, rows, x, top, bottom, width)

    def row(self, entry: Entry) -> str:
        """A game's row: the game (with the level it was played at, where it has one), and how it
        ended at its right."""
        title = game_title(entry.game)
        level = self.levels.get(entry.key)
        if level:
            title = _("{game} · {level}").format(game=title, level=level)
        return f"{title}\t{worded(self.endings.get(entry.key, '...'))}"

    def ask_delete(self, index: int) -> None:
        """Delete a game's replay from this machine, once the player says so."""
        if not 0 <= index < len(self.entries):
            return
        entry = self.entries[index]
        words = _("{game} of {when} is gone for good once it is deleted.").format(
            game=game_title(entry.game), when=when_words(entry.when)
        )
        self.app.stack.open(
            "message",
            _("Delete this replay?"),
            words,
            [(_("Delete it"), lambda: self.delete(entry)), (_("Keep it"), None)],
        )

    def delete(self, entry: Entry) -> None:
        try:
            if entry.remove is not None:
                entry.remove()
        except (OSError, sqlite3.Error) as err:
            self.app.toast(_("Could not delete the replay: {problem}").format(problem=err), "error")
        self.refresh()

    def detail(self, entry: Entry) -> str:
        """The line under a game's row: its players, when and where it was played."""
        where = _(entry.where) if entry.where in PLACES else entry.where  # else a server's address
        if entry.exported:
            where = _("{place}, also exported").format(place=where)
        return f"{', '.join(entry.names)} · {when_words(entry.when)} ({where})"

    def refresh(self) -> None:
        listing = local_listing()
        self.entries = sorted(listing.entries, key=lambda e: e.when or 0, reverse=True)
        self.skipped, self.server_problem = listing.skipped, ""
        self.rebuild()
        conn = getattr(self.app, "conn", None)
        server = getattr(self.app, "server", None)
        if conn is not None and conn.connected and (server is None or server.url != conn.url):
            self.searching_server = True
            self.app.spawn(self._list_server(conn.url), self._server_listed)
        self.app.spawn(self._work_out_endings())

    @staticmethod
    async def _list_server(url: str) -> Listing | tuple[str, ReplayError]:
        try:
            return await server_listing(url)
        except ReplayError as err:
            return url, err

    def _server_listed(self, listed: Any) -> None:
        self.searching_server = False
        if isinstance(listed, tuple):  # the server's list could not be read at all
            url, err = listed
            self.server_problem = _(
                "The finished games of {server} are not listed: their list is {why}."
            ).format(server=url, why=why_skipped(err.kind))
            self.rebuild()
            return
        if isinstance(listed, Listing):
            self.entries = sorted([*self.entries, *listed.entries], key=lambda e: e.when or 0, reverse=True)
            if listed.skipped:
                self.server_problem = ngettext(
                    "Skipped {count} game the server described in a way this Soup Kitchen cannot read.",
                    "Skipped {count} games the server described in a way this Soup Kitchen cannot read.",
                    len(listed.skipped),
                ).format(count=len(listed.skipped))
            self.rebuild()
            self.app.spawn(self._work_out_endings())

    async def _work_out_endings(self) -> None:
        """How each listed game ended, one game at a time (each replayed through the rules)."""
        for entry in list(self.entries):
            if entry.key in self.endings:
                continue
            try:
                timeline = Timeline(await entry.fetch())
                self.endings[entry.key] = ending_words(timeline)
                self.levels[entry.key] = level_words(timeline)
            except ReplayError:
                self.endings[entry.key] = N_("cannot be opened")
            if self.list is not None:
                self.list.set_rows([self.row(e) for e in self.entries])
                self.list.details = [self.detail(e) for e in self.entries]
            await asyncio.sleep(0)

    def pick(self, index: int) -> None:
        if 0 <= index < len(self.entries):
            open_entry(self.app, self.entries[index])


def open_entry(app, entry: Entry, tab: str | None = None) -> None:
    async def load() -> Timeline:
        return Timeline(await entry.fetch(), where=_("the {game} game").format(game=game_title(entry.game)))

    transitions.run_with_wait(
        app, _("Setting the table again..."), load(), lambda timeline: app.stack.open("replay", timeline, tab)
    )


class FramedApp:
    """The app as a table inside the viewer sees it: the same app, with the table's own area as its
    screen size."""

    def __init__(self, app, size: tuple[int, int]) -> None:
        self._app = app
        self.screen_size = size
        self.table_text_scale = ScaledBoard(app.screen_size).scale  # its words as large as live

    def __getattr__(self, name: str) -> Any:
        return getattr(self._app, name)


class ReplayScene(Scene):
    """A finished game on its own table, driven by its record. The table has the window's whole width,
    so its words are as large as at a live table; the column of moves, review and secrets opens
    beside it when asked for (``tab``: opened on that tab)."""

    name = "replay"

    def __init__(self, app, timeline: Timeline, tab: str | None = None) -> None:
        super().__init__(app)
        self.player = ReplayPlayer(timeline)
        self.tab = tab or "moves"
        self.column_open = tab is not None
        self.table: Any = None
        self.table_key: tuple | None = None
        self.surface: pygame.Surface | None = None
        self.controls: dict[str, pygame.Rect] = {}
        self.line_rects: list[tuple[pygame.Rect, int]] = []
        self.scrubber = pygame.Rect(0, 0, 0, 0)
        self.scroll = 0
        self.follow = True  # the moves list keeps the current move in sight
        self.dragging = False
        self.now = 0.0
        self._moves = move_lines(timeline, self.name_of)
        self._review: list[Line] | None = None
        self._wrapped: tuple[tuple, list[tuple[Line, list[str]]]] | None = None  # the column's lines, wrapped
        self.saved: tuple[str, float] | None = None  # the file an export wrote, and until when to say so

    def name_of(self, seat: int | None) -> str:
        return self.player.timeline.replay.name(seat)

    @property
    def has_rounds(self) -> bool:
        """Whether the game is played in rounds (its facts say so): only then is it stepped by round."""
        return bool(self.player.timeline.game.facts.rounds)

    # --- layout ------------------------------------------------------------------------------------
    def areas(self, size: tuple[int, int]) -> tuple[pygame.Rect, pygame.Rect, pygame.Rect]:
        """The table, the bar of controls under it (the window's width), and the column on the right
        (none wide while it is closed: the table then has the whole width, as live)."""
        lay = theme.layout(size)
        column_w = max(300, round(size[0] * 0.25)) if self.column_open else 0
        line, h, pad = self.bar_measures(lay)
        bar_h = line + h * 2 + pad * 4  # kept low: each pixel of it is taken from the table's height
        table = pygame.Rect(0, 0, size[0] - column_w, size[1] - bar_h)
        return (
            table,
            pygame.Rect(0, table.bottom, size[0], bar_h),
            pygame.Rect(table.right, 0, column_w, table.height),
        )

    # --- the table ---------------------------------------------------------------------------------
    @staticmethod
    def drawn_size(area: tuple[int, int]) -> tuple[int, int]:
        """The size a table is drawn at for an ``area`` of the window: the area itself when it is as
        wide as the smallest window every table is laid out for (its words then as large as live: the
        tables' fonts never go below the readable minimum), else the area grown to that width (the
        picture is then scaled down into the area: smaller, but nothing cut or crowded)."""
        grow = max(1.0, theme.MIN_WINDOW[0] / max(1, area[0]))
        return round(area[0] * grow), round(area[1] * grow)

    def ensure_table(self, size: tuple[int, int]) -> None:
        key = (size, self.player.seat_shown, self.player.eye)
        if self.table is None or key != self.table_key or self.player.jumped:
            if self.table is not None:
                self.table.on_exit()
            self.table = table_scene_for(self.player.timeline.record.game)(
                FramedApp(self.app, size), self.player.session
            )
            self.table.now = self.now
            self.table.catch_up(self.player.round_so_far())
            self.table_key = key
            self.player.jumped = False
        if self.surface is None or self.surface.get_size() != size:
            self.surface = pygame.Surface(size)

    # --- input -------------------------------------------------------------------------------------
    def handle(self, action: InputAction) -> bool:
        p = self.player
        kind = action.kind
        if kind == "back":
            self.app.stack.pop()
        elif kind == "navigate" and action.dx:
            p.step(action.dx)
        elif kind == "navigate" and action.dy:
            p.jump(p.marks.turns, action.dy > 0)
        elif kind in ("rotate_left", "rotate_right") and self.has_rounds:
            p.jump(p.marks.rounds, kind == "rotate_right")
        elif kind == "select":
            p.toggle_play()
        elif kind == "alt":
            self.set_eye_next()
        elif kind == "pass":
            p.next_speed()
        elif kind == "handoff":  # H: the column open, then its next tab, then closed after the last
            names = [key for key, _ in TABS]
            if not self.column_open:
                self.set_tab(names[0])
            elif self.tab == names[-1]:
                self.column_open = False
            else:
                self.set_tab(names[names.index(self.tab) + 1])
        elif kind == "scroll":
            self.follow = False
            self.scroll = max(0, self.scroll + action.dy * 3)
        elif kind == "click" and action.pos is not None:
            return self.click(action.pos)
        elif kind == "point" and action.pos is not None and self.dragging:
            self.scrub_to(action.pos[0])
        elif kind == "release":
            self.dragging = False
        else:
            return False
        if kind in ("navigate", "rotate_left", "rotate_right"):
            self.follow = True
        return True

    def set_eye_next(self) -> None:
        self.player.next_eye()
        if self.player.eye == FACE_UP:
            self.set_tab("face_up")

    def set_eye(self, eye: Any) -> None:
        """Whose eyes the table is seen through (face up: the secrets listed beside it)."""
        self.player.set_eye(eye)
        if eye == FACE_UP:
            self.set_tab("face_up")

    def set_tab(self, tab: str) -> None:
        self.tab, self.scroll, self.follow = tab, 0, tab == "moves"
        self.column_open = True

    def toggle_tab(self, tab: str) -> None:
        """A tab's button: opens the column on it, or closes the column where it is open on it."""
        if self.column_open and self.tab == tab:
            self.column_open = False
        else:
            self.set_tab(tab)

    def click(self, pos: tuple[int, int]) -> bool:
        p = self.player
        if self.scrubber.inflate(0, self.scrubber.height * 2).collidepoint(pos):
            self.dragging = True
            self.scrub_to(pos[0])
            return True
        for key, rect in self.controls.items():
            if rect.collidepoint(pos):
                self.press(key)
                return True
        for rect, moment in self.line_rects:
            if rect.collidepoint(pos):
                p.seek(moment)
                return True
        area = self.areas(self.app.screen_size)[0]
        if self.table is not None and self.surface is not None and area.collidepoint(pos):
            drawn = self.surface.get_size()
            at = (pos[0] * drawn[0] // max(1, area.w), pos[1] * drawn[1] // max(1, area.h))
            self.table.answer_at(at, _(REPLAY_ANSWER))  # a click on the table changes nothing in a replay
        return True

    def press(self, key: str) -> None:
        p = self.player
        presses = {
            "round_back": lambda: p.jump(p.marks.rounds, False),
            "turn_back": lambda: p.jump(p.marks.turns, False),
            "move_back": lambda: p.step(-1),
            "play": p.toggle_play,
            "move_on": lambda: p.step(1),
            "turn_on": lambda: p.jump(p.marks.turns, True),
            "round_on": lambda: p.jump(p.marks.rounds, True),
            "speed": p.next_speed,
            "export": self.export,
            "leave": self.app.stack.pop,
        }
        if key in presses:
            presses[key]()
        elif key.startswith("tab:"):
            self.toggle_tab(key[4:])
        elif key.startswith("eye:"):
            eye = key[4:]
            self.set_eye(FACE_UP if eye == FACE_UP else None if eye == "spectator" else int(eye))

    def scrub_to(self, x: int) -> None:
        bar = self.scrubber
        share = (x - bar.x) / max(1, bar.width)
        self.player.seek(round(max(0.0, min(1.0, share)) * self.player.length))

    def export(self) -> None:
        try:
            path = export(self.player.timeline.replay, replays_folder())
        except OSError as err:
            self.app.toast(
                _("Could not save the replay: {problem}").format(problem=err.strerror or err), "error"
            )
            return
        self.saved = (str(path), self.now + SAVED_SECONDS)  # shown in the column (no toast over it)
        self.column_open = True
        log.info("replay saved as %s", path)
        self.app.access.announce(_("Saved as {path}").format(path=path))  # and spoken where speech is on

    # --- time --------------------------------------------------------------------------------------
    def update(self, dt: float, now: float) -> None:
        self.now = now
        self.player.update(dt)
        if self.table is not None:
            self.table.update(dt, now)

    def redraw_at(self, now: float) -> float | None:
        wait = self.player.until_next_move()
        times = [] if wait is None else [now + min(wait, 0.1)]
        answer = None if self.table is None else self.table.answer
        if answer is not None and answer.until > now:
            times.append(answer.until)  # the answer to a touch goes away on time
        if self.saved is not None and self.saved[1] > now:
            times.append(self.saved[1])  # and so does where an export went
        return min(times, default=None)

    # --- drawing -----------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        size = surface.get_size()
        table_rect, bar, column = self.areas(size)
        self.ensure_table(self.drawn_size(table_rect.size))
        assert self.surface is not None
        self.table.draw(self.surface)
        if self.surface.get_size() == table_rect.size:
            surface.blit(self.surface, table_rect)
        else:
            surface.blit(pygame.transform.smoothscale(self.surface, table_rect.size), table_rect)
        lay = theme.layout(size)
        self.controls = {}
        self.draw_bar(surface, bar, lay)
        if self.column_open:
            self.draw_column(surface, column, lay)

    def button(
        self, surface, rect: pygame.Rect, key: str, words: str, lay: theme.Layout, on: bool = False
    ) -> None:
        colour = theme.ACCENT if on else theme.PANEL_LIGHT
        pygame.draw.rect(surface, colour, rect, border_radius=lay.radius)
        pygame.draw.rect(
            surface, theme.PANEL_EDGE, rect, width=max(1, lay.ring // 2), border_radius=lay.radius
        )
        theme.text(
            surface, words, "small", theme.TEXT, rect.center, lay, anchor="center", max_width=rect.width - 6
        )
        self.controls[key] = rect

    def status(self, moment: int | None = None) -> str:
        """Where the replay is (or would be at ``moment``): the move, the round (only of a game with
        rounds of its own, as its facts say, with the round's own clock), the turn, and the game's
        clock."""
        p = self.player
        moment = p.moment if moment is None else moment
        where = _("Move {moment} of {length}").format(moment=moment, length=p.length)
        where = where if moment else _("The deal")
        round_number = p.round_at(moment)
        if p.own_rounds:  # the round's own clock, as the table's stopwatch shows it
            seconds = p.round_clock(moment)
            when = (
                _("round {number}, the chefs getting ready").format(number=round_number)
                if seconds is None
                else _("round {number}, {clock} into it").format(number=round_number, clock=clock(seconds))
            )
            return " · ".join([where, when, _("turn {number}").format(number=p.turn_at(moment))])
        rounds = [_("round {number}").format(number=round_number)] if p.timeline.game.facts.rounds else []
        return " · ".join(
            [
                where,
                *rounds,  # a game that has no rounds (Stone Soup) is not told in them
                _("turn {number}").format(number=p.turn_at(moment)),
                _("{clock} into the game").format(clock=clock(p.timeline.time(moment))),
            ]
        )

    @staticmethod
    def bar_measures(lay: theme.Layout) -> tuple[int, int, int]:
        """The bar's status line height, its buttons' height and the space between its rows."""
        return lay.font("small").get_linesize(), round(lay.button_h * 0.7), lay.gap // 2

    def draw_bar(self, surface: pygame.Surface, bar: pygame.Rect, lay: theme.Layout) -> None:
        """Where the replay is and the scrubber beside it; the time controls; whose eyes and the tabs."""
        pygame.draw.rect(surface, theme.PANEL, bar)
        pygame.draw.line(surface, theme.PANEL_EDGE, bar.topleft, bar.topright, max(1, lay.ring // 2))
        line, h, pad = self.bar_measures(lay)
        x, y = bar.x + lay.margin // 2, bar.y + pad
        width = bar.width - lay.margin
        room = min(width * 3 // 5, lay.font("small").size(self.status(self.player.length))[0] + lay.gap * 2)
        theme.text(surface, self.status(), "small", theme.TEXT, (x, y), lay, max_width=room)
        left = x + room + lay.gap * 2  # the scrubber stays put as the words change
        knob = round(9 * lay.scale)
        track = pygame.Rect(left + knob, y + line // 2 - knob // 2, x + width - left - knob * 2, knob)
        self.draw_scrubber(surface, track, lay)
        y += line + pad
        p = self.player
        rounds = self.has_rounds  # a game without rounds (Pink Soup, Stone Soup) has no round buttons
        keys = [
            *([("round_back", _("< Round"))] if rounds else []),
            ("turn_back", _("< Turn")),
            ("move_back", _("< Move")),
            ("play", _("Pause") if p.playing else _("Play")),
            ("move_on", _("Move >")),
            ("turn_on", _("Turn >")),
            *([("round_on", _("Round >"))] if rounds else []),
            ("speed", _("Speed {speed}x").format(speed=p.speed)),
            ("export", _("Export")),
            ("leave", _("Back")),
        ]
        self.button_row(surface, pygame.Rect(x, y, width, h), keys, lay, {"play"} if p.playing else set())
        y += h + pad
        eyes = [
            (
                f"eye:{FACE_UP if eye == FACE_UP else 'spectator' if eye is None else eye}",
                _("Face up") if eye == FACE_UP else _("Spectator") if eye is None else self.name_of(eye),
                eye == p.eye,
            )
            for eye in p.eyes()
        ]
        tabs = [(f"tab:{key}", _(words), self.column_open and self.tab == key) for key, words in TABS]
        row = [(key, words) for key, words, _on in eyes + tabs]
        lit = {key for key, _words, on in eyes + tabs if on}
        self.button_row(surface, pygame.Rect(x, y, width, h), row, lay, lit, split=len(eyes))

    def button_row(
        self,
        surface: pygame.Surface,
        rect: pygame.Rect,
        keys: list[tuple[str, str]],
        lay: theme.Layout,
        lit: set[str],
        split: int | None = None,
    ) -> None:
        """Buttons of equal width across ``rect`` (a wider gap before button ``split``)."""
        gap = lay.gap // 2
        extra = lay.gap * 2 if split else 0
        w = (rect.width - gap * (len(keys) - 1) - extra) // len(keys)
        x = rect.x
        for index, (key, words) in enumerate(keys):
            if index == split:
                x += extra
            self.button(surface, pygame.Rect(x, rect.y, w, rect.height), key, words, lay, on=key in lit)
            x += w + gap

    def draw_scrubber(self, surface: pygame.Surface, rect: pygame.Rect, lay: theme.Layout) -> None:
        self.scrubber = rect
        p = self.player
        pygame.draw.rect(surface, theme.SHADOW, rect, border_radius=rect.height // 2)
        for moment in p.marks.rounds[1:]:  # the rounds, marked along the game
            mx = rect.x + round(rect.width * moment / max(1, p.length))
            pygame.draw.line(
                surface, theme.TEXT_DIM, (mx, rect.y), (mx, rect.bottom - 1), max(1, lay.ring // 2)
            )
        done = rect.copy()
        done.width = max(rect.height, round(rect.width * p.moment / max(1, p.length)))
        pygame.draw.rect(surface, theme.MUSTARD, done, border_radius=rect.height // 2)
        knob = (done.right, rect.centery)
        pygame.draw.circle(surface, theme.FOCUS, knob, rect.height)
        pygame.draw.circle(surface, theme.SHADOW, knob, rect.height, max(1, lay.ring // 2))

    def lines(self) -> list[Line]:
        if self.tab == "moves":
            return self._moves
        if self.tab == "review":
            if self._review is None:
                self._review = review_lines(self.player.timeline.game.id, self.player.review, self.name_of)
            return self._review
        return face_up_lines(self.player.timeline.game.id, self.player.face_up(), self.name_of)

    def draw_column(self, surface: pygame.Surface, column: pygame.Rect, lay: theme.Layout) -> None:
        pygame.draw.rect(surface, theme.BACKGROUND, column)
        pygame.draw.line(surface, theme.PANEL_EDGE, column.topleft, column.bottomleft, max(1, lay.ring // 2))
        pad = lay.gap
        inner = column.inflate(-pad * 2, -pad * 2)
        hints = (
            _(
                "Left/Right a move, Up/Down a turn, Q/E a round, Enter play or pause, P speed, X eyes, "
                "H tab, Esc back"
            )
            if self.has_rounds
            else _("Left/Right a move, Up/Down a turn, Enter play or pause, P speed, X eyes, H tab, Esc back")
        )
        small = lay.font("small")
        hint_lines = theme.wrap(hints, small, inner.width)
        saved: list[str] = []
        if self.saved is not None and self.now < self.saved[1]:  # where the file went, under the list
            where = Path(self.saved[0])
            folder = str(where.parent).replace(str(Path.home()), "~", 1)
            said = _("Saved as {name} in {folder}").format(name=where.name, folder=folder)
            saved = [
                piece
                for line in theme.wrap(said, small, inner.width - pad)
                for piece in break_path(line, small, inner.width - pad)
            ]
        saved_h = small.get_linesize() * len(saved) + pad if saved else 0
        list_rect = pygame.Rect(
            inner.x,
            inner.y,
            inner.width,
            inner.height - len(hint_lines) * small.get_linesize() - pad - saved_h,
        )
        self.draw_lines(surface, list_rect, lay)
        if saved:  # the list gives it room: it covers no line of the review
            box = pygame.Rect(inner.x, list_rect.bottom + pad // 2, inner.width, saved_h - pad // 2)
            theme.draw_panel(surface, box, lay, colour=theme.PANEL_LIGHT, edge=theme.MUSTARD)
            for i, line in enumerate(saved):
                spot = (box.x + pad // 2, box.y + pad // 4 + i * small.get_linesize())
                theme.text(surface, line, "small", theme.TEXT, spot, lay)
        for i, line in enumerate(hint_lines):
            spot = (inner.x, list_rect.bottom + saved_h + pad + i * small.get_linesize())
            theme.text(surface, line, "small", theme.TEXT_DIM, spot, lay, max_width=inner.width)

    def draw_lines(self, surface: pygame.Surface, rect: pygame.Rect, lay: theme.Layout) -> None:
        """The tab's lines, wrapped; the line of the moment shown is marked (and kept in sight)."""
        pygame.draw.rect(surface, theme.PANEL, rect, border_radius=lay.radius)
        font = lay.font("small")
        step = font.get_linesize()
        width = rect.width - lay.gap * 3  # a wrapped line's further rows are indented by a gap
        key = (self.tab, width, step, self.player.moment if self.tab == "face_up" else None)
        if self._wrapped is None or self._wrapped[0] != key:
            self._wrapped = (key, [(line, theme.wrap(line.text, font, width)) for line in self.lines()])
        wrapped = self._wrapped[1]
        total = sum(len(rows) for _line, rows in wrapped)
        visible = max(1, (rect.height - lay.gap) // step)
        if self.follow and self.tab == "moves":
            self.scroll = max(0, self.player.moment - visible // 2)
        self.scroll = max(0, min(self.scroll, max(0, total - visible)))
        self.line_rects = []
        row = 0
        y = rect.y + lay.gap // 2
        clip = surface.get_clip()
        surface.set_clip(rect)
        current = self.player.moment
        shown_to = row
        for line, rows in wrapped:
            if row + len(rows) <= self.scroll:
                row += len(rows)
                continue
            skip = max(0, self.scroll - row)  # a line begun above the panel: its rows from the top on
            if y >= rect.bottom or (y + step * (len(rows) - skip) > rect.bottom and row >= self.scroll):
                break  # a line shown whole or not at all (but the first, however long)
            box = pygame.Rect(rect.x, y, rect.width, step * (len(rows) - skip))
            if line.moment is not None and line.moment == current:
                pygame.draw.rect(surface, theme.PANEL_LIGHT, box)
            colour = (
                theme.MUSTARD if line.heading else theme.TEXT if line.moment is not None else theme.TEXT_DIM
            )
            for i, text in enumerate(rows[skip:], start=skip):
                x = rect.x + lay.gap * (2 if i else 1)
                theme.text(surface, text, "small", colour, (x, y), lay, max_width=width)
                y += step
            if line.moment is not None:
                self.line_rects.append((box.clip(rect), line.moment))
            row += len(rows)
            shown_to = row
        surface.set_clip(clip)
        r = max(3, step // 4)  # more above, more below: a small triangle at the panel's right edge
        x = rect.right - lay.gap
        if self.scroll > 0:
            top = rect.y + lay.gap // 2
            pygame.draw.polygon(surface, theme.MUSTARD, [(x - r, top + r), (x + r, top + r), (x, top)])
        if shown_to < total:
            foot = rect.bottom - lay.gap // 2
            pygame.draw.polygon(surface, theme.MUSTARD, [(x - r, foot - r), (x + r, foot - r), (x, foot)])

    def occupied_rects(self) -> list[pygame.Rect]:
        return list(self.controls.values())

    def describe(self) -> dict[str, Any]:
        p = self.player
        return {
            "scene": self.name,
            "game": p.timeline.record.game,
            "moment": p.moment,
            "length": p.length,
            "eye": p.eye,
            "tab": self.tab,
            "playing": p.playing,
            "speed": p.speed,
        }

    def on_exit(self) -> None:
        if self.table is not None and (self.stack is None or self not in self.stack.scenes):
            self.table.on_exit()
