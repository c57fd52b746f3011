"""The common game protocol: options, playout on a simulated clock, replay, match records."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any, Literal

import pytest

from soupkitchen.shared.conformance import check_replay, check_state
from soupkitchen.shared.core import TIMEOUT, Bot, Game, GameFacts, MoveContext, OptionSpec, RuleError
from soupkitchen.shared.match import MatchRecord
from soupkitchen.shared.models import CommonView, TimeoutEvent, TypedDict
from soupkitchen.shared.plain import Plain
from soupkitchen.shared.playout import Stalled, play, random_chooser
from soupkitchen.shared.rng import rng_for


@dataclass
class CounterState(Plain):
    players: int
    target: int
    total: int
    turn: int
    turn_started: float
    secret: tuple[int, ...]
    timeouts: int = 0


class Add(TypedDict):
    type: Literal["add"]
    n: int


class Added(TypedDict):
    type: Literal["add"]
    seat: int
    n: int


class CounterView(CommonView):
    legal_actions: list[Add]
    total: int
    my_secret: int | None


class CounterGame(Game[CounterState]):
    """A tiny timed game: on your turn add 1 or 2; a turn not taken within 5 s passes."""

    facts = GameFacts(
        "counter",
        "Counter",
        2,
        4,
        (
            OptionSpec("target", "Target", 10, minimum=3, maximum=50),
            OptionSpec("speed", "Speed", "slow", choices=("slow", "fast")),
        ),
        real_time=True,
        hidden=("each seat's secret",),
    )
    state_type = CounterState
    view_type = CounterView
    move_type = Add
    event_type = Added | TimeoutEvent

    def setup(self, players, options, seed):
        secret = tuple(rng_for(seed, "secret").randrange(100) for _ in range(players))
        return CounterState(players, options["target"], 0, 0, 0.0, secret)

    def active_seats(self, state):
        return [] if self.is_over(state) else [state.turn]

    def list_moves(self, state, seat):
        return [{"type": "add", "n": 1}, {"type": "add", "n": 2}]

    def check_move(self, state, seat, action, listed):
        return super().check_move(state, seat, action, listed) and "add 1 or 2"

    def _add(self, ctx: MoveContext) -> None:
        ctx.state.total += ctx.action["n"]
        ctx.state.turn, ctx.state.turn_started = (ctx.seat + 1) % ctx.state.players, ctx.now
        ctx.emit("add", seat=ctx.seat, n=ctx.action["n"])

    def _time_out(self, ctx: MoveContext) -> None:
        state = ctx.state
        state.turn, state.turn_started, state.timeouts = (
            (state.turn + 1) % state.players,
            ctx.now,
            state.timeouts + 1,
        )
        ctx.emit("timeout")

    moves = {"add": _add, "timeout": _time_out}

    def next_deadline(self, state):
        return None if self.is_over(state) else state.turn_started + 5.0

    def private_view(self, state, seat) -> dict[str, Any]:
        return {"total": state.total, "my_secret": None if seat is None else state.secret[seat]}

    def is_over(self, state):
        return state.total >= state.target

    def result(self, state):
        if not self.is_over(state):
            return None
        winner = (state.turn - 1) % state.players
        return {"winners": [winner], "scores": [int(s == winner) for s in range(state.players)]}

    def make_bot(self, seat, seed, level="normal"):
        class Greedy(Bot):
            def choose(self, view, now):
                return view["legal_actions"][-1] if view["legal_actions"] else None

        return Greedy(seat, seed)


GAME = CounterGame()


def test_options_are_completed_with_defaults_and_checked():
    assert GAME.normalise_options({}, 2) == {"target": 10, "speed": "slow"}
    assert GAME.normalise_options(None, 3)["target"] == 10
    for bad, reason in [
        ({"target": 2}, "at least 3"),
        ({"target": "7"}, "whole number"),
        ({"speed": "warp"}, "one of"),
        ({"colour": 1}, "unknown option"),
        ({"target": True}, "whole number"),
    ]:
        with pytest.raises(RuleError, match=reason):
            GAME.normalise_options(bad, 2)
    with pytest.raises(RuleError, match="2-4 players"):
        GAME.normalise_options({}, 5)
    with pytest.raises(RuleError, match="options must be an object"):
        GAME.normalise_options([1], 2)


def test_apply_refuses_illegal_actions_and_leaves_the_state_alone():
    state = GAME.setup(2, GAME.normalise_options({}, 2), seed=7)
    with pytest.raises(RuleError, match="not your turn"):
        GAME.apply(state, 1, {"type": "add", "n": 1}, 0.5)
    with pytest.raises(RuleError, match="an action is an object"):
        GAME.apply(state, 0, "add", 0.5)
    assert state.total == 0 and state.turn == 0


def test_playout_fires_deadlines_when_nobody_acts_and_replays_exactly():
    states = []
    sleepy = random_chooser(3, wait_chance=0.6)
    outcome = play(GAME, 3, seed=11, chooser=sleepy, step=1.0, observe=lambda s, e: states.append(s))
    assert GAME.is_over(outcome.state)
    assert outcome.state.timeouts > 0, "waiting players must lose their turn to the clock"
    assert any(entry["seat"] is None and entry["action"] == TIMEOUT for entry in outcome.record.log)
    times = [entry["t"] for entry in outcome.record.log]
    assert times == sorted(times)
    check_replay(GAME, outcome.record, outcome.state)
    for state in states:
        check_state(GAME, state, 3)


def test_match_record_survives_json():
    outcome = play(GAME, 2, seed=5, chooser=random_chooser(5))
    text = json.dumps(outcome.record.to_json())
    again = MatchRecord.from_json(json.loads(text))
    assert again == outcome.record


def test_playout_reports_a_stuck_game():
    class Frozen(CounterGame):
        def next_deadline(self, state):
            return None

    with pytest.raises(Stalled):
        play(Frozen(), 2, seed=1, chooser=lambda seat, view, now: None)


def test_same_seed_same_game_different_seed_different_secrets():
    a = GAME.setup(4, GAME.normalise_options({}, 4), seed=1)
    b = GAME.setup(4, GAME.normalise_options({}, 4), seed=1)
    c = GAME.setup(4, GAME.normalise_options({}, 4), seed=2)
    assert a == b and a.secret != c.secret
