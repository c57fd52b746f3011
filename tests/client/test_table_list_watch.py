"""The list of open tables updates itself: while it is on screen the connection watches it
(``watch_tables``), each ``tables_changed`` push has the list asked for again (at most every half
second), and only a server without that push is asked on a timer; covered or left, the screen
watches no more. Against a scripted server, then a real one (a reconnection watches again)."""

from __future__ import annotations

import asyncio

import pytest

from soupkitchen.client.net.connection import Connection
from soupkitchen.client.scenes import join
from soupkitchen.client.scenes.join import TablesScene
from soupkitchen.server.embedded import EmbeddedServer

UNKNOWN = {"ok": False, "error": {"code": "unknown_event", "message": "unknown request 'watch_tables'"}}


def frames(app, kit, seconds: float, step: float = 0.05) -> None:
    """Run the app's frames for ``seconds`` of its clock (each frame's tasks run in the loop's next round)."""
    for _ in range(round(seconds / step)):
        app.clock.t += step
        app.step(app.clock.t)


async def run(app, kit, seconds: float) -> None:
    for _ in range(round(seconds / 0.05)):
        frames(app, kit, 0.05)
        await asyncio.sleep(0)  # the tasks the frame spawned (scripted answers: no waiting)
        await asyncio.sleep(0)


async def test_a_server_that_pushes_is_asked_again_only_when_the_list_changed(app, kit):
    conn = kit.FakeConnection()
    conn.replies["list_tables"] = {"ok": True, "tables": [kit.summary()]}
    scene = app.stack.push(TablesScene(app, conn))
    await run(app, kit, 0.2)
    assert conn.events("watch_tables") == [{"on": True}] and len(conn.events("list_tables")) == 1
    assert scene.pushed and len(scene.tables) == 1
    await run(app, kit, 10.0)
    assert len(conn.events("list_tables")) == 1, "no asking on a timer while the server pushes"
    for _ in range(3):  # a burst of pushes
        conn.tables_changed()
    await run(app, kit, 0.1)
    assert len(conn.events("list_tables")) == 2, "one ask for the burst, at once"
    conn.tables_changed()
    await run(app, kit, 0.2)
    assert len(conn.events("list_tables")) == 2, "not again within half a second"
    await run(app, kit, 0.3)
    assert len(conn.events("list_tables")) == 3
    await run(app, kit, 1.0)
    assert len(conn.events("list_tables")) == 3
    await run(app, kit, join.REFRESH_WATCHED)
    assert len(conn.events("list_tables")) == 4, "and now and then all the same, in case a push was lost"


async def test_a_server_without_the_push_is_asked_every_few_seconds(app, kit):
    conn = kit.FakeConnection()
    conn.replies["watch_tables"] = UNKNOWN
    conn.replies["list_tables"] = {"ok": True, "tables": []}
    scene = app.stack.push(TablesScene(app, conn))
    await run(app, kit, 0.2)
    assert not scene.pushed and not app.toasts, "an older server is no error"
    await run(app, kit, 3 * join.REFRESH_TABLES)
    assert 3 <= len(conn.events("list_tables")) <= 4


async def test_covered_or_left_the_screen_watches_no_more(app, kit):
    conn = kit.FakeConnection()
    conn.replies["list_tables"] = {"ok": True, "tables": []}
    scene = app.stack.push(TablesScene(app, conn))
    await run(app, kit, 0.2)
    assert conn.tables_listeners == [scene._changed]
    app.stack.open("title")  # another screen on top
    await run(app, kit, 0.2)
    assert conn.events("watch_tables") == [{"on": True}, {"on": False}] and conn.tables_listeners == []
    asked = len(conn.events("list_tables"))
    conn.tables_changed()
    await run(app, kit, 1.0)
    assert len(conn.events("list_tables")) == asked
    app.stack.pop()  # back to the list: watched again, and asked for at once
    await run(app, kit, 0.2)
    assert conn.events("watch_tables")[-1] == {"on": True} and len(conn.events("list_tables")) == asked + 1
    app.stack.remove(scene)
    await run(app, kit, 0.2)
    assert conn.events("watch_tables")[-1] == {"on": False} and conn.tables_listeners == []


@pytest.fixture
async def served(tmp_path):
    srv = EmbeddedServer(tmp_path / "server.sqlite3", bot_delay=0.01)
    await srv.start()
    yield srv
    await srv.stop()


async def until(check, seconds: float = 10.0) -> None:
    loop = asyncio.get_running_loop()
    end = loop.time() + seconds
    while not check():
        assert loop.time() < end, "timed out"
        await asyncio.sleep(0.02)  # real time: the server's pushes


async def quiet(served, conn: Connection) -> None:
    """Once the server has made every ``tables_changed`` push it had to make and ``conn`` has heard
    them all (the server queues a push ahead of the answer to any later request): a push that has
    not come by then was never made."""
    watch = served.hub.watch
    await until(
        lambda: not watch.dirty and watch.due is None and (watch.sending is None or watch.sending.done())
    )
    await conn.sync_time()


async def test_a_connection_watches_again_after_it_reconnects(served):
    host, watcher = Connection(served.url), Connection(served.url)
    await host.connect()
    await watcher.connect()
    told: list[int] = []
    watcher.tables_listeners.append(lambda: told.append(1))
    try:
        assert await watcher.watch_tables(True)
        await host.request("create_table", {"game": "stone-soup", "seats": 2, "name": "Ann"})
        await until(lambda: told)
        await watcher.drop_for_test()
        await until(lambda: len(told) >= 2 and watcher.connected)  # back: watching again, and told
        await quiet(served, watcher)  # the first table's push has come, if it was to come
        before = len(told)
        await host.request("create_table", {"game": "stone-soup", "seats": 2, "name": "Bo"})
        await until(lambda: len(told) > before)
        await watcher.watch_tables(False)  # stopped: no more pushes
        await quiet(served, watcher)
        before, signals = len(told), served.hub.watch.signals
        await host.request("create_table", {"game": "stone-soup", "seats": 2, "name": "Cy"})
        await until(lambda: served.hub.watch.signals > signals)  # the push was made, to the others
        await quiet(served, watcher)
        assert len(told) == before
    finally:
        await host.close()
        await watcher.close()


async def test_a_server_older_than_the_push_is_said_so(tmp_path, monkeypatch):
    from soupkitchen.server.net.guard import JsonPacket

    admitting = JsonPacket.admitting.__func__
    monkeypatch.setattr(
        JsonPacket,
        "admitting",
        classmethod(lambda cls, events: admitting(cls, set(events) - {"watch_tables"})),
    )
    srv = EmbeddedServer(tmp_path / "server.sqlite3")
    await srv.start()
    conn = Connection(srv.url)
    try:
        await conn.connect()
        assert not await conn.watch_tables(True) and not conn.watching_tables
    finally:
        await conn.close()
        await srv.stop()


async def test_the_open_tables_screen_shows_a_new_table_without_being_asked(app, kit, served):
    conn, host = Connection(served.url), Connection(served.url)
    await conn.connect()
    await host.connect()
    try:
        scene = app.stack.push(TablesScene(app, conn))
        await kit.settle(app, lambda: scene.pushed, timeout=10)
        assert scene.tables == []
        await host.request("create_table", {"game": "stone-soup", "seats": 3, "name": "Ann"})
        await kit.settle(app, lambda: len(scene.tables) == 1, timeout=10)
        assert "Ann" in scene.describe()["widgets"][0]
    finally:
        await host.close()
        await conn.close()
