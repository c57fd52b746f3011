"""The moves open at each sub-step of a Pink Soup turn, each with the words its button shows."""

from __future__ import annotations

from typing import Any

from soupkitchen.shared.pink_soup.cards import DRAW_COUNT, KITCHEN_PILES, MOUSE, POT_SIZE, card_label, kind_of
from soupkitchen.shared.pink_soup.describe import pile_words, whose
from soupkitchen.shared.pink_soup.state import (
    CHOOSE,
    DECLARE,
    DISCARD,
    KITCHEN,
    POWER,
    SEARCH,
    SECOND,
    SLOT,
    SWAP_TO,
    PinkState,
    sees,
)


def open_seats(state: PinkState, actor: int) -> list[int]:
    """Seats whose pots may still be changed, the actor first, then clockwise."""
    order = [(actor + k) % state.players for k in range(state.players)]
    return [seat for seat in order if not state.closed[seat]]


def kitchen_choices(state: PinkState) -> list[int]:
    """Where a card for the kitchen may go: a new pile while there are fewer than 5, else any pile."""
    if len(state.kitchen) < KITCHEN_PILES:
        return [len(state.kitchen)]
    return list(range(len(state.kitchen)))


def has_power(state: PinkState, actor: int, leaving_pile: int | None = None) -> bool:
    """Whether a mouse would have any power to use (the mouse itself leaving ``leaving_pile``)."""
    kitchen_cards = sum(len(pile) for pile in state.kitchen) - (leaving_pile is not None)
    return kitchen_cards > 0 or any(state.pots[seat] for seat in open_seats(state, actor))


def choose_actions(state: PinkState, seat: int) -> list[dict[str, Any]]:
    limited = not state.deck
    actions = []
    if not limited:
        count = min(DRAW_COUNT, len(state.deck))
        actions.append({"type": "draw", "label": f"Draw {count} card{'s' * (count > 1)} (option A)"})
    if limited or len(state.kitchen) == KITCHEN_PILES:
        for index, pile in enumerate(state.kitchen):
            top = pile[-1]
            actions.append({"type": "take", "pile": index,
                            "label": f"Take {card_label(top)} from pile {index + 1} into your pot"})
            if kind_of(top).family == MOUSE and has_power(state, seat, leaving_pile=index):
                actions.append({"type": "activate", "pile": index,
                                "label": f"Activate the Mouse on pile {index + 1}"})
    if limited:
        actions.append({"type": "pass", "label": "Pass and close your pot"})
    return actions


def kitchen_actions(state: PinkState, seat: int) -> list[dict[str, Any]]:
    return [{"type": "kitchen", "card": index, "pile": pile,
             "label": f"Put {card_label(card)} face up on {pile_words(state, pile)}"}
            for index, card in enumerate(state.drawn) for pile in kitchen_choices(state)]


def second_actions(state: PinkState, seat: int) -> list[dict[str, Any]]:
    card = state.drawn[0]
    actions = []
    for target in open_seats(state, seat):
        full = " (full: pick a card to make room)" if len(state.pots[target]) >= POT_SIZE else ""
        actions.append({"type": "pot", "seat": target,
                        "label": f"Put {card_label(card)} into {whose(target, seat)} pot{full}"})
    if kind_of(card).family == MOUSE:
        actions.append({"type": "activate", "label": "Activate the Mouse"})
    if open_seats(state, seat) == [seat]:
        actions += kitchen_actions(state, seat)
    return actions


def slot_actions(state: PinkState, seat: int) -> list[dict[str, Any]]:
    target = state.target
    return [{"type": "slot", "slot": index,
             "label": f"Pick card {index + 1} of {whose(target, seat)} pot{_memory(state, target, index, seat)}"}
            for index in range(len(state.pots[target]))]


def _memory(state: PinkState, pot_seat: int, slot: int, seat: int) -> str:
    """A pot card's name in brackets when ``seat`` is shown it now (see ``state.sees``), else nothing."""
    if sees(state, seat, pot_seat, slot):
        return f" ({card_label(state.pots[pot_seat][slot])})"
    return ""


def discard_actions(state: PinkState, seat: int) -> list[dict[str, Any]]:
    return [{"type": "discard", "pile": pile,
             "label": f"Put {card_label(state.revealed)} on {pile_words(state, pile)}"}
            for pile in kitchen_choices(state)]


def power_actions(state: PinkState, seat: int) -> list[dict[str, Any]]:
    """The Mouse's powers. Choosing the search is what shows the covered kitchen cards, so it is one
    choice here; the card is taken in the next step (``find_actions``)."""
    actions = []
    if state.kitchen:
        actions.append({"type": "search", "label": "Mouse: search the kitchen piles and take any card"})
    targets = [target for target in open_seats(state, seat) if state.pots[target]]
    for target in targets:
        if len(state.pots[target]) > 1:
            actions.append({"type": "shuffle", "seat": target,
                            "label": f"Mouse: shuffle {whose(target, seat)} pot"})
        actions.append({"type": "look", "seat": target, "label": f"Mouse: look at {whose(target, seat)} pot"})
    if len(targets) > 1:
        for target in targets:
            for index in range(len(state.pots[target])):
                actions.append({"type": "swap", "seat": target, "slot": index,
                                "label": f"Mouse: swap card {index + 1} of {whose(target, seat)} pot"
                                         f"{_memory(state, target, index, seat)} with a card of another pot"})
    return actions


def find_actions(state: PinkState, seat: int) -> list[dict[str, Any]]:
    actions = []
    for index, pile in enumerate(state.kitchen):
        for depth in range(len(pile)):
            where = "top" if depth == 0 else f"{depth + 1} from the top"
            actions.append({"type": "find", "pile": index, "depth": depth,
                            "label": f"Mouse: take {card_label(pile[-1 - depth])} from pile {index + 1} ({where})"})
    return actions


def swap_to_actions(state: PinkState, seat: int) -> list[dict[str, Any]]:
    first_seat, first_slot = state.swap_from
    return [{"type": "swap", "seat": target, "slot": index,
             "label": f"Mouse: swap it with card {index + 1} of {whose(target, seat)} pot"
                      f"{_memory(state, target, index, seat)}"}
            for target in open_seats(state, seat) if target != first_seat
            for index in range(len(state.pots[target]))]


def declare_actions(state: PinkState, seat: int) -> list[dict[str, Any]]:
    return [{"type": "declare", "label": "Declare the last round (close your pot now)"},
            {"type": "continue", "label": "Play on without declaring"}]


STEP_ACTIONS = {   # the moves of each sub-step, for the seat whose turn it is
    CHOOSE: choose_actions,
    KITCHEN: kitchen_actions,
    SECOND: second_actions,
    SLOT: slot_actions,
    DISCARD: discard_actions,
    POWER: power_actions,
    SEARCH: find_actions,
    SWAP_TO: swap_to_actions,
    DECLARE: declare_actions,
}
