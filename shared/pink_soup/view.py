"""What one seat sees of a Pink Soup table: the single place where secrets are removed.

Hidden from a seat: the deck order, covered kitchen cards (except while that seat's mouse searches
the piles, once the search power is chosen), other chefs' recipes and drawn cards, and every pot
card except at the moment the seat legitimately sees it (``state.sees``): the card it placed face
down, a card taken face up, the cards its Mouse looks at, until the next action. Remembering them
is the game; the "Learner: remember for me" option remembers for the seat instead. The log names a
card taken into a pot only at that moment too. Everything is revealed once the game is over.
"""

from __future__ import annotations

import re
from typing import Any

from soupkitchen.shared.pink_soup import state as st
from soupkitchen.shared.pink_soup.cards import LABELS, MAX_CHEFS, card_label, recipe_words
from soupkitchen.shared.pink_soup.state import PinkState

PROMPTS = {
    st.CHOOSE: "choose option A (draw 2 cards) or option B (take a kitchen card)",
    st.KITCHEN: "put one drawn card face up in the Shared Kitchen",
    st.SECOND: "decide where the other drawn card goes",
    st.SLOT: "the pot is full: pick a card blindly to make room",
    st.DISCARD: "put the revealed card on top of a kitchen pile",
    st.POWER: "choose the Mouse's one power",
    st.SEARCH: "the Mouse searches the kitchen: take any card",
    st.SWAP_TO: "choose the card in another pot to swap with",
    st.DECLARE: "declare the last round, or play on",
}


CHEFS = tuple(f"Chef {seat + 1}" for seat in range(MAX_CHEFS))


def chef(seat: int) -> str:
    """A seat as players read it: seat 0 is Chef 1."""
    return CHEFS[seat]


def whose(seat: int, actor: int) -> str:
    """The pot owner as the actor reads it."""
    return "your" if seat == actor else f"{chef(seat)}'s"


def owner(seat: int, actor: int) -> str:
    """The pot owner as everyone else reads it."""
    return "their own" if seat == actor else f"{chef(seat)}'s"


def pile_words(state: PinkState, pile: int) -> str:
    """Where a card for the kitchen lands, in words."""
    if pile == len(state.kitchen):
        return "a new kitchen pile"
    return f"kitchen pile {pile + 1} (covering {card_label(state.kitchen[pile][-1])})"


FOR_NOW = re.compile(r"\{\{([^|{}]*)\|([^|{}]*)\}\}")


def for_now(words: str, later: str = "a card") -> str:
    """Words of a log sentence that name a card only while everyone sees it (``later`` after)."""
    return "{{" + words + "|" + later + "}}"


def shown_now(line: str) -> str:
    """A log sentence as it reads at its moment."""
    return FOR_NOW.sub(r"\1", line)


def remembered(line: str) -> str:
    """A log sentence as it reads once its moment has passed."""
    return FOR_NOW.sub(r"\2", line)


def log_lines(state: PinkState) -> list[str]:
    """The log: the last action's sentences as they happened, older ones as a chef must remember them."""
    aid = state.step == st.OVER or state.options.get("learner_memory")
    old = len(state.log) - state.fresh
    return [line if "{{" not in line else shown_now(line) if aid or index >= old else remembered(line)
            for index, line in enumerate(state.log)]


def build_view(state: PinkState, seat: int | None) -> dict[str, Any]:
    """The game's part of ``seat``'s view. Cards appear as their printed words, e.g. "Eggs (2)"; a pot card the seat does not know is None.
    ``pending`` lists the cards in play during the current turn that this seat may see."""
    over = state.step == st.OVER
    acting = seat is not None and seat == state.turn
    mask = -1 if over else (0 if seat is None else 1 << seat)
    if over:
        prompt = "The game is over."
    elif not state.deck and state.step == st.CHOOSE:
        prompt = f"{chef(state.turn)}'s final turn: take a kitchen card, activate a kitchen Mouse, or pass"
    else:
        prompt = f"{chef(state.turn)}: {PROMPTS[state.step]}"
    shown = st.shown_slots(state, seat)
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
    if acting and state.step == st.SEARCH:
        pending["kitchen_search"] = [[LABELS[card] for card in reversed(pile)] for pile in state.kitchen]
    return {
        "turn": state.turn,
        "phase": "over" if over else state.ending,
        "step": state.step,
        "prompt": prompt,
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
