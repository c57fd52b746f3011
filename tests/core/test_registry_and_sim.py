"""Every registered game follows the protocol, and the simulator is deterministic for each."""

from __future__ import annotations

import json

import pytest

from soupkitchen.server import sim
from soupkitchen.shared.conformance import (
    check_deadline,
    check_legal_actions_validate,
    check_replay,
    check_state,
)
from soupkitchen.shared.core import Game
from soupkitchen.shared.playout import play, random_chooser
from soupkitchen.shared.registry import game_ids, get_game, registration, registrations

GAMES = game_ids()
COMMON_VIEW_KEYS = {"game", "seat", "legal_actions", "active_seats", "deadline", "over", "result"}


@pytest.mark.every_game
def test_every_game_package_with_a_registration_is_a_game_in_menu_order():
    entries = registrations()
    assert GAMES == [entry.facts.id for entry in entries] and len(set(GAMES)) == len(GAMES) >= 4
    assert [entry.order for entry in entries] == sorted({entry.order for entry in entries})
    assert GAMES[0] == "too-many-cooks", "the flagship comes first"
    with pytest.raises(KeyError, match=f"known games: {GAMES[0]}"):
        get_game("tomato-soup")


@pytest.mark.parametrize("entry", registrations(), ids=lambda entry: entry.facts.id)
def test_a_registration_names_its_rules_and_where_its_parts_are(entry):
    game = get_game(entry.facts.id)
    assert game.facts is entry.facts and game.id == entry.facts.id
    for target in (entry.art, entry.describe, entry.oracle, *dict(entry.reference_bots).values()):
        assert target is None or (
            isinstance(target, str) and target.split(".")[0] in ("soupkitchen", "scripts")
        )


@pytest.mark.parametrize("game_id", GAMES)
def test_the_common_view_fields_come_from_the_protocol_not_the_game(game_id):
    game = get_game(game_id)
    state = game.setup(game.min_players, game.normalise_options({}, game.min_players), seed=2)
    for seat in [*range(game.min_players), None]:
        assert not COMMON_VIEW_KEYS & set(game.private_view(state, seat))
        view = game.view(state, seat)
        assert view["game"] == game_id and view["seat"] == seat and view["result"] is None
        assert view["over"] is False and view["active_seats"], "somebody may act at the start"
        check_deadline(game, state, view["deadline"])  # the clock acts at the view's deadline, not before


@pytest.mark.parametrize("game_id", GAMES)
def test_each_game_declares_its_facts(game_id):
    game, entry = get_game(game_id), registration(game_id)
    assert isinstance(game, Game) and game.id == game_id and game.facts is entry.facts
    assert 1 <= game.min_players <= game.max_players <= 64 and game.title
    assert all(isinstance(words, str) and words for words in game.facts.hidden), "what is hidden, in words"
    assert not any(spec.real_time for spec in game.option_specs) or game.facts.real_time, "seconds, no clock"
    for spec in game.option_specs:
        assert spec.key and spec.label and json.dumps(spec.to_json())
        assert set(spec.words) <= {str(choice) for choice in spec.choices}, "words for its own values only"
    assert entry.primary_option is None or game.facts.option(entry.primary_option) is not None
    assert game.normalise_options(dict(entry.solo_options), game.min_players)  # a solo table can start
    assert json.loads(json.dumps(entry.summary())) == entry.summary()


@pytest.mark.parametrize("game_id", GAMES)
def test_each_game_plays_as_its_capabilities_promise(game_id):
    """What the facts declare holds in play: one seat waited for at a time unless moves are
    simultaneous, no clock unless real time, every seat shown the same unless something is hidden."""
    game = get_game(game_id)
    facts, players = game.facts, game.max_players
    seen = {"waited": 0, "timed": False, "differ": False}

    def observe(state, entry):
        check_state(game, state, players)
        seen["waited"] = max(seen["waited"], len(game.active_seats(state)))
        seen["timed"] |= game.next_deadline(state) is not None
        private = [game.private_view(state, seat) for seat in [*range(players), None]]
        seen["differ"] |= any(view != private[0] for view in private)

    play(game, players, seed=9, chooser=random_chooser(9), step=10.0, observe=observe)
    assert seen["waited"] <= 1 or facts.simultaneous, "several seats waited for, moves not simultaneous"
    assert not seen["timed"] or facts.real_time, "a clock ran in a game of no real time"
    assert not seen["differ"] or facts.hidden, "seats shown different things in a game hiding nothing"


@pytest.mark.parametrize("game_id", GAMES)
def test_each_game_survives_malformed_actions_without_changing(game_id):
    game = get_game(game_id)
    players = game.min_players
    state = game.setup(players, game.normalise_options({}, players), seed=3)
    before = game.state_hash(state)
    junk = [
        None,
        1,
        "pass",
        [],
        {},
        {"type": None},
        {"type": "nope"},
        {"type": ["x"]},
        {"type": "change", "row": "a"},
        {"type": "timeout"},
        {"type": 10**30},
    ]
    for seat in [*range(players), None, -1, players, "0"]:
        for action in junk:
            reason = game.validate(state, seat, action, 0.0)
            if action == {"type": "timeout"} and seat is None:
                continue
            assert isinstance(reason, str) and reason, f"{action!r} by {seat!r} was accepted"
    assert game.state_hash(state) == before


@pytest.mark.parametrize("game_id", GAMES)
def test_each_game_plays_to_an_end_under_random_play(game_id):
    game = get_game(game_id)
    players = game.max_players
    outcome = play(
        game,
        players,
        seed=42,
        chooser=random_chooser(42),
        step=10.0,
        observe=lambda state, entry: check_state(game, state, players),
    )
    check_legal_actions_validate(game, outcome.state, players, outcome.record.log[-1]["t"])
    check_replay(game, outcome.record, outcome.state)
    result = game.result(outcome.state)
    assert len(result["scores"]) == players
    assert all(0 <= seat < players for seat in result["winners"])


@pytest.mark.parametrize("game_id", GAMES)
def test_simulator_prints_the_same_bytes_for_the_same_arguments(game_id, capsys):
    game = get_game(game_id)
    args = [game_id, "--players", str(game.min_players), "--games", "3", "--seed", "5"]
    assert sim.main(args) == 0
    first = capsys.readouterr().out
    assert sim.main(args) == 0
    second = capsys.readouterr().out
    assert first == second
    lines = first.splitlines()
    assert len(lines) == 4
    records = [json.loads(line) for line in lines[:3]]
    assert [r["seed"] for r in records] == [5, 6, 7]
    assert all(r["game"] == game_id and r["actions"] > 0 for r in records)
    assert lines[3].startswith("games=3 ")
    assert sim.main([*args[:-1], "6"]) == 0
    assert capsys.readouterr().out.splitlines()[0] == lines[1], "game i uses seed+i"
