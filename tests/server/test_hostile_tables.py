"""Attacks on tables, played through real sockets: reading a live game's seed and log, filling the
server's table cap, guessing passwords, holding the clock, and what a restart and the database's
retention keep."""

from __future__ import annotations

import asyncio
import time

import aiohttp
import pytest
from hostile_kit import keys_in
from server_testkit import Client, fetch_json

from soupkitchen.server.storage.store import Store

QUICK = {"game": "pepper", "seats": 1, "name": "Ann", "options": {"moves": 1, "turn_seconds": 60}}


class Clock:
    """A server clock the test moves by hand."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


async def status(url: str) -> int:
    async with aiohttp.ClientSession() as session, session.get(url) as response:
        return response.status


async def test_no_live_game_is_revealed_by_replays_or_anything_else(server, clients):
    ann, bob = await clients(), await clients()
    created = await ann.ok(
        "create_table",
        {
            "game": "pepper",
            "seats": 2,
            "name": "Ann",
            "password": "leek",
            "options": {"moves": 2, "turn_seconds": 60},
        },
    )
    tid, token = created["table"]["id"], created["token"]
    replay = f"{server.url}/replays/{tid}"
    assert await status(replay) == 404  # a lobby
    joined = await bob.ok("join_table", {"table": tid, "name": "Bob", "password": "leek"})
    await bob.ok("ready", {"token": joined["token"], "on": True})
    await ann.ok("start", {"token": token})
    await ann.ok("act", {"token": token, "state_id": 0, "action": {"type": "add", "n": 1}})
    assert await status(replay) == 404  # a game in progress
    assert tid not in [m["id"] for m in (await fetch_json(f"{server.url}/replays"))["matches"]]
    seed = server.hub.tables[tid].seed
    outside = [
        await fetch_json(f"{server.url}/metrics"),
        await fetch_json(f"{server.url}/healthz"),
        await bob.ok("list_tables", {}),
        ann.lobbies,
        bob.lobbies,
    ]
    for data in outside:
        assert not keys_in(data) & {"seed", "log", "password", "token_hash"}, data
    assert f"{seed}" not in str(outside)
    for push in ann.states + bob.states:  # each seat's own view and nothing else
        assert set(push) == {
            "table",
            "seat",
            "state_id",
            "view",
            "events",
            "deadline",
            "server_time",
            "paused",
            "snapshot",
        }

    mine = await bob.wait_for(lambda: (s := bob.latest(1)) and s["view"]["legal_actions"] and s)
    await bob.ok(
        "act", {"token": joined["token"], "state_id": mine["state_id"], "action": {"type": "add", "n": 1}}
    )
    await ann.wait_for(lambda: ann.latest(0)["view"]["over"])
    record = await fetch_json(replay)  # once over, it is a replay
    assert record["over"] and record["seed"] == seed and len(record["log"]) == 2


async def test_finished_tables_do_not_fill_the_server_and_one_address_keeps_few(servers, connect):
    srv = await servers(max_tables=2, max_tables_per_address=2)
    ann = await connect(srv.url)
    finished = []
    for _ in range(6):  # bot-speed games that finish at once, made over and over
        made = await ann.ok("create_table", QUICK)
        await ann.ok("start", {"token": made["token"]})
        await ann.ok("act", {"token": made["token"], "state_id": 0, "action": {"type": "add", "n": 1}})
        finished.append(made["table"]["id"])
    assert all(srv.hub.store.load_table(tid)["over"] for tid in finished)
    kept = [tid for tid in finished if tid in srv.hub.tables]
    assert kept == finished[-2:]  # only so many stay in memory
    other = await connect(srv.url, local="127.0.0.2")
    await other.ok("create_table", {"game": "pepper", "seats": 2, "name": "Bo"})  # the cap is not full
    tables = (await other.ok("list_tables", {}))["tables"]
    assert len(tables) == 1
    await ann.ok("create_table", {"game": "pepper", "seats": 2, "name": "Ann"})
    await other.error("create_table", {"game": "pepper", "seats": 2, "name": "Bo"}, "limit")


async def test_wrong_passwords_slow_down_then_lock_out_one_address_for_one_table(servers, connect):
    clock = Clock()
    srv = await servers(clock=clock, password_free_tries=2, password_lockout_after=4, password_lockout=60.0)
    ann = await connect(srv.url)
    created = await ann.ok("create_table", {"game": "pepper", "seats": 3, "name": "Ann", "password": "leek"})
    other_table = await ann.ok(
        "create_table", {"game": "pepper", "seats": 2, "name": "Ann", "password": "kale"}
    )
    tid = created["table"]["id"]
    eve = await connect(srv.url)
    guess = {"table": tid, "name": "Eve", "password": "onion"}

    reply = await eve.error("join_table", guess, "wrong_password")  # 1: free
    assert "wait" not in reply["error"]["message"]
    reply = await eve.error("join_table", guess, "wrong_password")  # 2: now each try waits
    assert "wait 1 s" in reply["error"]["message"]
    reply = await eve.error("join_table", {**guess, "password": "leek"}, "rate_limited")  # even the right one
    assert "try again in 1 s" in reply["error"]["message"]
    clock.now += 1
    assert "wait 2 s" in (await eve.error("join_table", guess, "wrong_password"))["error"]["message"]  # 3
    clock.now += 2
    assert "wait 60 s" in (await eve.error("join_table", guess, "wrong_password"))["error"]["message"]  # 4
    clock.now += 30
    await eve.error("join_table", {**guess, "password": "leek"}, "rate_limited")  # locked out
    await eve.error(
        "join_table", {"table": other_table["table"]["id"], "name": "Eve", "password": "x"}, "wrong_password"
    )  # another table is its own count
    elsewhere = await connect(srv.url, local="127.0.0.2")
    await elsewhere.ok("join_table", {**guess, "password": "leek"})  # another address is not locked
    clock.now += 31
    await eve.ok("join_table", {**guess, "password": "leek"})  # the lockout ends
    assert [s["name"] for s in srv.hub.tables[tid].summary()["seats"]] == [
        "Ann",
        "Eve",
        "Eve 2",
    ]  # names at a table are unique


async def test_password_guesses_are_checked_one_at_a_time_off_the_event_loop(servers, connect):
    srv = await servers(password_free_tries=100, password_lockout_after=100)
    ann = await connect(srv.url)
    created = await ann.ok(
        "create_table",
        {"game": "pepper", "seats": 2, "name": "Ann", "password": "leek", "options": {"turn_seconds": 60}},
    )
    guessers = [await connect(srv.url) for _ in range(4)]
    bob = await connect(srv.url)
    calls = [
        g.call("join_table", {"table": created["table"]["id"], "name": "Eve", "password": f"p{i}"})
        for i, g in enumerate(guessers)
        for _ in range(3)
    ]
    replies = await asyncio.gather(*calls, bob.call("time_sync", {"client_time": 1.0}))
    assert replies.pop()["ok"]  # the loop answers others while passwords are hashed
    codes = {r["error"]["code"] for r in replies}
    assert codes <= {"wrong_password", "rate_limited"} and "wrong_password" in codes
    assert any(
        "one password at a time" in r["error"]["message"]
        for r in replies
        if r["error"]["code"] == "rate_limited"
    )
    assert all(
        not s["name"] or s["name"] == "Ann" for s in srv.hub.tables[created["table"]["id"]].summary()["seats"]
    )


async def four_seats_three_screens(srv):
    """A started Pepper table: Ann hosts at seat 0, Bob alone at seat 1, and Cy's screen is shared by
    seats 2 and 3 (couch play). Returns (ann, bob, cy, tokens by seat, table)."""
    ann, bob, cy = Client(srv.url), Client(srv.url), Client(srv.url)
    for client in (ann, bob, cy):
        await client.connect()
    created = await ann.ok(
        "create_table", {"game": "pepper", "seats": 4, "name": "Ann", "options": {"turn_seconds": 60}}
    )
    tid = created["table"]["id"]
    tokens = [created["token"]]
    for client, name in ((bob, "Bob"), (cy, "Cy"), (cy, "Dee")):
        joined = await client.ok("join_table", {"table": tid, "name": name})
        tokens.append(joined["token"])
    for client, token in ((bob, tokens[1]), (cy, tokens[2]), (cy, tokens[3])):
        await client.ok("ready", {"token": token, "on": True})
    await ann.ok("start", {"token": tokens[0]})
    await ann.wait_for(lambda: ann.latest(0))
    return ann, bob, cy, tokens, srv.hub.tables[tid]


async def test_a_lone_seats_hold_ends_by_itself_and_is_spent_for_the_round(servers):
    srv = await servers(hold_limit=0.2)
    ann, bob, _cy, tokens, table = await four_seats_three_screens(srv)
    assert (await bob.ok("hold", {"token": tokens[1], "on": True}))["paused"]
    await ann.wait_for(
        lambda: any(lobby["table"]["seats"][1]["holding"] for lobby in ann.lobbies)
    )  # seen by all
    await ann.wait_for(
        lambda: not ann.lobbies[-1]["table"]["seats"][1]["holding"] and not ann.latest(0)["paused"]
    )
    reply = await bob.error("hold", {"token": tokens[1], "on": True}, "limit")  # spent for this round
    assert "this round" in reply["error"]["message"] and table.paused_at is None


async def test_a_shared_screens_hold_and_the_hosts_end_by_themselves_at_the_tables_limit(servers):
    srv = await servers(hold_limit=0.2, table_hold_limit=0.6)
    ann, _bob, cy, tokens, table = await four_seats_three_screens(srv)
    assert (await cy.ok("hold", {"token": tokens[2], "on": True}))["paused"]  # a couch hand-off
    await ann.ok("hold", {"token": tokens[0], "on": True})  # and the host
    await ann.wait_for(
        lambda: (s := ann.latest(0)) and not s["paused"], timeout=20
    )  # both ended by themselves
    await ann.wait_for(lambda: not any(seat["holding"] for seat in ann.lobbies[-1]["table"]["seats"]))
    assert table.paused_at is None
    assert table.held.in_round(table.deadline(), srv.hub.clock()) >= 0.6  # counted once, not once per seat
    for client, token in ((cy, tokens[3]), (ann, tokens[0])):  # the table's allowance is spent for this round
        reply = await client.error("hold", {"token": token, "on": True}, "limit")
        assert "0.6 s this round" in reply["error"]["message"]


async def test_the_host_ends_anyones_hold_and_nobody_else_can(servers):
    srv = await servers()
    ann, bob, cy, tokens, table = await four_seats_three_screens(srv)
    await cy.ok("hold", {"token": tokens[2], "on": True})
    assert table.paused_at is not None
    for payload, code in (
        ({"token": tokens[1], "on": False, "seat": 2}, "not_host"),  # Bob is not the host
        ({"token": tokens[0], "on": True, "seat": 2}, "bad_request"),  # nobody holds for another
        ({"token": tokens[0], "on": False, "seat": 9}, "bad_request"),
        ({"token": tokens[0], "on": False, "seat": -1}, "bad_request"),
        ({"token": tokens[0], "on": False, "seat": "2"}, "bad_request"),
    ):
        await (bob if payload["token"] == tokens[1] else ann).error("hold", payload, code)
        assert table.seats[2].holding and table.paused_at is not None  # nothing changed
    assert not (await ann.ok("hold", {"token": tokens[0], "on": False, "seat": 2}))["paused"]
    await ann.wait_for(lambda: not ann.lobbies[-1]["table"]["seats"][2]["holding"])
    await cy.wait_for(lambda: (s := cy.latest(2)) and not s["paused"])  # the shared screen is told
    for token in tokens[2:]:  # neither of that screen's seats may hold again this round
        reply = await cy.error("hold", {"token": token, "on": True}, "limit")
        assert "the host ended your hold" in reply["error"]["message"]
    assert (await ann.ok("hold", {"token": tokens[0], "on": True}))["paused"]  # the host still may
    await ann.ok("hold", {"token": tokens[0], "on": False, "seat": 1})  # a seat that holds nothing: no change
    assert table.paused_at is not None and not table.seats[1].holding


async def test_a_game_finished_just_before_a_restart_is_restored_for_its_players(tmp_path):
    from soupkitchen.server.embedded import EmbeddedServer

    db = tmp_path / "server.sqlite3"
    first = EmbeddedServer(db, bot_delay=0.01)
    await first.start()
    ann = await Client(first.url).connect()
    made = await ann.ok("create_table", QUICK)
    await ann.ok("start", {"token": made["token"]})
    await ann.ok("act", {"token": made["token"], "state_id": 0, "action": {"type": "add", "n": 1}})
    await ann.close()
    await first.stop()

    again = EmbeddedServer(db, bot_delay=0.01)
    await again.start()
    try:
        back = await Client(again.url).connect()
        reply = await back.ok("resume", {"token": made["token"]})
        assert reply["table"]["over"]
        final = await back.wait_for(lambda: back.latest(0))
        assert final["snapshot"] and final["view"]["over"] and final["state_id"] == 1
        assert made["table"]["id"] not in [t["id"] for t in (await back.ok("list_tables", {}))["tables"]]
        await back.close()
    finally:
        await again.stop()
    gone = EmbeddedServer(db, linger=0.0)  # its linger is over: not restored any more
    await gone.start()
    try:
        assert made["table"]["id"] not in gone.hub.tables
    finally:
        await gone.stop()


def old_tables(db, when: float) -> list[str]:
    """A finished game and a closed lobby dated ``when`` (seconds since the epoch)."""
    store = Store(db, wall_clock=lambda: when)
    base = {
        "game": "pepper",
        "players": 1,
        "options": {},
        "settings": {},
        "password": None,
        "host_seat": 0,
        "seed": 1,
        "started": True,
        "over": False,
        "closed": False,
        "created": when,
    }
    seat = [{"name": "Ann", "token_hash": None, "bot": False, "ready": False}]
    finished, closed = f"done{int(when)}", f"shut{int(when)}"
    store.save_table({**base, "id": finished}, seat)
    store.append_action(finished, 0, 0, {"type": "add", "n": 1}, 0.5, over=True)
    store.save_table({**base, "id": closed, "started": False, "seed": None, "closed": True}, seat)
    store.close()
    return [finished, closed]


async def test_old_finished_games_are_deleted_at_start_and_daily(servers, tmp_path):
    db = tmp_path / "kept.sqlite3"
    now = time.time()
    old = old_tables(db, now - 31 * 86_400)
    recent = old_tables(db, now - 29 * 86_400)
    srv = await servers(db=db, keep_days=30)
    for tid in old:
        assert srv.hub.store.load_table(tid) is None
    for tid in recent:
        assert srv.hub.store.load_table(tid) is not None
    assert srv.hub.purger is not None  # the next purge is due a day later
    assert srv.hub.purge() == 0
    assert await status(f"{srv.url}/replays/{old[0]}") == 404
    assert (await fetch_json(f"{srv.url}/replays/{recent[0]}"))["over"]
    forever = await servers(db=tmp_path / "forever.sqlite3", keep_days=0)
    assert forever.hub.purge() == 0 and forever.hub.purger is None


def test_retention_and_trusted_proxies_are_command_line_flags(capsys):
    from soupkitchen.server.__main__ import parse_args

    args = parse_args(
        [
            "--keep-days",
            "7",
            "--trusted-proxy",
            "10.0.0.1",
            "--trusted-proxy",
            "10.0.0.2",
            "--max-requests-per-address",
            "0",
        ]
    )
    assert (args.keep_days, args.trusted_proxy, args.max_requests_per_address) == (
        7.0,
        ["10.0.0.1", "10.0.0.2"],
        0,
    )
    assert (parse_args([]).keep_days, parse_args([]).trusted_proxy) == (30.0, [])
    with pytest.raises(SystemExit):
        parse_args(["--help"])
    shown = " ".join(capsys.readouterr().out.split())
    assert (
        "--keep-days DAYS" in shown
        and "deleted at start and once a day" in shown
        and "--trusted-proxy" in shown
    )
    with pytest.raises(SystemExit):
        parse_args(["--keep-days", "-1"])
    assert "is not a number of days" in capsys.readouterr().err


async def test_http_routes_answer_bad_input_plainly(server, caplog):
    async with aiohttp.ClientSession() as session:
        for path in ("/replays/" + "x" * 5000, "/replays/%00%ff", "/replays/..%2f..%2fetc", "/nowhere"):
            async with session.get(server.url + path) as response:
                assert response.status == 404, path
        for path in ("/healthz", "/metrics", "/replays"):
            async with session.post(server.url + path, data=b"\xff" * 100) as response:
                assert response.status == 405, path
        async with session.get(server.url + "/socket.io/?EIO=99&transport=carrier-pigeon") as response:
            assert response.status == 400
        async with session.get(server.url + "/socket.io/?EIO=4&transport=polling&sid=made-up") as response:
            assert response.status == 400
    assert not server.hub.tables and not server.hub.conns
    assert not [r for r in caplog.records if r.exc_info]
