"""Stone Soup's bot levels: each plays differently from the same views; the hard bot keeps its salt
for the end, plays honestly when watched and judges a claim by the claimant's record."""

from __future__ import annotations

import json

from soupkitchen.server import sim
from soupkitchen.shared.playout import play
from soupkitchen.shared.stone_soup import GAME
from soupkitchen.shared.stone_soup.bot import StoneSoupBot
from soupkitchen.shared.stone_soup.claim_weighing import STYLES, Record

SMALL_POT = "tomato sausage"


def turn_choice(table, state, level: str, seed: int = 1):
    bot = StoneSoupBot(state.turn, seed, STYLES[level])
    return bot, bot.choose(GAME.view(state, state.turn), 0.0)


def test_without_the_due_food_the_hard_bot_keeps_its_salt_and_the_easy_bot_spends_it(table):
    state = table.arrange(4, {0: "salt onion carrot carrot cabbage"}, pot=SMALL_POT, turn=0)
    _, hard = turn_choice(table, state, "hard")
    _, easy = turn_choice(table, state, "easy")
    assert hard["type"] == "play" and hard["count"] == 1 and "salt" not in hard["cards"]
    assert easy == {"type": "salt"}
    only_salt = table.arrange(4, {0: "salt salt"}, pot=SMALL_POT, turn=0)
    assert turn_choice(table, only_salt, "hard")[1] == {"type": "salt"}


def test_the_hard_bot_slips_a_card_in_unless_it_is_watched(table):
    hands = {0: "potato potato stone onion carrot cabbage cabbage peas"}
    state = table.arrange(4, hands, pot=SMALL_POT, turn=0)
    honest = {"type": "play", "cards": {"potato": 2}, "count": 2}
    bot, unwatched = turn_choice(table, state, "hard")
    assert unwatched != honest and unwatched["cards"]["potato"] == 2
    bot.record = Record([0, 20, 20, 20], [0] * 4, [0, 20, 20, 20], [0, 5, 5, 5])  # rivals who call often
    assert bot.choose(GAME.view(state, 0), 0.0) == honest


def test_the_hard_bot_calls_a_known_bluffer_it_would_let_go_otherwise(table):
    hands = {0: "carrot onion onion onion cabbage", 1: "tomato onion cabbage"}
    state = table.play(table.arrange(4, hands, pot="peas peas", turn=0), 0, "carrot", 1)
    view = GAME.view(state, 1)

    def call(caught: list[int], honest: list[int]) -> dict:
        bot = StoneSoupBot(1, 1, STYLES["hard"])
        bot.observe(view)
        bot.record = Record(caught, honest, [0] * 4, [0] * 4)
        return bot.choose(view, 0.5)

    assert call([0, 1, 1, 1], [6, 3, 3, 3]) == {
        "type": "let_go",
        "play": 1,
    }  # seat 0 was shown honest six times
    assert call([8, 1, 1, 1], [0, 3, 3, 3]) == {
        "type": "challenge",
        "play": 1,
    }  # ... or caught bluffing eight times


def test_the_record_is_what_the_table_saw(table):
    """A hard bot's record of calls, bluffs caught and claims shown honest matches the game's log."""
    players, seed = 4, 5
    bots = [GAME.make_bot(seat, seed * 1000 + seat, "hard") for seat in range(players)]

    def observe(state, entry):
        for seat, bot in enumerate(bots):
            bot.observe(GAME.view(state, seat))

    outcome = play(GAME, players, seed, lambda seat, view, now: bots[seat].choose(view, now), observe=observe)
    calls, caught, honest = [0] * players, [0] * players, [0] * players
    for event in outcome.events:
        if event["type"] == "challenge":
            calls[event["seat"]] += 1
            (honest if event["verdict"] == "honest" else caught)[event["player"]] += 1
    assert sum(calls) >= 5
    for bot in bots:
        assert (bot.record.calls, bot.record.caught, bot.record.honest) == (calls, caught, honest)


def win_shares(bots: str, capsys) -> list[float]:
    assert (
        sim.main(
            [
                "stone-soup",
                "--players",
                "4",
                "--games",
                "40",
                "--seed",
                "1",
                "--bots",
                bots,
                "--rotate",
                "--json",
            ]
        )
        == 0
    )
    return json.loads(capsys.readouterr().out.splitlines()[-1])["summary"]["win_share_by_bot"]


def test_a_hard_bot_wins_more_than_its_share_and_an_easy_one_less(capsys):
    """Each bot sits in every seat in turn, so the shares are not the luck of one seat."""
    assert win_shares("hard,normal,normal,normal", capsys)[0] > 0.4
    assert win_shares("easy,normal,normal,normal", capsys)[0] < 0.15


def test_a_normal_bot_calls_a_doubtful_claim_into_a_small_pot_and_lets_it_go_into_a_big_one(table):
    """The middle level: it calls one-card claims into a small pot often (a normal bot used to let five
    bluffs in six stand), rarely when a wrong call would cost a big pot."""

    def rate(pot: str) -> float:
        state = table.arrange(4, {0: "tomato onion onion", 1: "sausage onion"}, pot=pot, turn=0, due="peas")
        state = table.play(state, 0, "tomato", 1)
        view = GAME.view(state, 1)
        return (
            sum(
                StoneSoupBot(1, seed, STYLES["normal"]).choose(view, 0.5)["type"] == "challenge"
                for seed in range(60)
            )
            / 60
        )

    assert rate(SMALL_POT) >= 0.4
    assert rate("carrot " * 6 + "cabbage " * 7) <= 0.2


def test_a_bot_takes_a_persons_time_over_a_call_and_watches_the_cards_turn_over(table):
    state = table.arrange(
        4, {0: "tomato onion onion", 1: "carrot cabbage peas"}, pot=SMALL_POT, turn=0, due="peas"
    )
    claimed = table.play(state, 0, "tomato", 1)
    for level in ("easy", "normal", "hard"):
        for seed in range(20):
            bot = StoneSoupBot(1, seed, STYLES[level])
            view = GAME.view(claimed, 1)
            action = bot.choose(view, 0.5)
            beats = bot.thinking(view, action)
            assert (beats >= 1.3) if action["type"] == "challenge" else (1.0 <= beats <= 1.8)
    called = table.act(
        claimed, 2, table.call_of(claimed), 1.0
    )  # the tomato is turned over: seat 1 plays next
    bot = StoneSoupBot(1, 1, STYLES["hard"])
    view = GAME.view(called, 1)
    assert view["turn"] == 1 and view["phase"] == "play" and len(view["last_reveal"]["cards"]) == 1
    assert bot.thinking(view, bot.choose(view, 2.0)) >= 2.0  # a beat and a half, and half a beat for the card
