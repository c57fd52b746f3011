"""Where everything sits on the Too Many Cooks table, for any window size.

Places are designed on a 1920 x 1080 board and scaled uniformly (letterboxed) to the window, so
the table looks the same from 1280 x 720 to 3840 x 2160; the board is laid out for its smallest
scale (2/3), where every spare card still shows its whole face and text is never drawn under 16
pixels (the kit's ``Board.font``). The same rectangles are the table's things (``things``), which
the kit draws and touches.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from soupkitchen.client.tables.kit.board import Board
from soupkitchen.client.tables.scaled import BOARD_W
from soupkitchen.client.tables.too_many_cooks.model import SIZE, TableModel

CARD_W, CARD_H, GAP = 108, 150, 10  # a soup card
SPARE_W, SPARE_H = 76, 105  # a spare card, its whole face shown
SPARE_PITCH = SPARE_H + 6  # a set's cards stand one under the other
ARROW = 46
SIDE_W = 467  # the tastes panel (left) and the chefs panel (right)
MARGIN, SPACE = 20, 12
GRID_X = (BOARD_W - (SIZE * CARD_W + (SIZE - 1) * GAP)) // 2
GRID_Y = 297
POT_PAD = 58  # pot rim around the soup, where the arrows sit
SPARES_X = (MARGIN + SIDE_W + SPACE, BOARD_W - MARGIN - SIDE_W - SPACE - 2 * SPARE_W - 8)
RIGHT_X = BOARD_W - MARGIN - SIDE_W
TASTE_GAP = 8
CHEFS_Y, CHEF_ROW, CHEFS_H = 290, 82, 396  # the chefs' rows: at most 82 high, 396 in all
LOG_BOTTOM = 1048  # the round's log fills the right panel under the chefs
BAR_Y, BAR_H = 1000, 62  # the buttons under the pot: the main move, the reactions, the moves
NOTICE_Y = 74  # above the pot, between the spares: banners and notices
MIN_TASTE_ROW = 120  # below this the tastes panel scrolls instead of squeezing
MIN_REVEAL_ROW = 160  # a revealed taste: its owner beside the icon, two lines of words under it
SCROLL_LINE = 36  # the "3 more above" / "2 more below" lines of a scrolled panel
HAND_LABEL_H = 62  # the "Your tastes" heading over the chef's own tastes


@dataclass(frozen=True)
class TasteColumn:
    """The tastes panel's rows: one per listed taste (None when scrolled out of sight), the board
    height where "Your tastes" starts (None when out of sight), the first taste shown when
    scrolled, how many lie above and below the window, and the lines that say so."""

    rows: list[pygame.Rect | None]
    split: float | None
    scroll: int
    above: int
    below: int
    above_line: pygame.Rect | None
    below_line: pygame.Rect | None

    @property
    def scrolls(self) -> bool:
        return self.above_line is not None


class TableLayout(Board):
    """Rectangles of one window size, on the kit's board (its fonts, text and pictures)."""

    # --- the soup --------------------------------------------------------------------------------
    def cell(self, row: int, col: int) -> pygame.Rect:
        return self.rect(GRID_X + col * (CARD_W + GAP), GRID_Y + row * (CARD_H + GAP), CARD_W, CARD_H)

    @property
    def grid(self) -> pygame.Rect:
        return self.cell(0, 0).union(self.cell(SIZE - 1, SIZE - 1))

    @property
    def pot(self) -> pygame.Rect:
        return self.rect(
            GRID_X - POT_PAD,
            GRID_Y - POT_PAD,
            SIZE * CARD_W + 3 * GAP + 2 * POT_PAD,
            SIZE * CARD_H + 3 * GAP + 2 * POT_PAD,
        )

    def arrow(self, line: str, index: int, step: int) -> pygame.Rect:
        """The arrow that rotates row/column ``index`` by ``step``, at that line's end."""
        if line == "row":
            cell = GRID_Y + index * (CARD_H + GAP) + (CARD_H - ARROW) / 2
            x = GRID_X - ARROW - 6 if step < 0 else GRID_X + SIZE * (CARD_W + GAP) - GAP + 6
            return self.rect(x, cell, ARROW, ARROW)
        x = GRID_X + index * (CARD_W + GAP) + (CARD_W - ARROW) / 2
        y = GRID_Y - ARROW - 6 if step < 0 else GRID_Y + SIZE * (CARD_H + GAP) - GAP + 6
        return self.rect(x, y, ARROW, ARROW)

    # --- around the soup -----------------------------------------------------------------------
    def spare_card(self, index: int, colour_index: int) -> pygame.Rect:
        """Spare card ``colour_index`` of vegetable ``index``: sets 0-3 stand in two columns left of
        the soup, 4-7 right of it, each set's four colours one under the other."""
        column, slot = divmod(index, 2)
        side, inner = divmod(column, 2)
        x = SPARES_X[side] + inner * (SPARE_W + 8)
        y = 92 + slot * (SPARE_H + 3 * SPARE_PITCH + 24) + colour_index * SPARE_PITCH
        return self.rect(x, y, SPARE_W, SPARE_H)

    def spare_set(self, index: int) -> pygame.Rect:
        """The four cards of vegetable ``index`` together."""
        return self.spare_card(index, 0).union(self.spare_card(index, 3))

    @property
    def above_pot(self) -> pygame.Rect:
        """Between the two columns of spares, down to the column arrows on the pot's rim."""
        left = SPARES_X[0] + 2 * SPARE_W + 8 + SPACE
        return self.rect(left, NOTICE_Y, SPARES_X[1] - SPACE - left, GRID_Y - ARROW - 12 - NOTICE_Y)

    @property
    def top_bar(self) -> pygame.Rect:
        return self.rect(0, 0, BOARD_W, 64)

    @property
    def left_panel(self) -> pygame.Rect:
        return self.rect(MARGIN, 80, SIDE_W, 980)

    @property
    def reveal_panel(self) -> pygame.Rect:
        """After a round every taste is revealed in the tastes panel (the spares stay in sight)."""
        return self.left_panel

    def taste_rows(self, top: float, bottom: float, count: int, tallest: float = 150.0) -> list[pygame.Rect]:
        """``count`` taste rows stacked between board heights ``top`` and ``bottom``, as tall as the
        room allows (``tallest`` at most)."""
        if count <= 0:
            return []
        height = min(tallest, (bottom - top - TASTE_GAP * (count - 1)) / count)
        return [self.taste_row(top + i * (height + TASTE_GAP), height) for i in range(count)]

    def taste_row(self, top: float, height: float) -> pygame.Rect:
        return self.rect(MARGIN + 12, top, SIDE_W - 24, height)

    def hand_split(self, shared: int, mine: int) -> float:
        """The board height where the shared tastes end and the chef's own begin."""
        total = shared + max(mine, 1)
        return 140 + round(840 * shared / max(1, total))

    def shared_rows(self, shared: int, mine: int) -> list[pygame.Rect]:
        return self.taste_rows(140, self.hand_split(shared, mine), shared)

    def hand_rows(self, shared: int, mine: int) -> list[pygame.Rect]:
        return self.taste_rows(self.hand_split(shared, mine) + HAND_LABEL_H, 1048, mine)

    def reveal_rows(self, count: int) -> list[pygame.Rect]:
        return self.taste_rows(140, 1048, count, tallest=MIN_REVEAL_ROW * self.tall)

    def taste_column(self, model: TableModel, scroll: int = 0) -> TasteColumn:
        """Where the listed tastes go: all at once while every row keeps ``MIN_TASTE_ROW``, otherwise
        a scrolled window of rows that height starting at taste ``scroll`` (clamped), with a line
        above and below saying how many tastes lie out of sight."""
        count = len(model.listed_tastes())
        reveal = model.reveal is not None
        listed_alike = reveal or model.every_taste is not None  # no "Your tastes" among them
        shared, mine = (count, 0) if listed_alike else (len(model.shared_tastes()), len(model.my_tastes()))
        top, bottom = 140, 1048
        if reveal:
            rows = self.reveal_rows(count)
        else:
            rows = self.shared_rows(shared, mine) + self.hand_rows(shared, mine)
        least = (MIN_REVEAL_ROW if reveal else MIN_TASTE_ROW) * self.tall  # rows as tall as live
        fits = all(row.height >= self.px(least) - 1 for row in rows)
        if fits:
            split = None if reveal else self.hand_split(shared, mine)
            return TasteColumn(list(rows), split, 0, 0, 0, None, None)
        if not reveal and mine:
            return self._own_pinned(shared, mine, scroll)
        above_line = self.rect(MARGIN + 12, top, SIDE_W - 24, SCROLL_LINE)
        below_line = self.rect(MARGIN + 12, bottom - SCROLL_LINE, SIDE_W - 24, SCROLL_LINE)
        room_top, room_bottom = top + SCROLL_LINE, bottom - SCROLL_LINE
        first = max(
            0, min(scroll, count - self._fitting_from_end(shared, count, room_top, room_bottom, least))
        )
        placed: list[pygame.Rect | None] = [None] * count
        split = None
        y = room_top
        for i in range(first, count):
            if i == shared and i > first and not reveal:  # "Your tastes" heads the chef's own
                split = y
                y += HAND_LABEL_H
            if y + least > room_bottom:
                break
            placed[i] = self.taste_row(y, least)
            y += least + TASTE_GAP
        shown = [i for i, row in enumerate(placed) if row is not None]
        above, below = shown[0], count - 1 - shown[-1]
        return TasteColumn(placed, split, first, above, below, above_line, below_line)

    def _own_pinned(self, shared: int, mine: int, scroll: int) -> TasteColumn:
        """Too many tastes for readable rows: the chef's own stay in sight at the foot of the panel
        under "Your tastes" (a secret taste is never scrolled away), and the shared ones scroll
        above them."""
        top, bottom, least = 140, 1048, MIN_TASTE_ROW * self.tall
        own_top = bottom - mine * least - (mine - 1) * TASTE_GAP
        split = own_top - HAND_LABEL_H
        placed: list[pygame.Rect | None] = [None] * (shared + mine)
        for j in range(mine):
            placed[shared + j] = self.taste_row(own_top + j * (least + TASTE_GAP), least)
        above_line = self.rect(MARGIN + 12, top, SIDE_W - 24, SCROLL_LINE)
        below_line = self.rect(MARGIN + 12, split - SCROLL_LINE, SIDE_W - 24, SCROLL_LINE)
        room_top, room_bottom = top + SCROLL_LINE, split - SCROLL_LINE
        first = max(
            0, min(scroll, shared - self._fitting_from_end(shared + 1, shared, room_top, room_bottom, least))
        )
        y, shown = room_top, []
        for i in range(first, shared):
            if y + least > room_bottom and shown:
                break
            placed[i] = self.taste_row(y, least)
            shown.append(i)
            y += least + TASTE_GAP
        above, below = (first, shared - 1 - shown[-1]) if shown else (0, 0)
        return TasteColumn(placed, split, first, above, below, above_line, below_line)

    @staticmethod
    def _fitting_from_end(shared: int, count: int, top: float, bottom: float, height: float) -> int:
        """How many of the last tastes fit the scrolled window together (the largest scroll's)."""
        fitted, y = 0, bottom
        for i in range(count - 1, -1, -1):
            need = height + (TASTE_GAP if fitted else 0) + (HAND_LABEL_H if i == shared - 1 and fitted else 0)
            if y - need < top:
                break
            y -= need
            fitted += 1
        return max(1, fitted)

    def scroll_to(self, model: TableModel, scroll: int, index: int) -> int:
        """The scroll nearest ``scroll`` at which taste ``index`` is in sight."""
        count = len(model.listed_tastes())
        if not 0 <= index < count:
            return scroll
        scroll = min(scroll, index)
        while scroll < index and self.taste_column(model, scroll).rows[index] is None:
            scroll += 1
        return scroll

    def listed_rows(self, model: TableModel, scroll: int = 0) -> list[pygame.Rect | None]:
        """The rows of ``model.listed_tastes()``, in the same order (None for a taste scrolled out
        of sight)."""
        return self.taste_column(model, scroll).rows

    @property
    def right_panel(self) -> pygame.Rect:
        return self.rect(RIGHT_X, 80, SIDE_W, 980)

    @property
    def timer(self) -> pygame.Rect:
        return self.rect(RIGHT_X + 12, 88, 190, 190)

    @property
    def status(self) -> pygame.Rect:
        """What the shown chef should know now, beside the timer."""
        return self.rect(RIGHT_X + 214, 96, SIDE_W - 226, 186)

    def chef_row(self, index: int, count: int) -> pygame.Rect:
        height = min(CHEF_ROW, CHEFS_H / max(1, count))
        return self.rect(RIGHT_X + 10, CHEFS_Y + index * height, SIDE_W - 20, height - 8)

    def log(self, count: int) -> pygame.Rect:
        """The round's log, under the chefs to the foot of the right panel."""
        top = CHEFS_Y + min(CHEF_ROW, CHEFS_H / max(1, count)) * max(1, count) + 4
        return self.rect(RIGHT_X + 10, top, SIDE_W - 20, LOG_BOTTOM - top)

    def button(self, name: str) -> pygame.Rect:
        """The buttons under the pot: the main move (pass / ready), the three reactions and the moves."""
        x0, gap = SPARES_X[0], 8
        widths = {"main": 330, "emote0": 136, "emote1": 136, "emote2": 136}
        x = x0
        for key, width in widths.items():
            if key == name:
                return self.rect(x, BAR_Y, width, BAR_H)
            x += width + gap
        return self.rect(x, BAR_Y, RIGHT_X - SPACE - x, BAR_H)  # "moves"

    @property
    def bar(self) -> pygame.Rect:
        return self.button("main").union(self.button("moves"))

    @property
    def notice(self) -> pygame.Rect:
        """Above the pot, between the spares: the banner between rounds, and during a round the one
        notice a chef should read now (you must pass, the clock runs on your turn, a learner's hint,
        the keys)."""
        return self.above_pot
