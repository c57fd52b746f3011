"""Preparation: what every player holds and sees before the first turn, and the recipe choice."""

from __future__ import annotations

from collections import Counter

import pytest

from soupkitchen.shared.core import RuleError
from soupkitchen.shared.pot_pourri import GAME
from soupkitchen.shared.pot_pourri.cards import CUISINES, INGREDIENTS, RECIPES, ingredient_of
from soupkitchen.shared.pot_pourri.state import CHOOSE, TURN


@pytest.mark.parametrize("players", [3, 4, 5])
def test_each_player_gets_two_ingredients_and_three_recipes_and_the_pantry_shows_four(players):
    state = GAME.setup(players, GAME.normalise_options({}, players), seed=11)
    assert [len(hand) for hand in state.hands] == [2] * players
    assert len(state.pantry) == 4 and None not in state.pantry
    assert len(state.ingredient_draw) == 90 - 2 * players - 4
    assert [len(offer) for offer in state.offered] == [3] * players
    assert len(state.recipe_draw) == 55 - 3 * players
    assert all(not pan for pan in state.pans) and state.lid in (0, 1, 2)
    assert sorted(state.menu) == [0, 1, 2, 3, 4]
    view = GAME.view(state, 0)
    assert view["phase"] == CHOOSE and view["turn"] is None and view["active_seats"] == list(range(players))
    assert [square["stars"] for square in view["menu"]] == [5, 4, 3, 2, 1]
    assert all(square["cuisine"] in CUISINES for square in view["menu"])


def test_the_cards_are_the_rulebook_counts_and_every_recipe_has_six_ingredients():
    counts = Counter(ingredient_of(card) for card in range(90))
    assert counts == {kind: 9 for kind in INGREDIENTS} and len(INGREDIENTS) == 10
    assert Counter(recipe.cuisine for recipe in RECIPES) == {c: 11 for c in range(5)}
    assert all(
        len(recipe.ingredients) == 6 and set(recipe.ingredients) <= set(INGREDIENTS) for recipe in RECIPES
    )
    assert len({recipe.name for recipe in RECIPES}) == 55


def test_setups_differ_by_seed_and_repeat_for_the_same_seed():
    first = GAME.setup(4, {"cooking_pros": False}, 1)
    assert GAME.state_hash(first) == GAME.state_hash(GAME.setup(4, {"cooking_pros": False}, 1))
    assert GAME.state_hash(first) != GAME.state_hash(GAME.setup(4, {"cooking_pros": False}, 2))


def test_every_player_keeps_two_of_three_at_once_and_the_third_goes_face_up_on_the_discard():
    state = GAME.setup(3, {"cooking_pros": False}, 5)
    offers = [list(offer) for offer in state.offered]
    assert len(GAME.legal_actions(state, 2)) == 3 and len(GAME.legal_actions(state, 0)) == 3
    keep = sorted(offers[2][:2])
    state = GAME.apply(state, 2, {"type": "keep", "recipes": keep[::-1]}, 0.0)[0]  # any order
    assert sorted(state.books[2]) == keep
    assert state.recipe_discard == [offers[2][2]]
    view = GAME.view(state, 0)
    assert view["recipe_discard_top"]["id"] == offers[2][2]
    assert view["active_seats"] == [0, 1] and GAME.legal_actions(state, 2) == []
    with pytest.raises(RuleError, match="already chosen"):
        GAME.apply(state, 2, {"type": "keep", "recipes": keep}, 0.0)
    with pytest.raises(RuleError):
        GAME.apply(state, 0, {"type": "keep", "recipes": [offers[0][0]]}, 0.0)
    with pytest.raises(RuleError):
        GAME.apply(state, 0, {"type": "keep", "recipes": [offers[0][0], offers[1][0]]}, 0.0)
    for seat in (0, 1):
        state = GAME.apply(state, seat, GAME.legal_actions(state, seat)[0], 0.0)[0]
    assert state.phase == TURN and state.turn == 0
    assert GAME.view(state, 1)["turn"] == 0


def test_cooking_pros_is_an_option_that_hides_the_menu_tiles():
    options = GAME.normalise_options({"cooking_pros": True}, 3)
    state = GAME.setup(3, options, 5)
    assert all(square["cuisine"] is None and not square["face_up"] for square in GAME.view(state, 0)["menu"])
    with pytest.raises(RuleError):
        GAME.normalise_options({"cooking_pros": "yes"}, 3)
    with pytest.raises(RuleError):
        GAME.normalise_options({}, 2)
    with pytest.raises(RuleError):
        GAME.normalise_options({}, 6)


def test_a_state_copy_is_equal_and_shares_no_list_with_the_original(kit):
    state = kit.table(hands=[["fish"], ["rice"], []], pans=[["meat"], [], []])
    twin = state.copy()
    assert twin == state and GAME.to_json(twin) == GAME.to_json(state)
    twin.hands[0].append(twin.pans[0].pop())
    twin.track[1] = 5
    assert state.hands[0] != twin.hands[0] and state.pans[0] and state.track[1] == 0
    again = GAME.from_json(GAME.to_json(state))
    assert again == state and again.hands is not state.hands


def test_the_invariant_check_catches_a_doubled_or_lost_card(kit):
    state = kit.table(hands=[["fish"], [], []])
    state.hands[1].append(state.hands[0][0])
    with pytest.raises(AssertionError, match="ingredient"):
        GAME.check_invariants(state)
    state = kit.table()
    state.recipe_draw.pop()
    with pytest.raises(AssertionError, match="recipe"):
        GAME.check_invariants(state)
