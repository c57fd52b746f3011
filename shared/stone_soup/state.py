"""Stone Soup's state as plain dataclasses (copied and turned into JSON by ``shared.plain``)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from soupkitchen.shared.events import EventLog
from soupkitchen.shared.plain import Plain


@dataclass
class Window(Plain):
    """A play that has just been added to the pot and may still be challenged.

    The play's cards are the top ``added`` cards of the pot.
    """

    player: int
    food: int  # index in SEQUENCE of the ingredient declared (always the one due)
    count: int  # how many of it were declared
    added: int  # how many cards were really added
    closes_at: float  # game-clock time after which nobody may challenge
    serial: int  # which play this is (counts plays and salts from 1)
    let_go: tuple[int, ...] = ()  # the seats that said they will not challenge it, in that order


@dataclass
class StoneSoupState(Plain):
    """Everything about one game of Stone Soup. Card ids are strings like ``potato-3``."""

    players: int
    options: dict[str, Any]
    seed: int
    dealer: int
    hands: list[list[str]]  # per seat, in display order
    set_aside: list[list[str]]  # extra hands dealt at 2-3 player tables, never seen
    pot: list[str] = field(default_factory=list)  # bottom first, top last
    salt_pile: list[str] = field(default_factory=list)  # slid under the pot; goes with the whole pot
    turn: int | None = 0  # seat to play; None while a challenge window is open or when over
    due: int = 0  # index in SEQUENCE of the ingredient owed now
    window: Window | None = None
    plays: int = 0  # plays and dashes of salt so far
    last_close: dict[str, Any] | None = None  # how the last window closed: serial, challenger or None
    reveals: list[dict[str, Any]] = field(default_factory=list)  # recent challenges, public
    log: EventLog = field(default_factory=EventLog)  # recent public events
    winner: int | None = None


def next_seat(state: StoneSoupState, seat: int) -> int:
    """The seat to the left (clockwise) of ``seat``."""
    return (seat + 1) % state.players
