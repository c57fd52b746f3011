"""The table for any game without one of its own: the view as titled sections (from the game's
presenter in ``client.tables.present``, else a readable dump of its facts) and the shown seat's
legal actions as buttons showing their whole labels, so every registered game can be played end to
end by keyboard, mouse or gamepad.

The words come from ``wording``, the move list from ``move_list`` and the badge, section layout
and log box from ``drawing``; this module is the scene that puts them on the screen."""

from __future__ import annotations

from typing import Any

import pygame

from soupkitchen.client.tables import present
from soupkitchen.client.tables.base import TableScene
from soupkitchen.client.tables.drawing import (
    CARD_LINES,
    CARD_LINES_TIGHT,
    draw_badge,
    draw_cards,
    draw_history,
    flow,
    section_rows,
)
from soupkitchen.client.tables.move_list import MoveList
from soupkitchen.client.tables.wording import event_words, facts, headline, log_lines, move_words
from soupkitchen.client.ui import art, theme
from soupkitchen.client.ui.input import InputAction
from soupkitchen.client.ui.widgets import FocusGroup
from soupkitchen.client.words import N_, _, ngettext

# (font, card height in lines) tried in turn until the sections fit: one column, then two
FITS = (("body", CARD_LINES), ("body", CARD_LINES), ("small", CARD_LINES), ("small", CARD_LINES_TIGHT))
HINT = N_("Arrows: choose a move   Enter: play it   Q/E: scroll the table   1-3: emotes   Esc: menu")


class GenericTable(TableScene):
    name = "generic_table"

    def __init__(self, app, session) -> None:
        super().__init__(app, session)
        self.actions: list[dict[str, Any]] = []
        self.list = MoveList(
            [], self.play, key="actions", empty=_("Nothing to do right now."), visible_rows=8
        )
        self.form = FocusGroup([self.list])
        self.facts_from = 0  # first fact (or section row) shown; Q/E, shoulder buttons or the wheel scroll
        self.facts_rect = pygame.Rect(0, 0, 0, 0)
        self._rows_total = 0  # section rows laid out in the last frame (0: the plain facts are shown)
        self.rows_hidden = 0  # section rows that did not fit the panel in the last frame (Q/E show them)
        self._pointer: tuple[int, int] = (0, 0)
        self.cards_drawn: list[str] = []  # card pictures drawn in the sections in the last frame
        self.cards_marked: list[tuple[str, pygame.Rect]] = []  # the highlighted ones of them, and where
        self._cards_for: tuple[Any, Any] = (
            None,
            None,
        )  # (view, actions) the move list's pictures were read from
        self._refresh_actions()

    @classmethod
    def art_to_preload(cls, size: tuple[int, int]) -> list[tuple[Any, tuple[int, int]]]:
        """Every card picture of the games with a presenter, at the heights the sections (in either
        font) and the move list draw them in a window of ``size``."""
        lay = theme.layout(size)
        heights = {round(lay.font(kind).get_linesize() * lines) for kind, lines in FITS[1:]}
        heights.add(lay.button_h - lay.gap)
        files = sorted(
            path
            for game_id in present.presented_games()
            for path in (art.ASSETS / game_id.replace("-", "_")).glob("*.svg")
        )
        return [(path, art.card_size(height)) for height in sorted(heights) for path in files]

    def names(self) -> list[str]:
        """Every seat's name from the table summary, by seat."""
        seats = self.session.table.get("seats", [])
        return [self.session.seat_name(info.get("seat", i)) for i, info in enumerate(seats)]

    def sections(self, view: dict[str, Any] | None) -> list[present.Section] | None:
        """The presenter's sections for ``view`` (None: this game has none, show the plain facts)."""
        return present.sections(self.session.game_id, view, self.names())

    def _refresh_actions(self) -> None:
        seat = self.session.shown_seat
        view = self.session.view(seat) if seat is not None else None
        actions = list(view.get("legal_actions", [])) if view else []
        if actions != self.actions:
            self.actions = actions
        if self._cards_for[0] is not view or self._cards_for[1] is not self.actions:  # words and pictures
            self._cards_for = (view, self.actions)
            self.list.set_rows(
                [move_words(self.session.game_id, view, a, self.session.seat_name) for a in actions]
            )
            self.list.set_cards([present.move_cards(self.session.game_id, view, a) for a in self.actions])

    def on_state(self, seat, view, events) -> None:
        self._refresh_actions()

    def update(self, dt: float, now: float) -> None:
        super().update(dt, now)
        self._refresh_actions()

    def play(self, index: int) -> None:
        if 0 <= index < len(self.actions):
            self.send(self.actions[index])

    def handle_table(self, action: InputAction) -> bool:
        if action.kind in ("rotate_left", "rotate_right") or (
            action.kind == "scroll" and action.pos is None and self.facts_rect.collidepoint(self._pointer)
        ):
            step = (
                -3 if action.kind == "rotate_left" else 3 if action.kind == "rotate_right" else action.dy * 3
            )
            total = self._rows_total or len(facts(self.current_view()))
            self.facts_from = max(0, min(self.facts_from + step, total - 1))
            return True
        if action.kind == "point" and action.pos is not None:
            self._pointer = action.pos
        if action.kind == "pass":
            for a in self.actions:
                if a.get("type") == "pass":
                    self.send(a)
                    return True
        used = self.form.handle(action)
        if (
            action.kind == "click"
            and action.pos is not None
            and not self.actions
            and not self.session.over
            and self.list.rect.collidepoint(action.pos)
        ):  # the empty move list touched: say whose turn it is
            self.answer_at(action.pos, self.not_yours())
            return True
        return used

    # --- drawing -------------------------------------------------------------------------------
    def draw_table(self, surface: pygame.Surface) -> None:
        lay = self.layout
        self.cards_drawn, self.cards_marked = [], []
        theme.draw_background(surface)
        view = self.current_view()
        found = self.sections(view)
        title = self.session.table.get("title", self.session.game_id)
        seat = self.session.shown_seat
        theme.text(surface, title, "heading", theme.MUSTARD, (lay.margin, lay.margin), lay)
        who = (
            _("%(player)s (seat %(number)d)") % {"player": self.session.seat_name(seat), "number": seat + 1}
            if seat is not None
            else _("Watching")
            if not self.session.seats_held
            else _("Waiting for your turn")
        )
        mid_y = lay.margin + lay.font("label").get_height() // 2
        right = theme.text(
            surface,
            who,
            "label",
            theme.seat_colour(seat),
            (lay.width - lay.margin, mid_y),
            lay,
            anchor="midright",
        )
        if seat is not None:
            badge_w = lay.font("label").size(theme.seat_symbol(seat))[0] + lay.font("label").get_height()
            draw_badge(surface, seat, (right.x - badge_w - lay.gap, mid_y), "label", lay)
        self.draw_countdown(
            surface, pygame.Rect(lay.width // 3, lay.margin, lay.width // 3, lay.button_h // 2)
        )

        waiting = set(view["active_seats"]) if view else set()
        chips_y = lay.margin + max(lay.font("heading").get_height(), lay.button_h // 2) + lay.gap // 2
        top = self._draw_seats(surface, lay, chips_y, waiting) + lay.gap
        foot_h = lay.font("small").get_linesize() + lay.gap
        bottom = lay.height - lay.margin - foot_h
        left = pygame.Rect(lay.margin, top, int(lay.width * 0.6), bottom - top)
        theme.draw_panel(surface, left, lay)
        self.facts_rect = left
        if found is not None:
            self._draw_sections(surface, lay, left, [s for s in found if s.key != "log"])
            history = [line.text for s in found if s.key == "log" for line in s.lines]
        else:
            self._rows_total = self.rows_hidden = 0
            self._draw_facts(surface, lay, left, view)
            history = log_lines(view, game_id=self.session.game_id, name=self.session.seat_name)

        column = pygame.Rect(
            left.right + lay.margin, top, lay.width - left.right - lay.margin * 2, left.height
        )
        heading = _("Your moves") if seat is not None else _("Moves")
        if len(self.list.rows) > self.list.visible_rows:
            heading += "  " + _("(%(at)d of %(count)d)") % {
                "at": self.list.selected + 1,
                "count": len(self.list.rows),
            }
        theme.text(surface, heading, "label", theme.TEXT, (column.x, column.y), lay)
        list_top = column.y + lay.font("label").get_linesize() + lay.gap
        room = (
            column.bottom - list_top - (lay.font("small").get_linesize() * 4 + lay.gap * 3 if history else 0)
        )
        self.list.fit(lay, pygame.Rect(column.x, list_top, column.width, room))
        self.form.draw(surface, lay)
        if history:
            box = pygame.Rect(
                column.x,
                self.list.rect.bottom + lay.gap * 2,
                column.width,
                column.bottom - self.list.rect.bottom - lay.gap * 2,
            )
            draw_history(surface, lay, box, history)
        self._draw_feed(
            surface,
            lay,
            pygame.Rect(lay.margin, bottom + lay.gap // 2, lay.width - lay.margin * 2, foot_h - lay.gap // 2),
            bool(history),
        )

    def _draw_sections(
        self, surface: pygame.Surface, lay: theme.Layout, panel: pygame.Rect, sections: list[present.Section]
    ) -> None:
        """The sections flowed into one or two columns, in a smaller size (then with lower card
        pictures) if needed; Q/E scroll the rest."""
        inner = panel.inflate(-lay.gap * 4, -lay.gap * 2)
        for columns, (kind, card_lines) in zip((1, 2, 2, 2), FITS, strict=True):
            col_w = (inner.width - lay.gap * 2 * (columns - 1)) // columns
            line_h, title_gap = lay.font(kind).get_linesize(), lay.gap // 2
            card_h = round(line_h * card_lines)
            rows = section_rows(sections, kind, col_w, lay, card_h)
            cards_h = card_h + title_gap
            placed = flow(rows, line_h, title_gap, columns, inner.height, cards_h)
            if len(placed) == len(rows):
                break
        hint_h = lay.font("small").get_linesize()
        if len(placed) < len(rows):  # too much even small: scroll, with room kept for the hints
            self.facts_from = min(self.facts_from, len(rows) - 1)
            rows = rows[self.facts_from :]
            inner = pygame.Rect(
                inner.x,
                inner.y + (hint_h if self.facts_from else 0),
                inner.width,
                inner.height - hint_h - (hint_h if self.facts_from else 0),
            )
            placed = flow(rows, line_h, title_gap, columns, inner.height, cards_h)
            self._rows_total = self.facts_from + len(rows)
        else:
            self.facts_from, self._rows_total = 0, 1
        self.rows_hidden = self.facts_from + len(rows) - len(placed)
        f = lay.font(kind)
        for (what, words, line, indent, cards, marked), (column, y) in zip(rows, placed, strict=False):
            x, y = inner.x + column * (col_w + lay.gap * 2), inner.y + y
            if cards:  # pictures below the words, or beside them (the words centred on the pictures)
                at = x + indent + (f.size(words)[0] + lay.gap * 2 if words else 0)
                drawn = draw_cards(surface, cards, (at, y), card_h, x + col_w - lay.gap * 2 - at, marked)
                self.cards_drawn += cards
                self.cards_marked += [(cards[i], drawn[i]) for i in sorted(marked) if i < len(drawn)]
                y += (cards_h - line_h) // 2
            if what == "title":
                theme.text(surface, words, kind, theme.BROTH, (x, y), lay)
                continue
            if what == "line" and line.seat is not None:
                draw_badge(surface, line.seat, (x, y + f.get_height() // 2), kind, lay)
            if words:
                theme.text(
                    surface, words, kind, theme.MUSTARD if line.strong else theme.TEXT, (x + indent, y), lay
                )
        if self.facts_from:
            theme.text(
                surface,
                ngettext("%(count)d row above (Q)", "%(count)d rows above (Q)", self.facts_from)
                % {"count": self.facts_from},
                "small",
                theme.TEXT_DIM,
                (panel.right - lay.gap * 2, panel.y + lay.gap // 2),
                lay,
                anchor="topright",
            )
        if len(placed) < len(rows):
            below = len(rows) - len(placed)
            theme.text(
                surface,
                ngettext("%(count)d more row below (E)", "%(count)d more rows below (E)", below)
                % {"count": below},
                "small",
                theme.TEXT_DIM,
                (panel.right - lay.gap * 2, panel.bottom - lay.gap // 2),
                lay,
                anchor="bottomright",
            )

    def _draw_facts(
        self, surface: pygame.Surface, lay: theme.Layout, left: pygame.Rect, view: dict[str, Any] | None
    ) -> None:
        """A game without a presenter: its headline and every public fact, name and value."""
        f = lay.font("body")
        y = left.y + lay.gap
        inner = left.width - lay.gap * 4
        said = headline(view, self.session.game_id, self.session.seat_name)
        for line in theme.wrap(said, lay.font("label"), inner)[:3] if said else []:
            y = theme.text(surface, line, "label", theme.MUSTARD, (left.x + lay.gap * 2, y), lay).bottom
        if said:
            y += lay.gap
        value_x = left.x + left.width // 3 + lay.gap * 2
        value_w = left.right - value_x - lay.gap * 2
        every = facts(view)
        self.facts_from = min(self.facts_from, max(0, len(every) - 1))
        shown = every[self.facts_from :]
        if self.facts_from:
            theme.text(
                surface,
                _("%(count)d more above (Q)") % {"count": self.facts_from},
                "small",
                theme.TEXT_DIM,
                (left.right - lay.gap * 2, left.y + lay.gap // 2),
                lay,
                anchor="topright",
            )
            y = max(y, left.y + lay.gap + lay.font("small").get_linesize())
        end = left.bottom - lay.gap - lay.font("small").get_linesize()  # the last row is kept for the hint
        room = (end - y) // f.get_linesize()
        wrap_values = sum(len(theme.wrap(v, f, value_w)[:3]) for _n, v in shown) <= room
        for index, (name, value) in enumerate(shown):
            wrapped = theme.wrap(value, f, value_w)[:3] if wrap_values else [value]
            if y + f.get_linesize() * len(wrapped) > end:
                theme.text(
                    surface,
                    _("%(count)d more below (E)") % {"count": len(shown) - index},
                    "small",
                    theme.TEXT_DIM,
                    (left.right - lay.gap * 2, left.bottom - lay.gap // 2),
                    lay,
                    anchor="bottomright",
                )
                break
            theme.text(
                surface,
                name,
                "body",
                theme.TEXT_DIM,
                (left.x + lay.gap * 2, y),
                lay,
                max_width=left.width // 3,
            )
            for line in wrapped:
                theme.text(surface, line, "body", theme.TEXT, (value_x, y), lay, max_width=value_w)
                y += f.get_linesize()

    def _draw_seats(self, surface: pygame.Surface, lay: theme.Layout, y: int, waiting: set[int]) -> int:
        """A chip per seat: colour with symbol, name, you / bot / away, whose move it is, a recent emote."""
        seats = self.session.table.get("seats", [])
        if not seats:
            return y
        h = round(lay.button_h * 0.7)
        width = (lay.width - lay.margin * 2 - lay.gap * (len(seats) - 1)) // len(seats)
        recent = {seat: emote for seat, emote, at in self.session.emotes if self.now - at < 4}
        for i, info in enumerate(seats):
            seat = info.get("seat", i)
            chip = pygame.Rect(lay.margin + i * (width + lay.gap), y, width, h)
            theme.draw_panel(
                surface,
                chip,
                lay,
                colour=theme.PANEL_LIGHT if seat in self.session.tokens else theme.PANEL,
                edge=theme.MUSTARD if seat in waiting else theme.PANEL_EDGE,
            )
            x = draw_badge(surface, seat, (chip.x + lay.gap, chip.centery), "body", lay)
            name = self.session.seat_name(seat)
            role = (
                " " + _("(you)")
                if seat in self.session.tokens
                else " " + _("(bot)")
                if info.get("bot") and info.get("name")
                else " " + _("(away)")
                if not info.get("connected", True)
                else ""
            )
            turn = " - " + _("to move") if seat in waiting else ""
            emote = f" - {recent[seat]}!" if seat in recent else ""
            room = chip.right - x - lay.gap
            tries = (name + role + turn + emote, name + turn + emote, name + role + turn, name + turn)
            words = next((w for w in tries if lay.font("body").size(w)[0] <= room), tries[-1])
            theme.text(
                surface, words, "body", theme.TEXT, (x, chip.centery), lay, anchor="midleft", max_width=room
            )
        return y + h

    def _draw_feed(
        self, surface: pygame.Surface, lay: theme.Layout, rect: pygame.Rect, has_log: bool
    ) -> None:
        """Recent emotes; the newest events when the view keeps no log of its own; else the keys."""
        bits = [
            f"{self.session.seat_name(seat)}: {emote}!"
            for seat, emote, at in list(self.session.emotes)[-2:]
            if self.now - at < 5
        ]
        if not has_log:
            bits += [
                event_words(self.session.game_id, event, self.session.seat_name)
                for event in list(self.session.events)[-3:]
            ]
        theme.text(
            surface,
            "   |   ".join(bits) or _(HINT),
            "small",
            theme.TEXT_DIM,
            rect.midleft,
            lay,
            anchor="midleft",
            max_width=rect.width,
        )

    def describe(self) -> dict[str, Any]:
        view = self.current_view()
        found = self.sections(view)
        name = self.session.seat_name
        return {
            **super().describe(),
            "actions": list(self.list.rows),
            "headline": headline(view, self.session.game_id, name),
            "facts": facts(view),
            "log": log_lines(view, game_id=self.session.game_id, name=name),
            "sections": [[s.title, [line.text for line in s.lines]] for s in found or []],
            "cards_shown": list(self.cards_drawn),
            "rows_hidden": self.rows_hidden,
            "cards_marked": [card for card, _rect in self.cards_marked],
            "move_cards": {i: list(c) for i, c in self.list.cards_drawn.items()},
            "moves_shown": {i: " ".join(lines) for i, lines in self.list.drawn.items()},
        }
