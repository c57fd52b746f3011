"""Identity is the seat token: reconnecting, the grace period, a bot standing in, taking the seat back."""

from __future__ import annotations

from server_testkit import Client, check_received, stored_record


async def two_player_table(clients, turn_seconds=60, moves=12):
    ann, bob = await clients(), await clients()
    created = await ann.ok(
        "create_table",
        {
            "game": "pepper",
            "seats": 2,
            "name": "Ann",
            "options": {"turn_seconds": turn_seconds, "moves": moves},
        },
    )
    tid = created["table"]["id"]
    joined = await bob.ok("join_table", {"table": tid, "name": "Bob"})
    await bob.ok("ready", {"token": joined["token"], "on": True})
    await ann.ok("start", {"token": created["token"]})
    await bob.wait_for(lambda: bob.latest(1))
    return tid, (ann, created["token"]), (bob, joined["token"])


async def test_reconnect_within_grace_gets_a_full_snapshot(server, clients):
    server.config.grace = 30
    tid, (ann, ann_token), (bob, bob_token) = await two_player_table(clients)
    await ann.ok("act", {"token": ann_token, "state_id": 0, "action": {"type": "add", "n": 2}})
    await bob.wait_for(lambda: bob.latest(1)["state_id"] == 1)
    await bob.close()
    await ann.wait_for(lambda: any(not lob["table"]["seats"][1]["connected"] for lob in ann.lobbies))
    again = await clients()
    await again.error(
        "act", {"token": bob_token, "state_id": 1, "action": {"type": "add", "n": 1}}, "bad_token"
    )
    reply = await again.ok("resume", {"token": bob_token})
    assert reply["seat"] == 1 and reply["table"]["id"] == tid and reply["table"]["seats"][1]["connected"]
    snapshot = await again.wait_for(lambda: again.latest(1))
    assert snapshot["snapshot"] and snapshot["state_id"] == 1
    assert snapshot["view"] == bob.latest(1)["view"]
    await again.ok("act", {"token": bob_token, "state_id": 1, "action": {"type": "add", "n": 3}})
    await ann.wait_for(lambda: ann.latest(0)["state_id"] == 2)
    assert ann.latest(0)["view"]["pot"] == 5
    await again.error("resume", {"token": "not-a-token-at-all"}, "bad_token")


async def test_grace_then_stand_in_bot_then_reclaim(server, clients):
    server.config.grace = 0.2
    tid, (ann, ann_token), (bob, bob_token) = await two_player_table(clients, moves=40)
    await bob.close()
    stood_in = await ann.wait_for(
        lambda: next((lob for lob in ann.lobbies if lob["table"]["seats"][1]["stand_in"]), None), timeout=15
    )
    assert not stood_in["table"]["seats"][1]["connected"]
    # the bot now plays Bob's turns: Ann moves, and the turn comes back to her without a timeout
    for _ in range(2):
        state = ann.latest(0)
        await ann.ok(
            "act", {"token": ann_token, "state_id": state["state_id"], "action": {"type": "add", "n": 1}}
        )
        await ann.wait_for(lambda s=state: ann.latest(0)["state_id"] == s["state_id"] + 2)
        assert ann.latest(0)["events"] == [{"type": "added", "seat": 1, "n": 1}]
    back = Client(server.url)
    await back.connect()
    try:
        reply = await back.ok("resume", {"token": bob_token})
        assert not reply["table"]["seats"][1]["stand_in"]
        state = ann.latest(0)
        await ann.ok(
            "act", {"token": ann_token, "state_id": state["state_id"], "action": {"type": "add", "n": 2}}
        )
        mine = await back.wait_for(lambda: (s := back.latest(1)) and s["view"]["legal_actions"] and s)
        await back.ok(
            "act", {"token": bob_token, "state_id": mine["state_id"], "action": {"type": "add", "n": 3}}
        )
        await ann.wait_for(lambda: ann.latest(0)["state_id"] == mine["state_id"] + 1)
        assert ann.latest(0)["events"] == [{"type": "added", "seat": 1, "n": 3}]
        record = stored_record(server.hub.store, tid)
        check_received(record, ann.states + bob.states + back.states)
    finally:
        await back.close()


async def test_leaving_a_started_game_hands_the_seat_to_a_bot(server, clients):
    tid, (ann, ann_token), (bob, bob_token) = await two_player_table(clients)
    await bob.ok("leave", {"token": bob_token})
    await bob.error("resume", {"token": bob_token}, "bad_token")
    await ann.ok("act", {"token": ann_token, "state_id": 0, "action": {"type": "add", "n": 1}})
    await ann.wait_for(lambda: ann.latest(0)["state_id"] == 2)
    table = (await ann.ok("list_tables", {}))["tables"][0]
    assert table["seats"][1]["bot"] and table["seats"][1]["name"] == "Bob"


async def test_a_seat_away_says_since_when_in_the_servers_clock(servers):
    clock = [1000.0]
    server = await servers(clock=lambda: clock[0], grace=60)
    ann, bob = Client(server.url), Client(server.url)
    for client in (ann, bob):
        await client.connect()
    try:
        created = await ann.ok("create_table", {"game": "pepper", "seats": 2, "name": "Ann", "options": {}})
        joined = await bob.ok("join_table", {"table": created["table"]["id"], "name": "Bob"})
        assert [seat["away_since"] for seat in joined["table"]["seats"]] == [None, None]
        clock[0] = 1012.5
        await bob.close()
        lobby = await ann.wait_for(
            lambda: next((lob for lob in ann.lobbies if not lob["table"]["seats"][1]["connected"]), None)
        )
        assert (
            lobby["table"]["seats"][1]["away_since"] == 1012.5
            and lobby["table"]["seats"][0]["away_since"] is None
        )
        listed = await ann.ok("list_tables", {})
        assert listed["tables"][0]["seats"][1]["away_since"] == 1012.5
        # a client cannot say since when anyone is away: the field is the server's alone
        again = Client(server.url)
        await again.connect()
        await again.error("resume", {"token": joined["token"], "away_since": 0}, "bad_request")
        assert server.hub.tables[created["table"]["id"]].seats[1].away_since == 1012.5
        back = await again.ok("resume", {"token": joined["token"]})
        assert back["table"]["seats"][1]["away_since"] is None
        await again.close()
    finally:
        for client in (ann, bob):
            if client.sio.connected:
                await client.close()


async def test_a_connection_that_goes_is_news_only_to_the_tables_it_was_at(server, clients, monkeypatch):
    """A crowd leaving at once (a LAN party's end, a node's clients following a redirect) costs the
    server the crowd's size, not the crowd times every table it runs."""
    from soupkitchen.server.tables.runner import TableRunner

    hosts = [await clients() for _ in range(6)]
    made = [
        await host.ok("create_table", {"game": "pepper", "seats": 2, "name": f"Host {n}"})
        for n, host in enumerate(hosts)
    ]
    watcher = await clients()
    await watcher.ok("spectate", {"table": made[3]["table"]["id"]})
    told: list[str] = []
    disconnect = TableRunner.disconnect
    monkeypatch.setattr(
        TableRunner, "disconnect", lambda runner, sid: (told.append(runner.table.id), disconnect(runner, sid))
    )
    await watcher.close()
    await hosts[5].close()
    # The server forgets a connection and tells its tables in one step: once both are forgotten,
    # every table that was told of them has been.
    await hosts[0].wait_for(lambda: len(server.hub.conns) == 5)
    assert sorted(told) == sorted([made[3]["table"]["id"], made[5]["table"]["id"]])


async def test_a_resume_can_ask_for_the_latest_moments_as_everyone_saw_them(server, clients):
    """A client opening a resumed game afresh asks for its latest moments: each is the spectator's
    view and the public events that led there, never a seat's own secret; bad counts change nothing."""
    tid, (ann, ann_token), (bob, bob_token) = await two_player_table(clients)
    for state_id, (who, token) in enumerate(((ann, ann_token), (bob, bob_token), (ann, ann_token))):
        await who.ok(
            "act", {"token": token, "state_id": state_id, "action": {"type": "add", "n": state_id + 1}}
        )
        await ann.wait_for(lambda s=state_id: ann.latest(0)["state_id"] == s + 1)
    again = await clients()
    for bad in (-1, 201, "3", True, 1.5, None, [2]):
        await again.error("resume", {"token": bob_token, "recent": bad}, "bad_request")
    await again.error(
        "act", {"token": bob_token, "state_id": 3, "action": {"type": "add", "n": 1}}, "bad_token"
    )  # refused: the seat was not taken back
    plain = await again.ok("resume", {"token": bob_token})
    assert "recent" not in plain  # only when asked
    reply = await again.ok("resume", {"token": bob_token, "recent": 2})
    moments = reply["recent"]
    assert [view["pot"] for view, _events in moments] == [3, 6]  # the last two moments, oldest first
    assert [events for _view, events in moments] == [
        [{"type": "added", "seat": 1, "n": 2}],
        [{"type": "added", "seat": 0, "n": 3}],
    ]
    assert all(view["my_secret"] is None and view["seat"] is None for view, _events in moments)
    everything = (await again.ok("resume", {"token": bob_token, "recent": 200}))["recent"]
    assert len(everything) == 4 and everything[0][1] == [] and everything[0][0]["pot"] == 0  # from the deal
