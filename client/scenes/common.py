"""Form scenes (a heading over a column of widgets) and modal dialogs: the shape of every menu."""

from __future__ import annotations

from typing import Any

import pygame

from soupkitchen.client import theme
from soupkitchen.client.input import InputAction
from soupkitchen.client.scenes.base import Scene
from soupkitchen.client.textfield import TextField
from soupkitchen.client.widgets import Button, FocusGroup, ListView, Widget
from soupkitchen.client.words import N_, _

HINTS = N_("Arrows / D-pad: move    Enter / A: choose    Esc / B: back")


class FormScene(Scene):
    """A heading, an optional line of text, and a centred column of widgets with a focus ring.
    ``heading``, ``subheading`` and ``hints`` may be English keys (marked with ``N_``): they are
    worded when drawn. ``build`` words its widgets, and runs again when the language changes."""

    heading = ""
    subheading = ""
    hints = HINTS
    column_scale = 1.0

    def __init__(self, app) -> None:
        super().__init__(app)
        self.form = FocusGroup()
        self.rebuild(keep=False)

    def build(self) -> list[Widget]:
        """The widgets of this screen, top to bottom."""
        return []

    def rebuild(self, keep: bool = True) -> None:
        self.form.set(self.build(), keep=keep)

    def on_back(self) -> None:
        self.app.stack.pop()

    def handle(self, action: InputAction) -> bool:
        if (action.kind == "select" and action.device.startswith("pad:")
                and isinstance(self.form.focused, TextField)):
            self.app.stack.open("keyboard", self.form.focused)
            return True
        if self.form.handle(action):
            return True
        if action.kind == "back":
            self.on_back()
            return True
        return False

    def text_focused(self) -> bool:
        return self.form.text_focused()

    def occupied_rects(self) -> list[pygame.Rect]:
        """Every control and line of the form: toasts go around them."""
        return [w.rect for w in self.form.widgets if w.visible and w.rect.width]

    # --- drawing -------------------------------------------------------------------------------
    def row_height(self, widget: Widget, lay: theme.Layout, width: int) -> int:
        if isinstance(widget, ListView):
            return widget.visible_rows * round(lay.button_h * widget.row_scale)
        return widget.height(lay, width)

    def place(self, lay: theme.Layout, top: int, bottom: int, width: int) -> None:
        """Stack the widgets in a centred column between ``top`` and ``bottom`` (shrunk to fit); the
        footer's widgets (a screen's Start and Back) at the foot, where they stay whatever rows come
        and go above them."""
        shown = [w for w in self.form.widgets if w.visible and not w.corner and not w.footer]
        footer = [w for w in self.form.widgets if w.visible and not w.corner and w.footer]
        for widget in self.form.widgets:
            if widget.visible and widget.corner:   # a small button in the top right-hand corner
                w = lay.font("body").size(widget.describe())[0] + lay.margin * 2
                widget.rect = pygame.Rect(lay.width - lay.margin - w, lay.margin, w, round(lay.button_h * 0.8))
        x = (lay.width - width) // 2
        for widget in reversed(footer):
            h = self.row_height(widget, lay, width)
            widget.rect = pygame.Rect(x, bottom - h, width, h)
            bottom -= h + lay.gap
        total = sum(self.row_height(w, lay, width) + lay.gap for w in shown)
        squeeze = min(1.0, (bottom - top) / max(1, total))
        y = top
        for widget in shown:
            h = int(self.row_height(widget, lay, width) * squeeze)
            widget.rect = pygame.Rect(x, y, width, h)
            y += h + int(lay.gap * squeeze)

    def draw_heading(self, surface: pygame.Surface, lay: theme.Layout) -> int:
        """Draw heading and subheading; the y where content may start."""
        y = lay.margin
        if self.heading:
            y = theme.text(surface, _(self.heading), "heading", theme.MUSTARD, (lay.width // 2, y), lay,
                           anchor="midtop").bottom + lay.gap
        if self.subheading:
            f = lay.font("body")
            for line in theme.wrap(_(self.subheading), f, int(lay.column_w * 1.3)):
                y = theme.text(surface, line, "body", theme.TEXT_DIM, (lay.width // 2, y), lay, anchor="midtop").bottom
            y += lay.gap
        return y + lay.gap

    def draw_hints(self, surface: pygame.Surface, lay: theme.Layout) -> int:
        if not self.hints:
            return lay.height - lay.margin
        rect = theme.text(surface, _(self.hints), "small", theme.TEXT_DIM, (lay.width // 2, lay.height - lay.margin // 2),
                          lay, anchor="midbottom")
        return rect.top - lay.gap

    def draw(self, surface: pygame.Surface) -> None:
        lay = theme.layout(surface.get_size())
        theme.draw_background(surface)
        top = self.draw_heading(surface, lay)
        bottom = self.draw_hints(surface, lay)
        self.place(lay, top, bottom, int(lay.column_w * self.column_scale))
        self.draw_extra(surface, lay)
        self.form.draw(surface, lay)

    def draw_extra(self, surface: pygame.Surface, lay: theme.Layout) -> None:
        """Anything a screen draws besides its widgets (behind them)."""

    def describe(self) -> dict[str, Any]:
        focused = self.form.focused
        return {"scene": self.name, "heading": self.heading, "widgets": self.form.describe(),
                "focused": focused.describe() if focused is not None else None}


class Dialog(FormScene):
    """A modal panel over the dimmed scene below."""

    opaque = False
    name = "dialog"
    hints = ""

    def __init__(self, app, heading: str, message: str = "") -> None:
        self.heading, self.message = heading, message
        super().__init__(app)

    def draw(self, surface: pygame.Surface) -> None:
        lay = theme.layout(surface.get_size())
        width = int(lay.column_w * 1.2)
        f = lay.font("body")
        lines = theme.wrap(_(self.message), f, width - lay.margin * 2) if self.message else []
        shown = [w for w in self.form.widgets if w.visible]
        content = sum(self.row_height(w, lay, width) + lay.gap for w in shown)
        head_h = lay.font("heading").get_linesize() + lay.gap * 2
        height = lay.margin * 2 + head_h + len(lines) * f.get_linesize() + lay.gap + content
        panel = pygame.Rect(0, 0, width + lay.margin * 2, min(lay.height - lay.margin, height))
        panel.center = (lay.width // 2, lay.height // 2)
        theme.draw_panel(surface, panel, lay)
        y = theme.text(surface, _(self.heading), "heading", theme.MUSTARD, (panel.centerx, panel.y + lay.margin), lay,
                       anchor="midtop").bottom + lay.gap
        for line in lines:
            y = theme.text(surface, line, "body", theme.TEXT, (panel.centerx, y), lay, anchor="midtop").bottom
        self.place(lay, y + lay.gap * 2, panel.bottom - lay.margin, width)
        self.form.draw(surface, lay)

    def describe(self) -> dict[str, Any]:
        return {**super().describe(), "message": self.message}


class MessageDialog(Dialog):
    """A message with one or more buttons, each closing the dialog first."""

    def __init__(self, app, heading: str, message: str, buttons: list[tuple[str, Any]] | None = None) -> None:
        self.buttons = buttons or [(_("OK"), None)]
        super().__init__(app, heading, message)

    def build(self) -> list[Widget]:
        return [Button(label, self._press(callback), primary=i == 0) for i, (label, callback) in enumerate(self.buttons)]

    def _press(self, callback):
        def press() -> None:
            self.app.stack.remove(self)
            if callback is not None:
                callback()
        return press


class TextDialog(Dialog):
    """Asks for one line of text (a password, an address)."""

    def __init__(self, app, heading: str, label: str, on_submit, message: str = "", secret: bool = False) -> None:
        self.label, self.submit_to, self.secret = label, on_submit, secret
        super().__init__(app, heading, message)

    def build(self) -> list[Widget]:
        self.field = TextField(self.label, secret=self.secret, on_submit=lambda _v: self._ok())
        return [self.field, Button(_("OK"), self._ok, primary=True), Button(_("Cancel"), self.on_back)]

    def _ok(self) -> None:
        self.app.stack.remove(self)
        self.submit_to(self.field.value)


class BusyScene(Scene):
    """A short wait ("Starting the kitchen...") while something happens in the background."""

    name = "busy"

    def __init__(self, app, words: str) -> None:
        super().__init__(app)
        self.words = words
        self.t = 0.0

    def update(self, dt: float, now: float) -> None:
        self.t += dt

    def redraw_at(self, now: float) -> float | None:
        return now + 0.1   # the waiting dots move

    def handle(self, action: InputAction) -> bool:
        return True  # nothing to do but wait

    def draw(self, surface: pygame.Surface) -> None:
        lay = theme.layout(surface.get_size())
        theme.draw_background(surface)
        theme.text(surface, _(self.words), "heading", theme.TEXT, (lay.width // 2, lay.height // 2), lay, anchor="center")
        r = lay.button_h // 4
        for i in range(3):
            phase = (self.t * 3 - i * 0.4) % 3
            colour = theme.MUSTARD if phase < 1 else theme.PANEL_EDGE
            pygame.draw.circle(surface, colour, (lay.width // 2 + (i - 1) * r * 3, lay.height // 2 + lay.button_h), r)

    def describe(self) -> dict[str, Any]:
        return {"scene": self.name, "words": self.words}
