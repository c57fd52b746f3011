"""The all-seeing reference team, the planner the references share, and the chef's levels."""

from __future__ import annotations

import json
import random

import pytest

from soupkitchen.server import sim
from soupkitchen.shared.playout import play
from soupkitchen.shared.too_many_cooks import GAME
from soupkitchen.shared.too_many_cooks.cards import COPIES, KINDS
from soupkitchen.shared.too_many_cooks.inference import effective
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


@pytest.mark.parametrize("reference", ["oracle", "witness"])
def test_no_reference_is_a_bot_a_table_can_seat(reference):
    with pytest.raises(ValueError, match="easy, normal, hard"):
        GAME.make_bot(0, 1, reference)


def test_an_easy_chef_misses_faces_and_a_hard_one_reads_every_one(tmc):
    """Shown the same faces over many soups, the hard chef narrows its guesses at the others'
    tastes furthest (every face rules tastes out) and the easy chef least: it misses faces and
    keeps only the last two moments in mind, where a normal chef keeps three and reads each face a
    move turned."""
    state = tmc.playing(4, seed=3, options={"difficulty": "moderate"})
    chefs = {level: GAME.make_bot(0, 1, level) for level in ("easy", "normal", "hard")}
    rng = random.Random(4)
    cards = [card for card in range(KINDS) for _ in range(COPIES)]
    for _ in range(30):
        state = tmc.with_soup(state, tuple(rng.sample(cards, 16)))
        for chef in chefs.values():
            chef.observe(GAME.view(state, 0))
    left = {
        level: sum(effective(chances) for chances in chef.hidden.beliefs().values())
        for level, chef in chefs.items()
    }
    assert left["hard"] < left["normal"] < left["easy"], left


@pytest.mark.slow
def test_at_hard_hard_chefs_keep_more_stars_than_normal_ones_and_normal_more_than_easy(capsys):
    """A short sweep on the simulator's table (the rules page has the long one): the levels differ
    where a table notices."""
    stars = {}
    for level in ("easy", "normal", "hard"):
        code = sim.main(
            [
                "too-many-cooks",
                "--players",
                "4",
                "--games",
                "12",
                "--seed",
                "1000",
                "--bots",
                level,
                "--options",
                '{"difficulty": "hard"}',
                "--json",
            ]
        )
        assert code == 0
        stars[level] = json.loads(capsys.readouterr().out.splitlines()[-1])["summary"]["mean_stars"]
    assert stars["hard"] > stars["normal"] > stars["easy"], stars
