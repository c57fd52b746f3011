"""Saucepan full: the cook's recipe, co-chefs, star squares and the menu, clean-up, the end and the score."""

from __future__ import annotations

import pytest

from soupkitchen.shared.core import RuleError
from soupkitchen.shared.pot_pourri import GAME
from soupkitchen.shared.pot_pourri.cards import squares_for
from soupkitchen.shared.pot_pourri.rules import final_score
from soupkitchen.shared.pot_pourri.state import MENU, OVER, PEEK, SERVE, TURN

COOK_CHEESE = {"type": "cook", "ingredient": "cheese", "pan": 0}


def cheese_pan(kit, **fields):
    """Seat 0 can fill saucepan 1 (five cheeses) with a sixth cheese."""
    fields.setdefault("hands", [["cheese"], [], []])
    return kit.table(pans=[["cheese"] * 5, [], []], lid=2, **fields)


def redeem(kit, state, seat, name):
    return kit.act(state, seat, {"type": "redeem", "recipe": kit.recipe(name)})


def test_the_matches_table():
    assert [squares_for(n) for n in range(7)] == [0, 0, 1, 3, 5, 7, 9]


def test_the_cook_with_a_recipe_of_two_matches_must_serve_it(kit):
    state = kit.act(
        cheese_pan(kit, books=[["Syrniki", "Pelmeni"], ["Nachos", "Plov"], ["Ukha", "Pierogi"]]),
        0,
        COOK_CHEESE,
    )
    assert state.phase == SERVE and GAME.view(state, 1)["turn"] == 0
    legal = GAME.legal_actions(state, 0)
    assert [(a["type"], a["recipe"]) for a in legal] == [("redeem", kit.recipe("Syrniki"))], (
        "the cook may not decline"
    )
    for refused in ({"type": "decline"}, {"type": "redeem", "recipe": kit.recipe("Pelmeni")}):
        with pytest.raises(RuleError):
            kit.act(state, 0, refused)
    state = redeem(kit, state, 0, "Syrniki")
    assert state.track[0] == 3 + 1 and state.redeemed[0] == [kit.recipe("Syrniki")]
    assert [card["id"] for card in GAME.view(state, 2)["players"][0]["redeemed"]] == [kit.recipe("Syrniki")]


def test_a_cook_without_two_matches_serves_nothing_and_still_moves_one_square(kit):
    """A recipe can only be redeemed with at least two ingredients in the pan, the cook's too: filling
    a pan on purpose gains no recipe (none towards the sixth, no menu stars)."""
    state = kit.act(cheese_pan(kit), 0, COOK_CHEESE)
    legal = GAME.legal_actions(state, 0)
    assert [a["type"] for a in legal] == ["decline"] and "+1 square for cooking" in kit.words(
        state, 0, legal[0]
    )
    with pytest.raises(RuleError):
        redeem(kit, state, 0, "Paella")
    state = kit.act(state, 0, {"type": "decline"})
    assert state.track[0] == 1 and state.redeemed[0] == []
    assert kit.log(state, 2)[-1] == "Player 1 served nothing from saucepan 1: +1 square for cooking."


def test_co_chefs_follow_clockwise_and_need_two_matches(kit):
    state = kit.act(kit.act(cheese_pan(kit), 0, COOK_CHEESE), 0, {"type": "decline"})
    assert state.serve_queue[0][0] == 1
    legal = GAME.legal_actions(state, 1)
    assert [(a["type"], a.get("recipe")) for a in legal] == [
        ("redeem", kit.recipe("Nachos")),
        ("decline", None),
    ]
    with pytest.raises(RuleError):
        redeem(kit, state, 1, "Plov")  # no cheese in Plov
    with pytest.raises(RuleError, match="Player 2's move"):
        kit.act(state, 2, {"type": "decline"})
    state = redeem(kit, state, 1, "Nachos")
    assert state.track[1] == 1, "2 matches: 1 square, and no cooking square for a co-chef"
    assert [a["type"] for a in GAME.legal_actions(state, 2)] == ["decline"], "Pierogi has only 1 cheese"
    state = kit.act(state, 2, {"type": "decline"})
    assert state.phase == TURN and state.turn == 1


def test_clean_up_empties_the_full_pan_and_refills_every_cookery_book(kit):
    books = [["Pizza margherita", "Pelmeni"], ["Nachos", "Plov"], ["Ukha", "Pierogi"]]
    state = kit.act(cheese_pan(kit, books=books, recipe_deck=["Syrniki", "Borscht"]), 0, COOK_CHEESE)
    state = redeem(kit, state, 0, "Pizza margherita")
    state = redeem(kit, state, 1, "Nachos")
    state = kit.act(state, 2, {"type": "decline"})
    assert state.pans[0] == [] and len(state.ingredient_discard) == 6
    assert state.books[0] == [kit.recipe("Pelmeni"), kit.recipe("Borscht")], "the cook refills first"
    assert state.books[1] == [kit.recipe("Plov"), kit.recipe("Syrniki")]
    assert state.lid == 2, "the lid did not move"


def test_co_chef_order_starts_left_of_the_cook(kit):
    state = kit.table(players=4, turn=2, hands=[[], [], ["cheese"], []], pans=[["cheese"] * 5, [], []], lid=1)
    state = kit.act(state, 2, COOK_CHEESE)
    assert [entry[0] for entry in state.serve_queue] == [2, 3, 0, 1]


def test_a_perfect_dish_scores_nine_plus_one_and_two_full_pans_are_served_one_recipe_each(kit):
    state = kit.table(
        hands=[["tomatoes", "flour"], [], []],
        lid=2,
        pans=[["rice", "rice", "fish", "fish", "peppers"], ["flour", "meat", "meat", "onions", "onions"], []],
    )
    state = kit.act(state, 0, {"type": "cook", "ingredient": "tomatoes", "pan": 0})
    assert state.phase != SERVE, "one pan is full but a second card may still be cooked"
    state = kit.act(state, 0, {"type": "cook", "ingredient": "flour", "pan": 1})
    assert [entry[:2] for entry in state.serve_queue] == [[0, 0], [0, 1], [1, 0], [1, 1], [2, 0], [2, 1]]
    state = redeem(kit, state, 0, "Paella")
    assert state.track[0] == 10
    assert [a["recipe"] for a in GAME.legal_actions(state, 0)] == [kit.recipe("Pelmeni")]
    state = redeem(kit, state, 0, "Pelmeni")
    assert state.track[0] == 20
    assert state.serve_queue[0][:2] == [1, 0]


def test_the_last_chef_to_reach_a_star_square_may_swap_two_menu_tiles(kit):
    state = cheese_pan(kit, track=[7, 16, 0])
    state = kit.act(kit.act(state, 0, COOK_CHEESE), 0, {"type": "decline"})
    assert state.track[0] == 8 and state.crossings == [0]
    state = redeem(kit, state, 1, "Nachos")
    assert state.track[1] == 17
    state = kit.act(state, 2, {"type": "decline"})
    assert state.phase == MENU and GAME.view(state, 0)["turn"] == 1
    assert GAME.legal_actions(state, 0) == []
    assert len(GAME.legal_actions(state, 1)) == 11
    state = kit.act(state, 1, {"type": "swap_menu", "tiles": [4, 0]})
    assert state.menu == [4, 1, 2, 3, 0]
    menu = GAME.view(state, 2)["menu"]
    assert (menu[0]["cuisine"], menu[0]["stars"]) == ("French", 5)
    assert state.phase == TURN and state.turn == 1


def test_passing_no_star_square_means_no_menu_change_and_the_chef_may_leave_it(kit):
    serve_nothing = {"type": "decline"}
    state = kit.act(kit.act(cheese_pan(kit, track=[3, 0, 0]), 0, COOK_CHEESE), 0, serve_nothing)
    assert state.crossings == []
    state = kit.act(kit.act(state, 1, {"type": "decline"}), 2, {"type": "decline"})
    assert state.phase == TURN
    state = kit.act(kit.act(cheese_pan(kit, track=[25, 0, 0]), 0, COOK_CHEESE), 0, serve_nothing)
    state = kit.act(kit.act(state, 1, {"type": "decline"}), 2, {"type": "decline"})
    assert state.phase == MENU
    state = kit.act(state, 0, {"type": "keep_menu"})
    assert state.menu == [0, 1, 2, 3, 4] and state.phase == TURN


def test_the_game_ends_the_moment_a_sixth_recipe_is_redeemed(kit):
    five = ["Borscht", "Syrniki", "Goulash", "Solyanka", "Draniki"]
    books = [["Pizza margherita", "Pelmeni"], ["Nachos", "Plov"], ["Ukha", "Pierogi"]]
    state = cheese_pan(kit, redeemed=[five, [], []], track=[10, 12, 0], books=books)
    state = redeem(kit, kit.act(state, 0, COOK_CHEESE), 0, "Pizza margherita")
    assert state.phase == OVER and GAME.is_over(state)
    assert GAME.legal_actions(state, 1) == [], "co-chefs do not serve once the game has ended"
    result = GAME.result(state)
    # Slavic is on the 3-star square, Mediterranean on 4: 10 + 1 + 1 + 5*3 + 4 = 31 for seat 0
    assert result["scores"] == [31, 12, 0] and result["winners"] == [0]
    assert GAME.view(state, 1)["result"]["you_won"] is False and GAME.view(state, 0)["result"]["you_won"]
    with pytest.raises(RuleError, match="over"):
        kit.act(state, 1, {"type": "decline"})


def test_ties_go_to_more_recipes_in_the_players_own_colour_then_are_shared(kit):
    # Seat 0 plays Middle Eastern (5 stars), seat 1 Mediterranean (4 stars), seat 2 Slavic (3 stars).
    state = kit.table(
        redeemed=[["Kibbeh"], ["Sayadieh"], ["Paella", "Syrniki"]], track=[0, 0, 0], books=[[], [], []]
    )
    assert final_score(state)["scores"] == [5, 5, 7]
    state = kit.table(redeemed=[["Kibbeh"], ["Sayadieh"], []], track=[0, 0, 2], books=[[], [], []])
    result = final_score(state)
    assert result["scores"] == [5, 5, 2] and result["own_colour_recipes"] == [1, 0, 0]
    assert result["winners"] == [0]
    state = kit.table(redeemed=[["Paella"], ["Pizza margherita"], []], track=[0, 0, 2], books=[[], [], []])
    result = final_score(state)
    assert result["own_colour_recipes"] == [0, 1, 0] and result["winners"] == [1]
    state = kit.table(redeemed=[["Syrniki"], ["Pierogi"], []], track=[0, 0, 2], books=[[], [], []])
    assert final_score(state)["winners"] == [0, 1], "still tied: joint winners"


def pros_peeks(kit, learner: bool = False):
    """Seats 0 and 1 both pass a star square while serving a cheese pan (Cooking Pros)."""
    state = cheese_pan(kit, pros=True, track=[7, 16, 0])
    if learner:
        state.options["learner_memory"] = True
    state = kit.act(kit.act(state, 0, COOK_CHEESE), 0, {"type": "decline"})
    return kit.act(redeem(kit, state, 1, "Nachos"), 2, {"type": "decline"})


def test_cooking_pros_each_chef_passing_a_star_peeks_in_turn_and_the_tiles_stay_secret(kit):
    state = pros_peeks(kit)
    assert state.phase == PEEK and state.menu_queue == [0, 1], "both chefs who passed a star, in order"
    assert len(GAME.legal_actions(state, 0)) == 10
    state = kit.act(state, 0, {"type": "peek", "tiles": [0, 3]})
    mine = GAME.view(state, 0)["menu"]
    assert [square["cuisine"] for square in mine] == ["Middle Eastern", None, None, "American/Tex-Mex", None]
    assert all(square["cuisine"] is None for square in GAME.view(state, 1)["menu"])
    assert all(square["cuisine"] is None for square in GAME.view(state, None)["menu"])
    assert [a["type"] for a in GAME.legal_actions(state, 0)] == ["swap_menu", "keep_menu"]
    with pytest.raises(RuleError):
        kit.act(state, 0, {"type": "swap_menu", "tiles": [0, 1]})
    swapped, swap_events = GAME.apply(state, 0, {"type": "swap_menu", "tiles": [0, 3]}, 1.0)
    kept, keep_events = GAME.apply(state, 0, {"type": "keep_menu"}, 1.0)
    assert swapped.menu == [3, 1, 2, 0, 4] and kept.menu == [0, 1, 2, 3, 4]
    assert swap_events == keep_events, "nobody learns whether the tiles were swapped"
    assert GAME.view(swapped, 1)["log"] == GAME.view(kept, 1)["log"]
    assert swapped.phase == PEEK and GAME.view(swapped, 0)["turn"] == 1
    # Once the tiles are back face down, the chef who looked must remember them: the view forgets.
    assert all(s["cuisine"] is None for s in GAME.view(swapped, 0)["menu"])
    assert GAME.view(swapped, 0) == GAME.view(kept, 0)


def test_the_memory_aid_keeps_the_tiles_a_chef_looked_at(kit):
    state = kit.act(pros_peeks(kit, learner=True), 0, {"type": "peek", "tiles": [0, 3]})
    swapped = kit.act(state, 0, {"type": "swap_menu", "tiles": [0, 3]})
    assert GAME.view(swapped, 0)["learner_memory"] is True
    assert [s["cuisine"] for s in GAME.view(swapped, 0)["menu"]][:4] == [
        "American/Tex-Mex",
        None,
        None,
        "Middle Eastern",
    ]
    state = kit.act(swapped, 1, {"type": "peek", "tiles": [3, 4]})
    state = kit.act(state, 1, {"type": "keep_menu"})
    assert [s["cuisine"] for s in GAME.view(state, 0)["menu"]] == [
        "American/Tex-Mex",
        None,
        None,
        None,
        None,
    ], "a tile someone else handled is no longer known"
    assert state.phase == TURN


def test_cooking_pros_each_star_square_passed_gives_its_own_look(kit):
    """ "Each time someone moves their counter over square 8, 17 or 26": one move over two, two looks."""
    books = [["Syrniki", "Pelmeni"], ["Nachos", "Plov"], ["Ukha", "Pierogi"]]
    state = kit.table(
        pros=True,
        track=[7, 0, 0],
        books=books,
        hands=[["cheese"], [], []],
        lid=2,
        pans=[["cheese", "cheese", "flour", "flour", "flour"], [], []],
    )
    state = redeem(kit, kit.act(state, 0, COOK_CHEESE), 0, "Syrniki")
    assert state.track[0] == 7 + 9 + 1, "a perfect dish and the cooking square: over 8 and onto 17"
    state = kit.act(kit.act(state, 1, {"type": "decline"}), 2, {"type": "decline"})
    assert state.phase == PEEK and state.menu_queue == [0, 0]
    state = kit.act(kit.act(state, 0, {"type": "peek", "tiles": [0, 1]}), 0, {"type": "keep_menu"})
    assert state.phase == PEEK and GAME.view(state, 0)["turn"] == 0


def test_cooking_pros_tiles_are_turned_over_at_the_end(kit):
    five = ["Borscht", "Syrniki", "Goulash", "Solyanka", "Draniki"]
    books = [["Pizza margherita", "Pelmeni"], ["Nachos", "Plov"], ["Ukha", "Pierogi"]]
    state = cheese_pan(kit, pros=True, redeemed=[five, [], []], books=books)
    state = redeem(kit, kit.act(state, 0, COOK_CHEESE), 0, "Pizza margherita")
    assert [s["cuisine"] for s in GAME.view(state, 2)["menu"]] == [
        "Middle Eastern",
        "Mediterranean",
        "Slavic",
        "American/Tex-Mex",
        "French",
    ]
