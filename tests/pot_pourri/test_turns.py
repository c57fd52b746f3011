"""A turn: A) take two ingredients (with the pantry refresh), B) cook and move the lid, C) swap recipes."""

from __future__ import annotations

import pytest

from soupkitchen.shared.core import RuleError
from soupkitchen.shared.pot_pourri import GAME, describe
from soupkitchen.shared.pot_pourri.cards import ingredient_of
from soupkitchen.shared.pot_pourri.state import COOK, KEEP, LID, SERVE, TAKE, TURN

PANTRY = {"type": "take", "source": "pantry"}
DRAW = {"type": "take", "source": "draw"}


def test_a_player_takes_two_from_the_pantry_and_the_gaps_are_refilled_only_at_the_end_of_the_turn(kit):
    state = kit.table(hands=[["onions"], [], []], deck=["carrots", "peppers"])
    state = kit.act(state, 0, {**PANTRY, "ingredient": "rice"})
    assert state.phase == TAKE and state.turn == 0
    assert [None if c is None else ingredient_of(c) for c in state.pantry] == ["fish", "meat", None, "cheese"]
    assert kit.types(state, 0) == {"take"}, "no cooking or swapping after taking the first card"
    state = kit.act(state, 0, {**PANTRY, "ingredient": "fish"})
    assert kit.kinds(state.hands[0]) == ["fish", "onions", "rice"]
    assert [ingredient_of(c) for c in state.pantry] == ["peppers", "meat", "carrots", "cheese"], (
        "top card first"
    )
    assert state.phase == TURN and state.turn == 1


def test_a_player_may_take_one_from_the_pantry_and_one_from_the_draw_pile(kit):
    state = kit.table(deck=["tomatoes", "carrots"])
    state = kit.act(state, 0, DRAW)
    assert kit.kinds(state.hands[0]) == ["carrots"]
    state = kit.act(state, 0, {**PANTRY, "ingredient": "cheese"})
    assert kit.kinds(state.hands[0]) == ["carrots", "cheese"]
    assert ingredient_of(state.pantry[3]) == "tomatoes"
    assert state.turn == 1


def test_taking_from_the_pantry_an_ingredient_it_does_not_show_is_refused(kit):
    state = kit.table()
    with pytest.raises(RuleError):
        kit.act(state, 0, {**PANTRY, "ingredient": "onions"})
    with pytest.raises(RuleError, match="Player 1's move"):
        kit.act(state, 1, DRAW)


def test_an_empty_draw_pile_is_refilled_by_shuffling_the_discard_pile(kit):
    state = kit.table()
    discard = list(state.ingredient_draw[:-1])
    state.ingredient_discard, state.ingredient_draw = discard, state.ingredient_draw[-1:]
    GAME.check_invariants(state)
    state = kit.act(state, 0, DRAW)
    assert not state.ingredient_draw and len(state.ingredient_discard) == len(discard)
    state, events = GAME.apply(state, 0, DRAW, 1.0)
    assert len(state.ingredient_draw) == len(discard) - 1 and not state.ingredient_discard
    assert any("shuffled" in describe.event_words(event) for event in events)
    assert len(state.hands[0]) == 2


def test_the_pantry_refresh_discards_one_hand_card_and_the_pantry_once_per_turn_at_its_start(kit):
    state = kit.table(hands=[["onions", "fish"], [], []], deck=["rice", "rice", "rice", "rice"])
    old_pantry = list(state.pantry)
    state = kit.act(state, 0, {"type": "refresh_pantry", "ingredient": "onions"})
    assert [ingredient_of(c) for c in state.pantry] == ["rice"] * 4
    assert sorted(state.ingredient_discard) == sorted([*old_pantry, state.ingredient_discard[0]])
    assert kit.kinds(state.hands[0]) == ["fish"] and state.phase == TURN and state.turn == 0
    assert "refresh_pantry" not in kit.types(state, 0)
    assert kit.types(state, 0) == {"take", "cook", "swap_recipes"}
    state = kit.act(state, 0, {**PANTRY, "ingredient": "rice"})
    assert "refresh_pantry" not in kit.types(state, 0)
    with pytest.raises(RuleError):
        kit.act(state, 0, {"type": "refresh_pantry", "ingredient": "fish"})
    state = kit.act(state, 0, DRAW)
    assert state.turn == 1 and not state.refreshed


def test_refreshing_needs_a_card_in_hand(kit):
    assert "refresh_pantry" not in kit.types(kit.table(), 0)
    with pytest.raises(RuleError):
        kit.act(kit.table(), 0, {"type": "refresh_pantry", "ingredient": "fish"})


def test_cooking_puts_one_or_two_cards_into_uncovered_pans_then_the_lid_must_move(kit):
    state = kit.table(hands=[["fish", "rice", "cheese"], [], []], lid=2)
    assert {a["pan"] for a in GAME.legal_actions(state, 0) if a["type"] == "cook"} == {0, 1}
    with pytest.raises(RuleError):
        kit.act(state, 0, {"type": "cook", "ingredient": "fish", "pan": 2})
    state = kit.act(state, 0, {"type": "cook", "ingredient": "fish", "pan": 0})
    assert state.phase == COOK and kit.types(state, 0) == {"cook", "stop_cooking"}
    state = kit.act(state, 0, {"type": "cook", "ingredient": "rice", "pan": 0})
    assert state.phase == LID and kit.kinds(state.pans[0]) == ["fish", "rice"]
    assert [a["pan"] for a in GAME.legal_actions(state, 0)] == [0, 1], "the lid must go to another pan"
    with pytest.raises(RuleError):
        kit.act(state, 0, {"type": "move_lid", "pan": 2})
    state = kit.act(state, 0, {"type": "move_lid", "pan": 0})
    assert state.lid == 0 and state.turn == 1 and kit.kinds(state.hands[0]) == ["cheese"]


def test_a_cook_may_stop_after_one_card(kit):
    state = kit.table(hands=[["fish", "rice"], [], []], lid=0)
    state = kit.act(state, 0, {"type": "cook", "ingredient": "rice", "pan": 2})
    state = kit.act(state, 0, {"type": "stop_cooking"})
    assert state.phase == LID and kit.kinds(state.hands[0]) == ["fish"]
    state = kit.act(state, 0, {"type": "move_lid", "pan": 1})
    assert state.lid == 1 and state.turn == 1


def test_cooking_needs_the_ingredient_in_hand_and_a_pan_with_room(kit):
    state = kit.table(hands=[["fish", "fish"], [], []], lid=2, pans=[["rice"] * 5, [], []])
    with pytest.raises(RuleError):
        kit.act(state, 0, {"type": "cook", "ingredient": "meat", "pan": 0})
    state = kit.act(state, 0, {"type": "cook", "ingredient": "fish", "pan": 0})
    assert len(state.pans[0]) == 6
    assert {(a["type"], a.get("pan")) for a in GAME.legal_actions(state, 0)} == {
        ("cook", 1),
        ("stop_cooking", None),
    }
    with pytest.raises(RuleError):
        kit.act(state, 0, {"type": "cook", "ingredient": "fish", "pan": 0})


def test_a_last_card_ends_cooking_at_once_and_a_full_pan_keeps_the_lid_where_it_is(kit):
    state = kit.table(hands=[["fish"], [], []], lid=1, pans=[["rice"] * 5, [], []])
    state = kit.act(state, 0, {"type": "cook", "ingredient": "fish", "pan": 0})
    assert state.phase == SERVE and state.lid == 1


def test_swapping_recipes_draws_two_and_keeps_two_of_four_the_rest_face_up(kit):
    state = kit.table(recipe_deck=["Borscht", "Syrniki"])
    book = list(state.books[0])
    state = kit.act(state, 0, {"type": "swap_recipes"})
    assert state.phase == KEEP and sorted(state.offered[0]) == sorted(
        [*book, kit.recipe("Borscht"), kit.recipe("Syrniki")]
    )
    assert len(GAME.legal_actions(state, 0)) == 6
    view = GAME.view(state, 0)
    assert {card["name"] for card in view["choosing_from"]} == {"Paella", "Pelmeni", "Borscht", "Syrniki"}
    assert (
        GAME.view(state, 1)["choosing_from"] == []
        and GAME.view(state, 1)["players"][0]["choosing_count"] == 4
    )
    keep = sorted([kit.recipe("Borscht"), kit.recipe("Paella")])
    state = kit.act(state, 0, {"type": "keep", "recipes": keep})
    assert sorted(state.books[0]) == keep and state.recipe_discard[-2:] == [
        kit.recipe("Pelmeni"),
        kit.recipe("Syrniki"),
    ]
    assert state.turn == 1


def test_an_empty_recipe_pile_is_refilled_from_the_recipe_discards(kit):
    state = kit.table()
    state.recipe_discard, state.recipe_draw = state.recipe_draw, []
    state = kit.act(state, 0, {"type": "swap_recipes"})
    assert len(state.offered[0]) == 4 and state.shuffles == 1


def test_hands_have_no_limit(kit):
    state = kit.table(hands=[["onions"] * 9 + ["carrots"] * 9 + ["rice"] * 5, [], []], pantry=["fish"] * 4)
    state = kit.act(kit.act(state, 0, DRAW), 0, DRAW)
    assert len(state.hands[0]) == 25


def test_a_chef_who_can_do_nothing_at_all_may_only_pass(kit):
    from soupkitchen.shared.pot_pourri.cards import INGREDIENTS, RECIPES

    everything = [kind for kind in INGREDIENTS for _ in range(9)]
    names = [recipe.name for recipe in RECIPES]
    books = [[], names[:2], names[2:4]]
    state = kit.table(
        hands=[[], everything[:45], everything[45:]],
        pantry=[None] * 4,
        books=books,
        redeemed=[[], names[4:30], names[30:]],
    )
    assert not state.ingredient_draw and not state.recipe_draw
    assert GAME.legal_actions(state, 0) == [{"type": "pass"}]
    assert kit.words(state, 0, {"type": "pass"}) == "Pass (nothing else is possible)"
    state = kit.act(state, 0, {"type": "pass"})
    assert state.turn == 1
