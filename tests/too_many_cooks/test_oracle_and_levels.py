"""The all-seeing reference team, the planner it shares with the chef, and the chef's levels."""

from __future__ import annotations

import pytest

from soupkitchen.shared.playout import play
from soupkitchen.shared.too_many_cooks import GAME
from soupkitchen.shared.too_many_cooks.bot import FORGETS_AFTER
from soupkitchen.shared.too_many_cooks.oracle import AllSeeingKitchen
from soupkitchen.shared.too_many_cooks.planner import Goal, from_action, search, to_action
from soupkitchen.shared.too_many_cooks.tastes import satisfied

UNREASONABLE_12 = {"mode": "unreasonable", "tastes": 12}


def test_a_plan_is_legal_move_by_move_and_ends_on_a_soup_that_satisfies_every_taste(tmc):
    state = tmc.playing(4, seed=1000, options=UNREASONABLE_12)
    plan = search(Goal(state.tastes), state.soup, state.spares, width=12, depth=24, budget=300)
    assert plan.score == 0 and 0 < len(plan.moves) <= 24
    for move, soup in zip(plan.moves, plan.soups, strict=True):
        action = to_action(move)
        assert from_action(action) == move
        state, _events = GAME.apply(state.with_(turn=0, passed=(False,) * 4), 0, action, 1.0)
        assert state.soup == soup
    assert all(satisfied(taste, state.soup) for taste in state.tastes)


def test_the_all_seeing_team_wins_an_unreasonable_soup_in_few_moves():
    options = GAME.normalise_options(UNREASONABLE_12, 4)
    team = AllSeeingKitchen(GAME.setup(4, options, 1000))
    outcome = play(GAME, 4, 1000, team.choose, options=options, step=2.0, observe=team.follow)
    result = GAME.result(outcome.state)
    moves = [entry for entry in outcome.record.log if entry["action"]["type"] in ("change", "rotate")]
    assert result["won"] and len(moves) <= 20


def test_the_all_seeing_team_is_no_bot_a_table_can_seat():
    with pytest.raises(ValueError, match="easy, normal, hard"):
        GAME.make_bot(0, 1, "oracle")


def test_an_easy_chef_forgets_the_faces_it_saw_and_a_hard_one_does_not(tmc):
    state = tmc.playing(4, seed=3, options={"difficulty": "moderate"})
    easy, hard = GAME.make_bot(0, 1, "easy"), GAME.make_bot(0, 1, "hard")
    for bot in (easy, hard):
        bot.observe(GAME.view(state, 0))
    narrowed = dict(hard.hidden.slots)
    assert easy.hidden.slots == narrowed
    rotations = [{"type": "rotate", "line": "col", "index": i % 4, "step": 1} for i in range(FORGETS_AFTER)]
    for action in rotations:
        state, _events = GAME.apply(state, state.turn, action, 1.0)
        for bot in (easy, hard):
            bot.observe(GAME.view(state, 0))
    assert sum(map(len, hard.hidden.slots.values())) < sum(map(len, narrowed.values()))
    assert sum(map(len, easy.hidden.slots.values())) > sum(map(len, hard.hidden.slots.values()))


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_every_level_wins_most_hard_games(level):
    wins = 0
    for seed in range(3):
        bots = [GAME.make_bot(seat, seed * 10 + seat, level) for seat in range(4)]
        outcome = play(GAME, 4, seed, lambda seat, view, now, bots=bots: bots[seat].choose(view, now),
                       options={"difficulty": "hard"}, step=2.0)
        wins += GAME.result(outcome.state)["won"]
    assert wins >= 2
