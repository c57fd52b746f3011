"""The moves open in each phase of Pot Pourri, and how a submitted action is matched against them."""

from __future__ import annotations

from itertools import combinations
from typing import Any

from soupkitchen.shared.pot_pourri import cards, describe
from soupkitchen.shared.pot_pourri.cards import ingredient_of
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
    return [describe.keep_action(chosen) for chosen in combinations(sorted(offered), keep)] if offered else []


def turn_actions(state: PotState, seat: int) -> list[dict[str, Any]]:
    actions = []
    if not state.refreshed:
        actions += [{**describe.REFRESH[kind]} for kind in kind_numbers(state.hands[seat])]
    actions += take_actions(state)
    actions += cook_actions(state, seat)
    if state.recipe_draw or state.recipe_discard:
        actions.append({**describe.SWAP_RECIPES})
    return actions


def take_actions(state: PotState) -> list[dict[str, Any]]:
    actions = [{**describe.TAKE_FROM_PANTRY[kind]} for kind in kind_numbers(c for c in state.pantry if c is not None)]
    if state.ingredient_draw or state.ingredient_discard:
        actions.append({**describe.TAKE_FROM_DRAW})
    return actions


def cook_actions(state: PotState, seat: int) -> list[dict[str, Any]]:
    pans = [p for p in range(cards.PANS) if p != state.lid and len(state.pans[p]) < cards.PAN_CAPACITY]
    return [{**describe.COOK_INTO[kind][pan]} for kind in kind_numbers(state.hands[seat]) for pan in pans]


def serve_actions(state: PotState, seat: int) -> list[dict[str, Any]]:
    """A recipe with at least two matches may be redeemed (the cook must redeem one if they can);
    otherwise the chef serves nothing, the cook still moving their cooking square."""
    _seat, pan, is_cook = state.serve_queue[0]
    kinds = pan_kinds(state, pan)
    step = cards.COOK_STEP if is_cook else 0
    actions = []
    for recipe in state.books[seat]:
        found = cards.matches(recipe, kinds)
        if found >= cards.MIN_MATCHES:
            actions.append(describe.redeem_action(recipe, pan, found, cards.squares_for(found) + step))
    if is_cook and actions:
        return actions
    return [*actions, describe.decline_action(pan, step)]


def learner_memory(state: PotState) -> bool:
    """Whether the table chose the "Learner: remember for me" memory aid."""
    return bool(state.options.get("learner_memory"))


def menu_actions(state: PotState) -> list[dict[str, Any]]:
    pairs = [tuple(state.peeked)] if cooking_pros(state) else combinations(range(len(state.menu)), 2)
    return [*(describe.swap_menu_action(a, b) for a, b in pairs), describe.keep_menu_action(cooking_pros(state))]
