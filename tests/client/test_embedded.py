"""The client against the real embedded server: solo play from the title screen, leaving and resuming,
and surviving a dropped connection without losing the seat."""

from __future__ import annotations

import asyncio

import pytest

from soupkitchen.client.net import ways_in
from soupkitchen.client.scenes.title import TitleScene
from soupkitchen.client.tables.base import TableScene


async def test_solo_from_the_title_into_a_table_out_and_back(app, kit):
    app.settings.bot_speed = "fast"
    app.stack.push(TitleScene(app))
    try:
        app.step(0.0)
        kit.press(app, "select")  # Play solo
        setup = app.stack.top
        assert setup.name == "setup"
        setup.form.focus_on("game")
        while setup.game["id"] != "stone-soup":
            kit.press(app, "navigate", dx=1)
        setup.form.focus_on("start")
        kit.press(app, "select")
        await kit.settle(
            app, lambda: isinstance(app.stack.top, TableScene) and app.stack.top.session.views, timeout=20
        )
        table = app.stack.top
        session = table.session
        assert session.game_id == "stone-soup" and session.seats_held == [0]
        assert session.view(0)["seat"] == 0
        assert [s["bot"] for s in session.table["seats"]] == [False, True, True, True]
        played = session.state_id
        # Either the bots cook on, or it is our turn: then play the first legal move from the list.
        await kit.settle(
            app, lambda: session.state_id > played or session.view(0)["legal_actions"], timeout=20
        )
        if session.state_id == played:
            kit.press(app, "alt")  # the table's list of moves
            kit.press(app, "navigate", dy=-1)  # a row chosen (the last: a whole move), then played
            kit.press(app, "select")
            await kit.settle(app, lambda: session.state_id > played, timeout=20)

        for _ in range(2):  # Esc closes the list of moves, if open,
            kit.press(app, "back")  # then opens the pause menu
            if app.stack.top.name == "pause":
                break
        menu = app.stack.top
        assert menu.name == "pause"
        menu.form.focus_on("leave")
        kit.press(app, "select")  # Save and leave
        await kit.settle(
            app, lambda: app.server is None and isinstance(app.stack.top, TitleScene), timeout=10
        )
        assert app.stack.top.describe()["focused"].startswith("[Stone Soup")  # the unfinished games

        kit.press(app, "select")  # Resume
        await kit.settle(
            app, lambda: isinstance(app.stack.top, TableScene) and app.stack.top.session.views, timeout=20
        )
        resumed = app.stack.top.session
        assert resumed.table["id"] == session.table["id"]
        assert resumed.state_id >= played
    finally:
        await app.shutdown()


async def test_a_dropped_connection_reconnects_and_restores_the_seat(app, kit):
    app.settings.bot_speed = "slow"
    try:
        session = await ways_in.play_local(app, "stone-soup", {}, 3)
        await kit.settle(app, lambda: session.views, timeout=10)
        token, before = session.tokens[0], session.state_id
        session.views.clear()
        await app.conn.drop_for_test()
        await kit.settle(app, lambda: not app.conn.connected, timeout=5)
        await kit.settle(app, lambda: app.conn.connected and session.views, timeout=15)
        assert session.tokens[0] == token
        assert session.view(0)["seat"] == 0 and session.state_id >= before
        assert "Reconnected. Your seat is back." in [t.message for t in app.toasts]
    finally:
        await app.shutdown()


async def test_server_errors_arrive_in_plain_words(app, kit):
    try:
        url = await ways_in.start_embedded(app, lan=False)
        conn = await ways_in.connect(app, url)
        with pytest.raises(ways_in.ServerError) as refused:
            await conn.request("join_table", {"table": "no-such-table", "name": "Ada"})
        assert refused.value.code == "unknown_table"
        message = refused.value.message
        assert message and message[0].isupper() and "Traceback" not in message
    finally:
        await app.shutdown()


async def test_couch_play_on_one_connection_hands_off_between_local_seats(app, kit):
    from soupkitchen.client.scenes import transitions
    from soupkitchen.client.scenes.handoff import HandoffScene

    app.settings.bot_speed = "fast"
    try:
        session = await ways_in.play_local(app, "stone-soup", {}, 3, local_players=2)
        transitions.open_table(app, session)
        assert session.seats_held == [0, 1] and session.couch
        await kit.settle(app, lambda: {0, 1, None} <= set(session.views), timeout=10)
        assert session.public_view is session.views[None]  # the server's own spectator view
        assert session.public_view["seat"] is None and session.public_view["legal_actions"] == []
        handoffs: list[int] = []
        for _ in range(60):
            if len(set(handoffs)) == 2:
                break
            await kit.settle(
                app,
                lambda: (
                    isinstance(app.stack.top, HandoffScene)
                    or (session.shown_seat is not None and getattr(app.stack.top, "actions", None))
                ),
                timeout=20,
            )
            if isinstance(app.stack.top, HandoffScene):
                seat = app.stack.top.seat
                assert session.shown_seat is None and session.holding  # secrets hidden, clock held
                assert "hand" not in (session.public_view or {})
                kit.press(app, "select")  # "I am ...: show my cards"
                await kit.settle(app, lambda s=seat: session.shown_seat == s, timeout=5)
                assert not session.holding
                handoffs.append(seat)
                continue
            table = app.stack.top
            before = session.state_id
            app.toasts.clear()
            if not table.moves_open:
                kit.press(app, "alt")  # the table's list of moves
            if table.moves.selected < 0:
                kit.press(app, "navigate", dy=-1)  # a row chosen (the last: a whole move)
            kit.press(app, "select")  # play it through the table
            # Bots play at the same time: the move lands, or a race makes the server refuse it (a toast).
            await kit.settle(app, lambda b=before: session.state_id > b or app.toasts, timeout=10)
        assert set(handoffs) == {0, 1}
    finally:
        await app.shutdown()


async def test_the_round_countdown_matches_the_server_deadline(tmp_path, kit):
    import time

    from soupkitchen.client.app import App
    from soupkitchen.client.settings import Settings

    app = App(Settings(path=tmp_path / "s.json", bot_speed="fast"), size=(1280, 720), fullscreen=False)
    try:
        session = await ways_in.play_local(app, "too-many-cooks", {"round_seconds": 120}, 2)
        loop = asyncio.get_running_loop()
        end = loop.time() + 10
        while not (session.view(0) and session.view(0)["legal_actions"]) and loop.time() < end:
            await asyncio.sleep(0.02)  # real time: the embedded server's first push
        ack = await session.act(0, {"type": "ready"})
        assert ack["ok"], ack
        while session.deadline is None and loop.time() < end:
            await asyncio.sleep(0.02)  # real time: the round's first push
        left = session.remaining(time.monotonic())
        assert 115 <= left <= 120.5, left  # the server's 2-minute round, seen through the offset
        await asyncio.sleep(1.0)  # real time: the round's clock is measured against the machine's
        assert session.remaining(time.monotonic()) == pytest.approx(left - 1.0, abs=0.3)
    finally:
        await app.shutdown()


async def test_play_again_starts_a_fresh_table_with_the_same_game_and_bots(app, kit):
    from soupkitchen.client.scenes import transitions
    from soupkitchen.client.scenes.results import ResultsScene

    app.settings.bot_speed = "fast"
    try:
        levels = ["normal", "hard", "normal"]  # the last one seated by the start itself
        first = await ways_in.play_local(app, "stone-soup", {"challenge_seconds": 2}, 4, bot_levels=levels)
        transitions.open_table(app, first)
        results = app.stack.push(ResultsScene(app, first))
        assert results.describe()["focused"] == "Play again"
        kit.press(app, "select")
        await kit.settle(
            app,
            lambda: (
                isinstance(app.stack.top, TableScene)
                and app.stack.top.session is not first
                and app.stack.top.session.views
            ),
            timeout=20,
        )
        again = app.stack.top.session
        assert again.table["id"] != first.table["id"] and again.game_id == "stone-soup"
        assert again.table["options"]["challenge_seconds"] == 2 and len(again.table["seats"]) == 4
        assert [seat["level"] for seat in first.table["seats"] if seat["bot"]] == levels
        assert [seat["level"] for seat in again.table["seats"] if seat["bot"]] == levels
    finally:
        await app.shutdown()


async def test_an_unreachable_address_is_explained(app, kit):
    import socket

    from soupkitchen.client.scenes.join import JoinScene

    with socket.socket() as probe:  # a port nobody listens on
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]

    async def nobody():
        return []

    join = app.stack.push(JoinScene(app, nobody))
    join.form.focus_on("address")
    for _ in range(40):
        kit.press(app, "erase")
    for ch in f"127.0.0.1:{port}":
        kit.press(app, "text", text=ch)
    kit.press(app, "select")
    try:
        await kit.settle(app, lambda: join.error and app.stack.top is join, timeout=15)
        assert f"Could not reach a server at http://127.0.0.1:{port}." in join.error  # said under the field
        assert join.form.focused.key == "address"
    finally:
        await app.shutdown()


async def test_join_tries_each_address_a_kitchen_advertised_until_one_answers(app, kit):
    from soupkitchen.client.scenes.join import JoinScene

    await ways_in.start_embedded(app, lan=False)
    port = int(app.server.url.rsplit(":", 1)[-1])

    async def found():  # the kitchen advertised two addresses; only the second leads to it
        return [
            {"name": "Soup Kitchen", "host": "127.0.0.2", "hosts": ["127.0.0.2", "127.0.0.1"], "port": port}
        ]

    join = app.stack.push(JoinScene(app, found))
    try:
        await kit.settle(app, lambda: join.servers, timeout=10)
        assert join.describe()["widgets"][0].endswith(f"127.0.0.2:{port} (+1)]")
        join.pick(0)
        await kit.settle(app, lambda: app.stack.top.name == "tables", timeout=20)
        assert app.stack.top.conn.url == f"http://127.0.0.1:{port}"
    finally:
        await app.shutdown()


async def test_each_unfinished_game_waits_in_its_own_kitchen_while_another_is_played(app, kit):
    app.settings.bot_speed = "fast"
    try:
        first = await ways_in.play_local(app, "pink-soup", {}, 3)
        await kit.settle(app, lambda: first.views, timeout=10)
        await ways_in.leave_table(app, first)  # saved, its kitchen closed
        second = await ways_in.play_local(app, "pot-pourri", {}, 3)
        await kit.settle(app, lambda: second.views, timeout=10)
        assert app.server.hub.tables.keys() == {second.table["id"]}  # the first game is not running here
        await ways_in.leave_table(app, second)
        saved = ways_in.saved_games()
        assert [game["table"] for game in saved] == [second.table["id"], first.table["id"]]
        assert saved[0]["db"] != saved[1]["db"]
        resumed = await ways_in.resume_local(app, saved[1])  # the older one, not the newest
        assert resumed.table["id"] == first.table["id"] and resumed.game_id == "pink-soup"
    finally:
        await app.shutdown()


def test_a_finished_game_of_a_solo_kitchen_is_listed_among_the_replays(tmp_path):
    from soupkitchen.client.replay.sources import local_entries
    from tests.replay.test_viewer import stored_game

    stored_game(tmp_path, "stone-soup")
    (tmp_path / "kitchens").mkdir()
    (tmp_path / "solo.sqlite3").rename(tmp_path / "kitchens" / "solo-20250101-120000-abcdef.sqlite3")
    assert [(entry.where, entry.game) for entry in local_entries(tmp_path)] == [("Solo", "stone-soup")]
