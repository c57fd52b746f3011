"""The bot's memory is a function of the match so far: a bot rebuilt from the match record (after a
server restart, or standing in for a player) remembers and chooses like one that saw every view, and
still knows what went into the saucepan under the lid."""

from __future__ import annotations

import copy

import pytest

from soupkitchen.shared.match import MatchRecord, seat_views
from soupkitchen.shared.playout import play
from soupkitchen.shared.pot_pourri import GAME
from soupkitchen.shared.pot_pourri.bot import PotBot
from soupkitchen.shared.pot_pourri.bot_levels import HastyPotBot
from soupkitchen.shared.pot_pourri.cards import CARD_KINDS
from soupkitchen.shared.pot_pourri.planner import PlanningPotBot


def remembered(bot: PotBot) -> dict:
    """All the bot keeps but its plan for the rest of a turn (what it means to do, not what it saw)."""
    return copy.deepcopy({key: value for key, value in vars(bot).items() if key != "plan"})


BOT_KINDS = [PotBot, HastyPotBot, PlanningPotBot]  # the bot within each level


def rebuilt(
    log: list[dict],
    players: int,
    seed: int,
    seat: int,
    kind: type[PotBot] = PotBot,
    options: dict | None = None,
) -> PotBot:
    record = MatchRecord(GAME.id, players, GAME.normalise_options(options or {}, players), seed, list(log))
    bot = kind(seat, seat)
    for view in seat_views(record, seat, GAME):
        bot.observe(view)
    return bot


def watched_game(
    players: int, seed: int, check, kind: type[PotBot] = PotBot, options: dict | None = None
) -> None:
    """A bot game in which each bot observes every view of its seat, as at a server table;
    ``check(log, state, seat, bot, view, now)`` runs whenever a bot is asked to choose."""
    bots = [kind(seat, seat) for seat in range(players)]
    log: list[dict] = []
    options = GAME.normalise_options(options or {}, players)
    now_state = [GAME.setup(players, options, seed)]

    def show(state, entry=None):
        if entry is not None:
            log.append(entry)
        now_state[0] = state
        for seat, bot in enumerate(bots):
            bot.observe(GAME.view(state, seat))

    def choose(seat, view, now):
        return check(log, now_state[0], seat, bots[seat], view, now)

    show(now_state[0])
    play(GAME, players, seed, choose, options=options, observe=show)


@pytest.mark.parametrize("pros", [False, True])
@pytest.mark.parametrize("kind", BOT_KINDS)
@pytest.mark.parametrize("players", [3, 5])
def test_a_bot_rebuilt_from_the_record_remembers_and_chooses_like_one_that_saw_every_view(
    players, kind, pros
):
    options = {"cooking_pros": pros}
    checked = 0

    def check(log, state, seat, bot, view, now):
        nonlocal checked
        if len(log) % 5:
            return bot.choose(view, now)
        twin = rebuilt(log, players, seed, seat, kind, options)
        assert remembered(twin) == remembered(bot), f"seed {seed}, seat {seat}, after {len(log)} actions"
        twin.plan = list(bot.plan)  # the same intentions, so any difference comes from memory
        action = bot.choose(view, now)
        assert twin.choose(view, now) == action
        checked += action is not None
        return action

    for seed in range(1, 4):
        watched_game(players, seed, check, kind, options)
    assert checked >= 3 * 20


def test_a_rebuilt_bot_still_knows_what_is_under_the_lid():
    """A bot taking a seat mid-match knows the covered saucepan as well as the one that saw it all,
    and always rightly; shown only the table as it is now, it would often not know it."""
    known = {"rebuilt": 0, "now only": 0}
    covered = 0

    def check(log, state, seat, bot, view, now):
        nonlocal covered
        inside = state.pans[state.lid]
        if seat == 0 and inside and len(log) % 3 == 0:
            covered += 1
            truth = sorted(CARD_KINDS[card] for card in inside)
            now_only = PotBot(seat, seat)
            now_only.observe(view)
            twin = rebuilt(log, 4, seed, seat)
            assert twin.pans[state.lid] == bot.pans[state.lid]
            for name, other in (("rebuilt", twin), ("now only", now_only)):
                guess = other.pans[state.lid]
                assert guess is None or sorted(guess) == truth
                known[name] += guess is not None
        return bot.choose(view, now)

    for seed in range(1, 4):
        watched_game(4, seed, check)
    assert covered >= 20
    assert known["rebuilt"] > known["now only"]
    assert known["rebuilt"] >= 0.8 * covered
