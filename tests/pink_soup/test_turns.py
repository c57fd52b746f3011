"""Setup, option A, option B, the Shared Kitchen and full pots, as a chef at the table sees them."""

from __future__ import annotations

from soupkitchen.shared.pink_soup import GAME
from soupkitchen.shared.pink_soup.cards import DECK_SIZE, KINDS, RECIPES

FIVE_PILES = [["salt"], ["onion"], ["potato"], ["dill"], ["carrot"]]


def test_setup_deals_a_secret_recipe_to_each_chef_and_a_full_deck(kit):
    state = GAME.setup(4, GAME.normalise_options({}, 4), 11)
    assert len(set(state.recipes)) == 4
    assert len(state.deck) == DECK_SIZE == 70
    assert state.kitchen == [[]] * 5 and all(pot == [] for pot in state.pots)
    for seat in range(4):
        view = GAME.view(state, seat)
        assert view["recipe"]["name"] == RECIPES[state.recipes[seat]].name
        text = str(view)
        for other in range(4):
            if RECIPES[state.recipes[other]].name != view["recipe"]["name"]:
                assert RECIPES[state.recipes[other]].name not in text
    assert GAME.view(state, None)["recipe"] is None
    assert GAME.view(state, state.turn)["legal_actions"] == [{"type": "draw"}]
    assert kit.words(state, state.turn, {"type": "draw"}) == "Draw 2 cards (option A)"


def test_the_deck_and_recipes_match_the_rulebook():
    assert len(RECIPES) == 12 and sum(kind.copies for kind in KINDS) == 70
    values = {kind.key: kind.value for kind in KINDS}
    assert (values["eggs"], values["milk"], values["onion"], values["minced_meat"], values["salt"]) == (
        2,
        3,
        1,
        1,
        0,
    )
    assert (values["beetroot"], values["dessert"], values["mouse"], values["chili"]) == (4, 6, -1, -3)
    cold_pink = RECIPES[0]
    assert cold_pink.name == "Cold Pink Soup" and cold_pink.points == 15
    assert "minced_meat" not in cold_pink.suitable
    assert {"eggs", "milk", "onion", "salt", "beetroot"} <= cold_pink.suitable
    for recipe in RECIPES:
        assert "salt" in recipe.suitable and len(recipe.suitable) == 7
    assert len({recipe.suitable for recipe in RECIPES}) == 12


def test_option_a_draws_two_cards_only_the_drawer_sees(kit):
    state = kit.act(kit.table(deck=["dessert", "chili"]), 0, {"type": "draw"})
    assert GAME.view(state, 0)["hand"] == ["Chili (-3)", "Dessert (6)"]
    for seat in (1, 2, None):
        view = GAME.view(state, seat)
        assert view["hand"] == [] and view["hand_size"] == 2
    assert len(state.deck) == 68
    # the first kitchen card starts a new pile while there are fewer than five
    choices = GAME.legal_actions(state, 0)
    assert {(a["card"], a["place"]) for a in choices} == {(0, 0), (1, 0)}
    state = kit.act(state, 0, {"type": "kitchen", "card": 1, "place": 0})
    assert [pile and pile["top"] for pile in GAME.view(state, 2)["kitchen"]] == ["Dessert (6)", *[None] * 4]
    assert GAME.view(state, 0)["hand"] == ["Chili (-3)"] and GAME.view(state, 1)["hand"] == []


def test_with_five_piles_a_kitchen_card_covers_any_pile_and_only_tops_show(kit):
    state = kit.act(kit.table(kitchen=FIVE_PILES, deck=["dessert", "milk"]), 0, {"type": "draw"})
    assert {a["place"] for a in GAME.legal_actions(state, 0)} == {0, 1, 2, 3, 4}
    state = kit.act(state, 0, {"type": "kitchen", "card": 0, "place": 3})
    kitchen = GAME.view(state, 1)["kitchen"]
    assert len(kitchen) == 5 and kitchen[3] == {"top": "Milk (3)", "size": 2}
    assert "Dill" not in str(GAME.view(state, 1)["kitchen"])


def test_second_card_into_own_pot_is_remembered_only_by_its_owner(kit):
    state = kit.act(kit.table(deck=["dessert", "milk"]), 0, {"type": "draw"})
    state = kit.act(state, 0, {"type": "kitchen", "card": 0, "place": 0})
    assert kit.types(state, 0) == {"pot"}
    assert {a["seat"] for a in GAME.legal_actions(state, 0)} == {0, 1, 2}
    state = kit.act(state, 0, {"type": "pot", "seat": 0})
    assert GAME.view(state, 0)["players"][0]["pot"] == ["Dessert (6)"]
    assert GAME.view(state, 1)["players"][0]["pot"] == [None]
    assert state.turn == 1


def test_a_card_given_to_another_chef_stays_hidden_from_them(kit):
    state = kit.act(kit.table(deck=["chili", "milk"]), 0, {"type": "draw"})
    state = kit.act(state, 0, {"type": "kitchen", "card": 0, "place": 0})
    state = kit.act(state, 0, {"type": "pot", "seat": 2})
    assert GAME.view(state, 2)["players"][2]["pot"] == [None]
    assert GAME.view(state, 0)["players"][2]["pot"] == ["Chili (-3)"]
    assert "Chef 1 puts a card face down into Chef 3's pot" in kit.log(state, 2)[-1]


def test_own_full_pot_blind_pick_goes_to_the_kitchen_and_the_new_card_takes_its_place(kit):
    pots = [["mouse", "salt", "eggs", "milk", "chili"], [], []]
    state = kit.table(pots=pots, known={0: []}, deck=["dessert", "onion"])
    state = kit.act(state, 0, {"type": "draw"})
    state = kit.act(state, 0, {"type": "kitchen", "card": 1, "place": 0})
    state = kit.act(state, 0, {"type": "pot", "seat": 0})
    slots = GAME.legal_actions(state, 0)
    assert [a["slot"] for a in slots] == [0, 1, 2, 3, 4]
    assert [kit.words(state, 0, a) for a in slots] == [f"Pick card {i} of your pot" for i in range(1, 6)], (
        "a blind pick shows nothing you forgot"
    )
    state = kit.act(state, 0, {"type": "slot", "slot": 4})
    view = GAME.view(state, 1)
    assert [pile and pile["top"] for pile in view["kitchen"]] == [
        "Dessert (6)",
        "Chili (-3)",
        None,
        None,
        None,
    ]
    assert GAME.view(state, 0)["players"][0]["pot"] == [None, None, None, None, "Onions (1)"]
    assert len(state.pots[0]) == 5 and state.turn == 1


def test_own_full_pot_with_five_piles_lets_the_chef_choose_the_pile_for_the_revealed_card(kit):
    pots = [["mouse", "salt", "eggs", "milk", "chili"], [], []]
    state = kit.table(kitchen=FIVE_PILES, pots=pots, deck=["dessert", "onion"])
    state = kit.act(state, 0, {"type": "draw"})
    state = kit.act(state, 0, {"type": "kitchen", "card": 1, "place": 0})
    state = kit.act(state, 0, {"type": "pot", "seat": 0})
    state = kit.act(state, 0, {"type": "slot", "slot": 0})
    assert GAME.view(state, 2)["pending"]["revealed"] == "Mouse (-1)"
    assert {a["place"] for a in GAME.legal_actions(state, 0)} == {0, 1, 2, 3, 4}
    state = kit.act(state, 0, {"type": "discard", "place": 2})
    assert GAME.view(state, 1)["kitchen"][2] == {"top": "Mouse (-1)", "size": 2}
    assert state.turn == 1


def test_another_chefs_full_pot_loses_a_revealed_card_from_the_game(kit):
    pots = [[], ["dessert", "salt", "eggs", "milk", "chili"], []]
    state = kit.table(pots=pots, deck=["mouse", "onion"])
    state = kit.act(state, 0, {"type": "draw"})
    state = kit.act(state, 0, {"type": "kitchen", "card": 0, "place": 0})
    state = kit.act(state, 0, {"type": "pot", "seat": 1})
    assert "incoming" not in GAME.view(state, 1)["pending"]
    assert GAME.view(state, 0)["pending"]["incoming"] == "Mouse (-1)"
    state = kit.act(state, 0, {"type": "slot", "slot": 0})
    assert GAME.view(state, 2)["removed"] == ["Dessert (6)"]
    assert GAME.view(state, 1)["players"][1]["pot"] == [None] * 5, "chef 2 must remember their own cards"
    assert GAME.view(state, 0)["players"][1]["pot"] == ["Mouse (-1)", None, None, None, None]
    assert sum(1 for pile in GAME.view(state, 2)["kitchen"] if pile) == 1


def test_option_b_needs_five_piles_and_takes_a_top_card_into_your_own_pot(kit):
    four = kit.table(kitchen=FIVE_PILES[:4])
    assert kit.types(four, 0) == {"draw"}
    assert GAME.validate(four, 0, {"type": "take", "place": 0}, 1.0) is not None
    state = kit.table(kitchen=[["eggs", "milk"], *FIVE_PILES[1:]])
    takes = [a for a in GAME.legal_actions(state, 0) if a["type"] == "take"]
    assert [a["place"] for a in takes] == [0, 1, 2, 3, 4]
    assert GAME.validate(state, 0, {"type": "take", "place": 0, "seat": 1}, 1.0) is not None
    state = kit.act(state, 0, {"type": "take", "place": 0})
    assert GAME.view(state, 1)["kitchen"][0] == {"top": "Eggs (2)", "size": 1}
    # everyone saw the face-up card go into the pot
    assert GAME.view(state, 2)["players"][0]["pot"] == ["Milk (3)"]
    emptied = kit.act(kit.table(kitchen=FIVE_PILES), 0, {"type": "take", "place": 4})
    assert emptied.kitchen[4] == [] and kit.types(emptied, 1) == {"draw"}


def test_an_emptied_pile_keeps_its_place_and_the_others_keep_their_numbers(kit):
    state = kit.table(kitchen=FIVE_PILES, deck=["eggs", "dessert"])
    state = kit.act(state, 0, {"type": "take", "place": 1})  # the onions were pile 2, alone
    view = GAME.view(state, 1)
    assert [pile and pile["top"] for pile in view["kitchen"]] == [
        "Salt (0)",
        None,
        "Potatoes (1)",
        "Dill (1)",
        "Carrots (2)",
    ], "the potatoes are still pile 3: nothing moved up"
    assert kit.types(state, 1) == {"draw"}, "four piles: no option B"
    assert GAME.validate(state, 1, {"type": "take", "place": 1}, 1.0) is not None
    state = kit.act(state, 1, {"type": "draw"})
    assert [a["place"] for a in GAME.legal_actions(state, 1)] == [1, 1], "a new pile fills the empty place"
    state = kit.act(state, 1, {"type": "kitchen", "card": 1, "place": 1})
    assert GAME.view(state, 2)["kitchen"][1] == {"top": "Eggs (2)", "size": 1}
    assert kit.log(state, 2)[-1] == "Chef 2 puts Eggs (2) face up on kitchen pile 2, a new pile."
    limited = kit.table(kitchen=[["salt"], [], ["dill"]])
    limited.deck, limited.removed = [], limited.deck
    limited.ending, limited.final_left = "deck ran out", [0, 1, 2]
    assert [a.get("place") for a in GAME.legal_actions(limited, 0)] == [0, 2, None], "only piles are taken"
    assert GAME.validate(limited, 0, {"type": "take", "place": 1}, 1.0).code == "empty_place"


def test_option_b_into_a_full_pot_swaps_a_blind_pick_out_to_the_kitchen(kit):
    pots = [["chili", "salt", "eggs", "milk", "dill"], [], []]
    state = kit.table(kitchen=[["dessert", "beetroot"], *FIVE_PILES[1:]], pots=pots)
    state = kit.act(state, 0, {"type": "take", "place": 0})
    state = kit.act(state, 0, {"type": "slot", "slot": 0})
    # the taken card left the kitchen first, so the revealed chili may go on any of the five piles
    assert GAME.view(state, 0)["pending"]["revealed"] == "Chili (-3)"
    assert GAME.view(state, 1)["players"][0]["pot"][0] == "Beetroot and cabbage (4)", "everyone sees it go in"
    state = kit.act(state, 0, {"type": "discard", "place": 0})
    assert GAME.view(state, 0)["kitchen"][0] == {"top": "Chili (-3)", "size": 2}
    assert GAME.view(state, 1)["players"][0]["pot"][0] is None, "and then must remember it"


def test_a_single_card_left_in_the_deck_is_drawn_alone_and_goes_to_the_kitchen(kit):
    state = kit.table()
    state.deck = state.deck[-1:]
    for card in range(DECK_SIZE):
        if card not in state.deck:
            state.removed.append(card)
    GAME.check_invariants(state)
    assert kit.words(state, 0, GAME.legal_actions(state, 0)[0]) == "Draw 1 card (option A)"
    state = kit.act(state, 0, {"type": "draw"})
    state = kit.act(state, 0, {"type": "kitchen", "card": 0, "place": 0})
    assert state.ending == "deck ran out" and state.turn == 1
