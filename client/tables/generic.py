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

HIDDEN_KEYS = {"legal_actions", "seat", "deadline", "over"}
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
        if depth > 1 or len(value) > 12:
            return f"{len(value)} items"
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
        if key in HIDDEN_KEYS:
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


class GenericTable(TableScene):
    name = "generic_table"

    def __init__(self, app, session) -> None:
        super().__init__(app, session)
        self.actions: list[dict[str, Any]] = []
        self.list = ListView([], self.play, key="actions", empty="Nothing to do right now.", visible_rows=8)
        self.form = FocusGroup([self.list])
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
        who = (f"{self.session.seat_name(seat)} (seat {seat + 1})" if seat is not None
               else "Watching" if not self.session.seats_held else "Waiting for your turn")
        theme.text(surface, title, "heading", theme.MUSTARD, (lay.margin, lay.margin), lay)
        theme.text(surface, who, "label", theme.seat_colour(seat), (lay.width - lay.margin, lay.margin), lay,
                   anchor="topright")
        bar = pygame.Rect(lay.width // 3, lay.margin, lay.width // 3, lay.button_h // 2)
        self.draw_countdown(surface, bar)

        top = lay.margin * 2 + lay.button_h
        left = pygame.Rect(lay.margin, top, int(lay.width * 0.55), lay.height - top - lay.margin * 4)
        theme.draw_panel(surface, left, lay)
        f = lay.font("body")
        y = left.y + lay.gap
        for name, value in facts(view):
            if y + f.get_linesize() > left.bottom - lay.gap:
                break
            theme.text(surface, name, "body", theme.TEXT_DIM, (left.x + lay.gap * 2, y), lay,
                       max_width=left.width // 3)
            theme.text(surface, value, "body", theme.TEXT, (left.x + left.width // 3 + lay.gap * 2, y), lay,
                       max_width=left.width * 2 // 3 - lay.gap * 4)
            y += f.get_linesize()

        right = pygame.Rect(left.right + lay.margin, top, lay.width - left.right - lay.margin * 2, left.height)
        theme.text(surface, "Your moves" if seat is not None else "Moves", "label", theme.TEXT,
                   (right.x, right.y), lay)
        self.list.rect = pygame.Rect(right.x, right.y + lay.button_h, right.width,
                                     min(right.height - lay.button_h, self.list.visible_rows * lay.button_h))
        self.form.draw(surface, lay)
        self._draw_feed(surface, lay, pygame.Rect(lay.margin, left.bottom + lay.gap, lay.width - lay.margin * 2,
                                                  lay.height - left.bottom - lay.gap * 2))

    def _draw_feed(self, surface: pygame.Surface, lay: theme.Layout, rect: pygame.Rect) -> None:
        bits = []
        for event in list(self.session.events)[-3:]:
            bits.append(action_label(event) if isinstance(event, dict) else str(event))
        for seat, emote, at in list(self.session.emotes)[-2:]:
            if self.now - at < 5:
                bits.append(f"{self.session.seat_name(seat)}: {emote}!")
        theme.text(surface, "   |   ".join(bits) or "Q/E rotate   P pass   1-3 emotes   Esc menu", "small",
                   theme.TEXT_DIM, rect.midleft, lay, anchor="midleft", max_width=rect.width)

    def describe(self) -> dict[str, Any]:
        return {**super().describe(), "actions": [action_label(a) for a in self.actions],
                "facts": facts(self.current_view())}
