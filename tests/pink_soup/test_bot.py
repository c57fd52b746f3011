"""The Pink Soup bot: it finishes games, is deterministic and cooks better than chance."""

from __future__ import annotations

import json

import pytest

from soupkitchen.shared.pink_soup import GAME
from soupkitchen.shared.playout import bot_chooser, play, random_chooser

PLAYER_COUNTS = list(range(GAME.min_players, GAME.max_players + 1))


@pytest.mark.parametrize("players", PLAYER_COUNTS)
def test_bot_tables_finish_for_seeds_1_to_100_and_repeat_exactly(players):
    hashes = {}
    for seed in range(1, 101):
        outcome = play(GAME, players, seed, bot_chooser(GAME, players, seed))
        assert GAME.is_over(outcome.state)
        hashes[seed] = GAME.state_hash(outcome.state)
    for seed in range(1, 101, 10):
        again = play(GAME, players, seed, bot_chooser(GAME, players, seed))
        assert GAME.state_hash(again.state) == hashes[seed]
    assert len(set(hashes.values())) == 100, "different seeds give different games"


@pytest.mark.parametrize("players", PLAYER_COUNTS)
def test_one_bot_beats_random_chefs_on_average(players):
    bot_total = random_total = bot_wins = 0.0
    games = 60
    for seed in range(games):
        bot_seat = seed % players
        bots, randoms = bot_chooser(GAME, players, seed), random_chooser(seed)

        def chooser(seat, view, now, bot_seat=bot_seat, bots=bots, randoms=randoms):
            return (bots if seat == bot_seat else randoms)(seat, view, now)

        result = GAME.result(play(GAME, players, seed, chooser).state)
        bot_total += result["scores"][bot_seat]
        random_total += (sum(result["scores"]) - result["scores"][bot_seat]) / (players - 1)
        bot_wins += bot_seat in result["winners"]
    assert bot_total / games > random_total / games + 5
    assert bot_wins / games > 1.5 / players


def test_the_bot_plays_legal_moves_from_plain_json_views():
    for seed in range(10):
        bots = [GAME.make_bot(seat, seed) for seat in range(4)]
        state_holder = [GAME.setup(4, {}, seed)]

        def chooser(seat, view, now, bots=bots, state_holder=state_holder):
            view = json.loads(json.dumps(view))
            action = bots[seat].choose(view, now)
            if action is not None:
                assert GAME.validate(state_holder[0], seat, action, now) is None
            return action

        def observe(state, entry, state_holder=state_holder):
            state_holder[0] = state

        play(GAME, 4, seed, chooser, observe=observe)


def test_a_bot_waits_when_it_is_not_its_turn():
    state = GAME.setup(3, {}, 4)
    idle = (state.turn + 1) % 3
    assert GAME.make_bot(idle, 1).choose(GAME.view(state, idle), 0.0) is None
    assert (
        GAME.make_bot(state.turn, 1).choose(GAME.view(state, state.turn), 0.0)
        == GAME.legal_actions(state, state.turn)[0]
    )


RIVALS = [
    ["onion", "potato", "dill", "mushrooms", "carrot"],
    ["eggs", "carrot", "sour_cream", "salt", "mouse"],
]


def declare_choice(kit, pot: list[str], kitchen: list[list[str]]) -> str:
    """What a normal bot at seat 0 (Cold Pink Soup) chooses once its turn has left every pot full,
    shown its own five cards and nothing of the others' pots."""
    state = kit.table(
        pots=[pot, *RIVALS], kitchen=kitchen, step="declare", glimpses=[[1, 0, slot] for slot in range(5)]
    )
    view = GAME.view(state, 0)
    assert {action["type"] for action in view["legal_actions"]} == {"declare", "continue"}
    return GAME.make_bot(0, 1).choose(view, 0.0)["type"]


def test_the_normal_bot_declares_when_its_own_pot_puts_it_ahead(kit):
    kitchen = [["salt"], ["onion"], ["potato"], ["dill"], ["carrot"]]
    pot = ["dessert", "dessert", "dessert", "beetroot", "cucumber"]
    assert declare_choice(kit, pot, kitchen) == "declare"


def test_the_normal_bot_does_not_declare_on_a_recipe_the_others_final_turns_can_take_away(kit):
    """Its recipe is complete only with three kitchen tops; two chefs' final turns can take or cover
    two of them, and it would be left with a poor pot (the rulebook's tip on declaring)."""
    kitchen = [["eggs"], ["dill"], ["onion"], ["potato"], ["carrot"]]
    pot = ["beetroot", "cucumber", "milk", "chili", "mouse"]
    assert declare_choice(kit, pot, kitchen) == "continue"
