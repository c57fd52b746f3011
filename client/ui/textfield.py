"""A one-line text field: a cursor, a selection, Ctrl+A / Ctrl+C / Ctrl+X / Ctrl+V, Home and End,
and a click that places the cursor (a click edits; only Enter or the screen's button submits)."""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any

import pygame

from soupkitchen.client.ui import coverage, theme
from soupkitchen.client.ui.input import InputAction
from soupkitchen.client.ui.widgets import Widget

log = logging.getLogger(__name__)


def _scrap_ready() -> bool:
    try:
        if not pygame.scrap.get_init():
            pygame.scrap.init()
        return True
    except (pygame.error, AttributeError) as err:  # no window or no clipboard on this system
        log.debug("clipboard unavailable: %s", err)
        return False


def clipboard_text() -> str:
    """The text on the system clipboard ('' if there is none or no clipboard)."""
    if not _scrap_ready():
        return ""
    try:
        return pygame.scrap.get_text() or ""
    except pygame.error:
        return ""


def set_clipboard_text(words: str) -> None:
    """Put ``words`` on the system clipboard (quietly nothing if there is no clipboard)."""
    if _scrap_ready():
        try:
            pygame.scrap.put_text(words)
        except pygame.error as err:
            log.debug("could not copy: %s", err)


class TextField(Widget):
    """A labelled box of editable text."""

    takes_text = True

    def __init__(
        self,
        label: str,
        value: str = "",
        on_change: Callable[[str], Any] | None = None,
        key: str = "",
        placeholder: str = "",
        max_length: int = 64,
        secret: bool = False,
        on_submit: Callable[[str], Any] | None = None,
    ) -> None:
        super().__init__(key or label)
        self.label, self.on_change = label, on_change
        self.placeholder, self.max_length, self.secret, self.on_submit = (
            placeholder,
            max_length,
            secret,
            on_submit,
        )
        self.value = value[:max_length]
        self.cursor = len(self.value)
        self.anchor = self.cursor  # the other end of the selection (== cursor: nothing selected)
        self._box = pygame.Rect(0, 0, 0, 0)
        self._scroll_px = 0

    # --- editing -------------------------------------------------------------------------------
    @property
    def selection(self) -> tuple[int, int]:
        return min(self.cursor, self.anchor), max(self.cursor, self.anchor)

    @property
    def selected_text(self) -> str:
        start, end = self.selection
        return self.value[start:end]

    def _replace_selection(self, words: str) -> None:
        start, end = self.selection
        words = "".join(ch for ch in words if ch.isprintable())
        words = words[: max(0, self.max_length - (len(self.value) - (end - start)))]
        self.value = self.value[:start] + words + self.value[end:]
        self.cursor = self.anchor = start + len(words)

    def _move(self, to: int, extend: bool) -> None:
        self.cursor = max(0, min(len(self.value), to))
        if not extend:
            self.anchor = self.cursor

    def edit(self, command: str) -> bool:
        """Apply an editing command (``left``, ``select_home``, ``paste``...); True if it was one."""
        extend = command.startswith("select_") and command != "select_all"
        where = command.removeprefix("select_") if extend else command
        before = self.value
        start, end = self.selection
        if where == "left":
            self._move(self.cursor - 1 if extend or start == end else start, extend)
        elif where == "right":
            self._move(self.cursor + 1 if extend or start == end else end, extend)
        elif where == "home":
            self._move(0, extend)
        elif where == "end":
            self._move(len(self.value), extend)
        elif command == "select_all":
            self.anchor, self.cursor = 0, len(self.value)
        elif command == "delete":
            if start == end:
                self.anchor = min(len(self.value), self.cursor + 1)
            self._replace_selection("")
        elif command in ("copy", "cut"):
            if start != end and not self.secret:
                set_clipboard_text(self.selected_text)
                if command == "cut":
                    self._replace_selection("")
        elif command == "paste":
            self._replace_selection(clipboard_text().split("\n", 1)[0].strip())
        else:
            return False
        if self.value != before and self.on_change:
            self.on_change(self.value)
        return True

    def handle(self, action: InputAction) -> bool:
        if action.kind == "edit":
            return self.edit(action.text)
        if action.kind == "text":
            self._replace_selection(action.text)
        elif action.kind == "erase":
            if self.cursor == self.anchor:
                self.anchor = max(0, self.cursor - 1)
            self._replace_selection("")
        else:
            return False
        if self.on_change:
            self.on_change(self.value)
        return True

    def set_value(self, value: str) -> None:
        """Replace the whole text (the cursor goes to its end)."""
        self.value = value[: self.max_length]
        self.cursor = self.anchor = len(self.value)

    def activate(self) -> None:
        if self.on_submit:
            self.on_submit(self.value)

    def click(self, pos: tuple[int, int]) -> None:
        """Put the cursor where the click landed (never submits)."""
        self._move(self.index_at(pos[0]), extend=False)

    def index_at(self, x: int) -> int:
        """The cursor position nearest to the window x coordinate ``x``."""
        if not self._box.width:
            return len(self.value)
        f = theme.font_px(self._font_px)
        shown = self.shown
        left = self._box.x + self._pad - self._scroll_px
        best, best_gap = 0, abs(x - left)
        for i in range(1, len(shown) + 1):
            gap = abs(x - (left + f.size(shown[:i])[0]))
            if gap < best_gap:
                best, best_gap = i, gap
        return best

    @property
    def shown(self) -> str:
        return "*" * len(self.value) if self.secret else self.value

    # --- drawing -------------------------------------------------------------------------------
    _font_px = 24
    _pad = 8

    def draw(self, surface, lay, focused) -> None:
        theme.draw_panel(surface, self.rect, lay, colour=theme.PANEL_LIGHT if focused else theme.PANEL)
        label_w = min(self.rect.width * 2 // 5, lay.font("label").size(self.label)[0] + lay.gap * 4)
        theme.text(
            surface,
            self.label,
            "label",
            theme.TEXT,
            (self.rect.x + lay.gap * 2, self.rect.centery),
            lay,
            anchor="midleft",
            max_width=label_w - lay.gap * 2,
        )
        box = pygame.Rect(
            self.rect.x + label_w + lay.gap,
            self.rect.y + lay.gap // 2,
            self.rect.right - label_w - lay.gap * 3 - self.rect.x,
            self.rect.height - lay.gap,
        )
        self._box, self._font_px, self._pad = box, lay.font_px("label"), lay.gap
        pygame.draw.rect(surface, theme.SHADOW, box, border_radius=lay.radius // 2)
        f = lay.font("label")
        shown = self.shown
        inner = box.width - lay.gap * 2
        if not shown:
            theme.text(
                surface,
                self.placeholder,
                "body",
                theme.HINT,
                (box.x + lay.gap, box.centery),
                lay,
                anchor="midleft",
                max_width=inner,
            )
        cursor_x = f.size(shown[: self.cursor])[0]
        # Scroll so the cursor stays inside the box (the text is scrolled, not cut).
        self._scroll_px = max(0, min(self._scroll_px, cursor_x), cursor_x - inner)
        self._scroll_px = min(self._scroll_px, max(0, f.size(shown)[0] - inner))
        old_clip = surface.get_clip()
        surface.set_clip(box.inflate(-lay.gap // 2, 0).clip(old_clip))
        left = box.x + lay.gap - self._scroll_px
        start, end = self.selection
        if focused and start != end:
            x0, x1 = left + f.size(shown[:start])[0], left + f.size(shown[:end])[0]
            pygame.draw.rect(
                surface, theme.ACCENT_DARK, (x0, box.y + lay.gap // 3, x1 - x0, box.height - lay.gap * 2 // 3)
            )
        if shown:
            image = f.render(shown, True, theme.TEXT)
            surface.blit(image, image.get_rect(midleft=(left, box.centery)))
            coverage.note(box, self.label)
        if focused:
            x = left + cursor_x
            pygame.draw.line(
                surface,
                theme.MUSTARD,
                (x, box.y + lay.gap // 2),
                (x, box.bottom - lay.gap // 2),
                max(2, lay.ring // 2),
            )
        surface.set_clip(old_clip)

    def describe(self) -> str:
        return f"{self.label}: {self.shown}"
