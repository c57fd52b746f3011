"""Malformed or illegal actions are refused with a readable reason, never with a crash."""

from __future__ import annotations

import random

import pytest

from soupkitchen.shared.core import SYSTEM, TIMEOUT, RuleError
from soupkitchen.shared.pink_soup import GAME
from soupkitchen.shared.playout import play, random_chooser

FIVE_PILES = [["salt"], ["onion"], ["potato"], ["dill"], ["carrot"]]

MALFORMED = [
    None,
    3,
    "draw",
    [],
    ["draw"],
    {},
    {"type": None},
    {"type": 5},
    {"type": ["take"]},
    {"type": "take"},
    {"type": "take", "place": "0"},
    {"type": "take", "place": True},
    {"type": "take", "place": 0.0},
    {"type": "take", "place": -1},
    {"type": "take", "place": 10**40},
    {"type": "take", "place": float("nan")},
    {"type": "take", "place": float("inf")},
    {"type": "take", "place": [0]},
    {"type": "take", "place": {"x": 1}},
    {"type": "take", "place": 0, "seat": 1},
    {"type": "kitchen", "card": 0, "place": 0},
    {"type": "swap", "seat": 1, "slot": 0},
    {"type": "declare"},
    {1: "take"},
    {"type": "draw", "extra": (1, 2)},
    {"type": "draw", "extra": {3}},
    {"type": "pass"},
    {"type": "timeout"},
]


@pytest.mark.parametrize("action", MALFORMED, ids=repr)
def test_malformed_and_illegal_actions_get_a_reason_and_change_nothing(kit, action):
    state = kit.table(kitchen=FIVE_PILES)
    before = GAME.state_hash(state)
    reason = GAME.validate(state, 0, action, 1.0)
    assert isinstance(reason, str) and reason
    with pytest.raises(RuleError):
        GAME.apply(state, 0, action, 1.0)
    assert GAME.state_hash(state) == before


def test_the_label_is_ignored_and_optional(kit):
    state = kit.table(kitchen=FIVE_PILES)
    assert GAME.validate(state, 0, {"type": "take", "place": 2}, 1.0) is None
    assert GAME.validate(state, 0, {"type": "take", "place": 2, "label": "whatever"}, 1.0) is None
    assert GAME.validate(state, 0, {"type": "draw", "label": None}, 1.0) is None


def test_moves_are_plain_structure_and_their_words_come_from_describe(kit):
    state = kit.table(kitchen=FIVE_PILES)
    assert not any("label" in action for action in GAME.legal_actions(state, 0))
    assert kit.words(state, 0, {"type": "take", "place": 2}) == "Take Potatoes (1) from pile 3 into your pot"


def test_reasons_say_what_went_wrong(kit):
    state = kit.table(kitchen=FIVE_PILES[:3])
    assert GAME.validate(state, 1, {"type": "draw"}, 1.0) == "it is not your turn"
    assert "draw" in GAME.validate(state, 0, {"type": "take", "place": 0}, 1.0)
    assert "nothing is timed" in GAME.validate(state, SYSTEM, TIMEOUT, 99.0)
    assert GAME.validate(state, 0, {"type": "take", "place": 0}, 1.0) == (
        "the kitchen has fewer than five piles: draw 2 cards instead"
    )
    assert GAME.validate(state, 0, {"type": "pass"}, 1.0) == "you may pass only once the deck is empty"
    full = kit.table(kitchen=FIVE_PILES)
    assert (
        GAME.validate(full, 0, {"type": "take", "place": 7}, 1.0) == "the kitchen piles are numbered 1 to 5"
    )
    assert GAME.validate(full, 0, {"type": "activate", "place": 1}, 1.0) == "only a Mouse can be activated"
    assert "you may: draw, take" in GAME.validate(full, 0, {"type": "look", "seat": 1}, 1.0)


def test_a_chef_is_told_why_a_card_cannot_go_where_they_put_it(kit):
    drawn = kit.act(kit.table(deck=["eggs", "milk"], kitchen=FIVE_PILES[:2]), 0, {"type": "draw"})
    assert GAME.validate(drawn, 0, {"type": "kitchen", "card": 0, "place": 0}, 1.0) == (
        "the kitchen has fewer than five piles: the card starts pile 3"
    )
    assert (
        GAME.validate(drawn, 0, {"type": "kitchen", "card": 5, "place": 2}, 1.0)
        == "choose one of the cards you drew"
    )
    second = kit.act(drawn, 0, {"type": "kitchen", "card": 0, "place": 2})
    assert GAME.validate(second, 0, {"type": "activate"}, 1.0) == "only a Mouse can be activated"
    assert (
        GAME.validate(second, 0, {"type": "pot", "seat": 4}, 1.0) == "choose the pot of a chef at this table"
    )
    assert GAME.validate(second, 0, {"type": "kitchen", "card": 0, "place": 3}, 1.0).startswith(
        "the other card goes into a pot"
    )
    second.closed[1] = True
    assert GAME.validate(second, 0, {"type": "pot", "seat": 1}, 1.0) == "Chef 2's pot is closed"


def test_a_chef_is_told_why_the_mouse_cannot_do_that(kit):
    state = kit.table(kitchen=[["milk", "mouse"], *FIVE_PILES[1:]], pots=[["salt"], [], []])
    power = kit.act(state, 0, {"type": "activate", "place": 0})
    assert GAME.validate(power, 0, {"type": "look", "seat": 1}, 1.0) == "that pot is empty"
    assert (
        GAME.validate(power, 0, {"type": "shuffle", "seat": 0}, 1.0)
        == "a pot of one card has nothing to shuffle"
    )
    assert GAME.validate(power, 0, {"type": "swap", "seat": 0, "slot": 0}, 1.0) == (
        "a swap needs cards in two pots that are still open"
    )
    search = kit.act(power, 0, {"type": "search"})
    assert (
        GAME.validate(search, 0, {"type": "find", "place": 0, "depth": 3}, 1.0)
        == "kitchen pile 1 holds 1 card"
    )


def test_nothing_is_timed_and_no_option_is_accepted():
    state = GAME.setup(2, GAME.normalise_options({}, 2), 1)
    assert GAME.next_deadline(state) is None and GAME.view(state, 0)["deadline"] is None
    for players in (1, 6):
        with pytest.raises(RuleError):
            GAME.normalise_options({}, players)
    with pytest.raises(RuleError):
        GAME.normalise_options({"speed": 2}, 3)


def test_mutated_legal_actions_at_every_step_are_validated_without_crashing():
    rng = random.Random(5)
    junk = [None, True, -1, 5, 99, 10**30, 1.5, "", "0", [], {}, [0, 1]]
    seen_steps = set()
    states = []
    for seed in range(30):
        play(
            GAME, 2 + seed % 4, seed, random_chooser(seed), observe=lambda state, entry: states.append(state)
        )
    for state in states[::2]:
        seen_steps.add(state.step)
        legal = GAME.legal_actions(state, state.turn)
        if not legal:
            continue
        action = dict(rng.choice(legal))
        key = rng.choice([*action, "extra"])
        action[key] = rng.choice(junk)
        reason = GAME.validate(state, state.turn, action, 1.0)
        if reason is None:
            GAME.apply(state, state.turn, action, 1.0)
        else:
            assert isinstance(reason, str) and reason
    assert seen_steps >= {"choose", "kitchen", "second", "slot", "discard", "power", "declare"}
