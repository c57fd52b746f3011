"""An on-screen keyboard, so a text field can be filled in with a gamepad alone."""

from __future__ import annotations

from typing import Any

import pygame

from soupkitchen.client import words
from soupkitchen.client.scenes.base import Scene
from soupkitchen.client.ui import theme
from soupkitchen.client.ui.input import InputAction
from soupkitchen.client.ui.textfield import TextField
from soupkitchen.client.words import N_, _

ROWS = ["1234567890", "qwertyuiop", "asdfghjkl:", "zxcvbnm.-_"]
LETTERS = {"de": "äöüß", "lt": "ąčęėįšųūž"}  # a row of the language's own letters, where it has some
SPECIAL = [N_("Shift"), N_("Space"), N_("Erase"), N_("Done")]  # worded when drawn


class OnScreenKeyboard(Scene):
    """Keys in a grid: the d-pad moves, A types, B erases, Start (or Done) closes."""

    opaque = False
    name = "keyboard"

    def __init__(self, app, field: TextField) -> None:
        super().__init__(app)
        self.field = field
        self.row, self.col = 1, 0
        self.shift = False
        self.key_rects: list[tuple[pygame.Rect, int, int]] = []

    @property
    def rows(self) -> list[str]:
        """The rows of letters, the language's own last (the row of special keys comes after them)."""
        own = LETTERS.get(words.current())
        return [*ROWS, own] if own else ROWS

    def keys(self, row: int) -> list[str]:
        rows = self.rows
        if row == len(rows):
            return SPECIAL
        letters = rows[row]
        if not self.shift:
            return list(letters)
        return [c.upper() if len(c.upper()) == 1 else c for c in letters]  # ß has no one-letter capital here

    def press(self, row: int, col: int) -> None:
        key = self.keys(row)[col]
        if key == "Shift":
            self.shift = not self.shift
        elif key == "Space":
            self.field.handle(InputAction("text", text=" "))
        elif key == "Erase":
            self.field.handle(InputAction("erase"))
        elif key == "Done":
            self.app.stack.remove(self)
        else:
            self.field.handle(InputAction("text", text=key))

    def handle(self, action: InputAction) -> bool:
        kind = action.kind
        if kind == "navigate":
            self.row = (self.row + action.dy) % (len(self.rows) + 1)
            self.col = (self.col + action.dx) % len(self.keys(self.row))
            self.col = min(self.col, len(self.keys(self.row)) - 1)
        elif kind == "select":
            self.press(self.row, self.col)
        elif kind in ("back", "erase"):
            self.field.handle(InputAction("erase"))
        elif kind == "text":
            self.field.handle(action)
        elif kind in ("menu", "alt"):
            self.app.stack.remove(self)
        elif kind == "rotate_left" or kind == "rotate_right":
            self.shift = not self.shift
        elif kind in ("click", "point") and action.pos is not None:
            for rect, row, col in self.key_rects:
                if rect.collidepoint(action.pos):
                    self.row, self.col = row, col
                    if kind == "click":
                        self.press(row, col)
        return True

    def draw(self, surface: pygame.Surface) -> None:
        lay = theme.layout(surface.get_size())
        key_w = min(lay.button_h * 1.3, (lay.width - lay.margin * 2) / 11)
        width = int(key_w * 10 + lay.gap * 9)
        rows = self.rows
        height = int((len(rows) + 2) * (lay.button_h + lay.gap) + lay.margin)
        panel = pygame.Rect(0, 0, width + lay.margin * 2, height)
        panel.midbottom = (lay.width // 2, lay.height - lay.margin)
        theme.draw_panel(surface, panel, lay)
        box = pygame.Rect(panel.x + lay.margin, panel.y + lay.margin // 2, width, lay.button_h)
        pygame.draw.rect(surface, theme.SHADOW, box, border_radius=lay.radius // 2)
        shown = "*" * len(self.field.value) if self.field.secret else self.field.value
        theme.text(
            surface,
            f"{self.field.label}: {shown}",
            "label",
            theme.TEXT,
            (box.x + lay.gap, box.centery),
            lay,
            anchor="midleft",
            max_width=box.width - lay.gap * 2,
        )
        self.key_rects = []
        y = box.bottom + lay.gap
        for row in range(len(rows) + 1):
            keys = self.keys(row)
            w = (width - lay.gap * (len(keys) - 1)) / len(keys)
            for col, key in enumerate(keys):
                rect = pygame.Rect(int(panel.x + lay.margin + col * (w + lay.gap)), y, int(w), lay.button_h)
                focused = (row, col) == (self.row, self.col)
                pressed = key == "Shift" and self.shift
                theme.draw_panel(
                    surface, rect, lay, colour=theme.PANEL_LIGHT if focused or pressed else theme.PANEL
                )
                word = _(key) if row == len(rows) else key
                theme.text(
                    surface,
                    word,
                    "label",
                    theme.TEXT,
                    rect.center,
                    lay,
                    anchor="center",
                    max_width=rect.width - lay.gap,
                )
                if focused:
                    theme.draw_focus_ring(surface, rect, lay)
                self.key_rects.append((rect, row, col))
            y += lay.button_h + lay.gap

    def describe(self) -> dict[str, Any]:
        return {"scene": self.name, "value": self.field.value, "key": self.keys(self.row)[self.col]}
