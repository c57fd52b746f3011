"""A Pink Soup view read for the table: the one place that knows the view's field names.

A pot card's face is shown only when the view names it for this seat now (``None`` is a face-down
card this seat does not know); nothing here remembers a card the view stopped naming.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from soupkitchen.client.tables.kit.view_model import Field, ViewModel
from soupkitchen.client.words import N_, _
from soupkitchen.shared.pink_soup.cards import (
    CHILI,
    CHILI_JACKPOT_COUNT,
    CHILI_JACKPOT_POINTS,
    DESSERT,
    KINDS,
    MOUSE,
    RECIPES,
    Kind,
    card_label_of,
)

KIND_BY_LABEL = {card_label_of(kind): kind for kind in KINDS}
BACK = "pink_soup/back"
POWERS = ("search", "shuffle", "swap", "look")


def kind_of(label: str | None) -> Kind | None:
    return KIND_BY_LABEL.get(label) if isinstance(label, str) else None


def face(label: str | None) -> str | None:
    """The picture of a card the view names (None: face down)."""
    kind = kind_of(label)
    return f"pink_soup/{kind.key}" if kind else None


@dataclass(frozen=True)
class Chef:
    seat: int
    name: str
    closed: bool
    final_turn_owed: bool
    pot: tuple[str | None, ...]


class PinkModel(ViewModel):
    """The view, sorted into what the table draws."""

    step = Field("step", str, "")

    @property
    def learner_memory(self) -> bool:
        """Whether the "Learner: remember for me" aid names the pot cards this seat has seen."""
        return bool(self.view.get("learner_memory")) and self.seat is not None

    @property
    def final_round(self) -> bool:
        return self._get("phase", "playing") not in ("playing", "over")

    def chefs(self) -> list[Chef]:
        return [
            Chef(
                seat,
                str(p.get("name", f"Chef {seat + 1}")),
                bool(p.get("closed")),
                bool(p.get("final_turn_owed")),
                tuple(p.get("pot") or []),
            )
            for seat, p in enumerate(self._get("players", []))
        ]

    deck = Field("deck", int, 0)

    def kitchen(self) -> list[tuple[str, int] | None]:
        """Each kitchen place's pile as its top card and its size; None: the place is empty (a pile
        emptied keeps its place, and its number, for the game)."""
        return [
            (str(pile.get("top")), int(pile.get("size", 1))) if isinstance(pile, dict) else None
            for pile in self._get("kitchen", [])
        ]

    def tops(self) -> list[str]:
        """The kitchen's top cards, place by place, the empty places left out."""
        return [pile[0] for pile in self.kitchen() if pile is not None]

    def hand(self) -> list[str]:
        return [str(card) for card in self._get("hand", [])]

    hand_size = Field("hand_size", int, 0)

    def recipe(self) -> dict[str, Any] | None:
        recipe = self.view.get("recipe")
        return recipe if isinstance(recipe, dict) else None

    def removed(self) -> list[str]:
        return [str(card) for card in self._get("removed", [])]

    # --- the card in play this turn ------------------------------------------------------------
    def pending(self) -> dict[str, Any]:
        return self._get("pending", {})

    def in_play(self) -> list[tuple[str, str | None]]:
        """Cards in play this turn as (what it is, marked for the catalog, and its label or None when this
        seat may not see it): the activated mouse, the card revealed from a full pot, the card waiting for a
        slot."""
        pending = self.pending()
        shown = []
        if pending.get("mouse"):
            shown.append((N_("The Mouse in play"), pending["mouse"]))
        if pending.get("revealed"):
            shown.append((N_("Revealed from a full pot"), pending["revealed"]))
        if "make_room_in_seat" in pending and self.step == "slot":
            shown.append((N_("The card waiting for a slot"), pending.get("incoming")))
        return shown

    def make_room_seat(self) -> int | None:
        seat = self.pending().get("make_room_in_seat")
        return seat if isinstance(seat, int) else None

    def searched_piles(self) -> list[list[str]]:
        """Every card of every kitchen pile, top first, while this seat's mouse searches."""
        return [[str(card) for card in pile] for pile in self.pending().get("kitchen_search") or []]

    def swap_from(self) -> tuple[int, int] | None:
        """The (pot seat, slot) of the card a Mouse's swap has taken first, if one is waiting."""
        swap = self.pending().get("swap_from")
        return (swap["seat"], swap["slot"]) if swap is not None else None

    # --- the end -------------------------------------------------------------------------------
    def result(self) -> dict[str, Any] | None:
        result = self.view.get("result")
        return result if self.over and isinstance(result, dict) else None


def card_points(label: str | None, recipe_name: str, in_pot: bool) -> int:
    """What one card scores for a chef with recipe ``recipe_name`` (chilis one by one)."""
    kind = kind_of(label)
    recipe = next((r for r in RECIPES if r.name == recipe_name), None)
    if kind is None or recipe is None:
        return 0
    if kind.family in (DESSERT, CHILI, MOUSE):
        return kind.value if in_pot else 0
    return kind.value if kind.key in recipe.suitable else 0


def counts(label: str | None, recipe_name: str, in_pot: bool) -> bool:
    """Whether a card takes part in a chef's score (a suitable ingredient, even salt at 0, or a
    dessert, chili or mouse in the pot)."""
    kind = kind_of(label)
    recipe = next((r for r in RECIPES if r.name == recipe_name), None)
    if kind is None or recipe is None:
        return False
    if kind.family in (DESSERT, CHILI, MOUSE):
        return in_pot
    return kind.key in recipe.suitable


def score_terms(pot: list[str | None], tops: list[str], recipe_name: str) -> tuple[list[int], list[int]]:
    """The terms of a chef's score that come from the kitchen tops and those from the pot (three
    chilis count +15 together, last)."""
    kitchen = [card_points(label, recipe_name, False) for label in tops if counts(label, recipe_name, False)]
    jackpot = (
        sum(1 for label in pot if kind_of(label) and kind_of(label).family == CHILI) == CHILI_JACKPOT_COUNT
    )
    own = [
        card_points(label, recipe_name, True)
        for label in pot
        if counts(label, recipe_name, True) and not (jackpot and kind_of(label).family == CHILI)
    ]
    return kitchen, own + ([CHILI_JACKPOT_POINTS] if jackpot else [])


def sum_words(terms: list[int]) -> str:
    """``[2, 3, -1]`` -> "2 + 3 - 1"."""
    if not terms:
        return "0"
    return str(terms[0]) + "".join(f" {'-' if t < 0 else '+'} {abs(t)}" for t in terms[1:])


def equation(
    pot: list[str | None], tops: list[str], recipe_name: str, parts: dict[str, int], total: int
) -> str:
    """A chef's score as the rulebook's worked example writes it: 15 + 2 + 3 + 1 + 0 + 4 + 6 - 1 - 3 = 27
    (the recipe bonus, the kitchen tops, then the pot; three chilis count +15 together)."""
    kitchen, own = score_terms(pot, tops, recipe_name)
    terms = ([parts["recipe"]] if parts.get("recipe") else []) + kitchen + own
    return f"{sum_words(terms)} = {total}" if terms else f"0 = {total}"


def sources(pot: list[str | None], tops: list[str], recipe_name: str) -> tuple[str, str]:
    """Where the terms of the equation come from:
    ("from the kitchen: 2 + 3 + 1", "from the pot: 0 + 4 - 3")."""
    kitchen, own = score_terms(pot, tops, recipe_name)
    return (
        _("from the kitchen: %(sum)s") % {"sum": sum_words(kitchen)}
        if kitchen
        else _("nothing from the kitchen"),
        _("from the pot: %(sum)s") % {"sum": sum_words(own)} if own else _("nothing from the pot"),
    )
