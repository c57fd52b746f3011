"""A broken game is left out and the others play: a game package whose registration fails to import,
declares nonsense, or names rules that do not load is not offered, and one sentence says why (in the
log, on `soupkitchen-sim --list` and on the client's title screen)."""

from __future__ import annotations

import logging
import sys

import pytest

import soupkitchen.shared as shared
from soupkitchen.server import sim
from soupkitchen.server.tables.games import available_games
from soupkitchen.shared import registry

FOUR = ["too-many-cooks", "pink-soup", "stone-soup", "pot-pourri"]
GOOD_FACTS = 'GameFacts(id="{id}", title="Broth", min_players=2, max_players=4{extra})'
REGISTRATION = """
from soupkitchen.shared.core import GameFacts, OptionSpec, Registration
REGISTRATION = Registration(facts={facts}, rules="soupkitchen.shared.{package}", order=9{more})
"""
BROKEN = {
    "raises": (
        "raise RuntimeError('the stock boiled over')",
        "its registration does not load (RuntimeError: the stock boiled over)",
    ),
    "no_registration": ("REGISTRATION = 'broth'", "its REGISTRATION is not a Registration of GameFacts"),
    "seats": (
        REGISTRATION.format(
            facts='GameFacts(id="seats", title="Broth", min_players=3, max_players=2)',
            package="seats",
            more="",
        ),
        "its seats (3 to 2) are not 1 to 64 players",
    ),
    "bad_id": (
        REGISTRATION.format(facts=GOOD_FACTS.format(id="Bad Id", extra=""), package="bad_id", more=""),
        "its id 'Bad Id' is not lower-case words joined by hyphens",
    ),
    "primary": (
        REGISTRATION.format(
            facts=GOOD_FACTS.format(id="primary", extra=""),
            package="primary",
            more=', primary_option="difficulty"',
        ),
        "its primary option 'difficulty' is not one of its options",
    ),
    "default": (
        REGISTRATION.format(
            facts=GOOD_FACTS.format(
                id="default", extra=', options=(OptionSpec("level", "Level", "high", ("low", "mid")),)'
            ),
            package="default",
            more="",
        ),
        "its option 'level' has a default that is not one of its choices",
    ),
    "clock": (
        REGISTRATION.format(
            facts=GOOD_FACTS.format(
                id="clock",
                extra=', options=(OptionSpec("turn_seconds", "Seconds", 5, minimum=1, real_time=True),)',
            ),
            package="clock",
            more="",
        ),
        "it has an option of real time but no clock (real_time)",
    ),
    "learner_on": (
        REGISTRATION.format(
            facts=GOOD_FACTS.format(
                id="learner-on",
                extra=', options=(OptionSpec("aid", "Aid", True, (False, True), learner=True),)',
            ),
            package="learner_on",
            more="",
        ),
        "its option 'aid' is a learner's helper that is on by default (helpers for learners start off)",
    ),
    "learner_first": (
        REGISTRATION.format(
            facts=GOOD_FACTS.format(
                id="learner-first",
                extra=', options=(OptionSpec("aid", "Aid", False, (False, True), learner=True),)',
            ),
            package="learner_first",
            more=', primary_option="aid"',
        ),
        "its primary option 'aid' is a learner's helper, which set-ups show at their foot",
    ),
    "twin": (
        REGISTRATION.format(facts=GOOD_FACTS.format(id="stone-soup", extra=""), package="twin", more=""),
        "a second game with the id 'stone-soup'",
    ),
    "no_rules": (
        REGISTRATION.format(facts=GOOD_FACTS.format(id="no-rules", extra=""), package="no_rules", more=""),
        "its rules do not load (AttributeError: module 'soupkitchen.shared.no_rules' has no "
        "attribute 'GAME')",
    ),
}


@pytest.fixture
def broken_games(tmp_path, monkeypatch):
    """Every broken package of ``BROKEN`` beside the four games, found afresh for one test."""
    for package, (code, _why) in BROKEN.items():
        folder = tmp_path / package
        folder.mkdir()
        (folder / "__init__.py").write_text('"""A broken game."""\n', encoding="utf-8")
        (folder / "registration.py").write_text(code, encoding="utf-8")
    monkeypatch.setattr(shared, "__path__", [*shared.__path__, str(tmp_path)])
    registry.forget()
    yield
    monkeypatch.undo()
    for name in [name for name in sys.modules if name.split(".")[2:3] and name.split(".")[2] in BROKEN]:
        del sys.modules[name]
    registry.forget()


def test_each_broken_game_is_left_out_with_one_sentence_and_the_others_play(broken_games, caplog):
    with caplog.at_level(logging.WARNING, logger="soupkitchen.shared.registry"):
        assert registry.game_ids() == FOUR
    left = {missing.package: missing for missing in registry.left_out()}
    assert set(left) == set(BROKEN)
    for package, (_code, why) in BROKEN.items():
        reason = left[package].reason
        assert reason.startswith(f'The game in "{package}" is left out: {why}'), reason
        assert reason.endswith("."), reason
        assert "\n" not in reason and reason.count(". ") == 0, "one sentence"
    logged = [record.getMessage() for record in caplog.records]
    assert sorted(logged) == sorted(missing.reason for missing in left.values())
    assert [game["id"] for game in available_games()] == FOUR
    assert registry.get_game("stone-soup").id == "stone-soup"
    with pytest.raises(KeyError):
        registry.get_game("primary")


def test_the_simulator_lists_the_games_and_says_why_one_is_left_out(broken_games, capsys):
    assert sim.main(["--list"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert [line.split("\t")[0] for line in lines[:4]] == FOUR
    assert lines[0] == "too-many-cooks\tToo Many Cooks\t2-6 players"
    assert sorted(lines[4:]) == sorted(missing.reason for missing in registry.left_out())
    assert sim.main(["stone-soup", "--players", "2", "--games", "1"]) == 0  # the others play


def test_a_sound_tree_leaves_nothing_out(capsys):
    assert registry.left_out() == ()
    assert sim.main(["--list"]) == 0
    assert [line.split("\t")[0] for line in capsys.readouterr().out.splitlines()] == FOUR
