"""The Too Many Cooks table, a kit table: the soup, the spares and the arrows on the pot's rim are
things touched to make a move (a soup card, then a spare ringed in green; an arrow; the main button
under the pot), the keys' focus moves over them and over what is there to be read (the tastes, the
chefs, the round's log), Q / E rotate the focused line and P passes; the last move stays marked on
the soup in its chef's colour, the round's log under the chefs tells every move and reaction, and
one notice above the pot says what a chef should read now."""

from __future__ import annotations

from typing import Any

import pygame

from soupkitchen.client.howto.guide import TURN_OFF
from soupkitchen.client.net.clock import LinkCountdown
from soupkitchen.client.tables.ending import final_result
from soupkitchen.client.tables.kit.board import Board
from soupkitchen.client.tables.kit.panels import MOVES_KEY, move_fonts
from soupkitchen.client.tables.kit.scene import KitTable
from soupkitchen.client.tables.kit.table_objects import Thing, under_point
from soupkitchen.client.tables.too_many_cooks import things as parts
from soupkitchen.client.tables.too_many_cooks.animation import SoupMotion
from soupkitchen.client.tables.too_many_cooks.board import (
    Frame,
    draw_arrow,
    draw_board,
    draw_card,
    draw_moving_card,
    draw_spare,
)
from soupkitchen.client.tables.too_many_cooks.history import History
from soupkitchen.client.tables.too_many_cooks.layout import (
    CARD_H,
    CARD_W,
    SIZE,
    SPARE_H,
    SPARE_W,
    TableLayout,
)
from soupkitchen.client.tables.too_many_cooks.model import TableModel
from soupkitchen.client.tables.too_many_cooks.paint import ART, BODY, INK, LABEL, SMALL, Painter
from soupkitchen.client.tables.too_many_cooks.panels import (
    EMOTE_BUTTONS,
    Notice,
    draw_button,
    draw_live,
    draw_notice,
    draw_right,
    draw_top_bar,
    hint_line,
    main_button,
    reaction_at,
)
from soupkitchen.client.tables.too_many_cooks.seats import SeatWatch
from soupkitchen.client.tables.too_many_cooks.story import (
    SCROLL_STEP,
    draw_arrow_mark,
    draw_last_move,
    draw_log,
    full_words,
    most_scroll,
    seat_disc,
)
from soupkitchen.client.tables.too_many_cooks.tastes import draw_left
from soupkitchen.client.tables.too_many_cooks.verdict import next_game, round_lines, verdict_line
from soupkitchen.client.ui import coverage, theme
from soupkitchen.client.ui.input import InputAction
from soupkitchen.client.words import _, ngettext
from soupkitchen.shared.too_many_cooks import describe
from soupkitchen.shared.too_many_cooks.taste_words import taste_words
from soupkitchen.shared.wire.constants import EMOTES


class TooManyCooksTable(KitTable):
    """Too Many Cooks at one screen: the soup in its pot, tastes, chefs, the round timer."""

    name = "too-many-cooks"
    menu_holds_clock = True  # a solo cook reading the menu or the rules loses no time: nobody else waits
    couch_holds_clock = False  # with other people at the table the kitchen keeps cooking
    model_type = TableModel
    draws_hints = True  # a learner's hints go in the notice above the pot, not over the table

    def __init__(self, app, session) -> None:
        self.story = History()  # the round so far, move by move
        self.log_scroll = 0  # window pixels of the log scrolled towards older entries
        self.taste_scroll = 0  # the first taste in sight when the tastes panel scrolls
        self.pad = False  # the last key or button pressed was a gamepad's
        self.pointer: tuple[int, int] | None = (
            None  # where the mouse last was (the wheel scrolls what it is over)
        )
        self.countdown = LinkCountdown()  # runs on while the server cannot be reached, as the round does
        self.round_left: float | None = None  # seconds that were left when every chef passed
        self.seats = SeatWatch()  # people away, and bots standing in for them
        self.said: dict[int, tuple[str, float]] = {}  # each chef's latest reaction and when (session clock)
        self._nudged: tuple[Any, ...] | None = None  # the turn the server nudged the chef on
        self._rotating: tuple[str, int, int] | None = None  # Q / E shown, not made yet: (line, index, step)
        self.marked: set[str] = set()  # the spares and tastes the last move changed (marked in its colour)
        self._emotes_seen: set[tuple[int | None, str, float]] = set(session.emotes)
        self._could_move = False  # the shown chef could change the soup at the last view
        self._soup_focus = parts.cell_key(0, 0)  # where the keys' focus was last on the soup
        super().__init__(app, session)
        self.motion = SoupMotion()
        self.motion.see(self._table_things(), self.now, animate=False)
        self.seats.update(session.table, self.now)
        session.lobby_listeners.append(self._lobby)
        session.back_listeners.append(self._back)
        if session.recent:  # a game resumed mid-round: its log told again from what everyone saw
            self.catch_up(session.recent)

    # --- what the table is made of ----------------------------------------------------------------
    @property
    def board(self) -> TableLayout:
        return TableLayout(self.app.screen_size, self.app.table_text_scale)

    @property
    def table_layout(self) -> TableLayout:
        return self.board

    @property
    def model(self) -> TableModel:
        return TableModel(self.current_view())

    @classmethod
    def art_to_preload(cls, size: tuple[int, int]) -> list[tuple[Any, tuple[int, int]]]:
        """The cards at the soup's and the spares' sizes, the taste backs and the pot."""
        lay = TableLayout(size)
        cards = sorted((ART / "cards").glob("*.svg"))
        sizes = {lay.rect(0, 0, CARD_W, CARD_H).size, lay.rect(0, 0, SPARE_W, SPARE_H).size}
        return [(path, s) for s in sorted(sizes) for path in cards] + [(ART / "pot.svg", lay.pot.size)]

    def build(self, view: dict[str, Any], board: Board) -> list[Thing]:
        model = TableModel(view)
        lay = self.board
        label, _enabled, _urgent = main_button(self._frame(model))
        words = {parts.MAIN: label}
        for i, word in enumerate(EMOTE_BUTTONS):
            key = parts.emote_key(i)
            words[key] = f"{i + 1} {_(word)}"
            words[key + ":what"] = _("Tell the table how you feel about the last move")
        things = parts.build(model, lay, words, {}, lay.taste_column(model, self.taste_scroll).rows, "")
        if getattr(self.session, "replaying", False):  # a replay offers nothing to press
            things = [t for t in things if t.key != parts.MAIN and not t.key.startswith("button:emote:")]
        return things

    def _table_things(self) -> list[Thing]:
        return [t for t in self.things() if t.key != parts.LOG]

    def path_of(self, action: dict[str, Any]) -> tuple[str, ...]:
        return parts.path_of(action)

    def look(self) -> tuple:
        """What the table shows besides the view: the round's log and its scroll, the tastes' scroll,
        reactions at the seats, seats whose player is away, the reconnecting countdown, the notice."""
        frame = Frame(model=TableModel({}), now=self.now, reactions=self._reactions())
        shown = tuple(
            sorted(
                (seat, said[0], round(said[1] * 4))
                for seat in self.said
                if (said := reaction_at(frame, seat)) is not None
            )
        )  # at the seats, fading by steps
        remaining = (
            self.countdown.read(self.session.remaining(self.now), self.session.connected)
            if self.countdown.reconnecting
            else None
        )
        return (
            self.story.count,
            self.log_scroll,
            self.taste_scroll,
            shown,
            tuple(sorted(self._notes().items())),
            self.countdown.reconnecting,
            int(remaining) if remaining is not None else None,
            tuple(sorted(self._names().items())),
            self.notice(),
            self._nudged,
            self.pad,
            self.moves_open,
        )

    def moves_button_rect(self) -> pygame.Rect:
        return self.board.button("moves")

    def moves_button_words(self) -> str:
        return _("Moves (X)")

    def moves_rect(self) -> pygame.Rect:
        """The move list opens over the chefs and the log (Esc or X closes it)."""
        lay = self.board
        top = lay.chef_row(0, 1).y + lay.px(50)
        return pygame.Rect(
            lay.right_panel.x + lay.px(10),
            top,
            lay.right_panel.width - lay.px(20),
            lay.right_panel.bottom - top - lay.px(10),
        )

    # --- following the play --------------------------------------------------------------------------
    def on_state(self, seat: int | None, view: dict[str, Any], events: list[dict[str, Any]]) -> None:
        self.story.observe(view, events)
        if any(event.get("type") != "reacted" for event in events):
            self._rotating = None  # the soup or the turn moved on: a rotation shown is no longer asked
        self.countdown.fresh_state(self.session.connected)
        self._note_round_end(events)
        if any(event.get("type") in ("round_started", "time_up", "all_passed") for event in events):
            self.taste_scroll = 0  # a new list of tastes is read from its top
        if events:
            self.log_scroll = 0  # the newest entry comes into sight
        super().on_state(seat, view, events)
        live = set(self.usable()) - {MOVES_KEY}
        if live == {parts.MAIN}:
            self.focus = parts.MAIN  # the one thing to do (ready, or pass): Enter does it
        elif live and self.focus not in live and not self._could_move:  # the chef's turn begins: the soup
            self.focus = (
                self._soup_focus
                if self._soup_focus in live
                else next((t.key for t in self.focusable() if t.key in live), None)
            )
        self._could_move = bool(live - {parts.MAIN})
        if any(e.get("type") in ("changed", "rotated") for e in events):
            self.marked = {key for key in self.motion.changed if key.startswith(("spare:", "taste:"))}
        elif any(e.get("type") in ("round_started", "time_up", "all_passed") for e in events):
            self.marked = set()

    def catch_up(self, steps: list[tuple[dict[str, Any], list[dict[str, Any]]]]) -> None:
        """Made afresh in the middle of a round (a resumed game, a replay's jump): the round's log
        told again from the public views and events before it."""
        self.story.rebuild(steps, self.session.shown_seat)
        self.log_scroll = 0
        for _view, events in steps:  # how the round ended, for the stopwatch (the time left when all passed)
            self._note_round_end(events)

    def _note_round_end(self, events: list[dict[str, Any]]) -> None:
        for event in events:
            if event.get("type") == "all_passed" and isinstance(event.get("seconds_left"), int | float):
                self.round_left = float(event["seconds_left"])
            elif event.get("type") in ("round_started", "time_up"):
                self.round_left = 0.0 if event["type"] == "time_up" else None

    def update(self, dt: float, now: float) -> None:
        super().update(dt, now)
        if self._rotating is not None and self.stack is not None and self.stack.top not in (self, None):
            self._rotating = None  # a screen over the table: no rotation waits behind it for a key
        for said in list(self.session.emotes):
            if said in self._emotes_seen:
                continue
            self._emotes_seen.add(said)
            seat, emote, when = said
            if seat is None:
                continue
            self.said[seat] = (emote, when)  # the chip at the seat (the rules' "reacted" event logs it)

    def _reactions(self) -> dict[int, tuple[str, float]]:
        clock = self.session.clock()
        return {seat: (emote, clock - when) for seat, (emote, when) in self.said.items()}

    def server_now(self) -> float | None:
        return self.session.server_time(self.now)

    def _lobby(self, table: dict[str, Any]) -> None:
        """The seats changed: note who went away or came back; tell a player their seat is theirs again."""
        for seat in self.seats.update(table, self.now):
            self._back(seat)

    def _back(self, seat: int) -> None:
        if seat in self.session.seats_held:
            self.app.toast(_("You are back: the bot has given your seat back."))

    def on_exit(self) -> None:
        super().on_exit()
        if self.stack is None or self not in self.stack.scenes:
            if self._lobby in self.session.lobby_listeners:
                self.session.lobby_listeners.remove(self._lobby)
            if self._back in self.session.back_listeners:
                self.session.back_listeners.remove(self._back)

    def recap(self, seat: int | None) -> list[str]:
        """What happened this round since ``seat`` last looked at the table, in words, oldest first."""
        frame = self._frame(self.model)
        return [full_words(frame, entry) for entry in self.story.since(seat)]

    # --- input -------------------------------------------------------------------------------------
    def handle(self, action: InputAction) -> bool:
        if action.kind in ("back", "menu", "help") and self._rotating is not None:
            self._rotating = None  # the rotation Q / E showed is not made: Esc only takes it back,
            if action.kind == "back":  # and a menu or the rules opened over it find the soup as it is
                return True
        if action.kind == "emote" and self.session.shown_seat is not None:
            button = self.thing(parts.emote_key(action.index))
            if button is not None:  # a key's reaction is answered at its button, as a click's is
                self.last_click = (button.rect.center, self.now)
        return super().handle(action)

    def handle_table(self, action: InputAction) -> bool:
        kind = action.kind
        if kind in ("navigate", "select", "rotate_left", "rotate_right", "pass", "alt"):
            self.pad = action.device.startswith("pad:")
        if kind in ("rotate_left", "rotate_right"):
            self.keyboard = True
            return self._rotate(-1 if kind == "rotate_left" else 1)
        if kind not in ("point", "scroll"):
            self._rotating = None  # any other key or touch keeps the soup as it is
        if kind == "navigate" and not self.keyboard and not self.moves_open and not self.choosing.menu:
            cell = self.thing(self._soup_focus)
            if self.model.phase == "playing" and cell is not None:  # the first arrow shows the focus
                self.keyboard = True  # on the soup, where it was last, rather than moving it off
                self.focus = cell.key
                return True
        if kind == "pass":
            model = self.model
            self.keyboard = True
            if model.pass_action or (model.ready_action and model.phase != "playing"):
                return self.play(model.pass_action or model.ready_action)
            if model.phase == "over":
                return self.touch(parts.MAIN)
            if not self.session.over:  # answered at the button it would have pressed
                words = (
                    _("You may pass once every taste you know is happy")
                    if model.my_turn
                    else self.not_now()
                    if self.actions
                    else self.not_yours()
                )
                self.answer_at(self.board.button("main").center, words)
            return True
        if kind == "navigate" and self.focus == parts.LOG and action.dy and self._scroll_log(action.dy):
            self.keyboard = True
            return True
        if kind == "navigate" and (self.focus or "").startswith("taste:") and action.dy and not action.dx:
            self.keyboard = True
            if self._next_taste(int(parts.parse(self.focus or "")[1]) + action.dy):
                return True
        if kind == "scroll":
            pos = action.pos or self.pointer
            lay = self.board
            panel = lay.left_panel
            if pos is not None and panel.collidepoint(pos):
                return self._scroll_tastes(action.dy)
            self._scroll_log(action.dy)
            return True
        if kind == "point" and action.pos is not None:
            self.pointer = action.pos
        if kind == "click" and action.pos is not None and action.button == 1 and not self.choosing.menu:
            found = under_point(self.things(), action.pos)
            if found and found[0].key.startswith("button:emote:") and found[0].key not in self.usable():
                self.keyboard = False
                return self._emote(found[0].key)
        if (
            kind == "select"
            and self.focus is not None
            and self.focus.startswith("button:emote:")
            and self.focus not in self.usable()
            and not self.moves_open
        ):
            return self._emote(self.focus)
        shown = self.keyboard and self.focus is not None  # the keys' focus ring is on the table
        if kind == "select" and not shown and not self.moves_open and not self.choosing.menu:
            self.keyboard = True
            if parts.MAIN in self.usable():  # Enter with no focus shown: the main move (Ready, Pass)
                return self.touch(parts.MAIN)
            cell = self.thing(self._soup_focus)
            if self.model.phase == "playing" and cell is not None:  # as the first arrow: the focus shown
                self.focus = cell.key  # on the soup, where it was last, rather than a card picked unseen
                return True
            first = next(iter(self.focusable()), None)  # else the focus comes to the table
            self.focus = first.key if first is not None else None
            return True
        return super().handle_table(action)

    def usable(self) -> dict[str, list[dict[str, Any]]]:
        found = super().usable()
        if self.model.phase == "over":
            found[parts.MAIN] = []  # back to the end screen
        return found

    def touch(self, key: str) -> bool:
        if key.startswith("cell:"):
            self._soup_focus = key
        if key == parts.MAIN and self.model.phase == "over":
            self.show_end()
            return True
        return super().touch(key)

    def _emote(self, key: str) -> bool:
        seat = self.session.shown_seat
        if seat is None:
            button = self.thing(key)
            self.answer_at(
                button.rect.center if button is not None else self.board.bar.center, _("Wait for your turn")
            )
            return True
        self.app.spawn(self.session.emote(seat, EMOTES[int(key.rsplit(":", 1)[1])]))
        return True

    def _rotate(self, step: int) -> bool:
        """Q / E (a pad's shoulders): rotate the focused row (a card or a row's arrow) west or east,
        or the focused column's arrow's column north or south. The first press frames the line with
        the way its cards would go and asks; the same key again rotates it."""
        focus = self.focus or ""
        line, index = "", 0
        bits = parts.parse(focus)
        if bits[0] == "cell":
            line, index = "row", int(bits[1])
        elif bits[0] == "arrow":
            line, index = bits[1], int(bits[2])
        elif focus == parts.LOG:
            return self._scroll_log(step)
        action = self.model.rotation(line, index, step) if line else None
        if action is None:
            self._rotating = None
            focused = self.thing(self.focus)
            where = focused.rect.center if focused is not None else self.board.grid.center
            if not self.session.over:
                self.answer_at(where, self.not_now() if self.actions else self.not_yours())
            return True
        if self._rotating != (line, index, step):  # the first press shows the line and its way
            self._rotating = (line, index, step)
            return True
        self._rotating = None  # the same key again makes it
        return self.play(action)

    def _scroll_log(self, older: int) -> bool:
        """Read ``older`` steps further back in the log (negative: towards the newest); False when it
        is already at that end."""
        lay = self.board
        p = Painter(pygame.Surface((1, 1)), lay, self.now)
        model = self.model
        box = lay.log(len(model.chefs()))
        most = most_scroll(p, self._frame(model), box, model.seat is not None and model.phase == "playing")
        scroll = max(0, min(most, self.log_scroll + older * lay.px(SCROLL_STEP)))
        moved = scroll != self.log_scroll
        self.log_scroll = scroll
        return moved

    def _next_taste(self, index: int) -> bool:
        """The focus to taste ``index`` of the list, scrolled into sight (False: the list ends)."""
        model = self.model
        if not 0 <= index < len(model.listed_tastes()):
            return False
        self.taste_scroll = self.board.scroll_to(model, self.taste_scroll, index)
        self.focus = parts.taste_key(index)
        return True

    def _scroll_tastes(self, down: int) -> bool:
        """Move a scrolled tastes panel ``down`` rows (negative: up)."""
        column = self.board.taste_column(self.model, self.taste_scroll)
        if column.scrolls:
            step = min(down, column.below) if down > 0 else max(down, -column.above)
            self.taste_scroll = self.board.taste_column(self.model, column.scroll + step).scroll
        return True

    def read_words(self, key: str | None) -> str:
        """A touch of something only there to be read (a taste, a seat, the log) answers with what it
        says ("": the thing is not one of those)."""
        thing = self.thing(key)
        if thing is None or key is None:
            return ""
        if key.startswith("taste:"):
            return thing.what
        if key.startswith("chef:"):
            seat = int(key.split(":")[1])
            chef = next((c for c in self.model.chefs() if c.get("seat") == seat), {})
            faces = chef.get("tastes") or []
            happy = sum(1 for face in faces if face.get("happy"))
            said = ngettext(
                "%(happy)d of %(count)d taste face happy",
                "%(happy)d of %(count)d taste faces happy",
                len(faces),
            ) % {"happy": happy, "count": len(faces)}
            return f"{self._names().get(seat, describe.chef(seat))}: {said}"
        if key == parts.LOG:
            return _("The wheel over the log, or Up / Down on it, reads older moves")
        return ""

    def not_now(self) -> str:
        read = self.read_words(self.answer_thing())
        if read:
            return read
        model = self.model
        if model.must_pass:
            return _("All your tastes are satisfied: you pass until a move unsatisfies one")
        if model.phase == "ready":
            return _("Press Ready to cook: the round starts once every chef is")
        if self.choosing.picked:
            return _("Only a ringed spare may take its place: the same vegetable or the same colour")
        touched = self.answer_thing()
        if touched is not None and touched.startswith("spare:"):
            return _("First touch the soup card to change: the spares it may become are ringed")
        return _("Change a card or rotate a line: what you can use is ringed in green")

    def answer_thing(self) -> str | None:
        """The key of the thing the last touch was on (a click's, else the keys' focus)."""
        if self.keyboard or self.last_click is None:
            return self.focus
        found = under_point(self.things(), self.last_click[0])
        return found[0].key if found else None

    def not_yours(self) -> str:
        read = self.read_words(self.answer_thing())
        if read:
            return read
        model = self.model
        if model.phase == "ready":
            return (
                _("The round starts once every chef is ready")
                if model.seat is not None
                else _("Wait for your turn")
            )
        if model.phase == "reveal":
            return (
                _("The round is over: read the revealed tastes")
                if model.seat is not None
                else _("Wait for your turn")
            )
        return super().not_yours()

    # --- the notice above the pot ----------------------------------------------------------------------
    def notice(self) -> Notice | None:
        """The one thing above the pot a chef should read now."""
        model = self.model
        if model.phase == "over":
            return Notice("over") if model.view.get("result") else None
        if model.phase == "reveal":
            return Notice("reveal") if model.reveal is not None else None
        hint = self._hint()
        if model.phase == "ready":
            return Notice("ready", words=hint or "")
        if model.phase != "playing":
            return None
        if model.must_pass:
            return Notice(
                "must_pass",
                _("All your tastes are satisfied: you pass"),
                _(
                    "Until a move unsatisfies one: the rules say a satisfied chef must pass. "
                    "Press Pass (P, or Y on a pad); you may still react."
                ),
            )
        if hint:
            return Notice("hint", words=hint, foot=_(TURN_OFF))
        if self._rotating is not None and model.rotation(*self._rotating) is not None:
            line, index, step = self._rotating
            again = (_("RB") if step > 0 else _("LB")) if self.pad else (_("E") if step > 0 else _("Q"))
            return Notice(
                "rotate",
                _("Rotate %(line)s?") % {"line": describe.line_words(line, index, step)},
                _("%(key)s again rotates it; any other key keeps the soup as it is.") % {"key": again},
            )
        if self.keyboard:
            return Notice(
                "keys",
                words=hint_line(self._frame(model), self.focus, bool(self.choosing.picked), self.moves_open),
            )
        return None

    def _hint(self) -> str:
        guide = getattr(self.app, "guide", None)
        hint = guide.update() if guide is not None and guide.table() is self else None
        return hint.words if hint is not None else ""

    # --- drawing ---------------------------------------------------------------------------------------
    def _names(self) -> dict[int, str]:
        """Each chef's name, numbered when two share one."""
        view = self.current_view() or {}
        players = int(view.get("players") or len(view.get("chefs") or []) or 0)
        names = {seat: self.session.seat_name(seat) for seat in range(players)}
        repeated = {name for name in names.values() if list(names.values()).count(name) > 1}
        return {seat: f"{name} {seat + 1}" if name in repeated else name for seat, name in names.items()}

    def _notes(self) -> dict[int, str]:
        names = self._names()
        return self.seats.notes(
            self.now, lambda seat: names.get(seat, describe.chef(seat)), self.server_now()
        )

    def _frame(self, model: TableModel) -> Frame:
        colour_blind = bool(getattr(getattr(self.app, "settings", None), "colour_blind_symbols", False))
        remaining = self.countdown.read(self.session.remaining(self.now), self.session.connected)
        if model.phase in ("reveal", "over") and self.round_left is not None:
            remaining = self.round_left
        picked = None
        offered: frozenset[tuple[str, str]] = frozenset()
        if self.choosing.picked and self.choosing.picked[0].startswith("cell:"):
            bits = parts.parse(self.choosing.picked[0])
            picked = (int(bits[1]), int(bits[2]))
            offered = frozenset((a["veg"], a["colour"]) for a in model.changes_at(*picked))
        return Frame(
            model=model,
            now=self.now,
            remaining=remaining,
            names=self._names(),
            reactions=self._reactions(),
            colour_blind=colour_blind,
            keyboard=self.keyboard,
            pad=self.pad,
            history=self.story,
            reconnecting=self.countdown.reconnecting,
            log_scroll=self.log_scroll,
            taste_scroll=self.taste_scroll,
            seat_notes=self._notes(),
            face_up=self.session.face_up,
            player=self.couch_player(),
            picked=picked,
            offered=offered,
            focus=self.focus if self.keyboard else None,
            nudged=model.my_turn and self._nudged == self._turn_key(model),
        )

    @staticmethod
    def _turn_key(model: TableModel) -> tuple[Any, ...]:
        """The turn as it stands: a nudge is about this turn only, never one after it."""
        last = model.view.get("last_move") or {}
        return (model.view.get("round"), model.turn, last.get("number"))

    def take_nudge(self, words: str) -> bool:
        """The server's word to a chef who sits on their turn: the status beside the clock says it
        for as long as that turn lasts (a toast would cover the notice above the pot and outlive
        the turn); the chime sounds as for any nudge."""
        self._nudged = self._turn_key(self.model)
        return True

    def frame(self) -> Frame:
        return self._frame(self.model)

    def draw_under(self, surface: pygame.Surface, board: Board, view: dict[str, Any]) -> None:
        p, f = Painter(surface, self.board, self.now), self._frame(TableModel(view))
        theme.draw_background(surface)
        draw_top_bar(p, f)
        draw_board(p, f)
        draw_left(p, f)

    def draw_thing(
        self, surface: pygame.Surface, board: Board, thing: Thing, rect: pygame.Rect, show: float
    ) -> None:
        p = Painter(surface, self.board, self.now)
        key = thing.key
        if key.startswith("cell:"):
            dim = bool(self.choosing.picked) and key not in self.choosing.picked
            draw_moving_card(p, thing, rect, show, self._colour_blind(), 215 if dim else 255)
        elif key.startswith("spare:"):
            draw_spare(p, self._frame(self.model), thing, rect)
        elif key.startswith("arrow:"):
            line, index, step = thing.extra["rotation"]
            draw_arrow(p, rect, line, step, 110 if self.choosing.picked else 255)
        elif key == parts.MAIN:
            label, enabled, urgent = main_button(self._frame(self.model))
            draw_button(p, rect, label, enabled, urgent=urgent and enabled)
        elif key.startswith("button:emote:"):
            size = min(
                p.largest_fitting(t.words, (LABEL, BODY, SMALL), t.rect.width - self.board.px(16))
                for t in self.things()
                if t.key.startswith("button:emote:")
            )  # one size for the three
            draw_button(p, rect, thing.words, self.may_react(), size=size)

    def may_react(self) -> bool:
        """Whether the shown chef has a move to react to now (another chef's latest, not yet
        answered, its moment not past): the reaction buttons look usable only then; a press
        otherwise is still answered with why not."""
        seat, view = self.session.shown_seat, self.current_view() or {}
        last = view.get("last_move")
        if seat is None or view.get("phase") != "playing" or not isinstance(last, dict):
            return False
        if last.get("seat") == seat or any(r.get("seat") == seat for r in view.get("reactions") or []):
            return False
        now = self.server_now()
        return now is None or now < float(last.get("until", float("inf")))

    def _colour_blind(self) -> bool:
        return bool(getattr(getattr(self.app, "settings", None), "colour_blind_symbols", False))

    def mark_changed(self, surface: pygame.Surface, b: Board, thing: Thing) -> None:
        """The spares the last move took from and gave back to, and the tastes it turned: a thin frame
        in the colour of the chef who made it (the soup's own mark is drawn over the table)."""
        move = self.story.last_change()
        if thing.key not in self.marked or move is None or move.seat is None or self.model.phase != "playing":
            return
        frame = thing.rect.inflate(b.px(6), b.px(6))
        pygame.draw.rect(surface, theme.seat_colour(move.seat), frame, width=b.px(4), border_radius=b.px(10))
        seat_disc(
            Painter(surface, self.board, self.now),
            move.seat,
            (frame.right - b.px(4), frame.y + b.px(4)),
            b.px(14),
        )

    def mark_since(self, surface: pygame.Surface, b: Board, thing: Thing) -> None:
        """The kit's frames of whatever changed on the way are left out: :meth:`draw_marks` frames
        what differs from how the chef left the table."""

    def _last_change_keys(self) -> set[str]:
        """The soup cards and spares of the last change, which its chef's colour marks."""
        move = self.story.last_change()
        if move is None:
            return set()
        if move.kind == "changed":
            return {parts.cell_key(move.row, move.col)} | self.marked
        return {
            parts.cell_key(move.index, i) if move.line == "row" else parts.cell_key(i, move.index)
            for i in range(SIZE)
        }

    def _mark_since_own(self, surface: pygame.Surface, model: TableModel) -> None:
        """Every soup card and spare pile that differs from how the shown chef left them with their
        own last move (the round's start if they have not moved): a thin blue frame, the kit's mark
        of what changed since your last move. The last move's own cards carry its chef's colour."""
        if model.phase != "playing":
            return
        changed = self.story.changed_since_own(self.session.shown_seat) - self._last_change_keys()
        p = Painter(surface, self.board, self.now)
        for thing in self.things():
            if thing.key in changed and thing.key not in self.choosing.picked:
                p.ring(thing.rect, colour=INK, width=7, pad=3, radius=10)  # edged in ink: seen on the broth
                p.ring(thing.rect, colour=theme.SINCE_MOVE, width=4, pad=2, radius=10)

    def mark_picked(self, surface: pygame.Surface, b: Board, thing: Thing) -> None:
        """The soup card picked to be changed: a mustard frame edged in ink, seen on the pot's broth."""
        p = Painter(surface, self.board, self.now)
        p.ring(thing.rect, colour=INK, width=10, pad=8)
        p.ring(thing.rect, colour=theme.MUSTARD, width=6, pad=6)

    def mark_usable(self, surface: pygame.Surface, b: Board, thing: Thing) -> None:
        if thing.key.startswith("arrow:"):  # an arrow is drawn only when its rotation may be made
            return
        super().mark_usable(surface, b, thing)

    def draw_side(self, surface: pygame.Surface, b: Board, view: dict[str, Any]) -> None:
        """The timer's place, what to do now, the chefs, the round's log, and the move list over them
        when it is open."""
        model = TableModel(view)
        p, f = Painter(surface, self.board, self.now), self._frame(model)
        draw_right(p, f)
        box = self.board.log(len(model.chefs()))
        seat = model.seat
        summary = self.story.summary(seat) if seat is not None and model.phase == "playing" else None
        draw_log(p, f, box, summary, self.story.own_last(seat), self.keyboard and self.focus == parts.LOG)
        moves = self.thing(MOVES_KEY)
        if moves is not None:
            draw_button(p, moves.rect, moves.words, True, lit=self.moves_open)
        if self.moves_open:
            lay = theme.layout(self.app.screen_size)
            panel = self.moves_rect()
            with coverage.overlay("the move list", panel.inflate(b.px(16), b.px(70)), asked=True):
                theme.draw_panel(surface, panel.inflate(b.px(16), b.px(70)).move(0, -b.px(27)), lay)
                b.text(
                    surface,
                    _("Your moves") if self.actions else _("Moves"),
                    SMALL,
                    theme.MUSTARD,
                    (panel.x, panel.y - b.px(50)),
                )
                self.moves.fit(lay, panel, move_fonts(b))
                self.moves.draw(surface, lay, True)

    def draw_marks(self, surface: pygame.Surface, b: Board, view: dict[str, Any]) -> None:
        """What changed since the shown chef's own last move, and the last move on the soup in its
        chef's colour."""
        model = TableModel(view)
        self._mark_since_own(surface, model)
        draw_last_move(Painter(surface, self.board, self.now), self._frame(model))

    def draw_over(self, surface: pygame.Surface, board: Board, view: dict[str, Any]) -> None:
        draw_notice(Painter(surface, self.board, self.now), self._frame(TableModel(view)), self.notice())

    def draw_table(self, surface: pygame.Surface) -> None:
        super().draw_table(surface)
        if self.current_view():
            self.story.look(self.session.shown_seat)  # what this seat has seen (a couch hand-off's recap)

    def draw_live(self, surface: pygame.Surface, board: Board) -> None:
        draw_live(Painter(surface, self.board, self.now), self._frame(self.model))

    def draw_hover(self, surface: pygame.Surface) -> None:
        """What the pointer (or the focus) is on, in words: above the pot, where the notice goes, when
        no notice is there (the cards' and the seats' own faces say the rest)."""
        self._draw_line_to_rotate(surface)
        if not self.hover_shown() or self.keyboard:  # the keys' focus is ringed, its card shows what it is
            return
        lines = self.hover_words()
        notice = self.notice()
        if not lines or notice is not None:
            return
        lay = self.board
        box = lay.notice
        p = Painter(surface, lay, self.now)
        with coverage.overlay("hover words", box):
            p.panel(box, colour=theme.SHADOW, edge=theme.PANEL_EDGE)
            inner = box.inflate(-lay.px(24), -lay.px(16))
            font = p.font(BODY)
            size = BODY if len(theme.wrap("  ·  ".join(lines), font, inner.width)) <= 2 else SMALL
            font = p.font(size)
            need = min(3, len(theme.wrap("  ·  ".join(lines), font, inner.width))) * font.get_linesize()
            inner.y += max(0, (inner.height - need) // 2)  # in the middle of the notice's place
            p.paragraph("  ·  ".join(lines), size, theme.TEXT, inner, max_lines=3, shrink=False)

    def draw_answer(self, surface: pygame.Surface) -> None:
        """The answer to a touch that did nothing: in the notice's place above the pot, where it hides
        nothing of the soup, the spares or the seats, with the touched thing ringed for as long."""
        answer = self.answer
        if answer is None or self.now >= answer.until or not self.current_view():
            return
        lay = self.board
        p = Painter(surface, lay, self.now)
        touched = next((t for t in under_point(self.things(), answer.pos) if t.kind != "zone"), None)
        if touched is not None:  # a dark frame round a red one: seen on the pot and on any card
            p.ring(touched.rect, colour=INK, width=8, pad=6)
            p.ring(touched.rect, colour=theme.DANGER, width=4, pad=4)
        box = lay.notice
        with coverage.overlay("the answer to a touch", box, asked=True):
            p.panel(box, colour=theme.PANEL_LIGHT, edge=theme.MUSTARD)
            p.paragraph(answer.words, BODY, theme.TEXT, box.inflate(-lay.px(24), -lay.px(20)), max_lines=3)

    def _draw_line_to_rotate(self, surface: pygame.Surface) -> None:
        """The pointer (or the focus) on an arrow that may be used: the row or column it would slide,
        framed, with a chevron in each gap the way its cards would go."""
        key = self.focus if self.keyboard else self.hover
        if self._rotating is not None:  # Q / E asked: the line they would rotate
            line, index, sign = self._rotating
        elif key is None or not key.startswith("arrow:") or key not in self.usable():
            return
        else:
            bits = parts.parse(key)
            line, index, sign = bits[1], int(bits[2]), int(bits[3])
        lay = self.board
        cells = [lay.cell(index, i) if line == "row" else lay.cell(i, index) for i in range(SIZE)]
        p = Painter(surface, lay, self.now)
        p.ring(cells[0].union(cells[-1]), colour=INK, width=8, pad=10, radius=16)
        p.ring(cells[0].union(cells[-1]), colour=theme.MUSTARD, width=4, pad=8, radius=16)
        for a, b in zip(cells, cells[1:], strict=False):
            mid = ((a.centerx + b.centerx) // 2, (a.centery + b.centery) // 2)
            mark = pygame.Rect(0, 0, lay.px(22), lay.px(22))
            mark.center = mid
            draw_arrow_mark(p, mark, line, sign, theme.MUSTARD)
        # the card that goes round: a ghost of it where it will lie, at the line's other end
        first, last = ((index, i) if line == "row" else (i, index) for i in (0, SIZE - 1))
        leaving = self.thing(parts.cell_key(*(first if sign < 0 else last)))
        card = leaving.extra.get("card") if leaving is not None else None
        if card:
            target = cells[-1] if sign < 0 else cells[0]
            ghost = pygame.Rect(0, 0, target.width * 3 // 5, target.height * 3 // 5)
            ghost.center = target.center
            # shown because the pointer (or Q / E) asked for it, over the card it will replace
            with coverage.overlay("where the card that goes round will lie", ghost, asked=True):
                draw_card(p, card, ghost, self._colour_blind(), alpha=235)
                p.ring(ghost, colour=theme.MUSTARD, width=3, pad=2, radius=8)

    def hover_words(self) -> list[str]:
        """What the pointer rests on: what a touch of it would do, else what it is (a spare's count, a
        taste whose words its row cuts); the seats and the log say it all themselves."""
        key = self.focus if self.keyboard else self.hover
        if key is None or key.startswith(("chef:", "taste:")) or key == parts.LOG:
            taste = self.thing(key) if key is not None and key.startswith("taste:") else None
            if taste is not None and not self._taste_fits(taste):
                return [taste.what]
            return []
        lines = super().hover_words()
        return lines[1:] if len(lines) > 1 and key in self.usable() else lines

    def _taste_fits(self, thing: Thing) -> bool:
        """Whether a taste's words are shown whole in its row."""
        taste = thing.extra.get("taste") or {}
        words = taste_words(str(taste.get("id", "")), str(taste.get("text", "")))
        font = self.board.font(SMALL)
        return len(theme.wrap(words, font, thing.rect.width - self.board.px(120))) <= 3

    def control_rects(self) -> list[pygame.Rect]:
        return [t.rect for t in self.things() if t.kind == "button" or t.key in self.usable()]

    def occupied_rects(self) -> list[pygame.Rect]:
        """The buttons under the pot, the notice above it and the open move list (toasts keep off them)."""
        rects = [t.rect for t in self.things() if t.kind == "button" and not t.key.startswith("arrow:")]
        rects.append(self.board.notice)
        return rects + ([self.moves_rect()] if self.moves_open else [])

    def toast_area(self) -> pygame.Rect:
        """Toasts (news of the link, a seat given back) are read where the notice goes, above the
        pot: over nothing of the soup, the spares, the tastes or the seats."""
        return self.board.notice

    # --- the end, as the kit's end panel shows it: the last round revealed, the final soup, the verdict
    def end_verdict(self) -> str:
        view = self.current_view() or {}
        return verdict_line(final_result(view), view)

    def end_next_game(self) -> tuple[str, dict[str, Any]] | None:
        return next_game(final_result(self.current_view()))

    def end_notes(self) -> list[str]:
        """Each round: how it ended and what that did to the stars."""
        return round_lines(self.current_view() or {})

    def end_handle(self, action: InputAction) -> bool:
        """The wheel reads the revealed tastes further down (or back up)."""
        return action.kind == "scroll" and self._scroll_tastes(action.dy)

    def describe(self) -> dict[str, Any]:
        model = self.model
        notice = self.notice()
        return {
            **super().describe(),
            "phase": model.phase,
            "turn": model.turn,
            "must_pass": model.must_pass,
            "size": SIZE,
            "notice": notice.kind if notice is not None else None,
            "log_scroll": self.log_scroll,
            "since_own_move": sorted(self.story.changed_since_own(self.session.shown_seat)),
        }
