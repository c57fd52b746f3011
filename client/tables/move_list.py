"""The generic table's list of legal moves: every label shown whole, wrapped and shrunk to fit, after
the pictures of the cards the move takes or plays."""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from soupkitchen.client.tables.drawing import draw_cards
from soupkitchen.client.ui import art, theme
from soupkitchen.client.ui.widgets import ListView

MOVE_FONTS = (("label", 1), ("body", 2), ("small", 3))  # move button font and the most lines it may wrap to
LEAST_ROWS = 4  # rows a list shows at once where it has that many, in a smaller font if it must


class MoveList(ListView):
    """The legal moves, each shown whole: labels wrap onto up to three lines (in a smaller size
    when needed) and every row has the height of the longest label. A move naming cards shows
    their pictures at the row's left, as high as a one-line row."""

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.kind = "label"
        self.font: pygame.font.Font | None = None  # the labels' font, as fitted
        self.wrapped: list[list[str]] = []
        self.text_width = 0
        self.cards: list[tuple[str, ...]] = []  # each row's card pictures (asset ids)
        self.card_h = 0
        self.cards_w = 0  # room kept at the left of every row for the pictures
        self.drawn: dict[int, list[str]] = {}  # rows drawn in the last frame, line by line
        self.cards_drawn: dict[int, tuple[str, ...]] = {}  # and their pictures

    def set_cards(self, cards: Sequence[tuple[str, ...]]) -> None:
        """The card pictures of each row, in row order."""
        self.cards = [tuple(c) for c in cards]

    def fit(
        self,
        lay: theme.Layout,
        area: pygame.Rect,
        fonts: Sequence[tuple[pygame.font.Font, int]] | None = None,
    ) -> None:
        """Choose the font and row height for ``area`` and place the list in it: the largest font
        (of ``fonts`` with the most lines each may wrap to, else the type scale's) at which every
        label fits its lines and at least ``LEAST_ROWS`` rows show at once (or every row)."""
        most_cards = max((len(c) for c in self.cards[: len(self.rows)]), default=0)
        self.card_h = lay.button_h - lay.gap
        card_w = art.card_size(self.card_h)[0]
        self.cards_w = round(card_w * (1 + 0.6 * (most_cards - 1))) + lay.gap if most_cards else 0
        self.text_width = area.width - lay.gap * 5 - self.cards_w
        kinds = [kind for kind, _most in MOVE_FONTS] if fonts is None else []
        choices = list(fonts or [(lay.font(kind), most) for kind, most in MOVE_FONTS])
        wanted = min(len(self.rows), LEAST_ROWS)
        for n, (f, most) in enumerate(choices):
            self.kind = kinds[n] if n < len(kinds) else self.kind
            wrapped = [theme.wrap(row, f, self.text_width) for row in self.rows]
            lines = max((len(w) for w in wrapped), default=1)
            row_h = max(lay.button_h if lines == 1 else 0, lines * f.get_linesize() + lay.gap * 2)
            if lines <= most and area.height // row_h >= wanted:
                break
        self.font, self.wrapped = f, wrapped
        self.visible_rows = max(1, area.height // row_h)
        self.rect = pygame.Rect(area.x, area.y, area.width, self.visible_rows * row_h)
        self._clamp_scroll()

    def draw(self, surface, lay, focused) -> None:
        self.drawn = {}
        if not self.rows or len(self.wrapped) != len(self.rows):
            super().draw(surface, lay, focused)
            return
        theme.draw_panel(surface, self.rect, lay, colour=theme.SHADOW)
        f = self.font or lay.font(self.kind)
        step = f.get_linesize()
        selected = (
            ((theme.PANEL_LIGHT, 0), (theme.MUSTARD, max(1, lay.ring // 2)))
            if focused
            else ((theme.PANEL, 0), (theme.PANEL_EDGE, max(1, lay.ring // 2)))
        )
        self.cards_drawn = {}
        for i in range(self.scroll, min(len(self.rows), self.scroll + self.visible_rows)):
            row = self.row_rect(i).inflate(-lay.gap, -lay.gap // 2)
            for colour, edge in selected if i == self.selected else ():
                pygame.draw.rect(surface, colour, row, width=edge, border_radius=lay.radius)
            cards = self.cards[i] if i < len(self.cards) else ()
            if cards:
                draw_cards(
                    surface,
                    cards,
                    (row.x + lay.gap, row.centery - self.card_h // 2),
                    self.card_h,
                    self.cards_w - lay.gap,
                )
                self.cards_drawn[i] = cards
            lines = self.wrapped[i]
            y = row.centery - step * len(lines) // 2
            for line in lines:
                theme.blit_line(surface, f, line, theme.TEXT, (row.x + lay.gap * 2 + self.cards_w, y))
                y += step
            self.drawn[i] = lines
        self.draw_more(surface, lay)

    def draw_more(self, surface: pygame.Surface, lay: theme.Layout) -> None:
        """A cue at the list's top or foot where more rows lie beyond it (the wheel or the arrows
        reach them): a triangle pointing their way."""
        size = max(6, lay.gap)
        for shown, y, sign in (
            (self.scroll > 0, self.rect.top, -1),
            (self.scroll + self.visible_rows < len(self.rows), self.rect.bottom, 1),
        ):
            if shown:
                x = self.rect.right - lay.gap * 3
                tip = (x, y + sign * size)
                points = [(x - size, y - sign * size // 2), (x + size, y - sign * size // 2), tip]
                pygame.draw.polygon(surface, theme.MUSTARD, points)
                pygame.draw.polygon(surface, theme.TEXT_DARK, points, width=max(1, size // 5))
