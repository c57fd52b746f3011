"""The bot: finishes every seeded game, repeats itself exactly, beats random play
and remembers saucepans only from what its views showed."""

from __future__ import annotations

import pytest

from soupkitchen.shared.playout import bot_chooser, play, random_chooser
from soupkitchen.shared.pot_pourri import GAME
from soupkitchen.shared.pot_pourri.bot import PotBot

PLAYER_COUNTS = [3, 4, 5]
DETERMINISM_SAMPLE = range(1, 11)
MIXED_GAMES = 20


@pytest.mark.parametrize("players", PLAYER_COUNTS)
def test_bot_games_finish_for_seeds_1_to_100_and_repeat_exactly(players):
    hashes = {}
    for seed in range(1, 101):
        outcome = play(GAME, players, seed, bot_chooser(GAME, players, seed))
        assert GAME.is_over(outcome.state) and GAME.result(outcome.state)["winners"]
        assert outcome.actions < 400, "bots should not dawdle"
        hashes[seed] = GAME.state_hash(outcome.state)
    for seed in DETERMINISM_SAMPLE:
        again = play(GAME, players, seed, bot_chooser(GAME, players, seed))
        assert GAME.state_hash(again.state) == hashes[seed]
    assert len(set(hashes.values())) == 100


@pytest.mark.parametrize("pros", [False, True])
def test_bots_play_the_cooking_pros_variant_too(pros):
    for seed in range(1, 11):
        outcome = play(GAME, 4, seed, bot_chooser(GAME, 4, seed), options={"cooking_pros": pros})
        assert GAME.is_over(outcome.state)


@pytest.mark.parametrize("players", PLAYER_COUNTS)
def test_a_bot_beats_random_players_on_average(players):
    bot_scores, random_scores, bot_wins = [], [], 0
    for seed in range(MIXED_GAMES):
        bot_seat = seed % players
        bots, randoms = bot_chooser(GAME, players, seed), random_chooser(seed)

        def chooser(seat, view, now, bot_seat=bot_seat, bots=bots, randoms=randoms):
            return bots(seat, view, now) if seat == bot_seat else randoms(seat, view, now)

        result = GAME.result(play(GAME, players, seed, chooser).state)
        bot_scores.append(result["scores"][bot_seat])
        random_scores += [score for seat, score in enumerate(result["scores"]) if seat != bot_seat]
        bot_wins += bot_seat in result["winners"]
    assert sum(bot_scores) / len(bot_scores) > 1.5 * sum(random_scores) / len(random_scores)
    assert bot_wins >= MIXED_GAMES * 0.6


def view_with(pans, log=(), log_first=0):
    return {
        "legal_actions": [],
        "log": list(log),
        "log_first": log_first,
        "phase": "turn",
        "turn": 0,
        "menu": [],
        "pans": [{"pan": i, "count": count, "ingredients": kinds} for i, (count, kinds) in enumerate(pans)],
    }


def cooked(seat: int, kind: str | None, pan: int) -> dict:
    """The log's entry for an ingredient cooked into a saucepan (``kind`` None: under the lid now)."""
    return {"type": "cooked", "seat": seat, "ingredient": kind, "pan": pan}


def lid_moved(seat: int, pan: int) -> dict:
    return {"type": "moved_lid", "seat": seat, "pan": pan}


COVERED_ONIONS = cooked(0, None, 0)


def test_the_bot_remembers_a_covered_saucepan_from_what_it_saw_before_the_lid():
    bot = PotBot(1, 1)
    bot.choose(view_with([(2, ["rice", "fish"]), (0, []), (0, None)]), 0.0)
    assert bot.pans == [["rice", "fish"], [], []]
    bot.choose(
        view_with([(3, ["rice", "fish", "onions"]), (0, []), (0, None)], log=[cooked(0, "onions", 0)]), 0.5
    )
    covered = view_with([(3, None), (0, []), (0, [])], log=[COVERED_ONIONS, lid_moved(0, 0)])
    bot.choose(covered, 1.0)
    assert bot.pans[0] == ["rice", "fish", "onions"], "the bot remembers what it saw go in"
    missed = view_with([(4, None), (0, []), (0, [])], log=[{"type": "drew", "seat": 2}] * 10, log_first=40)
    bot.choose(missed, 2.0)
    assert bot.pans[0] is None, "after missing part of the log, a covered saucepan is unknown"


def test_a_bot_that_missed_the_moment_does_not_know_what_went_under_the_lid():
    bot = PotBot(1, 1)
    bot.choose(view_with([(2, ["rice", "fish"]), (0, []), (0, None)]), 0.0)
    covered = view_with([(3, None), (0, []), (0, [])], log=[COVERED_ONIONS, lid_moved(0, 0)])
    bot.choose(covered, 1.0)
    assert bot.pans[0] is None


def test_the_bot_forgets_a_saucepan_the_log_says_was_emptied():
    bot = PotBot(1, 1)
    bot.choose(view_with([(5, ["rice"] * 5), (0, []), (0, None)]), 0.0)
    log = [cooked(0, "fish", 0), {"type": "emptied", "pan": 0}, cooked(1, "meat", 0)]
    bot.choose(view_with([(1, ["meat"]), (0, []), (0, None)], log=log), 0.5)
    covered = [*log[:2], cooked(1, None, 0), lid_moved(1, 0)]
    bot.choose(view_with([(1, None), (0, []), (0, [])], log=covered), 1.0)
    assert bot.pans[0] == ["meat"]


def test_the_bot_completes_a_perfect_dish_and_serves_the_matching_recipe(kit):
    from soupkitchen.shared.pot_pourri.state import SERVE

    state = kit.table(
        hands=[["tomatoes", "onions"], [], []],
        lid=2,
        pans=[["rice", "rice", "fish", "fish", "peppers"], ["meat"], []],
    )
    bot = PotBot(0, 1)
    action = bot.choose(GAME.view(state, 0), 0.0)
    assert (action["type"], action["ingredient"], action["pan"]) == ("cook", "tomatoes", 0)
    state = kit.act(state, 0, action)
    while state.phase != SERVE:
        state = kit.act(state, 0, bot.choose(GAME.view(state, 0), 0.0))
    assert bot.choose(GAME.view(state, 0), 0.0)["recipe"] == kit.recipe("Paella")


def test_the_bot_as_co_chef_serves_its_best_matching_recipe(kit):
    state = kit.table(
        hands=[["fish"], [], []],
        lid=2,
        pans=[["rice", "rice", "meat", "carrots", "onions"], [], []],
        books=[["Syrniki", "Pierogi"], ["Nachos", "Plov"], ["Ukha", "Mujaddara"]],
    )
    state = kit.act(state, 0, {"type": "cook", "ingredient": "fish", "pan": 0})
    state = kit.act(state, 0, {"type": "decline"})  # no recipe of two matches for the cook
    assert PotBot(1, 1).choose(GAME.view(state, 1), 0.0)["recipe"] == kit.recipe("Plov")
