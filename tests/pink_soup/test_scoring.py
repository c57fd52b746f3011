"""Scoring exactly as the rulebook counts it, its worked example, and the tie-breakers."""

from __future__ import annotations

import pytest

from soupkitchen.shared.pink_soup import GAME
from soupkitchen.shared.pink_soup.cards import KIND_BY_KEY, RECIPES, score

COLD_PINK = RECIPES[0]


def test_the_rulebook_example_scores_27():
    kitchen = ["eggs", "milk", "onion", "minced_meat", "mouse"]
    pot = ["salt", "beetroot", "dessert", "mouse", "chili"]
    result = score(COLD_PINK, pot, kitchen)
    assert result["total"] == 27 == 15 + 2 + 3 + 1 + 0 + 4 + 6 - 1 - 3
    assert result["completed"] and result["parts"]["ingredients"] == 10


def test_the_example_through_the_whole_game_result(kit):
    state = kit.table(
        players=2,
        turn=1,
        recipes=[0, 1],
        kitchen=[["eggs"], ["milk"], ["onion"], ["minced_meat"], ["mouse"]],
        pots=[["salt", "beetroot", "dessert", "mouse", "chili"], ["chili"]],
    )
    state.deck, state.removed = [], state.removed + state.deck
    state.ending, state.final_left, state.closed = "deck ran out", [1], [True, False]
    state = kit.act(state, 1, {"type": "pass"})
    result = GAME.result(state)
    assert result["scores"][0] == 27 and result["winners"] == [0]
    assert result["breakdown"][0]["parts"] == {
        "recipe": 15,
        "ingredients": 10,
        "desserts": 6,
        "chilis": -3,
        "mice": -1,
    }


def test_salt_counts_towards_completion_but_scores_nothing():
    with_salt = score(COLD_PINK, ["salt", "eggs", "milk", "onion"], ["dill"])
    assert with_salt["completed"] and with_salt["parts"]["ingredients"] == 2 + 3 + 1 + 1
    without = score(COLD_PINK, ["eggs", "milk", "onion"], ["dill"])
    assert not without["completed"] and without["total"] == 7


def test_the_same_ingredient_counts_once_for_completion_but_every_copy_scores():
    result = score(COLD_PINK, ["milk", "milk", "milk", "eggs"], ["eggs", "onion"])
    assert not result["completed"]
    assert result["total"] == 3 * 3 + 2 + 2 + 1


def test_ingredients_without_the_recipe_symbol_score_nothing():
    assert "minced_meat" not in COLD_PINK.suitable
    assert score(COLD_PINK, ["minced_meat", "potato"], ["carrot"])["total"] == 0


@pytest.mark.parametrize(("chilis", "points"), [(0, 0), (1, -3), (2, -6), (3, 15), (4, -12)])
def test_chilis_cost_three_each_but_exactly_three_make_a_spicy_soup(chilis, points):
    assert score(COLD_PINK, ["chili"] * chilis, [])["total"] == points


def test_desserts_chilis_and_mice_count_only_in_the_pot():
    assert score(COLD_PINK, [], ["dessert", "chili", "chili", "chili", "mouse"])["total"] == 0
    assert score(COLD_PINK, ["dessert", "dessert", "mouse"], [])["total"] == 11


def test_every_recipe_can_be_completed_with_five_different_suitable_kinds():
    for recipe in RECIPES:
        kinds = sorted(recipe.suitable)
        assert score(recipe, kinds[:3], kinds[3:5])["completed"]
        assert not score(recipe, kinds[:2], kinds[2:4])["completed"]
        assert sum(KIND_BY_KEY[key].copies for key in recipe.suitable) >= 25


def finished(kit, pots, recipes, kitchen=(("potato",),)):
    state = kit.table(
        players=len(pots), turn=0, recipes=recipes, kitchen=[list(pile) for pile in kitchen], pots=pots
    )
    state.deck, state.removed = [], state.removed + state.deck
    state.ending, state.final_left = "deck ran out", [0]
    state.closed = [False] + [True] * (len(pots) - 1)
    return kit.act(state, 0, {"type": "pass"})


def test_a_tie_goes_to_the_chef_who_completed_their_recipe(kit):
    # Cold Pink Soup completes with salt, eggs, onion, dill and milk: 15 + 7 = 22 points;
    # Borscht scores three desserts and two carrots: 18 + 4 = 22, without completing.
    pots = [["salt", "eggs", "onion", "dill", "milk"], ["dessert", "dessert", "dessert", "carrot", "carrot"]]
    result = GAME.result(finished(kit, pots, [0, 1], kitchen=[["mushrooms"]]))
    assert result["scores"] == [22, 22] and result["winners"] == [0]


def test_then_the_most_desserts_and_then_a_shared_victory(kit):
    pots = [["dessert", "dessert", "chili"], ["dessert", "carrot", "potato"]]
    result = GAME.result(finished(kit, pots, [0, 1], kitchen=[["mushrooms"]]))
    assert result["scores"] == [9, 9] and result["winners"] == [0]
    pots = [["dessert", "mouse"], ["dessert", "mouse"], ["chili"]]
    result = GAME.result(finished(kit, pots, [0, 1, 2], kitchen=[["mushrooms"]]))  # mushrooms suit seat 2
    assert result["scores"] == [5, 5, -1] and result["winners"] == [0, 1]


def test_only_the_top_card_of_a_kitchen_pile_scores(kit):
    pots = [["salt", "eggs", "onion", "dill"], ["chili"]]
    covered = GAME.result(finished(kit, pots, [0, 1], kitchen=[["milk", "potato"]]))
    on_top = GAME.result(finished(kit, pots, [0, 1], kitchen=[["potato", "milk"]]))
    assert covered["scores"][0] == 4 and not covered["breakdown"][0]["completed"]
    assert on_top["scores"][0] == 15 + 7 and on_top["breakdown"][0]["completed"]
