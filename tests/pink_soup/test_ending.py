"""The two ways the game ends: the deck running out, and a declared last round."""

from __future__ import annotations

from soupkitchen.shared.pink_soup import GAME

FIVE_PILES = [["salt"], ["onion"], ["potato"], ["dill"], ["carrot"]]
FULL = ["salt", "onion", "potato", "dill", "carrot"]


def deck_of_two(kit, **table):
    """A table whose deck holds only two more cards (eggs on top of milk)."""
    state = kit.table(deck=["eggs", "milk"], **table)
    top_two = state.deck[-2:]
    state.removed += state.deck[:-2]
    state.deck = top_two
    GAME.check_invariants(state)
    return state


def test_when_the_deck_runs_out_every_chef_takes_one_limited_final_turn(kit):
    state = deck_of_two(kit, turn=1, kitchen=FIVE_PILES)
    state = kit.act(state, 1, {"type": "draw"})
    state = kit.act(state, 1, {"type": "kitchen", "card": 0, "place": 0})
    state = kit.act(state, 1, {"type": "pot", "seat": 1})
    assert state.ending == "deck ran out"
    assert state.turn == 2 and state.final_left == [2, 0, 1], (
        "from the next chef round to the one who emptied it"
    )
    assert kit.types(state, 2) == {"take", "pass"}
    assert "final turn" in kit.headline(state, 2)
    state = kit.act(state, 2, {"type": "take", "place": 1})
    assert state.closed == [False, False, True]
    assert GAME.view(state, 0)["players"][2]["closed"] is True
    state = kit.act(state, 0, {"type": "pass"})
    assert not GAME.is_over(state) and state.turn == 1
    state = kit.act(state, 1, {"type": "pass"})
    assert GAME.is_over(state) and state.turn is None and all(state.closed)
    assert (
        GAME.legal_actions(state, 1) == []
        and GAME.validate(state, 1, {"type": "pass"}, 1.0) == "the game is over"
    )


def test_the_final_turn_may_take_from_the_kitchen_with_fewer_than_five_piles(kit):
    state = deck_of_two(kit, kitchen=FIVE_PILES[:2])
    state.deck, state.removed = [], state.removed + state.deck
    state.ending, state.final_left = "deck ran out", [0, 1, 2]
    assert kit.types(state, 0) == {"take", "pass"}
    assert "draw" not in kit.types(state, 0)


def test_a_chef_may_declare_the_last_round_only_when_every_pot_is_full(kit):
    almost = kit.table(pots=[FULL[:4], FULL, FULL], deck=["eggs", "milk"])
    state = kit.act(almost, 0, {"type": "draw"})
    state = kit.act(state, 0, {"type": "kitchen", "card": 0, "place": 0})
    state = kit.act(state, 0, {"type": "pot", "seat": 0})
    assert state.turn == 0 and kit.types(state, 0) == {"declare", "continue"}
    played_on = kit.act(state, 0, {"type": "continue"})
    assert played_on.turn == 1 and played_on.ending == "playing"
    state = kit.act(state, 0, {"type": "declare"})
    assert state.ending == "last round declared" and state.closed == [True, False, False]
    assert state.turn == 1 and state.final_left == [1, 2]
    assert "draw" in kit.types(state, 1), "the other chefs take full final turns"
    not_full = kit.table(pots=[FULL[:3], FULL, FULL], deck=["eggs", "milk"])
    state = kit.act(
        kit.act(kit.act(not_full, 0, {"type": "draw"}), 0, {"type": "kitchen", "card": 0, "place": 0}),
        0,
        {"type": "pot", "seat": 0},
    )
    assert state.turn == 1 and "declare" not in kit.types(state, 0)


def test_the_last_round_may_be_declared_after_an_option_b_turn_too(kit):
    """The rulebook: with every pot full, after completing *your turn* (either option) you may declare."""
    state = kit.table(pots=[FULL, FULL, FULL], kitchen=FIVE_PILES, deck=["eggs", "milk"])
    state = kit.act(state, 0, {"type": "take", "place": 4})
    while state.turn == 0 and kit.types(state, 0) - {"declare", "continue"}:
        state = kit.act(state, 0, GAME.legal_actions(state, 0)[0])  # the blind pick that makes room
    assert state.turn == 0 and kit.types(state, 0) == {"declare", "continue"}
    assert "declare" in kit.headline(state, 0)


def test_the_last_active_chef_may_put_both_drawn_cards_into_the_kitchen(kit):
    state = kit.table(turn=2, pots=[FULL, FULL, FULL], kitchen=FIVE_PILES, deck=["eggs", "milk"])
    state.closed = [True, True, False]
    state.ending, state.final_left = "last round declared", [2]
    state = kit.act(state, 2, {"type": "draw"})
    state = kit.act(state, 2, {"type": "kitchen", "card": 0, "place": 0})
    assert kit.types(state, 2) == {"pot", "kitchen"}
    state = kit.act(state, 2, {"type": "kitchen", "card": 0, "place": 1})
    assert GAME.is_over(state)
    assert [pile["top"] for pile in GAME.view(state, 0)["kitchen"][:2]] == ["Milk (3)", "Eggs (2)"]


def test_a_chef_with_open_pots_around_may_not_put_the_second_card_in_the_kitchen(kit):
    state = kit.act(kit.table(deck=["eggs", "milk"]), 0, {"type": "draw"})
    state = kit.act(state, 0, {"type": "kitchen", "card": 0, "place": 0})
    assert "kitchen" not in kit.types(state, 0)


def test_when_it_is_over_every_view_shows_all_pots_recipes_and_the_result(kit):
    state = kit.table(turn=1, pots=[FULL, ["dessert"], ["chili"]], kitchen=FIVE_PILES)
    state.deck, state.removed = [], state.removed + state.deck
    state.ending, state.final_left, state.closed = "deck ran out", [1], [True, False, True]
    state = kit.act(state, 1, {"type": "pass"})
    for seat in (0, 1, 2, None):
        view = GAME.view(state, seat)
        assert view["over"] and view["phase"] == "over" and view["turn"] is None
        assert view["players"][2]["pot"] == ["Chili (-3)"]
        assert view["result"]["winners"] == [1] and view["result"]["scores"] == [4, 10, 0]
        assert len(view["result"]["recipes"]) == 3
