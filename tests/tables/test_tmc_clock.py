"""A clock that tells the truth, on injected time: while the server cannot be reached the round goes
on there, so the timer counts on and the table says so; it is exact again after the reconnection; a
round everyone passed shows the time that was left; a server stopped (or crashed) and restarted
resumes the round with the time that was left."""

from __future__ import annotations

import pytest

from soupkitchen.client.tables.too_many_cooks.panels import status_lines
from soupkitchen.server.embedded import EmbeddedServer
from tests.server.server_testkit import Client
from tests.tables.fake_session import FakeSession
from tests.tables.harness import Clock, make_table, render
from tests.too_many_cooks.conftest import playing, soup_of, with_soup, with_tastes


def test_while_the_server_cannot_be_reached_the_timer_shows_the_time_the_server_will_have():
    session = FakeSession("too-many-cooks", players=3, seat=0)
    app, scene = make_table(session, (1280, 720))
    session.everyone_ready()
    session.now = 20.0
    render(app, scene, session.now)
    assert scene.frame().remaining == 280

    session.connected = False  # the link drops at 0:20 into the round
    for session.now, left in ((25.0, 275), (48.0, 252)):
        render(app, scene, session.now)
        frame = scene.frame()
        assert frame.remaining == left and frame.reconnecting  # the server's clock runs on
        title, words = status_lines(frame)
        assert title == "Reconnecting..."
        assert words == f"The round goes on meanwhile: about 4:{left - 240:02d} left on the server."

    session.connected = True  # back, but no state has come over the new link yet
    session.now = 50.0
    render(app, scene, session.now)
    assert scene.frame().remaining == 250 and scene.frame().reconnecting
    session.push()  # the snapshot: the server's deadline is the truth
    frame = scene.frame()
    assert frame.remaining == 250 and not frame.reconnecting


def test_a_round_every_chef_passed_shows_the_time_that_was_left():
    session = FakeSession("too-many-cooks", players=2, seat=0)
    happy = with_soup(playing(2), soup_of("pea/green", {(0, 0): "carrot/red"})).with_(turn=1)
    session.state = with_tastes(happy, [("E05", 0), ("E04", 1)])  # every chef's tastes are met
    app, scene = make_table(session, (1280, 720))
    session.now = 95.5
    session.apply(1, {"type": "pass"})
    events = session.apply(0, {"type": "pass"})
    assert {"type": "all_passed", "round": 1, "seconds_left": 204.5} in events
    session.now = 120.0  # the reveal is read for a while
    render(app, scene, session.now)
    assert scene.model.phase == "reveal"
    assert scene.frame().remaining == 204.5  # the dial shows 3:25, not 0:00


async def start_round(db, clock: Clock) -> tuple[EmbeddedServer, Client, str, str]:
    """A server on ``clock`` with a two-chef table (a person and a bot) whose round has started."""
    server = EmbeddedServer(db, bot_delay=0.0, clock=clock)
    await server.start()
    ada = await Client(server.url).connect()
    made = await ada.ok("create_table", {"game": "too-many-cooks", "options": {}, "seats": 2, "name": "Ada"})
    table, token = made["table"]["id"], made["token"]
    await ada.ok("start", {"token": token})
    await ada.wait_for(lambda: (ada.latest(0) or {}).get("state_id") == 1)  # the bot is ready at once
    await ada.ok("act", {"token": token, "state_id": ada.latest(0)["state_id"], "action": {"type": "ready"}})
    await ada.wait_for(lambda: (ada.latest(0) or {}).get("view", {}).get("phase") == "playing")
    return server, ada, table, token


async def time_left_after_restart(db, token: str, clock: Clock) -> float:
    """Restart a server on ``db`` (at another zero of the monotonic clock) and read the round's time
    left from the state a returning player is sent."""
    server = EmbeddedServer(db, bot_delay=0.0, clock=clock)
    await server.start()
    try:
        ada = await Client(server.url).connect()
        await ada.ok("resume", {"token": token})
        push = await ada.wait_for(lambda: ada.latest(0))
        await ada.close()
        return push["deadline"] - push["server_time"]
    finally:
        await server.stop()


async def test_a_graceful_stop_records_the_moment_and_the_round_resumes_with_the_time_left(tmp_path):
    clock = Clock(1000.0)
    db = tmp_path / "server.sqlite3"
    server, ada, _table, token = await start_round(db, clock)
    started = ada.latest(0)
    assert started["deadline"] - started["server_time"] == 300
    clock.t += 100.0  # 100 s of the round pass with no move
    await ada.close()
    await server.stop()
    assert await time_left_after_restart(db, token, Clock(50.0)) == pytest.approx(200.0)


async def test_a_crash_loses_at_most_the_time_since_the_last_heartbeat(tmp_path):
    clock = Clock(1000.0)
    db = tmp_path / "server.sqlite3"
    server, ada, _table, token = await start_round(db, clock)
    try:
        clock.t += 60.0
        server.hub.record_clocks()  # the heartbeat, once a second
        clock.t += 0.9  # ... and the process dies before the next one
        left = await time_left_after_restart(db, token, Clock(50.0))  # a new process, the same record
        assert 240.0 - 1.0 < left <= 240.0
    finally:
        await ada.close()
        await server.stop()
