"""The Too Many Cooks table scene: input becomes legal actions, views become pictures."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pygame

from soupkitchen.client import coverage, theme
from soupkitchen.client.clock import LinkCountdown
from soupkitchen.client.input import InputAction
from soupkitchen.client.tables.base import TableScene
from soupkitchen.client.tables.ending import final_result
from soupkitchen.client.tables.kit.board import Board
from soupkitchen.client.tables.kit.ending import TableEnd
from soupkitchen.client.tables.kit.table_objects import Thing
from soupkitchen.client.tables.too_many_cooks.animation import SoupMotion, soup_things
from soupkitchen.client.tables.too_many_cooks.board import (
    Frame,
    draw_board,
    draw_motion,
    draw_moving_card,
    draw_picker,
    draw_spare_detail,
)
from soupkitchen.client.tables.too_many_cooks.history import History
from soupkitchen.client.tables.too_many_cooks.layout import SIZE, TableLayout, Target
from soupkitchen.client.tables.too_many_cooks.model import Action, Selection, TableModel, arrow_at
from soupkitchen.client.tables.too_many_cooks.paint import Painter
from soupkitchen.client.tables.too_many_cooks.panels import (
    draw_live,
    draw_overlays,
    draw_right,
    draw_top_bar,
    reactions,
)
from soupkitchen.client.tables.too_many_cooks.points import points_for
from soupkitchen.client.tables.too_many_cooks.seats import SeatWatch
from soupkitchen.client.tables.too_many_cooks.story import draw_last_move, entry_words
from soupkitchen.client.tables.too_many_cooks.tastes import draw_left, draw_taste_detail
from soupkitchen.client.tables.too_many_cooks.verdict import next_game, verdict_line
from soupkitchen.client.words import _
from soupkitchen.shared.core import canonical_json
from soupkitchen.shared.too_many_cooks import describe
from soupkitchen.shared.wire.constants import EMOTES


class TooManyCooksTable(TableScene):
    """Too Many Cooks at one screen: the soup in its pot, tastes, chefs, the round timer."""

    name = "too-many-cooks"

    def __init__(self, app, session) -> None:
        super().__init__(app, session)
        self.selection = Selection()
        self.motion = SoupMotion()        # the kit's motion: the soup's last move, animated
        self.keyboard = False
        self.pad = False                  # the last key or button pressed was a gamepad's
        self.sent: list[Action] = []      # every action this table asked to play, in order
        self.history = History()          # the round so far, move by move
        self.history_scroll = 0           # newest history entries scrolled past
        self.taste_scroll = 0             # the first taste in sight when the tastes panel scrolls
        self.pointer: tuple[int, int] | None = None   # where the mouse last was (the wheel scrolls what it is over)
        self.countdown = LinkCountdown()  # runs on while the server cannot be reached, as the round does
        self.round_left: float | None = None   # seconds that were left when every chef passed
        self._layer: pygame.Surface | None = None   # the table without its clock-driven parts
        self._layer_key: tuple | None = None
        self._layer_drawn: list[tuple] = []         # what the layer holds, for the coverage check
        self.seats = SeatWatch()          # people away, and bots standing in for them
        self.seats.update(session.table, self.now)
        session.lobby_listeners.append(self._lobby)
        session.back_listeners.append(self._back)
        view = self.current_view()
        if view is not None:
            self.motion.see_soup(view.get("soup"), self.now, self.table_layout)

    # --- state -----------------------------------------------------------------------------------
    @property
    def model(self) -> TableModel:
        return TableModel(self.current_view())

    @property
    def table_layout(self) -> TableLayout:
        return TableLayout(self.app.screen_size)

    def occupied_rects(self) -> list[pygame.Rect]:
        """The main move's button and the emotes' (toasts are kept off them)."""
        return [self.table_layout.button(name) for name in ("main", "emote0", "emote1", "emote2")]

    def catch_up(self, steps: list[tuple[dict[str, Any], list[dict[str, Any]]]]) -> None:
        for view, events in steps:
            self.history.observe(view, events)
        self.history.look(self.session.shown_seat)

    def on_state(self, seat: int | None, view: dict[str, Any], events: list[dict[str, Any]]) -> None:
        self.history.observe(view, events)
        self.countdown.fresh_state(self.session.connected)
        for event in events:
            if event.get("type") == "all_passed" and isinstance(event.get("seconds_left"), int | float):
                self.round_left = float(event["seconds_left"])
            elif event.get("type") in ("round_started", "time_up"):
                self.round_left = 0.0 if event["type"] == "time_up" else None
            if event.get("type") in ("round_started", "time_up", "all_passed"):
                self.taste_scroll = 0   # a new list of tastes is read from its top
        if events:
            self.history_scroll = 0
        shown = self.session.shown_seat
        self.history.look(shown)
        if seat is not None and seat != shown and shown is not None:
            return
        self.motion.see_soup(view.get("soup"), self.now, self.table_layout)
        self.selection.refresh(self.model)

    def server_now(self) -> float | None:
        """The server's clock now, from the connection's clock offset (None: no connection, or its
        clock not synchronised yet)."""
        return self.session.server_time(self.now)

    def _lobby(self, table: dict[str, Any]) -> None:
        """The seats changed: note who went away or came back; tell a player their seat is theirs again."""
        for seat in self.seats.update(table, self.now):
            self._back(seat)

    def _back(self, seat: int) -> None:
        """A bot had been playing ``seat``; now its player has it again."""
        if seat in self.session.seats_held:
            self.app.toast(_("You are back: the bot has given your seat back."))

    def on_exit(self) -> None:
        super().on_exit()
        if self.stack is None or self not in self.stack.scenes:
            if self._lobby in self.session.lobby_listeners:
                self.session.lobby_listeners.remove(self._lobby)
            if self._back in self.session.back_listeners:
                self.session.back_listeners.remove(self._back)

    # --- input -----------------------------------------------------------------------------------
    def play(self, action: Action | None) -> bool:
        """Send a legal action for the shown chef (None: nothing to do)."""
        if action is None:
            return False
        self.sent.append(action)
        self.selection.close()
        self.send(action)
        return True

    def handle(self, action: InputAction) -> bool:
        if action.kind == "back" and self.selection.picked is not None:
            self.selection.close()
            return True
        if action.kind == "back" and self.selection.focus != "soup":
            self.selection.focus = "soup"
            return True
        return super().handle(action)

    def handle_table(self, action: InputAction) -> bool:
        model = self.model
        kind = action.kind
        if kind in ("navigate", "select", "rotate_left", "rotate_right", "pass", "alt"):
            self.keyboard = True
            self.pad = action.device.startswith("pad:")
        if kind == "alt":
            self.selection.cycle_focus(model)
            return True
        if self.selection.focus != "soup" and kind in ("select", "rotate_left", "rotate_right"):
            self.selection.focus = "soup"   # back to the soup, without playing a move by surprise
            return True
        if kind == "navigate" and self.selection.focus == "history":
            return self._scroll_history(action.dy or action.dx)
        if kind == "navigate":
            self.selection.move(action.dx, action.dy, model)
            if self.selection.focus == "tastes":   # the taste read comes into sight
                self.taste_scroll = self.table_layout.scroll_to(model, self.taste_scroll, self.selection.taste)
            return True
        if kind == "select":
            return self.play(self.selection.activate(model)) or self.selection.picked is not None
        if kind in ("rotate_left", "rotate_right"):
            return self.play(self.selection.rotate(-1 if kind == "rotate_left" else 1, model))
        if kind == "pass":
            return self.play(model.pass_action or (model.ready_action if model.phase != "playing" else None))
        if kind == "scroll" and self._over_tastes(action.pos or self.pointer, model):
            return self._scroll_tastes(action.dy)
        if kind == "scroll":   # the wheel reads the history strip: down for older moves
            return self._scroll_history(action.dy)
        if kind == "point" and action.pos is not None:
            self.keyboard = False
            self.pointer = action.pos
            self._hover(action.pos, model)
            return True
        if kind == "click" and action.pos is not None:
            self.keyboard = False
            return self._click(action.pos, action.button, model)
        return False

    def _scroll_history(self, older: int) -> bool:
        """Read ``older`` moves further back in the history strip (negative: towards the newest)."""
        self.history_scroll = max(0, min(len(self.history.entries) - 1, self.history_scroll + older))
        return True

    def _over_tastes(self, pos: tuple[int, int] | None, model: TableModel) -> bool:
        lay = self.table_layout
        return pos is not None and (lay.reveal_panel if model.reveal is not None else lay.left_panel).collidepoint(pos)

    def _scroll_tastes(self, down: int) -> bool:
        """Move a scrolled tastes panel ``down`` rows (negative: up)."""
        column = self.table_layout.taste_column(self.model, self.taste_scroll)
        if column.scrolls:
            step = min(down, column.below) if down > 0 else max(down, -column.above)
            self.taste_scroll = self.table_layout.taste_column(self.model, column.scroll + step).scroll
        return True

    def _picker_rects(self, model: TableModel):
        if self.selection.picked is None:
            return None
        return self.table_layout.picker(self.selection.picked, self.selection.candidate_rows(model))

    def _target(self, pos: tuple[int, int], model: TableModel) -> Target | None:
        return self.table_layout.hit(pos, self._picker_rects(model))

    def _hover(self, pos: tuple[int, int], model: TableModel) -> None:
        target = self._target(pos, model)
        self.selection.hover_candidate = None
        self.selection.hover_taste = self.selection.hover_spare = None
        if target is None and self.selection.picked is None:
            self._hover_edges(pos, model)
            return
        if target is None:
            return
        if target.kind == "candidate":
            self.selection.hover_candidate = target.index
        elif target.kind in ("cell", "arrow") and self.selection.picked is None:
            self.selection.cursor = (target.row, target.col)

    def _hover_edges(self, pos: tuple[int, int], model: TableModel) -> None:
        """The mouse over a taste or a spare set shows it in detail."""
        lay = self.table_layout
        for i, rect in enumerate(lay.listed_rows(model, self.taste_scroll)):
            if rect is not None and rect.collidepoint(pos):
                self.selection.hover_taste = i
                return
        if model.reveal is None:
            for i in range(8):
                if lay.spare_set(i).collidepoint(pos):
                    self.selection.hover_spare = i
                    return

    def _click(self, pos: tuple[int, int], button: int, model: TableModel) -> bool:
        target = self._target(pos, model)
        if button != 1 or target is None:
            self.selection.close()
            return target is not None
        if target.kind == "candidate":
            options = self.selection.candidates(model)
            return self.play(options[target.index] if target.index < len(options) else None)
        if target.kind == "picker":
            return True
        if target.kind == "cell":
            if self.selection.picked == (target.row, target.col):
                self.selection.close()
                return True
            self.selection.close()
            if model.must_pass or model.phase != "playing" or not model.my_turn:
                return self._answer(pos, model)
            return self.selection.pick(target.row, target.col, model) or \
                self._answer(pos, model, _("No spare card may take this card's place"))
        if target.kind == "arrow":
            self.selection.close()
            arrow = arrow_at(target.row, target.col)
            return self.play(model.rotation(*arrow) if arrow else None) or self._answer(pos, model)
        if target.name == "main":
            return self.play(model.pass_action or model.ready_action) or \
                self._answer(pos, model, _("You may pass once every taste you know is happy"))
        index = int(target.name[-1])
        seat = self.session.shown_seat
        if seat is not None:
            self.app.spawn(self.session.emote(seat, EMOTES[index]))
        return True

    def _answer(self, pos: tuple[int, int], model: TableModel, on_your_turn: str = "") -> bool:
        """Say at ``pos`` why a touch of the soup or the buttons does nothing now."""
        if model.phase == "over":
            return False
        if model.phase == "ready":
            words = _("Press Ready to cook: the round starts once every chef is") if model.ready_action else \
                _("The round starts once every chef is ready")
        elif model.phase == "reveal":
            words = _("The round is over: read the revealed tastes")
        elif model.must_pass:
            words = _("Every taste you know is happy: you must pass")
        elif not model.my_turn:
            words = self.not_yours()
        else:
            words = on_your_turn or _("Change a card or rotate a line")
        self.answer_at(pos, words)
        return True

    # --- drawing ---------------------------------------------------------------------------------
    def frame(self) -> Frame:
        view = self.current_view() or {}
        names = self._names(view)
        emotes = [(seat, name, self.session.clock() - when) for seat, name, when in self.session.emotes
                  if seat is not None]
        colour_blind = bool(getattr(getattr(self.app, "settings", None), "colour_blind_symbols", False))
        model = TableModel(view)
        remaining = self.countdown.read(self.session.remaining(self.now), self.session.connected)
        if model.phase in ("reveal", "over") and self.round_left is not None:
            remaining = self.round_left
        return Frame(model=model, selection=self.selection, motion=self.motion, now=self.now,
                     remaining=remaining, names=names, emotes=emotes, reconnecting=self.countdown.reconnecting,
                     colour_blind=colour_blind, keyboard=self.keyboard, pad=self.pad,
                     history=self.history, history_scroll=self.history_scroll, taste_scroll=self.taste_scroll,
                     seat_notes=self.seats.notes(self.now, lambda seat: names.get(seat, describe.chef(seat)),
                                                 self.server_now()))

    def _names(self, view: dict[str, Any]) -> dict[int, str]:
        """Each chef's name, numbered when two share one."""
        players = int(view.get("players") or len(view.get("chefs") or []) or 0)
        names = {seat: self.session.seat_name(seat) for seat in range(players)}
        repeated = {name for name in names.values() if list(names.values()).count(name) > 1}
        return {seat: f"{name} {seat + 1}" if name in repeated else name for seat, name in names.items()}

    def recap(self, seat: int | None) -> list[str]:
        """What happened this round since ``seat`` last looked at the table, in words, oldest first."""
        names = self._names(self.current_view() or {})
        frame = Frame(model=self.model, selection=self.selection, motion=self.motion, now=self.now, names=names)
        return [entry_words(frame, entry) for entry in self.history.since(seat)]

    def draw_table(self, surface: pygame.Surface) -> None:
        """Everything but the timer, the speech bubbles and what the mouse points at changes only
        with the view or the chef's keys, so it is drawn once into a layer and reused until one of
        those changes; the taste or spare set under the mouse is drawn over it each frame."""
        live_frame = self.frame()
        self.history.look(self.session.shown_seat)
        sel = self.selection
        f = replace(live_frame, selection=replace(sel, hover_taste=None, hover_spare=None))
        size = surface.get_size()
        key = (canonical_json(f.model.view), sel.cursor, sel.picked, sel.choice, sel.hover_candidate,
               sel.focus, f.selection.read_taste(), f.selection.read_spare(), f.keyboard, f.pad, f.colour_blind, size,
               self.history.count, self.history_scroll, f.taste_scroll, f.reconnecting, tuple(sorted(f.seat_notes.items())), tuple(sorted(f.names.items())),
               tuple(sorted(reactions(f).items())),
               int(f.remaining) if f.reconnecting and f.remaining is not None else None)   # the status counts then
        if key != self._layer_key or self._layer is None or self._layer.get_size() != size:
            if self._layer is None or self._layer.get_size() != size:
                self._layer = pygame.Surface(size).convert() if pygame.display.get_surface() else pygame.Surface(size)
            p = Painter(self._layer, self.table_layout, self.now)
            with coverage.capture() as drawn:
                theme.draw_background(self._layer)
                draw_top_bar(p, f)
                draw_board(p, f)
                draw_last_move(p, f)
                draw_left(p, f)
                draw_right(p, f)
                draw_overlays(p, f)
                draw_picker(p, f)
                draw_spare_detail(p, f)
                draw_taste_detail(p, f)
            self._layer_key, self._layer_drawn = key, drawn
        else:
            coverage.replay(self._layer_drawn)
        surface.blit(self._layer, (0, 0))
        live = Painter(surface, self.table_layout, self.now)
        if sel.focus == "soup":
            self._draw_hovered(live, live_frame)
        draw_motion(live, live_frame)
        draw_live(live, live_frame)

    def _draw_hovered(self, p: Painter, f: Frame) -> None:
        """The taste or spare set under the mouse: ringed, and read in full beside it."""
        lay, model = self.table_layout, f.model
        spare, taste = f.selection.hover_spare, f.selection.hover_taste
        if spare is not None:
            p.ring(lay.spare_set(spare % 8), width=5, pad=5)
            draw_spare_detail(p, f)
        rows = lay.listed_rows(model, f.taste_scroll) if taste is not None else []
        row = rows[taste] if taste is not None and 0 <= taste < len(rows) else None
        if row is not None:
            p.ring(row, width=4, pad=3, radius=12)
            draw_taste_detail(p, f)

    # --- the end, as the kit's end panel shows it: the last round revealed, the final soup, the verdict
    def end_panel(self) -> TableEnd:
        return TableEnd(self)

    @property
    def board(self) -> TableLayout:
        return self.table_layout

    def end_verdict(self) -> str:
        view = self.current_view() or {}
        return verdict_line(final_result(view), view)

    def end_next_game(self) -> tuple[str, dict[str, Any]] | None:
        return next_game(final_result(self.current_view()))

    def end_handle(self, action: InputAction) -> bool:
        """The wheel reads the revealed tastes further down (or back up)."""
        return action.kind == "scroll" and self._scroll_tastes(action.dy)

    def things(self) -> list[Thing]:
        """The soup's cards (what the end lays on the pot)."""
        return soup_things(self.model, self.table_layout)

    def _end_frame(self) -> Frame:
        return replace(self.frame(), keyboard=False, emotes=[])

    def draw_under(self, surface: pygame.Surface, board: Board, view: dict[str, Any]) -> None:
        p, f = Painter(surface, self.table_layout, self.now), self._end_frame()
        theme.draw_background(surface)
        draw_top_bar(p, f, whoami=False)
        draw_board(p, f, soup=False)
        draw_left(p, f)

    def draw_thing(self, surface: pygame.Surface, board: Board, thing: Thing, rect: pygame.Rect,
                   show: float) -> None:
        draw_moving_card(Painter(surface, self.table_layout, self.now), thing, rect, show,
                         self._end_frame().colour_blind)

    def draw_over(self, surface: pygame.Surface, board: Board, view: dict[str, Any]) -> None:
        draw_overlays(Painter(surface, self.table_layout, self.now), self._end_frame())

    def points_for(self, action: Action) -> list[tuple[int, int]]:
        """The window points that, clicked in order, play the legal ``action``."""
        return points_for(self.table_layout, self.model, action)

    def describe(self) -> dict[str, Any]:
        model = self.model
        return {**super().describe(), "phase": model.phase, "turn": model.turn, "cursor": self.selection.cursor,
                "picked": self.selection.picked, "candidates": self.selection.candidates(model),
                "must_pass": model.must_pass, "size": SIZE, "focus": self.selection.focus,
                "reading": self.selection.read_taste() if self.selection.focus != "spares" else self.selection.read_spare()}
