"""The moves open in each phase of Pot Pourri, and how a submitted action is matched against them."""

from __future__ import annotations

from itertools import combinations
from typing import Any

from soupkitchen.shared.pot_pourri import cards
from soupkitchen.shared.pot_pourri.cards import INGREDIENTS, ingredient_of
from soupkitchen.shared.pot_pourri.state import PotState


def cooking_pros(state: PotState) -> bool:
    """Whether the table plays Cooking Pros (menu tiles lie face down)."""
    return bool(state.options.get("cooking_pros"))


def pan_kinds(state: PotState, pan: int) -> list[str]:
    return [ingredient_of(card) for card in state.pans[pan]]


def kind_numbers(pile) -> list[int]:
    """The distinct ingredients among ``pile``'s cards, as ingredient numbers in rulebook order."""
    return sorted({card // cards.COPIES_PER_INGREDIENT for card in pile})


def keep_actions(offered: list[int]) -> list[dict[str, Any]]:
    keep = min(cards.BOOK_SIZE, len(offered))
    return (
        [{"type": "keep", "recipes": list(chosen)} for chosen in combinations(sorted(offered), keep)]
        if offered
        else []
    )


def turn_actions(state: PotState, seat: int) -> list[dict[str, Any]]:
    actions = []
    if not state.refreshed:
        actions += [
            {"type": "refresh_pantry", "ingredient": INGREDIENTS[kind]}
            for kind in kind_numbers(state.hands[seat])
        ]
    actions += take_actions(state)
    actions += cook_actions(state, seat)
    if state.recipe_draw or state.recipe_discard:
        actions.append({"type": "swap_recipes"})
    return actions


def take_actions(state: PotState) -> list[dict[str, Any]]:
    actions: list[dict[str, Any]] = [
        {"type": "take", "source": "pantry", "ingredient": INGREDIENTS[kind]}
        for kind in kind_numbers(c for c in state.pantry if c is not None)
    ]
    if state.ingredient_draw or state.ingredient_discard:
        actions.append({"type": "take", "source": "draw"})
    return actions


def cook_actions(state: PotState, seat: int) -> list[dict[str, Any]]:
    pans = [p for p in range(cards.PANS) if p != state.lid and len(state.pans[p]) < cards.PAN_CAPACITY]
    return [
        {"type": "cook", "ingredient": INGREDIENTS[kind], "pan": pan}
        for kind in kind_numbers(state.hands[seat])
        for pan in pans
    ]


def serve_actions(state: PotState, seat: int) -> list[dict[str, Any]]:
    """A recipe with at least two matches may be redeemed (the cook must redeem one if they can);
    otherwise the chef serves nothing, the cook still moving their cooking square."""
    _seat, pan, is_cook = state.serve_queue[0]
    kinds = pan_kinds(state, pan)
    actions: list[dict[str, Any]] = [
        {"type": "redeem", "recipe": recipe}
        for recipe in state.books[seat]
        if cards.matches(recipe, kinds) >= cards.MIN_MATCHES
    ]
    if is_cook and actions:
        return actions
    return [*actions, {"type": "decline"}]


def learner_memory(state: PotState) -> bool:
    """Whether the table chose the "Learner: remember for me" memory aid."""
    return bool(state.options.get("learner_memory"))


def menu_actions(state: PotState) -> list[dict[str, Any]]:
    pairs = [tuple(state.peeked)] if cooking_pros(state) else combinations(range(len(state.menu)), 2)
    return [*({"type": "swap_menu", "tiles": [a, b]} for a, b in pairs), {"type": "keep_menu"}]
