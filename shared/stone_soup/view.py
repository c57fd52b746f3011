"""What one seat may know of a Stone Soup game: the single place where secrets are removed, and the
typed shape of that view, its moves and its events.

Secret: every hand but the viewer's own, the extra hands set aside, the face-down pot, how many
cards a play added, and the exact size of other hands and of the pot: those are shown only as a
person judges them across a table (``size_band``: exact up to three cards, then a range). Public:
the salt under the pot, every declaration and every card turned over by a challenge.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import Field

from soupkitchen.shared.longer import longer
from soupkitchen.shared.models import CommonView, NotRequired, TypedDict
from soupkitchen.shared.stone_soup.cards import SEQUENCE, count_kinds, exact_size, size_band
from soupkitchen.shared.stone_soup.plays import most_declared
from soupkitchen.shared.stone_soup.state import StoneSoupState, next_seat

Kind = str  # a card kind: "potato", "stone", "salt" ...
Food = str  # one of the sequence's ingredients


# --- the moves -----------------------------------------------------------------------------------
class Play(TypedDict):
    """Cards of the hand, {kind: how many}, added face down and said to be ``count`` of the food owed."""

    type: Literal["play"]
    cards: dict[Kind, int]
    count: int


class Salt(TypedDict):
    type: Literal["salt"]


class Call(TypedDict):
    """Call "stone soup!" on, or let go, the play numbered ``play`` (the window's ``serial``)."""

    type: Literal["challenge", "let_go"]
    play: int


Move = Annotated[Play | Salt | Call, Field(discriminator="type")]


# --- the events (and the log's entries) ----------------------------------------------------------
class Dealt(TypedDict):
    type: Literal["dealt"]
    seat: int  # the dealer
    first: int  # who starts with potatoes


class Played(TypedDict):
    type: Literal["play"]
    seat: int
    food: Food
    count: int  # how many were declared


class Salted(TypedDict):
    type: Literal["salt"]
    seat: int
    next: int | None  # who still owes the food (None: the salt was the last card)
    owed: NotRequired[Food]


class Called(TypedDict):
    """A challenge: the cards turned over, the verdict and who took what (``taken`` None: the whole pot)."""

    type: Literal["challenge"]
    seat: int
    player: int
    cards: list[Kind]
    verdict: Literal["stone", "honest", "bluff"]
    taker: int
    taken: int | None
    whole_pot: bool
    salt: int  # dashes of salt under the pot that went with it


class Owes(TypedDict):
    type: Literal["turn"]
    seat: int
    food: Food


class BySeat(TypedDict):
    type: Literal["let_go", "win"]
    seat: int


Event = Dealt | Played | Salted | Called | Owes | BySeat


# --- the view ------------------------------------------------------------------------------------
class Size(TypedDict):
    """How many cards, as a person sees them across a table: ``most`` None has no upper bound."""

    least: int
    most: int | None


class OpenWindow(TypedDict):
    player: int
    food: Food
    count: int
    empties_hand: bool
    serial: int
    let_go: list[int]


class Seat(TypedDict):
    seat: int
    cards: Size


class Reveal(TypedDict):
    serial: int
    player: int
    by: int
    cards: list[Kind]
    verdict: Literal["stone", "honest", "bluff"]
    taker: int
    taken: int | None
    whole_pot: bool
    salt: int


class StoneView(CommonView):
    legal_actions: list[Move]
    hand: NotRequired[dict[Kind, int]]  # a player's own hand, by kind (not in a spectator's view)
    due: Food
    phase: Literal["play", "challenge", "over"]
    turn: int | None
    next_player: int | None
    window: OpenWindow | None
    most_declared: int
    pot: Size
    salt_pile: int
    players: list[Seat]
    last_reveal: Reveal | None
    sequence: list[Food]
    dealer: int
    set_aside: list[int]
    plays: int
    salted: bool
    challenge_seconds: int
    log: list[Event]
    log_first: int  # the number of the first log entry (a client can keep the whole log)


def window_seconds(options: dict[str, Any]) -> int:
    """How long the others have to call after each play: the option's seconds, made longer when the
    table chose a longer call window."""
    return longer(options["challenge_seconds"], options.get("longer_window", "off"))


def build_view(state: StoneSoupState, seat: int | None) -> dict[str, Any]:
    """The game's part of the view for ``seat`` (None: a spectator)."""
    window = state.window
    over = state.winner is not None
    if over:
        phase, upcoming = "over", None
    elif window is not None:
        phase, upcoming = "challenge", next_seat(state, window.player)
    else:
        phase, upcoming = "play", state.turn
    sizes = [len(hand) for hand in state.hands]
    mine = isinstance(seat, int) and 0 <= seat < state.players
    view: dict[str, Any] = {}
    if mine:
        view["hand"] = count_kinds(state.hands[seat])
    view.update(
        {
            "due": SEQUENCE[state.due],
            "phase": phase,
            "turn": state.turn,
            "next_player": upcoming,
            "window": None
            if window is None
            else {
                "player": window.player,
                "food": SEQUENCE[window.food],
                "count": window.count,
                "empties_hand": sizes[window.player] == 0,
                "serial": window.serial,
                "let_go": list(window.let_go),
            },
            "most_declared": most_declared(state.due),
            "pot": size_band(len(state.pot)),
            "salt_pile": len(state.salt_pile),
            "players": [
                {"seat": s, "cards": exact_size(size) if s == seat or over else size_band(size)}
                for s, size in enumerate(sizes)
            ],
            "last_reveal": _reveal(state.reveals[-1]) if state.reveals else None,
            "sequence": list(SEQUENCE),
            "dealer": state.dealer,
            "set_aside": [len(hand) for hand in state.set_aside],
            "plays": state.plays,
            "salted": _salted(state),
            "challenge_seconds": window_seconds(state.options),
            "log": [dict(entry) for entry in state.log.entries],
            "log_first": state.log.first,
        }
    )
    return view


def _reveal(reveal: dict[str, Any]) -> dict[str, Any]:
    """The last challenge as everyone saw it: a whole pot's size is not told."""
    return dict(reveal, cards=list(reveal["cards"]), taken=None if reveal["whole_pot"] else reveal["taken"])


def _salted(state: StoneSoupState) -> bool:
    """Whether the last play was a dash of salt, so the food owed is still the one owed before it."""
    close = state.last_close
    return state.turn is not None and bool(close and close.get("salt") and close["serial"] == state.plays)
