"""The bot needs no memory of earlier views: each view already shows every pot card its seat may
know, so a bot that takes a seat mid-match (after a server restart, or standing in for a player)
chooses what one that played from the start would choose with the same dice."""

from __future__ import annotations

import pytest

from soupkitchen.shared.pink_soup import GAME
from soupkitchen.shared.pink_soup.bot import PinkSoupBot
from soupkitchen.shared.playout import play


@pytest.mark.parametrize("players", [2, 4])
def test_a_bot_new_to_the_seat_chooses_like_one_that_played_from_the_start(players):
    compared = 0
    for seed in range(1, 7):
        bots = [PinkSoupBot(seat, seed * 10 + seat) for seat in range(players)]

        def choose(seat, view, now, bots=bots):
            nonlocal compared
            newcomer = PinkSoupBot(seat, 0)
            newcomer.rng.setstate(bots[seat].rng.getstate())  # the same dice: any difference is memory
            action = bots[seat].choose(view, now)
            assert newcomer.choose(view, now) == action
            compared += action is not None
            return action

        play(GAME, players, seed, choose)
    assert compared >= 6 * 30
