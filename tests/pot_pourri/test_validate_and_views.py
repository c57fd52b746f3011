"""Validation never raises and explains itself; views carry what a seat may know and nothing more."""

from __future__ import annotations

import json
import random

import pytest

from soupkitchen.shared.conformance import check_state
from soupkitchen.shared.core import canonical_json, comparable
from soupkitchen.shared.playout import bot_chooser, play
from soupkitchen.shared.pot_pourri import GAME
from soupkitchen.shared.pot_pourri.cards import INGREDIENTS, RECIPES
from soupkitchen.shared.pot_pourri.state import MENU, SERVE


def random_json(rng: random.Random, depth: int = 0):
    choice = rng.randrange(9 if depth < 3 else 6)
    if choice == 0:
        return None
    if choice == 1:
        return rng.choice([True, False])
    if choice == 2:
        return rng.choice([0, 1, 2, -1, 10**30, -(10**30), 3])
    if choice == 3:
        return rng.choice([0.5, 1.0, 1e308, float("inf"), float("nan")])
    if choice == 4:
        return rng.choice(["", "fish", "pantry", "draw", "cook", "keep", "x" * 500])
    if choice == 5:
        return rng.choice(["take", "cook", "keep", "redeem", "peek", "swap_menu", "move_lid"])
    if choice == 6:
        return [random_json(rng, depth + 1) for _ in range(rng.randrange(4))]
    keys = ["type", "source", "ingredient", "pan", "recipes", "recipe", "tiles", "label", "extra"]
    return {rng.choice(keys): random_json(rng, depth + 1) for _ in range(rng.randrange(5))}


def test_validate_never_raises_on_malformed_actions_and_always_gives_a_reason(kit):
    rng = random.Random(5)
    state = kit.table(hands=[["fish", "rice"], ["meat"], []])
    legal = [json.loads(canonical_json(a)) for a in GAME.legal_actions(state, 0)]
    for _ in range(3000):
        action = random_json(rng)
        if rng.random() < 0.5:
            action = {**rng.choice(legal), **(action if isinstance(action, dict) else {"junk": action})}
        for seat in (0, 1, None, -1, 3, "0", True, 2.0):
            reason = GAME.validate(state, seat, action, 0.0)
            if reason is None:
                assert seat == 0 and any(comparable(action) == comparable(a) for a in legal)
            else:
                assert isinstance(reason, str) and reason


def test_labels_are_optional_and_ignored_but_other_extra_keys_and_look_alike_types_are_refused(kit):
    state = kit.table(hands=[["fish"], [], []], lid=2)
    cook = {"type": "cook", "ingredient": "fish", "pan": 1}
    assert GAME.validate(state, 0, cook, 0.0) is None
    assert GAME.validate(state, 0, {**cook, "label": "anything at all"}, 0.0) is None
    assert GAME.validate(state, 0, {**cook, "label": None}, 0.0) is None
    assert GAME.validate(state, 0, {**cook, "pan": True}, 0.0)
    assert GAME.validate(state, 0, {**cook, "pan": 1.0}, 0.0)
    assert GAME.validate(state, 0, {**cook, "pan": "1"}, 0.0)
    assert GAME.validate(state, 0, {**cook, "hurry": 1}, 0.0)
    assert "cannot redeem" in GAME.validate(state, 0, {"type": "redeem", "recipe": 0}, 0.0)
    assert "no move" in GAME.validate(state, 0, {"type": "steal"}, 0.0)
    assert "is timed" in GAME.validate(state, None, {"type": "timeout"}, 0.0)
    assert GAME.next_deadline(state) is None


def test_every_legal_action_has_words_and_passes_validation(kit):
    state = kit.table(hands=[["fish", "rice", "rice"], [], []])
    for action in GAME.legal_actions(state, 0):
        assert kit.words(state, 0, action)
        assert GAME.validate(state, 0, action, 0.0) is None


def test_a_view_shows_the_own_hand_and_book_and_only_counts_of_the_others(kit):
    state = kit.table(hands=[["fish", "rice"], ["meat", "meat", "onions"], []])
    view = GAME.view(state, 1)
    assert view["hand"] == ["meat", "meat", "onions"]
    assert [card["name"] for card in view["book"]] == ["Nachos", "Plov"]
    assert view["players"][0]["hand_count"] == 2 and view["players"][0]["book_count"] == 2
    assert view["players"][1]["colour"] == "Mediterranean"
    text = canonical_json(view)
    assert "Paella" not in text and "Pelmeni" not in text and "fish" not in text.replace('"fish"', "")
    spectator = GAME.view(state, None)
    assert spectator["hand"] is None and spectator["book"] is None and spectator["legal_actions"] == []
    check_state(GAME, state, 3)


def test_the_lidded_pan_shows_only_its_count_even_to_the_chef_who_filled_it(kit):
    state = kit.table(hands=[["fish", "rice"], [], []], lid=2)
    state = kit.act(state, 0, {"type": "cook", "ingredient": "fish", "pan": 0})
    state = kit.act(state, 0, {"type": "cook", "ingredient": "rice", "pan": 0})
    assert GAME.view(state, 1)["pans"][0]["ingredients"] == ["fish", "rice"]
    state = kit.act(state, 0, {"type": "move_lid", "pan": 0})
    for seat in (0, 1, 2, None):
        pan = GAME.view(state, seat)["pans"][0]
        assert pan == {"pan": 0, "covered": True, "count": 2, "ingredients": None, "full": False}
    assert GAME.view(state, 0)["pans"][2]["covered"] is False


def test_no_view_or_log_names_what_a_chef_put_under_the_lid(kit):
    """Everyone saw the fish and rice go in (the open saucepan shows them); once the lid is on,
    remembering them is the game, for their cook too. The log never names them, so no line read
    changes when the lid moves."""
    state = kit.table(hands=[["fish", "rice"], [], []], lid=2)
    state = kit.act(state, 0, {"type": "cook", "ingredient": "fish", "pan": 0})
    state = kit.act(state, 0, {"type": "cook", "ingredient": "rice", "pan": 0})
    assert GAME.view(state, 1)["pans"][0]["ingredients"] == ["fish", "rice"]
    before = kit.log(state, 1)
    assert before[-1] == "Player 1 cooked an ingredient into saucepan 1."
    assert kit.log(state, 0)[-2:] == ["Player 1 cooked an ingredient into saucepan 1."] * 2
    state = kit.act(state, 0, {"type": "move_lid", "pan": 0})
    for seat in (0, 1, 2, None):
        view, lines = GAME.view(state, seat), kit.log(state, seat)
        assert not any(kind in str(view["log"]) for kind in ("fish", "rice")), view["log"]
        assert lines[-3:] == ["Player 1 cooked an ingredient into saucepan 1."] * 2 + [
            "Player 1 moved the lid onto saucepan 1."
        ]
        assert lines[: len(before)] == before
        assert view["learner_memory"] is False
    state = kit.act(
        kit.act(state, 1, {"type": "take", "source": "draw"}), 1, {"type": "take", "source": "draw"}
    )
    state = kit.act(state, 2, {"type": "take", "source": "draw"})
    assert "fish" not in str(GAME.view(state, 1)["log"])


@pytest.mark.parametrize("learner", [False, True])
def test_a_log_line_once_shown_to_a_seat_never_changes(learner):
    """Over a whole game of bots, each seat's log entries, by number, stay as first shown: the lid
    moving on or off a saucepan rewrites nothing a player already read."""
    shown: dict[tuple[int, int], dict] = {}

    def observe(state, _entry) -> None:
        for seat in range(state.players):
            view = GAME.view(state, seat)
            for number, entry in enumerate(view["log"], start=view["log_first"]):
                assert shown.setdefault((seat, number), entry) == entry, (seat, number)

    play(GAME, 3, 4, bot_chooser(GAME, 3, 4), {"learner_memory": learner}, observe=observe)
    cooked = [(seat, entry) for (seat, _number), entry in shown.items() if entry["type"] == "cooked"]
    assert cooked and all((entry["ingredient"] is not None) == learner for _seat, entry in cooked)


def test_the_memory_aid_keeps_naming_what_went_under_the_lid(kit):
    spec = {spec.key: spec for spec in GAME.option_specs}["learner_memory"]
    assert (spec.label, spec.default) == ("Learner: remember for me", False)
    state = kit.table(hands=[["fish", "rice"], [], []], lid=2)
    state.options["learner_memory"] = True
    state = kit.act(state, 0, {"type": "cook", "ingredient": "fish", "pan": 0})
    state = kit.act(kit.act(state, 0, {"type": "stop_cooking"}), 0, {"type": "move_lid", "pan": 0})
    view = GAME.view(state, 1)
    assert view["learner_memory"] is True and "Player 1 cooked fish into saucepan 1." in kit.log(state, 1)
    assert view["pans"][0]["ingredients"] is None


def test_the_log_tells_what_everybody_saw_but_not_what_was_drawn(kit):
    state = kit.table(hands=[[], [], []], deck=["peppers", "carrots"])
    state = kit.act(
        kit.act(state, 0, {"type": "take", "source": "draw"}),
        0,
        {"type": "take", "source": "pantry", "ingredient": "fish"},
    )
    view = GAME.view(state, 1)
    assert kit.log(state, 1)[-2:] == ["Player 1 drew an ingredient.", "Player 1 took fish from the pantry."]
    assert not any(kind in str(view["log"]) for kind in INGREDIENTS if kind not in ("fish",))
    assert view["log_first"] + len(view["log"]) == state.log.count


def test_a_view_names_the_step_and_who_must_act(kit):
    state = kit.table(turn=1)
    view = GAME.view(state, 0)
    assert view["turn"] == 1 and view["phase"] == "turn" and "Player 2" in kit.headline(state, 0)
    assert view["active_seats"] == [1]
    assert view["legal_actions"] == [] and view["over"] is False and view["deadline"] is None
    assert view["result"] is None


def test_discarded_recipes_are_named_in_the_log_because_they_go_face_up(kit):
    state = kit.table(recipe_deck=["Borscht", "Syrniki"])
    state = kit.act(state, 0, {"type": "swap_recipes"})
    assert "Borscht" not in " ".join(kit.log(state, 1))
    state = kit.act(state, 0, {"type": "keep", "recipes": [kit.recipe("Borscht"), kit.recipe("Syrniki")]})
    assert kit.log(state, 1)[-1] == (
        "Player 1 swapped recipes, discarding Paella (Mediterranean) and Pelmeni (Slavic) face up."
    )


def test_a_refused_turn_move_says_what_is_wrong_with_it(kit):
    state = kit.table(hands=[["fish"], [], []], lid=2)
    refusal = {"type": "cook", "ingredient": "fish"}
    assert GAME.validate(state, 0, {**refusal, "pan": 2}, 0.0) == "saucepan 3 has the lid on"
    assert GAME.validate(state, 0, {**refusal, "pan": 7}, 0.0) == "the saucepans are numbered 1 to 3"
    assert GAME.validate(state, 0, {"type": "cook", "ingredient": "meat", "pan": 1}, 0.0) == (
        "you have no meat in your hand"
    )
    assert GAME.validate(state, 0, {"type": "take", "source": "pantry", "ingredient": "flour"}, 0.0) == (
        "there is no flour in the pantry"
    )
    assert GAME.validate(state, 0, {"type": "refresh_pantry", "ingredient": "meat"}, 0.0) == (
        "you have no meat in your hand"
    )
    assert GAME.validate(state, 0, {"type": "pass"}, 0.0) == "you may pass only when nothing else is possible"
    took = kit.act(state, 0, {"type": "take", "source": "pantry", "ingredient": "meat"})
    assert GAME.validate(took, 0, {**refusal, "pan": 1}, 0.0) == "you cannot cook now; you may: take"
    assert GAME.validate(took, 1, {**refusal, "pan": 1}, 0.0) == "it is Player 1's move"


def test_the_cook_is_told_to_redeem_when_a_recipe_matches(kit):
    paella = RECIPES[kit.recipe("Paella")].ingredients
    state = kit.table(phase=SERVE, pans=[list(paella[:3]), [], []], serve_queue=[[0, 0, 1]])
    assert GAME.validate(state, 0, {"type": "decline"}, 0.0) == (
        "you cooked this saucepan full and a recipe matches: you must redeem one"
    )
    assert GAME.validate(state, 0, {"type": "redeem", "recipe": kit.recipe("Plov")}, 0.0) == (
        "that recipe is not in your book"
    )
    assert GAME.validate(state, 0, {"type": "redeem", "recipe": kit.recipe("Paella")}, 0.0) is None


def test_a_menu_swap_names_the_squares_it_may_use(kit):
    state = kit.table(phase=MENU, menu_queue=[0])
    assert GAME.validate(state, 0, {"type": "swap_menu", "tiles": [1, 1]}, 0.0) == (
        "choose two different menu squares, 1 to 5"
    )
    pros = kit.table(phase=MENU, pros=True, peeked=[0, 1], menu_queue=[0])
    assert GAME.validate(pros, 0, {"type": "swap_menu", "tiles": [2, 3]}, 0.0) == (
        "you may swap only the two tiles you looked at"
    )
