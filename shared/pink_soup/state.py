"""The whole Pink Soup table as plain data (copied and turned into JSON by ``shared.plain``)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from soupkitchen.shared.events import EventLog
from soupkitchen.shared.plain import Plain


class Step:
    """The sub-steps of one turn (``PinkState.step``)."""

    CHOOSE = "choose"  # option A (draw), option B (take / activate), or pass in a limited final turn
    KITCHEN = "kitchen"  # option A: put one drawn card face up in the Shared Kitchen
    SECOND = "second"  # option A: the other drawn card into a pot, activated if a mouse, ...
    SLOT = "slot"  # a full pot: blindly pick the card that makes room
    DISCARD = "discard"  # the card revealed from your own full pot goes on top of a kitchen pile
    POWER = "power"  # an activated mouse: choose its one power
    SEARCH = "search"  # the mouse search: every kitchen card shown to the activator, take one
    SWAP_TO = "swap_to"  # the mouse swap: the second card, in another pot
    DECLARE = "declare"  # after a turn with every pot full: declare the last round or not
    OVER = "over"


PLAYING = "playing"
DECK_OUT = "deck ran out"
DECLARED = "last round declared"


@dataclass
class PinkState(Plain):
    """Cards are ids into ``cards.CARD_KINDS``. Piles and the deck list bottom first, top last."""

    players: int
    seed: int
    recipes: list[int]  # secret recipe of each seat
    deck: list[int]
    kitchen: list[list[int]]  # the 5 places of the Shared Kitchen, each a face-up pile or empty ([])
    pots: list[list[int]]  # face-down cards, slot order kept
    known: list[list[int]]  # per pot slot: bit mask of the seats that have seen its card
    removed: list[int] = field(default_factory=list)  # out of the game, face up
    turn: int | None = 0
    step: str = Step.CHOOSE
    drawn: list[int] = field(default_factory=list)  # option A cards in the drawer's hand
    mouse: int | None = None  # the activated mouse, until its power is used
    incoming: int | None = None  # card waiting for a slot of ``target``'s full pot
    incoming_knowers: int = 0  # bit mask, as in ``known``
    target: int | None = None
    revealed: int | None = None  # card from the chef's own full pot, going to the kitchen
    swap_from: list[int] | None = None  # [seat, slot] of the first card of a mouse swap
    ending: str = PLAYING
    final_left: list[int] = field(default_factory=list)  # seats still owed their final turn, in order
    closed: list[bool] = field(default_factory=list)
    shuffles: int = 0
    log: EventLog = field(default_factory=EventLog)  # recent public events, oldest first
    glimpses: list[list[int]] = field(default_factory=list)  # [seats mask, pot seat, slot] seen just now
    options: dict[str, Any] = field(default_factory=dict)
    # the places of the piles in the order they were started: how a record made before the piles kept
    # their places numbers them (``rules.upgrade_action``)
    started: list[int] = field(default_factory=list)


def piles(state: PinkState) -> list[int]:
    """The places of the kitchen that hold a pile (an emptied pile leaves its place empty)."""
    return [place for place, pile in enumerate(state.kitchen) if pile]


def empty_place(state: PinkState) -> int | None:
    """Where a new pile starts: the first empty place, counted from the deck (None: all 5 hold piles)."""
    return next((place for place, pile in enumerate(state.kitchen) if not pile), None)


def shown_slots(state: PinkState, seat: int | None) -> set[tuple[int, int]]:
    """The pot cards (pot seat, slot) whose face ``seat`` is shown now: at the moment it legitimately
    sees them (until the next action), always once seen with the memory aid, all at the end."""
    if state.step == Step.OVER or (state.options.get("learner_memory") and seat is not None):
        return {
            (where, slot)
            for where, masks in enumerate(state.known)
            for slot, mask in enumerate(masks)
            if state.step == Step.OVER or knows(mask, seat)
        } | _glimpsed(state, seat)
    return _glimpsed(state, seat)


def _glimpsed(state: PinkState, seat: int | None) -> set[tuple[int, int]]:
    return {(where, slot) for mask, where, slot in state.glimpses if knows(mask, seat)}


def sees(state: PinkState, seat: int | None, pot_seat: int, slot: int) -> bool:
    """Whether ``seat`` is shown the face of one pot card now (see ``shown_slots``)."""
    return (pot_seat, slot) in shown_slots(state, seat)


def knows(mask: int, seat: int | None) -> bool:
    """Whether ``seat`` is in a knowers bit mask (a spectator knows nothing)."""
    return seat is not None and bool(mask >> seat & 1)


def everyone(players: int) -> int:
    return (1 << players) - 1
