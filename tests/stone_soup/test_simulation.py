"""Seeded whole games: random players with every check after every action, bots, determinism."""

from __future__ import annotations

import random

import pytest

from soupkitchen.shared.conformance import check_replay, check_state
from soupkitchen.shared.core import canonical_json
from soupkitchen.shared.match import replay
from soupkitchen.shared.playout import bot_chooser, play
from soupkitchen.shared.stone_soup import GAME
from tests.sweeps import sweep_games

PLAYER_COUNTS = (2, 3, 4, 5)
RANDOM_GAMES = sweep_games(200)  # per player count
CHUNKS = 5  # split so parallel test runners can share the work
RANDOM_WAIT = 0.97  # random players let most plays stand, so hands empty; challenges still happen


def run_checked_game(players: int, seed: int, table) -> None:
    """One random game with check_state and a redaction check after every action, replayed at its end
    (and at two random points on every tenth seed)."""
    rng = random.Random(seed)
    states: list = []

    def observe(state, entry) -> None:
        seats = [*range(players), None]
        viewer = seats[len(states) % len(seats)]  # typed, worded and redaction-checked in turn
        check_state(GAME, state, players, typed=(viewer,))
        table.check_redacted(state, viewer, rng)
        states.append(state)

    result = play(GAME, players, seed, table.random_player(seed, RANDOM_WAIT), observe=observe)
    assert GAME.is_over(result.state)
    check_replay(GAME, result.record, result.state)
    sampled = 2 if seed % 10 == 0 else 0  # mid-game replays on every tenth game keep the run short
    for upto in rng.sample(range(1, len(states) + 1), k=min(sampled, len(states))):
        assert GAME.state_hash(replay(result.record, upto)) == GAME.state_hash(states[upto - 1])


@pytest.mark.slow
@pytest.mark.parametrize("chunk", range(CHUNKS))
@pytest.mark.parametrize("players", PLAYER_COUNTS)
def test_random_games_keep_every_invariant(players, chunk, table):
    size = RANDOM_GAMES // CHUNKS
    for seed in range(1 + chunk * size, 1 + (chunk + 1) * size):
        run_checked_game(players, seed, table)


@pytest.mark.slow
@pytest.mark.parametrize("players", PLAYER_COUNTS)
def test_bot_games_finish_and_are_deterministic(players):
    finals = {}
    for seed in range(1, 101):
        result = play(GAME, players, seed, bot_chooser(GAME, players, seed))
        assert GAME.is_over(result.state)
        finals[seed] = (GAME.state_hash(result.state), canonical_json(result.record.log))
    for seed in range(1, 101, 5):  # the same seed plays the same game again
        again = play(GAME, players, seed, bot_chooser(GAME, players, seed))
        assert (GAME.state_hash(again.state), canonical_json(again.record.log)) == finals[seed]
        check_replay(GAME, again.record, again.state)
