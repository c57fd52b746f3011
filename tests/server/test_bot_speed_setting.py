"""The host's bot speed is a table setting in seconds: a bad one, at creation or in the lobby, is
refused with a clear error and changes nothing."""

from __future__ import annotations

import pytest

from tests.server.server_testkit import Client


@pytest.mark.parametrize("delay", [-1, 30.5, "fast", True, [1.2], {"s": 1}])
async def test_a_bad_bot_speed_is_refused_and_changes_nothing(servers, delay):
    server = await servers()
    ann = await Client(server.url).connect()
    try:
        created = await ann.ok(
            "create_table", {"game": "pepper", "seats": 2, "name": "Ann", "settings": {"bot_delay": 0.4}}
        )
        table_id = created["table"]["id"]
        before = dict(server.hub.tables[table_id].settings)
        await ann.error(
            "set_options",
            {"token": created["token"], "options": {}, "settings": {"bot_delay": delay}},
            "bad_request",
        )
        await ann.error(
            "create_table",
            {"game": "pepper", "seats": 2, "name": "Ann", "settings": {"bot_delay": delay}},
            "bad_request",
        )
        assert server.hub.tables[table_id].settings == before and len(server.hub.tables) == 1
        assert (await ann.ok("list_tables", {}))["tables"][0]["settings"]["bot_delay"] == 0.4
    finally:
        await ann.close()


async def test_the_host_alone_sets_the_bot_speed(servers):
    server = await servers()
    ann, bob = await Client(server.url).connect(), await Client(server.url).connect()
    try:
        created = await ann.ok("create_table", {"game": "pepper", "seats": 3, "name": "Ann"})
        table_id = created["table"]["id"]
        guest = (await bob.ok("join_table", {"table": table_id, "name": "Bob"}))["token"]
        await bob.error(
            "set_options", {"token": guest, "options": {}, "settings": {"bot_delay": 2.5}}, "not_host"
        )
        await ann.ok(
            "set_options", {"token": created["token"], "options": {}, "settings": {"bot_delay": 2.5}}
        )
        assert server.hub.tables[table_id].settings["bot_delay"] == 2.5
    finally:
        await ann.close()
        await bob.close()
