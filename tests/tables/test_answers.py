"""Every touch gets an answer: a click on any table while someone else is moving says so where the
click was ("Bert is playing"), a click on the table that cannot be used says why, and a move the
server refuses is answered at the click that made it, not in a toast across the screen."""

from __future__ import annotations

import pytest

from soupkitchen.client.ui import coverage
from soupkitchen.client.ui.input import InputAction
from tests.tables.fake_session import FakeSession
from tests.tables.harness import click, make_table, render

SEEDS = {"too-many-cooks": 7, "pink-soup": 3, "stone-soup": 3, "pot-pourri": 1}


def shown_words(app, scene, now: float) -> list[str]:
    """Every line of text a frame of ``scene`` draws at ``now``."""
    with coverage.capture() as drawn:
        render(app, scene, now)
    return [event[2] for event in drawn if event[0] == "note"]


def someone_elses_turn(game: str):
    """Seat 0's table while seat 1 is to move."""
    session = FakeSession(game, 4, 0, seed=SEEDS[game])
    if game == "too-many-cooks":
        session.everyone_ready()
    session.bots_play(until=lambda v: v.get("turn") == 1 and not v.get("legal_actions"), limit=600)
    app, scene = make_table(session)
    render(app, scene, session.now)
    return session, app, scene


def something_on_the_table(scene):
    """A point of the table that a click would use on seat 0's own turn."""
    if scene.session.game_id == "too-many-cooks":
        return scene.table_layout.cell(1, 2).center
    return next(t for t in scene.things() if t.kind in ("card", "zone") and t.rect.w > 20).rect.center


@pytest.mark.parametrize("game", list(SEEDS))
def test_a_click_while_someone_else_is_playing_says_who_where_it_was(game):
    session, app, scene = someone_elses_turn(game)
    pos = something_on_the_table(scene)
    assert click(app, scene, pos)
    assert session.acted == []  # nothing was sent
    assert scene.answer is not None and scene.answer.words == "Bert is playing"
    assert scene.answer.pos == pos
    assert "Bert is playing" in shown_words(app, scene, session.now + 1.0)
    assert "Bert is playing" not in shown_words(app, scene, session.now + 5.0)  # a moment, then gone


def test_the_soup_says_why_a_card_cannot_be_touched_between_rounds():
    session = FakeSession(
        "too-many-cooks", 3, 0, seed=7
    )  # the round has not started: chefs read their tastes
    app, scene = make_table(session)
    render(app, scene, 1.0)
    click(app, scene, scene.table_layout.cell(0, 0).center)
    assert scene.answer.words == "Press Ready to cook: the round starts once every chef is"


def my_pink_soup_turn():
    session = FakeSession("pink-soup", 4, 0, seed=3)
    session.bots_play()
    app, scene = make_table(session)
    render(app, scene, session.now)
    return session, app, scene


def test_a_card_table_touched_on_your_turn_says_what_can_be_used():
    session, app, scene = my_pink_soup_turn()
    removed = scene.thing("removed")  # the removed cards cannot be used to start a turn
    assert "removed" not in scene.usable()
    click(app, scene, removed.rect.center)
    assert scene.answer.words.startswith("Not that now")
    assert session.acted == []


def test_the_empty_move_list_of_a_table_without_its_own_says_whose_turn_it_is():
    from soupkitchen.client.tables.generic import GenericTable

    session = FakeSession("pink-soup", 4, 0, seed=3)
    session.bots_play(until=lambda v: v.get("turn") == 1, limit=600)
    app, _ = make_table(session)
    scene = GenericTable(app, session)
    render(app, scene, session.now)
    click(app, scene, scene.list.rect.center)
    assert scene.answer.words == "Bert is playing"


def test_a_refused_move_is_answered_at_the_click_that_made_it():
    session, app, scene = my_pink_soup_turn()
    deck = scene.thing("deck").rect.center
    click(app, scene, deck)
    assert scene.answer_refusal("The table moved on before your move arrived. Look again.")
    assert scene.answer.pos == deck and scene.answer.words.startswith("The table moved on")
    scene.update(0.0, session.now + 60.0)  # long after any click: the app shows a toast instead
    assert not scene.answer_refusal("Something else")


def test_a_hand_off_asks_to_wait():
    session, app, scene = someone_elses_turn("pink-soup")
    session.shown_seat = None  # the screen is being handed to another player
    scene.handle(InputAction("click", "mouse", pos=something_on_the_table(scene)))
    assert scene.answer.words == "Wait for your turn"
