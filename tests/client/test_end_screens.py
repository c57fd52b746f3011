"""Each game ends on its own result: the end screen shows the game's own end (Too Many Cooks' reveal
and verdict, Pink Soup's scoring sheet, Stone Soup's ranking, Pot Pourri's worked score) beside
Play again, Replay and review and Back to title, with goldens of each; a game without an end of its
own is ranked by its scores."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from soupkitchen.client.scenes.results import ResultsScene
from soupkitchen.client.tables.ending import GenericEnd
from soupkitchen.client.tables.too_many_cooks.verdict import next_game, round_lines, verdict_line
from soupkitchen.client.ui.textfit import clipped_labels, reset_clipped
from tests import golden as golden_screens
from tests.tables.fake_session import FakeSession
from tests.tables.harness import make_table, render

GOLDEN = Path(__file__).resolve().parent / "golden"
SEEDS = {"too-many-cooks": 7, "pink-soup": 4, "stone-soup": 3, "pot-pourri": 5}


def finished(game: str, size=(1280, 720)):
    """The end screen of a 4-seat game played to its end by bots, from seat 0."""
    session = FakeSession(game, 4, 0, seed=SEEDS[game])
    session.local = True
    session.bots_play(until=lambda v: v["over"], limit=5000)
    app, table = make_table(session, size)
    render(app, table, 0.0)
    return ResultsScene(app, session, table.end_panel())


def shoot(game: str, size: tuple[int, int]) -> pygame.Surface:
    results = finished(game, size)
    surface = pygame.Surface(size)
    results.draw(surface)
    return surface


@pytest.mark.parametrize("game", list(SEEDS))
def test_the_end_screen_matches_its_golden(game):
    golden_screens.check(lambda size: shoot(game, size), GOLDEN / f"end-{game}.png")


@pytest.mark.parametrize("game", list(SEEDS))
def test_every_end_shows_its_result_beside_play_again_and_back_to_title(game):
    reset_clipped()
    results = finished(game)
    shown = results.describe()
    assert shown["widgets"][-4:] == ["Play again", "Replay and review", "Back to title", "Look at the table"]
    lines = shown["lines"]
    expected = {
        "too-many-cooks": ["Round 3 revealed", "The kitchen wins with 5 stars", "Ready for Moderate"],
        "pink-soup": ["Final scoring", "Dev wins with 37 points."],
        "stone-soup": ["Cleo wins!", "1.", "no cards left", "Ada (you)"],
        "pot-pourri": ["Final score", "Bert wins: furthest along the gourmet pathway, on square 34."],
    }[game]
    assert all(words in lines for words in expected), lines
    assert clipped_labels() == []


def test_pink_soups_sheet_says_which_terms_come_from_the_pot_and_which_from_the_kitchen():
    lines = finished("pink-soup").describe()["lines"]
    assert "15 + 3 + 3 + 1 + 3 + 1 + 0 + 1 + 1 + 6 + 3 = 37" in lines
    assert "recipe +15, from the kitchen: 3 + 3 + 1 + 3 + 1" in lines
    assert "from the pot: 0 + 1 + 1 + 6 + 3 (desserts +6)" in lines


def test_the_kitchen_is_told_what_comes_next():
    results = finished("too-many-cooks")
    assert results.panel.verdict() == "The kitchen wins with 5 stars: ready for Moderate"
    assert results.describe()["widgets"][0] == "Cook Moderate next"
    started = []
    results.again = lambda options=None: started.append(options)  # what the button would start
    results.form.focused.activate()
    assert started == [{"mode": "standard", "difficulty": "moderate"}]
    kept = results.app.settings.setup("solo")["games"]["too-many-cooks"]
    assert kept["options"]["difficulty"] == "moderate"  # and the next solo set-up opens on it


def test_the_menu_of_a_finished_game_leads_back_to_its_end(app):
    from soupkitchen.client.scenes.menus import PauseMenu
    from soupkitchen.client.tables import table_scene_for

    session = FakeSession("stone-soup", 4, 0, seed=SEEDS["stone-soup"])
    session.local = True
    session.bots_play(until=lambda v: v["over"], limit=5000)
    app.stack.push(table_scene_for("stone-soup")(app, session))  # "Look at the table", then Esc
    menu = app.stack.push(PauseMenu(app, session))
    assert menu.message == "The game is over: the table stays as it ended."  # not "the kitchen keeps cooking"
    next(w for w in menu.form.widgets if w.key == "end").activate()
    assert app.stack.top.name == "results" and "Play again" in app.stack.top.describe()["widgets"]


@pytest.mark.parametrize(
    ("result", "view", "words"),
    [
        (
            {"won": True, "stars": 5, "next_challenge": {"mode": "standard", "difficulty": "hard"}},
            {"mode": "standard", "difficulty": "moderate"},
            "The kitchen wins with 5 stars: ready for Hard",
        ),
        (
            {"won": True, "stars": 5, "next_challenge": {"mode": "unreasonable", "tastes": 12}},
            {"mode": "standard", "difficulty": "hard"},
            "The kitchen wins with 5 stars: ready for an unreasonable soup",
        ),
        (
            {"won": True, "stars": 3, "next_challenge": None},
            {"mode": "standard", "difficulty": "easy"},
            "The kitchen wins with 3 stars: five stars make it ready for Moderate",
        ),
        (
            {"won": False, "stars": 0},
            {"mode": "standard", "round": 2, "reveal": {"unsatisfied": 5, "tastes": []}},
            "The kitchen loses in round 2: five or more tastes unsatisfied",
        ),
        (
            {"won": False, "stars": 0},
            {"mode": "standard", "round": 1, "reveal": {"unsatisfied": 2, "tastes": []}},
            "The kitchen loses in round 1: 2 tastes unsatisfied and no star left to lose",
        ),
        (
            {"won": True, "stars": 2, "next_challenge": {"mode": "unreasonable", "tastes": 14}},
            {"mode": "unreasonable", "reveal": {"unsatisfied": 0, "tastes": [{}] * 13}},
            "The kitchen wins: all 13 tastes satisfied: next, try 14",
        ),
    ],
)
def test_the_verdict_is_worded_from_the_result(result, view, words):
    assert verdict_line(result, view) == words


def test_each_round_of_the_game_is_told_with_why_its_star_was_won_or_lost():
    view = {
        "mode": "standard",
        "past_rounds": [
            {"round": 1, "unsatisfied": 0, "stars_after": 3},
            {"round": 2, "unsatisfied": 1, "stars_after": 3},
            {"round": 3, "unsatisfied": 2, "stars_after": 2},
        ],
    }
    assert round_lines(view) == [
        "Round 1: every taste satisfied: +1 star",
        "Round 2: time is up with one taste unsatisfied: no star lost",
        "Round 3: time is up with 2 tastes unsatisfied: -1 star",
    ]
    shown = finished("too-many-cooks").describe()
    assert shown["notes"] == [
        "Round 1: every taste satisfied: +1 star",
        "Round 2: every taste satisfied: +1 star",
        "Round 3: every taste satisfied: +1 star",
    ]


def test_the_next_challenge_becomes_the_next_games_options():
    assert next_game({"next_challenge": {"mode": "unreasonable", "tastes": 14}}) == (
        "Try 14 unreasonable tastes",
        {"mode": "unreasonable", "tastes": 14},
    )
    assert next_game({"next_challenge": None}) is None


class Ended:
    """A finished table of a game without an end of its own."""

    def __init__(self, result, seats=3, held=(0,)):
        self.table = {"seats": [{"seat": s} for s in range(seats)]}
        self.tokens = {s: "t" for s in held}
        self.shown_seat = held[0]
        self.result = result

    def view(self, seat):
        return {"over": True, "result": self.result}

    public_view = None

    def seat_name(self, seat):
        return ["Ada", "Bo", "Cy"][seat]


def test_a_game_without_an_end_of_its_own_ranks_the_seats_by_their_scores():
    end = GenericEnd(Ended({"winners": [1], "scores": [3, 9, 3]}))
    assert end.verdict() == "Bo wins!"
    assert end.rows() == [("1. Bo: 9", True), ("2. Ada (you): 3", False), ("2. Cy: 3", False)]
    together = GenericEnd(Ended({"winners": [0, 1, 2], "scores": [5, 5, 5]}))
    assert together.verdict() == "Everyone wins together!"
    assert together.rows() == [("The kitchen's score: 5", True)]  # not three meaningless fives
