"""The Too Many Cooks table against the real embedded server and bots: ready up, then change a
card and rotate a line with injected input, and see the server's views come back."""

from __future__ import annotations

import asyncio

import pygame
import pytest

from client import modes
from client.app import App
from client.input import InputAction
from client.settings import Settings
from client.tables.too_many_cooks import TooManyCooksTable

pytest.importorskip("server.embedded")


class Clock:
    def __init__(self) -> None:
        self.t = 1000.0

    def __call__(self) -> float:
        return self.t


@pytest.fixture
def app(tmp_path, monkeypatch):
    monkeypatch.setattr(modes, "data_dir", lambda: tmp_path / "data")
    settings = Settings(path=tmp_path / "settings.json", bot_speed="fast")
    application = App(settings, size=(1280, 720), fullscreen=False, clock=Clock())
    yield application
    pygame.display.quit()


async def settle(app: App, until, timeout: float = 15.0, session=None) -> None:
    loop = asyncio.get_running_loop()
    end = loop.time() + timeout
    while loop.time() < end:
        app.clock.t += 1 / 60
        app.step(app.clock.t)
        await asyncio.sleep(0.005)
        if until():
            return
    view = session.view(0) if session is not None else {}
    raise AssertionError(f"timed out waiting for the table; toasts: {[t.message for t in app.toasts]}; "
                         f"phase {view.get('phase')}, turn {view.get('turn')}, chefs {view.get('chefs')}")


async def test_a_round_against_the_embedded_server(app):
    session = await modes.play_local(app, "too-many-cooks", {"difficulty": "easy"}, players=3)
    try:
        table = TooManyCooksTable(app, session)
        app.stack.push(table)
        await settle(app, lambda: session.view(0) is not None)
        assert table.describe()["phase"] == "ready"
        assert len(session.view(0)["my_tastes"]) == 2
        app.dispatch(InputAction("select"))                       # Ready: the bots are ready already
        await settle(app, lambda: session.view(0)["phase"] == "playing")
        assert session.remaining(app.clock.t) is not None

        moves = 0
        while moves < 2:
            await settle(app, lambda: table.model.my_turn or table.model.must_pass or table.model.ready_action,
                         timeout=30, session=session)
            before = session.view(0)["soup"]
            if table.model.ready_action:                           # every chef passed: on to the next round
                app.dispatch(InputAction("select"))
                await settle(app, lambda: not table.model.ready_action, session=session)
                continue
            if table.model.must_pass:
                app.dispatch(InputAction("pass"))
                await settle(app, lambda: not table.model.my_turn, timeout=10)
                continue
            if moves == 0:                                         # change the card top left
                app.dispatch(InputAction("select"))
                offered = table.describe()["candidates"]
                assert offered
                app.dispatch(InputAction("select"))
                await settle(app, lambda b=before: session.view(0)["soup"][0][0] != b[0][0] or not table.model.my_turn)
                assert table.sent[-1] == offered[0]
                assert session.view(0)["soup"][0][0] == {"veg": offered[0]["veg"], "colour": offered[0]["colour"]} \
                    or session.view(0)["round"] > 1
            else:                                                  # rotate row 0 east with a shoulder button
                app.dispatch(InputAction("rotate_right", "pad:0"))
                await settle(app, lambda b=before: session.view(0)["soup"] != b or not table.model.my_turn)
                assert table.sent[-1] == {"type": "rotate", "line": "row", "index": 0, "step": 1}
            moves += 1
        assert [t.message for t in app.toasts if t.kind == "error"] == []
    finally:
        await modes.leave_table(app, session)
        await modes.disconnect(app)
        await modes.stop_embedded(app)


async def test_couch_play_hides_tastes_until_the_chef_takes_the_controls(app):
    session = await modes.play_local(app, "too-many-cooks", {}, players=3, local_players=2)
    try:
        table = TooManyCooksTable(app, session)
        app.stack.push(table)
        await settle(app, lambda: all(session.view(s) is not None for s in session.seats_held))
        await settle(app, lambda: session.handoff_seat is not None or session.shown_seat is not None)
        if session.shown_seat is not None:
            session.request_handoff(session.seats_held[0])
        assert session.shown_seat is None
        view = table.current_view()
        assert not view.get("my_tastes") and view["legal_actions"] == []
        app.step(app.clock.t)                                      # drawn from the public view
        waiting = session.handoff_seat
        session.confirm_handoff()
        assert session.shown_seat == waiting
        assert len(table.current_view()["my_tastes"]) == 2
        app.step(app.clock.t)
    finally:
        await modes.leave_table(app, session)
        await modes.disconnect(app)
        await modes.stop_embedded(app)
