"""What each seat is shown: its own cards, public sizes and claims, never another seat's secrets."""

from __future__ import annotations

import random

import pytest

from soupkitchen.shared.conformance import check_legal_actions_validate
from soupkitchen.shared.playout import play, random_chooser
from soupkitchen.shared.stone_soup import GAME
from soupkitchen.shared.stone_soup import view as view_module

VIEW_KEYS = {"seat", "players", "turn", "phase", "next_player", "sequence", "due", "pot", "salt_pile",
             "set_aside", "plays", "challenge_seconds", "window", "last_reveal", "log", "deadline", "over",
             "legal_actions", "dealer"}


def sampled_states(players: int, seeds: range) -> list:
    states = []
    for seed in seeds:
        result = play(GAME, players, seed, random_chooser(seed, wait_chance=0.8),
                      observe=lambda state, entry: states.append(state))
        assert GAME.is_over(result.state)
    return states[::7]


def test_picked_cards_stay_secret_but_still_count_in_the_hand(table):
    state = table.arrange(3, {0: "potato stone onion"}, turn=0)
    picked = table.act(state, 0, {"type": "pick", "card": "stone"})
    mine = GAME.view(picked, 0)
    assert mine["picked"] == {"stone": 1} and mine["hand"] == {"potato": 1, "onion": 1}
    for seat in (1, 2, None):
        theirs = GAME.view(picked, seat)
        assert theirs["players"][0]["cards"] == 3
        assert theirs.get("picked", {}) == {} and "stone" not in str(theirs["log"])
        assert theirs == GAME.view(table.hidden_shuffled(picked, seat, random.Random(1)), seat)


def test_views_carry_what_a_generic_client_needs(table):
    state = table.arrange(4, {0: "potato stone salt"}, turn=0)
    for seat in (0, 1, None):
        view = GAME.view(state, seat)
        assert VIEW_KEYS <= set(view) and view["seat"] == seat
        assert [p["cards"] for p in view["players"]] == [len(hand) for hand in state.hands]
        assert ("hand" in view) == (seat is not None)
        assert all(isinstance(line, str) and line[-1] in ".!" for line in view["log"])
    labels = [action["label"] for action in GAME.view(state, 0)["legal_actions"]]
    assert labels == ["Pick one potato", "Pick one stone", "Dash of salt (pass)"]
    assert list(GAME.view(state, 0))[:3] == ["seat", "hand", "picked"]  # a generic client lists these first


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_no_view_depends_on_cards_its_seat_cannot_see(players, table):
    rng = random.Random(players)
    for state in sampled_states(players, range(1, 6)):
        for seat in [*range(players), None]:
            table.check_redacted(state, seat, rng)
            table.check_no_card_ids(state, seat)


@pytest.mark.parametrize("players", [2, 5])
def test_every_advertised_action_is_accepted(players):
    for state in sampled_states(players, range(10, 14)):
        deadline = GAME.next_deadline(state)
        check_legal_actions_validate(GAME, state, players, deadline - 0.01 if deadline is not None else 0.0)


def test_the_redaction_check_catches_a_leak(table, monkeypatch):
    state = GAME.setup(3, {"challenge_seconds": 3}, 4)
    table.check_redacted(state, 0, random.Random(1))
    honest_view = view_module.build_view

    def leaky(game, state, seat):
        view = honest_view(game, state, seat)
        view["pot_bottom"] = [card.split("-")[0] for card in state.set_aside[0][:3]]
        return view

    monkeypatch.setattr(view_module, "build_view", leaky)
    with pytest.raises(AssertionError, match="cannot see"):
        table.check_redacted(state, 0, random.Random(1))


def test_the_log_keeps_the_last_eight_public_events(table):
    state = table.arrange(2, {0: "salt salt salt salt salt onion", 1: "salt salt salt tomato"}, turn=0)
    for seat in (0, 1, 0, 1, 0, 1, 0):
        state = table.act(state, seat, {"type": "salt"})
    state = table.play(state, 1, "tomato", 1)
    state = table.act(state, 0, {"type": "challenge"}, 1.0)
    log = GAME.view(state, None)["log"]
    assert len(log) == 8
    assert log[0] == "Player 2 adds a dash of salt; Player 1 still owes potatoes."  # the 2nd salt
    assert log[-2] == 'Player 2 adds 1 card: "one potato".'
    assert log[-1] == "Player 1 calls stone soup on Player 2: tomato. A bluff: Player 2 takes back 1."
