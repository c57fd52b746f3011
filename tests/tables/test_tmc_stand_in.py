"""A player whose seat a bot kept while their connection was down hears "you are back" when the
client reconnects by itself and takes the seat back (a real embedded server, grace 0)."""

from __future__ import annotations

import pygame

from soupkitchen.client.app import App
from soupkitchen.client.net import ways_in
from soupkitchen.client.settings import Settings
from soupkitchen.client.tables.too_many_cooks.scene import TooManyCooksTable
from soupkitchen.server.embedded import EmbeddedServer
from tests.tables.harness import Clock, run_apps


async def test_a_player_back_from_a_dropped_link_takes_the_seat_back_from_the_bot(tmp_path, monkeypatch):
    monkeypatch.setattr(ways_in, "data_dir", lambda: tmp_path / "data")
    app = App(
        Settings(path=tmp_path / "s.json", bot_speed="relaxed"),
        size=(1280, 720),
        fullscreen=False,
        clock=Clock(),
    )
    server = EmbeddedServer(tmp_path / "s.sqlite3", grace=0.0)  # a bot stands in the moment a player goes
    await server.start()
    server.lan = False
    app.server = server
    try:
        session = await ways_in.play_local(app, "too-many-cooks", {}, players=2)
        table = app.stack.push(TooManyCooksTable(app, session))
        await run_apps([app], lambda: session.view(0) is not None)
        hub_table = server.hub.tables[session.table["id"]]
        await session.conn.drop_for_test()  # the link fails; the client reconnects
        await run_apps([app], lambda: server.hub.stands_in(hub_table, 0) or session.connected)
        await run_apps(
            [app],
            lambda: (
                session.connected
                and not server.hub.stands_in(hub_table, 0)
                and any("You are back" in t.message for t in app.toasts)
            ),
        )
        assert [t.message for t in app.toasts if "You are back" in t.message] == [
            "You are back: the bot has given your seat back."
        ]
        assert table.frame().seat_notes == {}
    finally:
        await app.shutdown()
        pygame.display.quit()
