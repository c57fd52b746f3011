"""The session's re-send rule: an action overtaken by another move is sent again for the newest state
only if it still means what it meant. A game's moment actions (a Stone Soup call, which names its
play) are never sent again: the call the player made was for the claim they saw."""

from __future__ import annotations

from typing import Any

from soupkitchen.client.net.session import TableSession
from soupkitchen.shared.registry import get_game


def table_at(game_id: str, wanted: str | None = None, players: int = 4) -> tuple[Any, Any]:
    """A game and its first state where seat 0 is offered a move (of type ``wanted``, if given)."""
    game = get_game(game_id)
    state = game.setup(players, game.normalise_options({}, players), 5)
    while not any(wanted in (None, a["type"]) for a in game.legal_actions(state, 0)):
        seat = game.active_seats(state)[0]
        state, _ = game.apply(state, seat, game.legal_actions(state, seat)[0], 0.0)
    return game, state


def pushed(session: TableSession, game: Any, state: Any, state_id: int) -> None:
    view = game.view(state, 0)
    session.receive_state(
        {
            "table": "t1",
            "seat": 0,
            "state_id": state_id,
            "deadline": view["deadline"],
            "server_time": 0.0,
            "events": [],
            "view": view,
            "paused": False,
            "snapshot": False,
        }
    )


async def test_a_call_overtaken_by_another_move_is_never_sent_again(kit):
    conn = kit.FakeConnection()
    session = TableSession(conn, kit.summary(started=True, game="stone-soup"), {0: "tok0"})
    game, state = table_at("stone-soup", "challenge")
    pushed(session, game, state, state_id=3)
    call = next(a for a in session.view(0)["legal_actions"] if a["type"] == "challenge")

    def overtaken(payload):  # a bot let the play go first: the newer view lists the very same call
        pushed(session, game, state, state_id=4)
        return {"ok": False, "error": {"code": "stale_state", "message": "the table has moved on"}}

    conn.replies["act"] = overtaken
    ack = await session.act(0, call, quiet=True)
    assert not ack["ok"] and len(conn.events("act")) == 1
    assert session.is_moment(call) and session.is_moment({"type": "let_go", "play": call["play"]})
    assert not session.is_moment({"type": "play", "cards": {"potato": 1}, "count": 1})


async def test_other_games_and_other_actions_are_still_sent_again(kit):
    conn = kit.FakeConnection()
    session = TableSession(conn, kit.summary(started=True, game="pink-soup", title="Pink Soup"), {0: "tok0"})
    game, state = table_at("pink-soup")
    pushed(session, game, state, state_id=3)
    move = session.view(0)["legal_actions"][0]

    def overtaken(payload):  # the newer view offers the very same move: it still means what it meant
        if payload["state_id"] == 3:
            pushed(session, game, state, state_id=4)
            return {"ok": False, "error": {"code": "stale_state", "message": "the table has moved on"}}
        return {"ok": True, "state_id": 5}

    conn.replies["act"] = overtaken
    assert (await session.act(0, move))["ok"]
    assert [p["state_id"] for p in conn.events("act")] == [3, 4]
