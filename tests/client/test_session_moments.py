"""The session's re-send rule: an action overtaken by another move is sent again for the newest state
only if it still means what it meant. A game's moment actions (a Stone Soup call, which names its
play) are never sent again: the call the player made was for the claim they saw."""

from __future__ import annotations

from soupkitchen.client.session import TableSession


def pushed(session: TableSession, legal: list[dict], state_id: int) -> None:
    session.receive_state({"table": "t1", "seat": 0, "state_id": state_id, "deadline": None, "server_time": 0.0,
                           "events": [], "view": {"seat": 0, "legal_actions": legal, "deadline": None, "over": False}})


async def test_a_call_overtaken_by_another_move_is_never_sent_again(kit):
    conn = kit.FakeConnection()
    session = TableSession(conn, kit.summary(started=True, game="stone-soup"), {0: "tok0"})
    call = {"type": "challenge", "play": 7, "label": "Call \"stone soup!\""}
    pushed(session, [call], state_id=3)

    def overtaken(payload):   # a bot let the play go first: the newer view lists the very same call
        pushed(session, [call], state_id=4)
        return {"ok": False, "error": {"code": "stale_state", "message": "the table has moved on"}}

    conn.replies["act"] = overtaken
    ack = await session.act(0, call, quiet=True)
    assert not ack["ok"] and len(conn.events("act")) == 1
    assert session.is_moment(call) and session.is_moment({"type": "let_go", "play": 7})
    assert not session.is_moment({"type": "play", "cards": {"potato": 1}, "count": 1})


async def test_other_games_and_other_actions_are_still_sent_again(kit):
    conn = kit.FakeConnection()
    session = TableSession(conn, kit.summary(started=True, game="too-many-cooks"), {0: "tok0"})
    move = {"type": "challenge", "play": 7}   # not a moment action of this game
    pushed(session, [move], state_id=3)

    def overtaken(payload):
        if payload["state_id"] == 3:
            pushed(session, [move], state_id=4)
            return {"ok": False, "error": {"code": "stale_state", "message": "the table has moved on"}}
        return {"ok": True, "state_id": 5}

    conn.replies["act"] = overtaken
    assert (await session.act(0, move))["ok"]
    assert [p["state_id"] for p in conn.events("act")] == [3, 4]
