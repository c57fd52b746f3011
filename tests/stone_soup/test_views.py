"""What each seat is shown: its own cards, public sizes and claims, never another seat's secrets."""

from __future__ import annotations

import random

import pytest

from soupkitchen.shared.conformance import check_accepted_moves, check_legal_actions_validate
from soupkitchen.shared.playout import play, random_chooser
from soupkitchen.shared.stone_soup import GAME
from soupkitchen.shared.stone_soup.cards import SIZE_BANDS, size_band
from soupkitchen.shared.stone_soup.describe import size_words
from soupkitchen.shared.stone_soup.rules import StoneSoup

VIEW_KEYS = {
    "seat",
    "players",
    "turn",
    "phase",
    "next_player",
    "sequence",
    "due",
    "pot",
    "salt_pile",
    "set_aside",
    "plays",
    "challenge_seconds",
    "window",
    "last_reveal",
    "log",
    "deadline",
    "over",
    "legal_actions",
    "dealer",
    "most_declared",
    "salted",
}


def sampled_states(players: int, seeds: range) -> list:
    states = []
    for seed in seeds:
        result = play(
            GAME,
            players,
            seed,
            random_chooser(seed, wait_chance=0.8),
            observe=lambda state, entry: states.append(state),
        )
        assert GAME.is_over(result.state)
    return states[::7]


def test_nobody_but_the_player_learns_how_many_cards_a_play_added(table):
    """A card sneaked in beside the declared ones looks, across the table, like an honest play."""
    hands = {0: "potato potato onion carrot cabbage peas peas", 1: "tomato", 2: "sausage"}
    state = table.arrange(3, hands, pot="carrot cabbage peas peas onion", turn=0)
    honest = table.play(state, 0, "potato potato", 2)
    sneaked = table.play(state, 0, "potato potato onion", 2)
    for seat in (1, 2, None):
        view = GAME.view(sneaked, seat)
        assert view == GAME.view(honest, seat)
        assert "added" not in view["window"] and size_words(view["players"][0]["cards"]) == "a handful"
        assert (
            size_words(view["pot"]) == "a fistful"
            and table.said(view)[-1] == 'Player 1 adds to the pot: "two potatoes".'
        )
    assert GAME.view(sneaked, 0)["players"][0]["cards"] == {"least": 4, "most": 4}


def test_sizes_are_exact_up_to_three_cards_then_only_roughly_judged():
    bands = [size_band(n) for n in range(0, 40)]
    assert [size_words(b) for b in bands[:4]] == ["no cards", "one card", "two cards", "three cards"]
    assert all(b["least"] <= n and (b["most"] is None or n <= b["most"]) for n, b in enumerate(bands))
    assert len({size_words(b) for b in bands}) == len(SIZE_BANDS)
    assert all(most is None or most - least + 1 >= 3 for least, most in SIZE_BANDS[4:])


def test_a_miscount_shows_when_it_crosses_a_band_a_person_could_count(table):
    state = table.arrange(3, {0: "potato potato onion", 1: "tomato"}, turn=0)
    honest = GAME.view(table.play(state, 0, "potato potato", 2), 1)
    sneaked = GAME.view(table.play(state, 0, "potato potato onion", 2), 1)
    assert size_words(honest["players"][0]["cards"]) == "one card"
    assert size_words(sneaked["players"][0]["cards"]) == "no cards" and sneaked["window"]["empties_hand"]


def test_views_carry_what_a_generic_client_needs(table):
    state = table.arrange(4, {0: "potato stone salt"}, turn=0)
    for seat in (0, 1, None):
        view = GAME.view(state, seat)
        assert VIEW_KEYS <= set(view) and view["seat"] == seat
        assert [
            p["cards"]["least"] <= len(hand) for p, hand in zip(view["players"], state.hands, strict=True)
        ]
        assert ("hand" in view) == (seat is not None)
        assert all(line[-1] in ".!" for line in table.said(view))
    assert GAME.view(state, 0)["legal_actions"] == [
        {"type": "play", "cards": {"potato": 1}, "count": 1},
        {"type": "play", "cards": {"potato": 1, "stone": 1}, "count": 2},
        {"type": "play", "cards": {"potato": 1, "stone": 1}, "count": 1},
        {"type": "salt"},
    ]
    assert list(GAME.view(state, 0))[:3] == ["game", "seat", "hand"]  # a generic client lists these first


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_no_view_depends_on_cards_its_seat_cannot_see(players, table):
    rng = random.Random(players)
    for state in sampled_states(players, range(1, 6)):
        for seat in [*range(players), None]:
            table.check_redacted(state, seat, rng)
            table.check_no_card_ids(state, seat)


@pytest.mark.parametrize("players", [2, 5])
def test_every_listed_move_is_accepted_and_every_accepted_one_is_well_formed(players):
    """The listed moves are a sample: plays near them that the rules accept are well-formed moves
    and play out to a sound state, and a near miss of a call or a salt is refused."""
    rng = random.Random(players)
    for state in sampled_states(players, range(10, 14)):
        deadline = GAME.next_deadline(state)
        now = deadline - 0.01 if deadline is not None else 0.0
        check_legal_actions_validate(GAME, state, players, now)
        check_accepted_moves(GAME, state, players, now, rng, tries=20)


def test_the_redaction_check_catches_a_leak(table, monkeypatch):
    state = GAME.setup(3, {"challenge_seconds": 3}, 4)
    table.check_redacted(state, 0, random.Random(1))
    honest_view = StoneSoup.private_view

    def leaky(game, state, seat):
        view = honest_view(game, state, seat)
        view["pot_bottom"] = [card.split("-")[0] for card in state.set_aside[0][:3]]
        return view

    monkeypatch.setattr(StoneSoup, "private_view", leaky)
    with pytest.raises(AssertionError, match="cannot see"):
        table.check_redacted(state, 0, random.Random(1))


def test_the_log_keeps_the_last_eight_public_events(table):
    state = table.arrange(2, {0: "salt salt salt salt salt onion", 1: "salt salt salt tomato"}, turn=0)
    for seat in (0, 1, 0, 1, 0, 1, 0):
        state = table.act(state, seat, {"type": "salt"})
    state = table.play(state, 1, "tomato", 1)
    state = table.act(state, 0, table.call_of(state), 1.0)
    log = table.said(GAME.view(state, None))
    assert len(log) == 8
    assert log[0] == "Player 2 adds a dash of salt; Player 1 still owes potatoes."  # the 2nd salt
    assert log[-2] == 'Player 2 adds to the pot: "one potato".'
    assert log[-1] == (
        "Player 1 calls stone soup on Player 2: tomato. A bluff: Player 2 takes back the whole pot "
        "and seven dashes of salt under it (it held fewer than twice the cards added)."
    )


def test_the_redaction_check_catches_an_exact_size(table, monkeypatch):
    hands = {0: "potato potato onion carrot cabbage peas peas", 1: "tomato", 2: "sausage"}
    state = table.play(
        table.arrange(3, hands, pot="carrot cabbage peas peas onion", turn=0), 0, "potato potato", 2
    )
    table.check_redacted(state, 1, random.Random(1))
    honest_view = StoneSoup.private_view

    def leaky(game, state, seat):
        view = honest_view(game, state, seat)
        view["window"]["added"] = state.window.added
        return view

    monkeypatch.setattr(StoneSoup, "private_view", leaky)
    caught = 0
    for seed in range(10):
        try:
            table.check_redacted(state, 1, random.Random(seed))
        except AssertionError as err:
            caught += "roughly" in str(err)
    assert caught >= 3
