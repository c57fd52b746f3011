"""Making some noise: a reaction is a move of the game about the move just made, by another chef,
once, in the moments after it; what it says is true to the reacting chef's tastes (for the bots),
it is in every seat's view, the round log, the replay and the review, and the other chefs hear it
as evidence of that chef's tastes."""

from __future__ import annotations

import pytest

from soupkitchen.server import sim
from soupkitchen.shared.conformance import check_events, check_replay, check_state
from soupkitchen.shared.core import RuleError
from soupkitchen.shared.match import MatchRecord
from soupkitchen.shared.replay import ReplayFile, Timeline, review_of
from soupkitchen.shared.too_many_cooks import GAME, describe
from soupkitchen.shared.too_many_cooks.bot import before_last_move
from soupkitchen.shared.too_many_cooks.inference import HiddenTastes
from soupkitchen.shared.too_many_cooks.reactions import EMOTES, REACTION_SECONDS, Feeling, feeling, honest
from soupkitchen.shared.too_many_cooks.tastes import distance
from soupkitchen.shared.wire.constants import EMOTES as WIRE_EMOTES

ROTATE = {"type": "rotate", "line": "row", "index": 0, "step": 1}


def react(emote: str, move: int) -> dict:
    return {"type": "react", "emote": emote, "move": move}


def after_a_move(tmc, players: int = 3, at: float = 5.0):
    """A round under way and the first chef's rotation of the top row, made at ``at``."""
    state = tmc.playing(players, seed=7)
    mover = state.turn
    state, _ = GAME.apply(state, mover, ROTATE, at)
    return state, mover


def test_the_emotes_are_the_rulebooks_exclamations_and_the_wires():
    assert EMOTES == WIRE_EMOTES
    assert [describe.emote_words(emote) for emote in EMOTES] == [
        "That's disgusting!",
        "How delicious!",
        "That's fine by me",
    ]


def test_another_chef_reacts_to_the_move_just_made_and_everyone_sees_it(tmc):
    state, mover = after_a_move(tmc)
    other = (mover + 1) % 3
    view = GAME.view(state, other)
    assert view["last_move"]["number"] == 1 and view["last_move"]["seat"] == mover
    assert view["last_move"]["event"]["type"] == "rotated"
    assert view["last_move"]["until"] == 5.0 + REACTION_SECONDS
    assert view["reactions"] == []
    after, events = GAME.apply(state, other, react("disgusting", 1), 6.5)
    assert events == [{"type": "reacted", "seat": other, "emote": "disgusting", "move": 1, "by": mover}]
    check_events(GAME, events)
    check_state(GAME, after, 3)
    assert describe.event_words(events[0]) == f"Chef {other + 1}: That's disgusting!"
    for seat in (0, 1, 2, None):
        assert GAME.view(after, seat)["reactions"] == [{"seat": other, "emote": "disgusting"}]
    # nothing else changes: the soup, whose turn it is and what each chef may do
    assert after.soup == state.soup and after.turn == state.turn
    assert all(GAME.legal_actions(after, seat) == GAME.legal_actions(state, seat) for seat in range(3))


def test_a_reaction_is_refused_with_the_reason_when_it_is_not_the_moment(tmc):
    state, mover = after_a_move(tmc)
    other, third = (mover + 1) % 3, (mover + 2) % 3
    refused = {
        "own move": (mover, react("fine", 1), 6.0, describe.OWN_MOVE),
        "too late": (
            other,
            react("fine", 1),
            5.0 + REACTION_SECONDS,
            describe.reaction_late(REACTION_SECONDS),
        ),
        "no such move": (other, react("fine", 2), 6.0, describe.REACTION_PAST),
        "unknown emote": (other, react("yuck", 1), 6.0, describe.one_of("emote", EMOTES)),
        "a card named": (other, {**react("fine", 1), "veg": "carrot"}, 6.0, describe.REACTION_SHAPE),
        "no move named": (other, {"type": "react", "emote": "fine"}, 6.0, describe.REACTION_SHAPE),
        "a move not a number": (other, react("fine", True), 6.0, describe.REACTION_SHAPE),
    }
    for name, (seat, action, now, reason) in refused.items():
        assert GAME.validate(state, seat, action, now) == reason, name
    assert GAME.validate(state, None, react("fine", 1), 6.0) is not None  # the clock does not react
    assert GAME.validate(state, 7, react("fine", 1), 6.0) is not None
    once, _ = GAME.apply(state, other, react("fine", 1), 6.0)
    assert GAME.validate(once, other, react("delicious", 1), 6.5) == describe.ALREADY_REACTED
    assert GAME.validate(once, third, react("delicious", 1), 6.5) is None
    # the next move closes the moment of the one before: "keep a poker face until each chef has finished"
    nxt, _ = GAME.apply(once, once.turn, ROTATE, 8.0)
    assert GAME.validate(nxt, third, react("delicious", 1), 8.5) == describe.REACTION_PAST
    with pytest.raises(RuleError):
        GAME.apply(nxt, third, react("delicious", 1), 8.5)


def test_there_is_nothing_to_react_to_before_a_move_after_a_pass_or_between_rounds(tmc):
    fresh = tmc.playing(3, seed=7)
    assert GAME.validate(fresh, 0, react("fine", 0), 1.0) == describe.NOTHING_TO_REACT_TO
    assert GAME.view(fresh, 0)["last_move"] is None
    # a chef whose tastes are all satisfied must pass: a pass closes the moment
    state, mover = after_a_move(tmc)
    passer = state.turn
    others = [
        (taste, owner)
        for taste, owner in zip(state.tastes, state.owners, strict=True)
        if owner not in (passer, None)
    ]  # the next chef holds no taste and none is shared
    satisfied = tmc.with_tastes(state, others)
    assert GAME.legal_actions(satisfied, passer) == [{"type": "pass"}]
    passed, _ = GAME.apply(satisfied, passer, {"type": "pass"}, 7.0)
    assert passed.last_move is None and GAME.view(passed, 0)["reactions"] == []
    other = next(seat for seat in range(3) if seat not in (mover, passer))
    assert GAME.validate(passed, other, react("fine", 1), 7.5) == describe.NOTHING_TO_REACT_TO
    timed_out, _ = GAME.apply(state, None, {"type": "timeout"}, 10_000.0)
    assert timed_out.last_move is None and timed_out.reactions == ()
    assert GAME.validate(timed_out, (mover + 1) % 3, react("fine", 1), 10_000.0) is not None


def test_an_emote_is_the_reaction_to_the_latest_move_while_a_round_is_played_and_chatter_otherwise(tmc):
    state = GAME.setup(3, GAME.normalise_options({}, 3), 7)
    assert GAME.emote_action(state, 0, "fine") is None  # before the round: table chatter
    state, mover = after_a_move(tmc)
    action = GAME.emote_action(state, (mover + 1) % 3, "delicious")
    assert action == react("delicious", 1)
    assert GAME.emote_of(action) == "delicious" and GAME.emote_of(ROTATE) is None


def test_reactions_are_in_the_log_the_replay_and_the_review(tmc):
    record = MatchRecord(GAME.id, 3, GAME.normalise_options({"mode": "unreasonable"}, 3), 7)  # one round
    state = GAME.setup(3, record.options, 7)

    def play(seat, action, t):
        nonlocal state
        state, _events = GAME.apply(state, seat, action, t)
        record.log.append({"seat": seat, "action": action, "t": t})

    for seat in range(3):
        play(seat, {"type": "ready"}, 0.0)
    mover = state.turn
    play(mover, ROTATE, 5.0)
    play((mover + 1) % 3, react("disgusting", 1), 6.0)
    play((mover + 2) % 3, react("fine", 1), 7.0)
    play(None, {"type": "timeout"}, 300.0)
    check_replay(GAME, record, state)
    timeline = Timeline(ReplayFile(record))
    rounds = review_of(timeline)["rounds"]
    assert rounds[0]["reactions"] == [
        {"seat": (mover + 1) % 3, "emote": "disgusting", "move": 5, "seconds": 6.0, "by": mover},
        {"seat": (mover + 2) % 3, "emote": "fine", "move": 6, "seconds": 7.0, "by": mover},
    ]
    # a reaction takes nobody's turn: the mover's turn is the only move timed
    assert [t["moves"] for t in rounds[0]["time"]] == [1 if seat == mover else 0 for seat in range(3)]


@pytest.mark.parametrize(
    ("felt", "true"),
    [
        (Feeling(worse=1, soured=1), {"disgusting"}),
        (Feeling(better=1, pleased=1), {"delicious", "fine"}),
        (Feeling(worse=1), {"disgusting"}),
        (Feeling(better=1), {"delicious", "fine"}),
        (Feeling(), {"fine"}),
        (Feeling(worse=1, better=1, soured=1, pleased=1), set()),
        (Feeling(worse=1, better=1, pleased=1), {"delicious"}),
        (Feeling(worse=1, better=1, soured=1), {"disgusting"}),
    ],
)
def test_an_honest_reaction_agrees_with_the_faces_and_with_how_far_the_tastes_are(felt, true):
    assert {emote for emote in EMOTES if honest(emote, felt)} == true


def test_what_a_move_did_to_a_chef_is_read_from_their_tastes(tmc):
    before = tmc.soup_of("pea/green")
    red_top = before[:1] + tmc.soup_of("pea/red")[:1] + before[2:]  # a red pea in the top row
    assert feeling(["E02"], before, red_top) == Feeling(better=1, pleased=1)  # a red card in the top row
    assert feeling(["E02"], red_top, before) == Feeling(worse=1, soured=1)
    assert feeling(["E06"], before, red_top) == Feeling()  # no blue card in the top row: still none


def test_a_reaction_speaks_for_the_tastes_it_fits_as_the_others_hear_it(tmc):
    """Chef 1 hides one taste. After a move that spoils "a red card in the top row" (and leaves
    some other candidate as it was), a "That's disgusting!" makes the first likelier than the
    other and a "That's fine by me" the other way round."""
    state = tmc.with_tastes(tmc.playing(2, seed=1), [("E02", 1), ("E05", 0)])
    before = tmc.soup_of("pea/green", {(0, 1): "pea/red"})
    after = tmc.soup_of("pea/green")
    chances = {}
    for emote in ("disgusting", "fine"):
        reader = HiddenTastes(0)
        reader.observe(GAME.view(tmc.with_soup(state, before), 0))
        untouched = next(
            taste
            for taste in reader.slots[(1, 0)]
            if taste != "E02" and distance(taste, before) == distance(taste, after)
        )
        reader.hear(1, emote, before, after, trust=1.0)
        belief = reader.beliefs()[(1, 0)]
        chances[emote] = (belief["E02"], belief[untouched])
    assert chances["disgusting"][0] > chances["disgusting"][1]
    assert chances["fine"][0] < chances["fine"][1]


def test_the_soup_before_the_last_move_is_read_from_the_view(tmc):
    state, _mover = after_a_move(tmc)
    before = tmc.playing(3, seed=7).soup
    assert before_last_move(GAME.view(state, 0)) == before
    change = next(a for a in GAME.legal_actions(state, state.turn) if a["type"] == "change")
    changed, _ = GAME.apply(state, state.turn, change, 8.0)
    assert before_last_move(GAME.view(changed, 0)) == state.soup


def table_of_bots(level: str, players: int, seed: int, difficulty: str = "moderate"):
    """A game of bots of ``level`` on the simulator's paced table (the server's own bot pacing)."""
    options = GAME.normalise_options({"difficulty": difficulty}, players)
    bots = {seat: GAME.make_bot(seat, seed * 1000 + seat, level) for seat in range(players)}
    delay = sim.DEFAULT_STEP / sim.MEAN_JITTER
    table = sim.PacedTable(GAME, players, options, seed, bots, delay, lambda *_: None)
    return table.run(), delay


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_bots_react_now_and_then_true_to_their_tastes_and_no_chef_reacts_to_every_move(level):
    """A whole game of three bot chefs (seeded): each reaction answers the move just made, soon after
    it, true to the reacting chef's tastes. A player hears reactions now and then, not as an echo:
    in every round some moves draw a reaction and others none, every chef speaks up at times, and
    no chef answers every move it could (each lets at least a third of them go by in silence)."""
    players, seed = 3, 31
    outcome, delay = table_of_bots(level, players, seed)
    state = GAME.setup(players, outcome.record.options, seed)
    rounds: dict[int, list[int]] = {}  # each round's moves and the moves some chef reacted to
    said = dict.fromkeys(range(players), 0)  # each chef's reactions
    heard = dict.fromkeys(range(players), 0)  # the moves each chef could react to (the others')
    moved_at = mover = None
    for entry in outcome.record.log:
        action = entry["action"]
        told = rounds.setdefault(state.round, [0, 0])
        if action["type"] == "react":
            said[entry["seat"]] += 1
            assert set(action) == {"type", "emote", "move"}, action  # no card, colour or place named
            assert entry["seat"] != mover and action["move"] == state.moves, entry  # the move just made
            assert GAME.honest_aside(state, entry["seat"], action) is True, (level, entry)
            assert delay - 1e-6 <= entry["t"] - moved_at <= REACTION_SECONDS, entry  # a short human delay
            told[1] += state.reactions == ()  # the first reaction to this move
        elif action["type"] in ("change", "rotate"):
            told[0] += 1
            moved_at, mover = entry["t"], entry["seat"]
            for seat in heard:
                heard[seat] += seat != mover
        state, _events = GAME.apply(state, entry["seat"], action, entry["t"])
    assert len(rounds) == 3 and state.phase == "over"  # the whole game, every round of it
    for number, (moves, answered) in rounds.items():
        assert 0 < answered < moves, (level, number, moves, answered)  # some moves answered, some not
    for seat in said:
        assert 0 < said[seat] <= heard[seat] * 2 / 3, (level, said, heard)  # occasional, never every move
    if level == "easy":  # an easy table leaves most moves unanswered
        assert sum(answered for _moves, answered in rounds.values()) < sum(m for m, _a in rounds.values()) / 2


def test_a_chef_leaves_a_card_alone_once_its_patience_with_a_chef_taking_it_back_runs_out(tmc):
    """Chef 0 wants a red card in the top row; chef 1 changes back every red card it puts there.
    A normal chef tries one place at most as often as its patience lasts, then leaves it alone."""
    soup = tmc.with_soup(tmc.playing(2, seed=5), tmc.soup_of("pea/green"))
    start = tmc.with_tastes(soup, [("E02", 0), ("E05", 1)])
    chef = GAME.make_bot(0, 3, "normal")
    state, tries, now = start.with_(turn=0, spares=(2,) * 32), [], 1.0  # spares enough for every change
    for _ in range(16):
        action = chef.choose(GAME.view(state, 0), now)
        state, _ = GAME.apply(state, 0, action, now)
        chef.observe(GAME.view(state, 0))
        if action["type"] == "change" and action["colour"] == "red":
            tries.append((action["row"], action["col"]))
            back = {**action, "veg": "pea", "colour": "green"}
            state, _ = GAME.apply(state, 1, back, now + 1)  # taken back
        else:
            state = state.with_(turn=0)
        chef.observe(GAME.view(state, 0))
        now += 2
    assert len(tries) >= chef.habits.patience
    assert max(tries.count(cell) for cell in tries) <= chef.habits.patience
    for cell in {cell for cell in tries if tries.count(cell) == chef.habits.patience}:
        last = max(i for i, tried in enumerate(tries) if tried == cell)
        assert tries.count(cell) == chef.habits.patience and cell not in tries[last + 1 :]
