"""Each game's review agrees with what the rules decided: the tastes judged at each reveal, the
verdicts of the calls, the pots turned over at the end and the squares on the pathway."""

from __future__ import annotations

import json
from functools import cache

import pytest

from soupkitchen.client.replay.words import move_lines, review_lines
from soupkitchen.server import sim
from soupkitchen.shared.playout import bot_chooser, play
from soupkitchen.shared.registry import game_ids, get_game, registration
from soupkitchen.shared.replay import ReplayFile, Timeline, face_up, review_of
from tests.sweeps import seated

SEEDS = (1, 2, 3)


@cache
def timeline(game_id: str, players: int, seed: int, options: str = "{}") -> Timeline:
    game = get_game(game_id)
    outcome = play(game, players, seed, bot_chooser(game, players, seed), options=json.loads(options))
    return Timeline(ReplayFile(outcome.record))


@pytest.mark.parametrize("game_id", game_ids())
def test_every_review_is_plain_data_and_every_moment_has_a_face_up_view(game_id):
    """A game that declares a review has one of plain data, and a face-up view of every moment; one
    that declares none has neither (the viewer says so)."""
    line = timeline(game_id, seated(get_game(game_id), 3), 1)
    declared = registration(game_id).review is not None
    review = review_of(line)
    assert (review is not None) == declared and json.loads(json.dumps(review)) == review
    for moment in range(0, line.length + 1, 7):
        secrets = face_up(line, moment)
        assert (secrets is not None) == declared and json.loads(json.dumps(secrets)) == secrets


@pytest.mark.parametrize("seed", SEEDS)
def test_too_many_cooks_tastes_end_as_the_reveal_judged_them(seed):
    line = timeline("too-many-cooks", 4, seed)
    reviewed = review_of(line)["rounds"]
    reveals = [
        after.reveal
        for _n, _e, _before, after, events in line.steps()
        if any(event["type"] == "round_over" for event in events)
    ]
    assert [r["round"] for r in reviewed] == [r["round"] for r in reveals]
    for chapter, reveal in zip(reviewed, reveals, strict=True):
        assert [(t["taste"], t["owner"], t["at_end"]) for t in chapter["tastes"]] == [
            tuple(t) for t in reveal["tastes"]
        ]
        assert chapter["unsatisfied"] == reveal["unsatisfied"]
        for taste in chapter["tastes"]:
            flips = [change["satisfied"] for change in taste["changes"]]
            assert all(a != b for a, b in zip(flips, flips[1:], strict=False)), (
                "a taste changes back and forth"
            )
            if taste["first_satisfied"] is None:
                assert not any(flips) and not taste["at_end"]
        spent = sum(chef["seconds"] for chef in chapter["time"])
        assert spent == pytest.approx(chapter["seconds"], abs=1e-6) or chapter["ended"] == "time_up"
        passed = {p["seat"] for p in chapter["passes"]}
        assert chapter["ended"] != "all_passed" or passed == set(range(4))


def test_too_many_cooks_reactions_are_in_the_review_and_take_nobodys_time():
    """A game on the simulator's paced table, where chefs react to moves: the review lists each
    reaction of each round, the turns' time still adds up to the round's, and the replay viewer
    words the reactions."""
    game = get_game("too-many-cooks")
    options = game.normalise_options({"difficulty": "moderate"}, 4)
    bots = {seat: game.make_bot(seat, 5000 + seat) for seat in range(4)}
    outcome = sim.PacedTable(game, 4, options, 5, bots, 1.2, lambda *_: None).run()
    line = Timeline(ReplayFile(outcome.record))
    reviewed = review_of(line)["rounds"]
    logged = [number for number, entry, *_rest in line.steps() if entry["action"]["type"] == "react"]
    assert logged and [r["move"] for chapter in reviewed for r in chapter["reactions"]] == logged
    for chapter in reviewed:
        spent = sum(chef["seconds"] for chef in chapter["time"])
        assert spent == pytest.approx(chapter["seconds"], abs=1e-6) or chapter["ended"] == "time_up"
    lines = [
        entry.text
        for entry in review_lines("too-many-cooks", review_of(line), lambda seat: f"Chef {seat + 1}")
    ]
    assert any(" reacted to " in text and "That's" in text or "How delicious!" in text for text in lines)
    moves = [entry.text for entry in move_lines(line, lambda seat: f"Chef {seat + 1}")]
    assert any("React: " in text for text in moves)


@pytest.mark.parametrize("seed", SEEDS)
def test_stone_soup_verdicts_match_the_calls_the_table_made(seed):
    line = timeline("stone-soup", 4, seed)
    reviewed = review_of(line)
    plays = [p for p in reviewed["plays"] if p["kind"] == "play"]
    called = [p for p in plays if p["called"]]
    assert called, "the bots made no call in this game"
    for play_ in called:
        assert play_["verdict"] == play_["called"]["verdict"]
    for play_ in plays:
        honest = play_["really"] == [play_["food"]] * play_["count"]
        assert (play_["verdict"] == "honest") == honest
    records = reviewed["records"]
    assert sum(r["plays"] + r["salts"] for r in records) == len(reviewed["plays"])
    assert sum(r["calls"] for r in records) == len(called)
    assert all(r["honest"] + r["bluffs"] == r["plays"] for r in records)


@pytest.mark.parametrize("seed", SEEDS)
def test_pink_soup_pot_changes_add_up_to_the_pots_turned_over(seed):
    line = timeline("pink-soup", 4, seed)
    reviewed = review_of(line)
    for pot in reviewed["pots"]:
        slots: list[str | None] = []
        for change in pot["changes"]:
            if change["what"] in ("shuffled", "swapped_within"):
                slots = list(change["cards"])
            elif change["what"] == "in":
                slots[change["slot"] : change["slot"] + 1] = (
                    [change["card"]] if change["slot"] < len(slots) else []
                )
                if change["slot"] == len(slots):
                    slots.append(change["card"])
        assert slots == pot["final"]
    assert [b["total"] for b in reviewed["result"]["breakdown"]] == reviewed["result"]["scores"]
    kinds = {m["power"] for m in reviewed["mice"]}
    assert kinds <= {"search", "shuffle", "look", "swap"}


@pytest.mark.parametrize("seed", SEEDS)
def test_pot_pourri_servings_and_turns_add_up(seed):
    line = timeline("pot-pourri", 4, seed)
    reviewed = review_of(line)
    squares = [0] * 4
    for serving in reviewed["servings"]:
        squares[serving["seat"]] += serving["squares"]
        if serving["recipe"] is not None:
            assert serving["matches"] >= 2
    assert squares == reviewed["result"]["pathway"]
    assert [t["turn"] for t in reviewed["lid"]] == list(range(1, len(reviewed["lid"]) + 1))
    assert all(len(t["under"]) < 6 for t in reviewed["lid"])
