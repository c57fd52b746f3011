"""Every Stone Soup rule, edge cases included, as a player at the table would notice it."""

from __future__ import annotations

from collections import Counter

import pytest

from soupkitchen.shared.core import SYSTEM, TIMEOUT, RuleError
from soupkitchen.shared.stone_soup import GAME
from soupkitchen.shared.stone_soup.cards import (
    DECK,
    FOOD_COUNTS,
    REFERENCE_CARDS,
    SALT_COUNT,
    SEQUENCE,
    STONE_COUNT,
    TOTAL_CARDS,
    kind_of,
)
from soupkitchen.shared.stone_soup.describe import size_words


def start(players: int, seed: int = 1, **options):
    return GAME.setup(players, GAME.normalise_options(options, players), seed)


# --- the cards and the deal ----------------------------------------------------------------------
def test_the_box_holds_54_cards_of_which_52_are_dealt():
    assert TOTAL_CARDS == 54 and REFERENCE_CARDS == 2
    assert (STONE_COUNT, SALT_COUNT) == (6, 8)
    assert [FOOD_COUNTS[food] for food in SEQUENCE] == [4, 4, 4, 5, 6, 7, 8]
    assert SEQUENCE == ("potato", "tomato", "sausage", "onion", "carrot", "cabbage", "peas")
    assert len(DECK) == len(set(DECK)) == 52


@pytest.mark.parametrize(
    ("players", "hands", "extra"),
    [
        (2, [13, 13], [13, 13]),
        (3, [13, 13, 13], [13]),
        (4, [13] * 4, []),
    ],
)
def test_small_tables_deal_extra_hands_set_aside_unseen(players, hands, extra):
    state = start(players)
    assert [len(hand) for hand in state.hands] == hands
    assert [len(hand) for hand in state.set_aside] == extra
    for seat in [*range(players), None]:
        view = GAME.view(state, seat)
        assert view["set_aside"] == extra  # only the sizes are known
        if seat is not None:
            assert view["hand"] == dict(Counter(kind_of(c) for c in state.hands[seat]))


def test_five_players_get_the_extra_cards_from_the_dealers_left():
    for seed in range(1, 20):
        state = start(5, seed)
        sizes = [len(state.hands[(state.dealer + 1 + i) % 5]) for i in range(5)]
        assert sizes == [11, 11, 10, 10, 10]
        assert state.set_aside == []


def test_play_starts_left_of_the_dealer_with_potatoes_and_the_deal_follows_the_seed():
    dealers = set()
    for seed in range(1, 30):
        state = start(4, seed)
        dealers.add(state.dealer)
        view = GAME.view(state, state.turn)
        assert state.turn == (state.dealer + 1) % 4
        assert view["due"] == "potato" and view["phase"] == "play" and view["dealer"] == state.dealer
    assert len(dealers) > 1
    assert start(4, 5).hands == start(4, 5).hands
    assert start(4, 5).hands != start(4, 6).hands


# --- a turn --------------------------------------------------------------------------------------
def test_an_honest_play_goes_face_down_and_the_next_player_owes_the_next_food(table):
    state = table.arrange(3, {0: "potato potato onion", 1: "tomato salt"}, turn=0)
    state = table.play(state, 0, "potato potato", 2, now=10.0)
    view = GAME.view(state, 1)
    assert view["phase"] == "challenge" and view["turn"] is None and view["next_player"] == 1
    assert size_words(view["pot"]) == "two cards" and size_words(view["players"][0]["cards"]) == "one card"
    assert view["window"]["count"] == 2 and view["window"]["food"] == "potato"
    assert '"two potatoes"' in table.said(view)[-1]
    state = table.act(state, SYSTEM, TIMEOUT, now=13.0)
    view = GAME.view(state, 1)
    assert view["turn"] == 1 and view["due"] == "tomato" and view["phase"] == "play"


def test_the_sequence_wraps_from_peas_back_to_potatoes(table):
    state = table.arrange(2, {0: "peas carrot", 1: "potato onion"}, turn=0, due="peas")
    state = table.play(state, 0, "peas", 1)
    state = table.act(state, SYSTEM, TIMEOUT, now=3.0)
    assert GAME.view(state, 1)["due"] == "potato"


def test_any_cards_may_be_added_in_one_play_but_at_least_one(table):
    state = table.arrange(3, {0: "potato potato potato onion stone"}, turn=0)
    assert "at least one card" in GAME.validate(state, 0, {"type": "play", "cards": {}, "count": 1}, 0)
    assert "at least one card" in GAME.validate(state, 0, table.play_of("", 1) | {"cards": {"potato": 0}}, 0)
    after = table.play(state, 0, "potato potato potato stone", 4)
    assert len(after.pot) == 4 and table.kinds(after.hands[0]) == ["onion"]


def test_declared_counts_are_whole_numbers_from_one_to_the_copies_in_the_game(table):
    state = table.arrange(3, {0: "potato onion"}, turn=0)
    for count, words in [
        (0, "at least one"),
        (5, "only 4 potatoes"),
        (True, "whole number"),
        (2.0, "whole number"),
        ("2", "whole number"),
        (None, "whole number"),
    ]:
        reason = GAME.validate(state, 0, {"type": "play", "cards": {"potato": 1}, "count": count}, 0)
        assert reason is not None and words in reason
    assert GAME.validate(state, 0, {"type": "play", "cards": {"potato": 1}, "count": 4}, 0) is None


def test_a_play_takes_only_cards_in_hand_and_never_salt(table):
    state = table.arrange(3, {0: "potato salt onion"}, turn=0)
    for cards, words in [
        ({"potato": 2}, "only one potato"),
        ({"stone": 1}, "no stone"),
        ({"salt": 1}, "shown"),
        ({"truffle": 1}, "Unknown card"),
        ({"potato": -1}, "whole number"),
        ({"potato": True}, "whole number"),
        (["potato"], "which cards"),
        (None, "which cards"),
    ]:
        reason = GAME.validate(state, 0, {"type": "play", "cards": cards, "count": 1}, 0)
        assert reason is not None and words in reason, (cards, reason)


def test_no_step_of_choosing_cards_is_an_action(table):
    """Choosing is private until the play is made: no pick or unpick reaches the table."""
    state = table.arrange(3, {0: "potato onion stone salt"}, turn=0)
    for kind in ("pick", "unpick", "declare"):
        assert "has no move" in GAME.validate(state, 0, {"type": kind, "card": "potato", "count": 1}, 0)
    assert {action["type"] for action in GAME.legal_actions(state, 0)} == {"play", "salt"}


def test_the_listed_plays_are_a_short_sample_and_validate_takes_any_other(table):
    state = table.arrange(3, {0: "potato potato onion carrot cabbage peas stone salt"}, turn=0)
    listed = GAME.legal_actions(state, 0)
    plays = [(a["cards"], a["count"]) for a in listed if a["type"] == "play"]
    assert ({"potato": 1}, 1) in plays and ({"potato": 2}, 2) in plays  # honest
    assert ({"potato": 2, "stone": 1}, 3) in plays  # a stone passed off as food
    assert ({"potato": 2, "onion": 1}, 2) in plays  # a card sneaked in
    assert len(listed) <= 2 + 2 * 5 + 1
    unlisted = {"type": "play", "cards": {"onion": 1, "carrot": 1, "peas": 1}, "count": 4}
    assert GAME.validate(state, 0, unlisted, 0) is None
    assert GAME.view(state, 0)["most_declared"] == 4


def test_only_the_seat_to_play_may_play(table):
    state = table.arrange(3, {0: "potato onion"}, turn=0)
    potato = table.play_of("potato", 1)
    assert "Player 1" in GAME.validate(state, 1, potato, 0)
    assert GAME.legal_actions(state, 1) == [] and GAME.legal_actions(state, 2) == []
    assert "not at this table" in GAME.validate(state, 7, potato, 0)
    assert "only a player" in GAME.validate(state, SYSTEM, potato, 0)


# --- the challenge window ------------------------------------------------------------------------
def test_the_next_player_waits_for_the_challenge_window(table):
    state = table.arrange(3, {0: "potato onion", 1: "tomato stone"}, turn=0)
    state = table.play(state, 0, "potato", 1, now=5.0)
    assert GAME.next_deadline(state) == 8.0 and GAME.view(state, 2)["deadline"] == 8.0
    assert "wait" in GAME.validate(state, 1, table.play_of("tomato", 1), 6.0)
    assert "not up yet" in GAME.validate(state, SYSTEM, TIMEOUT, 7.9)
    assert "table clock" in GAME.validate(state, 1, TIMEOUT, 9.0)
    assert GAME.legal_actions(state, 0) == []  # nobody challenges their own play
    assert "own play" in GAME.validate(state, 0, table.call_of(state), 6.0)
    assert GAME.validate(state, 2, table.call_of(state), 8.0) == "too late: the challenge window has closed"
    assert (
        GAME.validate(state, 2, table.call_of(state, "let_go"), 8.0)
        == "too late: the challenge window has closed"
    )
    closed = table.act(state, SYSTEM, TIMEOUT, 8.0)
    assert GAME.next_deadline(closed) is None
    assert (
        GAME.validate(closed, 2, table.call_of(closed), 8.5)
        == "too late: Player 1's play stands, the challenge window has closed"
    )
    assert GAME.validate(closed, 1, table.play_of("tomato", 1), 8.5) is None


@pytest.mark.parametrize("seconds", [1, 7, 10])
def test_each_table_sets_how_long_the_window_stays_open(seconds):
    state = start(3, 2, challenge_seconds=seconds)
    seat = state.turn
    kind = next(kind for kind in GAME.view(state, seat)["hand"] if kind != "salt")
    state, _ = GAME.apply(state, seat, {"type": "play", "cards": {kind: 1}, "count": 1}, 2.5)
    assert GAME.next_deadline(state) == 2.5 + seconds


def test_the_challenge_window_option_is_checked():
    spec = {spec.key: spec for spec in GAME.option_specs}["challenge_seconds"]
    assert (spec.default, spec.minimum, spec.maximum) == (7, 1, 10)
    for bad in (0, 11, "3", 2.5, True):
        with pytest.raises(RuleError):
            GAME.normalise_options({"challenge_seconds": bad}, 3)


def test_the_first_challenge_wins_the_race(table):
    state = table.arrange(4, {0: "potato onion", 1: "tomato", 2: "carrot", 3: "peas"}, turn=0)
    state = table.play(state, 0, "onion", 1, now=0.0)
    assert all(
        GAME.validate(state, seat, {**table.call_of(state), "label": "x"}, 1.0) is None for seat in (1, 2, 3)
    )
    state = table.act(state, 2, table.call_of(state), 1.0)
    assert "already challenged: Player 3" in GAME.validate(state, 3, table.call_of(state), 1.1)
    assert "you already called" in GAME.validate(state, 2, table.call_of(state), 1.1)
    assert GAME.view(state, 3)["last_reveal"]["by"] == 2


def test_a_call_names_its_play_and_a_late_one_never_lands_on_the_next(table):
    state = table.arrange(3, {0: "potato onion", 1: "tomato stone", 2: "carrot"}, turn=0)
    state = table.play(state, 0, "potato", 1, now=0.0)
    first = state.window.serial
    assert [a["play"] for a in GAME.legal_actions(state, 2)] == [first, first]  # the listed call names it
    state = table.act(state, 1, table.call_of(state, "let_go"), 0.5)
    state = table.act(state, 2, table.call_of(state, "let_go"), 0.6)  # everyone let it go
    state = table.play(state, 1, "stone", 1, now=1.0)  # the next claim, a bluff
    late = {"type": "challenge", "play": first}
    assert GAME.validate(state, 2, late, 1.1) == "too late: Player 1's play was let go"
    assert (
        GAME.validate(state, 2, {"type": "let_go", "play": first}, 1.1)
        == "too late: Player 1's play was let go"
    )
    with pytest.raises(RuleError, match="too late"):
        GAME.apply(state, 2, late, 1.1)
    assert state.window.serial == first + 1 and state.reveals == []  # nothing changed
    assert GAME.validate(state, 2, table.call_of(state), 1.1) is None  # the new claim may still be called


def test_a_call_that_names_no_play_or_a_wrong_one_is_refused_with_a_reason(table):
    state = table.arrange(3, {0: "potato onion", 1: "tomato", 2: "carrot"}, turn=0)
    state = table.play(state, 0, "potato", 1, now=0.0)
    assert "say which play" in GAME.validate(state, 1, {"type": "challenge"}, 0.5)
    assert '"play": 1' in GAME.validate(state, 1, {"type": "let_go", "play": "1"}, 0.5)
    assert "say which play" in GAME.validate(state, 1, {"type": "challenge", "play": True}, 0.5)
    assert GAME.validate(state, 1, {"type": "challenge", "play": 2}, 0.5) == "there is no play 2 to challenge"
    assert GAME.validate(state, 1, {"type": "let_go", "play": 0}, 0.5) == "there is no play 0 to let go"
    state = table.act(state, 1, table.call_of(state), 0.5)  # called: settled
    state = table.play(state, 1, "tomato", 1, now=1.0)
    state = table.act(state, SYSTEM, TIMEOUT, 4.0)  # and the next one stood
    assert (
        GAME.validate(state, 2, {"type": "challenge", "play": 1}, 4.1)
        == "too late: play 1 was settled before the last one"
    )
    assert (
        GAME.validate(state, 0, {"type": "challenge", "play": 2}, 4.1)
        == "too late: Player 2's play stands, the challenge window has closed"
    )


# --- penalties -----------------------------------------------------------------------------------
def challenged(
    table,
    hand: str,
    kinds: str,
    count: int,
    pot: str = "",
    due: str = "potato",
    players: int = 3,
    salt_pile: str = "",
):
    """Seat 0 adds ``kinds`` declaring ``count``; seat 1 challenges. Returns (before, after)."""
    state = table.arrange(players, {0: hand, 1: "salt salt"}, pot=pot, turn=0, due=due, salt_pile=salt_pile)
    played = table.play(state, 0, kinds, count, now=0.0)
    return state, table.act(played, 1, table.call_of(played), 1.0)


def test_a_caught_stone_takes_the_whole_pot(table):
    before, after = challenged(table, "potato stone onion", "potato stone", 2, pot="carrot cabbage peas")
    assert table.kinds(after.hands[0]) == sorted("potato stone onion carrot cabbage peas".split())
    assert after.pot == [] and after.salt_pile == before.salt_pile
    view = GAME.view(after, None)
    assert view["last_reveal"]["verdict"] == "stone" and view["last_reveal"]["cards"] == ["potato", "stone"]
    assert "A stone" in table.said(view)[-1]
    assert view["turn"] == 1 and view["due"] == "tomato"  # the next player owes the next food


def test_an_honest_play_sends_the_whole_pot_to_the_challenger(table):
    before, after = challenged(table, "potato potato onion", "potato potato", 2, pot="carrot cabbage peas")
    assert table.kinds(after.hands[0]) == ["onion"]
    assert table.kinds(after.hands[1]) == sorted("salt salt potato potato carrot cabbage peas".split())
    assert after.pot == [] and GAME.view(after, 2)["last_reveal"]["verdict"] == "honest"
    assert after.turn == 1 and GAME.view(after, 1)["due"] == "tomato"


def test_wrong_food_takes_back_twice_the_cards_added(table):
    before, after = challenged(table, "sausage onion", "sausage", 1, pot="carrot cabbage peas")
    assert table.kinds(after.hands[0]) == ["onion", "peas", "sausage"]  # own card + the next one down
    assert table.kinds(after.pot) == ["cabbage", "carrot"]
    assert GAME.view(after, 0)["last_reveal"]["verdict"] == "bluff" and GAME.view(after, 0)["due"] == "tomato"


def test_more_cards_than_declared_takes_back_twice_the_cards_added(table):
    pot = "carrot cabbage peas onion onion"
    _, after = challenged(table, "potato potato potato tomato", "potato potato potato", 2, pot=pot)
    assert len(after.hands[0]) == 1 + 6 and len(after.pot) == 2
    assert table.kinds(after.pot) == ["cabbage", "carrot"]  # the bottom of the pot stays


def test_fewer_cards_than_declared_is_a_bluff_too(table):
    _, after = challenged(table, "potato potato tomato", "potato potato", 3, pot="carrot cabbage peas")
    assert len(after.hands[0]) == 1 + 4 and len(after.pot) == 1
    assert GAME.view(after, 2)["last_reveal"]["verdict"] == "bluff"


def test_a_bluff_taking_exactly_the_pot_leaves_the_salt_under_it(table):
    """Three cards on a pot of three: twice the cards added is six, the whole pot, but not the salt."""
    _, after = challenged(
        table,
        "sausage sausage onion tomato",
        "sausage sausage onion",
        3,
        pot="carrot cabbage peas",
        salt_pile="salt",
    )
    assert len(after.hands[0]) == 1 + 6 and after.pot == [] and len(after.salt_pile) == 1
    reveal = GAME.view(after, 2)["last_reveal"]
    assert (
        reveal["verdict"] == "bluff"
        and reveal["taken"] == 6
        and not reveal["whole_pot"]
        and reveal["salt"] == 0
    )
    assert GAME.view(after, 2)["salt_pile"] == 1 and table.said(GAME.view(after, 2))[-1].endswith(
        "takes back 6 cards, twice the cards added."
    )
    GAME.check_invariants(after)


def test_when_the_pot_is_short_the_bluffer_takes_all_of_it(table):
    _, after = challenged(table, "tomato sausage onion", "tomato sausage", 2, pot="carrot")
    assert after.pot == [] and len(after.hands[0]) == 4


def test_a_stone_outweighs_a_miscount(table):
    _, after = challenged(
        table,
        "potato stone stone onion",
        "potato stone stone",
        1,
        pot="carrot cabbage peas peas peas peas peas",
    )
    assert after.pot == [] and len(after.hands[0]) == 4 + 7


def test_the_salt_under_the_pot_goes_with_the_whole_pot(table):
    pot = "carrot cabbage peas"
    _, stone = challenged(table, "potato stone onion", "potato stone", 2, pot=pot, salt_pile="salt salt")
    assert stone.salt_pile == [] and table.kinds(stone.hands[0]).count("salt") == 2
    reveal = GAME.view(stone, 2)["last_reveal"]
    assert reveal["whole_pot"] and reveal["salt"] == 2 and reveal["taken"] is None
    assert "the whole pot and two dashes of salt under it" in table.said(GAME.view(stone, 2))[-1]
    _, honest = challenged(table, "potato onion", "potato", 1, pot=pot, salt_pile="salt")
    assert honest.salt_pile == [] and table.kinds(honest.hands[1]).count("salt") == 3
    # The bluff penalty takes from the top: it reaches the salt only when it takes the whole pot.
    _, part = challenged(table, "sausage onion", "sausage", 1, pot=pot, salt_pile="salt")
    assert len(part.salt_pile) == 1 and GAME.view(part, 2)["last_reveal"]["taken"] == 2
    _, whole = challenged(table, "tomato sausage onion", "tomato sausage", 2, pot="carrot", salt_pile="salt")
    assert whole.salt_pile == [] and "salt" in table.kinds(whole.hands[0])
    for state in (stone, honest, part, whole):
        GAME.check_invariants(state)


def test_every_seat_sees_the_revealed_cards(table):
    _, after = challenged(table, "sausage onion", "sausage", 1, pot="carrot")
    for seat in (0, 1, 2, None):
        view = GAME.view(after, seat)
        assert view["last_reveal"]["cards"] == ["sausage"] and view["last_reveal"]["taker"] == 0
        assert "sausage" in table.said(view)[-1]


# --- a dash of salt ------------------------------------------------------------------------------
def test_a_dash_of_salt_passes_and_the_next_player_owes_the_same_food(table):
    state = table.arrange(3, {0: "salt onion", 1: "tomato"}, pot="carrot", turn=0, due="sausage")
    after = table.act(state, 0, {"type": "salt"})
    assert len(after.salt_pile) == 1 and after.pot == state.pot  # under the pot, not in it
    view = GAME.view(after, 2)
    assert (
        view["salt_pile"] == 1 and view["pot"]["most"] == 1 and view["turn"] == 1 and view["due"] == "sausage"
    )
    assert view["deadline"] is None and "dash of salt" in table.said(view)[-1] and view["salted"]
    assert not GAME.view(table.play(after, 1, "tomato", 1), 2)["salted"]  # a play, not salt, was the last
    assert "cannot be challenged" in GAME.validate(after, 2, table.call_of(after), 0.5)


def test_salt_needs_a_salt_card(table):
    no_salt = table.arrange(3, {0: "onion"}, turn=0)
    assert "no dash of salt" in GAME.validate(no_salt, 0, {"type": "salt"}, 0)
    assert all(action["type"] != "salt" for action in GAME.legal_actions(no_salt, 0))


def test_a_last_card_of_salt_wins_at_once(table):
    state = table.arrange(3, {0: "salt"}, turn=0)
    after = table.act(state, 0, {"type": "salt"})
    assert GAME.is_over(after) and GAME.result(after)["winners"] == [0]


# --- the end -------------------------------------------------------------------------------------
def test_emptying_your_hand_wins_once_the_window_closes_unchallenged(table):
    state = table.arrange(3, {0: "potato potato"}, turn=0)
    state = table.play(state, 0, "potato potato", 2, now=0.0)
    assert GAME.view(state, 1)["window"]["empties_hand"] is True and not GAME.is_over(state)
    over = table.act(state, SYSTEM, TIMEOUT, 3.0)
    result = GAME.result(over)
    assert result["winners"] == [0] and result["scores"][0] == 1 and sum(result["scores"]) == 1
    view = GAME.view(over, 1)
    assert (
        view["over"] and view["phase"] == "over" and view["result"] == result and view["legal_actions"] == []
    )
    assert GAME.validate(over, 1, table.call_of(over), 3.1) == "the game is over"
    assert GAME.next_deadline(over) is None


def test_a_failed_challenge_on_the_last_play_still_lets_it_win(table):
    state = table.arrange(3, {0: "potato"}, pot="onion", turn=0)
    state = table.play(state, 0, "potato", 1)
    over = table.act(state, 2, table.call_of(state), 1.0)
    assert GAME.result(over)["winners"] == [0] and len(over.hands[2]) > 0
    assert table.kinds(over.pot) == []


def test_a_caught_last_play_takes_cards_back_and_play_goes_on(table):
    state = table.arrange(3, {0: "onion"}, pot="carrot carrot", turn=0)
    state = table.play(state, 0, "onion", 1)
    after = table.act(state, 1, table.call_of(state), 1.0)
    assert not GAME.is_over(after) and len(after.hands[0]) == 2 and after.turn == 1


# --- malformed input -----------------------------------------------------------------------------
GARBAGE = [
    None,
    3,
    "pick",
    [],
    ["challenge"],
    {},
    {"type": None},
    {"type": 7},
    {"type": "x" * 10_000},
    {"type": "play"},
    {"type": "play", "cards": ["potato"]},
    {"type": "play", "cards": {"a": 1}},
    {"type": "play", "cards": {"potato": 10**100}, "count": 1},
    {"type": "play", "cards": {"potato": -1}},
    {"type": "play", "cards": {"potato": "1"}, "count": 1},
    {"type": "play", "cards": {"stone": 1}, "count": 10**100},
    {"type": "play", "cards": {"stone": 1}, "count": float("nan")},
    {"type": "play", "cards": {"stone": 1}, "count": [1]},
    {"type": "play", "cards": {None: 1}},
    {"type": "play", "cards": {"x" * 10_000: 1}, "count": 1},
    {"type": "pick", "card": "potato"},
    {"type": "salt", "card": 5},
    {"type": "challenge", "extra": [1]},
    {"type": "timeout", "at": "now"},
    {"type": "play", "cards": {"stone": 1}},
]


@pytest.mark.parametrize("seat", [0, 1, 2, None, -1, 3, 10**9, "0", 0.0, True, [0]])
def test_validate_answers_any_input_with_a_reason(table, seat):
    fresh = table.arrange(3, {0: "potato potato stone salt"}, turn=0)
    windowed = table.play(fresh, 0, "stone", 1)
    for state in (fresh, windowed):
        for action in GARBAGE:
            for now in (0.0, 1e308, -5.0, float("nan"), float("inf"), "soon", None):
                reason = GAME.validate(state, seat, action, now)
                assert reason is None or (isinstance(reason, str) and reason)
                if reason is None:
                    GAME.apply(state, seat, action, now)


def test_moves_carry_no_words_and_a_label_sent_along_is_ignored(table):
    state = table.arrange(3, {0: "potato potato stone salt"}, turn=0)
    for action in GAME.legal_actions(state, 0):
        assert "label" not in action
        assert GAME.validate(state, 0, action, 0) is None
        assert GAME.validate(state, 0, {**action, "label": "anything"}, 0) is None
    with pytest.raises(RuleError, match="not your turn"):
        GAME.apply(state, 1, {"type": "salt"}, 0)


@pytest.mark.parametrize(("choice", "seconds"), [("off", 7), ("1.5x", 11), ("2x", 14)])
def test_a_longer_call_window_is_half_as_long_again_or_twice_the_seconds_off_by_default(
    table, choice, seconds
):
    """The named option for players who need more time; the clock closes the window at its end only."""
    assert GAME.normalise_options({}, 3)["longer_window"] == "off"
    state = table.arrange(3, {0: "potato potato onion", 1: "tomato salt"}, turn=0, seconds=7)
    state.options["longer_window"] = choice
    state = table.play(state, 0, "potato potato", 2, now=10.0)
    view = GAME.view(state, 1)
    assert view["challenge_seconds"] == seconds and view["deadline"] == 10.0 + seconds
    assert GAME.validate(state, SYSTEM, dict(TIMEOUT), 10.0 + seconds - 0.5) is not None
