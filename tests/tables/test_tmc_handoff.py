"""Couch play: the hand-off screen tells the next chef what happened since they last looked."""

from __future__ import annotations

import pygame

from soupkitchen.client.app import App
from soupkitchen.client.scenes.handoff import HandoffScene
from soupkitchen.client.settings import Settings
from soupkitchen.client.tables.too_many_cooks.scene import TooManyCooksTable
from soupkitchen.shared.too_many_cooks import GAME
from tests.tables.fake_session import FakeSession


def test_the_hand_off_screen_says_what_happened_since_that_chef_last_looked(tmp_path):
    session = FakeSession("too-many-cooks", players=3, seat=0)
    session.seats_held = [0, 2]  # Ada and Cleo share the screen; Bert plays elsewhere
    session.handoff_seat = None
    app = App(Settings(path=tmp_path / "s.json"), size=(1280, 720), fullscreen=False)
    table = app.stack.push(TooManyCooksTable(app, session))
    session.everyone_ready()
    session.shown_seat = 2  # Cleo looks at the table
    session.looked = {2}
    table.draw(app.screen)
    session.shown_seat = 0  # then Ada has the controls while three moves are made
    words = []
    for _ in range(3):
        seat = GAME.view(session.state, 0)["turn"]
        action = next(a for a in GAME.legal_actions(session.state, seat) if a["type"] in ("rotate", "pass"))
        session.apply(seat, action)
        words.append(table.story.entries[-1].words(session.seat_name))
        table.draw(app.screen)

    session.shown_seat, session.handoff_seat = None, 2
    handoff = app.stack.push(HandoffScene(app, session))
    recap = handoff.recap()
    assert [line.split(". ")[0] for line in recap] == words  # every move, oldest first
    assert not handoff.first_look
    handoff.draw(app.screen)
    pygame.image.save(app.screen, str(tmp_path / "handoff.png"))
    session.handoff_seat = 0
    assert HandoffScene(app, session).recap() == []  # Ada saw them all
    pygame.display.quit()
