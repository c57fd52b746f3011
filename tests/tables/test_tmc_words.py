"""Every word the Too Many Cooks table says above its pot fits there whole at 1280x720, in English,
German and Lithuanian: the key hints for the keyboard and a pad in every state, the notices (you must
pass, the clock runs on your turn) and a learner's hints; and the round's log entries fit their
rows in the narrowest log (six chefs)."""

from __future__ import annotations

import pygame
import pytest

from soupkitchen.client import words
from soupkitchen.client.howto import guide
from soupkitchen.client.tables.too_many_cooks.paint import Painter
from soupkitchen.client.tables.too_many_cooks.panels import Notice, draw_notice, hint_line
from soupkitchen.client.tables.too_many_cooks.story import draw_log
from soupkitchen.client.ui.textfit import clipped_labels, reset_clipped
from soupkitchen.shared.too_many_cooks import GAME
from tests.tables.fake_session import FakeSession
from tests.tables.harness import make_table, render

HINTS = (
    "Read your tastes on the left: the shared ones and your secret ones. Then press Ready.",
    "Another chef is cooking. The faces by each name show whose secret tastes are happy.",
    "Every taste you can read is happy: press Pass. You sit out unless someone breaks one.",
    "Your turn: change a card. Click it, then a spare ringed in green (same vegetable or same colour).",
    "Your turn. You may also slide a row or column one place: click an arrow on the pot's rim.",
    "Every taste is shown. All happy earns a star; two or more unhappy lose one.",
)


@pytest.fixture
def speaking(catalogs):
    yield words.install
    words.install("en")


@pytest.mark.parametrize("language", ["en", "de", "lt"])
def test_what_the_notice_above_the_pot_says_fits_whole_at_720p(language, speaking):
    speaking(language)
    session = FakeSession("too-many-cooks", players=6, seat=0, seed=7)
    app, scene = make_table(session, (1280, 720))
    session.everyone_ready()
    render(app, scene, 1.0)
    frame = scene.frame()
    p = Painter(pygame.Surface((1280, 720)), scene.table_layout, 1.0)
    said = [
        hint_line(frame, focus, picked, listed)
        for focus in (None, "log")
        for picked in (False, True)
        for listed in (False, True)
    ]
    frame.pad = True
    said += [
        hint_line(frame, focus, picked, listed)
        for focus in (None, "log")
        for picked in (False, True)
        for listed in (False, True)
    ]
    frame.model.view["turn"] = 0
    said += [hint_line(frame, None, False)]
    reset_clipped()
    for words_said in said:
        draw_notice(p, frame, Notice("keys", words=words_said))
    for hint in HINTS:
        draw_notice(p, frame, Notice("hint", words=words._(hint), foot=words._(guide.TURN_OFF)))
        draw_notice(p, frame, Notice("ready", words=words._(hint)))  # before a round, under its title
    draw_notice(
        p,
        frame,
        Notice(
            "must_pass",
            words._("All your tastes are satisfied: you pass"),
            words._(
                "Until a move unsatisfies one: the rules say a satisfied chef must pass. "
                "Press Pass (P, or Y on a pad); you may still react."
            ),
        ),
    )
    assert not clipped_labels()


@pytest.mark.parametrize("language", ["de", "lt"])
def test_the_log_of_six_chefs_tells_every_entry_whole(language, speaking):
    speaking(language)
    session = FakeSession("too-many-cooks", players=6, seat=0, seed=7)
    app, scene = make_table(session, (1280, 720))
    session.everyone_ready()
    for i in range(8):
        seat = GAME.view(session.state, 0)["turn"]
        legal = GAME.legal_actions(session.state, seat)
        session.apply(
            seat, next((a for a in legal if a["type"] == ("rotate" if i % 2 else "change")), legal[0])
        )
        session.react((seat + 1) % 6, "disgusting")
        render(app, scene, session.now)
    reset_clipped()
    p = Painter(pygame.Surface((1280, 720)), scene.table_layout, session.now)
    draw_log(
        p, scene.frame(), scene.table_layout.log(6), scene.story.summary(0), scene.story.own_last(0), False
    )
    assert not clipped_labels()
