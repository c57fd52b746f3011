"""The chef that reads faces: its candidate sets always hold the true secret tastes, they narrow as
faces are seen, and it keeps another chef happy once it knows their taste."""

from __future__ import annotations

import random

from soupkitchen.shared.playout import play
from soupkitchen.shared.too_many_cooks import GAME
from soupkitchen.shared.too_many_cooks.cards import COPIES, KINDS
from soupkitchen.shared.too_many_cooks.inference import HiddenTastes, card_roles
from soupkitchen.shared.too_many_cooks.moves import rotate
from soupkitchen.shared.too_many_cooks.tastes import TASTES, judge_for

TABLES = [  # (players, options) of the seeded games the candidate sets are checked in
    (4, {"difficulty": "easy"}),
    (3, {"difficulty": "moderate"}),
    (2, {"difficulty": "hard"}),
    (5, {"mode": "all-day"}),
    (4, {"mode": "unreasonable", "tastes": 15}),
    (6, {"difficulty": "hard"}),
]


def _true_slots(state, seat):
    """{(chef, face index): the taste it is} for every chef but ``seat``, read from the real state."""
    return {
        (chef, index): taste
        for chef in range(state.players)
        if chef != seat
        for index, taste in enumerate(state.personal(chef))
    }


def _check_candidates_in_one_game(players, options, seed):
    """Play a seeded game of bots; after every action, each seat's candidate sets (those of a tracker
    shown every view, and the bot's own, which sees only the views it is offered) hold every true
    secret taste, and a tracker's sets never grow within a round."""
    bots = [GAME.make_bot(seat, seed + seat) for seat in range(players)]
    trackers = [HiddenTastes(seat) for seat in range(players)]
    before: list[dict] = [{} for _ in range(players)]

    def check(state, _entry=None):
        if state.phase == "over":
            return
        for seat in range(players):
            trackers[seat].observe(GAME.view(state, seat))
            truth = _true_slots(state, seat)
            for holder in (trackers[seat], bots[seat].hidden):
                if holder.key is not None and holder.key[0] == state.round:
                    assert set(holder.slots) == set(truth)
                    for slot, taste in truth.items():
                        assert taste in holder.slots[slot], (seed, seat, slot, taste)
            sets = trackers[seat].slots
            if before[seat].get("round") == (state.round, state.base):
                assert all(set(sets[slot]) <= set(before[seat][slot]) for slot in sets)
            before[seat] = dict(sets, round=(state.round, state.base))

    check(GAME.setup(players, GAME.normalise_options(options, players), seed))
    play(
        GAME,
        players,
        seed,
        lambda seat, view, now: bots[seat].choose(view, now),
        options=options,
        step=4.0,
        observe=check,
    )


def test_candidate_sets_always_hold_the_true_taste_and_never_grow_within_a_round():
    for game_index in range(18):
        players, options = TABLES[game_index % len(TABLES)]
        _check_candidates_in_one_game(players, options, 100 + game_index)


def test_faces_narrow_the_sets_as_the_round_goes_on(tmc):
    state = tmc.playing(4, seed=3, options={"difficulty": "moderate"})
    tracker = HiddenTastes(0)
    view = GAME.view(state, 0)
    pool = 20 - len(view["my_tastes"]) - len(view["shared_tastes"])
    tracker.observe(view)
    first = {slot: len(options) for slot, options in tracker.slots.items()}
    assert len(first) == 3 and all(size < pool for size in first.values())  # one soup splits the pool
    tracker.observe(view)
    assert {slot: len(options) for slot, options in tracker.slots.items()} == first  # nothing new seen
    rng = random.Random(5)
    for _ in range(40):  # other soups under the same deal
        state = tmc.with_soup(state, tuple(rng.sample(_all_cards(), 16)))
        tracker.observe(GAME.view(state, 0))
    assert sum(len(options) for options in tracker.slots.values()) < sum(first.values()) // 2
    truth = _true_slots(state, 0)
    assert all(truth[slot] in options for slot, options in tracker.slots.items())


def _all_cards():
    return [card for card in range(KINDS) for _ in range(COPIES)]


def test_a_known_hidden_taste_is_kept_happy(tmc):
    """Chef 1 secretly wants no red card in the third column; chef 0 wants a red card in the top
    row. Once a sharp chef 0 has worked out chef 1's taste from the faces, it never puts the red
    card in the third column, though for its own taste any top-row card would do."""
    start = tmc.with_tastes(tmc.playing(2, seed=1).with_(turn=0), [("E02", 0), ("E19", 1)])
    rng = random.Random(11)
    for bot_seed in range(12):
        bot = GAME.make_bot(0, bot_seed, "hard")
        state = start
        while bot.hidden.candidates(1) != [("E19",)]:
            state = tmc.with_soup(start, tuple(rng.sample(_all_cards(), 16)))
            bot.observe(GAME.view(state, 0))
        table = tmc.with_soup(start, tmc.soup_of("pea/green"))
        action = bot.choose(GAME.view(table, 0), 1.0)
        assert action is not None and action["type"] == "change" and action["row"] == 0
        assert (action["veg"], action["colour"]) == ("pea", "red") and action["col"] != 2


def test_the_bot_is_right_whether_or_not_views_are_observed_before_choosing(tmc):
    state = tmc.playing(3, seed=8, options={"difficulty": "hard"})
    view = GAME.view(state, state.turn)
    told, untold = GAME.make_bot(state.turn, 4), GAME.make_bot(state.turn, 4)
    told.observe(view)
    assert told.choose(view, 1.0) == untold.choose(view, 1.0)
    assert told.hidden.slots == untold.hidden.slots


def test_card_roles_tell_which_moves_leave_a_taste_as_it_was():
    rng = random.Random(2)
    for _ in range(300):
        soup = tuple(rng.sample(_all_cards(), 16))
        cell, card = rng.randrange(16), rng.randrange(KINDS)
        new = soup[:cell] + (card,) + soup[cell + 1 :]
        for taste in TASTES:
            roles = card_roles(taste["id"])
            if roles[cell][soup[cell]] == roles[cell][card]:
                judge = judge_for(taste["id"])
                assert judge(new) == judge(soup), (taste["id"], soup, cell, card)
        line, index, step = rng.choice(("row", "col")), rng.randrange(4), rng.choice((1, -1))
        turned = rotate(soup, line, index, step)
        for taste in TASTES:
            roles = card_roles(taste["id"])
            if all(roles[i][soup[i]] == roles[i][turned[i]] for i in range(16)):
                assert judge_for(taste["id"])(turned) == judge_for(taste["id"])(soup)
