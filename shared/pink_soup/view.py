"""What one seat sees of a Pink Soup table: the single place where secrets are removed, and the typed
shape of that view, its moves and its events.

Hidden from a seat: the deck order, covered kitchen cards (except while that seat's mouse searches
the piles, once the search power is chosen), other chefs' recipes and drawn cards, and every pot
card except at the moment the seat legitimately sees it (``state.sees``): the card it placed face
down, a card taken face up, the cards its Mouse looks at, until the next action. Remembering them
is the game; the "Learner: remember for me" option remembers for the seat instead. The log names a
card taken into a pot only at that moment too. Everything is revealed once the game is over.
Cards appear as their printed words ("Eggs (2)"), never as ids.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import Field

from soupkitchen.shared.models import CommonView, NotRequired, TypedDict
from soupkitchen.shared.pink_soup.cards import LABELS, recipe_words
from soupkitchen.shared.pink_soup.describe import CHEFS
from soupkitchen.shared.pink_soup.state import PinkState, Step, shown_slots

Card = str  # a face-up card in its printed words, "Milk (3)"


# --- the moves -----------------------------------------------------------------------------------
class Draw(TypedDict):
    type: Literal["draw"]


class Take(TypedDict):
    type: Literal["take"]
    place: int  # a kitchen place (0-4) holding a pile: each keeps its number all game


class Activate(TypedDict):
    type: Literal["activate"]
    place: NotRequired[int]  # a kitchen Mouse; without: the Mouse just drawn


class Pass(TypedDict):
    type: Literal["pass"]


class Kitchen(TypedDict):
    type: Literal["kitchen"]
    card: int  # which drawn card
    place: int


class Pot(TypedDict):
    type: Literal["pot"]
    seat: int


class Slot(TypedDict):
    type: Literal["slot"]
    slot: int


class Discard(TypedDict):
    type: Literal["discard"]
    place: int


class Search(TypedDict):
    type: Literal["search"]


class Find(TypedDict):
    type: Literal["find"]
    place: int
    depth: int  # 0: the top card


class Shuffle(TypedDict):
    type: Literal["shuffle"]
    seat: int


class Look(TypedDict):
    type: Literal["look"]
    seat: int


class Swap(TypedDict):
    type: Literal["swap"]
    seat: int
    slot: int


class Declare(TypedDict):
    type: Literal["declare"]


class Continue(TypedDict):
    type: Literal["continue"]


Move = Annotated[
    Draw
    | Take
    | Activate
    | Pass
    | Kitchen
    | Pot
    | Slot
    | Discard
    | Search
    | Find
    | Shuffle
    | Look
    | Swap
    | Declare
    | Continue,
    Field(discriminator="type"),
]


# --- the events (and the log's entries) ----------------------------------------------------------
class Starts(TypedDict):
    type: Literal["starts"]
    seat: int


class Draws(TypedDict):
    type: Literal["draws"]
    seat: int
    count: int


class Placed(TypedDict):
    """A card put face up on the kitchen (``covering`` None: it starts a new pile)."""

    type: Literal["to_kitchen", "discards"]
    seat: int
    card: Card
    pile: int
    covering: Card | None


class ToPot(TypedDict):
    type: Literal["to_pot", "shuffles", "looks"]
    seat: int
    target: int
    card: NotRequired[Card]  # to_pot: the card put face down, in its placer's view while it is the latest


class Taken(TypedDict):
    """A kitchen card into the chef's pot; ``card`` is named only at that moment (None after)."""

    type: Literal["takes", "finds"]
    seat: int
    card: Card | None
    pile: int


class AtPile(TypedDict):
    type: Literal["activates_pile", "finds_covered"]
    seat: int
    pile: int
    card: NotRequired[Card]  # finds_covered: the card found, in its finder's view while it is the latest


class BySeat(TypedDict):
    type: Literal["passes", "activates_drawn", "searches", "declares", "closes"]
    seat: int


class RevealsOther(TypedDict):
    type: Literal["reveals_other"]
    seat: int
    card: Card
    slot: int
    target: int


class RevealsOwn(TypedDict):
    type: Literal["reveals_own"]
    seat: int
    card: Card
    slot: int


class Swaps(TypedDict):
    type: Literal["swaps"]
    seat: int
    first: int
    slot: int
    second: int
    other_slot: int


class TableEvent(TypedDict):
    type: Literal["over", "deck_out"]


Event = (
    Starts | Draws | Placed | ToPot | Taken | AtPile | BySeat | RevealsOther | RevealsOwn | Swaps | TableEvent
)


# --- the view ------------------------------------------------------------------------------------
class Recipe(TypedDict):
    name: str
    points: int
    suitable: list[Card]


class Chef(TypedDict):
    name: str
    closed: bool
    final_turn_owed: bool
    pot: list[Card | None]  # slot by slot; None: a card this seat is not shown now


class Pile(TypedDict):
    top: Card
    size: int


class SwapFrom(TypedDict):
    seat: int
    slot: int


class Pending(TypedDict, total=False):
    """The cards in play during the current turn that this seat may see."""

    mouse: Card
    make_room_in_seat: int
    incoming: Card
    revealed: Card
    swap_from: SwapFrom
    kitchen_search: list[
        list[Card]
    ]  # each place's pile top first ([]: empty), while this seat's mouse searches


class PinkView(CommonView):
    legal_actions: list[Move]
    turn: int | None
    phase: str  # "playing", how the end came ("deck ran out", "last round declared"), or "over"
    step: str  # the turn's sub-step, see ``state.Step``
    recipe: Recipe | None
    players: list[Chef]
    deck: int
    kitchen: list[Pile | None]  # the 5 places, each a pile or None: empty (an emptied pile keeps its place)
    hand: list[Card]
    hand_size: int
    pending: Pending
    removed: list[Card]
    log: list[Event]
    log_first: int  # the number of the first log entry
    learner_memory: bool


def build_view(state: PinkState, seat: int | None) -> dict[str, Any]:
    """The game's part of ``seat``'s view (see ``PinkView``); a pot card the seat does not know is None."""
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
        pending["swap_from"] = {"seat": state.swap_from[0], "slot": state.swap_from[1]}
    if acting and state.step == Step.SEARCH:
        pending["kitchen_search"] = [[LABELS[card] for card in reversed(pile)] for pile in state.kitchen]
    return {
        "turn": state.turn,
        "phase": "over" if over else state.ending,
        "step": state.step,
        "recipe": recipe_words(state.recipes[seat]) if seat is not None else None,
        "players": [
            {
                "name": CHEFS[other],
                "closed": state.closed[other],
                "final_turn_owed": other in state.final_left,
                "pot": [
                    LABELS[card] if (other, slot) in shown else None
                    for slot, card in enumerate(state.pots[other])
                ],
            }
            for other in range(state.players)
        ],
        "deck": len(state.deck),
        "kitchen": [{"top": LABELS[pile[-1]], "size": len(pile)} if pile else None for pile in state.kitchen],
        "hand": [LABELS[card] for card in state.drawn] if acting else [],
        "hand_size": len(state.drawn),
        "pending": pending,
        "removed": [LABELS[card] for card in state.removed],
        "log": log_entries(state, seat),
        "log_first": state.log.first,
        "learner_memory": bool(state.options.get("learner_memory")),
    }


MOMENT_ONLY = ("takes", "finds")  # events naming a card only while everyone sees it


def log_entries(state: PinkState, seat: int | None = None) -> list[dict[str, Any]]:
    """The log: the last action's events as they happened; in older ones a card taken into a pot
    is no longer named, as a chef must remember it (unless the memory aid is on). A card only
    ``seat`` saw go into a pot (put face down, found covered by its Mouse) is named in its own
    entry while that is the latest action, as the pot shows it then."""
    aid = state.step == Step.OVER or state.options.get("learner_memory")
    old = len(state.log.entries) - state.log.fresh
    found = []
    for index, entry in enumerate(state.log.entries):
        forgotten = entry["type"] in MOMENT_ONLY and not aid and index < old
        entry = {**entry, "card": None} if forgotten else dict(entry)
        if (
            index >= old
            and seat is not None
            and entry.get("seat") == seat
            and entry["type"] in ("to_pot", "finds_covered")
        ):
            card = _seen_going_in(state, seat, entry.get("target", seat))
            if card is not None:
                entry["card"] = card
        found.append(entry)
    return found


def _seen_going_in(state: PinkState, seat: int, target: int) -> str | None:
    """The card that only ``seat`` saw go into ``target``'s pot with the latest action (in its
    place, or waiting for a blind pick to make room), if there is one."""
    for mask, where, slot in state.glimpses:
        if where == target and mask == 1 << seat:
            return LABELS[state.pots[where][slot]]
    if state.target == target and state.incoming is not None and state.incoming_knowers == 1 << seat:
        return LABELS[state.incoming]
    return None
