"""The conformance checks catch the faults they are there for: each broken variant of a tiny game
fails the check that names its fault, while the sound game passes them all."""

from __future__ import annotations

import random

import pytest
from pydantic import ValidationError

from soupkitchen.shared.conformance import (
    check_accepted_moves,
    check_legal_actions_validate,
    check_state,
)
from tests.core.test_protocol import CounterGame

GAME = CounterGame()


def started(game: CounterGame = GAME):
    return game.setup(3, game.normalise_options({}, 3), seed=4)


def test_the_sound_game_passes_every_check():
    state = started()
    check_state(GAME, state, 3)
    check_legal_actions_validate(GAME, state, 3, 1.0)
    check_accepted_moves(GAME, state, 3, 1.0, random.Random(1))


def test_moves_offered_to_a_seat_the_table_does_not_wait_for_are_caught():
    class Eager(CounterGame):
        def view(self, state, seat):
            return {**super().view(state, seat), "legal_actions": [{"type": "add", "n": 1}]}

    with pytest.raises(AssertionError, match="does not wait for it"):
        check_state(Eager(), started(), 3)


def test_a_seat_waited_for_with_nothing_to_do_is_caught():
    class Idle(CounterGame):
        def list_moves(self, state, seat):
            return []

    with pytest.raises(AssertionError, match="offered no move"):
        check_state(Idle(), started(), 3)


def test_a_renamed_view_key_is_caught():
    class Renamed(CounterGame):
        def private_view(self, state, seat):
            view = super().private_view(state, seat)
            view["sum"] = view.pop("total")
            return view

    with pytest.raises(ValidationError, match="total"):
        check_state(Renamed(), started(), 3)


def test_a_deadline_the_clock_does_not_keep_is_caught():
    class Late(CounterGame):
        def view(self, state, seat):
            view = super().view(state, seat)
            return {**view, "deadline": view["deadline"] + 1.0}

    with pytest.raises(AssertionError, match="the clock"):
        check_state(Late(), started(), 3)


def test_a_listed_move_the_rules_refuse_is_caught():
    class Boastful(CounterGame):
        def list_moves(self, state, seat):
            return [*super().list_moves(state, seat), {"type": "add", "n": 5}]

        def check_move(self, state, seat, action, listed):
            return super().check_move(state, seat, action, listed[:2])

    game = Boastful()
    with pytest.raises(AssertionError, match="is refused"):
        check_legal_actions_validate(game, started(game), 3, 1.0)


def test_a_complete_list_that_leaves_out_an_accepted_move_is_caught():
    class Lax(CounterGame):
        def check_move(self, state, seat, action, listed):
            return None if type(action.get("n")) is int and action["n"] in (1, 2, 3) else "add 1 or 2"

    game = Lax()
    with pytest.raises(AssertionError, match="accepted but was not listed"):
        check_accepted_moves(game, started(game), 3, 1.0, random.Random(1), tries=200)


def test_an_accepted_move_that_is_not_a_well_formed_move_is_caught():
    class Sloppy(CounterGame):
        def check_move(self, state, seat, action, listed):
            return None if action.get("n") in (1, 2) else "add 1 or 2"

    game = Sloppy()
    with pytest.raises(ValidationError):
        check_accepted_moves(game, started(game), 3, 1.0, random.Random(1), tries=200)
