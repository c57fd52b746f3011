"""Idle costs nothing: the window is drawn only when something changed (input, a server's news, an
animation, a toast, the countdown's next second), on an injected clock."""

from __future__ import annotations

import pygame

from soupkitchen.client import app as app_module
from soupkitchen.client.net.session import TableSession
from soupkitchen.client.scenes.menus import SettingsScene
from soupkitchen.client.scenes.title import STEAM_FPS, TitleScene


def run_for(app, seconds: float) -> int:
    """Frames of the real loop's kind (draw only when needed) for ``seconds``; how many were drawn."""
    drawn = 0
    for _ in range(round(seconds * 60)):
        app.clock.t += 1 / 60
        drawn += app.step(app.clock.t, draw=None)
    return drawn


def test_a_still_screen_is_drawn_about_once_a_second(app):
    app.stack.push(SettingsScene(app))
    run_for(app, 2.0)  # the first frames after opening
    assert run_for(app, 10.0) <= 11  # the heartbeat only, not 600 frames
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(5, 5), rel=(1, 1), buttons=(0, 0, 0)))
    assert run_for(app, 0.5) == 30  # input: every frame again for a moment
    app.toast("Saved")
    assert run_for(app, 2.0) >= 60  # a toast appears
    assert run_for(app, 2.5) >= 30  # and is drawn away when it ends (4 s)


def test_the_title_steam_moves_gently(app):
    app.stack.push(TitleScene(app))
    run_for(app, 2.0)
    assert run_for(app, 4.0) <= STEAM_FPS * 4 + 2


def test_news_from_the_server_and_the_countdown_redraw(app, kit):
    conn = kit.FakeConnection()
    app.conn = conn
    session = TableSession(
        conn, kit.summary(game="tomato-soup", title="Tomato Soup", started=True), {0: "tok"}, clock=app.clock
    )
    conn.sessions["t1"] = session
    app.stack.push(SettingsScene(app))
    run_for(app, 2.0)
    assert run_for(app, 3.0) <= 4
    session.receive_state(
        {
            "table": "t1",
            "seat": 0,
            "state_id": 1,
            "events": [],
            "deadline": None,
            "server_time": 0.0,
            "paused": False,
            "snapshot": False,
            "view": {"seat": 0, "legal_actions": [], "active_seats": [], "over": False},
        }
    )
    assert run_for(app, 0.5) == 30  # a new state: drawn at once, then for a moment
    session.deadline = app.clock.t + 100.0  # a countdown on screen: one draw a second at least
    session.remaining = lambda now: session.deadline - now
    scene = app.stack.top
    scene.session = session
    run_for(app, 2.0)
    assert 3 <= run_for(app, 3.0) <= 7


def test_the_loop_polls_less_at_rest():
    assert app_module.IDLE_POLL < app_module.FPS
