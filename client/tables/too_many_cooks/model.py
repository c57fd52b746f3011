"""What the Too Many Cooks table offers the shown chef right now, derived only from the view.

Nothing here knows a rule: every offered move is one of the view's ``legal_actions``. The
:class:`Selection` is the chef's own pointer on the table (cursor, picked card, picker choice);
it turns input into one of those legal actions or into nothing.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from soupkitchen.client.tables.kit.view_model import Field, ViewModel
from soupkitchen.shared.too_many_cooks.cards import COLOURS, VEGETABLES

SIZE = 4
Action = dict[str, Any]


def card_key(card: dict[str, Any]) -> tuple[str, str]:
    return (str(card.get("veg")), str(card.get("colour")))


class TableModel(ViewModel):
    """The view, sorted into what can be drawn and what can be done (its seat, turn, end and legal
    actions read as every kit table reads them)."""

    phase = Field("phase", str, "ready")
    mode = Field("mode", str, "standard")

    def __init__(self, view: dict[str, Any] | None) -> None:
        super().__init__(view)
        self.changes: dict[tuple[int, int], list[Action]] = {}
        self.rotations: dict[tuple[str, int, int], Action] = {}
        self.pass_action: Action | None = None
        self.ready_action: Action | None = None
        for action in self.actions():
            kind = action.get("type")
            if kind == "change":
                self.changes.setdefault((action["row"], action["col"]), []).append(action)
            elif kind == "rotate":
                self.rotations[(action["line"], action["index"], action["step"])] = action
            elif kind == "pass":
                self.pass_action = action
            elif kind == "ready":
                self.ready_action = action
        for (row, col), actions in self.changes.items():
            here = self.card(row, col)
            # Same vegetable (another colour) first, then same colour (another vegetable).
            actions.sort(key=lambda a, here=here: (a["veg"] != here.get("veg"),
                                                   _order(VEGETABLES, a["veg"]), _order(COLOURS, a["colour"])))

    # --- facts -----------------------------------------------------------------------------------
    @property
    def my_turn(self) -> bool:
        return self.seat is not None and self.turn == self.seat and self.phase == "playing"

    @property
    def soup(self) -> list[list[dict[str, Any]]]:
        return self.view.get("soup") or [[{} for _ in range(SIZE)] for _ in range(SIZE)]

    def card(self, row: int, col: int) -> dict[str, Any]:
        try:
            return self.soup[row][col]
        except (IndexError, TypeError):
            return {}

    @property
    def can_move(self) -> bool:
        return bool(self.changes or self.rotations)

    @property
    def must_pass(self) -> bool:
        """Passing is the chef's only legal move: every taste they know is satisfied."""
        return self.pass_action is not None and not self.can_move

    def spare_sets(self) -> list[tuple[str, list[tuple[str, int]]]]:
        """The spare vegetables as 8 sets, one per vegetable, each (colour, count) in colour order."""
        counts = {card_key(s): int(s.get("count", 0)) for s in self.view.get("spares") or []}
        return [(veg, [(colour, counts.get((veg, colour), 0)) for colour in COLOURS]) for veg in VEGETABLES]

    def rotation(self, line: str, index: int, step: int) -> Action | None:
        return self.rotations.get((line, index, step))

    def changes_at(self, row: int, col: int) -> list[Action]:
        return self.changes.get((row, col), [])

    def chefs(self) -> list[dict[str, Any]]:
        return list(self.view.get("chefs") or [])

    def shared_tastes(self) -> list[dict[str, Any]]:
        return list(self.view.get("shared_tastes") or [])

    def my_tastes(self) -> list[dict[str, Any]]:
        return list(self.view.get("my_tastes") or [])

    @property
    def reveal(self) -> dict[str, Any] | None:
        reveal = self.view.get("reveal")
        return reveal if isinstance(reveal, dict) else None

    def listed_tastes(self) -> list[dict[str, Any]]:
        """The tastes the left panel lists, top to bottom: every taste after a round, otherwise the
        shared ones and then the chef's own."""
        if self.reveal is not None:
            return list(self.reveal.get("tastes") or [])
        return self.shared_tastes() + self.my_tastes()


def _order(names: tuple[str, ...], name: str) -> int:
    return names.index(name) if name in names else len(names)


# --- the chef's pointer ----------------------------------------------------------------------------
def arrow_at(row: int, col: int) -> tuple[str, int, int] | None:
    """The rotation drawn at ring position (row, col) around the soup, e.g. (-1, 2) is column 2
    north; None for a soup cell or a corner of the ring."""
    inside_r, inside_c = 0 <= row < SIZE, 0 <= col < SIZE
    if inside_r and col == -1:
        return ("row", row, -1)
    if inside_r and col == SIZE:
        return ("row", row, 1)
    if inside_c and row == -1:
        return ("col", col, -1)
    if inside_c and row == SIZE:
        return ("col", col, 1)
    return None


FOCUS_ORDER = ("soup", "tastes", "spares", "history")
SPARE_COLUMNS, SPARES_PER_COLUMN = 4, 2


def spare_step(index: int, dx: int, dy: int) -> int:
    """The spare set beside set ``index`` in direction (dx, dy): the eight sets stand in four
    columns of two, vegetables in order down each column, left to right."""
    column, slot = divmod(index % (SPARE_COLUMNS * SPARES_PER_COLUMN), SPARES_PER_COLUMN)
    column = (column + dx) % SPARE_COLUMNS
    slot = (slot + dy) % SPARES_PER_COLUMN
    return column * SPARES_PER_COLUMN + slot


@dataclass
class Selection:
    """Where the chef points: a cursor on the soup or the arrows around it, and the picked card."""

    cursor: tuple[int, int] = (0, 0)
    picked: tuple[int, int] | None = None
    choice: int = 0
    hover_candidate: int | None = field(default=None)
    focus: str = "soup"             # what the arrows move over: "soup", "tastes" or "spares"
    taste: int = 0                  # the taste read in detail while the tastes have the focus
    spare: int = 0                  # the spare set read in detail while the spares have it
    hover_taste: int | None = None  # the taste under the mouse
    hover_spare: int | None = None  # the spare set under the mouse

    def cycle_focus(self, model: TableModel) -> str:
        """The second button: soup -> tastes -> spares -> history -> soup (skipping tastes when none
        is listed, the spares while the revealed tastes cover them, and the round's history between
        rounds). Leaving the soup closes the picker."""
        order = [f for f in FOCUS_ORDER if not (f == "tastes" and not model.listed_tastes())
                 and not (f == "spares" and model.reveal is not None)
                 and not (f == "history" and model.phase != "playing")]
        self.focus = order[(order.index(self.focus) + 1) % len(order)] if self.focus in order else "soup"
        self.picked, self.choice = None, 0
        self.taste = min(self.taste, max(0, len(model.listed_tastes()) - 1))
        return self.focus

    def read_taste(self) -> int | None:
        """The taste shown in detail (keys first, then the mouse), if any."""
        return self.taste if self.focus == "tastes" else self.hover_taste

    def read_spare(self) -> int | None:
        return self.spare if self.focus == "spares" else self.hover_spare

    def move(self, dx: int, dy: int, model: TableModel) -> None:
        """Move the cursor, the picker's choice while a card is picked, or the taste or spare set
        being read."""
        if self.focus == "tastes":
            count = len(model.listed_tastes())
            self.taste = (self.taste + (dy or dx)) % count if count else 0
            return
        if self.focus == "spares":
            self.spare = spare_step(self.spare, dx, dy)
            return
        if self.picked is not None:
            count = len(model.changes_at(*self.picked))
            if count:
                self.choice = (self.choice + (dx or dy)) % count
            return
        row, col = self.cursor
        row, col = row + dy, col + dx
        row = max(-1, min(SIZE, row))
        col = max(-1, min(SIZE, col))
        if not (0 <= row < SIZE or 0 <= col < SIZE):   # a corner of the ring: on round it to the next line's arrow
            if dy:
                col = 0 if col < 0 else SIZE - 1
            else:
                row = 0 if row < 0 else SIZE - 1
        self.cursor = (row, col)

    def pick(self, row: int, col: int, model: TableModel) -> bool:
        """Open the picker on soup card (row, col) if it can be changed."""
        if not model.changes_at(row, col):
            return False
        self.cursor = (row, col)
        self.picked = (row, col)
        self.choice = 0
        return True

    def close(self) -> None:
        self.picked = None
        self.choice = 0
        self.hover_candidate = None

    def candidates(self, model: TableModel) -> list[Action]:
        return model.changes_at(*self.picked) if self.picked is not None else []

    def candidate_rows(self, model: TableModel) -> list[int]:
        """How many choices keep the vegetable, then how many keep the colour."""
        if self.picked is None:
            return []
        here = model.card(*self.picked)
        same_veg = sum(1 for a in self.candidates(model) if a["veg"] == here.get("veg"))
        return [same_veg, len(self.candidates(model)) - same_veg]

    def activate(self, model: TableModel) -> Action | None:
        """'Select' pressed: the legal action it means now (None if it only opened something)."""
        if model.must_pass:
            return model.pass_action
        if model.phase in ("ready", "reveal"):
            return model.ready_action
        if self.picked is not None:
            options = self.candidates(model)
            return options[self.choice % len(options)] if options else None
        arrow = arrow_at(*self.cursor)
        if arrow is not None:
            return model.rotation(*arrow)
        self.pick(*self.cursor, model)
        return None

    def rotate(self, step: int, model: TableModel) -> Action | None:
        """Rotate the cursor's row west (-1) or east (1); on a column arrow, its column north or south."""
        row, col = self.cursor
        arrow = arrow_at(row, col)
        if arrow is not None and arrow[0] == "col":
            return model.rotation("col", arrow[1], step)
        if 0 <= row < SIZE:
            return model.rotation("row", row, step)
        return None

    def refresh(self, model: TableModel) -> None:
        """A new view arrived: close the picker if its card can no longer be changed, keep the taste
        being read within the list."""
        count = len(model.listed_tastes())
        self.taste = min(self.taste, max(0, count - 1))
        if ((self.focus == "tastes" and not count) or (self.focus == "spares" and model.reveal is not None)
                or (self.focus == "history" and model.phase != "playing")):
            self.focus = "soup"
        if self.picked is not None and not model.changes_at(*self.picked):
            self.close()
        elif self.picked is not None:
            self.choice = min(self.choice, len(model.changes_at(*self.picked)) - 1)
