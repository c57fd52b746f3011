"""Saying ready in the lobby: the host's start waits for every other player; a change of options or
line-up, or a dropped connection, asks again."""

from __future__ import annotations

import sqlite3

from server_testkit import Client

from soupkitchen.server.embedded import EmbeddedServer
from soupkitchen.server.storage.store import Store


def ready_flags(table):
    return [seat["ready"] for seat in table["seats"]]


async def seated_table(clients, seats=4):
    """Ann hosts; Bob and Cy join. Returns the clients and their tokens."""
    ann, bob, cy = await clients(), await clients(), await clients()
    created = await ann.ok("create_table", {"game": "pepper", "options": {}, "seats": seats, "name": "Ann"})
    tid = created["table"]["id"]
    bob_token = (await bob.ok("join_table", {"table": tid, "name": "Bob"}))["token"]
    cy_token = (await cy.ok("join_table", {"table": tid, "name": "Cy"}))["token"]
    return tid, (ann, created["token"]), (bob, bob_token), (cy, cy_token)


async def test_the_host_starts_only_when_every_other_player_is_ready(clients):
    tid, (ann, host), (bob, bob_token), (cy, cy_token) = await seated_table(clients, seats=4)
    await ann.ok("add_bot", {"token": host, "seat": 3})
    table = (await ann.ok("list_tables", {}))["tables"][0]
    assert ready_flags(table) == [True, False, False, True]  # the host and bots are ready
    refused = await ann.error("start", {"token": host}, "not_ready")
    assert refused["error"]["message"] == "Bob and Cy are not ready yet"
    await bob.ok("ready", {"token": bob_token, "on": True})
    await ann.wait_for(lambda: ready_flags(ann.lobbies[-1]["table"]) == [True, True, False, True])
    refused = await ann.error("start", {"token": host}, "not_ready")
    assert refused["error"]["message"] == "Cy is not ready yet"
    await cy.ok("ready", {"token": cy_token, "on": True})
    await cy.ok("ready", {"token": cy_token, "on": False})  # changed their mind
    await ann.error("start", {"token": host}, "not_ready")
    await cy.error("ready", {"token": bob_token, "on": True}, "bad_token")  # not Cy's seat
    await cy.error("ready", {"token": cy_token, "on": "yes"}, "bad_request")
    await bob.error("start", {"token": bob_token}, "not_host")
    await cy.ok("ready", {"token": cy_token, "on": True})
    await ann.ok("start", {"token": host})
    await cy.wait_for(lambda: cy.latest(2))
    await bob.error("ready", {"token": bob_token, "on": False}, "already_started")


async def test_changing_the_options_asks_everyone_again(clients):
    tid, (ann, host), (bob, bob_token), (cy, cy_token) = await seated_table(clients, seats=3)
    for client, token in ((bob, bob_token), (cy, cy_token)):
        await client.ok("ready", {"token": token, "on": True})
    await ann.ok("set_options", {"token": host, "options": {}})  # the same options again: nothing changed
    assert ready_flags((await ann.ok("list_tables", {}))["tables"][0]) == [True, True, True]
    await ann.ok("set_options", {"token": host, "options": {"moves": 3}})
    await bob.wait_for(lambda: bob.lobbies[-1]["table"]["options"]["moves"] == 3)
    assert ready_flags(bob.lobbies[-1]["table"]) == [True, False, False]
    await ann.error("start", {"token": host}, "not_ready")
    for client, token in ((bob, bob_token), (cy, cy_token)):
        await client.ok("ready", {"token": token, "on": True})
    await ann.ok(
        "set_options", {"token": host, "options": {"moves": 3}, "settings": {"handoff_pauses_timer": False}}
    )
    assert ready_flags((await ann.ok("list_tables", {}))["tables"][0]) == [True, False, False]


async def test_the_new_host_is_ready_when_the_host_leaves(clients):
    tid, (ann, host), (bob, bob_token), (cy, cy_token) = await seated_table(clients, seats=3)
    await cy.ok("ready", {"token": cy_token, "on": True})
    await ann.ok("leave", {"token": host})
    table = (await bob.ok("list_tables", {}))["tables"][0]
    assert table["host_seat"] == 1 and ready_flags(table) == [False, True, False]  # Ann left: Cy asked again
    refused = await bob.error("start", {"token": bob_token}, "not_ready")
    assert refused["error"]["message"] == "Cy is not ready yet"
    await cy.ok("ready", {"token": cy_token, "on": True})
    await bob.ok("start", {"token": bob_token})


async def everyone_ready(ann, players, tid, expect):
    """Bob and Cy say ready; wait until Ann's lobby shows ``expect``."""
    for client, token in players:
        await client.ok("ready", {"token": token, "on": True})
    await ann.wait_for(lambda: ann.lobbies and ready_flags(ann.lobbies[-1]["table"]) == expect)


async def refused_start(ann, host, bob, expect, message):
    """Everyone sees the cleared flags, and the host's start waits for the players named."""
    await bob.wait_for(lambda: bob.lobbies and ready_flags(bob.lobbies[-1]["table"]) == expect)
    refused = await ann.error("start", {"token": host}, "not_ready")
    assert refused["error"]["message"] == message


async def test_a_player_taking_a_seat_asks_everyone_again(server, clients):
    tid, (ann, host), bob, cy = await seated_table(clients, seats=4)
    await everyone_ready(ann, (bob, cy), tid, [True, True, True, False])
    dee = await clients()
    await dee.ok("join_table", {"table": tid, "name": "Dee"})
    await refused_start(ann, host, bob[0], [True, False, False, False], "Bob, Cy and Dee are not ready yet")
    saved = server.hub.store.load_table(tid)
    assert [seat["ready"] for seat in saved["seats"]] == [False, False, False, False]


async def test_a_player_leaving_asks_the_others_again(clients):
    tid, (ann, host), bob, (cy, cy_token) = await seated_table(clients, seats=3)
    await everyone_ready(ann, (bob, (cy, cy_token)), tid, [True, True, True])
    await cy.ok("leave", {"token": cy_token})
    await refused_start(ann, host, bob[0], [True, False, False], "Bob is not ready yet")


async def test_a_bot_added_or_removed_asks_everyone_again(clients):
    tid, (ann, host), bob, cy = await seated_table(clients, seats=4)
    await everyone_ready(ann, (bob, cy), tid, [True, True, True, False])
    await ann.ok("add_bot", {"token": host, "seat": 3})
    await refused_start(ann, host, bob[0], [True, False, False, True], "Bob and Cy are not ready yet")
    await everyone_ready(ann, (bob, cy), tid, [True, True, True, True])
    await ann.ok("remove_bot", {"token": host, "seat": 3})
    await refused_start(ann, host, bob[0], [True, False, False, False], "Bob and Cy are not ready yet")


async def test_kicking_a_player_asks_the_others_again(clients):
    tid, (ann, host), bob, (cy, cy_token) = await seated_table(clients, seats=3)
    await everyone_ready(ann, (bob, (cy, cy_token)), tid, [True, True, True])
    await ann.ok("kick", {"token": host, "seat": 2})
    await cy.wait_for(lambda: cy.kicked)
    await refused_start(ann, host, bob[0], [True, False, False], "Bob is not ready yet")
    await everyone_ready(ann, (bob,), tid, [True, True, False])
    await ann.ok("start", {"token": host})


async def test_a_player_who_drops_out_is_not_ready_until_they_come_back_and_say_so(server, clients):
    tid, (ann, host), (bob, bob_token), cy = await seated_table(clients, seats=3)
    await everyone_ready(ann, ((bob, bob_token), cy), tid, [True, True, True])
    await bob.close()
    await ann.wait_for(lambda: ann.lobbies[-1]["table"]["seats"][1]["connected"] is False)
    assert ready_flags(ann.lobbies[-1]["table"]) == [True, False, True]
    refused = await ann.error("start", {"token": host}, "not_ready")
    assert refused["error"]["message"] == "Bob is not ready yet"
    assert [seat["ready"] for seat in server.hub.store.load_table(tid)["seats"]] == [False, False, True]
    back = await clients()
    resumed = await back.ok("resume", {"token": bob_token})
    assert ready_flags(resumed["table"]) == [True, False, True]  # coming back is not saying ready
    await ann.error("start", {"token": host}, "not_ready")
    await everyone_ready(ann, ((back, bob_token),), tid, [True, True, True])
    await ann.ok("start", {"token": host})


async def test_a_second_connection_on_the_seat_keeps_it_ready(clients):
    tid, (ann, host), (bob, bob_token), cy = await seated_table(clients, seats=3)
    other = await clients()
    await other.ok("resume", {"token": bob_token})
    await everyone_ready(ann, ((bob, bob_token), cy), tid, [True, True, True])
    seen = len(ann.lobbies)
    await bob.close()  # Bob's other window still holds the seat
    await ann.wait_for(lambda: len(ann.lobbies) > seen)
    assert ready_flags(ann.lobbies[-1]["table"]) == [True, True, True]
    await ann.ok("start", {"token": host})


async def test_a_host_alone_with_bots_starts_at_once(clients):
    ann = await clients()
    created = await ann.ok("create_table", {"game": "pepper", "options": {}, "seats": 4, "name": "Ann"})
    host = created["token"]
    await ann.ok("add_bot", {"token": host})
    await ann.ok("add_bot", {"token": host})
    await ann.ok("remove_bot", {"token": host, "seat": 2})
    assert ready_flags((await ann.ok("list_tables", {}))["tables"][0]) == [True, True, False, False]
    await ann.ok("start", {"token": host})
    await ann.wait_for(lambda: ann.latest(0))


async def test_ready_survives_a_restart(server, clients):
    tid, (ann, host), (bob, bob_token), (cy, cy_token) = await seated_table(clients, seats=3)
    await bob.ok("ready", {"token": bob_token, "on": True})
    await server.stop()
    again = EmbeddedServer(server.config.db_path, bot_delay=0.01)
    await again.start()
    clients_again = []
    try:
        for token in (host, bob_token, cy_token):
            client = await Client(again.url).connect()
            clients_again.append(client)
            await client.ok("resume", {"token": token})
        ann2, _bob2, cy2 = clients_again
        table = (await ann2.ok("list_tables", {}))["tables"][0]
        assert table["id"] == tid and ready_flags(table) == [True, True, False]
        refused = await ann2.error("start", {"token": host}, "not_ready")
        assert refused["error"]["message"] == "Cy is not ready yet"
        await cy2.ok("ready", {"token": cy_token, "on": True})
        await ann2.ok("start", {"token": host})
    finally:
        for client in clients_again:
            await client.close()
        await again.stop()


def test_a_database_from_before_ready_is_brought_up_to_date(tmp_path):
    path = tmp_path / "old.sqlite3"
    old = sqlite3.connect(path)
    old.executescript(
        "CREATE TABLE seats (table_id TEXT NOT NULL, seat INTEGER NOT NULL, name TEXT,"
        " token_hash TEXT, bot INTEGER NOT NULL DEFAULT 0, PRIMARY KEY (table_id, seat));"
        "INSERT INTO seats VALUES ('t1', 0, 'Ann', 'abc', 0);"
    )
    old.close()
    store = Store(path)
    row = {
        "id": "t1",
        "game": "pepper",
        "players": 2,
        "options": {},
        "settings": {},
        "password": None,
        "host_seat": 0,
        "seed": None,
        "started": False,
        "over": False,
        "closed": False,
        "created": 1.0,
    }
    store.save_table(
        row,
        [
            {"name": "Ann", "token_hash": "abc", "bot": False, "ready": False},
            {"name": "Bob", "token_hash": "def", "bot": False, "ready": True},
        ],
    )
    loaded = store.load_table("t1")
    store.close()
    assert [seat["ready"] for seat in loaded["seats"]] == [False, True]
