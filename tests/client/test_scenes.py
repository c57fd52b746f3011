"""Scenes driven headless with injected input and time: what is shown and what is sent."""

from __future__ import annotations

import pytest

from client.scenes import flows
from client.scenes.handoff import HandoffScene
from client.scenes.lobby import LobbyScene
from client.scenes.setup import GameSetupScene
from client.scenes.title import TitleScene
from client.session import TableSession
from client.settings import Settings
from client.tables.generic import GenericTable


def test_title_is_playable_by_keyboard(app, kit):
    app.stack.push(TitleScene(app))
    app.step(0.0)
    assert app.stack.top.describe()["focused"] == "Play solo"
    kit.press(app, "navigate", dy=1)
    assert app.stack.top.describe()["focused"] == "Couch play"
    kit.press(app, "select")
    top = app.stack.top
    assert isinstance(top, GameSetupScene) and top.mode == "couch"
    assert "At this screen: 2" in top.describe()["widgets"]
    kit.press(app, "back")
    assert isinstance(app.stack.top, TitleScene)


def test_title_is_playable_by_gamepad_and_mouse(app, kit):
    app.stack.push(TitleScene(app))
    app.step(0.0)
    kit.press(app, "navigate", device="pad:0", dy=1)
    kit.press(app, "navigate", device="pad:0", dy=1)
    assert app.stack.top.describe()["focused"] == "Host a LAN game"
    settings_button = next(w for w in app.stack.top.form.widgets if w.key == "settings")
    kit.press(app, "click", device="mouse", pos=settings_button.rect.center)
    assert app.stack.top.name == "settings"


async def test_new_table_sends_the_chosen_game_options_and_password(app, kit):
    conn = kit.FakeConnection(kit.GAMES)
    conn.replies["create_table"] = {"ok": True, "table": kit.summary(), "seat": 0, "token": "tok0"}
    app.conn = conn
    flows.open_setup(app, "remote", conn)
    scene = app.stack.top
    app.step(0.0)
    kit.press(app, "navigate", dx=1)                       # Game: Stone Soup -> Pot Pourri
    assert "Cooking Pros: off" in scene.describe()["widgets"]
    kit.press(app, "navigate", dy=1)                       # Players
    kit.press(app, "navigate", dx=1)                       # 4 -> 5
    kit.press(app, "navigate", dy=1)                       # Cooking Pros
    kit.press(app, "select")                               # off -> on
    kit.press(app, "navigate", dy=1)                       # Password field
    for ch in "soup":
        kit.press(app, "text", text=ch)
    assert "Password: ****" in scene.describe()["widgets"]
    scene.form.focus_on("start")
    kit.press(app, "select")
    await kit.settle(app, lambda: isinstance(app.stack.top, LobbyScene))
    (sent,) = conn.events("create_table")
    assert sent["game"] == "pot-pourri" and sent["seats"] == 5
    assert sent["options"] == {"cooking_pros": True} and sent["password"] == "soup"


async def test_lobby_host_adds_and_removes_bots_and_starts(app, kit):
    conn = kit.FakeConnection(kit.GAMES)
    session = TableSession(conn, kit.summary(seats=3, names=("Ada", None, None), bots=(2,)), {0: "tok0"})
    flows.open_lobby(app, session)
    lobby = app.stack.top
    app.step(0.0)
    rows = lobby.describe()["widgets"][0]
    assert "Seat 1   Ada   ready, host, you" in rows and "Seat 3   Bot   ready" in rows and "empty" in rows
    kit.press(app, "navigate", dy=1)                       # seat 2 (empty)
    kit.press(app, "select")
    kit.press(app, "navigate", dy=1)                       # seat 3 (bot)
    kit.press(app, "select")
    lobby.form.focus_on("opt:challenge_seconds")
    kit.press(app, "navigate", dx=1)                       # 3 -> 4 seconds
    lobby.form.focus_on("pause")
    kit.press(app, "select")                               # hand-offs no longer pause the timer
    lobby.form.focus_on("start")
    kit.press(app, "select")
    await kit.settle(app)
    assert conn.events("set_options")[0] == {"token": "tok0", "options": {"challenge_seconds": 4}}
    assert conn.events("set_options")[1]["settings"]["handoff_pauses_timer"] is False
    assert conn.events("add_bot") == [{"token": "tok0", "seat": 1}]
    assert conn.events("remove_bot") == [{"token": "tok0", "seat": 2}]
    assert conn.events("start") == [{"token": "tok0"}]
    # The server says the table started: the lobby gives way to the table.
    session.receive_lobby(kit.summary(seats=3, started=True))
    assert isinstance(app.stack.top, GenericTable)


def test_a_guest_sees_the_options_but_cannot_start(app, kit):
    conn = kit.FakeConnection(kit.GAMES)
    session = TableSession(conn, kit.summary(names=("Ada", "Bo"), options={"challenge_seconds": 5}), {1: "tok1"})
    flows.open_lobby(app, session)
    shown = app.stack.top.describe()["widgets"]
    assert "Seconds to call stone soup: 5" in shown
    assert "Start the game" not in shown and "Leave table" in shown


def state(seat, legal, state_id=1, deadline=None, over=False, **facts):
    return {"table": "t1", "seat": seat, "state_id": state_id, "deadline": deadline, "server_time": 0.0,
            "events": [{"type": "played", "label": f"step {state_id}"}],
            "view": {"seat": seat, "legal_actions": legal, "deadline": deadline, "over": over, **facts}}


async def test_the_table_lists_legal_moves_and_sends_the_chosen_one(app, kit):
    conn = kit.FakeConnection()
    conn.replies["act"] = {"ok": True, "state_id": 4}
    session = TableSession(conn, kit.summary(started=True), {0: "tok0"})
    flows.open_table(app, session)
    session.receive_state(state(0, [{"type": "play", "card": 3, "label": "Play the carrot"},
                                    {"type": "pass"}], state_id=3, pot=2))
    app.step(0.0)
    table = app.stack.top
    assert table.describe()["actions"] == ["Play the carrot", "Pass"]
    assert ("Pot", "2") in table.describe()["facts"]
    kit.press(app, "navigate", dy=1)
    kit.press(app, "select")
    await kit.settle(app)
    assert conn.events("act") == [{"token": "tok0", "state_id": 3, "action": {"type": "pass"}}]


async def test_a_refused_move_is_shown_in_plain_words(app, kit):
    conn = kit.FakeConnection()
    conn.replies["act"] = {"ok": False, "error": {"code": "illegal", "message": "It is not your turn."}}
    session = TableSession(conn, kit.summary(started=True), {0: "tok0"})
    flows.open_table(app, session)
    session.receive_state(state(0, [{"type": "pass"}]))
    app.step(0.0)
    kit.press(app, "select")
    await kit.settle(app)
    assert [t.message for t in app.toasts] == ["It is not your turn."]


async def test_couch_hand_off_hides_secrets_and_holds_the_clock(app, kit):
    conn = kit.FakeConnection()
    session = TableSession(conn, kit.summary(names=("Ada", "Bo"), started=True), {0: "tok0", 1: "tok1"})
    flows.open_table(app, session)
    session.receive_state(state(1, [], hand=["onion"]))
    session.receive_state(state(0, [{"type": "pass"}], hand=["carrot"]))
    await kit.settle(app)
    assert isinstance(app.stack.top, HandoffScene) and app.stack.top.seat == 0
    assert session.shown_seat is None
    assert session.public_view is None, "no seat's private view stands in for the spectator view"
    assert conn.events("hold") == [{"token": "tok0", "on": True}]
    kit.press(app, "select")                               # "I am Ada: show my cards"
    await kit.settle(app)
    assert isinstance(app.stack.top, GenericTable) and session.shown_seat == 0
    assert conn.events("hold")[-1] == {"token": "tok0", "on": False}
    # Ada's turn ends and Bo's begins: Ada's cards are hidden behind a new hand-off.
    session.receive_state(state(0, [], state_id=2, hand=["carrot"]))
    assert session.shown_seat is None                      # Ada's cards go at once
    session.receive_state(state(1, [{"type": "pass"}], state_id=2, hand=["onion"]))
    await kit.settle(app)
    assert isinstance(app.stack.top, HandoffScene) and app.stack.top.seat == 1
    assert session.shown_seat is None
    assert conn.events("hold")[-1] == {"token": "tok1", "on": True}
    # Bo's chance passes while the hand-off screen is up (the host let the timer run): it goes away.
    session.receive_state(state(0, [], state_id=3))
    session.receive_state(state(1, [], state_id=3))
    await kit.settle(app)
    assert isinstance(app.stack.top, GenericTable) and session.shown_seat is None
    assert conn.events("hold")[-1] == {"token": "tok1", "on": False}     # released by the seat that held


async def test_a_seat_bound_to_a_pad_only_answers_to_that_pad(app, kit):
    conn = kit.FakeConnection()
    session = TableSession(conn, kit.summary(names=("Ada", "Bo"), started=True), {0: "tok0", 1: "tok1"})
    session.pads = {0: "pad:1", 1: "pad:2"}
    flows.open_table(app, session)
    session.receive_state(state(1, []))
    session.receive_state(state(0, [{"type": "pass"}]))
    await kit.settle(app)
    kit.press(app, "select", device="pad:2")               # Bo's pad cannot take Ada's turn
    assert session.shown_seat is None
    kit.press(app, "select", device="pad:1")
    assert session.shown_seat == 0


def test_countdown_follows_the_server_deadline_and_never_jumps(kit):
    conn = kit.FakeConnection()
    session = TableSession(conn, kit.summary(started=True), {0: "tok0"})
    conn.offset.add_sample(99.9, 5100.0, 100.1)            # server clock = local + 5000
    session.receive_state({**state(0, []), "deadline": 5160.0})
    assert session.remaining(100.0) == pytest.approx(60.0)
    assert session.remaining(110.0) == pytest.approx(50.0)
    # A better sample says the offset is 0.6 s larger: the countdown slews instead of jumping.
    conn.offset.add_sample(110.0, 5110.6, 110.0)
    previous = session.remaining(110.0)
    for i in range(1, 121):
        now = 110.0 + i / 20
        left = session.remaining(now)
        assert 0.0 < previous - left <= (1 / 20) * 1.11
        previous = left
    assert session.remaining(130.0) == pytest.approx(5160.0 - (130.0 + 5000.6), abs=0.01)  # caught up


async def test_lost_connection_shows_a_banner_and_disables_input(app, kit):
    conn = kit.FakeConnection()
    app.conn = conn
    session = TableSession(conn, kit.summary(started=True), {0: "tok0"})
    flows.open_table(app, session)
    session.receive_state(state(0, [{"type": "pass"}]))
    app.step(0.0)
    conn.connected = False
    app.step(0.1)
    assert app.screen.get_at((4, 4))[:3] == (200, 60, 50)     # the red banner across the top
    assert kit.press(app, "select") is False
    await kit.settle(app)
    assert conn.events("act") == []
    kit.press(app, "menu")                                 # the menu still works, to leave if need be
    assert app.stack.top.name == "pause"
    kit.press(app, "navigate", dy=1)
    assert app.stack.top.describe()["focused"] == "Settings"
    kit.press(app, "back")
    conn.connected = True
    app.step(0.2)
    assert app.screen.get_at((4, 4))[:3] != (200, 60, 50)


async def test_game_over_leads_to_the_results(app, kit, clock):
    conn = kit.FakeConnection()
    session = TableSession(conn, kit.summary(names=("Ada", "Bo"), seats=2, started=True), {0: "tok0"})
    flows.open_table(app, session)
    session.receive_state(state(0, [], over=True, result={"winners": [0], "scores": [12, 7]}))
    app.step(1.0)
    app.step(2.0)
    assert isinstance(app.stack.top, GenericTable)         # the final position stays a moment
    app.step(3.5)
    assert app.stack.top.name == "results"
    assert app.stack.top.describe()["lines"] == ["Winner: Ada", "Ada (you): 12", "Bo: 7"]


def test_settings_are_saved_and_read_back(app, kit):
    flows.open_settings(app)
    scene = app.stack.top
    app.step(0.0)
    for _ in range(4):
        kit.press(app, "erase")
    for ch in "Remy":
        kit.press(app, "text", text=ch)
    scene.form.focus_on("bots")
    kit.press(app, "navigate", dx=1)
    scene.form.focus_on("symbols")
    kit.press(app, "select")
    kit.press(app, "back")
    again = Settings.load(app.settings.path)
    assert (again.name, again.bot_speed, again.colour_blind_symbols) == ("Remy", "fast", True)


def test_unreadable_settings_fall_back_to_defaults(tmp_path):
    path = tmp_path / "settings.json"
    path.write_text('{"name": 5, "volume": 400, "window": [1, 2], "bot_speed": "warp"}')
    loaded = Settings.load(path)
    assert (loaded.name, loaded.volume, loaded.window, loaded.bot_speed) == ("Chef", 100, [1280, 720], "normal")  # volume clamped


def test_a_gamepad_alone_can_type_a_name(app, kit):
    flows.open_settings(app)
    scene = app.stack.top
    app.step(0.0)
    assert scene.describe()["focused"].startswith("Your name")
    kit.press(app, "select", device="pad:0")               # opens the on-screen keyboard
    keyboard = app.stack.top
    assert keyboard.name == "keyboard"
    for _ in range(4):
        kit.press(app, "back", device="pad:0")             # B erases
    kit.press(app, "navigate", device="pad:0", dy=2)       # from "q" down two rows to "z"
    assert keyboard.describe()["key"] == "z"
    kit.press(app, "select", device="pad:0")
    kit.press(app, "navigate", device="pad:0", dy=-2)
    kit.press(app, "navigate", device="pad:0", dx=2)       # back up to "q", then right to "e"
    kit.press(app, "select", device="pad:0")
    kit.press(app, "menu", device="pad:0")                 # Start closes the keyboard
    assert app.stack.top is scene
    assert app.settings.name == "ze"


async def test_a_started_table_is_watched_and_a_waiting_one_joined(app, kit):
    from client.scenes.join import TablesScene

    conn = kit.FakeConnection()
    playing = {**kit.summary(started=True), "id": "busy"}
    waiting = {**kit.summary(names=("Bo",)), "id": "open"}
    conn.replies["spectate"] = {"ok": True, "table": playing}
    conn.replies["join_table"] = {"ok": True, "table": waiting, "seat": 1, "token": "tok1"}
    conn.replies["list_tables"] = {"ok": True, "tables": [playing, waiting]}
    app.stack.push(TablesScene(app, conn))
    await kit.settle(app, lambda: len(app.stack.top.tables) == 2)
    assert "playing - watch" in app.stack.top.describe()["widgets"][0]
    kit.press(app, "select")
    await kit.settle(app, lambda: isinstance(app.stack.top, GenericTable))
    session = app.stack.top.session
    assert conn.events("spectate") == [{"table": "busy"}] and session.seats_held == []
    session.receive_state({**state(None, []), "view": {"seat": None, "legal_actions": [], "over": False,
                                                       "deadline": None, "pot": 4}})
    app.step(app.clock.t + 1)
    assert session.shown_seat is None and ("Pot", "4") in app.stack.top.describe()["facts"]


def test_the_generic_table_reads_any_view_aloud(app, kit):
    from client.tables.generic import action_label, facts, headline, log_lines, readable

    view = {"seat": 0, "legal_actions": [], "deadline": None, "over": False, "game": "x",
            "prompt": "Chef 1: draw or take", "log": ["a", "b", "c"], "pot": [None, None],
            "recipe": {"name": "Mushroom Soup", "points": 15}, "spices": ["salt", "dill"], "result": None}
    assert headline(view) == "Chef 1: draw or take"
    assert log_lines(view, 2) == ["b", "c"]
    assert facts(view) == [("Pot", "2 hidden"), ("Recipe / name", "Mushroom Soup"), ("Recipe / points", "15"),
                           ("Spices", "salt, dill")]
    assert action_label({"type": "take_card", "pile": 2}) == "Take card: pile 2"
    assert readable({"a": {"b": {"c": 1}}}) == "a b {...}"               # deep nesting is cut short


def test_the_generic_table_scrolls_long_views(app, kit):
    conn = kit.FakeConnection()
    session = TableSession(conn, kit.summary(started=True), {0: "tok0"})
    flows.open_table(app, session)
    view = {f"fact_{i:02d}": i for i in range(40)}
    session.receive_state({**state(0, []), "view": {"seat": 0, "legal_actions": [], "over": False,
                                                    "deadline": None, **view}})
    app.step(0.0)
    table = app.stack.top
    kit.press(app, "rotate_right")                         # E / right shoulder: further down
    kit.press(app, "rotate_right")
    assert table.facts_from == 6
    kit.press(app, "rotate_left")
    assert table.facts_from == 3
    for _ in range(30):
        kit.press(app, "rotate_right")
    assert table.facts_from == 39                          # never past the last fact
    app.step(0.1)


def test_the_countdown_stands_still_while_the_table_is_held(kit):
    conn = kit.FakeConnection()
    session = TableSession(conn, kit.summary(started=True), {0: "tok0"})
    conn.offset.add_sample(100.0, 5100.0, 100.0)
    session.receive_state({**state(0, []), "deadline": 5190.0, "server_time": 5130.0, "paused": True})
    assert session.remaining(130.0) == session.remaining(150.0) == pytest.approx(60.0)
    # Released at server time 5150: the server sends the deadline moved out by the 20 s held.
    session.receive_state({**state(0, []), "deadline": 5210.0, "server_time": 5150.0, "paused": False})
    assert session.remaining(150.0) == pytest.approx(60.0)
    assert session.remaining(160.0) == pytest.approx(50.0)


async def test_a_couch_player_can_hand_the_controls_on_when_everyone_may_act(app, kit):
    conn = kit.FakeConnection()
    session = TableSession(conn, kit.summary(names=("Ada", "Bo"), started=True), {0: "tok0", 1: "tok1"})
    flows.open_table(app, session)
    session.receive_state(state(0, [{"type": "stir"}]))
    session.receive_state(state(1, [{"type": "stir"}]))
    await kit.settle(app)
    kit.press(app, "select")                               # Ada takes the controls
    assert session.shown_seat == 0
    kit.press(app, "handoff")                              # H / Back button: Bo's go
    await kit.settle(app)
    assert isinstance(app.stack.top, HandoffScene) and app.stack.top.seat == 1
    assert session.shown_seat is None


async def test_a_move_overtaken_by_another_is_resent_if_still_legal(app, kit):
    conn = kit.FakeConnection()
    session = TableSession(conn, kit.summary(started=True), {0: "tok0"})
    session.receive_state(state(0, [{"type": "pass"}], state_id=3))

    def act(payload):
        if payload["state_id"] == 3:   # a bot moved first: the server is at state 4 and says so
            session.receive_state(state(0, [{"type": "pass"}], state_id=4))
            return {"ok": False, "error": {"code": "stale_state", "message": "the table has moved on"}}
        return {"ok": True, "state_id": 5}

    conn.replies["act"] = act
    assert (await session.act(0, {"type": "pass"}))["ok"]
    assert [p["state_id"] for p in conn.events("act")] == [3, 4]

    def moved_on(payload):
        session.receive_state(state(0, [{"type": "stir"}], state_id=6))
        return {"ok": False, "error": {"code": "stale_state", "message": "the table has moved on"}}

    conn.replies["act"] = moved_on
    ack = await session.act(0, {"type": "pass"}, quiet=True)
    assert ack["error"]["message"] == "The table moved on before your move arrived. Look again."
    assert len(conn.events("act")) == 3                    # not resent: it is no longer legal


def badge_colour(app, lobby, row):
    """The colour at the middle of a seat row's ready badge, as drawn."""
    from client import theme

    app.stack.draw(app.screen)
    seats = next(w for w in lobby.form.widgets if w.key == "seats")
    return tuple(app.screen.get_at(seats.badge_rect(row, theme.layout(app.screen.get_size())).center)[:3])


async def test_a_guest_says_ready_by_keyboard_gamepad_and_mouse(app, kit):
    from client import theme

    conn = kit.FakeConnection(kit.GAMES)
    session = TableSession(conn, kit.summary(names=("Ada", "Bo")), {1: "tok1"})
    flows.open_lobby(app, session)
    lobby = app.stack.top
    app.step(0.0)
    shown = lobby.describe()["widgets"]
    assert "Seat 2   Bo   not ready, you" in shown[0] and "I am ready to cook: off" in shown
    assert badge_colour(app, lobby, 1) != theme.HERB        # a ring of dots, not the green tick
    lobby.form.focus_on("ready")
    kit.press(app, "select")                               # Enter
    await kit.settle(app)
    assert conn.events("ready") == [{"token": "tok1", "on": True}]
    session.receive_lobby(kit.summary(names=("Ada", "Bo"), ready=(1,)))   # the server agrees
    shown = lobby.describe()["widgets"]
    assert "Seat 2   Bo   ready, you" in shown[0] and "I am ready to cook: on" in shown
    assert "Waiting for the host" in lobby.subheading
    assert badge_colour(app, lobby, 1) == theme.HERB
    kit.press(app, "select", device="pad:0")               # A on a gamepad takes it back
    await kit.settle(app)
    assert conn.events("ready")[-1] == {"token": "tok1", "on": False}
    session.receive_lobby(kit.summary(names=("Ada", "Bo")))
    app.step(app.clock.t)                                  # lay the rebuilt lobby out
    seats = next(w for w in lobby.form.widgets if w.key == "seats")
    kit.press(app, "click", device="mouse", pos=seats.row_rect(1).center)   # clicking one's own seat
    await kit.settle(app)
    assert conn.events("ready")[-1] == {"token": "tok1", "on": True}
    kit.press(app, "click", device="mouse", pos=seats.row_rect(0).center)   # the host's seat: nothing
    await kit.settle(app)
    assert len(conn.events("ready")) == 3 and conn.events("start") == []


async def test_the_host_sees_who_the_start_waits_for(app, kit):
    conn = kit.FakeConnection(kit.GAMES)
    session = TableSession(conn, kit.summary(names=("Ada", "Bo", "Cy"), bots=(3,)), {0: "tok0"})
    flows.open_lobby(app, session)
    lobby = app.stack.top
    app.step(0.0)
    shown = lobby.describe()["widgets"]
    assert "Waiting for Bo and Cy to be ready." in shown
    assert "Seat 2   Bo   not ready" in shown[0] and "Seat 4   Bot   ready" in shown[0]
    start = next(w for w in lobby.form.widgets if w.key == "start")
    assert not start.enabled
    kit.press(app, "click", device="mouse", pos=start.rect.center)
    await kit.settle(app)
    assert conn.events("start") == []
    session.receive_lobby(kit.summary(names=("Ada", "Bo", "Cy"), bots=(3,), ready=(1,)))
    assert "Waiting for Cy to be ready." in lobby.describe()["widgets"]
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
