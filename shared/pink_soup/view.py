"""What one seat sees of a Pink Soup table: the single place where secrets are removed.

Hidden from a seat: the deck order, covered kitchen cards (except while that seat's mouse searches
the piles, once the search power is chosen), other chefs' recipes and drawn cards, and every pot
card except at the moment the seat legitimately sees it (``state.sees``): the card it placed face
down, a card taken face up, the cards its Mouse looks at, until the next action. Remembering them
is the game; the "Learner: remember for me" option remembers for the seat instead. The log names a
card taken into a pot only at that moment too. Everything is revealed once the game is over.
"""

from __future__ import annotations

from typing import Any

from soupkitchen.shared.pink_soup.cards import LABELS, recipe_words
from soupkitchen.shared.pink_soup.describe import CHEFS, chef, log_lines, prompt
from soupkitchen.shared.pink_soup.state import PinkState, Step, shown_slots


def build_view(state: PinkState, seat: int | None) -> dict[str, Any]:
    """The game's part of ``seat``'s view. Cards appear as their printed words, e.g. "Eggs (2)"; a pot card the seat does not know is None.
    ``pending`` lists the cards in play during the current turn that this seat may see."""
    over = state.step == Step.OVER
    acting = seat is not None and seat == state.turn
    mask = -1 if over else (0 if seat is None else 1 << seat)
    shown = shown_slots(state, seat)
    pending: dict[str, Any] = {}
    if state.mouse is not None:
        pending["mouse"] = LABELS[state.mouse]
    if state.target is not None:
        pending["make_room_in_seat"] = state.target
        if state.incoming_knowers & mask:
            pending["incoming"] = LABELS[state.incoming]
    if state.revealed is not None:
        pending["revealed"] = LABELS[state.revealed]
    if state.swap_from is not None:
        pending["swap_from"] = {"pot": chef(state.swap_from[0]), "card": state.swap_from[1] + 1}
    if acting and state.step == Step.SEARCH:
        pending["kitchen_search"] = [[LABELS[card] for card in reversed(pile)] for pile in state.kitchen]
    return {
        "turn": state.turn,
        "phase": "over" if over else state.ending,
        "step": state.step,
        "prompt": prompt(state),
        "recipe": recipe_words(state.recipes[seat]) if seat is not None else None,
        "players": [{"name": CHEFS[other], "closed": state.closed[other],
                     "final_turn_owed": other in state.final_left,
                     "pot": [LABELS[card] if (other, slot) in shown else None
                             for slot, card in enumerate(state.pots[other])]}
                    for other in range(state.players)],
        "deck": len(state.deck),
        "kitchen": [{"top": LABELS[pile[-1]], "size": len(pile)} for pile in state.kitchen],
        "hand": [LABELS[card] for card in state.drawn] if acting else [],
        "hand_size": len(state.drawn),
        "pending": pending,
        "removed": [LABELS[card] for card in state.removed],
        "log": log_lines(state),
        "log_first": state.log_count - len(state.log),
        "learner_memory": bool(state.options.get("learner_memory")),
    }
