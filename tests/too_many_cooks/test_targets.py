"""The soup a team aims for and the way there: it satisfies what it must, stays near the table, and
the steps to it are legal and reach it."""

from __future__ import annotations

import random

from soupkitchen.shared.too_many_cooks.cards import BASE_SOUPS, buildable
from soupkitchen.shared.too_many_cooks.moves import change_actions
from soupkitchen.shared.too_many_cooks.planner import Goal, after, to_action
from soupkitchen.shared.too_many_cooks.targets import change_cost, nearest_target, plan_to
from soupkitchen.shared.too_many_cooks.tastes import WITNESS_SOUPS, satisfied, tastes_of


def test_the_target_satisfies_the_tastes_is_buildable_and_no_farther_than_the_witness():
    rng = random.Random(4)
    for base in ("H1", "H2", "H3", "H4", "H5", "H6"):
        soup = BASE_SOUPS[base]
        for count in (7, 12, 20):
            tastes = rng.sample(tastes_of("hard"), count)
            target = nearest_target(tastes, soup, "hard")
            assert buildable(target) and all(satisfied(taste, target) for taste in tastes)
            assert change_cost(soup, target) <= change_cost(soup, WITNESS_SOUPS["hard"])


def test_the_steps_to_the_target_are_legal_and_reach_it(tmc):
    for seed in range(6):
        state = tmc.playing(3, seed=seed, options={"mode": "unreasonable", "tastes": 15})
        target = nearest_target(state.tastes, state.soup, "hard")
        steps = plan_to(state.soup, state.spares, target, Goal(state.tastes), most=64)
        spares = state.spares
        for move, soup in steps:
            action = to_action(move)
            assert action in change_actions(state.soup, spares)
            assert after(state.soup, spares, action) == soup
            state = tmc.with_soup(state, soup)
            spares = state.spares
        assert state.soup == target
