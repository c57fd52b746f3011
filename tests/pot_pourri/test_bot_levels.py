"""Pot Pourri's bot levels: each plays whole games and repeats itself exactly at every table size,
a hard bot plays the end of the game for the win, and the levels rank as their names say."""

from __future__ import annotations

import pytest

from soupkitchen.server.sim import SimulatedSeats
from soupkitchen.shared.playout import play
from soupkitchen.shared.pot_pourri import GAME
from soupkitchen.shared.pot_pourri.bot import PotBot
from soupkitchen.shared.pot_pourri.menu_belief import MenuBelief
from soupkitchen.shared.pot_pourri.planner import PlanningPotBot
from soupkitchen.shared.pot_pourri.state import LID, SERVE

MEDITERRANEAN_FIVE = ["Moussaka", "Risotto", "Lasagne", "Gazpacho", "Pastitsio"]


def co_chef_at_five(kit, leader_track: int):
    """Seat 0 fills saucepan 1 with nothing to serve; seat 1, with five recipes served, is asked next
    and could serve Plov (5 matches) as its sixth, ending the game."""
    state = kit.table(
        hands=[["fish"], [], []],
        lid=2,
        pans=[["rice", "rice", "meat", "carrots", "onions"], [], []],
        books=[["Syrniki", "Pierogi"], ["Nachos", "Plov"], ["Ukha", "Mujaddara"]],
        redeemed=[[], MEDITERRANEAN_FIVE, []],
        track=[leader_track, 0, 0],
    )
    state = kit.act(state, 0, {"type": "cook", "ingredient": "fish", "pan": 0})
    state = kit.act(state, 0, {"type": "decline"})
    assert state.phase == SERVE and state.serve_queue[0][0] == 1
    return GAME.view(state, 1)


def test_a_hard_bot_does_not_end_the_game_behind_but_ends_it_ahead(kit):
    behind = co_chef_at_five(kit, leader_track=40)  # seat 1 would end on 20 + 7 + 3 = 30 stars and squares
    assert PlanningPotBot(1, 1).choose(behind, 0.0)["type"] == "decline"
    assert PotBot(1, 1).choose(behind, 0.0)["recipe"] == kit.recipe("Plov"), "a normal bot serves regardless"
    ahead = co_chef_at_five(kit, leader_track=10)
    assert PlanningPotBot(1, 1).choose(ahead, 0.0)["recipe"] == kit.recipe("Plov")


def cook_at_five(kit, rival_track: int):
    """Seat 0, five recipes served, can fill saucepan 1 for a perfect Paella, its sixth recipe."""
    return kit.table(
        hands=[["tomatoes", "onions"], [], []],
        lid=2,
        pans=[["rice", "rice", "fish", "fish", "peppers"], ["meat"], []],
        books=[["Paella", "Pelmeni"], ["Nachos", "Plov"], ["Ukha", "Mujaddara"]],
        redeemed=[MEDITERRANEAN_FIVE, [], []],
        track=[0, rival_track, 0],
    )


def play_turn(kit, state, bot):
    """The bot's whole turn; whether a saucepan was filled on the way."""
    filled = False
    while state.turn == 0 and not GAME.is_over(state):
        state = kit.act(state, 0, bot.choose(GAME.view(state, 0), 0.0))
        filled |= state.phase in (SERVE, "over")
        if state.phase not in (SERVE, LID, "cook_second", "take_second", "keep_recipes"):
            break
    return state, filled


def test_a_hard_bot_fills_the_saucepan_that_wins_and_leaves_the_one_that_loses(kit):
    state, filled = play_turn(kit, cook_at_five(kit, rival_track=10), PlanningPotBot(0, 1))
    assert filled and GAME.is_over(state) and GAME.result(state)["winners"] == [0]
    _state, filled = play_turn(kit, cook_at_five(kit, rival_track=60), PlanningPotBot(0, 1))
    assert not filled


def test_near_the_end_a_hard_bot_covers_the_fullest_saucepan_when_behind_and_not_when_ahead(kit):
    def lid_choice(track):
        state = kit.table(
            phase=LID,
            lid=2,
            pans=[["rice"] * 5, ["meat"], []],
            books=[["Syrniki", "Pierogi"], ["Nachos", "Plov"], ["Ukha", "Mujaddara"]],
            redeemed=[[], MEDITERRANEAN_FIVE, []],
            track=[track, 0, 0],
        )
        return PlanningPotBot(0, 1).choose(GAME.view(state, 0), 0.0)["pan"]

    assert lid_choice(track=0) == 0
    assert lid_choice(track=60) == 1


def seat_results(levels_for, players: int, seeds: range) -> tuple[int, float, float]:
    """Over ``seeds``, with the probed bot at each seat in turn: its games won, its mean score and the
    mean score of the others."""
    won, mine, others, games = 0, 0.0, 0.0, 0
    for probe in range(players):
        levels = levels_for(probe)
        for seed in seeds:
            options = GAME.normalise_options({}, players)
            kitchen = SimulatedSeats(GAME, players, seed, options, levels, [])
            result = GAME.result(
                play(GAME, players, seed, kitchen.choose, options=options, observe=kitchen.follow).state
            )
            won += probe in result["winners"]
            mine += result["scores"][probe]
            others += (sum(result["scores"]) - result["scores"][probe]) / (players - 1)
            games += 1
    return won, mine / games, others / games


def test_a_hard_bot_among_normal_ones_wins_more_than_its_share_and_an_easy_one_scores_less():
    def seated(level):
        return lambda probe: [level if seat == probe else "normal" for seat in range(4)]

    won, _mine, _others = seat_results(seated("hard"), 4, range(1, 16))
    assert won > 60 * 0.25 * 1.3
    _won, mine, others = seat_results(seated("easy"), 4, range(1, 16))
    assert mine < others


def test_a_chef_remembers_the_tiles_it_saw_and_that_two_handled_tiles_stayed_on_their_squares():
    belief = MenuBelief()
    assert belief.stars()["French"] == pytest.approx(3.0)
    belief.seen(0, "French")
    belief.seen(1, "Slavic")
    stars = belief.stars()
    assert (stars["French"], stars["Slavic"]) == (5.0, 4.0)
    assert stars["Mediterranean"] == pytest.approx(2.0), "the unseen tiles share squares 3 to 5"
    assert belief.doubt()[:2] == [0.0, 0.0] and min(belief.doubt()[2:]) > 0.5, "it looks where it knows least"
    belief.swapped(0, 1)
    assert (belief.stars()["French"], belief.stars()["Slavic"]) == (4.0, 5.0)
    belief.handled(0, 1)  # another chef looked at them and put them back, swapped or not
    stars = belief.stars()
    assert stars["French"] == stars["Slavic"] == pytest.approx(4.5)
    assert sum(stars.values()) == pytest.approx(15.0)
