"""The table scene driven headless with injected input and time: what is shown and what is sent,
hand-offs on a shared screen, the countdown, a lost connection, the end of the game, watching a
table, and the generic table's words and scrolling."""

from __future__ import annotations

import pytest

from soupkitchen.client.net.session import TableSession
from soupkitchen.client.scenes import transitions
from soupkitchen.client.scenes.handoff import HandoffScene
from soupkitchen.client.tables.generic import GenericTable

FOREIGN = {
    "game": "tomato-soup",
    "title": "Tomato Soup",
}  # a game this client has no rules, words or table for


def state(seat, legal, state_id=1, deadline=None, over=False, **facts):
    return {
        "table": "t1",
        "seat": seat,
        "state_id": state_id,
        "deadline": deadline,
        "server_time": 0.0,
        "paused": False,
        "snapshot": False,
        "events": [{"type": "played", "step": state_id}],
        "view": {
            "seat": seat,
            "legal_actions": legal,
            "active_seats": [seat] if legal else [],
            "deadline": deadline,
            "over": over,
            **facts,
        },
    }


async def test_the_table_lists_legal_moves_and_sends_the_chosen_one(app, kit):
    conn = kit.FakeConnection()
    conn.replies["act"] = {"ok": True, "state_id": 4}
    session = TableSession(conn, kit.summary(**FOREIGN, started=True), {0: "tok0"})
    transitions.open_table(app, session)
    session.receive_state(state(0, [{"type": "play", "card": 3}, {"type": "pass"}], state_id=3, pot=2))
    app.step(0.0)
    table = app.stack.top
    assert table.describe()["actions"] == ["Play: card 3", "Pass"]
    assert ("Pot", "2") in table.describe()["facts"]
    kit.press(app, "navigate", dy=1)
    kit.press(app, "select")
    await kit.settle(app)
    assert conn.events("act") == [{"token": "tok0", "state_id": 3, "action": {"type": "pass"}}]


async def test_a_refused_move_is_shown_in_plain_words(app, kit):
    conn = kit.FakeConnection()
    conn.replies["act"] = {"ok": False, "error": {"code": "illegal", "message": "It is not your turn."}}
    session = TableSession(conn, kit.summary(**FOREIGN, started=True), {0: "tok0"})
    transitions.open_table(app, session)
    session.receive_state(state(0, [{"type": "pass"}]))
    app.step(0.0)
    kit.press(app, "select")
    await kit.settle(app)
    assert [t.message for t in app.toasts] == ["It is not your turn."]


async def test_couch_hand_off_hides_secrets_and_holds_the_clock(app, kit):
    conn = kit.FakeConnection()
    session = TableSession(
        conn, kit.summary(**FOREIGN, names=("Ada", "Bo"), started=True), {0: "tok0", 1: "tok1"}
    )
    transitions.open_table(app, session)
    session.receive_state(state(1, [], hand=["onion"]))
    session.receive_state(state(0, [{"type": "pass"}], hand=["carrot"]))
    await kit.settle(app)
    assert isinstance(app.stack.top, HandoffScene) and app.stack.top.seat == 0
    assert session.shown_seat is None
    assert session.public_view is None, "no seat's private view stands in for the spectator view"
    assert conn.events("hold") == [{"token": "tok0", "on": True}]
    kit.press(app, "select")  # "I am Ada: show my cards"
    await kit.settle(app)
    assert isinstance(app.stack.top, GenericTable) and session.shown_seat == 0
    assert conn.events("hold")[-1] == {"token": "tok0", "on": False}
    # Ada's turn ends and Bo's begins: Ada's cards are hidden behind a new hand-off.
    session.receive_state(state(0, [], state_id=2, hand=["carrot"]))
    assert session.shown_seat is None  # Ada's cards go at once
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
    assert conn.events("hold")[-1] == {"token": "tok1", "on": False}  # released by the seat that held


async def test_a_seat_bound_to_a_pad_only_answers_to_that_pad(app, kit):
    conn = kit.FakeConnection()
    session = TableSession(
        conn, kit.summary(**FOREIGN, names=("Ada", "Bo"), started=True), {0: "tok0", 1: "tok1"}
    )
    session.pads = {0: "pad:1", 1: "pad:2"}
    transitions.open_table(app, session)
    session.receive_state(state(1, []))
    session.receive_state(state(0, [{"type": "pass"}]))
    await kit.settle(app)
    kit.press(app, "select", device="pad:2")  # Bo's pad cannot take Ada's turn
    assert session.shown_seat is None
    kit.press(app, "select", device="pad:1")
    assert session.shown_seat == 0


def test_countdown_follows_the_server_deadline_and_never_jumps(kit):
    conn = kit.FakeConnection()
    session = TableSession(conn, kit.summary(**FOREIGN, started=True), {0: "tok0"})
    conn.offset.add_sample(99.9, 5100.0, 100.1)  # server clock = local + 5000
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
    session = TableSession(conn, kit.summary(**FOREIGN, started=True), {0: "tok0"})
    transitions.open_table(app, session)
    session.receive_state(state(0, [{"type": "pass"}]))
    app.step(0.0)
    conn.connected = False
    app.step(0.1)
    assert app.screen.get_at((4, 4))[:3] == (200, 60, 50)  # the red banner across the top
    assert kit.press(app, "select") is False
    await kit.settle(app)
    assert conn.events("act") == []
    kit.press(app, "menu")  # the menu still works, to leave if need be
    assert app.stack.top.name == "pause"
    kit.press(app, "navigate", dy=1)
    assert app.stack.top.describe()["focused"] == "How to play (F1)"
    kit.press(app, "back")
    conn.connected = True
    app.step(0.2)
    assert app.screen.get_at((4, 4))[:3] != (200, 60, 50)


async def test_game_over_leads_to_the_results(app, kit, clock):
    conn = kit.FakeConnection()
    session = TableSession(
        conn, kit.summary(**FOREIGN, names=("Ada", "Bo"), seats=2, started=True), {0: "tok0"}
    )
    transitions.open_table(app, session)
    session.receive_state(state(0, [], over=True, result={"winners": [0], "scores": [12, 7]}))
    app.step(1.0)
    app.step(2.0)
    assert isinstance(app.stack.top, GenericTable)  # the final position stays a moment
    app.step(3.5)
    assert app.stack.top.name == "results"
    shown = app.stack.top.describe()
    assert shown["verdict"] == "Ada (you) wins!"  # a game without an end panel of its own: the ranking
    assert [line for line in shown["lines"] if line[:1].isdigit()] == ["1. Ada (you): 12", "2. Bo: 7"]
    assert "Back to title" in shown["widgets"] and "Play again" not in shown["widgets"]  # a LAN table
    app.stack.top.on_back()  # "Look at the table"
    assert isinstance(app.stack.top, GenericTable)
    kit.press(app, "menu")
    menu = app.stack.top
    assert menu.name == "pause" and "keeps cooking" not in menu.message and "over" in menu.message
    menu.to_the_end()  # and back to the end's buttons
    assert app.stack.top.name == "results"


async def test_a_started_table_is_watched_and_a_waiting_one_joined(app, kit):
    from soupkitchen.client.scenes.join import TablesScene

    conn = kit.FakeConnection()
    playing = {**kit.summary(**FOREIGN, started=True), "id": "busy"}
    waiting = {**kit.summary(**FOREIGN, names=("Bo",)), "id": "open"}
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
    session.receive_state(
        {
            **state(None, []),
            "view": {
                "seat": None,
                "legal_actions": [],
                "active_seats": [],
                "over": False,
                "deadline": None,
                "pot": 4,
            },
        }
    )
    app.step(app.clock.t + 1)
    assert session.shown_seat is None and ("Pot", "4") in app.stack.top.describe()["facts"]


def test_the_generic_table_reads_any_view_aloud(app, kit):
    from soupkitchen.client.tables.wording import action_label, facts, headline, log_lines, readable

    view = {
        "seat": 0,
        "legal_actions": [],
        "deadline": None,
        "over": False,
        "game": "x",
        "prompt": "Chef 1: draw or take",
        "log": ["a", "b", "c"],
        "pot": [None, None],
        "recipe": {"name": "Mushroom Soup", "points": 15},
        "spices": ["salt", "dill"],
        "result": None,
    }
    assert headline(view) == "Chef 1: draw or take"
    assert log_lines(view, 2) == ["b", "c"]
    assert facts(view) == [
        ("Pot", "2 hidden"),
        ("Recipe / name", "Mushroom Soup"),
        ("Recipe / points", "15"),
        ("Spices", "salt, dill"),
    ]
    assert action_label({"type": "take_card", "pile": 2}) == "Take card: pile 2"
    assert readable({"a": {"b": {"c": 1}}}) == "a b {...}"  # deep nesting is cut short


def test_the_generic_table_scrolls_long_views(app, kit):
    conn = kit.FakeConnection()
    session = TableSession(conn, kit.summary(**FOREIGN, started=True), {0: "tok0"})
    transitions.open_table(app, session)
    view = {f"fact_{i:02d}": i for i in range(40)}
    session.receive_state(
        {
            **state(0, []),
            "view": {
                "seat": 0,
                "legal_actions": [],
                "active_seats": [],
                "over": False,
                "deadline": None,
                **view,
            },
        }
    )
    app.step(0.0)
    table = app.stack.top
    kit.press(app, "rotate_right")  # E / right shoulder: further down
    kit.press(app, "rotate_right")
    assert table.facts_from == 6
    kit.press(app, "rotate_left")
    assert table.facts_from == 3
    for _ in range(30):
        kit.press(app, "rotate_right")
    assert table.facts_from == 39  # never past the last fact
    app.step(0.1)


def test_the_countdown_stands_still_while_the_table_is_held(kit):
    conn = kit.FakeConnection()
    session = TableSession(conn, kit.summary(**FOREIGN, started=True), {0: "tok0"})
    conn.offset.add_sample(100.0, 5100.0, 100.0)
    session.receive_state({**state(0, []), "deadline": 5190.0, "server_time": 5130.0, "paused": True})
    assert session.remaining(130.0) == session.remaining(150.0) == pytest.approx(60.0)
    # Released at server time 5150: the server sends the deadline moved out by the 20 s held.
    session.receive_state({**state(0, []), "deadline": 5210.0, "server_time": 5150.0, "paused": False})
    assert session.remaining(150.0) == pytest.approx(60.0)
    assert session.remaining(160.0) == pytest.approx(50.0)


async def test_a_couch_player_can_hand_the_controls_on_when_everyone_may_act(app, kit):
    conn = kit.FakeConnection()
    session = TableSession(
        conn, kit.summary(**FOREIGN, names=("Ada", "Bo"), started=True), {0: "tok0", 1: "tok1"}
    )
    transitions.open_table(app, session)
    session.receive_state(state(0, [{"type": "stir"}]))
    session.receive_state(state(1, [{"type": "stir"}]))
    await kit.settle(app)
    kit.press(app, "select")  # Ada takes the controls
    assert session.shown_seat == 0
    kit.press(app, "handoff")  # H / Back button: Bo's go
    await kit.settle(app)
    assert isinstance(app.stack.top, HandoffScene) and app.stack.top.seat == 1
    assert session.shown_seat is None


async def test_a_move_overtaken_by_another_is_resent_if_still_legal(app, kit):
    conn = kit.FakeConnection()
    session = TableSession(conn, kit.summary(**FOREIGN, started=True), {0: "tok0"})
    session.receive_state(state(0, [{"type": "pass"}], state_id=3))

    def act(payload):
        if payload["state_id"] == 3:  # a bot moved first: the server is at state 4 and says so
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
    assert len(conn.events("act")) == 3  # not resent: it is no longer legal
