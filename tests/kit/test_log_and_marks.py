"""What a card table tells after the others' turns, played headless with the real rules: the whole
log kept beyond the few entries a view carries, what happened since the shown seat's own last move
told apart (in the log and by a lighter frame on the table), the answer to a touch placed where it
hides nothing, and the move list naming the cards a Stone Soup play adds."""

from __future__ import annotations

import pygame
import pytest

from soupkitchen.client.tables.kit.board import SMALL
from soupkitchen.client.tables.kit.panels import history_rect
from soupkitchen.client.ui import coverage
from soupkitchen.client.ui.input import InputAction
from tests.tables.fake_session import FakeSession
from tests.tables.harness import click, make_table, play_by_clicks, render

GAMES = {"pink-soup": 3, "stone-soup": 3, "pot-pourri": 1}


def played(game: str, moves: int = 60):
    """Seat 0's table after ``moves`` moves of every seat's bot, seen move by move as a table does."""
    session = FakeSession(game, 4, 0, seed=GAMES[game])
    app, scene = make_table(session)
    bots = {s: session.game.make_bot(s, 100 + s) for s in range(4)}
    for i in range(moves):
        movers = [s for s in range(4) if session.game.legal_actions(session.state, s)]
        if session.over or not movers:
            break
        session.apply(movers[0], bots[movers[0]].choose(session.game.view(session.state, movers[0]), i))
        render(app, scene, float(i))
    return session, app, scene


@pytest.mark.parametrize("game", list(GAMES))
def test_the_log_keeps_every_entry_seen_not_only_the_views_last_few(game):
    session, app, scene = played(game)
    view = session.view(0)
    numbers = [number for number, _words in scene.history(view)]
    assert len(view["log"]) < len(numbers)  # more than the view carries
    assert numbers == list(range(numbers[0], numbers[-1] + 1))  # none missing, in order
    assert numbers[-1] == view["log_first"] + len(view["log"]) - 1  # up to the newest


def test_what_the_others_did_since_your_own_last_move_is_told_apart_in_the_log_and_on_the_table():
    session = FakeSession("pink-soup", 4, 0, seed=3)
    session.bots_play()  # up to seat 0's first turn
    app, scene = make_table(session)
    render(app, scene, 0.0)
    draw = next(a for a in session.view(0)["legal_actions"] if a["type"] == "draw")
    play_by_clicks(app, scene, draw, 1.0)
    while session.view(0)["turn"] == 0:  # seat 0 ends its turn
        render(app, scene, 2.0)
        action = session.view(0)["legal_actions"][0]
        assert play_by_clicks(app, scene, action, 2.0), action
        app.settle()
    render(app, scene, 3.0)
    own = scene.log_book.last_own(0)
    assert own is not None and scene.describe()["since_own_move"] == []  # nothing new yet
    for step in range(6):  # the others' turns, one view at a time
        mover = next(s for s in range(4) if session.game.legal_actions(session.state, s))
        if mover == 0:
            break
        session.apply(mover, session.game.legal_actions(session.state, mover)[0])
        render(app, scene, 4.0 + step)
    news, moved = scene.history_news()
    assert moved and news == own + 1
    words = [text for number, text in scene.history(session.view(0)) if number >= news]
    assert words and not any(text.startswith("Ada ") for text in words)  # only the others' moves
    assert set(scene.describe()["last_move"]) <= set(scene.describe()["since_own_move"])
    assert len(scene.describe()["since_own_move"]) > len(scene.describe()["last_move"])  # more than the last
    with coverage.capture() as drawn:
        render(app, scene, 20.0)
    lines = [event[2] for event in drawn if event[0] == "note"]
    assert "Since your last move:" in lines


def test_the_mouse_wheel_over_the_log_reads_back_and_the_newest_comes_again():
    session, app, scene = played("stone-soup", 120)
    render(app, scene, 200.0)
    assert scene.log_most > 0  # more than fits
    box = history_rect(scene.board, scene.moves_open, scene.side_room())
    scene.handle(InputAction("point", "mouse", pos=box.center))
    scene.handle(InputAction("scroll", "mouse", dy=-2))  # up: earlier lines
    assert scene.log_scroll == 6
    with coverage.capture() as drawn:
        render(app, scene, 201.0)
    assert any("later" in event[2] for event in drawn if event[0] == "note")
    shown = [event[1] for event in drawn if event[0] == "note" and box.contains(event[1])]
    line = scene.board.font(SMALL).get_linesize()
    assert max(rect.bottom for rect in shown) >= box.bottom - 5 * line  # read back, the log fills its panel
    scene.handle(InputAction("scroll", "mouse", dy=50))
    assert scene.log_scroll == 0


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_the_answer_to_a_touch_sits_beside_it_and_hides_nothing_the_table_shows(size):
    session = FakeSession("pink-soup", 4, 0, seed=3)
    session.bots_play()
    app, scene = make_table(session, size)
    render(app, scene, 0.0)
    removed = scene.thing("removed")  # not usable on this turn
    click(app, scene, removed.rect.center)
    assert scene.answer is not None and scene.answer.words.startswith("Not that now")
    coverage.begin_frame()
    surface = render(app, scene, 0.5)
    covers = [cover for cover in coverage._frame.covers if cover.name == "the answer to a touch"]
    coverage.end_frame()
    box = covers[0].rect
    assert pygame.Rect((0, 0), size).contains(box)
    hidden = [
        mark.label
        for mark in coverage._frame.marks
        if mark.order < covers[0].order and coverage.lies_over(box, mark.rect)
    ]
    assert hidden == []
    assert abs(box.centerx - removed.rect.centerx) + abs(box.centery - removed.rect.centery) < size[0] // 3
    assert surface is not None
    click(app, scene, scene.thing("deck").rect.center)  # the next touch: the answer goes
    assert scene.answer is None


def test_the_stone_soup_move_list_says_which_cards_each_play_adds():
    session = FakeSession("stone-soup", 4, 0, seed=3)
    session.bots_play(until=lambda v: v["turn"] == 0 and v["phase"] == "play")
    app, scene = make_table(session)
    render(app, scene, 0.0)
    rows = scene.moves.rows
    plays = [row for row in rows if row.startswith("Add ")]
    assert plays and all(", say " in row for row in plays)
    assert len(set(plays)) == len(plays)  # no two rows read the same
