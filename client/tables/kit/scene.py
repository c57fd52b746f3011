"""The card-table scene every kit table builds on: the game's objects drawn where they lie, moves made
by touching them (mouse, or a focus ring moved by arrows and pad), a menu at the object when one
touch can mean several moves or a move cannot be taken back, the last move marked (and, more
lightly, everything the others changed since the shown seat's own last move), the game's whole log
and the move list as an accessible panel, collapsed by default.

A table says what its objects are (``build``), which objects each legal action involves
(``path_of``) and how to draw them (``draw_under``, ``draw_thing``, ``draw_over``)."""

from __future__ import annotations

from typing import Any

import pygame

from soupkitchen.client.tables.base import TableScene
from soupkitchen.client.tables.kit import menu_place
from soupkitchen.client.tables.kit.board import BODY, Board
from soupkitchen.client.tables.kit.ending import TableEnd
from soupkitchen.client.tables.kit.log_book import LogBook
from soupkitchen.client.tables.kit.motion import Motion
from soupkitchen.client.tables.kit.moves_by_touch import Choosing, Path, candidates, touch, usable
from soupkitchen.client.tables.kit.panels import (
    HOVER_SECONDS,
    MOVES_BOTTOM,
    MOVES_KEY,
    SIDE_TOP,
    SIDE_W,
    SIDE_X,
    draw_hover,
    draw_menu,
    draw_side,
    history_rect,
    info_rect,
    mark_last,
    mark_since,
    moves_rect,
    place_hover,
)
from soupkitchen.client.tables.kit.table_objects import Thing, nearest, note_thing, under_point
from soupkitchen.client.tables.kit.view_model import ViewModel
from soupkitchen.client.tables.move_list import MoveList
from soupkitchen.client.tables.wording import event_words, move_words
from soupkitchen.client.ui import art, coverage, theme
from soupkitchen.client.ui.input import InputAction
from soupkitchen.client.words import _, ngettext
from soupkitchen.client.words import current as current_language
from soupkitchen.shared.core import canonical_json

MENU_LEAST_W, MENU_H, MENU_MOST_W = 300, 64, 900  # a menu item (as wide as its words, within these)
CANCEL = {"type": "kit:cancel"}  # the menu item that closes a menu without a move
JUST_CHANGED = 0.5  # seconds after another's move in which a touch of what it changed is not taken
REPLACED_BUTTON = 0.4
"""Seconds after a button took new words in its place (Next round, then Ready to cook) in which a
click on it is not taken: it is the second click of a double click meant for the button before."""
LOG_STEP = 3  # history lines the mouse wheel scrolls a notch
PRESSES = frozenset({"select", "pass", "alt", "more", "less", "rotate_left", "rotate_right"})  # keys


def upright_cards(things: list[Thing], b: Board, worded: tuple[str, ...] = ()) -> list[Thing]:
    """On a board spread wider than tall (a replay's), a card keeps its shape: an upright card's
    place is narrowed back to the card's width, about its middle; but a card that holds lines of
    words (keys starting with one of ``worded``) keeps the board's width for them."""
    if b.scale_x <= b.scale:
        return things
    for thing in things:
        rect = thing.rect
        upright = rect.w * b.scale < rect.h * b.scale_x  # on the board
        if thing.kind == "card" and upright and not thing.key.startswith(worded):
            thing.rect = pygame.Rect(0, 0, round(rect.w * b.scale / b.scale_x), rect.h)
            thing.rect.center = rect.center
    return things


class KitTable(TableScene):
    """A table of objects acted on directly."""

    name = "kit_table"
    art_folder = ""  # the game's card art: assets/<art_folder>/*.svg
    worded_cards: tuple[str, ...] = ()  # keys of cards that hold lines of words (see upright_cards)
    model_type: type[ViewModel] = ViewModel  # the game's reading of its view

    def __init__(self, app, session) -> None:
        super().__init__(app, session)
        self.choosing = Choosing()
        self.motion = Motion()
        self.focus: str | None = None
        self.hover: str | None = None
        self.hover_since = 0.0  # when the pointer came to rest on what it points at
        self.hover_quiet = False  # a click was made there: no hover words until the pointer moves
        self.keyboard = False
        self.moves_open = False
        self.moves = MoveList([], self._play_listed, key="moves", empty=_("Not your move"))
        self.sent: list[dict[str, Any]] = []
        self.log_book = LogBook()
        self.log_scroll = 0  # history lines scrolled back from the newest
        self.log_most = 0  # how far back the history can scroll (as last drawn)
        self.pointer_at: tuple[int, int] | None = None  # where the mouse is
        self._seat_seen: int | None = None
        self._others_moved = False  # the latest change was another player's move, not the shown seat's
        self._keys_moved_at = -JUST_CHANGED  # when another's move last changed what Enter would use
        self._pressed = False  # the input being handled is a key press (or a pad's button)
        self._built: tuple[Any, list[Thing]] | None = None
        self._buttons: dict[str, tuple[str, float]] = {}  # each button's words, and since when (client clock)
        self._layer: pygame.Surface | None = None
        self._layer_key: tuple | None = None
        self._layer_drawn: list[tuple] = []  # what the layer holds, for the coverage check
        self._layer_whole = False  # the layer holds a whole table (not a new, blank one)
        self._seen_view: str | None = None
        self._menu_placed: tuple[tuple, list[pygame.Rect]] | None = None  # the open menu's place
        self._refresh(self.current_view())

    # --- hooks -------------------------------------------------------------------------------------
    @classmethod
    def card_sizes(cls, board: Board) -> set[tuple[int, int]]:
        """The pixel sizes the game's card art is drawn at on ``board``."""
        return set()

    def build(self, view: dict[str, Any], board: Board) -> list[Thing]:
        """The game's objects in drawing order (bottom first)."""
        return []

    def path_of(self, action: dict[str, Any]) -> Path:
        """The keys of the objects a player touches, in order, to make ``action`` (empty: none)."""
        return ()

    def draw_under(self, surface: pygame.Surface, board: Board, view: dict[str, Any]) -> None:
        """Backdrop, zone frames and words, drawn before the objects."""
        theme.draw_background(surface)

    def draw_thing(
        self, surface: pygame.Surface, board: Board, thing: Thing, rect: pygame.Rect, show: float
    ) -> None:
        """One object at ``rect`` (moving, or ``show`` < 1 while turning over)."""

    def draw_over(self, surface: pygame.Surface, board: Board, view: dict[str, Any]) -> None:
        """Anything drawn above the objects (a scoring sheet)."""

    def history(self, view: dict[str, Any]) -> list[tuple[int, str]]:
        """The game's log as far as the table has seen it, oldest first, each entry with its number, in
        the game's words, seats named as the table knows them."""
        return [
            (
                number,
                event_words(self.session.game_id, entry, self.session.seat_name, self.session.shown_seat),
            )
            for number, entry in self.log_book.ordered()
        ]

    def history_news(self) -> tuple[int | None, bool]:
        """The number of the first log entry that is news to the shown seat (after its own last move,
        or after what the table showed when it opened; None for a spectator), and whether the seat
        has a move of its own in the log."""
        seat = self.session.shown_seat
        if seat is None:
            return None, False
        return self.log_book.news_from(seat), self.log_book.last_own(seat) is not None

    def couch_player(self) -> str:
        """In couch play, the name of the player whose hand is shown ("" otherwise)."""
        seat = self.session.shown_seat if getattr(self.session, "couch", False) else None
        return "" if seat is None else self.session.seat_name(seat)

    def addressed(self, words: str) -> str:
        """The line at the top of the table, in couch play naming the player whose hand is shown, so
        the person who took the controls reads that it is theirs ("Ada — Your turn: ...")."""
        player = self.couch_player()
        return _("{player} — {prompt}").format(player=player, prompt=words) if player and words else words

    def recap(self, seat: int | None) -> list[str]:
        """What the others did since ``seat``'s own last move, in words, oldest first (what a couch
        hand-off tells a player before they look)."""
        news = self.log_book.news_from(seat)
        return [words for number, words in self.history(self.current_view() or {}) if number >= news]

    def menu_words(self, action: dict[str, Any]) -> str:
        """A move's words, as the shown seat reads them."""
        if action == CANCEL:
            return _("Cancel (Esc)")
        return move_words(self.session.game_id, self.current_view(), action, self.session.seat_name)

    def confirm(self, action: dict[str, Any]) -> bool:
        """Whether ``action`` is asked once more before it is made: a move that cannot be taken back
        and that one touch makes (the menu at the object names it; a second touch or Enter makes it)."""
        return False

    def look(self) -> tuple:
        """What the table shows besides the view, when it changes with time alone (cards turned
        face down a moment after they were seen); the table is built again when it changes."""
        return ()

    def end_verdict(self) -> str:
        """How the game ended in the game's words ("" : the winners by the result)."""
        return ""

    def end_next_game(self) -> tuple[str, dict[str, Any]] | None:
        """What comes next, when the result says (a button's words and the new table's options)."""
        return None

    def end_notes(self) -> list[str]:
        """Lines the end screen tells under its buttons (a game of rounds: each round)."""
        return []

    def end_handle(self, action: InputAction) -> bool:
        """Input the end uses itself (True if used)."""
        return False

    def end_panel(self) -> TableEnd:
        """The end screen shows the table as the game left it."""
        return TableEnd(self)

    # --- state -------------------------------------------------------------------------------------
    @classmethod
    def art_to_preload(cls, size: tuple[int, int]) -> list[tuple[Any, tuple[int, int]]]:
        """Every picture of the game's card art at each of its ``card_sizes``."""
        paths = sorted((art.ASSETS / cls.art_folder).glob("*.svg")) if cls.art_folder else []
        return [(path, size) for size in sorted(cls.card_sizes(Board(size))) for path in paths]

    @property
    def model(self) -> Any:
        return self.model_type(self.current_view())

    @property
    def board(self) -> Board:
        return Board(self.app.screen_size, self.app.table_text_scale)

    @property
    def actions(self) -> list[dict[str, Any]]:
        seat = self.session.shown_seat
        view = self.session.view(seat) if seat is not None else None
        return [a for a in (view or {}).get("legal_actions") or [] if isinstance(a, dict)]

    def things(self) -> list[Thing]:
        view = self.current_view() or {}
        key = (
            self._seen_view,
            self.app.screen_size,
            self.choosing.picked,
            self.look(),
            self.moves_open,
            current_language(),  # a language chosen in the menu words the table again at once
        )
        if self._built is None or self._built[0] != key:
            built = upright_cards(self.build(view, self.board) if view else [], self.board, self.worded_cards)
            if not getattr(self.session, "replaying", False):  # a replay has no moves to list
                built.append(
                    Thing(
                        MOVES_KEY,
                        self.moves_button_rect(),
                        "button",
                        what=_("The list of every move you can make, in words"),
                        words=self.moves_button_words(),
                    )
                )
            self._built = (key, built)
            for thing in built:
                if thing.kind == "button" and self._buttons.get(thing.key, (thing.words,))[0] != thing.words:
                    self._buttons[thing.key] = (thing.words, self.now)  # replaced in its place
                elif thing.kind == "button" and thing.key not in self._buttons:
                    self._buttons[thing.key] = (thing.words, float("-inf"))
        return self._built[1]

    def just_replaced(self, thing: Thing) -> bool:
        """Whether ``thing`` is a button that took new words where it lies a moment ago (by this
        client's clock): a click on it then was meant for the button it replaced."""
        words, since = self._buttons.get(thing.key, ("", float("-inf")))
        return thing.kind == "button" and words == thing.words and self.now - since < REPLACED_BUTTON

    def moves_button_rect(self) -> pygame.Rect:
        """Where the button that opens the move list lies (at the foot of the side column)."""
        return self.board.rect(SIDE_X, 1000, SIDE_W, 60)

    def moves_button_words(self) -> str:
        return _("Hide the moves (X)") if self.moves_open else _("List the moves (X)")

    def thing(self, key: str | None) -> Thing | None:
        return next((t for t in self.things() if t.key == key), None)

    def usable(self) -> dict[str, list[dict[str, Any]]]:
        found = usable(self.actions, self.path_of, self.choosing.picked)
        found[MOVES_KEY] = []
        return found

    def focusable(self) -> list[Thing]:
        """What the keys' focus moves over: what can be touched now, what is picked, and what is
        there to be read (``Thing.readable``: its hover words tell what it is)."""
        live = self.usable()
        touched = [t for t in self.things() if t.key in live or t.key in self.choosing.picked]
        if self.choosing.picked:  # a move half made: only its next step (or taking a step back)
            return touched
        return touched + [
            t for t in self.things() if t.readable and t not in touched
        ]  # the focus starts on a move

    def _refresh(self, view: dict[str, Any] | None) -> None:
        if view is None:
            return
        text = canonical_json(view)
        if text == self._seen_view:
            return
        first, self._seen_view = self._seen_view is None, text
        self._built = None
        self._keep_choosing()
        self.hover_since = self.now  # what lies under the pointer may have changed: its words wait again
        animate = bool(getattr(getattr(self.app, "settings", None), "animations", True))
        self._take(view, [t for t in self.things() if t.key != MOVES_KEY], animate)
        rows = self.move_rows()
        had, changed = bool(self.moves.rows), rows != self.moves.rows
        if changed:
            self.answer = None  # the shown seat's step moved on: an answer about the last one goes
            self.moves.selected = -1  # a new list: a row is chosen with the arrows before Enter plays it
        self.moves.set_rows(rows)
        if self.focus not in {t.key for t in self.focusable()}:
            self.focus = None
        if self.keyboard and self.actions and not self.focus_live():
            # a new step played by keys: its focus shown at once, never on a move one key press makes
            self.focus = self.first_focus(gentle=True)
        if not first and had and changed and self._others_moved:
            self._keys_moved_at = self.now  # the step changed under the keys: a key now was meant before

    def move_rows(self) -> list[str]:
        """The move list's rows: each legal action in the table's names, as in its menus."""
        return [self.menu_words(a) for a in self.actions]

    def _keep_choosing(self) -> None:
        """A new view: what the player has picked stays picked while it still leads to a legal move
        (a reaction or a seat's news changes the view without changing the player's choices), and an
        open menu stays while its moves are all still legal."""
        actions = self.actions
        if self.choosing.picked and not candidates(actions, self.path_of, self.choosing.picked):
            self.choosing.reset()
        elif self.choosing.menu and any(a not in actions for a in self.choosing.menu):
            self.choosing.close_menu()

    def _take(self, view: dict[str, Any], things: list[Thing], animate: bool) -> None:
        """A new view and its things: the log kept, the motion and the marks of what changed; after the
        shown seat's own move (or for another seat) the lighter marks start afresh."""
        seat = self.session.shown_seat
        own = self.log_book.last_own(seat)
        self.log_book.read(view)
        self.motion.see(things, self.now, animate)
        mine = self.log_book.last_own(seat) != own
        if (mine and self.turn_over(view)) or seat != self._seat_seen:
            self.motion.settle()
        elif mine:  # a turn of several moves goes on: what the others changed stays marked, not one's own
            self.motion.since -= self.motion.changed
        self._seat_seen, self._others_moved = seat, not mine

    def catch_up(self, steps: list[tuple[dict[str, Any], list[dict[str, Any]]]]) -> None:
        """Made afresh at a moment of a replay: the log and the marks rebuilt from the views before it."""
        self.log_book, self.motion = LogBook(), Motion()
        for view, _events in steps:
            if view:
                self._take(view, self.build(view, self.board), animate=False)
        self._built = None

    def turn_over(self, view: dict[str, Any]) -> bool:
        """Whether the shown seat's own move in ``view`` ended its turn, so that what the others changed
        before it is no longer news (a table whose turns take several moves says when)."""
        return True

    def on_state(self, seat, view, events) -> None:
        self._refresh(self.current_view())

    def update(self, dt: float, now: float) -> None:
        super().update(dt, now)
        self._refresh(self.current_view())

    # --- playing -----------------------------------------------------------------------------------
    def play(self, action: dict[str, Any] | None) -> bool:
        if action is None:
            return False
        if action == CANCEL:
            self.choosing.reset()
            return True
        if self.key_meant_before(action):  # not made: the player looks again
            self.answer_at(self.key_spot(), _("That has just changed: look again"))
            return True
        self.sent.append(action)
        self.choosing.reset()
        self.send(action)
        return True

    def _play_listed(self, index: int) -> None:
        actions = self.actions
        if 0 <= index < len(actions):
            self.play(actions[index])

    def touch(self, key: str) -> bool:
        """Touch the object ``key`` (click, or Enter on the focus)."""
        if key == MOVES_KEY:
            self.moves_open = not self.moves_open
            self._built = None
            return True
        if key in self.choosing.picked:
            self.choosing.picked = self.choosing.picked[: self.choosing.picked.index(key)]
            self.choosing.close_menu()
            return True
        if key not in self.usable():
            if not self.choosing.picked or key not in usable(self.actions, self.path_of, ()):
                return False
            self.choosing.reset()  # a touch that starts another move starts it afresh
        action = touch(self.choosing, key, self.actions, self.path_of)
        if action is not None and self.confirm(action):
            self.ask(action, key)
            return True
        if action is not None:
            return self.play(action)
        return True

    def ask(self, action: dict[str, Any], key: str) -> None:
        """Ask to confirm ``action``, made by touching ``key``: a menu at it names the move, and Cancel."""
        self.choosing.picked = tuple(self.path_of(action))
        self.choosing.menu, self.choosing.menu_at = [action, CANCEL], key
        self.choosing.menu_focus, self.choosing.confirm = action, action

    def menu_rects(self) -> list[pygame.Rect]:
        anchor = self.thing(self.choosing.menu_at)
        if not self.choosing.menu or anchor is None:
            return []
        return self.menu_rects_for(anchor.rect, self.choosing.menu)

    def menu_rects_for(self, anchor: pygame.Rect, actions: list[dict[str, Any]]) -> list[pygame.Rect]:
        """Where a menu of ``actions`` opened at ``anchor`` puts its items: beside it where it covers
        nothing the table shows, else at the top of the side column (``kit.menu_place``); worked out
        once for as long as the menu is open, so that it never moves under the pointer."""
        b = self.board
        words = tuple(self.menu_words(action) for action in actions)
        key = (
            tuple(anchor),
            words,
            self.app.screen_size,
            self.choosing.picked,
            self.moves_open,
            self.side_room(),
        )
        if self._menu_placed is not None and self._menu_placed[0] == key:
            return [rect.copy() for rect in self._menu_placed[1]]
        f = b.font(BODY)
        pad, line_h = b.px(MENU_H), f.get_linesize()

        def shape_at(width: int, most: int | None = menu_place.MOST_LINES) -> menu_place.Shape | None:
            lines = [len(theme.wrap(w, f, width - b.px(24))) for w in words]
            if most is not None and max(lines) > most:
                return None
            return menu_place.Shape(width, tuple(pad + (n - 1) * line_h for n in lines))

        needs = [f.size(w)[0] + b.px(40) for w in words]
        options = menu_place.shapes(needs, b.px(MENU_LEAST_W), b.px(MENU_MOST_W), shape_at)
        dock = self._menu_dock()
        rects = menu_place.place(
            anchor,
            options,
            shape_at(dock.w, None),
            self.menu_keep(),
            b.rect(10, 10, 1900, 1060),
            dock.topleft,
            b.scale,
            line_h,
        )
        self._menu_placed = (key, [rect.copy() for rect in rects])
        return rects

    def menu_docked(self) -> pygame.Rect | None:
        """Where the open menu lies when nothing near its object had room and it opened at the top of
        the side column (the log makes room under it)."""
        rects = self.menu_rects()
        return rects[0].unionall(rects) if rects and rects[0].topleft == self._menu_dock().topleft else None

    def _menu_dock(self) -> pygame.Rect:
        """The top of the side column, where a menu opens when nothing near its object has room."""
        top = (MOVES_BOTTOM + 10 if self.moves_open else SIDE_TOP) + self.side_room()
        return self.board.rect(SIDE_X, top, SIDE_W, 1)

    def log_room(self) -> int:
        """Board units kept at the top of the side column above the log: the table's notice
        (``side_room``), and a menu opened there."""
        docked = self.menu_docked()
        if docked is None:
            return self.side_room()
        b = self.board
        return max(self.side_room(), round((docked.bottom - b.oy) / b.scale) + 14 - SIDE_TOP)

    def menu_keep(self) -> menu_place.Keep:
        """What a menu keeps clear of: the things the move is about (what is picked), the player's own
        things (``menu_mine``) and what else the table names (``menu_never``); what it covers as little
        as it can: every other card and button, what the table last drew (its layer holds the table
        without the menu while the menu is first placed), and the zones' cloth."""
        mine = self.menu_mine()
        never, objects, zones = list(self.menu_never()), [], []
        for thing in self.things():
            if thing.key in self.choosing.picked or any(
                thing.key == k or thing.key.startswith(k + ":") for k in mine
            ):
                never.append(thing.rect)
            else:
                (zones if thing.kind == "zone" else objects).append(thing.rect)
        drawn = self._layer if self._layer_whole else None
        return menu_place.Keep(
            never,
            menu_place.busy_pixels(drawn, self.board.scale) if drawn is not None else None,
            coverage.noted_outside_overlays(self._layer_drawn),
            zones,
            objects,
        )

    def menu_never(self) -> list[pygame.Rect]:
        """What else a menu must never cover on this table (words or pictures drawn outside its objects)."""
        return []

    def menu_mine(self) -> set[str]:
        """The keys of the player's own things a menu never covers (a key names the thing and every
        thing whose key goes on from it after a colon: "hand" is the hand and each "hand:2")."""
        return set()

    def points_for(self, action: dict[str, Any]) -> list[tuple[int, int]]:
        """The window points that, clicked in order, play the legal ``action`` (empty: no way).
        Each point is found on the table as it will be after the clicks before it."""
        path = tuple(self.path_of(action))
        if not path:
            return []
        saved = (self.choosing.picked, self.choosing.menu, self.choosing.menu_at, self.choosing.menu_focus)
        points = []
        try:
            for i, key in enumerate(path):
                self.choosing.picked, self.choosing.menu = path[:i], []
                thing = self.thing(key)
                if thing is None:
                    return []
                points.append(self._point_on(thing))
            leads = [
                a
                for a, p in candidates(self.actions, self.path_of, path[:-1])
                if p[len(path) - 1] == path[-1]
            ]
            complete = [a for a in leads if tuple(self.path_of(a)) == path]
            if len(leads) > 1 and action in complete:
                rects = self.menu_rects_for(self.thing(path[-1]).rect, complete)
                points.append(rects[complete.index(action)].center)
            elif self.confirm(action):  # the confirmation's first item
                self.choosing.picked = path
                points.append(self.menu_rects_for(self.thing(path[-1]).rect, [action, CANCEL])[0].center)
        finally:
            self.choosing.picked, self.choosing.menu, self.choosing.menu_at, self.choosing.menu_focus = saved
        return points

    def _point_on(self, thing: Thing) -> tuple[int, int]:
        """A point of ``thing`` where it is the first thing found (not covered by another)."""
        things = self.things()
        for fx, fy in (
            (0.5, 0.5),
            (0.5, 0.15),
            (0.5, 0.85),
            (0.15, 0.5),
            (0.85, 0.5),
            (0.1, 0.1),
            (0.9, 0.9),
        ):
            pos = (thing.rect.x + round(thing.rect.w * fx), thing.rect.y + round(thing.rect.h * fy))
            found = under_point(things, pos)
            owners = [t for t in found if t.key in self.usable() or t.key in self.choosing.picked]
            if found and (found[0].key == thing.key or (owners and owners[0].key == thing.key)):
                return pos
        return thing.rect.center

    # --- input -------------------------------------------------------------------------------------
    def handle(self, action: InputAction) -> bool:
        self._pressed = action.kind in PRESSES
        try:
            return self._handle(action)
        finally:
            self._pressed = False

    def _handle(self, action: InputAction) -> bool:
        if action.kind == "back" and (self.choosing.menu or self.choosing.picked or self.moves_open):
            if self.choosing.menu or self.choosing.picked:
                self.choosing.reset()
            else:
                self.moves_open = False
                self._built = None
            return True
        return super().handle(action)

    def key_meant_before(self, action: dict[str, Any]) -> bool:
        """Whether a key press (Enter, Space, a pad's button) that would make ``action`` came a moment
        after another's move changed what it would use (the focus moved, the move list changed under
        it): as a click on something changed a moment ago, it was meant for what was there before."""
        return self._pressed and self.now - self._keys_moved_at < JUST_CHANGED

    def key_spot(self) -> tuple[int, int]:
        """Where an answer to a key press goes: at the open move list, else at the focus."""
        focus = self.thing(self.focus) if self.keyboard else None
        if self.moves_open:
            return self.moves_rect().center
        return focus.rect.center if focus is not None else self.moves_button_rect().center

    def handle_table(self, action: InputAction) -> bool:
        kind = action.kind
        shown = self.keyboard and self.thing(self.focus) is not None  # the focus ring is on the table
        if kind in ("navigate", "select", "alt"):
            self.keyboard = True
        if kind == "alt":
            return self.touch(MOVES_KEY)
        if self.moves_open and self._moves_input(action):
            return True
        if self.choosing.menu and kind in ("navigate", "select"):
            return self._menu_key(action)
        if kind == "navigate":
            current = self.thing(self.focus)
            found = nearest(
                [t for t in self.focusable() if t.key != self.focus],
                current.rect if current else None,
                action.dx,
                action.dy,
            )
            if found is not None:
                self.focus = found.key
            return True
        if kind == "select":
            return self._select(shown)
        over_log = self.pointer_at is not None and self._history_rect().collidepoint(self.pointer_at)
        if kind == "scroll" and over_log:
            self.log_scroll = max(0, min(self.log_most, self.log_scroll - action.dy * LOG_STEP))
            return True
        if kind == "point" and action.pos is not None:
            self.keyboard = False
            self.pointer_at = action.pos
            found = under_point(self.things(), action.pos)
            live = [t for t in found if t.key in self.usable() or t.key in self.choosing.picked]
            pointed = (live or found)[0].key if found else None  # what a click here would use
            if pointed != self.hover:
                self.hover_since = self.now
            self.hover, self.hover_quiet = pointed, False
            return True
        if kind == "click" and action.pos is not None:
            self.keyboard = False
            self.hover_quiet = True
            self.answer = None  # a new touch: the answer to the last one goes
            return self._click(action.pos, action.button)
        return False

    def _select(self, shown: bool = True) -> bool:
        """Enter (or a pad's A) on the focus: touched as a click would touch it; a focus that cannot
        be used now is answered where it is. With no focus ring shown, the key shows it first (on
        the focus if it can be used, else on the first thing that can), rather than act unseen."""
        if not shown or self.thing(self.focus) is None:
            if not self.focus_live():
                self.focus = self.first_focus()
            return self.focus is not None
        focused = self.thing(self.focus)
        if focused is None:
            return False
        if focused.key in self.usable() or focused.key in self.choosing.picked:
            return self.touch(focused.key)
        if not self.session.over:
            self.answer_at(focused.rect.center, self.not_now() if self.actions else self.not_yours())
        return True

    def focus_live(self) -> bool:
        """Whether the focus is on something a key press can use now."""
        return self.focus is not None and (self.focus in self.usable() or self.focus in self.choosing.picked)

    def first_focus(self, gentle: bool = False) -> str | None:
        """Where the keys' focus starts: the first thing that can be used now (the top-left one),
        the list of moves last; None when the shown seat has nothing to do. ``gentle``: only on
        something one touch does not make a move with (a card to pick, a move that asks first),
        else nowhere (the first Enter shows it, the next one uses it)."""
        live = self.usable()
        things = [t for t in self.things() if t.key in live or t.key in self.choosing.picked]
        if gentle:
            things = [t for t in things if t.key != MOVES_KEY and not self.commits(t.key)]
        found = nearest(sorted(things, key=lambda t: t.key == MOVES_KEY), None, 0, 0)
        return found.key if found is not None and (self.actions or found.key != MOVES_KEY) else None

    def commits(self, key: str) -> bool:
        """Whether one touch of ``key`` now makes a move (without a menu or a question first)."""
        leads = self.usable().get(key) or []
        return (
            len(leads) == 1
            and tuple(self.path_of(leads[0])) == (*self.choosing.picked, key)
            and not self.confirm(leads[0])
        )

    def _history_rect(self) -> pygame.Rect:
        return history_rect(self.board, self.moves_open, self.log_room())

    def _moves_input(self, action: InputAction) -> bool:
        panel = self.moves_rect()
        if action.kind == "click" and action.pos is not None and panel.collidepoint(action.pos):
            self.moves.click(action.pos)
            return True
        if action.kind == "navigate" and action.dy and self.moves.rows and self.moves.selected < 0:
            self.moves.selected = 0 if action.dy > 0 else len(self.moves.rows) - 1
            self.moves.set_rows(self.moves.rows)  # the row chosen comes into sight
            return True
        if action.kind in ("navigate", "scroll") and (action.kind == "scroll" or action.dy):
            return self.moves.handle(action)
        if action.kind == "select":
            if self.moves.rows and not 0 <= self.moves.selected < len(self.moves.rows):
                self.answer_at(panel.center, _("Choose a move with the arrow keys first"))
                return True
            self.moves.activate()
            return True
        return False

    def _menu_key(self, action: InputAction) -> bool:
        menu = self.choosing.menu
        if action.kind == "navigate":
            index = menu.index(self.choosing.menu_focus) if self.choosing.menu_focus in menu else -1
            self.choosing.menu_focus = menu[(index + (action.dy or action.dx)) % len(menu)]
            return True
        chosen = self.choosing.menu_focus
        return self.play(chosen if chosen in menu else menu[0])

    def _click(self, pos: tuple[int, int], button: int) -> bool:
        if self.choosing.menu:
            for action, rect in zip(self.choosing.menu, self.menu_rects(), strict=False):
                if rect.collidepoint(pos):
                    return self.play(action)
            confirm, at = self.choosing.confirm, self.thing(self.choosing.menu_at)
            self.choosing.close_menu()
            if confirm is not None:  # touched again: confirmed; anywhere else: not made
                if button == 1 and at is not None and at.rect.collidepoint(pos):
                    return self.play(confirm)
                self.choosing.reset()
                return True
        if button != 1:
            self.choosing.reset()
            return True
        found = under_point(self.things(), pos)
        gliding = self.motion.moving(self.now)  # a card on its way is touched where it is drawn
        found += [
            t
            for t in self.things()
            if t.key in gliding and t not in found and self.motion.place(t, self.now)[0].collidepoint(pos)
        ]
        fresh = usable(self.actions, self.path_of, ()) if self.choosing.picked else {}
        live = self.usable()
        for wanted in (
            [t for t in found if t.key in self.choosing.picked or t.key in live],
            [t for t in found if t.key in fresh],
        ):  # the move under way first, else a new one
            if wanted:
                self.focus = wanted[0].key if not self.keyboard else self.focus
                if self.just_changed(wanted[0].key):
                    self.answer_at(pos, _("That has just changed: look again"))
                    return True
                if self.just_replaced(wanted[0]):
                    return True  # the second click of a double click: the new button waits for its own
                return self.touch(wanted[0].key)
        if found and not self.session.over:  # a touch of a thing that does nothing is answered there
            if not self.actions:
                self.choosing.reset()
            self.answer_at(pos, self.not_now() if self.actions else self.not_yours())
            return True
        self.choosing.reset()  # the bare cloth: a move half made is let go
        return False

    def just_changed(self, key: str) -> bool:
        """Whether ``key`` was changed by another player's move a moment ago, before the first touch
        of a move: the touch may have been meant for what lay there before."""
        return (
            not self.choosing.picked
            and self._others_moved
            and key in self.motion.changed
            and self.now - self.motion.changed_at < JUST_CHANGED
        )

    def not_now(self) -> str:
        """Why a thing touched on the shown seat's turn does nothing."""
        return _("Not that now: what you can use is ringed in green")

    def draw_answer(self, surface: pygame.Surface) -> None:
        """The answer to the last touch beside what was touched, where it hides nothing the table
        shows (else at the foot of the side column)."""
        answer = self.answer
        if answer is None or self.now >= answer.until or not self.current_view():
            return
        b = self.board
        touched = next((t.rect for t in under_point(self.things(), answer.pos) if t.kind != "zone"), None)
        near = touched or pygame.Rect(answer.pos[0] - b.px(8), answer.pos[1] - b.px(8), b.px(16), b.px(16))
        bounds = surface.get_rect()
        side = b.rect(SIDE_X - 10, 0, 1, 1).x
        if answer.pos[0] < side:  # a touch on the table is answered on it, never over the log beside it
            bounds.width = side
        box, lines = place_hover(self, bounds, near, [answer.words], BODY)
        f = b.font(BODY)
        box.h = min(box.h, f.get_linesize() * len(lines) + b.px(20))
        with coverage.overlay("the answer to a touch", box, asked=True):
            pygame.draw.rect(surface, theme.PANEL_LIGHT, box, border_radius=b.px(10))
            pygame.draw.rect(surface, theme.MUSTARD, box, width=b.px(3), border_radius=b.px(10))
            y = box.y + b.px(10)
            for line in lines:
                y = b.text(
                    surface, line, BODY, theme.TEXT, (box.x + b.px(14), y), max_width=box.w - b.px(20)
                ).bottom

    # --- drawing -----------------------------------------------------------------------------------
    def moves_rect(self) -> pygame.Rect:
        return moves_rect(self.board)

    def hover_shown(self) -> bool:
        """Whether hover words show now: for the focus at once, for the pointer once it has rested a
        moment (not after a click until it moves again)."""
        return self.keyboard or (not self.hover_quiet and self.now - self.hover_since >= HOVER_SECONDS)

    def drawn_rects(self) -> list[pygame.Rect]:
        """Where the table drew its things and words (what hover words must not hide)."""
        return coverage.noted(self._layer_drawn)

    def side_room(self) -> int:
        """Board units the table keeps at the top of the side column for a notice of its own (the
        history panel starts below it); 0: none."""
        return 0

    def control_rects(self) -> list[pygame.Rect]:
        """The rectangles of everything that can be touched now (hover words keep clear of them)."""
        live = self.usable()
        return [
            t.rect
            for t in self.things()
            if t.kind == "button" or t.key in live or t.key in self.choosing.picked
        ]

    def occupied_rects(self) -> list[pygame.Rect]:
        """The table's buttons, an open choice menu, the open move list and everything drawn on the
        table left of the side column (toasts are kept off them: they go above the moves button)."""
        rects = [thing.rect for thing in self.things() if thing.kind == "button"] + self.menu_rects()
        side = self.board.rect(SIDE_X, 0, 1, 1).x
        rects += [rect for rect in self.drawn_rects() if rect.right <= side]
        return rects + [self.moves_rect()] if self.moves_open else rects

    def draw_table(self, surface: pygame.Surface) -> None:
        """The table without the mouse's hover and the gliding cards is drawn once into a layer and
        reused until the view, the choosing, the window or the set of gliding cards changes; the
        gliding cards are drawn over it each frame."""
        view = self.current_view()
        if not view:  # the first state is still on its way: the bare cloth until it comes
            theme.draw_background(surface)
            return
        size = surface.get_size()
        gliding = self.motion.moving(self.now)
        key = (
            self._seen_view,
            self.look(),
            size,
            self.choosing.picked,
            tuple(map(canonical_json, self.choosing.menu)),
            self.focus if self.keyboard else None,
            self.moves_open,
            self.moves.selected,
            self.moves.scroll,
            canonical_json(self.choosing.menu_focus),
            gliding,
            self.side_room(),
            self.log_scroll,
            current_language(),
        )
        if key != self._layer_key or self._layer is None or self._layer.get_size() != size:
            if self._layer is None or self._layer.get_size() != size:
                self._layer = (
                    pygame.Surface(size).convert() if pygame.display.get_surface() else pygame.Surface(size)
                )
                self._layer_whole = False
            with coverage.capture() as drawn:
                self._draw_all(self._layer, view, gliding)
            self._layer_key, self._layer_drawn, self._layer_whole = key, drawn, True
        else:
            coverage.replay(self._layer_drawn)
        surface.blit(self._layer, (0, 0))
        old_clip = surface.get_clip()
        for thing in self.things():
            if thing.key in gliding:
                band = self.motion.glides[thing.key].band  # a rotating line: nothing of it outside the line
                surface.set_clip(band.clip(old_clip) if band is not None else old_clip)
                for look, rect, show in self.motion.looks(thing, self.now):
                    self.draw_thing(surface, self.board, look, rect, show)
                surface.set_clip(old_clip)
                note_thing(thing, thing.rect)
        self.draw_live(surface, self.board)
        self.draw_hover(surface)

    def draw_hover(self, surface: pygame.Surface) -> None:
        """The words about what the pointer (or the focus) is on."""
        draw_hover(self, surface)

    def draw_live(self, surface: pygame.Surface, board: Board) -> None:
        """What changes with the clock alone (a countdown), drawn over the table each frame."""

    def _draw_all(self, surface: pygame.Surface, view: dict[str, Any], gliding: frozenset[str]) -> None:
        b = self.board
        # an opening menu finds its place on the table as last drawn, before the log makes room
        self.menu_rects()
        self.draw_under(surface, b, view)
        live = self.usable()
        for thing in self.things():
            if thing.key == MOVES_KEY or thing.key in gliding:
                continue
            self.draw_thing(surface, b, thing, thing.rect, 1.0)
            note_thing(thing, thing.rect)
            asked = self.choosing.confirm is not None and thing.key == self.choosing.menu_at
            if thing.key in self.choosing.picked or asked:
                self.mark_picked(surface, b, thing)
            elif thing.key in live:
                self.mark_usable(surface, b, thing)
            # what changed is framed over the green ring (which stays seen outside the frame)
            if thing.key in self.motion.changed:
                self.mark_changed(surface, b, thing)
            elif thing.key in self.motion.since:
                self.mark_since(surface, b, thing)
        self.draw_marks(surface, b, view)
        self.draw_side(surface, b, view)
        with coverage.overlay("what the table shows over itself"):
            self.draw_over(surface, b, view)
        draw_menu(self, surface, b)
        focus = self.thing(self.focus) if self.keyboard and not self.moves_open else None
        if focus is not None:  # while the move list is open the keys move in it: its row is the focus
            theme.draw_double_ring(surface, focus.rect, b.px(6), b.px(12), b.px(10))

    def mark_changed(self, surface: pygame.Surface, b: Board, thing: Thing) -> None:
        """A thing the last move changed (a pale blue frame, unless the table marks its moves itself)."""
        mark_last(surface, b, thing.rect)

    def draw_marks(self, surface: pygame.Surface, b: Board, view: dict[str, Any]) -> None:
        """Marks of the play that lie around things rather than on one (a line that moved)."""

    def mark_since(self, surface: pygame.Surface, b: Board, thing: Thing) -> None:
        """A thing another move changed since the shown seat's own last move (a thinner frame)."""
        mark_since(surface, b, thing.rect)

    def mark_picked(self, surface: pygame.Surface, b: Board, thing: Thing) -> None:
        """A thing picked as the first step of a move: a thick mustard frame."""
        pygame.draw.rect(
            surface,
            theme.MUSTARD,
            thing.rect.inflate(b.px(14), b.px(14)),
            width=b.px(7),
            border_radius=b.px(12),
        )

    def mark_usable(self, surface: pygame.Surface, b: Board, thing: Thing) -> None:
        """A thing that can be touched now: ringed in green."""
        if thing.kind != "zone":
            pygame.draw.rect(
                surface,
                theme.LEGAL,
                thing.rect.inflate(b.px(8), b.px(8)),
                width=b.px(4),
                border_radius=b.px(10),
            )
        else:
            pygame.draw.rect(surface, theme.LEGAL, thing.rect, width=b.px(4), border_radius=b.px(14))

    def draw_side(self, surface: pygame.Surface, b: Board, view: dict[str, Any]) -> None:
        """The side column: the moves button, the open move list and the history under them."""
        draw_side(self, surface, b, view)

    def hover_home(self) -> pygame.Rect:
        """Where hover words go when beside the thing they would hide something: the foot of the
        side column, kept free for them."""
        return info_rect(self.board)

    def hover_words(self) -> list[str]:
        """What the thing under the mouse (or the focus) is, and what touching it would do."""
        key = self.focus if self.keyboard else self.hover
        thing = self.thing(key)
        if thing is None or self.choosing.menu or self.moves_open:
            return []
        leads = self.usable().get(thing.key, [])
        lines = [thing.what] if thing.what else []
        if thing.key in self.choosing.picked:
            lines.append(_("Click again to put it back"))
        elif len(leads) == 1 and tuple(self.path_of(leads[0]))[-1] == thing.key:
            lines.append(_("Click: %(move)s") % {"move": self.menu_words(leads[0])})
        elif leads:
            lines.append(
                ngettext(
                    "Click: choose among %(count)d move", "Click: choose among %(count)d moves", len(leads)
                )
                % {"count": len(leads)}
            )
        return lines

    def describe(self) -> dict[str, Any]:
        return {
            **super().describe(),
            "picked": list(self.choosing.picked),
            "menu": [self.menu_words(a) for a in self.choosing.menu],
            "focus": self.focus,
            "usable": sorted(k for k in self.usable() if k != MOVES_KEY),
            "moves_open": self.moves_open,
            "last_move": sorted(self.motion.changed),
            "since_own_move": sorted(self.motion.since),
            "confirming": self.choosing.confirm is not None,
        }
