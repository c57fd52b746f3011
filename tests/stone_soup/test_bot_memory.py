"""The bot's memory is a function of the match so far: a bot rebuilt from the match record (after a
server restart, or standing in for a player) remembers the claims, reveals and its own cards in the
pot exactly as a bot that played along and saw every view, and so chooses the same."""

from __future__ import annotations

import copy
from collections import Counter

import pytest

from soupkitchen.shared.conformance import ObservedTable
from soupkitchen.shared.match import MatchRecord, seat_views
from soupkitchen.shared.stone_soup import GAME
from soupkitchen.shared.stone_soup.bot import StoneSoupBot
from soupkitchen.shared.stone_soup.cards import KIND_OF
from soupkitchen.shared.stone_soup.claim_weighing import STYLES

DECISIONS = (
    "seed",
    "rng",
    "challenges",
    "beats",
)  # what the bot means to do (its dice, its time), not what it saw


def remembered(bot: StoneSoupBot) -> dict:
    return copy.deepcopy({key: value for key, value in vars(bot).items() if key not in DECISIONS})


class Moment:
    """One bot as it was asked to choose during a game: what it remembered, meant and chose."""

    def __init__(self, steps: int, state, bot: StoneSoupBot, view: dict, now: float) -> None:
        self.steps, self.state, self.view, self.now = steps, state, view, now
        self.memory = remembered(bot)
        self.decisions = copy.deepcopy({key: getattr(bot, key) for key in DECISIONS})
        self.action: dict | None = None


def played(players: int, seed: int, every: int, level: str = "normal") -> tuple[MatchRecord, list[Moment]]:
    """A game of bots that observe every view of their seat after each action, as at a server
    table; every ``every`` actions, each bot asked to choose is noted down."""
    bots = [StoneSoupBot(seat, seed * 10 + seat, STYLES[level]) for seat in range(players)]
    table = ObservedTable(GAME, players, seed, bots)
    moments: list[Moment] = []

    def choose(seat, view, now):
        steps = len(table.log)
        moment = Moment(steps, table.state, bots[seat], view, now) if steps % every == 0 else None
        action = bots[seat].choose(view, now)
        if moment is not None:
            moment.action = action
            moments.append(moment)
        return action

    return table.play(choose), moments


def rebuilt(record: MatchRecord, steps: int, seat: int, level: str = "normal") -> StoneSoupBot:
    bot = StoneSoupBot(seat, 0, STYLES[level])
    for view in seat_views(
        MatchRecord(record.game, record.players, record.options, record.seed, record.log[:steps]), seat, GAME
    ):
        bot.observe(view)
    return bot


@pytest.mark.parametrize("level", ["normal", "hard"])
@pytest.mark.parametrize("players", [3, 4])
def test_a_bot_rebuilt_from_the_record_remembers_and_chooses_like_one_that_played_along(players, level):
    checked = 0
    for seed in range(1, 4):
        record, moments = played(players, seed, every=5, level=level)
        for moment in moments:
            seat = moment.view["seat"]
            twin = rebuilt(record, moment.steps, seat, level)
            assert remembered(twin) == moment.memory, (
                f"seed {seed}, seat {seat}, after {moment.steps} actions"
            )
            for key, value in moment.decisions.items():  # the same intentions: differences come from memory
                setattr(twin, key, copy.deepcopy(value))
            assert twin.choose(moment.view, moment.now) == moment.action
            checked += moment.action is not None
    assert checked >= 3 * 10


def test_a_rebuilt_bot_knows_which_of_its_own_cards_lie_in_the_pot():
    """Shown only the table as it is now, a bot knows nothing of the pot's cards; rebuilt from the
    record, it knows the cards it put in itself, and rightly."""
    own_plays = 0
    for seed in range(1, 6):
        record, moments = played(3, seed, every=3)
        for moment in moments:
            seat = moment.view["seat"]
            twin = rebuilt(record, moment.steps, seat)
            now_only = StoneSoupBot(seat, 0)
            now_only.observe(moment.view)
            assert not any(entry.exact for entry in now_only.pot)
            mine = [entry.exact for entry in twin.pot if entry.exact]
            in_pot = Counter(KIND_OF[card] for card in moment.state.pot)
            assert sum(mine, Counter()) <= in_pot
            assert all(
                entry.seat == seat and sum(entry.exact.values()) == entry.added
                for entry in twin.pot
                if entry.exact
            )
            own_plays += len(mine)
    assert own_plays >= 100
