"""The per-seat view: the one place where other chefs' personal tastes are kept out; and the typed
shape of that view, its moves and its events."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import Field

from soupkitchen.shared.core import kept_with
from soupkitchen.shared.models import CommonView, TimeoutEvent, TypedDict
from soupkitchen.shared.plain import json_copy
from soupkitchen.shared.too_many_cooks.cards import COLOURS, KINDS, MAX_STARS, VEGETABLES, soup_rows
from soupkitchen.shared.too_many_cooks.reactions import EMOTES, REACTION_SECONDS
from soupkitchen.shared.too_many_cooks.state import TmcState
from soupkitchen.shared.too_many_cooks.tastes import TASTES_BY_ID, icon_parts, public_taste, satisfied


# --- the moves -----------------------------------------------------------------------------------
class Ready(TypedDict):
    type: Literal["ready"]


class Pass(TypedDict):
    type: Literal["pass"]


class Rotate(TypedDict):
    type: Literal["rotate"]
    line: Literal["row", "col"]
    index: int
    step: Literal[1, -1]  # a row east (1) or west, a column south (1) or north


class Change(TypedDict):
    type: Literal["change"]
    row: int
    col: int
    veg: str  # the spare it becomes
    colour: str


class React(TypedDict):
    type: Literal["react"]
    emote: Literal[EMOTES]
    move: int  # the number of the move it is about (the view's ``last_move``)


Move = Annotated[Ready | Pass | Rotate | Change | React, Field(discriminator="type")]


# --- the events ----------------------------------------------------------------------------------
class Card(TypedDict):
    veg: str
    colour: str


class BySeat(TypedDict):
    type: Literal["ready", "passed", "rejoined"]
    seat: int


class Rotated(TypedDict):
    type: Literal["rotated"]
    seat: int
    line: Literal["row", "col"]
    index: int
    step: int


class Changed(TypedDict):
    type: Literal["changed"]
    seat: int
    row: int
    col: int
    old: Card
    new: Card


class Reacted(TypedDict):
    type: Literal["reacted"]
    seat: int
    emote: Literal[EMOTES]
    move: int  # the number of the move it is about
    by: int  # who made that move


class RoundEvent(TypedDict):
    type: Literal["round_dealt", "time_up"]
    round: int


class RoundStarted(TypedDict):
    type: Literal["round_started"]
    round: int
    turn: int


class AllPassed(TypedDict):
    type: Literal["all_passed"]
    round: int
    seconds_left: float | None  # on the round's clock


class RoundOver(TypedDict):
    type: Literal["round_over"]
    round: int
    unsatisfied: int
    stars: int
    lost: bool


class GameOver(TypedDict):
    type: Literal["game_over"]
    won: bool
    stars: int


Event = (
    BySeat
    | Rotated
    | Changed
    | Reacted
    | RoundEvent
    | RoundStarted
    | AllPassed
    | RoundOver
    | GameOver
    | TimeoutEvent
)


# --- the view ------------------------------------------------------------------------------------
class Spare(TypedDict):
    veg: str
    colour: str
    count: int


class Taste(TypedDict):
    id: str
    text: str  # the card's printed words
    icon: list[dict[str, Any]]  # glyphs drawing it (see ``tastes.icon_parts``)
    satisfied: bool


class Face(TypedDict):
    happy: bool


class ChefView(TypedDict):
    seat: int
    ready: bool
    passed: bool
    tastes: list[Face]  # the backs of the chef's personal tastes


class RevealedTaste(TypedDict):
    id: str
    text: str
    icon: list[dict[str, Any]]
    owner: int | None  # None: a shared taste
    satisfied: bool


class LastMove(TypedDict):
    number: int  # changes and rotations of the game so far, this one included
    seat: int
    event: Changed | Rotated
    until: float  # clock time after which nobody may react to it any more


class Reaction(TypedDict):
    seat: int
    emote: Literal[EMOTES]


class Reveal(TypedDict):
    round: int
    tastes: list[RevealedTaste]
    unsatisfied: int
    stars_before: int
    stars_after: int
    lost: bool


class PastRound(TypedDict):
    round: int
    unsatisfied: int
    stars_after: int


class TmcView(CommonView):
    legal_actions: list[Move]
    players: int
    phase: Literal["ready", "playing", "reveal", "over"]
    mode: str
    difficulty: str  # this round's
    round: int
    rounds: int
    taste_goal: int  # Unreasonable: tastes in its round
    stars: int
    max_stars: int
    round_seconds: int
    turn: int | None
    first_player: int
    base: str
    soup: list[list[Card]]
    spares: list[Spare]
    shared_tastes: list[Taste]
    chefs: list[ChefView]
    my_tastes: list[Taste]
    reveal: Reveal | None
    last_move: LastMove | None  # the latest change or rotation while the chefs may react to it
    reactions: list[Reaction]  # the reactions to it so far, in order
    past_rounds: list[PastRound]  # each round scored so far, oldest first (the end's round-by-round)


SPARE_KEYS = tuple((VEGETABLES[card // len(COLOURS)], COLOURS[card % len(COLOURS)]) for card in range(KINDS))


def build_view(state: TmcState, seat: int | None) -> dict[str, Any]:
    """The game's part of what ``seat`` (None: a spectator) may know. Personal tastes of other chefs
    show only as happy/unhappy faces until the round's reveal."""
    is_chef = isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < state.players
    before, after = kept_with(state, "tmc_table_view", lambda: _table_view(state))
    return {
        **before,
        "my_tastes": [public_taste(taste, state.soup) for taste in state.personal(seat)] if is_chef else [],
        **after,
    }


def _table_view(state: TmcState) -> tuple[dict[str, Any], dict[str, Any]]:
    """What every seat's view of ``state`` shows alike (all but the seat's own tastes), the fields
    before the seat's tastes and those after: made once for a settled state's views
    (``shared.core.kept_with``)."""
    faces: list[list[dict[str, bool]]] = [[] for _ in range(state.players)]
    for taste, owner in zip(state.tastes, state.owners, strict=True):
        if owner is not None:
            faces[owner].append({"happy": satisfied(taste, state.soup)})
    showing_reveal = state.phase in ("reveal", "over")
    return {
        "players": state.players,
        "phase": state.phase,
        "mode": state.mode,
        "difficulty": state.round_difficulty,
        "round": state.round,
        "rounds": state.rounds,
        "taste_goal": state.taste_goal,
        "stars": state.stars,
        "max_stars": MAX_STARS,
        "round_seconds": state.round_seconds,
        "turn": state.turn,
        "first_player": state.first_player,
        "base": state.base,
        "soup": soup_rows(state.soup),
        "spares": [
            {"veg": veg, "colour": colour, "count": count}
            for (veg, colour), count in zip(SPARE_KEYS, state.spares, strict=True)
        ],
        "shared_tastes": [public_taste(taste, state.soup) for taste in state.shared()],
        "chefs": [
            {"seat": chef, "ready": state.ready[chef], "passed": state.passed[chef], "tastes": faces[chef]}
            for chef in range(state.players)
        ],
    }, {
        "reveal": _reveal(state.reveal) if showing_reveal and state.reveal else None,
        "last_move": _last_move(state.last_move),
        "reactions": [{"seat": seat, "emote": emote} for seat, emote in state.reactions],
        "past_rounds": [
            {"round": number, "unsatisfied": unsatisfied, "stars_after": stars}
            for number, unsatisfied, stars in state.history
        ],
    }


def _last_move(last: dict[str, Any] | None) -> dict[str, Any] | None:
    if last is None:
        return None
    return {
        "number": last["number"],
        "seat": last["event"]["seat"],
        "event": json_copy(last["event"]),
        "until": last["at"] + REACTION_SECONDS,
    }


def _reveal(reveal: dict[str, Any]) -> dict[str, Any]:
    """The stored reveal with every taste spelled out for the table."""
    tastes = [
        {
            "id": taste,
            "text": TASTES_BY_ID[taste]["text"],
            "icon": icon_parts(TASTES_BY_ID[taste]),
            "owner": owner,
            "satisfied": ok,
        }
        for taste, owner, ok in reveal["tastes"]
    ]
    return {**reveal, "tastes": tastes}
