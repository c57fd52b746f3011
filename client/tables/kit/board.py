"""A card table designed on a 1920 x 1080 board and scaled uniformly (letterboxed) to the window, so
it looks the same from 1280 x 720 up; text is never drawn under 16 pixels, and a label cut to fit is
counted by ``textfit``."""

from __future__ import annotations

import pygame

from soupkitchen.client import art, theme
from soupkitchen.client.tables.scaled import ScaledBoard
from soupkitchen.client.textfit import MIN_READABLE_PX

SMALL, BODY, LABEL, HEADING, HUGE = 26, 30, 36, 48, 64   # font sizes on the board


class Board(ScaledBoard):
    """Board rectangles and text for one window size."""

    def font(self, size: float) -> pygame.font.Font:
        """The font of board size ``size``, never smaller than the readable minimum."""
        return theme.font_px(max(round(MIN_READABLE_PX * 1.5), self.px(size)))

    def text(self, surface: pygame.Surface, words: str, size: float, colour, pos, anchor: str = "topleft",
             max_width: int | None = None) -> pygame.Rect:
        """One line of text anchored at window point ``pos``; cut with an ellipsis past ``max_width``."""
        return theme.blit_line(surface, self.font(size), words, colour, pos, anchor, max_width)

    def fits(self, words: str, size: float, width: int) -> bool:
        return self.font(size).size(str(words))[0] <= width

    def card_image(self, asset: str, rect: pygame.Rect) -> pygame.Surface:
        """A card face (asset id such as ``"pink_soup/milk"``) rasterised to ``rect``'s size (cached)."""
        return art.load_svg(art.card_path(asset), rect.size)
