"""Why Pink Soup refuses a move its sub-step does not offer, in the plainest words the facts allow."""

from __future__ import annotations

from soupkitchen.shared.core import Action, Refusal, is_seat
from soupkitchen.shared.pink_soup import describe
from soupkitchen.shared.pink_soup.cards import KITCHEN_PILES, MOUSE, kind_of
from soupkitchen.shared.pink_soup.choices import has_power, kitchen_choices, open_seats
from soupkitchen.shared.pink_soup.state import PinkState, Step, empty_place, piles

STEP_KINDS = {  # the moves a sub-step can take at all, offered now or not
    Step.CHOOSE: {"draw", "take", "activate", "pass"},
    Step.KITCHEN: {"kitchen"},
    Step.SECOND: {"pot", "activate", "kitchen"},
    Step.SLOT: {"slot"},
    Step.DISCARD: {"discard"},
    Step.POWER: {"search", "shuffle", "look", "swap"},
    Step.SEARCH: {"find"},
    Step.SWAP_TO: {"swap"},
    Step.DECLARE: {"declare", "continue"},
}


def _index(value: object, count: int) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value < count


def why_not(state: PinkState, seat: int, action: Action) -> Refusal | None:
    """What is wrong with a move the step does not offer, when it can be said more plainly than
    by listing the moves it does offer."""
    kind, step, pile = action["type"], state.step, action.get("place")
    if kind not in STEP_KINDS[step]:
        return None
    if step == Step.CHOOSE:
        return _choose_reason(state, seat, action)
    if step == Step.SECOND and kind == "activate" and kind_of(state.drawn[0]).family != MOUSE:
        return describe.NOT_A_MOUSE
    if step == Step.SECOND and kind == "kitchen" and open_seats(state, seat) != [seat]:
        return describe.TO_A_POT
    if (
        step in (Step.KITCHEN, Step.SECOND)
        and kind == "kitchen"
        and not _index(action.get("card"), len(state.drawn))
    ):
        return describe.DRAWN_CARD
    if kind in ("kitchen", "discard") and pile not in kitchen_choices(state):
        place = empty_place(state)
        return describe.pile_range(KITCHEN_PILES) if place is None else describe.new_pile(place)
    if kind == "find" and (reason := _pile_reason(state, pile)):
        return reason
    if kind == "find" and not _index(action.get("depth"), len(state.kitchen[pile])):
        return describe.depth_range(pile, len(state.kitchen[pile]))
    if kind == "search" and not piles(state):
        return describe.KITCHEN_EMPTY
    if kind in ("pot", "shuffle", "look", "swap"):
        return _pot_reason(state, seat, action)
    if kind == "slot" and not _index(action.get("slot"), len(state.pots[state.target])):
        return describe.card_range(len(state.pots[state.target]), state.target, seat)
    return None


def _choose_reason(state: PinkState, seat: int, action: Action) -> Refusal | None:
    kind, pile, limited = action["type"], action.get("place"), not state.deck
    if kind == "draw" and limited:
        return describe.DECK_EMPTY
    if kind == "pass" and not limited:
        return describe.PASS_AT_END
    if kind not in ("take", "activate") or "place" not in action:
        return None
    if not limited and len(piles(state)) < KITCHEN_PILES:
        return describe.KITCHEN_NOT_FULL
    if reason := _pile_reason(state, pile):
        return reason
    if kind == "activate" and kind_of(state.kitchen[pile][-1]).family != MOUSE:
        return describe.NOT_A_MOUSE
    return describe.MOUSE_IDLE if kind == "activate" and not has_power(state, seat, pile) else None


def _pile_reason(state: PinkState, place: object) -> Refusal | None:
    """Why no card can be taken from kitchen ``place``: no such place, or no pile on it."""
    if not piles(state):
        return describe.pile_range(0)
    if not _index(place, KITCHEN_PILES):
        return describe.pile_range(KITCHEN_PILES)
    return None if state.kitchen[place] else describe.empty_place(place)


def _pot_reason(state: PinkState, seat: int, action: Action) -> Refusal | None:
    kind, target = action["type"], action.get("seat")
    if not is_seat(target, state.players):
        return describe.NO_SUCH_POT
    if state.closed[target]:
        return describe.closed_pot(target, seat)
    if kind == "pot":
        return None
    pot = state.pots[target]
    if not pot:
        return describe.POT_EMPTY
    if kind == "shuffle" and len(pot) == 1:
        return describe.ONE_CARD
    if kind != "swap":
        return None
    if state.step == Step.SWAP_TO and target == state.swap_from[0]:
        return describe.OTHER_POT
    if state.step == Step.POWER and sum(1 for other in open_seats(state, seat) if state.pots[other]) < 2:
        return describe.TWO_POTS
    return None if _index(action.get("slot"), len(pot)) else describe.card_range(len(pot), target, seat)
