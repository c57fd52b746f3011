"""Stone Soup's one play action: the cards a player chose from their hand and the count they declare.

Which cards to add is chosen in private (by the client) and sent in the single ``play`` action, so
nothing about a play is seen before it is made. Any non-empty set of cards from the hand other than
salt may be played with any declared count from one to the copies of the due food in the game;
``validate`` accepts exactly those. Listing every such play would run to thousands of actions, so
``legal_actions`` lists a short sample (the plays a player usually weighs: honest ones, and one card
of each other kind beside all the due food, declared or sneaked in), each a complete legal play.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from soupkitchen.shared.core import Action, Refusal
from soupkitchen.shared.stone_soup import describe
from soupkitchen.shared.stone_soup.cards import FOOD_COUNTS, KINDS, SALT, SEQUENCE


def most_declared(due: int) -> int:
    """The largest count that may be declared: the copies of the due food in the game."""
    return FOOD_COUNTS[SEQUENCE[due]]


def play_reason(hand: dict[str, int], due: int, action: dict[str, Any]) -> Refusal | None:
    """Why ``action`` (type "play") is not a legal play from ``hand`` ({kind: how many}), or None."""
    food = SEQUENCE[due]
    cards = action.get("cards")
    if not isinstance(cards, dict):
        return describe.refuse("name_cards", food=food)
    total = 0
    for kind, number in cards.items():
        if kind not in KINDS:
            return describe.refuse("unknown_card", card=str(kind)[:40], cards=list(KINDS))
        if not isinstance(number, int) or isinstance(number, bool) or number < 0:
            return describe.refuse("how_many", kind=kind)
        if number and kind == SALT:
            return describe.refuse("salt_shown")
        held = hand.get(kind, 0)
        if number > held:
            return describe.refuse("only_held", kind=kind, held=held)
        total += number
    if total < 1:
        return describe.refuse("no_cards_added")
    count = action.get("count")
    if not isinstance(count, int) or isinstance(count, bool):
        return describe.refuse("how_many", kind=food)
    if count < 1:
        return describe.refuse("declare_one", food=food)
    if count > most_declared(due):
        return describe.refuse("too_many_declared", food=food, most=most_declared(due))
    return None


def play_action(cards: dict[str, int], count: int, due: int) -> Action:
    """A complete play with its label, e.g. 'Add one stone, say "one potato"'."""
    return {"type": "play", "cards": dict(cards), "count": count}


@lru_cache(maxsize=256)  # asked again for the same hand within one state; 8,192 held 28 MB on a server
def turn_actions(held: tuple[int, ...], due: int) -> tuple[Action, ...]:
    """The listed actions of the seat to play, from its hand counted per kind (in KINDS order)."""
    food = SEQUENCE[due]
    most = most_declared(due)
    have = held[KINDS.index(food)]
    actions = [play_action({food: n}, n, due) for n in range(1, have + 1)]
    for kind, number in zip(KINDS, held, strict=True):
        if not number or kind in (food, SALT):
            continue
        cards = {food: have, kind: 1} if have else {kind: 1}
        if have + 1 <= most:
            actions.append(play_action(cards, have + 1, due))  # passed off as one more of the food
        if have:
            actions.append(play_action(cards, have, due))  # sneaked in beside the food
    if held[KINDS.index(SALT)]:
        actions.append({"type": "salt"})
    return tuple(actions)
