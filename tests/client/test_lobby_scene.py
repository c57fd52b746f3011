"""The lobby driven headless: the host seats bots, sets options and starts; guests see the options
and say they are ready; the start waits for everyone."""

from __future__ import annotations

import pytest

from soupkitchen.client.net.session import TableSession
from soupkitchen.client.scenes import transitions
from soupkitchen.client.tables.generic import GenericTable


@pytest.fixture(autouse=True)
def stone_soup_at_the_generic_table(monkeypatch):
    """These tests drive the generic table (every game's fallback) with Stone Soup's summaries."""
    from tests.seating import seat_at_generic_table

    seat_at_generic_table(monkeypatch, "stone-soup")


async def test_lobby_host_adds_and_removes_bots_and_starts(app, kit):
    conn = kit.FakeConnection(kit.GAMES)
    session = TableSession(conn, kit.summary(seats=3, names=("Ada", None, None), bots=(2,)), {0: "tok0"})
    transitions.open_lobby(app, session)
    lobby = app.stack.top
    app.step(0.0)
    rows = lobby.describe()["widgets"][1]
    assert "Seat 1   Ada   ready, host, you" in rows and "Seat 3   Bot, Normal   ready" in rows
    assert "empty" in rows
    kit.press(app, "navigate", dy=1)  # seat 2 (empty): asks for the bot's level
    kit.press(app, "select")
    app.stack.top.form.focus_on("Normal")
    kit.press(app, "select")
    kit.press(app, "navigate", dy=1)  # seat 3 (bot): asks what to do with it
    kit.press(app, "select")
    app.stack.top.form.focus_on("Remove")
    kit.press(app, "select")
    lobby.form.focus_on("opt:challenge_seconds")
    kit.press(app, "navigate", dx=1)  # 3 -> 4 seconds
    assert (
        "Hand-off pauses the timer: on" not in lobby.describe()["widgets"]
    )  # one player per screen: no hand-off
    lobby.form.focus_on("start")
    kit.press(app, "select")
    await kit.settle(app)
    assert conn.events("set_options")[0] == {"token": "tok0", "options": {"challenge_seconds": 4}}
    assert conn.events("add_bot") == [{"token": "tok0", "seat": 1, "level": "normal"}]
    assert conn.events("remove_bot") == [{"token": "tok0", "seat": 2}]
    assert conn.events("start") == [{"token": "tok0"}]
    # The server says the table started: the lobby gives way to the table.
    session.receive_lobby(kit.summary(seats=3, started=True))
    assert isinstance(app.stack.top, GenericTable)


async def test_the_host_chooses_each_bot_level(app, kit):
    conn = kit.FakeConnection(kit.GAMES)
    summary = kit.summary(seats=3, names=("Ada", None, None), bots=(2,))
    summary["seats"][2]["level"] = "easy"
    session = TableSession(conn, summary, {0: "tok0"})
    transitions.open_lobby(app, session)
    lobby = app.stack.top
    app.step(0.0)
    assert "Seat 3   Bot, Easy   ready" in lobby.describe()["widgets"][1]
    lobby.form.focus_on("seats")
    kit.press(app, "navigate", dy=1)  # seat 2 (empty) gets a hard bot
    kit.press(app, "select")
    app.stack.top.form.focus_on("Hard")
    kit.press(app, "select")
    kit.press(app, "navigate", dy=1)  # seat 3's easy bot becomes a normal one
    kit.press(app, "select")
    dialog = app.stack.top
    assert "Easy" not in dialog.describe()["widgets"] and "Hard" in dialog.describe()["widgets"]
    dialog.form.focus_on("Normal")
    kit.press(app, "select")
    await kit.settle(app)
    assert conn.events("add_bot") == [
        {"token": "tok0", "seat": 1, "level": "hard"},
        {"token": "tok0", "seat": 2, "level": "normal"},
    ]
    assert conn.events("remove_bot") == [{"token": "tok0", "seat": 2}]


def test_a_guest_sees_the_options_but_cannot_start(app, kit):
    conn = kit.FakeConnection(kit.GAMES)
    session = TableSession(
        conn, kit.summary(names=("Ada", "Bo"), options={"challenge_seconds": 5}), {1: "tok1"}
    )
    transitions.open_lobby(app, session)
    shown = app.stack.top.describe()["widgets"]
    assert "Seconds to call stone soup: 5" in shown
    assert "Start the game" not in shown and "Leave table" in shown
    lobby = app.stack.top
    lobby.form.focus_on("leave")
    kit.press(app, "select")  # Leave table asks first
    ask = app.stack.top
    assert ask.name == "dialog" and lobby in app.stack.scenes
    next(w for w in ask.form.widgets if getattr(w, "label", "") == "Stay").on_click()
    assert app.stack.top is lobby  # still at the table


def badge_colour(app, lobby, row):
    """The colour at the middle of a seat row's ready badge, as drawn."""
    from soupkitchen.client.ui import theme

    app.stack.draw(app.screen)
    seats = next(w for w in lobby.form.widgets if w.key == "seats")
    return tuple(app.screen.get_at(seats.badge_rect(row, theme.layout(app.screen.get_size())).center)[:3])


async def test_a_guest_says_ready_by_keyboard_gamepad_and_mouse(app, kit):
    from soupkitchen.client.ui import theme

    conn = kit.FakeConnection(kit.GAMES)
    session = TableSession(conn, kit.summary(names=("Ada", "Bo")), {1: "tok1"})
    transitions.open_lobby(app, session)
    lobby = app.stack.top
    app.step(0.0)
    shown = lobby.describe()["widgets"]
    assert "Seat 2   Bo   not ready, you" in shown[1] and "I am ready to cook: off" in shown
    assert badge_colour(app, lobby, 1) != theme.HERB  # a ring of dots, not the green tick
    lobby.form.focus_on("ready")
    kit.press(app, "select")  # Enter
    await kit.settle(app)
    assert conn.events("ready") == [{"token": "tok1", "on": True}]
    session.receive_lobby(kit.summary(names=("Ada", "Bo"), ready=(1,)))  # the server agrees
    shown = lobby.describe()["widgets"]
    assert "Seat 2   Bo   ready, you" in shown[1] and "I am ready to cook: on" in shown
    assert "Waiting for the host" in lobby.subheading
    assert badge_colour(app, lobby, 1) == theme.HERB
    kit.press(app, "select", device="pad:0")  # A on a gamepad takes it back
    await kit.settle(app)
    assert conn.events("ready")[-1] == {"token": "tok1", "on": False}
    session.receive_lobby(kit.summary(names=("Ada", "Bo")))
    app.step(app.clock.t)  # lay the rebuilt lobby out
    seats = next(w for w in lobby.form.widgets if w.key == "seats")
    kit.press(app, "click", device="mouse", pos=seats.row_rect(1).center)  # clicking one's own seat
    await kit.settle(app)
    assert conn.events("ready")[-1] == {"token": "tok1", "on": True}
    kit.press(app, "click", device="mouse", pos=seats.row_rect(0).center)  # the host's seat: nothing
    await kit.settle(app)
    assert len(conn.events("ready")) == 3 and conn.events("start") == []


async def test_the_host_sees_who_the_start_waits_for(app, kit):
    conn = kit.FakeConnection(kit.GAMES)
    session = TableSession(conn, kit.summary(names=("Ada", "Bo", "Cy"), bots=(3,)), {0: "tok0"})
    transitions.open_lobby(app, session)
    lobby = app.stack.top
    app.step(0.0)
    shown = lobby.describe()["widgets"]
    assert "Waiting for Bo and Cy to be ready" in shown
    assert "Seat 2   Bo   not ready" in shown[1] and "Seat 4   Bot, Normal   ready" in shown[1]
    start = next(w for w in lobby.form.widgets if w.key == "start")
    assert not start.enabled
    kit.press(app, "click", device="mouse", pos=start.rect.center)
    await kit.settle(app)
    assert conn.events("start") == []
    session.receive_lobby(kit.summary(names=("Ada", "Bo", "Cy"), bots=(3,), ready=(1,)))
    assert "Waiting for Cy to be ready" in lobby.describe()["widgets"]
    session.receive_lobby(kit.summary(names=("Ada", "Bo", "Cy"), bots=(3,), ready=(1, 2)))
    assert not any(line.startswith("Waiting for") for line in lobby.describe()["widgets"])
    lobby.form.focus_on("start")
    kit.press(app, "select")
    await kit.settle(app)
    assert conn.events("start") == [{"token": "tok0"}]
    # A guest who takes it back just before the click: the server's reason is shown.
    conn.replies["start"] = {"ok": False, "error": {"code": "not_ready", "message": "Cy is not ready yet"}}
    kit.press(app, "select")
    await kit.settle(app)
    assert [t.message for t in app.toasts] == ["Cy is not ready yet"]


async def test_players_on_one_screen_say_ready_before_the_start(kit):
    conn = kit.FakeConnection()
    session = TableSession(conn, kit.summary(names=("Ada", "Bo", "Cy")), {0: "tok0", 2: "tok2"})
    await session.request("start")
    assert conn.sent == [("ready", {"token": "tok2", "on": True}), ("start", {"token": "tok0"})]


async def test_the_lobby_shows_the_invite_code_and_copies_its_link(app, kit):
    import pygame

    conn = kit.FakeConnection(kit.GAMES)
    conn.url = "https://kitchen.example.org:8765"
    table = kit.summary(seats=3, names=("Ada", "Bo"))
    table["code"] = "PEAS-4821-7730"
    transitions.open_lobby(app, TableSession(conn, table, {1: "tok1"}))
    lobby = app.stack.top
    app.step(0.0)
    assert lobby.subheading.startswith("Invite code PEAS-4821-7730.")
    lobby.form.focus_on("copy")
    kit.press(app, "select")
    assert pygame.scrap.get_text() == "soupkitchen://kitchen.example.org:8765/PEAS-4821-7730"
    assert "Invite link copied" in lobby.describe()["widgets"]  # the button says so: no toast over the code
    assert not app.toasts
    app.clock.t += 4
    app.step(app.clock.t)  # and in a while offers to copy it again
    assert "Copy invite link" in lobby.describe()["widgets"]
    app.server_address = "192.168.1.20:8765"  # a LAN host: its own address, without TLS
    assert lobby.invite_link == "soupkitchen://192.168.1.20:8765/PEAS-4821-7730?tls=no"


@pytest.mark.parametrize(("game", "shown"), [("stone-soup", True), ("pink-soup", False)])
async def test_the_hand_off_pause_is_offered_only_where_a_shared_screen_has_a_clock_to_pause(
    app, kit, game, shown
):
    from soupkitchen.client.scenes.lobby import LobbyScene

    conn = kit.FakeConnection(kit.GAMES)
    summary = kit.summary(seats=3, names=("Ada", "Bo", None), game=game)
    lobby = LobbyScene(app, TableSession(conn, summary, {0: "tok0", 1: "tok1"}))  # two players at this screen
    assert ("Hand-off pauses the timer: on" in lobby.describe()["widgets"]) == shown


async def test_bot_speed_is_offered_only_where_a_bot_will_cook(app, kit):
    conn = kit.FakeConnection(kit.GAMES)
    from soupkitchen.client.scenes.lobby import LobbyScene

    full = LobbyScene(app, TableSession(conn, kit.summary(seats=2, names=("Ada", "Bo")), {0: "tok0"}))
    assert not any(w.startswith("Bot speed") for w in full.describe()["widgets"])
    open_seat = LobbyScene(
        app, TableSession(conn, kit.summary(seats=3, names=("Ada", "Bo", None)), {0: "tok0"})
    )
    assert any(w.startswith("Bot speed") for w in open_seat.describe()["widgets"])
