"""The tree costs a frame only when the table changed: a frame in which nothing a reader reads
changed builds no tree, and a move rebuilds only the zones it touched (the others are the very
nodes built before). Counted, never timed."""

from __future__ import annotations

from soupkitchen.client.access.adapter import Recorder
from soupkitchen.client.access.table import clock_face
from soupkitchen.client.app import App
from soupkitchen.client.settings import Settings
from soupkitchen.client.tables import table_scene_for
from soupkitchen.client.ui.input import InputAction
from tests.tables.fake_session import FakeSession


def table_app(game: str = "too-many-cooks") -> tuple[App, FakeSession]:
    session = FakeSession(game, players=3, seat=0)
    app = App(Settings(), size=(1280, 720), fullscreen=False, clock=lambda: session.now)
    app.access.adapter = Recorder(listening=True)
    app.stack.open("title")
    app.stack.push(table_scene_for(game)(app, session))
    app.step(session.now)
    return app, session


def test_a_frame_in_which_nothing_changed_builds_no_tree():
    app, session = table_app()
    session.everyone_ready()
    app.step(session.now)
    built, pushed = app.access.builds, app.access.adapter.pushes
    for _ in range(30):  # half a second of frames, the pointer sweeping the board
        app.dispatch(InputAction("point", "mouse", pos=(400 + _ * 10, 300)))
        app.step(session.now)
    assert app.access.builds == built, "frames with nothing new rebuilt the tree"
    assert app.access.adapter.pushes == pushed
    session.now += 1.0  # the timer's face moves on: only its node is sent again
    app.step(session.now)
    assert app.access.builds == built and app.access.adapter.pushes == pushed + 1
    assert app.access.root.find("timer").value == clock_face(session.remaining(session.now))
    session.bots_play()
    app.step(session.now)
    assert app.access.builds == built + 1, "a new state: the tree is built once"


def swap(session: FakeSession, seat: int) -> dict:
    """``seat`` swaps a soup card (its first legal swap)."""
    action = next(a for a in session.game.legal_actions(session.state, seat) if a["type"] == "change")
    session.apply(seat, action)
    return action


def test_a_move_rebuilds_only_the_zones_it_changed():
    app, session = table_app()
    session.everyone_ready()
    session.bots_play()
    swap(session, 0)  # my move: the next one is another chef's, while my swaps are not offered
    app.step(session.now)
    before = {node.id: node for node in app.access.root.walk()}
    theirs = swap(session, session.game.view(session.state, 0)["turn"])
    app.step(session.now)
    after = {node.id: node for node in app.access.root.walk()}
    swapped = f"soup.r{theirs['row']}c{theirs['col']}"
    assert after[swapped] is not before[swapped] and after[swapped].name != before[swapped].name
    untouched = [f"soup.r{r}c{c}" for r in range(4) for c in range(4) if f"soup.r{r}c{c}" != swapped]
    assert all(after[cell] is before[cell] for cell in untouched), (
        "unchanged cards are the cells built before"
    )
    assert after["tastes.mine"] is before["tastes.mine"], "my tastes, untouched, are the nodes built before"
    assert after["log"] is not before["log"], "the round log tells the swap"
