"""What a careful chef reads from the table over a whole game, from its own views only: every card in
the Shared Kitchen (each was put there face up, so a chef who watched knows the covered cards too),
and which recipes the other chefs are likely cooking, from the cards they took and put out."""

from __future__ import annotations

from typing import Any

from soupkitchen.shared.pink_soup.cards import KINDS, RECIPES, SUITABLE, Kind, card_label_of

KIND_BY_LABEL = {card_label_of(kind): kind for kind in KINDS}
# How much more likely a chef cooking a recipe is to do each thing with a card of its symbol.
TAKE_ODDS = 4.0
PUT_OUT_ODDS = 2.5
COVER_ODDS = 0.2


class RecipeGuess:
    """For each other chef, how likely each recipe is, from what they took from the kitchen (a card
    for their recipe, most likely), put out on it and covered on it."""

    def __init__(self, seat: int, players: int, own_recipe: str) -> None:
        self.seat = seat
        others = [index for index, recipe in enumerate(RECIPES) if recipe.name != own_recipe]
        self.weights = [dict.fromkeys(others, 1.0) if other != seat else {} for other in range(players)]
        self.known: dict[tuple[int, str], float] = {}  # suits() answers since the weights last changed

    def follow(self, event: dict[str, Any]) -> None:
        """Weigh one event of the log: a card taken into a pot, or put out on the kitchen."""
        if event["type"] in ("takes", "finds"):
            self._weigh(event["seat"], event["card"], TAKE_ODDS)
        elif event["type"] == "to_kitchen":
            self._weigh(event["seat"], event["card"], PUT_OUT_ODDS)
            if event["covering"]:
                self._weigh(event["seat"], event["covering"], COVER_ODDS)

    def _weigh(self, chef: int, label: str | None, odds: float) -> None:
        kind = KIND_BY_LABEL.get(label)
        if chef == self.seat or chef >= len(self.weights) or kind is None or kind.family != SUITABLE:
            return
        weights = self.weights[chef]
        self.known.clear()
        for index in weights:
            if kind.key in RECIPES[index].suitable:
                weights[index] *= odds
        total = sum(weights.values())
        for index in weights:
            weights[index] /= total

    def suits(self, chef: int, kind: Kind) -> float:
        """How likely ``kind`` carries the symbol of ``chef``'s recipe."""
        if kind.family != SUITABLE or chef == self.seat:
            return 0.0
        if (chef, kind.key) not in self.known:
            weights = self.weights[chef]
            share = sum(weight for index, weight in weights.items() if kind.key in RECIPES[index].suitable)
            self.known[chef, kind.key] = share / sum(weights.values())
        return self.known[chef, kind.key]


class KitchenMemory:
    """Every kitchen place's pile, bottom first (None: a card this chef cannot tell; []: an empty
    place), kept up from the tops and sizes each view shows, and set whole while its own mouse
    searches. A pile keeps its place all game, so a place is remembered by its number."""

    def __init__(self) -> None:
        self.piles: list[list[Kind | None]] = []

    def follow(self, view: dict[str, Any], events: list[dict[str, Any]]) -> None:
        search = view["pending"].get("kitchen_search")
        if search:
            self.piles = [[KIND_BY_LABEL[label] for label in reversed(pile)] for pile in search]
            return
        shown = [(KIND_BY_LABEL[pile["top"]], pile["size"]) if pile else None for pile in view["kitchen"]]
        hidden = {event["pile"] for event in events if event["type"] == "finds_covered"}
        old = self.piles if len(self.piles) == len(shown) else [[] for _ in shown]
        self.piles = [
            [] if place is None else self._pile(pile, *place, index in hidden)
            for index, (pile, place) in enumerate(zip(old, shown, strict=True))
        ]

    @staticmethod
    def _pile(pile: list[Kind | None], top: Kind, size: int, covered_taken: bool) -> list[Kind | None]:
        if covered_taken:  # a covered card left, and only its finder knows which
            return [None] * (size - 1) + [top]
        if len(pile) + 1 == size:
            return [*pile, top]
        if len(pile) - 1 == size and pile[-2] == top:
            return pile[:-1]
        if len(pile) == size and pile[-1] == top:
            return pile
        return [None] * (size - 1) + [top]

    def cards(self) -> list[tuple[int, int, Kind]]:
        """(pile, depth from the top, kind) of every kitchen card this chef can tell."""
        return [
            (index, depth, kind)
            for index, pile in enumerate(self.piles)
            for depth, kind in enumerate(reversed(pile))
            if kind is not None
        ]

    def under_top(self, pile: int) -> Kind | None:
        """The card a take from ``pile`` would uncover, if known."""
        cards = self.piles[pile] if pile < len(self.piles) else []
        return cards[-2] if len(cards) >= 2 else None
