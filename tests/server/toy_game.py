"""A tiny timed game with secrets, for server tests: "Pepper". Registered as ``pepper`` by the fixtures.

Each seat holds a secret spice number (0-99) only it may see. Seats take turns adding 1-3
peppers to the pot; a turn lasts ``turn_seconds`` and then the clock passes it. After ``moves``
turns the seat whose secret is closest to the pot wins.
"""

from __future__ import annotations

import sys
import types
from dataclasses import dataclass
from typing import Any, Literal

from soupkitchen.shared.core import Bot, Game, GameFacts, MoveContext, OptionSpec, Registration
from soupkitchen.shared.models import CommonView, TimeoutEvent, TypedDict
from soupkitchen.shared.plain import Plain
from soupkitchen.shared.rng import rng_for

GAME_ID = "pepper"
MODULE = "soupkitchen_test_pepper"


@dataclass
class PepperState(Plain):
    players: int
    seed: int
    secrets: tuple[int, ...]
    moves_left: int
    turn: int = 0
    turn_started: float = 0.0
    pot: int = 0
    turn_seconds: int = 5


class Add(TypedDict):
    type: Literal["add"]
    n: int


class Added(TypedDict):
    type: Literal["added"]
    seat: int
    n: int


class PepperView(CommonView):
    legal_actions: list[Add]
    pot: int
    turn: int
    moves_left: int
    my_secret: int | None


class Pepper(Game[PepperState]):
    facts = GameFacts(
        GAME_ID,
        "Pepper",
        1,
        6,
        (
            OptionSpec("moves", "Turns", 6, minimum=1, maximum=200),
            OptionSpec("turn_seconds", "Seconds per turn", 5, minimum=1, maximum=600),
        ),
        real_time=True,
        hidden=("each seat's secret spice",),
    )
    state_type = PepperState
    view_type = PepperView
    move_type = Add
    event_type = Added | TimeoutEvent

    def setup(self, players: int, options: dict[str, Any], seed: int) -> PepperState:
        rng = rng_for(seed, "secrets")
        return PepperState(
            players,
            seed,
            tuple(rng.randrange(100) for _ in range(players)),
            options["moves"],
            turn_seconds=options["turn_seconds"],
        )

    def active_seats(self, state: PepperState) -> list[int]:
        return [] if self.is_over(state) else [state.turn]

    def list_moves(self, state: PepperState, seat: int) -> list[dict[str, Any]]:
        return [{"type": "add", "n": n} for n in (1, 2, 3)]

    def check_move(self, state, seat, action, listed) -> str | None:
        if set(action) != {"type", "n"}:
            return "you may only add peppers"
        return super().check_move(state, seat, action, listed) and "add 1, 2 or 3 peppers"

    def waiting_reason(self, state, seat, action) -> str | None:
        return "it is not your turn"

    def _add(self, ctx: MoveContext) -> None:
        state = ctx.state
        state.pot += ctx.action["n"]
        ctx.emit("added", seat=ctx.seat, n=ctx.action["n"])
        self._pass_turn(state, ctx.now)

    def _time_out(self, ctx: MoveContext) -> None:
        ctx.emit("timeout")
        self._pass_turn(ctx.state, ctx.now)

    @staticmethod
    def _pass_turn(state: PepperState, now: float) -> None:
        state.turn, state.turn_started, state.moves_left = (
            (state.turn + 1) % state.players,
            now,
            state.moves_left - 1,
        )

    moves = {"add": _add, "timeout": _time_out}

    def next_deadline(self, state: PepperState) -> float | None:
        return None if state.moves_left <= 0 else state.turn_started + state.turn_seconds

    def private_view(self, state: PepperState, seat: int | None) -> dict[str, Any]:
        return {
            "pot": state.pot,
            "turn": state.turn,
            "moves_left": state.moves_left,
            "my_secret": None if seat is None else state.secrets[seat],
        }

    def is_over(self, state: PepperState) -> bool:
        return state.moves_left <= 0

    def result(self, state: PepperState) -> dict[str, Any] | None:
        if not self.is_over(state):
            return None
        scores = [-abs(secret - state.pot) for secret in state.secrets]
        best = max(scores)
        return {"winners": [i for i, s in enumerate(scores) if s == best], "scores": scores}

    def make_bot(self, seat: int, seed: int, level: str = "normal") -> Bot:
        return PepperBot(seat, seed)


class PepperBot(Bot):
    def choose(self, view: dict[str, Any], now: float) -> dict[str, Any] | None:
        return view["legal_actions"][0] if view["legal_actions"] else None


GAME = Pepper()
REGISTRATION = Registration(facts=Pepper.facts, rules=MODULE, order=90)


def install() -> None:
    """Make ``soupkitchen.shared.registry.get_game("pepper")`` find this game (also in a server
    subprocess)."""
    from soupkitchen.shared import registry

    module = types.ModuleType(MODULE)
    module.GAME = GAME  # type: ignore[attr-defined]
    sys.modules[MODULE] = module
    registry.ADDED[GAME_ID] = REGISTRATION
