"""The moves open at each sub-step of a Pink Soup turn, as structure (``describe`` words them)."""

from __future__ import annotations

from typing import Any

from soupkitchen.shared.pink_soup.cards import KITCHEN_PILES, MOUSE, kind_of
from soupkitchen.shared.pink_soup.state import PinkState, Step, empty_place, piles


def open_seats(state: PinkState, actor: int) -> list[int]:
    """Seats whose pots may still be changed, the actor first, then clockwise."""
    order = [(actor + k) % state.players for k in range(state.players)]
    return [seat for seat in order if not state.closed[seat]]


def kitchen_choices(state: PinkState) -> list[int]:
    """Where a card for the kitchen may go: a new pile on the first empty place while there are fewer
    than 5 piles, else on any pile. Every place keeps its number, emptied or not."""
    place = empty_place(state)
    return list(range(KITCHEN_PILES)) if place is None else [place]


def has_power(state: PinkState, actor: int, leaving_pile: int | None = None) -> bool:
    """Whether a mouse would have any power to use (the mouse itself leaving ``leaving_pile``)."""
    kitchen_cards = sum(len(pile) for pile in state.kitchen) - (leaving_pile is not None)
    return kitchen_cards > 0 or any(state.pots[seat] for seat in open_seats(state, actor))


def choose_actions(state: PinkState, seat: int) -> list[dict[str, Any]]:
    limited = not state.deck
    actions = []
    if not limited:
        actions.append({"type": "draw"})
    if limited or len(piles(state)) == KITCHEN_PILES:
        for place in piles(state):  # an empty place is no pile: nothing to take there
            top = state.kitchen[place][-1]
            actions.append({"type": "take", "place": place})
            if kind_of(top).family == MOUSE and has_power(state, seat, leaving_pile=place):
                actions.append({"type": "activate", "place": place})
    if limited:
        actions.append({"type": "pass"})
    return actions


def kitchen_actions(state: PinkState, seat: int) -> list[dict[str, Any]]:
    return [
        {"type": "kitchen", "card": index, "place": place}
        for index in range(len(state.drawn))
        for place in kitchen_choices(state)
    ]


def second_actions(state: PinkState, seat: int) -> list[dict[str, Any]]:
    actions: list[dict[str, Any]] = [{"type": "pot", "seat": target} for target in open_seats(state, seat)]
    if kind_of(state.drawn[0]).family == MOUSE:
        actions.append({"type": "activate"})
    if open_seats(state, seat) == [seat]:
        actions += kitchen_actions(state, seat)
    return actions


def slot_actions(state: PinkState, seat: int) -> list[dict[str, Any]]:
    target = state.target
    return [{"type": "slot", "slot": index} for index in range(len(state.pots[target]))]


def discard_actions(state: PinkState, seat: int) -> list[dict[str, Any]]:
    return [{"type": "discard", "place": place} for place in kitchen_choices(state)]


def power_actions(state: PinkState, seat: int) -> list[dict[str, Any]]:
    """The Mouse's powers. Choosing the search is what shows the covered kitchen cards, so it is one
    choice here; the card is taken in the next step (``find_actions``)."""
    actions = []
    if piles(state):
        actions.append({"type": "search"})
    targets = [target for target in open_seats(state, seat) if state.pots[target]]
    for target in targets:
        if len(state.pots[target]) > 1:
            actions.append({"type": "shuffle", "seat": target})
        actions.append({"type": "look", "seat": target})
    if len(targets) > 1:
        actions += [
            {"type": "swap", "seat": target, "slot": index}
            for target in targets
            for index in range(len(state.pots[target]))
        ]
    return actions


def find_actions(state: PinkState, seat: int) -> list[dict[str, Any]]:
    return [
        {"type": "find", "place": place, "depth": depth}
        for place, pile in enumerate(state.kitchen)
        for depth in range(len(pile))
    ]


def swap_to_actions(state: PinkState, seat: int) -> list[dict[str, Any]]:
    first_seat, first_slot = state.swap_from
    return [
        {"type": "swap", "seat": target, "slot": index}
        for target in open_seats(state, seat)
        if target != first_seat
        for index in range(len(state.pots[target]))
    ]


def declare_actions(state: PinkState, seat: int) -> list[dict[str, Any]]:
    return [{"type": "declare"}, {"type": "continue"}]


STEP_ACTIONS = {  # the moves of each sub-step, for the seat whose turn it is
    Step.CHOOSE: choose_actions,
    Step.KITCHEN: kitchen_actions,
    Step.SECOND: second_actions,
    Step.SLOT: slot_actions,
    Step.DISCARD: discard_actions,
    Step.POWER: power_actions,
    Step.SEARCH: find_actions,
    Step.SWAP_TO: swap_to_actions,
    Step.DECLARE: declare_actions,
}
