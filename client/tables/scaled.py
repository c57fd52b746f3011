"""A table drawn on a 1920x1080 board scaled to fit the window, letterboxed and centred."""

from __future__ import annotations

import pygame

BOARD_W, BOARD_H = 1920, 1080


class ScaledBoard:
    """Board coordinates to window pixels for one window size."""

    def __init__(self, size: tuple[int, int], text_scale: float = 0.0) -> None:
        self.size = (max(320, int(size[0])), max(240, int(size[1])))
        self.text_scale = text_scale  # the least scale of its words (a replay's table keeps the live one's)
        self.scale = min(self.size[0] / BOARD_W, self.size[1] / BOARD_H)
        # Words larger than the board (a replay's table, lower than the window): the board takes the
        # width its words need, as far as the window has it, so that a line has the room it has live.
        self.scale_x = max(self.scale, min(self.size[0] / BOARD_W, text_scale))
        self.ox = (self.size[0] - BOARD_W * self.scale_x) / 2
        self.oy = (self.size[1] - BOARD_H * self.scale) / 2

    def rect(self, x: float, y: float, w: float, h: float) -> pygame.Rect:
        """A board rectangle in window pixels."""
        s, sx = self.scale, self.scale_x
        left, top = round(self.ox + x * sx), round(self.oy + y * s)
        return pygame.Rect(
            left, top, round(self.ox + (x + w) * sx) - left, round(self.oy + (y + h) * s) - top
        )

    @property
    def tall(self) -> float:
        """How many times taller than the board draws them its words are (1 but at a replay's table
        lower than the window): what holds lines of words needs that many more board units."""
        return max(1.0, self.text_scale / self.scale)

    def px(self, board_pixels: float) -> int:
        """A board length in window pixels (at least 1)."""
        return max(1, round(board_pixels * self.scale))

    def px_x(self, board_pixels: float) -> int:
        """A board width in window pixels (at least 1): wider than :meth:`px` where the board is
        spread across a replay's window."""
        return max(1, round(board_pixels * self.scale_x))
