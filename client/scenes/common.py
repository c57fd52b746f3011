"""Form scenes (a heading over a column of widgets) and modal dialogs: the shape of every menu."""

from __future__ import annotations

from typing import Any

import pygame

from soupkitchen.client.scenes.base import Scene
from soupkitchen.client.ui import theme
from soupkitchen.client.ui.input import InputAction
from soupkitchen.client.ui.textfield import TextField
from soupkitchen.client.ui.widgets import Button, FocusGroup, ListView, Widget
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
        if (
            action.kind == "select"
            and action.device.startswith("pad:")
            and isinstance(self.form.focused, TextField)
        ):
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

    said: list[pygame.Rect] = []  # where the heading and the words under it were drawn last

    def occupied_rects(self) -> list[pygame.Rect]:
        """Every control and line of the form, and its heading and the words under it (an invite
        code a host reads out): toasts go around them."""
        return [w.rect for w in self.form.widgets if w.visible and w.rect.width] + list(self.said)

    # --- drawing -------------------------------------------------------------------------------
    def row_height(self, widget: Widget, lay: theme.Layout, width: int) -> int:
        if isinstance(widget, ListView):
            return widget.visible_rows * round(lay.button_h * widget.row_scale)
        return widget.height(lay, width)

    def place(self, lay: theme.Layout, top: int, bottom: int, width: int) -> None:
        """Stack the widgets in a centred column between ``top`` and ``bottom`` (shrunk to fit); the
        footer's widgets (a screen's Start and Back) at the foot, where they stay whatever rows come
        and go above them. A screen whose widgets name a ``column`` has two columns side by side
        under its rows across (see :meth:`place_columns`)."""
        for widget in self.form.widgets:
            if widget.visible and widget.corner:  # a small button in the top right-hand corner
                w = lay.font("body").size(widget.describe())[0] + lay.margin * 2
                widget.rect = pygame.Rect(
                    lay.width - lay.margin - w, lay.margin, w, round(lay.button_h * 0.8)
                )
        if any(w.column for w in self.form.widgets if w.visible):
            self.place_columns(lay, top, bottom)
            return
        shown = [w for w in self.form.widgets if w.visible and not w.corner and not w.footer]
        footer = [w for w in self.form.widgets if w.visible and not w.corner and w.footer]
        x = (lay.width - width) // 2
        for widget in reversed(footer):
            h = self.row_height(widget, lay, width)
            widget.rect = pygame.Rect(x, bottom - h, width, h)
            bottom -= h + lay.gap
        self.stack_rows(lay, shown, x, top, bottom, width)

    def stack_rows(
        self, lay: theme.Layout, widgets: list[Widget], x: int, top: int, bottom: int, width: int
    ) -> int:
        """``widgets`` one under another from ``top``, all shrunk alike if they would pass ``bottom``;
        the y under the last."""
        total = sum(self.row_height(w, lay, width) + lay.gap for w in widgets)
        squeeze = min(1.0, (bottom - top) / max(1, total))
        y = top
        for widget in widgets:
            h = int(self.row_height(widget, lay, width) * squeeze)
            widget.rect = pygame.Rect(x, y, width, h)
            y += h + int(lay.gap * squeeze)
        return y

    left_share = 0.5  # of a two-column screen's width, the left column's (the lobby's seats take more)

    def columns(self, lay: theme.Layout) -> tuple[int, int, int, int]:
        """The x of the left and of the right column of a two-column screen, and their widths."""
        both = min(lay.column_w * 2, lay.width - lay.margin * 3)
        left_w = round(both * self.left_share)
        x = (lay.width - both - lay.margin) // 2
        return x, x + left_w + lay.margin, left_w, both - left_w

    def place_columns(self, lay: theme.Layout, top: int, bottom: int) -> None:
        """Two columns: the rows across the screen (a game's choice) on top, under them the ``left``
        and the ``right`` column, each from the same top whatever the other holds, so a row of one
        never moves for the rows of the other; the footer's buttons in one row at the foot, and a
        column's own footer rows (a learner's option) at that column's foot."""
        left, right, left_w, right_w = self.columns(lay)
        span = left_w + right_w + lay.margin
        shown = [w for w in self.form.widgets if w.visible and not w.corner]
        buttons = [w for w in shown if w.footer and not w.column]
        if buttons:
            h = max(self.row_height(w, lay, span // 2) for w in buttons)
            each = (span - lay.margin * (len(buttons) - 1)) // len(buttons)
            places = [(left + i * (each + lay.margin), each) for i in range(len(buttons))]
            if len(buttons) == 2:  # each under a column
                places = [(left, left_w), (right, right_w)]
            for widget, (x, w) in zip(buttons, places, strict=True):
                widget.rect = pygame.Rect(x, bottom - h, w, h)
            bottom -= h + lay.gap * 2
        across = [w for w in shown if not w.column and not w.footer]  # as wide as a column, in the middle
        width = min(left_w, right_w)
        top = self.stack_rows(lay, across, (lay.width - width) // 2, top, bottom, width) + lay.gap
        for side, x, width in (("left", left, left_w), ("right", right, right_w)):
            rows = [w for w in shown if w.column == side and not w.footer]
            foot = [w for w in shown if w.column == side and w.footer]
            end = bottom
            for widget in reversed(foot):
                h = self.row_height(widget, lay, width)
                widget.rect = pygame.Rect(x, end - h, width, h)
                end -= h + lay.gap
            self.stack_rows(lay, rows, x, top, end, width)

    def draw_heading(self, surface: pygame.Surface, lay: theme.Layout) -> int:
        """Draw heading and subheading; the y where content may start."""
        y = lay.margin
        self.said = []
        if self.heading:
            self.said.append(
                theme.text(
                    surface,
                    _(self.heading),
                    "heading",
                    theme.MUSTARD,
                    (lay.width // 2, y),
                    lay,
                    anchor="midtop",
                )
            )
            y = self.said[-1].bottom + lay.gap
        if self.subheading:
            f = lay.font("body")
            for line in theme.wrap(_(self.subheading), f, int(lay.column_w * 1.3)):
                self.said.append(
                    theme.text(
                        surface, line, "body", theme.TEXT_DIM, (lay.width // 2, y), lay, anchor="midtop"
                    )
                )
                y = self.said[-1].bottom
            y += lay.gap
        return y + lay.gap

    def draw_hints(self, surface: pygame.Surface, lay: theme.Layout) -> int:
        if not self.hints:
            return lay.height - lay.margin
        rect = theme.text(
            surface,
            _(self.hints),
            "small",
            theme.TEXT_DIM,
            (lay.width // 2, lay.height - lay.margin // 2),
            lay,
            anchor="midbottom",
        )
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
        return {
            "scene": self.name,
            "heading": self.heading,
            "widgets": self.form.describe(),
            "focused": focused.describe() if focused is not None else None,
        }


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
        y = (
            theme.text(
                surface,
                _(self.heading),
                "heading",
                theme.MUSTARD,
                (panel.centerx, panel.y + lay.margin),
                lay,
                anchor="midtop",
            ).bottom
            + lay.gap
        )
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
        return [
            Button(label, self._press(callback), primary=i == 0)
            for i, (label, callback) in enumerate(self.buttons)
        ]

    def _press(self, callback):
        def press() -> None:
            self.app.stack.remove(self)
            if callback is not None:
                callback()

        return press


class TextDialog(Dialog):
    """Asks for one line of text (a password, an address)."""

    def __init__(
        self, app, heading: str, label: str, on_submit, message: str = "", secret: bool = False
    ) -> None:
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
        return now + 0.1  # the waiting dots move

    def handle(self, action: InputAction) -> bool:
        return True  # nothing to do but wait

    def draw(self, surface: pygame.Surface) -> None:
        lay = theme.layout(surface.get_size())
        theme.draw_background(surface)
        theme.text(
            surface,
            _(self.words),
            "heading",
            theme.TEXT,
            (lay.width // 2, lay.height // 2),
            lay,
            anchor="center",
        )
        r = lay.button_h // 4
        for i in range(3):
            phase = (self.t * 3 - i * 0.4) % 3
            colour = theme.MUSTARD if phase < 1 else theme.PANEL_EDGE
            pygame.draw.circle(
                surface, colour, (lay.width // 2 + (i - 1) * r * 3, lay.height // 2 + lay.button_h), r
            )

    def describe(self) -> dict[str, Any]:
        return {"scene": self.name, "words": self.words}
