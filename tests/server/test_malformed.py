"""Hypothesis-generated malformed requests: each gets a clear error and no table changes."""

from __future__ import annotations

import asyncio
import threading

import pytest
import toy_game
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from server_testkit import Client

from soupkitchen.server.embedded import EmbeddedServer
from soupkitchen.shared.registry import game_ids, get_game
from soupkitchen.shared.wire.protocol import REQUESTS

CODES = {
    "bad_request",
    "version",
    "unknown_table",
    "bad_token",
    "not_host",
    "table_full",
    "wrong_password",
    "illegal",
    "stale_state",
    "rate_limited",
    "too_large",
    "limit",
    "not_started",
    "already_started",
    "not_ready",
    "unknown_event",
}

json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(min_value=-(2**70), max_value=2**70)
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=20),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=12,
)


class Background:
    """A server and one client on an event loop in another thread, driven from synchronous tests."""

    def __init__(self, db_path) -> None:
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, daemon=True)
        self.thread.start()
        self.server = EmbeddedServer(db_path, bot_delay=30.0, rate=10_000.0, burst=10_000.0)
        self.run(self.server.start())
        self.client = self.run(Client(self.server.url).connect())
        self.tables: dict[str, tuple[str, str]] = {}  # game -> (table id, token)

    def run(self, coro, timeout: float = 20.0):
        return asyncio.run_coroutine_threadsafe(coro, self.loop).result(timeout)

    def table(self, game_id: str) -> tuple[str, str]:
        if game_id not in self.tables:
            game = get_game(game_id)
            created = self.run(
                self.client.ok(
                    "create_table", {"game": game_id, "seats": max(game.min_players, 2), "name": "Ann"}
                )
            )
            self.run(self.client.ok("start", {"token": created["token"]}))
            self.run(self.client.ok("hold", {"token": created["token"], "on": True}))  # no clock, no bot
            self.tables[game_id] = (created["table"]["id"], created["token"])
        return self.tables[game_id]

    @staticmethod
    async def _cancel_the_rest() -> None:
        rest = [t for t in asyncio.all_tasks() if t is not asyncio.current_task()]
        for task in rest:
            task.cancel()
        await asyncio.gather(*rest, return_exceptions=True)

    def fingerprint(self, game_id: str):
        table = self.server.hub.tables[self.table(game_id)[0]]
        return table.state_id, table.game.state_hash(table.state), table.summary()

    def close(self) -> None:
        self.run(self.client.close())
        self.run(self.server.stop())
        self.run(self._cancel_the_rest())
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(5)


@pytest.fixture(scope="module")
def background(tmp_path_factory):
    import toy_game

    from soupkitchen.shared import registry

    saved = dict(registry.ADDED)
    toy_game.install()
    bg = Background(tmp_path_factory.mktemp("malformed") / "server.sqlite3")
    yield bg
    bg.close()
    registry.ADDED.clear()
    registry.ADDED.update(saved)


def check_refused(reply) -> None:
    assert isinstance(reply, dict) and set(reply) >= {"ok"}
    if not reply["ok"]:
        assert reply["error"]["code"] in CODES, reply
        assert isinstance(reply["error"]["message"], str) and reply["error"]["message"]


def shaped_payloads(event: str):
    """Dicts with the request's own field names holding arbitrary JSON (and sometimes extra keys)."""
    fields = list(REQUESTS[event].model_fields) if event in REQUESTS else ["x"]
    return st.dictionaries(st.sampled_from(fields + ["extra"]), json_values, max_size=len(fields) + 1)


@settings(max_examples=150, deadline=None, suppress_health_check=list(HealthCheck))
@given(data=st.data())
def test_any_request_with_any_payload_gets_an_answer_and_changes_no_table(background, data):
    event = data.draw(st.sampled_from([*REQUESTS, "make_soup"]), label="event")
    payload = data.draw(json_values | shaped_payloads(event), label="payload")
    before = background.fingerprint("pepper")
    reply = background.run(background.client.call(event, payload))
    check_refused(reply)
    assert background.fingerprint("pepper") == before


def mutated_actions(game_id: str, state):
    game = get_game(game_id)
    legal = game.legal_actions(state, 0) or [{"type": "timeout"}]
    base = st.sampled_from(legal)
    mutate = st.tuples(
        base, st.text(max_size=8) | st.sampled_from(sorted({k for a in legal for k in a})), json_values
    ).map(lambda t: {**t[0], t[1]: t[2]})
    return json_values | mutate


@pytest.mark.parametrize(
    "game_id", [toy_game.GAME_ID, *game_ids()]
)  # the test kit's game and every registered one
def test_malformed_actions_are_refused_by_the_rules_and_change_nothing(background, game_id):
    tid, token = background.table(game_id)
    table = background.server.hub.tables[tid]

    @settings(max_examples=60, deadline=None, suppress_health_check=list(HealthCheck))
    @given(action=mutated_actions(game_id, table.state))
    def attempt(action):
        before = background.fingerprint(game_id)
        legal = (
            table.game.validate(table.state, 0, action, table.game_now(background.server.hub.clock())) is None
        )
        if legal:
            return  # a real move: it would rightly change the table
        reply = background.run(
            background.client.call("act", {"token": token, "state_id": table.state_id, "action": action})
        )
        check_refused(reply)
        assert not reply["ok"] and reply["error"]["code"] in ("illegal", "too_large", "bad_request")
        assert background.fingerprint(game_id) == before

    attempt()
