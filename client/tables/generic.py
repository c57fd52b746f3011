"""The table for any game without one of its own: the public facts of the view, readably, and the
shown seat's legal actions as buttons, so every registered game can be played end to end by
keyboard, mouse or gamepad."""

from __future__ import annotations

from typing import Any

import pygame

from client import theme
from client.input import InputAction
from client.tables.base import TableScene
from client.widgets import FocusGroup, ListView

HIDDEN_KEYS = {"legal_actions", "seat", "deadline", "over", "game"}
HEADLINE_KEYS = ("prompt", "phase_text", "message", "status", "instruction")
LOG_KEYS = ("log", "history")
MAX_FACTS = 40


def readable(value: Any, depth: int = 0) -> str:
    """A short human rendering of any JSON value."""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if value is None:
        return "-"
    if isinstance(value, float):
        return f"{value:.1f}"
    if isinstance(value, dict):
        if depth > 1:
            return "{...}"
        return ", ".join(f"{k.replace('_', ' ')} {readable(v, depth + 1)}" for k, v in value.items())
    if isinstance(value, list):
        if not value:
            return "none"
        if all(v is None for v in value):
            return f"{len(value)} hidden"
        if depth > 1 or len(value) > 12:
            return f"{len(value)} items"
        if all(isinstance(v, str | int | float) for v in value):
            return ", ".join(readable(v, depth + 1) for v in value)
        return "[" + "; ".join(readable(v, depth + 1) for v in value) + "]"
    return str(value).replace("_", " ")


def action_label(action: dict[str, Any]) -> str:
    """The words on an action's button: its ``label`` if it has one, else its fields."""
    if isinstance(action.get("label"), str):
        return action["label"]
    kind = str(action.get("type", "action")).replace("_", " ")
    rest = {k: v for k, v in action.items() if k != "type"}
    return f"{kind.capitalize()}: {readable(rest)}" if rest else kind.capitalize()


def facts(view: dict[str, Any] | None) -> list[tuple[str, str]]:
    """(name, value) lines for every public fact of ``view``; nested objects are flattened one level."""
    if not view:
        return []
    lines: list[tuple[str, str]] = []
    for key, value in view.items():
        if key in HIDDEN_KEYS or key in HEADLINE_KEYS or key in LOG_KEYS or value is None:
            continue
        name = key.replace("_", " ").capitalize()
        if isinstance(value, dict) and len(value) <= 8:
            for sub, inner in value.items():
                lines.append((f"{name} / {str(sub).replace('_', ' ')}", readable(inner, 1)))
        elif isinstance(value, list) and value and all(isinstance(v, dict) for v in value) and len(value) <= 8:
            for i, inner in enumerate(value):
                lines.append((f"{name} {i + 1}", readable(inner, 1)))
        else:
            lines.append((name, readable(value)))
    return lines[:MAX_FACTS]


def headline(view: dict[str, Any] | None) -> str:
    """The view's own sentence about what happens now, if it has one."""
    for key in HEADLINE_KEYS:
        if view and isinstance(view.get(key), str) and view[key]:
            return view[key]
    return ""


def log_lines(view: dict[str, Any] | None, count: int = 8) -> list[str]:
    """The last lines of the view's own log of what happened, if it keeps one."""
    for key in LOG_KEYS:
        value = view.get(key) if view else None
        if isinstance(value, list):
            return [readable(line) for line in value[-count:]]
    return []


class GenericTable(TableScene):
    name = "generic_table"

    def __init__(self, app, session) -> None:
        super().__init__(app, session)
        self.actions: list[dict[str, Any]] = []
        self.list = ListView([], self.play, key="actions", empty="Nothing to do right now.", visible_rows=8)
        self.form = FocusGroup([self.list])
        self.facts_from = 0            # first fact shown (Q/E, shoulder buttons or the wheel scroll them)
        self.facts_rect = pygame.Rect(0, 0, 0, 0)
        self._pointer: tuple[int, int] = (0, 0)
        self._refresh_actions()

    def _refresh_actions(self) -> None:
        seat = self.session.shown_seat
        view = self.session.view(seat) if seat is not None else None
        actions = list(view.get("legal_actions", [])) if view else []
        if actions != self.actions:
            self.actions = actions
            self.list.set_rows([action_label(a) for a in actions])

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
                action.kind == "scroll" and action.pos is None and self.facts_rect.collidepoint(self._pointer)):
            step = -3 if action.kind == "rotate_left" else 3 if action.kind == "rotate_right" else action.dy * 3
            self.facts_from = max(0, min(self.facts_from + step, len(facts(self.current_view())) - 1))
            return True
        if action.kind == "point" and action.pos is not None:
            self._pointer = action.pos
        if action.kind == "pass":
            for a in self.actions:
                if a.get("type") == "pass":
                    self.send(a)
                    return True
        return self.form.handle(action)

    # --- drawing -------------------------------------------------------------------------------
    def draw_table(self, surface: pygame.Surface) -> None:
        lay = self.layout
        theme.draw_background(surface)
        view = self.current_view()
        title = self.session.table.get("title", self.session.game_id)
        seat = self.session.shown_seat
        who = (f"{self.seat_label(seat)} (seat {seat + 1})" if seat is not None
               else "Watching" if not self.session.seats_held else "Waiting for your turn")
        theme.text(surface, title, "heading", theme.MUSTARD, (lay.margin, lay.margin), lay)
        theme.text(surface, who, "label", theme.seat_colour(seat), (lay.width - lay.margin, lay.margin), lay,
                   anchor="topright")
        bar = pygame.Rect(lay.width // 3, lay.margin, lay.width // 3, lay.button_h // 2)
        self.draw_countdown(surface, bar)

        top = self._draw_seats(surface, lay, lay.margin + lay.button_h) + lay.gap
        left = pygame.Rect(lay.margin, top, int(lay.width * 0.55), lay.height - top - lay.margin * 4)
        theme.draw_panel(surface, left, lay)
        f = lay.font("body")
        y = left.y + lay.gap
        inner = left.width - lay.gap * 4
        for line in theme.wrap(headline(view), lay.font("label"), inner)[:3] if headline(view) else []:
            y = theme.text(surface, line, "label", theme.MUSTARD, (left.x + lay.gap * 2, y), lay).bottom
        if headline(view):
            y += lay.gap
        value_x = left.x + left.width // 3 + lay.gap * 2
        value_w = left.right - value_x - lay.gap * 2
        self.facts_rect = left
        every = facts(view)
        self.facts_from = min(self.facts_from, max(0, len(every) - 1))
        shown = every[self.facts_from:]
        if self.facts_from:
            theme.text(surface, f"{self.facts_from} more above (Q)", "small", theme.TEXT_DIM,
                       (left.right - lay.gap * 2, left.y + lay.gap // 2), lay, anchor="topright")
        room = (left.bottom - lay.gap - y) // f.get_linesize()
        wrap_values = sum(len(theme.wrap(v, f, value_w)[:3]) for _n, v in shown) <= room
        for index, (name, value) in enumerate(shown):
            wrapped = theme.wrap(value, f, value_w)[:3] if wrap_values else [value]
            if y + f.get_linesize() * len(wrapped) > left.bottom - lay.gap:
                theme.text(surface, f"{len(shown) - index} more below (E)", "small", theme.TEXT_DIM,
                           (left.right - lay.gap * 2, left.bottom - lay.gap // 2), lay, anchor="bottomright")
                break
            theme.text(surface, name, "body", theme.TEXT_DIM, (left.x + lay.gap * 2, y), lay,
                       max_width=left.width // 3)
            for line in wrapped:
                theme.text(surface, line, "body", theme.TEXT, (value_x, y), lay, max_width=value_w)
                y += f.get_linesize()

        right = pygame.Rect(left.right + lay.margin, top, lay.width - left.right - lay.margin * 2, left.height)
        theme.text(surface, "Your moves" if seat is not None else "Moves", "label", theme.TEXT,
                   (right.x, right.y), lay)
        history = log_lines(view)
        self.list.visible_rows = 5 if history else 8
        self.list.rect = pygame.Rect(right.x, right.y + lay.button_h, right.width,
                                     min(right.height - lay.button_h, self.list.visible_rows * lay.button_h))
        self.form.draw(surface, lay)
        if history:
            box = pygame.Rect(right.x, self.list.rect.bottom + lay.gap * 2, right.width,
                              right.bottom - self.list.rect.bottom - lay.gap * 2)
            self._draw_history(surface, lay, box, history)
        self._draw_feed(surface, lay, pygame.Rect(lay.margin, left.bottom + lay.gap, lay.width - lay.margin * 2,
                                                  lay.height - left.bottom - lay.gap * 2))

    def _draw_seats(self, surface: pygame.Surface, lay: theme.Layout, y: int) -> int:
        """A chip per seat: colour, name, who is a bot, away or here; a recent emote beside it."""
        seats = self.session.table.get("seats", [])
        if not seats:
            return y
        h = round(lay.button_h * 0.7)
        width = (lay.width - lay.margin * 2 - lay.gap * (len(seats) - 1)) // len(seats)
        recent = {seat: emote for seat, emote, at in self.session.emotes if self.now - at < 4}
        for i, info in enumerate(seats):
            seat = info.get("seat", i)
            chip = pygame.Rect(lay.margin + i * (width + lay.gap), y, width, h)
            theme.draw_panel(surface, chip, lay, colour=theme.PANEL_LIGHT if seat in self.session.tokens else theme.PANEL)
            r = h // 4
            pygame.draw.circle(surface, theme.seat_colour(seat), (chip.x + lay.gap + r, chip.centery), r)
            words = self.seat_label(seat)
            if info.get("bot") and info.get("name"):
                words += " (bot)"
            elif not info.get("connected", True):
                words += " (away)"
            if seat in recent:
                words += f"  - {recent[seat]}!"
            theme.text(surface, words, "body", theme.TEXT, (chip.x + lay.gap * 2 + r * 2, chip.centery), lay,
                       anchor="midleft", max_width=chip.width - lay.gap * 3 - r * 2)
        return y + h

    def _draw_history(self, surface: pygame.Surface, lay: theme.Layout, box: pygame.Rect, history: list[str]) -> None:
        """The newest lines of the game's own log, newest at the bottom."""
        theme.draw_panel(surface, box, lay, colour=theme.PANEL)
        f = lay.font("small")
        lines: list[str] = []
        for entry in history:
            lines.extend(theme.wrap(entry, f, box.width - lay.gap * 4))
        fit = max(0, (box.height - lay.gap * 2) // f.get_linesize())
        y = box.y + lay.gap
        for line in lines[-fit:] if fit else []:
            y = theme.text(surface, line, "small", theme.TEXT_DIM, (box.x + lay.gap * 2, y), lay).bottom

    def _draw_feed(self, surface: pygame.Surface, lay: theme.Layout, rect: pygame.Rect) -> None:
        bits = []
        for event in list(self.session.events)[-3:]:
            bits.append(action_label(event) if isinstance(event, dict) else str(event))
        for seat, emote, at in list(self.session.emotes)[-2:]:
            if self.now - at < 5:
                bits.append(f"{self.seat_label(seat)}: {emote}!")
        theme.text(surface, "   |   ".join(bits) or "Arrows: choose a move   Enter: play it   Q/E: scroll the facts   1-3: emotes   Esc: menu", "small",
                   theme.TEXT_DIM, rect.midleft, lay, anchor="midleft", max_width=rect.width)

    def describe(self) -> dict[str, Any]:
        view = self.current_view()
        return {**super().describe(), "actions": [action_label(a) for a in self.actions],
                "headline": headline(view), "facts": facts(view), "log": log_lines(view)}
