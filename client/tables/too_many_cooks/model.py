"""What the Too Many Cooks table offers the shown chef right now, derived only from the view.

Nothing here knows a rule: every offered move is one of the view's ``legal_actions``; the kit turns
touches of the table's things into one of them (``things.path_of``)."""

from __future__ import annotations

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
            actions.sort(
                key=lambda a, here=here: (
                    a["veg"] != here.get("veg"),
                    _order(VEGETABLES, a["veg"]),
                    _order(COLOURS, a["colour"]),
                )
            )

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

    @property
    def every_taste(self) -> list[dict[str, Any]] | None:
        """A replay's face-up eyes: every taste card with its owner (None elsewhere)."""
        tastes = self.view.get("every_taste")
        return list(tastes) if isinstance(tastes, list) else None

    def listed_tastes(self) -> list[dict[str, Any]]:
        """The tastes the left panel lists, top to bottom: every taste after a round (or with a
        replay's face-up eyes), otherwise the shared ones and then the chef's own."""
        if self.reveal is not None:
            return list(self.reveal.get("tastes") or [])
        if self.every_taste is not None:
            return self.every_taste
        return self.shared_tastes() + self.my_tastes()


def _order(names: tuple[str, ...], name: str) -> int:
    return names.index(name) if name in names else len(names)
