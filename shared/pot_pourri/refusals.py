"""Why Pot Pourri refuses a move its phase does not offer, in the plainest words the facts allow."""

from __future__ import annotations

from soupkitchen.shared.core import Action, Refusal
from soupkitchen.shared.pot_pourri import cards, describe
from soupkitchen.shared.pot_pourri.cards import ingredient_of
from soupkitchen.shared.pot_pourri.choices import cooking_pros, pan_kinds
from soupkitchen.shared.pot_pourri.state import (
    CHOOSE,
    COOK,
    KEEP,
    LID,
    MENU,
    PEEK,
    SERVE,
    TAKE,
    TURN,
    PotState,
)

PHASE_KINDS = {  # the moves a phase can take at all, offered now or not
    CHOOSE: {"keep"},
    KEEP: {"keep"},
    TURN: {"refresh_pantry", "take", "cook", "swap_recipes", "pass"},
    TAKE: {"take"},
    COOK: {"cook", "stop_cooking"},
    LID: {"move_lid"},
    SERVE: {"redeem", "decline"},
    PEEK: {"peek"},
    MENU: {"swap_menu", "keep_menu"},
}


def _whole(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def why_not(state: PotState, seat: int, action: Action) -> Refusal | None:
    """What is wrong with a move the phase does not offer, when it can be said more plainly than
    by listing the moves it does offer."""
    kind = action["type"]
    if kind not in PHASE_KINDS.get(state.phase, ()):
        return None
    if kind == "keep":
        return _keep_reason(state.offered[seat], action.get("recipes"))
    if kind == "swap_recipes" and not (state.recipe_draw or state.recipe_discard):
        return describe.NO_RECIPES_LEFT
    if kind == "pass":
        return describe.PASS_LAST
    if kind in ("refresh_pantry", "cook"):
        return _hand_reason(state, seat, action)
    if kind == "take":
        return _take_reason(state, action)
    if kind == "move_lid":
        pan = action.get("pan")
        return _pan_reason(pan) or (describe.lid_there(pan) if pan == state.lid else None)
    if kind in ("redeem", "decline"):
        return _serve_reason(state, seat, action)
    if kind in ("peek", "swap_menu"):
        return _tiles_reason(state, action)
    return None


def _pan_reason(pan: object) -> Refusal | None:
    return None if _whole(pan) and 0 <= pan < cards.PANS else describe.pan_range(cards.PANS)


def _keep_reason(offered: list[int], recipes: object) -> Refusal | None:
    count = min(cards.BOOK_SIZE, len(offered))
    if (
        isinstance(recipes, list)
        and len(set(recipes)) == len(recipes) == count
        and all(_whole(recipe) and recipe in offered for recipe in recipes)
    ):
        return None
    return describe.keep_from(count)


def _hand_reason(state: PotState, seat: int, action: Action) -> Refusal | None:
    if action["type"] == "refresh_pantry" and state.refreshed:
        return describe.REFRESHED
    kind = action.get("ingredient")
    if not any(ingredient_of(card) == kind for card in state.hands[seat]):
        return describe.not_in_hand(str(kind)[:40])
    if action["type"] == "refresh_pantry":
        return None
    pan = action.get("pan")
    if reason := _pan_reason(pan):
        return reason
    if pan == state.lid:
        return describe.lid_on(pan)
    return describe.pan_full(pan) if len(state.pans[pan]) >= cards.PAN_CAPACITY else None


def _take_reason(state: PotState, action: Action) -> Refusal | None:
    source, kind = action.get("source"), action.get("ingredient")
    if source == "draw":
        return None if state.ingredient_draw or state.ingredient_discard else describe.DRAW_EMPTY
    if source != "pantry":
        return describe.TAKE_FROM
    if not any(card is not None and ingredient_of(card) == kind for card in state.pantry):
        return describe.not_in_pantry(str(kind)[:40])
    return None


def _serve_reason(state: PotState, seat: int, action: Action) -> Refusal | None:
    _seat, pan, is_cook = state.serve_queue[0]
    found = [cards.matches(recipe, pan_kinds(state, pan)) for recipe in state.books[seat]]
    if action["type"] == "decline":
        return describe.COOK_REDEEMS if is_cook and max(found, default=0) >= cards.MIN_MATCHES else None
    recipe = action.get("recipe")
    if not _whole(recipe) or recipe not in state.books[seat]:
        return describe.NOT_IN_BOOK
    return (
        describe.too_few_matches(pan) if found[state.books[seat].index(recipe)] < cards.MIN_MATCHES else None
    )


def _tiles_reason(state: PotState, action: Action) -> Refusal | None:
    tiles = action.get("tiles")
    if not (
        isinstance(tiles, list)
        and len(tiles) == 2
        and all(_whole(t) and 0 <= t < len(state.menu) for t in tiles)
        and tiles[0] != tiles[1]
    ):
        return describe.TWO_SQUARES
    if action["type"] == "swap_menu" and cooking_pros(state) and sorted(tiles) != sorted(state.peeked or ()):
        return describe.PEEKED_ONLY
    return None
