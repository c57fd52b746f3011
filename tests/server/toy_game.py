"""A tiny timed game with secrets, for server tests: "Pepper". Registered as ``pepper`` by the fixtures.

Each seat holds a secret spice number (0-99) only it may see. Seats take turns adding 1-3
peppers to the pot; a turn lasts ``turn_seconds`` and then the clock passes it. After ``moves``
turns the seat whose secret is closest to the pot wins.
"""

from __future__ import annotations

import sys
import types
from dataclasses import asdict, dataclass, replace
from typing import Any

from soupkitchen.shared.core import SYSTEM, Bot, Game, OptionSpec
from soupkitchen.shared.rng import rng_for

GAME_ID = "pepper"
MODULE = "soupkitchen_test_pepper"


@dataclass(frozen=True)
class PepperState:
    players: int
    seed: int
    secrets: tuple[int, ...]
    moves_left: int
    turn: int = 0
    turn_started: float = 0.0
    pot: int = 0
    turn_seconds: int = 5

    def to_json(self) -> dict[str, Any]:
        data = asdict(self)
        data["secrets"] = list(self.secrets)
        return data


class Pepper(Game[PepperState]):
    id = GAME_ID
    title = "Pepper"
    min_players = 1
    max_players = 6
    option_specs = (OptionSpec("moves", "Turns", 6, minimum=1, maximum=200),
                    OptionSpec("turn_seconds", "Seconds per turn", 5, minimum=1, maximum=600))

    def setup(self, players: int, options: dict[str, Any], seed: int) -> PepperState:
        rng = rng_for(seed, "secrets")
        return PepperState(players, seed, tuple(rng.randrange(100) for _ in range(players)),
                           options["moves"], turn_seconds=options["turn_seconds"])

    def legal_actions(self, state: PepperState, seat: int | None) -> list[dict[str, Any]]:
        if seat is None or seat != state.turn or state.moves_left <= 0:
            return []
        return [{"type": "add", "n": n} for n in (1, 2, 3)]

    def validate(self, state: PepperState, seat: int | None, action: Any, now: float) -> str | None:
        if state.moves_left <= 0:
            return "the game is over"
        if not isinstance(action, dict):
            return "an action is an object"
        if seat is SYSTEM:
            return None if action == {"type": "timeout"} else "the clock only times out"
        if not isinstance(seat, int) or seat != state.turn:
            return "it is not your turn"
        if action.get("type") != "add" or set(action) != {"type", "n"}:
            return "you may only add peppers"
        n = action.get("n")
        if not isinstance(n, int) or isinstance(n, bool) or not 1 <= n <= 3:
            return "add 1, 2 or 3 peppers"
        return None

    def _apply(self, state, seat, action, now):
        pot = state.pot + (0 if seat is SYSTEM else action["n"])
        new = replace(state, pot=pot, turn=(state.turn + 1) % state.players, turn_started=now,
                      moves_left=state.moves_left - 1)
        events = [{"type": "timeout"} if seat is SYSTEM else {"type": "added", "seat": seat, "n": action["n"]}]
        return new, events

    def next_deadline(self, state: PepperState) -> float | None:
        return None if state.moves_left <= 0 else state.turn_started + state.turn_seconds

    def view(self, state: PepperState, seat: int | None) -> dict[str, Any]:
        return {"seat": seat, "legal_actions": self.legal_actions(state, seat),
                "deadline": self.next_deadline(state), "over": self.is_over(state), "pot": state.pot,
                "turn": state.turn, "moves_left": state.moves_left,
                "my_secret": None if seat is None else state.secrets[seat], "result": self.result(state)}

    def is_over(self, state: PepperState) -> bool:
        return state.moves_left <= 0

    def result(self, state: PepperState) -> dict[str, Any] | None:
        if not self.is_over(state):
            return None
        scores = [-abs(secret - state.pot) for secret in state.secrets]
        best = max(scores)
        return {"winners": [i for i, s in enumerate(scores) if s == best], "scores": scores}

    def to_json(self, state: PepperState) -> dict[str, Any]:
        return state.to_json()

    def from_json(self, data: dict[str, Any]) -> PepperState:
        return PepperState(**{**data, "secrets": tuple(data["secrets"])})

    def make_bot(self, seat: int, seed: int, level: str = "normal") -> Bot:
        return PepperBot(seat, seed)


class PepperBot(Bot):
    def choose(self, view: dict[str, Any], now: float) -> dict[str, Any] | None:
        return view["legal_actions"][0] if view["legal_actions"] else None


GAME = Pepper()


def install() -> None:
    """Make ``soupkitchen.shared.registry.get_game("pepper")`` find this game (also in a server subprocess)."""
    from soupkitchen.shared import registry

    module = types.ModuleType(MODULE)
    module.GAME = GAME  # type: ignore[attr-defined]
    sys.modules[MODULE] = module
    registry.GAME_MODULES[GAME_ID] = MODULE
