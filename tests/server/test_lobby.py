"""The lobby over a real socket: hello, tables, seats, host powers, limits, emotes, health."""

from __future__ import annotations

from server_testkit import fetch_json


async def new_table(client, seats=3, **extra):
    payload = {"game": "pepper", "options": {}, "seats": seats, "name": "Ann", **extra}
    return await client.ok("create_table", payload)


async def test_hello_lists_games_and_refuses_other_versions(clients):
    client = await clients(hello=False)
    await client.error("list_tables", {}, "version")
    await client.error("hello", {"protocol": 2, "client": "future"}, "version")
    await client.error("hello", {"protocol": "1"}, "bad_request")
    reply = await client.ok("hello", {"protocol": 1, "client": "soupkitchen 0.1"})
    assert reply["protocol"] == 1 and reply["server_id"]
    pepper = next(g for g in reply["games"] if g["id"] == "pepper")
    assert pepper["min_players"] == 1 and pepper["options"][0]["key"] == "moves"
    assert (await client.ok("list_tables", {}))["tables"] == []


async def test_create_join_and_list(clients):
    ann, bob, cy = await clients(), await clients(), await clients()
    created = await new_table(ann)
    table = created["table"]
    assert created["seat"] == 0 and table["host_seat"] == 0 and table["game"] == "pepper"
    assert table["seats"][0]["name"] == "Ann" and table["seats"][0]["connected"]
    assert table["options"] == {"moves": 6, "turn_seconds": 5}
    assert table["settings"] == {"bot_delay": 0.01, "handoff_pauses_timer": True, "listed": True}
    joined = await bob.ok("join_table", {"table": table["id"], "name": "Bob"})
    assert joined["seat"] == 1 and joined["token"] != created["token"]
    await cy.error("join_table", {"table": table["id"], "name": "Cy", "seat": 1}, "table_full")
    await cy.error("join_table", {"table": "nope", "name": "Cy"}, "unknown_table")
    listed = (await cy.ok("list_tables", {}))["tables"]
    assert [t["id"] for t in listed] == [table["id"]]
    assert [s["name"] for s in listed[0]["seats"]] == ["Ann", "Bob", None]
    await ann.wait_for(lambda: any(lob["table"]["seats"][1]["name"] == "Bob" for lob in ann.lobbies))
    await cy.ok("join_table", {"table": table["id"], "name": "Cy"})
    extra = await clients()
    await extra.error("join_table", {"table": table["id"], "name": "Dee"}, "table_full")


async def test_password(clients):
    ann, bob = await clients(), await clients()
    table = (await new_table(ann, password="leek"))["table"]
    assert table["has_password"]
    await bob.error("join_table", {"table": table["id"], "name": "Bob"}, "wrong_password")
    await bob.error("join_table", {"table": table["id"], "name": "Bob", "password": "lek"}, "wrong_password")
    await bob.error("spectate", {"table": table["id"]}, "wrong_password")
    await bob.ok("join_table", {"table": table["id"], "name": "Bob", "password": "leek"})


async def test_host_powers_before_start(clients):
    ann, bob = await clients(), await clients()
    created = await new_table(ann, seats=4)
    tid, host = created["table"]["id"], created["token"]
    guest = (await bob.ok("join_table", {"table": tid, "name": "Bob"}))["token"]
    await bob.error("add_bot", {"token": guest}, "not_host")
    await bob.error("kick", {"token": guest, "seat": 0}, "not_host")
    await bob.error("start", {"token": guest}, "not_host")
    await bob.error("set_options", {"token": guest, "options": {"moves": 3}}, "not_host")
    assert (await ann.ok("add_bot", {"token": host}))["seat"] == 2
    await ann.error("add_bot", {"token": host, "seat": 1}, "table_full")
    await ann.ok("remove_bot", {"token": host, "seat": 2})
    await ann.error("remove_bot", {"token": host, "seat": 1}, "bad_request")
    await ann.error("set_options", {"token": host, "options": {"moves": 0}}, "bad_request")
    await ann.error("set_options", {"token": host, "options": {"colour": 1}}, "bad_request")
    await ann.ok(
        "set_options", {"token": host, "options": {"moves": 3}, "settings": {"handoff_pauses_timer": False}}
    )
    table = (await ann.ok("list_tables", {}))["tables"][0]
    assert table["options"]["moves"] == 3 and table["settings"]["handoff_pauses_timer"] is False
    await ann.ok("kick", {"token": host, "seat": 1})
    await bob.wait_for(lambda: bob.kicked)
    assert bob.kicked == [{"table": tid}]
    await bob.error("leave", {"token": guest}, "bad_token")
    await ann.ok("start", {"token": host})
    table = (await ann.ok("list_tables", {}))["tables"][0]
    assert table["started"] and [s["bot"] for s in table["seats"]] == [False, True, True, True]
    await ann.error("start", {"token": host}, "already_started")
    await ann.error("add_bot", {"token": host}, "already_started")
    await bob.error("join_table", {"table": tid, "name": "Bob"}, "already_started")


async def test_leaving_passes_host_and_empty_table_closes(clients):
    ann, bob, watcher = await clients(), await clients(), await clients()
    created = await new_table(ann)
    tid = created["table"]["id"]
    guest = (await bob.ok("join_table", {"table": tid, "name": "Bob"}))["token"]
    await watcher.ok("spectate", {"table": tid})
    await ann.ok("leave", {"token": created["token"]})
    await ann.error("start", {"token": created["token"]}, "bad_token")
    table = (await bob.ok("list_tables", {}))["tables"][0]
    assert table["host_seat"] == 1 and table["seats"][0]["name"] is None
    assert not table["closed"]
    await bob.ok("leave", {"token": guest})
    assert (await bob.ok("list_tables", {}))["tables"] == []
    await watcher.wait_for(lambda: watcher.lobbies[-1]["table"]["closed"])  # the watcher hears it closed
    await watcher.error("spectate", {"table": tid}, "unknown_table")


async def test_limits_and_bad_requests(server, clients):
    server.config.max_tables = 1
    ann = await clients()
    await ann.error("create_table", {"game": "pepper", "seats": 9, "name": "A"}, "limit")
    await ann.error("create_table", {"game": "chowder", "seats": 2, "name": "A"}, "bad_request")
    await ann.error("create_table", {"game": "pepper", "seats": 7, "name": "A"}, "bad_request")
    await ann.error("create_table", {"game": "pepper", "seats": 2, "name": ""}, "bad_request")
    await new_table(ann)
    await ann.error("create_table", {"game": "pepper", "seats": 2, "name": "A"}, "limit")
    await ann.error("list_tables", {"padding": "x" * 20_000}, "too_large")
    await ann.error("list_tables", [1, 2], "bad_request")
    await ann.error("make_soup", {}, "unknown_event")


async def test_rate_limit(server, clients):
    server.config.burst = 5
    server.config.rate = 1
    ann = await clients()
    replies = [await ann.call("time_sync", {"client_time": 1.0}) for _ in range(8)]
    codes = [r["error"]["code"] for r in replies if not r["ok"]]
    assert codes and set(codes) == {"rate_limited"}


async def test_emotes_are_broadcast_and_rate_limited(server, clients):
    ann, bob, watcher = await clients(), await clients(), await clients()
    created = await new_table(ann)
    await bob.ok("join_table", {"table": created["table"]["id"], "name": "Bob"})
    await watcher.ok("spectate", {"table": created["table"]["id"]})
    await ann.ok("emote", {"token": created["token"], "emote": "delicious"})
    await ann.error("emote", {"token": created["token"], "emote": "fine"}, "rate_limited")
    await ann.error("emote", {"token": created["token"], "emote": "you are all slow"}, "bad_request")
    expected = {"table": created["table"]["id"], "seat": 0, "emote": "delicious"}
    for client in (ann, bob, watcher):
        await client.wait_for(lambda c=client: c.emotes)
        assert client.emotes == [expected]


async def test_health_and_metrics(server, clients):
    ann = await clients()
    await new_table(ann)
    health = await fetch_json(server.url + "/healthz")
    assert health["ok"] and health["tables"] == 1
    metrics = await fetch_json(server.url + "/metrics")
    assert metrics["tables"] == 1 and metrics["players"] == 1 and metrics["connections"] == 1
    assert {"actions_per_s", "latency_ms", "actions_total"} <= set(metrics)
