"""Set-up, moves, passing, turn order, the timer, star arithmetic and the extended games."""

from __future__ import annotations

import pytest

from soupkitchen.shared.core import RuleError
from soupkitchen.shared.too_many_cooks import GAME, describe
from soupkitchen.shared.too_many_cooks.cards import BASE_SOUPS, COPIES, KINDS, card_id, card_json
from soupkitchen.shared.too_many_cooks.rounds import score_round
from soupkitchen.shared.too_many_cooks.state import chef_satisfied
from soupkitchen.shared.too_many_cooks.tastes import WITNESS_SOUPS, satisfied, tastes_of

PEA_GREEN = "pea/green"


def fresh(players: int, seed: int = 1, **options):
    return GAME.setup(players, GAME.normalise_options(options, players), seed)


def survive(state):
    """``state`` with its soup rebuilt as the witness of its difficulty: every taste satisfied."""
    soup = WITNESS_SOUPS[state.round_difficulty]
    return state.with_(soup=soup, spares=tuple(COPIES - soup.count(card) for card in range(KINDS)))


def ready_all(state, now: float = 0.0):
    for seat in range(state.players):
        state, _ = GAME.apply(state, seat, {"type": "ready"}, now)
    return state


# --- set-up and the deal ---------------------------------------------------------------------
@pytest.mark.parametrize(
    ("players", "round_number", "each", "shared"),
    [
        (2, 1, 3, 1),
        (2, 2, 3, 3),
        (2, 3, 3, 5),
        (3, 1, 2, 1),
        (3, 2, 2, 3),
        (3, 3, 2, 5),
        (4, 1, 1, 3),
        (4, 2, 2, 1),
        (4, 3, 2, 3),
        (5, 1, 1, 2),
        (6, 1, 1, 1),
        (6, 2, 1, 3),
        (6, 3, 1, 5),
    ],
)
def test_rulebook_deal(players, round_number, each, shared):
    state = fresh(players, seed=round_number)
    for _ in range(round_number - 1):  # play rounds out on the clock to reach the wanted round
        state = survive(ready_all(state))
        state, _ = GAME.apply(state, None, {"type": "timeout"}, 10_000.0)
        state = ready_all(state)
    assert state.round == round_number and state.phase == "ready"
    assert len(state.tastes) == (7, 9, 11)[round_number - 1]
    assert [len(state.personal(seat)) for seat in range(players)] == [each] * players
    assert len(state.shared()) == shared
    assert set(state.tastes) <= set(tastes_of("easy"))


def test_setup_builds_the_soup_from_a_base_of_the_difficulty_with_two_stars():
    state = fresh(4, difficulty="moderate")
    assert state.stars == 2 and state.rounds == 3 and state.phase == "ready"
    assert state.base.startswith("M") and state.soup == BASE_SOUPS[state.base]
    view = GAME.view(state, 0)
    assert view["deadline"] is None and view["turn"] is None
    assert view["legal_actions"] == [{"type": "ready"}]


def test_first_player_comes_from_the_seed_and_rotates_clockwise():
    firsts = {fresh(5, seed=seed).first_player for seed in range(40)}
    assert firsts == set(range(5))
    state = ready_all(fresh(3, seed=2))
    first = state.first_player
    assert state.turn == first
    state, _ = GAME.apply(survive(state), None, {"type": "timeout"}, 300.0)
    state = ready_all(state)
    assert state.first_player == (first + 1) % 3
    state = survive(ready_all(state, now=400.0))
    state, _ = GAME.apply(state, None, {"type": "timeout"}, 700.0)
    state = ready_all(state)
    assert state.first_player == (first + 2) % 3 and state.round == 3


def test_each_round_draws_a_new_base_and_rebuilds_the_soup():
    state = ready_all(fresh(2, seed=5))
    bases = [state.base]
    for _ in range(2):
        state, _ = GAME.apply(survive(state), None, {"type": "timeout"}, 1000.0 * len(bases))
        state = ready_all(state)
        assert state.soup == BASE_SOUPS[state.base]
        bases.append(state.base)
        state = ready_all(state)
    assert len(set(bases)) == 3


def test_the_timer_starts_only_when_every_chef_is_ready(tmc):
    state = fresh(3)
    state, _ = GAME.apply(state, 0, {"type": "ready"}, 5.0)
    assert GAME.validate(state, 0, {"type": "ready"}, 6.0) == "you are already ready"
    assert GAME.next_deadline(state) is None and state.phase == "ready"
    assert "not started" in GAME.validate(
        state, 1, {"type": "rotate", "line": "row", "index": 0, "step": 1}, 6
    )
    state, _ = GAME.apply(state, 1, {"type": "ready"}, 7.0)
    state, _ = GAME.apply(state, 2, {"type": "ready"}, 9.0)
    assert state.phase == "playing" and GAME.next_deadline(state) == 9.0 + 300


def test_a_chef_is_told_why_the_round_will_not_take_a_move(tmc):
    state = tmc.playing(3)
    waiting = next(seat for seat in range(3) if seat != state.turn)
    assert GAME.validate(state, waiting, {"type": "ready"}, 1.0) == "the round is already under way"
    assert GAME.validate(state, state.turn, {"type": "ready"}, 1.0) == "the round is already under way"
    assert GAME.validate(state, waiting, {"type": "pass"}, 1.0) == "it is not your turn"
    readied, _ = GAME.apply(fresh(3), 2, {"type": "ready"}, 1.0)
    assert GAME.validate(readied, 2, {"type": "pass"}, 2.0).startswith("the round has not started")
    assert GAME.validate(readied, 0, {"type": "pass"}, 2.0).startswith("the round has not started")


def test_round_seconds_option_sets_the_timer():
    state = ready_all(fresh(2, round_seconds=60), now=1.0)
    assert GAME.next_deadline(state) == 61.0
    for bad in (59, 901, "300", 300.0):
        with pytest.raises(RuleError):
            GAME.normalise_options({"round_seconds": bad}, 2)


# --- moves -----------------------------------------------------------------------------------
def busy(tmc, soup=None):
    """Seat 0's turn in round 1, with a shared taste the soup does not satisfy (so no one may pass)."""
    state = tmc.playing(3)
    state = tmc.with_soup(state, soup or WITNESS_SOUPS["easy"]).with_(turn=0)
    return tmc.with_tastes(state, [("E05", 0), ("E20", 1), ("E12", 2), ("H12", None)])


def test_change_colour_only_or_vegetable_only(tmc):
    state = busy(tmc)
    old = state.soup[5]  # pepper/blue at row 1, col 1
    assert card_json(old) == {"veg": "pepper", "colour": "blue"}
    new_state, events = GAME.apply(
        state, 0, {"type": "change", "row": 1, "col": 1, "veg": "pepper", "colour": "red"}, 1
    )
    assert card_json(new_state.soup[5]) == {"veg": "pepper", "colour": "red"}
    assert new_state.spares[old] == state.spares[old] + 1
    assert new_state.spares[card_id("pepper", "red")] == state.spares[card_id("pepper", "red")] - 1
    assert events[0]["type"] == "changed" and new_state.turn == 1
    state2, _ = GAME.apply(
        state, 0, {"type": "change", "row": 1, "col": 1, "veg": "onion", "colour": "blue"}, 1
    )
    assert card_json(state2.soup[5]) == {"veg": "onion", "colour": "blue"}


@pytest.mark.parametrize(
    ("action", "reason"),
    [
        ({"type": "change", "row": 1, "col": 1, "veg": "onion", "colour": "red"}, "not both"),
        ({"type": "change", "row": 1, "col": 1, "veg": "pepper", "colour": "blue"}, "already there"),
        ({"type": "change", "row": 4, "col": 1, "veg": "pepper", "colour": "red"}, "0 to 3"),
        ({"type": "change", "row": -1, "col": 1, "veg": "pepper", "colour": "red"}, "0 to 3"),
        ({"type": "change", "row": 10**30, "col": 1, "veg": "pepper", "colour": "red"}, "0 to 3"),
        ({"type": "change", "row": 1.0, "col": 1, "veg": "pepper", "colour": "red"}, "whole numbers"),
        ({"type": "change", "row": True, "col": 1, "veg": "pepper", "colour": "red"}, "whole numbers"),
        ({"type": "change", "row": "1", "col": 1, "veg": "pepper", "colour": "red"}, "whole numbers"),
        ({"type": "change", "row": 1, "col": 1, "veg": "kale", "colour": "red"}, "veg must be"),
        ({"type": "change", "row": 1, "col": 1, "veg": ["pepper"], "colour": "red"}, "veg must be"),
        ({"type": "change", "row": 1, "col": 1, "veg": "pepper", "colour": "purple"}, "colour must be"),
        ({"type": "change", "row": 1, "col": 1, "veg": "pepper", "colour": {"x": 1}}, "colour must be"),
        ({"type": "change", "row": 1, "col": 1}, "veg must be"),
        ({"type": "rotate", "line": "diagonal", "index": 0, "step": 1}, "row"),
        ({"type": "rotate", "line": ["row"], "index": 0, "step": 1}, "row"),
        ({"type": "rotate", "line": "row", "index": 4, "step": 1}, "index"),
        ({"type": "rotate", "line": "row", "index": None, "step": 1}, "index"),
        ({"type": "rotate", "line": "col", "index": 0, "step": 2}, "one step"),
        ({"type": "rotate", "line": "col", "index": 0, "step": True}, "one step"),
        ({"type": "rotate", "line": "col", "index": 0, "step": 0}, "one step"),
        ({"type": "rotate"}, "row"),
        ({"type": "pass"}, "only when"),
        ({"type": "timeout"}, "table clock"),
        ({"type": "ready"}, "under way"),
        ({"type": "cook"}, "has no move"),
        ({"type": 3}, "object"),
        ({}, "object"),
        ([], "object"),
        ("change", "object"),
        (None, "object"),
        (12, "object"),
    ],
)
def test_malformed_and_illegal_actions_are_refused_with_a_reason(tmc, action, reason):
    state = busy(tmc)
    message = GAME.validate(state, 0, action, 1.0)
    assert message is not None and reason in message
    with pytest.raises(RuleError):
        GAME.apply(state, 0, action, 1.0)


def test_a_change_needs_the_card_among_the_spares(tmc):
    # both pepper/red cards in the soup: no spare pepper/red remains
    soup = tmc.soup_of(PEA_GREEN, {(0, 0): "pepper/red", (0, 1): "pepper/red", (1, 1): "pepper/blue"})
    soup = soup[:8] + tuple(
        card_id(v, c)
        for v, c in [
            ("onion", "red"),
            ("onion", "blue"),
            ("carrot", "red"),
            ("carrot", "blue"),
            ("tomato", "red"),
            ("tomato", "blue"),
            ("potato", "red"),
            ("potato", "blue"),
        ]
    )
    soup = soup[:3] + (card_id("pea", "yellow"),) + soup[4:]
    state = busy(tmc, soup)
    reason = GAME.validate(
        state, 0, {"type": "change", "row": 1, "col": 1, "veg": "pepper", "colour": "red"}, 1
    )
    assert reason == "no spare red pepper is left"
    assert {"type": "change", "row": 1, "col": 1, "veg": "pepper", "colour": "red"} not in GAME.legal_actions(
        state, 0
    )


def test_only_the_chef_whose_turn_it_is_may_move_and_not_after_time(tmc):
    state = busy(tmc)
    rotate = {"type": "rotate", "line": "row", "index": 0, "step": 1}
    assert GAME.validate(state, 1, rotate, 1) == "it is not your turn"
    assert GAME.validate(state, 7, rotate, 1) == "that seat is not at this table"
    assert GAME.validate(state, "0", rotate, 1) == "that seat is not at this table"
    assert GAME.validate(state, 0, rotate, 300.0) == "the round's time is up"
    assert GAME.legal_actions(state, 1) == [] and GAME.legal_actions(state, None) == []


@pytest.mark.parametrize(
    ("line", "index", "step", "moved"),
    [
        ("row", 0, 1, [3, 0, 1, 2]),  # east: the last card wraps to the first place
        ("row", 0, -1, [1, 2, 3, 0]),
        ("col", 2, 1, [14, 2, 6, 10]),  # south
        ("col", 2, -1, [6, 10, 14, 2]),  # north
    ],
)
def test_rotation_shifts_a_line_one_place_and_wraps(tmc, line, index, step, moved):
    state = busy(tmc)
    new, _ = GAME.apply(state, 0, {"type": "rotate", "line": line, "index": index, "step": step}, 1)
    cells = [index * 4 + c for c in range(4)] if line == "row" else [r * 4 + index for r in range(4)]
    assert [new.soup[cell] for cell in cells] == [state.soup[i] for i in moved]
    untouched = [i for i in range(16) if i not in cells]
    assert [new.soup[i] for i in untouched] == [state.soup[i] for i in untouched]


def test_legal_actions_are_every_change_and_rotation_and_all_validate(tmc):
    state = busy(tmc)
    legal = GAME.legal_actions(state, 0)
    rotations = [a for a in legal if a["type"] == "rotate"]
    changes = [a for a in legal if a["type"] == "change"]
    assert len(rotations) == 16 and len(changes) > 100
    assert all(GAME.validate(state, 0, action, 1) is None for action in legal)


# --- passing and turns -----------------------------------------------------------------------
def pass_table(tmc):
    """Seat 0 satisfied (E05, a carrot in a corner); seats 1 and 2 not (M03 needs a blue in every row)."""
    soup = tmc.soup_of(PEA_GREEN, {(0, 0): "carrot/red"})
    state = tmc.with_soup(tmc.playing(3), soup).with_(turn=0)
    return tmc.with_tastes(state, [("E05", 0), ("M03", 1), ("H03", 2)])


def test_a_satisfied_chef_must_pass_and_an_unsatisfied_one_cannot(tmc):
    state = pass_table(tmc)
    assert chef_satisfied(state, 0) and not chef_satisfied(state, 1)
    assert GAME.legal_actions(state, 0) == [{"type": "pass"}]
    assert "must pass" in GAME.validate(state, 0, {"type": "rotate", "line": "row", "index": 1, "step": 1}, 1)
    state, events = GAME.apply(state, 0, {"type": "pass"}, 1)
    assert state.passed == (True, False, False) and state.turn == 1 and events[0]["type"] == "passed"
    assert GAME.validate(state, 1, {"type": "pass"}, 2).startswith("you may pass only when")


def test_passed_chefs_are_skipped_and_rejoin_when_unsatisfied(tmc):
    state = pass_table(tmc)
    state, _ = GAME.apply(state, 0, {"type": "pass"}, 1)
    state, _ = GAME.apply(state, 1, {"type": "rotate", "line": "row", "index": 3, "step": 1}, 2)
    assert state.turn == 2  # seat 0 stays out
    state, _ = GAME.apply(state, 2, {"type": "rotate", "line": "row", "index": 3, "step": 1}, 3)
    assert state.turn == 1  # skipped seat 0
    # seat 1 moves the carrot out of the corner: seat 0 is unhappy and back in the turn order
    state, events = GAME.apply(state, 1, {"type": "rotate", "line": "row", "index": 0, "step": 1}, 4)
    assert {"type": "rejoined", "seat": 0} in events
    assert state.passed == (False, False, False) and state.turn == 2
    state, _ = GAME.apply(state, 2, {"type": "rotate", "line": "row", "index": 3, "step": 1}, 5)
    assert state.turn == 0 and GAME.legal_actions(state, 0) != [{"type": "pass"}]


def test_when_all_but_one_have_passed_that_chef_plays_every_turn(tmc):
    state = pass_table(tmc)
    state = tmc.with_tastes(state, [("E05", 0), ("M03", 1), ("E04", 2)]).with_(
        passed=(True, False, True), turn=1
    )
    state, _ = GAME.apply(state, 1, {"type": "rotate", "line": "row", "index": 3, "step": 1}, 1)
    assert state.turn == 1


def test_round_ends_when_every_chef_has_passed(tmc):
    soup = tmc.soup_of(PEA_GREEN, {(0, 0): "carrot/red"})
    state = tmc.with_tastes(tmc.with_soup(tmc.playing(2), soup).with_(turn=1), [("E05", 0), ("E04", 1)])
    state, _ = GAME.apply(state, 1, {"type": "pass"}, 1)
    state, events = GAME.apply(state, 0, {"type": "pass"}, 2)
    assert state.phase == "reveal" and state.stars == 3
    assert [e["type"] for e in events][-2:] == ["all_passed", "round_over"]
    assert GAME.next_deadline(state) is None


# --- the timer and the stars -----------------------------------------------------------------
def test_timeout_only_by_the_clock_and_only_when_due(tmc):
    state = tmc.playing(2, now=10.0)
    assert GAME.validate(state, None, {"type": "timeout"}, 309.0) == "the time is not up yet"
    assert GAME.validate(state, None, {"type": "rotate"}, 310.0) is not None
    assert GAME.validate(state, None, {"type": "timeout"}, 310.0) is None
    assert GAME.validate(fresh(2), None, {"type": "timeout"}, 1e9) == "nothing is timed now"


def scored(tmc, unsatisfied: int, stars: int, mode: str = "standard"):
    """Round 1 ended with ``unsatisfied`` of seven tastes unsatisfied (soup: all pea/green)."""
    soup = tmc.soup_of(PEA_GREEN)
    good = [t for t in tastes_of("hard") if satisfied(t, soup)]
    bad = [t for t in tastes_of("hard") if not satisfied(t, soup)]
    tastes = bad[:unsatisfied] + good[: 7 - unsatisfied]
    options = {"mode": mode} if mode != "standard" else {"difficulty": "hard"}
    state = tmc.playing(2, options=options).with_(soup=soup, stars=stars)
    state = tmc.with_tastes(state, [(t, None) for t in tastes])
    return GAME.apply(state, None, {"type": "timeout"}, 1e6)[0]


@pytest.mark.parametrize(
    ("unsatisfied", "before", "after", "lost"),
    [
        (0, 2, 3, False),
        (0, 5, 5, False),
        (1, 2, 2, False),
        (1, 0, 0, False),
        (2, 2, 1, False),
        (4, 1, 0, False),
        (2, 0, 0, True),
        (5, 5, 4, True),
        (7, 3, 2, True),
    ],
)
def test_star_arithmetic_and_both_ways_to_lose(tmc, unsatisfied, before, after, lost):
    state = scored(tmc, unsatisfied, before)
    reveal = state.reveal
    assert (reveal["unsatisfied"], reveal["stars_before"], reveal["stars_after"], reveal["lost"]) == (
        unsatisfied,
        before,
        after,
        lost,
    )
    assert state.stars == after
    assert state.phase == ("over" if lost else "reveal")
    if lost:
        assert GAME.result(state)["won"] is False and GAME.result(state)["winners"] == []
        assert describe.game_summary(GAME.view(state, 0)) == "The kitchen closed in round 1 of 3."
    assert describe.round_explanation(state.mode, reveal).endswith(".")


def test_after_the_third_round_the_game_is_won_with_the_stars(tmc):
    state = tmc.playing(3).with_(round=3, stars=4)
    state = tmc.with_tastes(
        tmc.with_soup(state, WITNESS_SOUPS["easy"]), [(t, None) for t in tastes_of("easy")[:11]]
    )
    state, events = GAME.apply(state, None, {"type": "timeout"}, 1e6)
    result = GAME.result(state)
    assert GAME.is_over(state) and result["won"] and result["stars"] == 5
    assert result["winners"] == [0, 1, 2] and result["scores"] == [5, 5, 5]
    assert result["next_challenge"] == {"mode": "standard", "difficulty": "moderate"}
    assert (
        describe.game_summary(GAME.view(state, 0)) == "Three rounds served with 5 stars. Ready for Moderate!"
    )
    assert events[-1] == {"type": "game_over", "won": True, "stars": 5}


def test_reveal_then_ready_deals_the_next_round(tmc):
    state = scored(tmc, 1, 2)
    assert state.phase == "reveal" and GAME.legal_actions(state, 0) == [{"type": "ready"}]
    state, _ = GAME.apply(state, 0, {"type": "ready"}, 1e6)
    assert state.phase == "reveal"
    state, events = GAME.apply(state, 1, {"type": "ready"}, 1e6)
    assert state.phase == "ready" and state.round == 2 and len(state.tastes) == 9 and state.reveal is None


# --- extended games --------------------------------------------------------------------------
def test_all_day_soup_starts_starless_and_climbs_every_three_rounds():
    state = fresh(4, mode="all-day")
    assert state.stars == 0 and state.rounds == 9
    difficulties = []
    for round_number in range(1, 10):
        difficulties.append(state.round_difficulty)
        assert state.round == round_number and len(state.tastes) == (7, 9, 11)[(round_number - 1) % 3]
        assert state.base[0] == state.round_difficulty[0].upper()
        state = survive(ready_all(state))
        state, _ = GAME.apply(state, None, {"type": "timeout"}, 1e4 * round_number)
        if round_number < 9:
            state = ready_all(state, now=1e4 * round_number)
    assert difficulties == ["easy"] * 3 + ["moderate"] * 3 + ["hard"] * 3
    assert GAME.is_over(state) and GAME.result(state)["rounds_played"] == 9


def test_unreasonable_is_one_hard_round_that_needs_every_taste(tmc):
    state = fresh(3, mode="unreasonable", tastes=14)
    assert state.rounds == 1 and state.round_difficulty == "hard" and len(state.tastes) == 14
    assert [len(state.personal(s)) for s in range(3)] == [2, 2, 2] and len(state.shared()) == 8
    lost = scored(tmc, 1, 2, mode="unreasonable")
    assert lost.phase == "over" and GAME.result(lost)["won"] is False
    assert GAME.result(lost)["next_challenge"] == {"mode": "unreasonable", "tastes": 12}


def test_unreasonable_win_adds_a_taste_to_the_next_challenge(tmc):
    cases = (
        (12, {"mode": "unreasonable", "tastes": 13}, "All 12 tastes satisfied. Next time try 13."),
        (
            15,
            {"mode": "unreasonable", "tastes": 16},
            "All 15 tastes satisfied: tell the publisher! Next time try 16.",
        ),
        (20, None, "All 20 tastes satisfied, every taste in the Hard deck: tell the publisher!"),
    )
    for goal, challenge, summary in cases:
        state = tmc.playing(2, options={"mode": "unreasonable", "tastes": goal})
        assert len(state.tastes) == goal
        state = tmc.with_soup(state, WITNESS_SOUPS["hard"])
        state, _ = GAME.apply(state, None, {"type": "timeout"}, 1e6)
        result = GAME.result(state)
        assert result["won"] and result["next_challenge"] == challenge
        assert result["beat_fifteen"] == (goal >= 15)
        assert describe.game_summary(GAME.view(state, 0)) == summary
        assert state.reveal["unsatisfied"] == 0


def test_unreasonable_goes_up_to_the_twenty_hard_tastes():
    assert GAME.normalise_options({"mode": "unreasonable", "tastes": 20}, 6)["tastes"] == 20
    for too_many in (21, 11):
        with pytest.raises(RuleError):
            GAME.normalise_options({"mode": "unreasonable", "tastes": too_many}, 3)
    state = GAME.setup(6, GAME.normalise_options({"mode": "unreasonable", "tastes": 20}, 6), 5)
    assert len(set(state.tastes)) == 20 and [len(state.personal(s)) for s in range(6)] == [2] * 6


def test_option_checks():
    assert GAME.normalise_options({}, 4) == {
        "difficulty": "easy",
        "mode": "standard",
        "tastes": 12,
        "round_seconds": 300,
        "longer_round": "off",
    }
    for bad in (
        {"mode": "endless"},
        {"difficulty": "insane"},
        {"tastes": 11},
        {"tastes": 21},
        {"colour": 1},
        {"longer_round": "3x"},
        {"longer_round": 2},
    ):
        with pytest.raises(RuleError):
            GAME.normalise_options(bad, 4)
    with pytest.raises(RuleError):
        GAME.normalise_options({}, 7)


def test_score_round_counts_personal_and_shared_alike(tmc):
    state = tmc.with_tastes(
        tmc.with_soup(tmc.playing(2), WITNESS_SOUPS["easy"]), [("E01", 0), ("E02", 1), ("E03", None)]
    )
    reveal, stars, lost = score_round(state)
    assert reveal["unsatisfied"] == 0 and stars == 3 and not lost
    assert reveal["tastes"] == [["E01", 0, True], ["E02", 1, True], ["E03", None, True]]


def test_a_longer_round_is_half_as_long_again_or_twice_the_rounds_seconds_and_off_by_default():
    """The named option for players who need more time (GameAccessibilityGuidelines: timed games)."""
    seconds = {
        choice: GAME.setup(3, GAME.normalise_options({"longer_round": choice}, 3), 1).round_seconds
        for choice in ("off", "1.5x", "2x")
    }
    assert seconds == {"off": 300, "1.5x": 450, "2x": 600}
    shorter = GAME.setup(3, GAME.normalise_options({"round_seconds": 60, "longer_round": "2x"}, 3), 1)
    assert shorter.round_seconds == 120 and GAME.view(shorter, 0)["round_seconds"] == 120
