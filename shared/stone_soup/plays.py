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

from soupkitchen.shared.core import Action
from soupkitchen.shared.stone_soup.cards import (
    FOOD_COUNTS,
    KINDS,
    PLURAL,
    SALT,
    SEQUENCE,
    SINGULAR,
    count_words,
)


def most_declared(due: int) -> int:
    """The largest count that may be declared: the copies of the due food in the game."""
    return FOOD_COUNTS[SEQUENCE[due]]


def play_reason(hand: dict[str, int], due: int, action: dict[str, Any]) -> str | None:
    """Why ``action`` (type "play") is not a legal play from ``hand`` ({kind: how many}), or None."""
    food = SEQUENCE[due]
    cards = action.get("cards")
    if not isinstance(cards, dict):
        return f"Say which cards you add, e.g. {{\"cards\": {{\"{food}\": 1}}, \"count\": 1}}."
    total = 0
    for kind, number in cards.items():
        if kind not in KINDS:
            return f"Unknown card {str(kind)[:40]!r}; the cards are {', '.join(KINDS)}."
        if not isinstance(number, int) or isinstance(number, bool) or number < 0:
            return f"Say how many {PLURAL[kind]} you add, as a whole number."
        if number and kind == SALT:
            return "A dash of salt is shown, not slipped into the pot: play it with \"salt\"."
        held = hand.get(kind, 0)
        if number > held:
            return f"You have only {count_words(held, kind)} in your hand." if held else \
                f"You have no {SINGULAR[kind]} in your hand."
        total += number
    if total < 1:
        return "Add at least one card to the pot."
    count = action.get("count")
    if not isinstance(count, int) or isinstance(count, bool):
        return f"Say how many {PLURAL[food]} you add, as a whole number."
    if count < 1:
        return f"Declare at least one {SINGULAR[food]}."
    if count > most_declared(due):
        return f"There are only {most_declared(due)} {PLURAL[food]} in the game."
    return None


def play_action(cards: dict[str, int], count: int, due: int) -> Action:
    """A complete play with its label, e.g. 'Add one stone, say "one potato"'."""
    return {"type": "play", "cards": dict(cards), "count": count}


@lru_cache(maxsize=8192)
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
