"""Many seeded random games: invariants, exact JSON, replay and secret-keeping after every action."""

from __future__ import annotations

import json
import random

import pytest

from soupkitchen.shared.conformance import (
    check_accepted_moves,
    check_legal_actions_validate,
    check_replay,
    check_state,
)
from soupkitchen.shared.match import replay
from soupkitchen.shared.playout import bot_chooser, play, random_chooser
from soupkitchen.shared.too_many_cooks import GAME
from soupkitchen.shared.too_many_cooks.cards import COPIES, KINDS
from soupkitchen.shared.too_many_cooks.tastes import TASTES_BY_ID
from tests.sweeps import sweep_games

GAMES = sweep_games(400)
CHUNKS = 4
ACTION_TYPES = {"ready", "change", "rotate", "pass"}
OPTION_SETS = [
    {"difficulty": "easy"},
    {"difficulty": "moderate"},
    {"difficulty": "hard"},
    {"mode": "all-day", "round_seconds": 600},
    {"mode": "unreasonable", "tastes": 13, "round_seconds": 120},
]


def secrets_of_others(state, seat):
    """Quoted ids and texts of personal tastes ``seat`` may not read yet."""
    if state.phase in ("reveal", "over"):
        return []
    hidden = []
    for taste, owner in zip(state.tastes, state.owners, strict=True):
        if owner is not None and owner != seat:
            hidden += [json.dumps(taste), json.dumps(TASTES_BY_ID[taste]["text"])]
    return hidden


def check_secrets(state):
    for seat in [*range(state.players), None]:
        view = GAME.view(state, seat)
        assert all(action["type"] in ACTION_TYPES for action in view.pop("legal_actions"))
        text = json.dumps(view)
        leaked = [secret for secret in secrets_of_others(state, seat) if secret in text]
        assert not leaked, f"seat {seat} sees {leaked} in phase {state.phase}"


def check_view_matches_state(state):
    for seat in range(state.players):
        view = GAME.view(state, seat)
        assert [t["id"] for t in view["my_tastes"]] == state.personal(seat)
        assert [len(chef["tastes"]) for chef in view["chefs"]] == [
            len(state.personal(s)) for s in range(state.players)
        ]
        cards = sum(len(row) for row in view["soup"]) + sum(spare["count"] for spare in view["spares"])
        assert cards == KINDS * COPIES


@pytest.mark.slow
@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_random_games_keep_every_rule(chunk):
    """Games chunk, chunk + CHUNKS, ... so the chunks can run side by side."""
    endings = dict.fromkeys(
        ("all_passed", "time_up", "rejoined", "five or more", "out of stars", "rounds survived"), 0
    )
    for number in range(chunk, GAMES, CHUNKS):
        players = 2 + number % 5
        options = OPTION_SETS[number // 5 % len(OPTION_SETS)]
        hashes = []
        closely = number % 20 == 0

        def observe(state, entry, hashes=hashes, closely=closely):
            seats = [*range(state.players), None]
            viewer = seats[len(hashes) % len(seats)]  # every view is checked; one in turn is typed and worded
            check_state(GAME, state, state.players, typed=None if closely else (viewer,))
            check_secrets(state)
            hashes.append(GAME.state_hash(state))
            if closely:
                check_view_matches_state(state)
                check_legal_actions_validate(GAME, state, state.players, entry["t"])
                check_accepted_moves(GAME, state, state.players, entry["t"], random.Random(len(hashes)))

        step = 20.0 + number % 21  # about 10-15 soup moves per five-minute round
        # every 25th game is cooked by bots, so rounds also end with every chef passed
        chooser = (
            bot_chooser(GAME, players, number)
            if number % 25 == 3
            else random_chooser(number, wait_chance=0.1)
        )
        result = play(GAME, players, number, chooser, options=options, step=step, observe=observe)
        check_replay(GAME, result.record, result.state)
        if closely:
            for upto in (1, len(hashes) // 2, len(hashes) - 1):
                assert GAME.state_hash(replay(result.record, upto)) == hashes[upto - 1]
        for event in result.events:
            if event["type"] in ("all_passed", "time_up", "rejoined"):
                endings[event["type"]] += 1
        final = result.state.reveal
        endings["five or more"] += final["unsatisfied"] >= 5
        endings["out of stars"] += final["lost"] and final["unsatisfied"] < 5 and final["stars_before"] == 0
        endings["rounds survived"] += not final["lost"]
    # the games meet every way a round and a game can end
    assert min(endings.values()) > 0, endings
