"""Stone Soup's state as plain dataclasses, with an exact JSON round trip."""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any


@dataclass
class Window:
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

    def to_json(self) -> dict[str, Any]:
        return {"player": self.player, "food": self.food, "count": self.count, "added": self.added,
                "closes_at": self.closes_at, "serial": self.serial, "let_go": list(self.let_go)}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Window:
        return cls(data["player"], data["food"], data["count"], data["added"], data["closes_at"],
                   data["serial"], tuple(data.get("let_go", ())))


@dataclass
class StoneSoupState:
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
    log: list[str] = field(default_factory=list)  # recent public events as sentences
    winner: int | None = None

    def to_json(self) -> dict[str, Any]:
        return {
            "players": self.players, "options": dict(self.options), "seed": self.seed,
            "dealer": self.dealer, "hands": [list(h) for h in self.hands],
            "set_aside": [list(h) for h in self.set_aside], "pot": list(self.pot),
            "salt_pile": list(self.salt_pile), "turn": self.turn,
            "due": self.due, "window": self.window.to_json() if self.window else None,
            "plays": self.plays, "last_close": dict(self.last_close) if self.last_close else None,
            "reveals": [dict(r, cards=list(r["cards"])) for r in self.reveals],
            "log": list(self.log), "winner": self.winner,
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> StoneSoupState:
        window = data.get("window")
        last_close = data.get("last_close")
        return cls(
            players=data["players"], options=dict(data["options"]), seed=data["seed"],
            dealer=data["dealer"], hands=[list(h) for h in data["hands"]],
            set_aside=[list(h) for h in data["set_aside"]], pot=list(data["pot"]),
            salt_pile=list(data["salt_pile"]), turn=data["turn"],
            due=data["due"], window=Window.from_json(window) if window else None,
            plays=data["plays"], last_close=dict(last_close) if last_close else None,
            reveals=[dict(r, cards=list(r["cards"])) for r in data["reveals"]],
            log=list(data["log"]), winner=data["winner"],
        )

    def copy(self) -> StoneSoupState:
        """An independent copy (the rules never mutate a state they are given)."""
        return replace(
            self, options=dict(self.options), hands=[list(h) for h in self.hands],
            set_aside=[list(h) for h in self.set_aside], pot=list(self.pot), salt_pile=list(self.salt_pile),
            window=replace(self.window) if self.window else None,
            last_close=dict(self.last_close) if self.last_close else None,
            reveals=[dict(r, cards=list(r["cards"])) for r in self.reveals], log=list(self.log),
        )


def next_seat(state: StoneSoupState, seat: int) -> int:
    """The seat to the left (clockwise) of ``seat``."""
    return (seat + 1) % state.players
