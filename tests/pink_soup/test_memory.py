"""Memory is the game: "Once placed, you cannot look at it again. You must remember what you put in
your Pot." A pot card is named to a chef only at the moment they see it; the memory aid, an option
off by default, remembers for a learner."""

from __future__ import annotations

from soupkitchen.shared.pink_soup import GAME


def placed_dessert(kit, **table):
    """Chef 1 draws a dessert and a milk, puts the milk in the kitchen and the dessert in their pot."""
    state = kit.act(kit.table(deck=["dessert", "milk"], **table), 0, {"type": "draw"})
    state = kit.act(state, 0, {"type": "kitchen", "card": 0, "place": 0})
    return kit.act(state, 0, {"type": "pot", "seat": 0})


def test_a_placed_card_is_named_only_until_the_next_action(kit):
    state = placed_dessert(kit)
    assert GAME.view(state, 0)["players"][0]["pot"] == ["Dessert (6)"]
    later = kit.act(state, 1, {"type": "draw"})
    assert GAME.view(later, 0)["players"][0]["pot"] == [None]
    assert all(GAME.view(later, seat)["players"][0]["pot"] == [None] for seat in (0, 1, 2, None))


def test_your_own_log_names_the_card_you_put_face_down_only_at_that_moment_and_to_you(kit):
    state = placed_dessert(kit)
    assert kit.log(state, 0)[-1] == "Chef 1 puts Dessert (6) face down into their own pot."
    for seat in (1, 2, None):
        assert kit.log(state, seat)[-1] == "Chef 1 puts a card face down into their own pot."
        assert "Dessert" not in str(GAME.view(state, seat)["log"])
    later = kit.act(state, 1, {"type": "draw"})
    assert "Chef 1 puts a card face down into their own pot." in kit.log(later, 0)
    assert "Dessert" not in str(GAME.view(later, 0)["log"])


def test_a_card_taken_face_up_is_named_in_the_log_only_at_that_moment(kit):
    five = [["salt"], ["onion"], ["potato"], ["dill"], ["eggs", "chili"]]
    state = kit.act(kit.table(kitchen=five), 0, {"type": "take", "place": 4})
    assert kit.log(state, 2)[-1] == "Chef 1 takes Chili (-3) from kitchen pile 5 into their pot."
    assert GAME.view(state, 2)["players"][0]["pot"] == ["Chili (-3)"]
    later = kit.act(state, 1, {"type": "draw"})
    for seat in (0, 1, 2, None):
        view = GAME.view(later, seat)
        assert "Chef 1 takes a card from kitchen pile 5 into their pot." in kit.log(later, seat)
        assert "Chili" not in " ".join(kit.log(later, seat)) and view["players"][0]["pot"] == [None]
        assert "Chili" not in str(view["log"])
    assert view["log_first"] + len(view["log"]) == later.log.count


def test_the_memory_aid_is_a_table_option_off_by_default_and_shown_in_the_view(kit):
    spec = {spec.key: spec for spec in GAME.option_specs}["learner_memory"]
    assert (spec.label, spec.default, spec.choices) == ("Learner: remember for me", False, (False, True))
    assert GAME.normalise_options({}, 3) == {"learner_memory": False}
    state = GAME.setup(3, GAME.normalise_options({"learner_memory": True}, 3), 4)
    assert all(GAME.view(state, seat)["learner_memory"] is True for seat in (0, 1, None))
    assert GAME.view(GAME.setup(3, GAME.normalise_options({}, 3), 4), 0)["learner_memory"] is False


def test_the_memory_aid_keeps_naming_what_a_chef_has_seen(kit):
    state = placed_dessert(kit, options={"learner_memory": True})
    later = kit.act(state, 1, {"type": "draw"})
    assert GAME.view(later, 0)["players"][0]["pot"] == ["Dessert (6)"]
    assert GAME.view(later, 1)["players"][0]["pot"] == [None], "only what that chef saw"


def test_the_final_scoring_shows_every_pot(kit):
    state = kit.table(pots=[["salt"], ["eggs"], []], deck=[])
    state.deck = []
    state.ending, state.final_left = "deck ran out", [0, 1, 2]
    for seat in range(3):
        state = kit.act(state, seat, {"type": "pass"})
    assert GAME.is_over(state)
    assert GAME.view(state, 2)["players"][0]["pot"] == ["Salt (0)"]
