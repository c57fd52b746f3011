"""Pink Soup in words: seat names, prompts, the sentences of the table log made from the facts the
rules record, the labels of the legal moves and the reasons for a refusal. The view, the action
labels and the bots read the same words."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from soupkitchen.shared.pink_soup.cards import MAX_CHEFS, card_label
from soupkitchen.shared.pink_soup.state import PinkState, Step, sees

PROMPTS = {
    Step.CHOOSE: "choose option A (draw 2 cards) or option B (take a kitchen card)",
    Step.KITCHEN: "put one drawn card face up in the Shared Kitchen",
    Step.SECOND: "decide where the other drawn card goes",
    Step.SLOT: "the pot is full: pick a card blindly to make room",
    Step.DISCARD: "put the revealed card on top of a kitchen pile",
    Step.POWER: "choose the Mouse's one power",
    Step.SEARCH: "the Mouse searches the kitchen: take any card",
    Step.SWAP_TO: "choose the card in another pot to swap with",
    Step.DECLARE: "declare the last round, or play on",
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
    aid = state.step == Step.OVER or state.options.get("learner_memory")
    old = len(state.log) - state.fresh
    return [line if "{{" not in line else shown_now(line) if aid or index >= old else remembered(line)
            for index, line in enumerate(state.log)]


def covering(kitchen: list[list[int]], pile: int) -> int | None:
    """The card a card put on kitchen ``pile`` will cover (None: it starts a new pile)."""
    return None if pile == len(kitchen) else kitchen[pile][-1]


def _onto(fact: dict[str, Any]) -> str:
    if fact["covering"] is None:
        return "a new kitchen pile"
    return f"kitchen pile {fact['pile'] + 1} (covering {card_label(fact['covering'])})"


def _swap(fact: dict[str, Any]) -> str:
    return (f"{chef(fact['seat'])}'s Mouse swaps card {fact['slot'] + 1} of {chef(fact['first'])}'s pot "
            f"with card {fact['other_slot'] + 1} of {chef(fact['second'])}'s pot.")


SENTENCES: dict[str, Callable[[dict[str, Any]], str]] = {
    "starts": lambda f: f"{chef(f['seat'])} starts.",
    "draws": lambda f: f"{chef(f['seat'])} draws {f['count']} card{'s' * (f['count'] > 1)}.",
    "to_kitchen": lambda f: f"{chef(f['seat'])} puts {card_label(f['card'])} face up on {_onto(f)}.",
    "to_pot": lambda f: f"{chef(f['seat'])} puts a card face down into {owner(f['target'], f['seat'])} pot.",
    "takes": lambda f: (f"{chef(f['seat'])} takes {for_now(card_label(f['card']))} from kitchen pile "
                        f"{f['pile'] + 1} into their pot."),
    "passes": lambda f: f"{chef(f['seat'])} passes.",
    "activates_pile": lambda f: f"{chef(f['seat'])} activates the Mouse from kitchen pile {f['pile'] + 1}.",
    "activates_drawn": lambda f: f"{chef(f['seat'])} activates a Mouse they drew.",
    "reveals_other": lambda f: (f"{chef(f['seat'])} reveals {card_label(f['card'])} from card {f['slot'] + 1} of "
                                f"{chef(f['target'])}'s pot; it leaves the game."),
    "reveals_own": lambda f: (f"{chef(f['seat'])} reveals {card_label(f['card'])} from card {f['slot'] + 1} of "
                              "their pot for the kitchen."),
    "discards": lambda f: f"{chef(f['seat'])} puts {card_label(f['card'])} on {_onto(f)}.",
    "searches": lambda f: f"{chef(f['seat'])}'s Mouse searches the kitchen piles.",
    "finds": lambda f: (f"{chef(f['seat'])}'s Mouse takes {for_now(card_label(f['card']))} from kitchen pile "
                        f"{f['pile'] + 1} into their pot."),
    "finds_covered": lambda f: (f"{chef(f['seat'])}'s Mouse takes a covered card from kitchen pile {f['pile'] + 1} "
                                "into their pot."),
    "shuffles": lambda f: f"{chef(f['seat'])}'s Mouse shuffles {owner(f['target'], f['seat'])} pot.",
    "looks": lambda f: f"{chef(f['seat'])}'s Mouse looks at {owner(f['target'], f['seat'])} pot.",
    "swaps": _swap,
    "declares": lambda f: f"{chef(f['seat'])} declares the last round and closes their pot.",
    "closes": lambda f: f"{chef(f['seat'])} closes their pot.",
    "over": lambda f: "The game is over.",
    "deck_out": lambda f: "The ingredient deck has run out: each chef takes one final turn.",
}


def sentence(fact: dict[str, Any]) -> str:
    """The log's sentence for one fact the rules recorded (``fact["what"]`` names it)."""
    return SENTENCES[fact["what"]](fact)


def prompt(state: PinkState) -> str:
    """What the table waits for, in one sentence."""
    if state.step == Step.OVER:
        return "The game is over."
    if not state.deck and state.step == Step.CHOOSE:
        return f"{chef(state.turn)}'s final turn: take a kitchen card, activate a kitchen Mouse, or pass"
    return f"{chef(state.turn)}: {PROMPTS[state.step]}"



# The labels of the legal moves (``choices`` builds the moves).
ACTIVATE_DRAWN = "Activate the Mouse"
PASS = "Pass and close your pot"
SEARCH_KITCHEN = "Mouse: search the kitchen piles and take any card"
DECLARE_LAST = "Declare the last round (close your pot now)"
PLAY_ON = "Play on without declaring"


def draw_label(count: int) -> str:
    return f"Draw {count} card{'s' * (count > 1)} (option A)"


def take_label(card: int, pile: int) -> str:
    return f"Take {card_label(card)} from pile {pile + 1} into your pot"


def activate_pile_label(pile: int) -> str:
    return f"Activate the Mouse on pile {pile + 1}"


def kitchen_label(state: PinkState, card: int, pile: int) -> str:
    return f"Put {card_label(card)} face up on {pile_words(state, pile)}"


def pot_label(card: int, target: int, actor: int, full: bool) -> str:
    room = " (full: pick a card to make room)" if full else ""
    return f"Put {card_label(card)} into {whose(target, actor)} pot{room}"


def seen_card(state: PinkState, pot_seat: int, slot: int, seat: int) -> str:
    """A pot card's name in brackets when ``seat`` is shown it now (see ``state.sees``), else nothing."""
    if sees(state, seat, pot_seat, slot):
        return f" ({card_label(state.pots[pot_seat][slot])})"
    return ""


def slot_label(state: PinkState, target: int, slot: int, actor: int) -> str:
    return f"Pick card {slot + 1} of {whose(target, actor)} pot{seen_card(state, target, slot, actor)}"


def discard_label(state: PinkState, pile: int) -> str:
    return f"Put {card_label(state.revealed)} on {pile_words(state, pile)}"


def shuffle_label(target: int, actor: int) -> str:
    return f"Mouse: shuffle {whose(target, actor)} pot"


def look_label(target: int, actor: int) -> str:
    return f"Mouse: look at {whose(target, actor)} pot"


def swap_label(state: PinkState, target: int, slot: int, actor: int) -> str:
    return (f"Mouse: swap card {slot + 1} of {whose(target, actor)} pot{seen_card(state, target, slot, actor)} "
            "with a card of another pot")


def find_label(card: int, pile: int, depth: int) -> str:
    where = "top" if depth == 0 else f"{depth + 1} from the top"
    return f"Mouse: take {card_label(card)} from pile {pile + 1} ({where})"


def swap_to_label(state: PinkState, target: int, slot: int, actor: int) -> str:
    return f"Mouse: swap it with card {slot + 1} of {whose(target, actor)} pot{seen_card(state, target, slot, actor)}"


# Why a move is refused.
DECK_EMPTY = "the deck is empty: take a kitchen card or pass"
KITCHEN_NOT_FULL = "the kitchen has fewer than five piles: draw 2 cards instead"
PASS_AT_END = "you may pass only once the deck is empty"
NOT_A_MOUSE = "only a Mouse can be activated"
MOUSE_IDLE = "the Mouse would have nothing to do: no kitchen card and no card in an open pot"
TO_A_POT = "the other card goes into a pot; it goes to the kitchen only when every other pot is closed"
DRAWN_CARD = "choose one of the cards you drew"
KITCHEN_EMPTY = "the kitchen is empty: there is nothing to search"
POT_EMPTY = "that pot is empty"
ONE_CARD = "a pot of one card has nothing to shuffle"
TWO_POTS = "a swap needs cards in two pots that are still open"
OTHER_POT = "swap it with a card of another pot"
NO_SUCH_POT = "choose the pot of a chef at this table"


def pile_range(piles: int) -> str:
    """Which kitchen piles a card may be taken from."""
    return f"the kitchen piles are numbered 1 to {piles}" if piles else "the kitchen is empty"


def new_pile(piles: int) -> str:
    """Where a card for the kitchen must go while it has fewer than five piles."""
    return f"the kitchen has fewer than five piles: the card starts pile {piles + 1}"


def closed_pot(seat: int, actor: int) -> str:
    return f"{whose(seat, actor)} pot is closed"


def card_range(count: int, seat: int, actor: int) -> str:
    return f"pick card 1 to {count} of {whose(seat, actor)} pot"


def depth_range(pile: int, count: int) -> str:
    return f"kitchen pile {pile + 1} holds {count} card{'s' * (count > 1)}"
