"""Drawing helpers of the Too Many Cooks table: the art files, text in board units, shapes.

Every size is given in board pixels (a 1920 x 1080 board) and scaled by the table layout.
"""

from __future__ import annotations

import math
from pathlib import Path

import pygame

from soupkitchen.client.tables.too_many_cooks.layout import TableLayout
from soupkitchen.client.ui import art, theme

ART = art.ASSETS / "too_many_cooks"

SMALL, BODY, LABEL, HEADING, HUGE = 32, 36, 44, 58, 104  # font sizes on the board
INK = (43, 29, 22)
PAPER = (255, 246, 230)
BROTH = (214, 148, 79)  # the soup in the pot, seen between the cards


def card_path(card: dict) -> Path:
    return ART / "cards" / f"{card.get('veg')}-{card.get('colour')}.svg"


def symbol_path(colour: str) -> Path:
    return ART / "glyphs" / f"symbol-{colour}.svg"


def taste_path(taste_id: str) -> Path:
    return ART / "tastes" / f"{taste_id}.svg"


def taste_icon_width(taste: dict, height: int) -> int:
    """The drawn width of a taste icon ``height`` pixels high (glyphs are square, 8% apart)."""
    glyphs = sum(
        1
        for part in taste.get("icon") or []
        if not (part.get("glyph") == "count" and part.get("op") == "some")
    )
    glyphs = max(1, glyphs)
    return round(height * (glyphs + 0.08 * (glyphs - 1)))


class Painter:
    """Draws onto one surface on the kit's board (``lay``, the table's layout) at time ``now``."""

    def __init__(self, surface: pygame.Surface, lay: TableLayout, now: float) -> None:
        self.surface = surface
        self.lay = lay
        self.now = now

    def font(self, size: float) -> pygame.font.Font:
        return self.lay.font(size)

    def text(
        self, words: str, size: float, colour, pos, anchor: str = "topleft", max_width: int | None = None
    ) -> pygame.Rect:
        return self.lay.text(self.surface, words, size, colour, pos, anchor, max_width)

    def largest_fitting(self, words: str, sizes: tuple[float, ...], width: int) -> float:
        return self.lay.largest_fitting(words, sizes, width)

    def paragraph(
        self, words: str, size: float, colour, rect: pygame.Rect, max_lines: int = 4, shrink: bool = True
    ) -> int:
        return self.lay.paragraph(self.surface, words, size, colour, rect, max_lines, shrink)

    def image(self, path: Path, rect: pygame.Rect, alpha: int = 255, backdrop: bool = False) -> pygame.Rect:
        return self.lay.image(self.surface, path, rect, alpha, backdrop)

    def panel(self, rect: pygame.Rect, colour=None, edge=None, radius: float = 14) -> None:
        """A panel (the theme's own colours unless given)."""
        colour, edge = colour or theme.PANEL, edge or theme.PANEL_EDGE
        r = self.lay.px(radius)
        pygame.draw.rect(self.surface, theme.SHADOW, rect.move(0, self.lay.px(4)), border_radius=r)
        pygame.draw.rect(self.surface, colour, rect, border_radius=r)
        pygame.draw.rect(self.surface, edge, rect, width=self.lay.px(2), border_radius=r)

    def ring(
        self, rect: pygame.Rect, colour=None, width: float = 5, pad: float = 5, radius: float = 14
    ) -> None:
        self.lay.draw_ring(self.surface, rect, colour or theme.MUSTARD, width, pad, radius)

    def focus_ring(self, rect: pygame.Rect, pad: float = 5, radius: float = 12) -> None:
        self.lay.draw_focus(self.surface, rect, pad, radius)

    def mark(self, centre: tuple[int, int], radius: int, good: bool) -> None:
        """Satisfied (a tick on green) or not (a cross on red): the shape tells, the colour helps."""
        pygame.draw.circle(self.surface, theme.HERB if good else theme.DANGER, centre, radius)
        pygame.draw.circle(self.surface, INK, centre, radius, width=max(1, radius // 7))
        x, y, r = centre[0], centre[1], radius * 0.5
        w = max(2, radius // 4)
        if good:
            points = [(x - r, y), (x - r * 0.25, y + r * 0.75), (x + r, y - r * 0.7)]
            pygame.draw.lines(self.surface, PAPER, False, points, w)
        else:
            pygame.draw.line(self.surface, PAPER, (x - r * 0.8, y - r * 0.8), (x + r * 0.8, y + r * 0.8), w)
            pygame.draw.line(self.surface, PAPER, (x - r * 0.8, y + r * 0.8), (x + r * 0.8, y - r * 0.8), w)

    def pie(self, centre: tuple[int, int], radius: int, fraction: float, colour) -> None:
        """A filled wedge from twelve o'clock, clockwise, covering ``fraction`` of the circle."""
        fraction = max(0.0, min(1.0, fraction))
        if fraction <= 0:
            return
        if fraction >= 0.999:
            pygame.draw.circle(self.surface, colour, centre, radius)
            return
        steps = max(3, int(72 * fraction))
        points = [centre]
        for i in range(steps + 1):
            a = -math.pi / 2 + 2 * math.pi * fraction * i / steps
            points.append((centre[0] + radius * math.cos(a), centre[1] + radius * math.sin(a)))
        pygame.draw.polygon(self.surface, colour, points)

    def bubble(
        self,
        rect: pygame.Rect,
        words: str,
        tail: tuple[int, int],
        size: float | None = None,
        fade: float = 1.0,
        under=theme.PANEL,
    ) -> None:
        """A speech bubble whose tail points left to ``tail`` (the speaker), its words in ``size``
        (None: the larger size that fits); ``fade`` below 1 draws it nearer the colour ``under`` it
        (a reaction going)."""
        paper, ink = mix(under, PAPER, fade), mix(under, INK, fade)
        r = min(self.lay.px(16), rect.height // 2)
        y = rect.centery
        wedge = [tail, (rect.x + r, y - rect.height // 4), (rect.x + r, y + rect.height // 4)]
        if fade >= 1.0:
            pygame.draw.rect(self.surface, theme.SHADOW, rect.move(0, self.lay.px(4)), border_radius=r)
        pygame.draw.polygon(self.surface, paper, wedge)
        pygame.draw.polygon(self.surface, ink, wedge, self.lay.px(2))
        pygame.draw.rect(self.surface, paper, rect, border_radius=r)
        pygame.draw.rect(self.surface, ink, rect, width=self.lay.px(2), border_radius=r)
        if size is None:
            size = BODY if self.font(BODY).size(words)[0] <= rect.width - self.lay.px(20) else SMALL
        self.text(words, size, ink, rect.center, anchor="center", max_width=rect.width - self.lay.px(16))


def mix(low, high, amount: float) -> tuple[int, int, int]:
    """The colour ``amount`` of the way from ``low`` to ``high``."""
    amount = max(0.0, min(1.0, amount))
    return tuple(round(a + (b - a) * amount) for a, b in zip(low[:3], high[:3], strict=True))
