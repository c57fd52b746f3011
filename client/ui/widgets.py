"""Our small widget set: label, button, toggle and list (the choice is in :mod:`client.ui.choice`, the
text field in :mod:`client.ui.textfield`), plus the focus group that moves a visible focus ring between them
with keyboard, gamepad or mouse.

Widgets are placed by their scene (``widget.rect``) on every draw, so layouts follow the window size.
A widget says how tall it needs to be for a given width (:meth:`Widget.height`): a label that does
not fit on one line wraps and its row grows, instead of being cut.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import pygame

from soupkitchen.client.ui import theme
from soupkitchen.client.ui.input import InputAction
from soupkitchen.client.ui.theme import draw_lines, fit_lines, lines_height
from soupkitchen.client.words import N_, _


class Widget:
    focusable = True
    takes_text = False  # True for a text field: letters then type instead of acting
    corner = False  # True: placed in the screen's top right-hand corner, not in its column
    footer = False  # True: at a fixed place at the foot of its column, however many rows are above
    column = ""  # "left" or "right": a side of a two-column screen ("": across the screen)
    # a row choosing one value of several (``Choice``): the arrows change it, Enter never does but
    # moves on to the next row, the same on every menu (so Enter walks down to the screen's button)
    enter_moves_on = False

    def __init__(self, key: str = "") -> None:
        self.key = key
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.enabled = True
        self.visible = True

    def handle(self, action: InputAction) -> bool:
        """Use ``action`` while focused; True if used."""
        return False

    def activate(self) -> None:
        """The player selected this widget (Enter, A button, click)."""

    def click(self, pos: tuple[int, int]) -> None:
        self.activate()

    def draw(self, surface: pygame.Surface, lay: theme.Layout, focused: bool) -> None:
        raise NotImplementedError

    def height(self, lay: theme.Layout, width: int) -> int:
        """The height this widget needs in a column ``width`` pixels wide."""
        return lay.button_h

    def adopt(self, old: Widget) -> None:
        """Take over where ``old`` (the same control before its screen was rebuilt) was drawn, so a
        click that lands before the next frame still finds it."""
        self.rect = old.rect.copy()

    def describe(self) -> str:
        return self.key


class Label(Widget):
    """Text that cannot be focused."""

    focusable = False

    def __init__(self, words: str, kind: str = "body", colour=theme.TEXT, key: str = "") -> None:
        super().__init__(key)
        self.words, self.kind, self.colour = words, kind, colour

    def height(self, lay, width) -> int:
        lines = lay.lines(self.words, self.kind, width)
        return max(round(lay.button_h * 0.7), lay.font(self.kind).get_linesize() * len(lines) + lay.gap)

    def draw(self, surface, lay, focused) -> None:
        draw_lines(
            surface,
            lay,
            lay.lines(self.words, self.kind, self.rect.width),
            self.kind,
            self.colour,
            self.rect.x,
            self.rect.centery,
            self.rect.width,
        )

    def describe(self) -> str:
        return self.words


class Button(Widget):
    def __init__(
        self, label: str, on_click: Callable[[], Any], key: str = "", primary: bool = False, hint: str = ""
    ) -> None:
        super().__init__(key or label)
        self.label, self.on_click, self.primary, self.hint = label, on_click, primary, hint

    def activate(self) -> None:
        if self.enabled:
            self.on_click()

    def draw(self, surface, lay, focused) -> None:
        if not self.enabled:
            colour, words = theme.PANEL, theme.TEXT_DIM
        elif self.primary and focused:  # what Enter presses: filled, and ringed by the form
            colour, words = theme.ACCENT, theme.TEXT
        else:
            colour, words = (theme.PANEL_LIGHT if focused else theme.PANEL), theme.TEXT
        # the suggested button, while Enter is on another, only edged in tomato: one button at a time
        # looks pressed-next, the one with the focus ring
        edge = theme.ACCENT if self.primary and self.enabled and not focused else None
        theme.draw_panel(surface, self.rect, lay, colour=colour, edge=edge or theme.PANEL_EDGE)
        room = self.rect.width - lay.gap * 4
        kind, _lines = fit_lines(lay, self.label, room)
        theme.text(surface, self.label, kind, words, self.rect.center, lay, anchor="center", max_width=room)
        if self.hint:
            theme.text(
                surface,
                self.hint,
                "small",
                theme.TEXT_DIM,
                (self.rect.right - lay.gap, self.rect.centery),
                lay,
                anchor="midright",
            )

    def describe(self) -> str:
        return self.label


class Toggle(Widget):
    def __init__(
        self, label: str, value: bool, on_change: Callable[[bool], Any] | None = None, key: str = ""
    ) -> None:
        super().__init__(key or label)
        self.label, self.value, self.on_change = label, value, on_change

    def activate(self) -> None:
        if self.enabled:
            self.value = not self.value
            if self.on_change:
                self.on_change(self.value)

    def handle(self, action: InputAction) -> bool:
        if action.kind == "navigate" and action.dx and self.enabled:
            if (action.dx > 0) != self.value:
                self.activate()
            return True
        return False

    def label_width(self, lay: theme.Layout, width: int) -> int:
        return width - lay.button_h - lay.gap * 6

    def height(self, lay, width) -> int:
        kind, lines = fit_lines(lay, self.label, self.label_width(lay, width))
        return lines_height(lay, kind, len(lines))

    def draw(self, surface, lay, focused) -> None:
        theme.draw_panel(surface, self.rect, lay, colour=theme.PANEL_LIGHT if focused else theme.PANEL)
        room = self.label_width(lay, self.rect.width)
        kind, lines = fit_lines(lay, self.label, room)
        draw_lines(surface, lay, lines, kind, theme.TEXT, self.rect.x + lay.gap * 2, self.rect.centery, room)
        h = lay.button_h // 2
        track = pygame.Rect(0, 0, h * 2, h)
        track.midright = (self.rect.right - lay.gap * 2, self.rect.centery)
        pygame.draw.rect(surface, theme.HERB if self.value else theme.SHADOW, track, border_radius=h // 2)
        knob = pygame.Rect(0, 0, h - 4, h - 4)
        knob.center = (
            (track.right - h // 2, track.centery) if self.value else (track.x + h // 2, track.centery)
        )
        pygame.draw.ellipse(surface, theme.TEXT, knob)

    def describe(self) -> str:
        return f"{self.label}: {'on' if self.value else 'off'}"


class ListView(Widget):
    """Rows to pick from; up/down moves inside the list and past its ends moves focus on."""

    def __init__(
        self,
        rows: Sequence[str],
        on_activate: Callable[[int], Any] | None = None,
        key: str = "list",
        empty: str = N_("Nothing here yet."),
        visible_rows: int = 6,
    ) -> None:
        super().__init__(key)
        self.rows, self.on_activate, self.empty, self.visible_rows = (
            list(rows),
            on_activate,
            empty,
            visible_rows,
        )
        self.colours: list[tuple[int, int, int] | None] = []  # optional chip colour per row
        # optional second line per row, in small words under its label: its words, or several wordings
        # from the longest to the shortest (the first that fits is drawn)
        self.details: list[str | tuple[str, ...]] = []
        self.row_scale = 1.0  # a row's height in button heights (taller to hold a second line)
        self.right_kind = "body"  # the font of the words after a row's tab
        self.selected = 0
        self.scroll = 0
        # rows the player may take out of the list: each shows a "Forget" button of its own (a click,
        # or Backspace on the row selected) that calls on_remove with the row
        self.removable: set[int] = set()
        self.on_remove: Callable[[int], Any] | None = None
        self.remove_words = N_("Forget")
        self.remove_icon = False  # the button as a small cross rather than its words (a narrow list)
        self.remove_rects: dict[int, pygame.Rect] = {}  # where each shown row's button was drawn

    def set_rows(self, rows: Sequence[str]) -> None:
        self.rows = list(rows)
        self.selected = min(self.selected, max(0, len(self.rows) - 1))
        self._clamp_scroll()

    def _clamp_scroll(self) -> None:
        if self.selected < self.scroll:
            self.scroll = self.selected
        if self.selected >= self.scroll + self.visible_rows:
            self.scroll = self.selected - self.visible_rows + 1
        self.scroll = max(0, min(self.scroll, max(0, len(self.rows) - self.visible_rows)))

    def handle(self, action: InputAction) -> bool:
        if action.kind == "navigate" and action.dy and self.rows:
            target = self.selected + action.dy
            if 0 <= target < len(self.rows):
                self.selected = target
                self._clamp_scroll()
                return True
        if action.kind == "scroll" and self.rows:
            self.selected = max(0, min(len(self.rows) - 1, self.selected + action.dy))
            self._clamp_scroll()
            return True
        if action.kind == "erase" and self.on_remove is not None and self.selected in self.removable:
            self.on_remove(self.selected)
            return True
        return False

    def row_rect(self, i: int) -> pygame.Rect:
        h = self.rect.height // max(1, self.visible_rows)
        return pygame.Rect(self.rect.x, self.rect.y + (i - self.scroll) * h, self.rect.width, h)

    def activate(self) -> None:
        if self.rows and self.on_activate:
            self.on_activate(self.selected)

    def click(self, pos) -> None:
        for i, button in self.remove_rects.items():
            if self.on_remove is not None and i in self.removable and button.collidepoint(pos):
                self.selected = i
                self.on_remove(i)
                return
        for i in range(self.scroll, min(len(self.rows), self.scroll + self.visible_rows)):
            if self.row_rect(i).collidepoint(pos):
                self.selected = i
                self.activate()
                return

    def draw(self, surface, lay, focused) -> None:
        theme.draw_panel(surface, self.rect, lay, colour=theme.SHADOW)
        self.remove_rects = {}
        if not self.rows:
            theme.text(
                surface,
                _(self.empty),
                "label",
                theme.TEXT_DIM,
                self.rect.center,
                lay,
                anchor="center",
                max_width=self.rect.width - lay.margin,
            )
            return
        for i in range(self.scroll, min(len(self.rows), self.scroll + self.visible_rows)):
            row = self.row_rect(i).inflate(-lay.gap, -lay.gap // 2)
            if i == self.selected:
                pygame.draw.rect(
                    surface, theme.PANEL_LIGHT if focused else theme.PANEL, row, border_radius=lay.radius
                )
                pygame.draw.rect(
                    surface,
                    theme.MUSTARD if focused else theme.PANEL_EDGE,
                    row,
                    width=max(1, lay.ring // 2),
                    border_radius=lay.radius,
                )
            x = row.x + lay.gap * 2
            colour = self.colours[i] if i < len(self.colours) else None
            if colour is not None:
                r = row.height // 5
                pygame.draw.circle(surface, colour, (x + r, row.centery), r)
                x += r * 2 + lay.gap
            left, _tab, right = self.rows[i].partition("\t")
            end = row.right - lay.gap * 2 - self.counter_room(lay)
            right_w = 0
            if self.on_remove is not None and i in self.removable:
                end = self.draw_remove(surface, lay, i, row, end) - lay.gap * 2
                right_w = row.right - end
            detail = self.details[i] if i < len(self.details) else ""
            if isinstance(detail, tuple):
                room = end - x - lay.gap
                detail = next((d for d in detail if lay.font("small").size(d)[0] <= room), detail[-1])
            middle = row.y + row.height * 3 // 10 if detail else row.centery
            if right:
                right_w = (
                    row.right
                    - end
                    + theme.text(
                        surface, right, self.right_kind, theme.TEXT_DIM, (end, middle), lay, anchor="midright"
                    ).width
                )
            theme.text(
                surface,
                left,
                "label",
                theme.TEXT,
                (x, middle),
                lay,
                anchor="midleft",
                max_width=row.right - x - right_w - lay.gap * 2,
            )
            if detail:
                theme.text(
                    surface,
                    detail,
                    "small",
                    theme.TEXT_DIM,
                    (x, row.y + row.height * 7 // 10),
                    lay,
                    anchor="midleft",
                    max_width=end - x - lay.gap,
                )
        if len(self.rows) > self.visible_rows:
            theme.text(
                surface,
                f"{self.selected + 1}/{len(self.rows)}",
                "small",
                theme.TEXT_DIM,
                (self.rect.right - lay.gap, self.rect.bottom - lay.gap),
                lay,
                anchor="bottomright",
            )

    def draw_remove(self, surface, lay: theme.Layout, i: int, row: pygame.Rect, end: int) -> int:
        """Draw row ``i``'s "Forget" button ending at ``end``; its left edge."""
        words = _(self.remove_words)
        width = lay.font("small").size(words)[0] + lay.gap * 3
        button = pygame.Rect(end - width, row.y + row.height // 6, width, row.height - row.height // 3)
        if self.remove_icon:
            side = min(row.height // 2, lay.button_h // 2)
            button = pygame.Rect(end - side, row.centery - side // 2, side, side)
        pygame.draw.rect(surface, theme.PANEL, button, border_radius=lay.radius)
        pygame.draw.rect(
            surface, theme.PANEL_EDGE, button, width=max(1, lay.ring // 2), border_radius=lay.radius
        )
        if self.remove_icon:
            cross = button.inflate(-button.w // 2, -button.h // 2)
            for a, b in ((cross.topleft, cross.bottomright), (cross.topright, cross.bottomleft)):
                pygame.draw.line(surface, theme.TEXT, a, b, max(2, lay.ring // 2))
        else:
            theme.text(surface, words, "small", theme.TEXT, button.center, lay, anchor="center")
        self.remove_rects[i] = button
        return button.x

    def counter_room(self, lay: theme.Layout) -> int:
        """Room kept at the right of every row for the "2/6" counter of a list that scrolls."""
        if len(self.rows) <= self.visible_rows:
            return 0
        return lay.font("small").size(f"{len(self.rows)}/{len(self.rows)}")[0]

    def describe(self) -> str:
        details = [d[0] if isinstance(d, tuple) else d for d in self.details]
        details += [""] * (len(self.rows) - len(details))
        rows = [
            row.replace(chr(9), "   ") + (f" - {detail}" if detail else "")
            for row, detail in zip(self.rows, details, strict=False)
        ]
        return f"[{'; '.join(rows)}]"


class FocusGroup:
    """The widgets of one screen in focus order; moves the focus and routes input to the focused one."""

    def __init__(self, widgets: Sequence[Widget] = ()) -> None:
        self.widgets: list[Widget] = list(widgets)
        self.focus = 0
        self._fix_focus(1)

    def set(self, widgets: Sequence[Widget], keep: bool = True) -> None:
        current = self.focused.key if keep and self.focused is not None else None
        old = {w.key: w for w in self.widgets}
        for widget in widgets:
            if widget.key in old and old[widget.key] is not widget and not widget.rect.width:
                widget.adopt(old[widget.key])
        self.widgets = list(widgets)
        # A control that is gone leaves the focus where it was, not on the first control.
        self.focus = min(self.focus, len(self.widgets) - 1) if keep and self.widgets else 0
        if current is not None:
            for i, widget in enumerate(self.widgets):
                if widget.key == current and self._can_focus(widget):
                    self.focus = i
        self._fix_focus(1)

    @staticmethod
    def _can_focus(widget: Widget) -> bool:
        return widget.focusable and widget.visible and widget.enabled

    def _fix_focus(self, direction: int) -> None:
        if not self.widgets:
            return
        for step in range(len(self.widgets)):
            i = (self.focus + direction * step) % len(self.widgets)
            if self._can_focus(self.widgets[i]):
                self.focus = i
                return

    @property
    def focused(self) -> Widget | None:
        if self.widgets and 0 <= self.focus < len(self.widgets) and self._can_focus(self.widgets[self.focus]):
            return self.widgets[self.focus]
        return None

    def focus_on(self, key: str) -> None:
        for i, widget in enumerate(self.widgets):
            if widget.key == key and self._can_focus(widget):
                self.focus = i

    def move(self, delta: int) -> None:
        if not self.widgets:
            return
        for step in range(1, len(self.widgets) + 1):
            i = (self.focus + delta * step) % len(self.widgets)
            if self._can_focus(self.widgets[i]):
                self.focus = i
                return

    def widget_at(self, pos) -> Widget | None:
        for widget in self.widgets:
            if widget.visible and widget.rect.collidepoint(pos) and self._can_focus(widget):
                return widget
        return None

    def handle(self, action: InputAction) -> bool:
        focused = self.focused
        if action.kind in ("point", "click") and action.pos is not None:
            widget = self.widget_at(action.pos)
            if widget is None:
                return False
            self.focus = self.widgets.index(widget)
            if action.kind == "click":
                widget.click(action.pos)
            return True
        if focused is not None and focused.handle(action):
            return True
        if action.kind == "navigate" and (action.dy or action.dx):
            self.move(action.dy or action.dx)
            return True
        if action.kind == "select" and focused is not None:
            if focused.enter_moves_on:  # a value row: Enter goes on to the next row, never changes it
                self.move(1)
            else:
                focused.activate()
            return True
        return False

    def draw(self, surface: pygame.Surface, lay: theme.Layout) -> None:
        focused = self.focused
        for widget in self.widgets:
            if widget.visible:
                widget.draw(surface, lay, widget is focused)
        if focused is not None:
            theme.draw_focus_ring(surface, focused.rect, lay)

    def describe(self) -> list[str]:
        return [w.describe() for w in self.widgets if w.visible]

    def text_focused(self) -> bool:
        return self.focused is not None and self.focused.takes_text
