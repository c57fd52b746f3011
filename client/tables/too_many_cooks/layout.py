"""Where everything sits on the Too Many Cooks table, for any window size.

Places are designed on a 1920 x 1080 board and scaled uniformly (letterboxed) to the window, so
the table looks the same from 1280 x 720 to 3840 x 2160; the board is laid out for its smallest
scale (2/3), where every spare card still shows its whole face and text is never drawn under 16
pixels (the kit's ``Board.font``). The same rectangles serve drawing and mouse hit-testing.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from soupkitchen.client.tables.kit.board import Board
from soupkitchen.client.tables.scaled import BOARD_H, BOARD_W
from soupkitchen.client.tables.too_many_cooks.model import SIZE, SPARES_PER_COLUMN, TableModel, arrow_at

CARD_W, CARD_H, GAP = 108, 150, 10        # a soup card
SPARE_W, SPARE_H = 76, 105                # a spare card, its whole face shown
SPARE_PITCH = SPARE_H + 6                 # a set's cards stand one under the other
ARROW = 46
SIDE_W = 467                               # the tastes panel (left) and the chefs panel (right)
MARGIN, SPACE = 20, 12
GRID_X = (BOARD_W - (SIZE * CARD_W + (SIZE - 1) * GAP)) // 2
GRID_Y = 257
POT_PAD = 58                               # pot rim around the soup, where the arrows sit
PICK_W, PICK_H = 92, 127                   # a card offered in the change picker
SPARES_X = (MARGIN + SIDE_W + SPACE, BOARD_W - MARGIN - SIDE_W - SPACE - 2 * SPARE_W - 8)
RIGHT_X = BOARD_W - MARGIN - SIDE_W
TASTE_GAP = 8
CHEFS_Y, CHEF_ROW, CHEFS_H = 338, 96, 400   # the chefs' rows: at most 96 high, 400 in all
HISTORY_BOTTOM = 900
MIN_TASTE_ROW = 120                        # below this the tastes panel scrolls instead of squeezing
MIN_REVEAL_ROW = 160                       # a revealed taste: its owner beside the icon, two lines of words under it
SCROLL_LINE = 36                           # the "3 more above" / "2 more below" lines of a scrolled panel
HAND_LABEL_H = 62                          # the "Your tastes" heading over the chef's own tastes


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


@dataclass(frozen=True)
class Target:
    """What a point on the table is: a soup cell, a rotation arrow, a picker choice or a button."""

    kind: str            # "cell" | "arrow" | "candidate" | "button"
    row: int = 0
    col: int = 0
    index: int = 0
    name: str = ""


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
        return self.rect(GRID_X - POT_PAD, GRID_Y - POT_PAD, SIZE * CARD_W + 3 * GAP + 2 * POT_PAD,
                         SIZE * CARD_H + 3 * GAP + 2 * POT_PAD)

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
        x = min(max(cx - w / 2, SPARES_X[0]), RIGHT_X - SPACE - w)
        top = GRID_Y + (row + 1) * (CARD_H + GAP) - 4
        y = top if top + h < BOARD_H - 10 else GRID_Y + row * (CARD_H + GAP) - h + 4
        choices = []
        for r, count in enumerate(rows):
            for c in range(count):
                choices.append(self.rect(x + pad + c * (PICK_W + 10), y + pad + label + r * (PICK_H + 10),
                                         PICK_W, PICK_H))
        return self.rect(x, y, w, h), choices

    # --- around the soup -----------------------------------------------------------------------
    def spare_card(self, index: int, colour_index: int) -> pygame.Rect:
        """Spare card ``colour_index`` of vegetable ``index``: sets 0-3 stand in two columns left of
        the soup, 4-7 right of it, each set's four colours one under the other."""
        column, slot = divmod(index, SPARES_PER_COLUMN)
        side, inner = divmod(column, 2)
        x = SPARES_X[side] + inner * (SPARE_W + 8)
        y = 92 + slot * (SPARE_H + 3 * SPARE_PITCH + 24) + colour_index * SPARE_PITCH
        return self.rect(x, y, SPARE_W, SPARE_H)

    def spare_set(self, index: int) -> pygame.Rect:
        """The four cards of vegetable ``index`` together."""
        return self.spare_card(index, 0).union(self.spare_card(index, 3))

    @property
    def above_pot(self) -> pygame.Rect:
        """Between the two columns of spares, down to the soup over the pot's rim (its arrows show
        only while a round is played): where the banners between rounds go."""
        left = SPARES_X[0] + 2 * SPARE_W + 8 + SPACE
        return self.rect(left, 74, SPARES_X[1] - SPACE - left, GRID_Y - 8 - 74)

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
        return self.taste_rows(140, 1048, count, tallest=MIN_REVEAL_ROW)

    def taste_column(self, model: TableModel, scroll: int = 0) -> TasteColumn:
        """Where the listed tastes go: all at once while every row keeps ``MIN_TASTE_ROW``, otherwise
        a scrolled window of rows that height starting at taste ``scroll`` (clamped), with a line
        above and below saying how many tastes lie out of sight."""
        count = len(model.listed_tastes())
        reveal = model.reveal is not None
        shared, mine = (count, 0) if reveal else (len(model.shared_tastes()), len(model.my_tastes()))
        top, bottom = 140, 1048
        if reveal:
            rows = self.reveal_rows(count)
        else:
            rows = self.shared_rows(shared, mine) + self.hand_rows(shared, mine)
        least = MIN_REVEAL_ROW if reveal else MIN_TASTE_ROW
        fits = all(row.height >= self.px(least) - 1 for row in rows)
        if fits:
            split = None if reveal else self.hand_split(shared, mine)
            return TasteColumn(list(rows), split, 0, 0, 0, None, None)
        above_line = self.rect(MARGIN + 12, top, SIDE_W - 24, SCROLL_LINE)
        below_line = self.rect(MARGIN + 12, bottom - SCROLL_LINE, SIDE_W - 24, SCROLL_LINE)
        room_top, room_bottom = top + SCROLL_LINE, bottom - SCROLL_LINE
        first = max(0, min(scroll, count - self._fitting_from_end(shared, count, room_top, room_bottom, least)))
        placed: list[pygame.Rect | None] = [None] * count
        split = None
        y = room_top
        for i in range(first, count):
            if i == shared and i > first and not reveal:   # "Your tastes" heads the chef's own
                split = y
                y += HAND_LABEL_H
            if y + least > room_bottom:
                break
            placed[i] = self.taste_row(y, least)
            y += least + TASTE_GAP
        shown = [i for i, row in enumerate(placed) if row is not None]
        above, below = shown[0], count - 1 - shown[-1]
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
        return self.rect(RIGHT_X + 16, 92, 220, 220)

    @property
    def status(self) -> pygame.Rect:
        return self.rect(RIGHT_X + 248, 100, SIDE_W - 258, 214)

    def chef_row(self, index: int, count: int) -> pygame.Rect:
        height = min(CHEF_ROW, CHEFS_H / max(1, count))
        return self.rect(RIGHT_X + 10, CHEFS_Y + index * height, SIDE_W - 20, height - 8)

    def history(self, count: int) -> pygame.Rect:
        """The round's history strip, between the chefs and the buttons."""
        top = CHEFS_Y + min(CHEF_ROW, CHEFS_H / max(1, count)) * max(1, count) + 4
        return self.rect(RIGHT_X + 10, top, SIDE_W - 20, HISTORY_BOTTOM - top)

    def button(self, name: str) -> pygame.Rect:
        """Buttons under the chefs: the main move (pass / ready) and the three emotes."""
        if name == "main":
            return self.rect(RIGHT_X + 20, 912, SIDE_W - 40, 72)
        index = int(name[-1])
        width = (SIDE_W - 40 - 2 * 10) / 3
        return self.rect(RIGHT_X + 20 + index * (width + 10), 996, width, 52)

    @property
    def hint(self) -> pygame.Rect:
        """The line under the pot that names the keys or buttons of what can be done now."""
        return self.rect(SPARES_X[0], 1006, RIGHT_X - SPACE - SPARES_X[0], 60)

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
