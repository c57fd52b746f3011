"""A Pot Pourri view read for the table: the one place that knows the view's field names.

Everything here comes from the view alone: the matches a recipe would score are worked out from
the open saucepan the view shows, and nothing remembers what the view stopped showing.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Any

from soupkitchen.client.tables.kit.view_model import Field, ViewModel
from soupkitchen.client.tables.pot_pourri.present import BACK, card, cuisine_card
from soupkitchen.shared.pot_pourri.describe import recipe_name

FALLBACK_SQUARES = {6: 9, 5: 7, 4: 5, 3: 3, 2: 1}
TRACK_MIN = 36  # squares drawn on the gourmet pathway (more when a counter goes further)

__all__ = ["BACK", "Chef", "Pan", "PotModel", "card", "cuisine_card", "matches"]


def matches(recipe_ingredients: list[str], pan: list[str]) -> int:
    """How many of a recipe's ingredients the saucepan holds, counting repeats."""
    held = Counter(pan)
    return sum(min(n, held[kind]) for kind, n in Counter(recipe_ingredients).items())


@dataclass(frozen=True)
class Chef:
    seat: int
    name: str
    colour: str  # the chef's cuisine
    square: int
    hand_count: int
    book_count: int
    choosing_count: int
    redeemed: tuple[str, ...]  # the served recipes' titles in the reader's words, "Paella (Mediterranean)"
    served: tuple[str, ...] = ()  # their cuisines as the view names them (a cuisine's card and stars)


@dataclass(frozen=True)
class Pan:
    index: int
    covered: bool
    count: int
    ingredients: tuple[str, ...] | None  # None under the lid
    full: bool


class PotModel(ViewModel):
    """The view, sorted into what the table draws."""

    phase = Field("phase", str, "")

    @property
    def learner_memory(self) -> bool:
        return bool(self.view.get("learner_memory"))

    def final_squares(self) -> list[int] | None:
        """Each chef's square once the end's menu stars are walked (None: the game goes on)."""
        scores = (self.result() or {}).get("scores")
        return [int(s) for s in scores] if isinstance(scores, list) else None

    def chefs(self, final: bool = False) -> list[Chef]:
        """The chefs; ``final``: at the end, each counter on the square the menu stars take it to."""
        walked = self.final_squares() if final else None
        return [
            Chef(
                seat,
                str(p.get("name", f"Player {seat + 1}")),
                str(p.get("colour", "")),
                walked[seat] if walked and seat < len(walked) else int(p.get("pathway", 0)),
                int(p.get("hand_count", 0)),
                int(p.get("book_count", 0)),
                int(p.get("choosing_count", 0)),
                tuple(recipe_name(card["id"]) for card in p["redeemed"]),
                tuple(str(card.get("cuisine", "")) for card in p["redeemed"]),
            )
            for seat, p in enumerate(self._get("players", []))
        ]

    def hand(self) -> list[str]:
        return [str(kind) for kind in self._get("hand", [])]

    def book(self) -> list[dict[str, Any]]:
        return [r for r in self._get("book", []) if isinstance(r, dict)]

    def choosing_from(self) -> list[dict[str, Any]]:
        return [r for r in self._get("choosing_from", []) if isinstance(r, dict)]

    def pantry(self) -> list[str | None]:
        return [None if kind is None else str(kind) for kind in self._get("pantry", [])]

    def pans(self) -> list[Pan]:
        return [
            Pan(
                i,
                bool(p.get("covered")),
                int(p.get("count", 0)),
                None if p.get("ingredients") is None else tuple(map(str, p["ingredients"])),
                bool(p.get("full")),
            )
            for i, p in enumerate(self._get("pans", []))
        ]

    @property
    def lid(self) -> int | None:
        lid = self.view.get("lid")
        return lid if isinstance(lid, int) else None

    def serving(self) -> dict[str, Any] | None:
        serving = self.view.get("serving")
        return serving if isinstance(serving, dict) else None

    def menu(self) -> list[dict[str, Any]]:
        return [m for m in self._get("menu", []) if isinstance(m, dict)]

    def piles(self) -> dict[str, Any]:
        """The ingredient and recipe piles: sizes and the discards' top cards."""
        return {
            key: self.view.get(key)
            for key in (
                "ingredient_draw_count",
                "ingredient_discard_count",
                "ingredient_discard_top",
                "recipe_draw_count",
                "recipe_discard_count",
                "recipe_discard_top",
            )
        }

    def match_squares(self) -> dict[int, int]:
        table = self.view.get("match_squares")
        if not isinstance(table, dict):
            return dict(FALLBACK_SQUARES)
        return {int(k): int(v) for k, v in table.items()}

    def star_squares(self) -> list[int]:
        return [int(s) for s in self._get("star_squares", [8, 17, 26])]

    def track_length(self) -> int:
        """Squares drawn on the pathway: 0 to at least 35, an even number, past every counter and, at
        the end, past every final square (the track does not change when the end's stars are walked)."""
        far = max([chef.square for chef in self.chefs()] + (self.final_squares() or []) + [TRACK_MIN - 1]) + 1
        return far + far % 2

    def result(self) -> dict[str, Any] | None:
        result = self.view.get("result")
        return result if self.over and isinstance(result, dict) else None

    # --- serving ---------------------------------------------------------------------------------
    def served_pan(self) -> Pan | None:
        serving = self.serving()
        pans = self.pans()
        if serving is None or not isinstance(serving.get("pan"), int) or not 0 <= serving["pan"] < len(pans):
            return None
        return pans[serving["pan"]]

    def pantry_useless(self) -> bool:
        """Whether the seat may replace the pantry now and none of its cards is in the seat's recipes
        (taking from it would not help): the table then offers the replacement."""
        if not any(a.get("type") == "refresh_pantry" for a in self.actions()):
            return False
        wanted = {kind for recipe in self.book() for kind in recipe.get("ingredients") or []}
        shown = {kind for kind in self.pantry() if kind}
        return bool(wanted and shown) and not shown & wanted

    def last_served_pan(self) -> int | None:
        """The saucepan the last recipe of the game was served from (the log's last serving), at the end."""
        if not self.over:
            return None
        served = [e for e in self._get("log", []) if isinstance(e, dict) and e.get("type") == "served"]
        pan = served[-1].get("pan") if served else None
        return pan if isinstance(pan, int) and not isinstance(pan, bool) else None

    def recipe_score(self, recipe: dict[str, Any]) -> tuple[int, int] | None:
        """(matches, squares) ``recipe`` would score from the saucepan being served (None: no serving),
        squares counting the cook's square when the viewer is the cook."""
        pan = self.served_pan()
        if pan is None or pan.ingredients is None:
            return None
        found = matches(list(recipe.get("ingredients") or []), list(pan.ingredients))
        serving = self.serving() or {}
        step = 1 if serving.get("cook") and serving.get("seat") == self.seat else 0
        return found, self.match_squares().get(found, 0) + (step if found >= 2 else 0)
