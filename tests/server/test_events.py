"""The server's one table of socket events: it answers every request of the protocol and nothing
else, each through a real socket, and a request with no payload gets a clear refusal or a plain
answer and changes no table."""

from __future__ import annotations

from server_testkit import Client

from soupkitchen.shared.wire.protocol import REQUESTS


async def test_the_event_table_answers_every_request_of_the_protocol_and_nothing_else(server):
    assert set(server.hub.events) == set(REQUESTS)
    client = await Client(server.url).connect()
    try:
        for event in sorted(server.hub.events):
            reply = await client.call(event, {})
            assert reply["ok"] or reply["error"]["code"] in {"bad_request", "version"}, (event, reply)
        assert (await client.call("no_such_request", {}))["error"]["code"] == "unknown_event"
    finally:
        await client.close()
    assert not server.hub.tables
