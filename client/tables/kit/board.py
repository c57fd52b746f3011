"""A card table designed on a 1920 x 1080 board and scaled uniformly (letterboxed) to the window, so
it looks the same from 1280 x 720 up; text is never drawn under 16 pixels, and a label or a paragraph
cut to fit is counted by ``textfit``."""

from __future__ import annotations

from pathlib import Path

import pygame

from soupkitchen.client.tables.scaled import ScaledBoard
from soupkitchen.client.ui import art, coverage, theme
from soupkitchen.client.ui.textfit import MIN_READABLE_PX, note_clipped

SMALL, BODY, LABEL, HEADING, HUGE = 26, 30, 36, 48, 64  # font sizes on the board


class Board(ScaledBoard):
    """Board rectangles and text for one window size."""

    def font(self, size: float) -> pygame.font.Font:
        """The font of board size ``size``, never smaller than the readable minimum (nor than at the
        board's ``text_scale``)."""
        return theme.font_px(max(round(MIN_READABLE_PX * 1.5), self.px(size), round(size * self.text_scale)))

    def text(
        self,
        surface: pygame.Surface,
        words: str,
        size: float,
        colour,
        pos,
        anchor: str = "topleft",
        max_width: int | None = None,
    ) -> pygame.Rect:
        """One line of text anchored at window point ``pos``; cut with an ellipsis past ``max_width``."""
        return theme.blit_line(surface, self.font(size), words, colour, pos, anchor, max_width)

    def fits(self, words: str, size: float, width: int) -> bool:
        return self.font(size).size(str(words))[0] <= width

    def largest_fitting(self, words: str, sizes: tuple[float, ...], width: int) -> float:
        """The first of ``sizes`` (largest first) at which ``words`` fit ``width`` pixels; else the last."""
        return next((size for size in sizes if self.fits(words, size, width)), sizes[-1])

    def paragraph(
        self,
        surface: pygame.Surface,
        words: str,
        size: float,
        colour,
        rect: pygame.Rect,
        max_lines: int = 4,
        shrink: bool = True,
    ) -> int:
        """Words wrapped into ``rect`` (shrunk a step if they do not fit and ``shrink`` allows, never
        below the smallest font); what still does not fit ends in an ellipsis. Returns the height used."""
        for step in (size, size * 0.86, size * 0.74) if shrink else (size,):
            f = self.font(step)
            lines = theme.wrap(words, f, rect.width)
            line_h = f.get_linesize()
            if len(lines) <= max_lines and len(lines) * line_h <= max(rect.height, line_h):
                break
        room = max(1, min(max_lines, rect.height // line_h))
        if len(lines) > room:
            note_clipped(words)
            lines = lines[:room]
            last = lines[-1]
            while last and f.size(last + "…")[0] > rect.width:
                last = last[:-1].rstrip()
            lines[-1] = last + "…"
        y = rect.y
        for line in lines:
            image = f.render(line, True, colour)
            surface.blit(image, (rect.x, y))
            coverage.note(image.get_rect(topleft=(rect.x, y)), line)
            y += line_h
        return y - rect.y

    def image(
        self, surface: pygame.Surface, path: Path, rect: pygame.Rect, alpha: int = 255, backdrop: bool = False
    ) -> pygame.Rect:
        """An SVG fitted (aspect kept) and centred in ``rect``; ``backdrop``: a picture things lie on
        (a pot, a cloth), not one a player reads."""
        image = art.load_svg(path, rect.size)
        if alpha < 255:
            image = image.copy()
            image.set_alpha(alpha)
        placed = image.get_rect(center=rect.center)
        surface.blit(image, placed)
        if not backdrop:
            coverage.note(placed, path.stem)
        return placed

    def draw_ring(
        self,
        surface: pygame.Surface,
        rect: pygame.Rect,
        colour=theme.MUSTARD,
        width: float = 5,
        pad: float = 5,
        radius: float = 14,
    ) -> None:
        """A frame ``pad`` board units outside ``rect`` (a picked thing, a usable one)."""
        p = self.px(pad)
        pygame.draw.rect(
            surface, colour, rect.inflate(p * 2, p * 2), width=self.px(width), border_radius=self.px(radius)
        )

    def draw_focus(
        self, surface: pygame.Surface, rect: pygame.Rect, pad: float = 5, radius: float = 12
    ) -> None:
        """The keys' (or pad's) focus: a cream band between dark edges, seen on any cloth."""
        theme.draw_double_ring(surface, rect, self.px(5), self.px(pad), self.px(radius))

    def card_image(self, asset: str, rect: pygame.Rect) -> pygame.Surface:
        """A card face (asset id such as ``"pink_soup/milk"``) rasterised to ``rect``'s size (cached)."""
        return art.load_svg(art.card_path(asset), rect.size)


def draw_button(
    surface: pygame.Surface,
    b: Board,
    rect: pygame.Rect,
    words: str,
    live: bool,
    colour=None,
    size: float = BODY,
    left: int = 0,
) -> None:
    """A table's button: lit with a mustard edge while it can be pressed (``live``), dim otherwise,
    its words centred clear of the first ``left`` pixels (kept for a ring), in ``size`` or the largest
    smaller size they fit."""
    fill = colour or (theme.PANEL_LIGHT if live else theme.PANEL)
    pygame.draw.rect(surface, fill, rect, border_radius=b.px(12))
    pygame.draw.rect(
        surface, theme.MUSTARD if live else theme.PANEL_EDGE, rect, width=b.px(3), border_radius=b.px(12)
    )
    room = pygame.Rect(rect.x + left, rect.y, rect.w - left, rect.h)
    size = b.largest_fitting(words, (size, BODY, SMALL), room.w - b.px(20))
    b.text(
        surface,
        words,
        size,
        theme.TEXT if live else theme.TEXT_DIM,
        room.center,
        anchor="center",
        max_width=room.w - b.px(12),
    )
