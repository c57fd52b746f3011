"""Pink Soup's bot levels: every level repeats itself exactly at every table size and plays from its
seat's views alone; the hard bot remembers the kitchen rightly, reads the others' recipes from what
they take, gives chilis where they hurt, swaps a bad card for a good one it remembers, and the levels
rank as their names say."""

from __future__ import annotations

import copy
import io
import re
from contextlib import redirect_stdout

import pytest

from soupkitchen.server import sim
from soupkitchen.shared.conformance import ObservedTable
from soupkitchen.shared.match import MatchRecord, seat_views
from soupkitchen.shared.pink_soup import GAME
from soupkitchen.shared.pink_soup.cards import RECIPES, kind_of
from soupkitchen.shared.pink_soup.hard_bot import HardPinkBot

PLAYER_COUNTS = list(range(GAME.min_players, GAME.max_players + 1))
FIVE_PILES = [["salt"], ["onion"], ["potato"], ["dill"], ["carrot"]]


def hard_table(players: int, seed: int):
    """A game of hard bots that observe every view of their seat, as at a server table; at each
    choice the table and the chooser's memory and action are noted."""
    bots = [HardPinkBot(seat, seed * 10 + seat) for seat in range(players)]
    table = ObservedTable(GAME, players, seed, bots)
    moments = []

    def choose(seat, view, now):
        bot = bots[seat]
        before = (len(table.log), copy.deepcopy(bot.kitchen.piles), table.state)
        action = bot.choose(view, now)
        if action is not None:
            moments.append((*before, view, action))
        return action

    return table.play(choose), moments, bots


def test_the_hard_bot_knows_the_covered_kitchen_cards_and_never_misremembers_one():
    known = told = 0
    for seed in range(1, 4):
        _record, moments, _bots = hard_table(4, seed)
        for _steps, piles, state, _view, _action in moments:
            assert len(piles) == len(state.kitchen)
            for remembered, pile in zip(piles, state.kitchen, strict=True):
                assert len(remembered) == len(pile)
                for kind, card in zip(remembered[:-1], pile[:-1], strict=True):
                    known += kind is not None
                    told += kind is not None and kind == kind_of(card)
    assert known == told > 1000


def test_the_hard_bot_reads_the_others_recipes_from_what_they_take():
    shares = []
    for seed in range(1, 7):
        record, _moments, bots = hard_table(4, seed)
        recipes = GAME.setup(4, record.options, seed).recipes
        for bot in bots:
            for rival in range(4):
                if rival != bot.seat:
                    weights = bot.guess.weights[rival]
                    shares.append(weights[recipes[rival]] / sum(weights.values()))
    assert sum(shares) / len(shares) > 2 / (len(RECIPES) - 1), "well above a blind guess"


@pytest.mark.parametrize("players", [2, 4])
def test_a_hard_bot_rebuilt_from_its_seats_views_chooses_like_one_that_played_along(players):
    compared = 0
    for seed in range(1, 4):
        record, moments, _bots = hard_table(players, seed)
        for steps, _piles, _state, view, action in moments[::5]:
            twin = HardPinkBot(view["seat"], seed * 10 + view["seat"])
            for seen in seat_views(
                MatchRecord(record.game, players, record.options, seed, record.log[:steps]),
                view["seat"],
                GAME,
            ):
                twin.observe(seen)
            assert twin.choose(view, 0.0) == action
            compared += 1
    assert compared >= 3 * 10


def seen_by_chef_1(pots):
    """Glimpses that show chef 1 every card of these pots in the first view."""
    return [[1, seat, slot] for seat, pot in enumerate(pots) for slot in range(len(pot))]


def second_card(kit, drawn: list[str], pots, kitchen=()):
    """Chef 1 has drawn ``drawn`` (top first), seen every pot card, and put the second drawn card
    in the kitchen; the hard bot that watched it all, and the view where the first card is placed."""
    state = kit.table(deck=list(reversed(drawn)), pots=pots, kitchen=kitchen, glimpses=seen_by_chef_1(pots))
    bot = HardPinkBot(0, 1)
    bot.observe(GAME.view(state, 0))
    state = kit.act(state, 0, {"type": "draw"})
    bot.observe(GAME.view(state, 0))
    place = next((place for place, pile in enumerate(state.kitchen) if not pile), 0)  # a new pile, or pile 1
    state = kit.act(state, 0, {"type": "kitchen", "card": 1, "place": place})
    return state, bot


def test_the_hard_bot_never_hands_a_chef_their_third_chili(kit):
    state, bot = second_card(kit, ["chili", "salt"], pots=[["dessert"], ["chili", "chili"], ["potato"]])
    assert bot.choose(GAME.view(state, 0), 0.0)["seat"] == 2
    spoiled, bot = second_card(kit, ["chili", "salt"], pots=[["dessert"], ["chili"] * 3, ["potato"]])
    assert bot.choose(GAME.view(spoiled, 0), 0.0)["seat"] == 1, "a fourth chili spoils their jackpot"


def test_the_hard_bot_swaps_its_chili_for_a_dessert_it_remembers(kit):
    state, bot = second_card(
        kit, ["mouse", "eggs"], pots=[["chili", "potato"], ["onion", "dessert"], []], kitchen=FIVE_PILES
    )
    state = kit.act(state, 0, {"type": "activate"})
    first = bot.choose(GAME.view(state, 0), 0.0)
    assert first["type"] == "swap" and (first["seat"], first["slot"]) in {(0, 0), (1, 1)}
    state = kit.act(state, 0, first)
    second = bot.choose(GAME.view(state, 0), 0.0)
    assert {(first["seat"], first["slot"]), (second["seat"], second["slot"])} == {(0, 0), (1, 1)}
    state = kit.act(state, 0, second)
    assert [kind_of(card).key for card in state.pots[0]] == ["dessert", "potato"]


def shares(bots: str, players: int = 4, games: int = 60) -> list[float]:
    out = io.StringIO()
    with redirect_stdout(out):
        sim.main(
            [
                "pink-soup",
                "--players",
                str(players),
                "--games",
                str(games),
                "--seed",
                "301",
                "--bots",
                bots,
                "--rotate",
            ]
        )
    return [
        float(share) for share in re.search(r"win_share_by_bot=\[([^\]]*)\]", out.getvalue())[1].split(",")
    ]


def test_the_levels_rank_as_their_names_say():
    """One hard bot among normal ones wins more than its fair share, one easy bot less."""
    assert shares("hard,normal,normal,normal")[0] > 0.25 + 0.05
    assert shares("easy,normal,normal,normal")[0] < 0.25 - 0.05
