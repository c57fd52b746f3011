"""A session that takes deltas: each is applied to a copy of the view it holds of the patch's base
(a scene keeps the view it drew), and one it cannot apply asks the server for the whole views once."""

from __future__ import annotations

import asyncio
import copy

from soupkitchen.client.net.session import TableSession
from soupkitchen.shared.registry import get_game
from tests.client.test_session_moments import pushed, table_at


def delta(base: int, state_id: int, patch: list) -> dict:
    return {
        "table": "t1",
        "seat": 0,
        "base": base,
        "state_id": state_id,
        "patch": patch,
        "events": [],
        "deadline": None,
        "server_time": 0.0,
        "paused": False,
    }


async def test_a_delta_on_the_view_held_makes_the_next_view_and_leaves_the_old_one_as_it_was(kit):
    conn = kit.FakeConnection()
    session = TableSession(conn, kit.summary(started=True, game="pink-soup", title="Pink Soup"), {0: "tok0"})
    game, state = table_at("pink-soup")
    pushed(session, game, state, state_id=3)
    drawn = session.view(0)
    kept = copy.deepcopy(drawn)
    seen = []
    session.listeners.append(lambda seat, view, events: seen.append(view))
    session.receive_delta(delta(3, 4, [{"op": "replace", "path": "/legal_actions", "value": []}]))
    assert session.state_id == 4 and session.view(0)["legal_actions"] == [] and seen == [session.view(0)]
    assert drawn == kept  # the scene's copy is untouched
    session.receive_delta(delta(2, 3, []))  # old news
    assert session.state_id == 4 and not conn.sent


async def test_a_delta_that_does_not_fit_asks_for_the_whole_views_once(kit):
    conn = kit.FakeConnection()
    session = TableSession(conn, kit.summary(started=True, game="pink-soup", title="Pink Soup"), {0: "tok0"})
    game, state = table_at("pink-soup")
    session.receive_delta(delta(0, 1, []))  # no view yet: a whole one is on its way
    pushed(session, game, state, state_id=3)
    session.receive_delta(delta(5, 6, []))  # it missed state 5
    session.receive_delta(delta(6, 7, []))
    session.receive_delta(delta(3, 4, [{"op": "remove", "path": "/no/such/place"}]))
    for _ in range(3):  # the request is sent from a task of its own
        await asyncio.sleep(0)
    assert conn.sent == [("resync", {"table": "t1"})]
    assert session.state_id == 3
    pushed(session, game, state, state_id=7)  # the whole view; later deltas build on it
    assert get_game("pink-soup").view_model.validate_python(session.view(0))
