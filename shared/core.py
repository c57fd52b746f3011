"""The common game protocol every Soup Kitchen game follows.

A game is a deterministic function of (players, options, seed, action log). Nothing here reads a
clock or the global random module: time enters as the explicit ``now`` argument (seconds on the
table's game clock) and randomness comes from :func:`shared.rng.rng_for`, seeded from the state.

Seats are numbered 0..players-1 in clockwise order. ``SYSTEM`` (``None``) is the seat of actions
the table's clock applies by itself, such as ``{"type": "timeout"}`` at ``next_deadline``.
"""

from __future__ import annotations

import hashlib
import json
from abc import ABC, abstractmethod
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

SYSTEM = None
TIMEOUT = {"type": "timeout"}

State = TypeVar("State")
Action = dict[str, Any]
Event = dict[str, Any]


class RuleError(ValueError):
    """An action, option set or seat that the rules refuse; ``str(err)`` is the reason for a player."""


@dataclass(frozen=True)
class OptionSpec:
    """One table option a host can set in the lobby, drawn generically by the client."""

    key: str
    label: str
    default: Any
    choices: tuple[Any, ...] = ()  # empty: any int within [minimum, maximum]
    minimum: int | None = None
    maximum: int | None = None

    def to_json(self) -> dict[str, Any]:
        return {"key": self.key, "label": self.label, "default": self.default,
                "choices": list(self.choices), "minimum": self.minimum, "maximum": self.maximum}


class Bot(ABC):
    """A computer player for one seat. It sees only that seat's views, in order, and may remember them."""

    def __init__(self, seat: int, seed: int) -> None:
        self.seat = seat
        self.seed = seed

    def observe(self, view: dict[str, Any]) -> None:
        """Take in one view of this bot's seat. Every view of the seat is given here, in order: the
        one at the start of the match, then one after each action of the log, so what a bot
        remembers depends on the match so far only. ``choose`` may be called at any time after.
        A bot that remembers nothing keeps this default, which does nothing."""
        return None

    @abstractmethod
    def choose(self, view: dict[str, Any], now: float) -> Action | None:
        """The action this bot takes now, or None to wait (not its turn, or nothing it wants).

        A bot that remembers also observes ``view`` first unless it was the last one observed, so
        a caller that only ever calls ``choose`` (a simulation) still plays a sensible game."""


class Game(ABC, Generic[State]):
    """Facts and rules of one game. Methods never mutate the state they are given."""

    id: str
    title: str
    min_players: int
    max_players: int
    option_specs: tuple[OptionSpec, ...] = ()

    # --- options -------------------------------------------------------------------------------
    def normalise_options(self, options: Any, players: int) -> dict[str, Any]:
        """Options completed with defaults and checked; raises RuleError with a reason."""
        if not isinstance(players, int) or isinstance(players, bool) or not (
            self.min_players <= players <= self.max_players
        ):
            raise RuleError(f"{self.title} is for {self.min_players}-{self.max_players} players")
        if options is None:
            options = {}
        if not isinstance(options, dict):
            raise RuleError("options must be an object")
        specs = {spec.key: spec for spec in self.option_specs}
        unknown = set(options) - set(specs)
        if unknown:
            raise RuleError(f"unknown option {sorted(unknown)[0]!r}")
        result = {}
        for key, spec in specs.items():
            value = options.get(key, spec.default)
            if spec.choices:
                if value not in spec.choices or type(value) is not type(spec.default):
                    raise RuleError(f"option {key!r} must be one of {list(spec.choices)}")
            else:
                if not isinstance(value, int) or isinstance(value, bool):
                    raise RuleError(f"option {key!r} must be a whole number")
                if spec.minimum is not None and value < spec.minimum:
                    raise RuleError(f"option {key!r} must be at least {spec.minimum}")
                if spec.maximum is not None and value > spec.maximum:
                    raise RuleError(f"option {key!r} must be at most {spec.maximum}")
            result[key] = value
        return result

    # --- the game ------------------------------------------------------------------------------
    @abstractmethod
    def setup(self, players: int, options: dict[str, Any], seed: int) -> State:
        """The starting state. ``options`` has been through normalise_options."""

    @abstractmethod
    def legal_actions(self, state: State, seat: int | None) -> list[Action]:
        """Every action ``seat`` may take now (empty when it may not act). Not for SYSTEM."""

    @abstractmethod
    def validate(self, state: State, seat: int | None, action: Any, now: float) -> str | None:
        """None when ``action`` (any JSON value, possibly malformed) is legal for ``seat`` at
        ``now``; otherwise a reason a player can read. Never raises."""

    @abstractmethod
    def _apply(self, state: State, seat: int | None, action: Action, now: float) -> tuple[State, list[Event]]:
        """Apply an action already validated; return the new state and the public events."""

    def apply(self, state: State, seat: int | None, action: Any, now: float) -> tuple[State, list[Event]]:
        """The new state and public events after ``seat`` plays ``action`` at ``now``.

        Raises RuleError with the reason if the action is illegal; the given state is unchanged.
        Public events describe only what every seat saw happen.
        """
        reason = self.validate(state, seat, action, now)
        if reason is not None:
            raise RuleError(reason)
        return self._apply(state, seat, action, now)

    @abstractmethod
    def next_deadline(self, state: State) -> float | None:
        """Game-clock time at which SYSTEM must apply TIMEOUT, or None if nothing is timed."""

    @abstractmethod
    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        """JSON-safe dict of all that ``seat`` (None: a spectator) may know, and nothing more.

        Always has ``"legal_actions"`` (that seat's legal actions, [] for a spectator),
        ``"seat"``, ``"deadline"`` (next_deadline) and ``"over"``.
        """

    @abstractmethod
    def is_over(self, state: State) -> bool:
        """True once the game has ended."""

    @abstractmethod
    def result(self, state: State) -> dict[str, Any] | None:
        """None while playing; then a JSON-safe summary with at least ``"winners"`` (list of seats;
        every seat in a won co-operative game, [] in a lost one) and ``"scores"`` (list per seat)."""

    @abstractmethod
    def to_json(self, state: State) -> dict[str, Any]:
        """The whole state as JSON-safe data; ``from_json(to_json(s)) == s``."""

    @abstractmethod
    def from_json(self, data: dict[str, Any]) -> State:
        """Rebuild a state from ``to_json`` output."""

    @abstractmethod
    def make_bot(self, seat: int, seed: int, level: str = "normal") -> Bot:
        """A bot for ``seat`` playing at ``level`` (see ``shared.levels``: easy, normal or hard);
        ``seed`` drives any randomness it uses. The level changes how it plays, never what it sees."""

    def check_invariants(self, state: State) -> None:
        """Raise AssertionError if the state breaks a conservation rule (used by tests and the sim)."""

    # --- helpers shared by every game ----------------------------------------------------------
    def state_hash(self, state: State) -> str:
        """A short stable fingerprint of the whole state."""
        return hashlib.sha256(canonical_json(self.to_json(state)).encode()).hexdigest()[:16]


def canonical_json(data: Any) -> str:
    """JSON with sorted keys and no spaces: equal data gives equal text."""
    return json.dumps(data, sort_keys=True, separators=(",", ":"), allow_nan=False)
