"""Where everything sits on the Too Many Cooks table, for any window size.

Places are designed on a 1920 x 1080 board and scaled uniformly (letterboxed) to the window, so
the table reads the same at 1280 x 720 and at 3840 x 2160. The same rectangles serve drawing and
mouse hit-testing.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from client.tables.too_many_cooks.model import SIZE, arrow_at

BOARD_W, BOARD_H = 1920, 1080
CARD_W, CARD_H, GAP = 116, 160, 10        # a soup card
SPARE_W, SPARE_H, SPLAY = 70, 97, 44      # a spare card and how far a set fans out
ARROW = 46
GRID_X = (BOARD_W - (SIZE * CARD_W + (SIZE - 1) * GAP)) // 2
GRID_Y = 238
PICK_W, PICK_H = 92, 127                   # a card offered in the change picker


@dataclass(frozen=True)
class Target:
    """What a point on the table is: a soup cell, a rotation arrow, a picker choice or a button."""

    kind: str            # "cell" | "arrow" | "candidate" | "button"
    row: int = 0
    col: int = 0
    index: int = 0
    name: str = ""


class TableLayout:
    """Rectangles of one window size."""

    def __init__(self, size: tuple[int, int]) -> None:
        self.size = (max(320, int(size[0])), max(240, int(size[1])))
        self.scale = min(self.size[0] / BOARD_W, self.size[1] / BOARD_H)
        self.ox = (self.size[0] - BOARD_W * self.scale) / 2
        self.oy = (self.size[1] - BOARD_H * self.scale) / 2

    def rect(self, x: float, y: float, w: float, h: float) -> pygame.Rect:
        """A board rectangle in window pixels."""
        s = self.scale
        left, top = round(self.ox + x * s), round(self.oy + y * s)
        return pygame.Rect(left, top, round(self.ox + (x + w) * s) - left, round(self.oy + (y + h) * s) - top)

    def px(self, board_pixels: float) -> int:
        """A board length in window pixels (at least 1)."""
        return max(1, round(board_pixels * self.scale))

    # --- the soup --------------------------------------------------------------------------------
    def cell(self, row: int, col: int) -> pygame.Rect:
        return self.rect(GRID_X + col * (CARD_W + GAP), GRID_Y + row * (CARD_H + GAP), CARD_W, CARD_H)

    @property
    def grid(self) -> pygame.Rect:
        return self.cell(0, 0).union(self.cell(SIZE - 1, SIZE - 1))

    @property
    def pot(self) -> pygame.Rect:
        return self.rect(GRID_X - 58, GRID_Y - 58, SIZE * CARD_W + 3 * GAP + 116, SIZE * CARD_H + 3 * GAP + 116)

    def arrow(self, line: str, index: int, step: int) -> pygame.Rect:
        """The arrow that rotates row/column ``index`` by ``step``, at that line's end."""
        if line == "row":
            cell = (GRID_Y + index * (CARD_H + GAP) + (CARD_H - ARROW) / 2)
            x = GRID_X - ARROW - 6 if step < 0 else GRID_X + SIZE * (CARD_W + GAP) - GAP + 6
            return self.rect(x, cell, ARROW, ARROW)
        x = GRID_X + index * (CARD_W + GAP) + (CARD_W - ARROW) / 2
        y = GRID_Y - ARROW - 6 if step < 0 else GRID_Y + SIZE * (CARD_H + GAP) - GAP + 6
        return self.rect(x, y, ARROW, ARROW)

    def ring(self, row: int, col: int) -> pygame.Rect | None:
        """The rectangle of cursor position (row, col): a cell, an arrow, or None (a corner)."""
        if 0 <= row < SIZE and 0 <= col < SIZE:
            return self.cell(row, col)
        arrow = arrow_at(row, col)
        return self.arrow(*arrow) if arrow else None

    # --- the change picker, beside the picked card ---------------------------------------------
    def picker(self, picked: tuple[int, int], rows: list[int]) -> tuple[pygame.Rect, list[pygame.Rect]]:
        """The picker panel beside the picked card and its choice rectangles, ``rows`` giving how
        many choices each row holds (same vegetable first, then same colour)."""
        row, col = picked
        rows = [n for n in rows if n > 0] or [0]
        per_row = max(rows)
        pad, label = 14, 40
        w = max(pad * 2 + per_row * PICK_W + (per_row - 1) * 10, 420)
        h = pad * 2 + label + len(rows) * PICK_H + (len(rows) - 1) * 10
        cx = GRID_X + col * (CARD_W + GAP) + CARD_W / 2
        x = min(max(cx - w / 2, 540), BOARD_W - 520 - w)
        top = GRID_Y + (row + 1) * (CARD_H + GAP) - 4
        y = top if top + h < BOARD_H - 10 else GRID_Y + row * (CARD_H + GAP) - h + 4
        choices = []
        for r, count in enumerate(rows):
            for c in range(count):
                choices.append(self.rect(x + pad + c * (PICK_W + 10), y + pad + label + r * (PICK_H + 10),
                                         PICK_W, PICK_H))
        return self.rect(x, y, w, h), choices

    # --- around the soup -----------------------------------------------------------------------
    def spare_set(self, index: int) -> pygame.Rect:
        """The splayed set of vegetable ``index`` (0-3 left of the soup, 4-7 right of it)."""
        side, slot = divmod(index, 4)
        height = SPARE_H + 3 * SPLAY
        x = GRID_X - 58 - 30 - SPARE_W if side == 0 else GRID_X + SIZE * (CARD_W + GAP) - GAP + 58 + 30
        return self.rect(x, 92 + slot * (height + 14), SPARE_W, height)

    def spare_card(self, index: int, colour_index: int) -> pygame.Rect:
        box = self.spare_set(index)
        s = self.scale
        return pygame.Rect(box.x, box.y + round(colour_index * SPLAY * s), box.width, round(SPARE_H * s))

    @property
    def top_bar(self) -> pygame.Rect:
        return self.rect(0, 0, BOARD_W, 64)

    @property
    def left_panel(self) -> pygame.Rect:
        return self.rect(20, 80, 500, 980)

    @property
    def reveal_panel(self) -> pygame.Rect:
        """After a round the tastes panel widens over the left spares."""
        return self.rect(20, 80, 640, 980)

    @property
    def right_panel(self) -> pygame.Rect:
        return self.rect(1400, 80, 500, 980)

    @property
    def timer(self) -> pygame.Rect:
        return self.rect(1420, 92, 230, 230)

    @property
    def status(self) -> pygame.Rect:
        return self.rect(1664, 100, 226, 214)

    def chef_row(self, index: int, count: int) -> pygame.Rect:
        height = min(104, 560 / max(1, count))
        return self.rect(1410, 338 + index * height, 480, height - 8)

    def button(self, name: str) -> pygame.Rect:
        """Buttons under the chefs: the main move (pass / ready) and the three emotes."""
        if name == "main":
            return self.rect(1420, 912, 460, 72)
        index = int(name[-1])
        return self.rect(1420 + index * 157, 996, 146, 52)

    def hit(self, pos: tuple[int, int], picker: tuple[pygame.Rect, list[pygame.Rect]] | None) -> Target | None:
        """What lies under window point ``pos`` (the open picker first)."""
        if picker is not None:
            panel, choices = picker
            for i, rect in enumerate(choices):
                if rect.collidepoint(pos):
                    return Target("candidate", index=i)
            if panel.collidepoint(pos):
                return Target("picker")
        for row in range(-1, SIZE + 1):
            for col in range(-1, SIZE + 1):
                rect = self.ring(row, col)
                if rect is not None and rect.inflate(self.px(8), self.px(8)).collidepoint(pos):
                    return Target("cell" if arrow_at(row, col) is None else "arrow", row=row, col=col)
        for name in ("main", "emote0", "emote1", "emote2"):
            if self.button(name).collidepoint(pos):
                return Target("button", name=name)
        return None
