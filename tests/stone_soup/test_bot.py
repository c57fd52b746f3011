"""The Stone Soup bot: legal, honest when it can be, and it counts before it bluffs or doubts."""

from __future__ import annotations

import ast
import inspect

import pytest

from soupkitchen.shared.core import SYSTEM, TIMEOUT
from soupkitchen.shared.playout import play, random_chooser
from soupkitchen.shared.stone_soup import GAME, claim_weighing, counting
from soupkitchen.shared.stone_soup import bot as bot_module
from soupkitchen.shared.stone_soup.bot import StoneSoupBot, holds_at_least
from soupkitchen.shared.stone_soup.claim_weighing import STYLES


def calls(action) -> bool:
    return action is not None and action["type"] == "challenge"


def bot_turn(table, state, seat: int, bot: StoneSoupBot, now: float = 0.0):
    """Let the bot act until its turn is done; returns (state, the actions it chose)."""
    chosen = []
    while state.turn == seat:
        action = bot.choose(GAME.view(state, seat), now)
        assert action is not None, "the bot must act on its turn"
        chosen.append(action)
        state = table.act(state, seat, action, now)
    return state, chosen


def claim(
    table,
    hand_of_bot: str,
    played: str,
    count: int,
    pot: str = "",
    due: str = "potato",
    others: dict | None = None,
):
    """Seat 0 adds ``played`` declaring ``count``; returns the window state seen by the bot at seat 1."""
    hands = {0: played + " onion onion", 1: hand_of_bot, **(others or {})}
    state = table.arrange(4, hands, pot=pot, turn=0, due=due)
    return table.play(state, 0, played, count)


def challenge_rate(state, seeds=range(60)) -> float:
    views = GAME.view(state, 1)
    return sum(calls(StoneSoupBot(1, seed).choose(views, 0.5)) for seed in seeds) / len(seeds)


def test_holds_at_least_is_a_hypergeometric_tail():
    assert holds_at_least(10, 10, 3, 3) == 1.0
    assert holds_at_least(10, 2, 3, 3) == 0.0
    assert holds_at_least(4, 1, 2, 1) == pytest.approx(0.5)
    assert holds_at_least(52, 4, 13, 1) == pytest.approx(1 - (39 * 38 * 37 * 36) / (52 * 51 * 50 * 49))


def test_the_bot_doubts_a_claim_it_can_count_to_be_false(table):
    state = claim(table, "potato potato potato potato tomato", "carrot", 1)
    assert challenge_rate(state) == 1.0


def test_the_bot_lets_a_believable_claim_into_a_big_pot_pass(table):
    state = claim(table, "tomato onion", "peas", 1, pot="carrot " * 6 + "cabbage " * 7, due="peas")
    assert challenge_rate(state) < 0.2


def test_a_last_play_is_called_on_a_hunch_a_miscount_always(table):
    last = table.arrange(4, {0: "peas", 1: "tomato onion"}, pot="carrot " * 6, turn=0, due="peas")
    last = table.play(last, 0, "peas", 1)
    # A normal bot doubts a believable last card often but not always, as a person does: a good
    # last bluff can stand. A hard one's sums always call it (letting it go loses the game).
    assert 0.15 < challenge_rate(last) < 0.75
    views = GAME.view(last, 1)
    hard = [StoneSoupBot(1, seed, STYLES["hard"]).choose(views, 0.5) for seed in range(20)]
    assert all(calls(action) for action in hard)
    # Seat 0 held exactly three cards (a bot at the deal knows it) and says one pea, but is left
    # with none: the view shows "no cards", so the play was bigger than declared.
    counted = table.arrange(
        4, {0: "peas peas onion", 1: "tomato onion"}, pot="carrot " * 6, turn=0, due="peas"
    )
    bot = StoneSoupBot(1, 3)
    bot.observe(GAME.view(counted, 1))
    bot.sizes.sure[0] = 3  # as if followed from the deal
    after = table.play(counted, 0, "peas peas onion", 1)
    assert bot.choose(GAME.view(after, 1), 0.5) == {"type": "challenge", "play": after.plays}


def test_the_bot_cannot_see_a_card_sneaked_into_a_big_hand(table):
    hands = {0: "peas peas onion carrot carrot cabbage cabbage", 1: "tomato onion"}
    state = table.arrange(4, hands, pot="carrot carrot tomato tomato sausage", turn=0, due="peas")
    honest = table.play(state, 0, "peas peas", 2)
    sneaked = table.play(state, 0, "peas peas onion", 2)
    assert GAME.view(honest, 1) == GAME.view(sneaked, 1)
    rates = [
        sum(calls(StoneSoupBot(1, seed).choose(GAME.view(s, 1), 0.5)) for seed in range(60))
        for s in (honest, sneaked)
    ]
    assert rates[0] == rates[1] < 60


def test_the_bot_plays_its_food_honestly_and_takes_the_winning_play(table):
    state = table.arrange(3, {0: "potato potato onion"}, turn=0)
    after, chosen = bot_turn(table, state, 0, StoneSoupBot(0, 1))
    assert chosen == [{"type": "play", "cards": {"potato": 2}, "count": 2}]
    assert table.kinds(after.pot) == ["potato", "potato"]
    state = table.arrange(3, {0: "tomato tomato tomato"}, turn=0, due="tomato")
    after, _ = bot_turn(table, state, 0, StoneSoupBot(0, 1))
    after = table.act(after, SYSTEM, TIMEOUT, 3.0)
    assert GAME.result(after)["winners"] == [0]


def test_the_bot_bluffs_less_when_it_knows_where_the_due_food_is(table):
    hands = {
        0: "salt salt onion carrot",
        1: "cabbage peas peas onion sausage",
        2: "potato potato potato potato tomato",
    }  # the rest is set aside, unseen

    def salt_rate(known: bool) -> float:
        salted = 0
        for seed in range(40):
            state = table.arrange(3, hands, turn=0)
            if known:  # seat 2 was seen picking up all four potatoes after a challenge
                state.reveals = [
                    {
                        "serial": 1,
                        "player": 2,
                        "by": 1,
                        "cards": ["potato"] * 4,
                        "verdict": "honest",
                        "taker": 2,
                        "taken": 4,
                        "whole_pot": True,
                        "salt": 0,
                    }
                ]
                state.plays = 1
            _, chosen = bot_turn(table, state, 0, StoneSoupBot(0, seed))
            salted += chosen[-1]["type"] == "salt"
        return salted / 40

    assert salt_rate(known=True) == 1.0
    assert salt_rate(known=False) < 0.5


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_a_bot_beats_random_players(players):
    games, wins = 90, 0
    for seed in range(1, games + 1):
        bot_seat = seed % players
        bot = GAME.make_bot(bot_seat, seed)
        rand = random_chooser(seed, wait_chance=0.9)

        def choose(seat, view, now, bot=bot, rand=rand, bot_seat=bot_seat):
            return bot.choose(view, now) if seat == bot_seat else rand(seat, view, now)

        result = play(GAME, players, seed, choose)
        wins += GAME.result(result.state)["winners"] == [bot_seat]
    # Half as much again as its fair share, or 65% against one player: a random player's last cards
    # are doubted on a hunch as anyone's are, so now and then they stand (about 0.72, 0.58, 0.63 and
    # 0.56 over 120 games at 2 to 5 players).
    assert wins / games >= min(0.65, 1.5 / players)


@pytest.mark.parametrize("module", [bot_module, counting, claim_weighing])
def test_the_bot_reads_views_only(module):
    tree = ast.parse(inspect.getsource(module))
    imported = {node.module for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)}
    assert not imported & {
        "soupkitchen.shared.stone_soup.state",
        "soupkitchen.shared.stone_soup.rules",
        "soupkitchen.shared.stone_soup.view",
    }


def test_the_first_play_waits_while_everyone_picks_up_their_cards():
    """No call window runs before a person has seen their hand: the first player takes in the deal."""
    state = GAME.setup(3, GAME.normalise_options({}, 3), 7)
    first = state.turn
    bot = StoneSoupBot(first, 7)
    view = GAME.view(state, first)
    assert bot.looks(view) >= 3.0
    action = bot.choose(view, 0.0)
    state, _events = GAME.apply(state, first, action, 0.0)
    assert all(bot.looks(GAME.view(state, seat)) == 0.0 for seat in range(3))
