"""The bot remembers what its views showed, as a chef would: a view names a pot card only at the
moment the seat sees it. Its memory is a function of the match so far, so a bot rebuilt from the
match record (after a server restart, or standing in for a player) remembers and chooses exactly
like one that played along."""

from __future__ import annotations

import copy

import pytest

from soupkitchen.shared.conformance import ObservedTable
from soupkitchen.shared.match import MatchRecord, seat_views
from soupkitchen.shared.pink_soup import GAME
from soupkitchen.shared.pink_soup.bot import PinkSoupBot
from soupkitchen.shared.pink_soup.cards import card_label


def memory_of(bot: PinkSoupBot) -> tuple:
    return copy.deepcopy((bot.memory, bot.log_seen))


def played(players: int, seed: int):
    """A game of bots that observe every view of their seat, as at a server table; at each choice the
    chooser's memory, view and action are noted."""
    bots = [PinkSoupBot(seat, seed * 10 + seat) for seat in range(players)]
    table = ObservedTable(GAME, players, seed, bots)
    moments = []

    def choose(seat, view, now):
        before = (
            len(table.log),
            memory_of(bots[seat]),
            copy.deepcopy(bots[seat].rng.getstate()),
            table.state,
        )
        action = bots[seat].choose(view, now)
        if action is not None:
            moments.append((*before, view, action))
        return action

    return table.play(choose), moments


@pytest.mark.parametrize("players", [2, 4])
def test_a_bot_rebuilt_from_the_record_remembers_and_chooses_like_one_that_played_along(players):
    compared = 0
    for seed in range(1, 5):
        record, moments = played(players, seed)
        for steps, memory, dice, _state, view, action in moments[::3]:
            twin = PinkSoupBot(view["seat"], 0)
            for seen in seat_views(
                MatchRecord(record.game, players, record.options, seed, record.log[:steps]),
                view["seat"],
                GAME,
            ):
                twin.observe(seen)
            assert memory_of(twin) == memory
            twin.rng.setstate(dice)
            assert twin.choose(view, 0.0) == action
            compared += 1
    assert compared >= 4 * 15


def test_the_bot_remembers_its_own_pot_cards_and_they_are_right():
    """What the bot remembers of its own pot is what is there (swaps, shuffles and blind picks
    followed), and it remembers more than the view shows at that moment."""
    remembered = shown = 0
    for seed in range(1, 6):
        _record, moments = played(3, seed)
        for _steps, memory, _dice, state, view, _action in moments:
            seat = view["seat"]
            for slot, label in enumerate(memory[0][seat]):
                if label is not None and slot < len(state.pots[seat]):
                    remembered += 1
                    shown += view["players"][seat]["pot"][slot] is not None
                    assert label == card_label(state.pots[seat][slot])
    assert remembered > 2 * shown > 0
