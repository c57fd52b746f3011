"""Mouse cards: when they may be activated, their four powers, and what each chef knows afterwards."""

from __future__ import annotations

from soupkitchen.shared.pink_soup import GAME

FIVE_PILES = [["salt"], ["onion"], ["potato"], ["dill"], ["carrot"]]


def drawn_mouse(kit, **table):
    """Chef 1 has drawn a mouse and an egg and put the egg in the kitchen."""
    state = kit.act(kit.table(deck=["eggs", "mouse"], **table), 0, {"type": "draw"})
    return kit.act(state, 0, {"type": "kitchen", "card": 1, "place": len(state.kitchen) % 5})


def test_a_drawn_mouse_may_be_activated_or_kept_like_any_card(kit):
    state = drawn_mouse(kit)
    assert kit.types(state, 0) == {"pot", "activate"}
    given = kit.act(state, 0, {"type": "pot", "seat": 1})
    assert GAME.view(given, 0)["players"][1]["pot"] == ["Mouse (-1)"]
    active = kit.act(state, 0, {"type": "activate"})
    assert GAME.view(active, 2)["pending"]["mouse"] == "Mouse (-1)"
    assert active.turn == 0 and kit.types(active, 0) == {"search"}  # pots are empty: only the kitchen


def test_a_kitchen_mouse_may_be_activated_with_option_b_instead_of_taken(kit):
    state = kit.table(kitchen=[["milk", "mouse"], *FIVE_PILES[1:]], pots=[["salt"], ["eggs"], []])
    activate = [a for a in GAME.legal_actions(state, 0) if a["type"] == "activate"]
    assert activate == [{"type": "activate", "place": 0}]
    assert kit.words(state, 0, activate[0]) == "Activate the Mouse on pile 1"
    state = kit.act(state, 0, {"type": "activate", "place": 0})
    assert GAME.view(state, 1)["kitchen"][0]["top"] == "Milk (3)"
    state = kit.act(state, 0, {"type": "look", "seat": 1})
    assert GAME.view(state, 1)["removed"] == ["Mouse (-1)"]
    assert state.turn == 1


def test_search_takes_any_kitchen_card_and_a_covered_one_stays_secret(kit):
    state = drawn_mouse(kit, kitchen=[["dessert", "salt"], *FIVE_PILES[1:]], pots=[["milk"], [], []])
    state = kit.act(state, 0, {"type": "activate"})
    chosen = GAME.view(state, 0)
    assert "kitchen_search" not in chosen["pending"], "activating shows no covered card before the power"
    assert not any(
        "Salt" in kit.words(state, 0, a) or "Dessert" in kit.words(state, 0, a)
        for a in chosen["legal_actions"]
    )
    assert {a["type"] for a in chosen["legal_actions"]} == {"search", "look"}
    state = kit.act(state, 0, {"type": "search"})
    view = GAME.view(state, 0)
    assert view["pending"]["kitchen_search"][0] == ["Eggs (2)", "Salt (0)", "Dessert (6)"]
    assert {a["type"] for a in view["legal_actions"]} == {"find"}
    assert "kitchen_search" not in GAME.view(state, 1)["pending"]
    state = kit.act(state, 0, {"type": "find", "place": 0, "depth": 2})
    assert GAME.view(state, 0)["players"][0]["pot"] == [None, "Dessert (6)"]
    assert GAME.view(state, 1)["players"][0]["pot"] == [None, None]
    assert "a covered card" in kit.log(state, 1)[-1]
    assert GAME.view(state, 1)["kitchen"][0] == {"top": "Eggs (2)", "size": 2}
    assert GAME.view(state, 1)["removed"] == ["Mouse (-1)"]


def test_shuffle_makes_every_card_of_that_pot_unknown_even_to_its_owner(kit):
    pots = [["dessert", "salt", "chili"], ["eggs", "milk"], []]
    state = drawn_mouse(kit, pots=pots, known={0: [0, 1], 1: [1]}, options={"learner_memory": True})
    state = kit.act(state, 0, {"type": "activate"})
    assert {(a["type"], a.get("seat")) for a in GAME.legal_actions(state, 0)} >= {
        ("shuffle", 0),
        ("shuffle", 1),
    }
    shuffled = kit.act(state, 0, {"type": "shuffle", "seat": 0})
    assert sorted(shuffled.pots[0]) == sorted(state.pots[0])
    for seat in range(3):
        assert GAME.view(shuffled, seat)["players"][0]["pot"] == [None, None, None]
    assert GAME.view(shuffled, 1)["players"][1]["pot"] == ["Eggs (2)", "Milk (3)"]


def test_a_pot_with_one_card_cannot_be_shuffled(kit):
    state = kit.act(drawn_mouse(kit, pots=[["salt"], [], []]), 0, {"type": "activate"})
    assert not any(a["type"] == "shuffle" for a in GAME.legal_actions(state, 0))


def test_swap_exchanges_cards_unseen_and_memories_follow_the_cards(kit):
    pots = [["dessert", "salt"], ["chili"], ["milk"]]
    state = drawn_mouse(kit, pots=pots, known={2: [0, 2]}, options={"learner_memory": True})
    state = kit.act(state, 0, {"type": "activate"})
    state = kit.act(state, 0, {"type": "swap", "seat": 1, "slot": 0})
    targets = {(a["seat"], a["slot"]) for a in GAME.legal_actions(state, 0)}
    assert targets == {(0, 0), (0, 1), (2, 0)}, "the second card is in another pot"
    state = kit.act(state, 0, {"type": "swap", "seat": 2, "slot": 0})
    # chef 2 gave away a chili they did not know and now holds milk they do not know
    assert GAME.view(state, 1)["players"][1]["pot"] == [None]
    assert GAME.view(state, 2)["players"][1]["pot"] == ["Milk (3)"]
    assert GAME.view(state, 2)["players"][2]["pot"] == [None]
    assert GAME.view(state, 0)["players"][1]["pot"] == ["Milk (3)"]
    assert GAME.view(state, 0)["players"][2]["pot"] == [None], "the swap is unseen"
    assert "swaps card 1 of Chef 2's pot with card 1 of Chef 3's pot" in kit.log(state, 1)[-1]
    state.options["learner_memory"] = False  # without the memory aid, each chef remembers for themself
    assert all(
        card is None
        for seat in range(3)
        for player in GAME.view(state, seat)["players"]
        for card in player["pot"]
    )


def test_look_shows_one_pot_to_the_activator_only_in_its_order(kit):
    pots = [[], ["eggs", "chili", "dessert"], []]
    state = kit.act(drawn_mouse(kit, pots=pots), 0, {"type": "activate"})
    state = kit.act(state, 0, {"type": "look", "seat": 1})
    assert GAME.view(state, 0)["players"][1]["pot"] == ["Eggs (2)", "Chili (-3)", "Dessert (6)"]
    assert GAME.view(state, 2)["players"][1]["pot"] == [None, None, None]
    assert GAME.view(state, None)["players"][1]["pot"] == [None, None, None]
    later = kit.act(state, 1, {"type": "draw"})
    assert GAME.view(later, 0)["players"][1]["pot"] == [None, None, None], "seen once: to be remembered"


def test_closed_pots_cannot_be_targeted_by_mice_or_given_cards(kit):
    pots = [["salt"], ["eggs", "chili"], ["milk"]]
    state = drawn_mouse(kit, pots=pots)
    state.closed[1] = True
    state.ending, state.final_left = "last round declared", [0, 2]
    assert {a["seat"] for a in GAME.legal_actions(state, 0) if a["type"] == "pot"} == {0, 2}
    state = kit.act(state, 0, {"type": "activate"})
    for action in GAME.legal_actions(state, 0):
        assert action.get("seat") != 1, action
    assert GAME.validate(state, 0, {"type": "look", "seat": 1}, 1.0) is not None


def test_activation_is_not_offered_when_the_mouse_would_have_nothing_to_do(kit):
    state = kit.table(kitchen=[["mouse"], ["onion"], ["potato"], ["dill"], ["carrot"]])
    state.deck, state.removed = [], [card for card in state.deck]
    state.ending, state.final_left = "deck ran out", [0, 1, 2]
    assert {"take", "activate", "pass"} <= kit.types(state, 0)
    lonely = kit.table(kitchen=[["mouse"]])
    lonely.deck, lonely.removed = [], [card for card in lonely.deck]
    lonely.ending, lonely.final_left = "deck ran out", [0, 1, 2]
    assert kit.types(lonely, 0) == {"take", "pass"}


def test_the_headline_tells_the_chef_holding_a_drawn_mouse_how_to_play_it_and_nobody_else():
    from soupkitchen.shared.pink_soup.describe import headline

    mine = {
        "step": "second",
        "turn": 0,
        "seat": 0,
        "deck": 40,
        "hand": ["Mouse (-1)"],
        "legal_actions": [{"type": "activate"}],  # (a replay's seat, offered none, is not told "Your turn")
    }
    assert headline(mine) == "Your turn: click the Mouse to activate it, or a pot to put it in face down"
    assert "Mouse" in headline({**mine, "step": "kitchen", "hand": ["Mouse (-1)", "Dill (1)"]})
    assert (
        headline({**mine, "hand": ["Dill (1)"]}) == "Your turn: put the other drawn card face down into a pot"
    )
    assert (
        headline({**mine, "seat": 1, "hand": []}) == "Chef 1: put the other drawn card face down into a pot"
    )
