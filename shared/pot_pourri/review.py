"""The review of a finished Pot Pourri game, worked out from its record by the rules: what was
under the lid turn by turn, each serving with its matches and squares, and the menu swaps.
Structure only (the client words it); the lidded saucepan and the menu tiles are shown."""

from __future__ import annotations

from typing import Any

from soupkitchen.shared.pot_pourri.cards import CARD_KINDS, CUISINES, RECIPES, ingredient_of, matches
from soupkitchen.shared.pot_pourri.state import TURN, PotState
from soupkitchen.shared.pot_pourri.view import recipe_card


def review(timeline: Any) -> dict[str, Any]:
    """``timeline``: a ``shared.replay.Timeline`` of a finished game."""
    lid: list[dict[str, Any]] = []
    servings: list[dict[str, Any]] = []
    menu: list[dict[str, Any]] = []
    turn = 0
    for number, entry, before, after, _events in timeline.steps():
        seat, action = entry["seat"], entry["action"]
        kind = action["type"]
        if kind in ("redeem", "decline"):
            servings.append(_serving(number, seat, action, before, after))
        elif kind in ("swap_menu", "keep_menu"):
            menu.append(
                {
                    "move": number,
                    "seat": seat,
                    "swapped": kind == "swap_menu",
                    "tiles": list(action.get("tiles") or before.peeked or []),
                    "before": [CUISINES[c] for c in before.menu],
                    "after": [CUISINES[c] for c in after.menu],
                }
            )
        if after.phase == TURN and (before.phase != TURN or before.turn != after.turn):
            turn += 1
            lid.append(
                {
                    "turn": turn,
                    "move": number,
                    "seat": after.turn,
                    "pan": after.lid,
                    "under": [ingredient_of(card) for card in after.pans[after.lid]],
                }
            )
    return {
        "game": "pot-pourri",
        "lid": lid,
        "servings": servings,
        "menu": menu,
        "result": timeline.game.result(timeline.final),
    }


def _serving(
    number: int, seat: int, action: dict[str, Any], before: PotState, after: PotState
) -> dict[str, Any]:
    _queued, pan, is_cook = before.serve_queue[0]
    cards = [ingredient_of(card) for card in before.pans[pan]]
    served: dict[str, Any] = {
        "move": number,
        "seat": seat,
        "pan": pan,
        "cook": bool(is_cook),
        "cards": cards,
        "squares": after.track[seat] - before.track[seat],
        "under_lid": before.lid == pan,
    }
    if action["type"] == "redeem":
        recipe = RECIPES[action["recipe"]]
        served.update(
            recipe=recipe.name,
            cuisine=CUISINES[recipe.cuisine],
            ingredients=list(recipe.ingredients),
            matches=matches(action["recipe"], cards),
        )
    else:
        served.update(recipe=None, matches=0)
    return served


def face_up(state: PotState) -> dict[str, Any]:
    """Every hand, cookery book and saucepan (the lidded one too) and the menu tiles, at this moment."""
    return {
        "game": "pot-pourri",
        "lid": state.lid,
        "pans": [[ingredient_of(card) for card in pan] for pan in state.pans],
        "hands": [[ingredient_of(card) for card in hand] for hand in state.hands],
        "books": [[RECIPES[r].name for r in book] for book in state.books],
        "offered": [[RECIPES[r].name for r in offered] for offered in state.offered],
        "menu": [CUISINES[c] for c in state.menu],
    }


def turned_up(state: PotState, view: dict[str, Any]) -> dict[str, Any]:
    """The spectator's ``view`` with every hidden card on the table face up: the bottom chef's (the
    first's) hand and cookery book, what lies under the lid, and the menu tiles."""
    pans = [{**pan, "ingredients": [CARD_KINDS[c] for c in state.pans[pan["pan"]]]} for pan in view["pans"]]
    return {
        **view,
        "hand": [CARD_KINDS[c] for c in sorted(state.hands[0])],
        "book": [recipe_card(r) for r in state.books[0]],
        "choosing_from": [recipe_card(r) for r in state.offered[0]],
        "pans": pans,
        "menu": [
            {**square, "cuisine": CUISINES[tile], "face_up": True}
            for square, tile in zip(view["menu"], state.menu, strict=True)
        ],
    }
