"""Abandoned lobbies: a table that has not started and that no connection holds a seat of closes
after ``lobby_idle`` seconds, unless a player comes back first."""

from __future__ import annotations

import asyncio
import time

import pytest
from server_testkit import Client

from soupkitchen.server.embedded import EmbeddedServer
from soupkitchen.server.tables.scheduler import HandScheduler


@pytest.fixture
async def connect():
    """``await connect(url)``: a client that said hello; all are closed afterwards."""
    made: list[Client] = []

    async def make(url: str) -> Client:
        client = Client(url)
        made.append(client)
        return await client.connect()

    yield make
    for client in made:
        if client.sio.connected:
            await client.close()


async def until(check, timeout: float = 20.0) -> None:
    """Wait until ``check()`` holds, looking each time the event loop has gone round (a fault fails
    after ``timeout`` seconds, long enough for a busy machine)."""
    end = time.monotonic() + timeout
    while not check():
        assert time.monotonic() < end, "timed out"
        await asyncio.sleep(0)


def listed(srv: EmbeddedServer) -> list[str]:
    return [table_id for table_id, table in srv.hub.tables.items() if not table.closed]


async def lobby_of_two(connect, url: str, name: str = "Ann"):
    """A three-seat lobby: ``name`` hosts, Bob joins. Returns (table id, (host, token), (bob, token))."""
    host, bob = await connect(url), await connect(url)
    created = await host.ok("create_table", {"game": "pepper", "seats": 3, "name": name})
    tid = created["table"]["id"]
    joined = await bob.ok("join_table", {"table": tid, "name": "Bob"})
    return tid, (host, created["token"]), (bob, joined["token"])


async def test_a_lobby_everyone_left_closes_by_itself_and_is_no_longer_listed(servers, connect):
    srv = await servers(lobby_idle=0.5, scheduler=HandScheduler())
    tid, (ann, ann_token), (bob, bob_token) = await lobby_of_two(connect, srv.url)
    watcher = await connect(srv.url)
    await watcher.ok("spectate", {"table": tid})  # watching holds no seat: it keeps nothing open
    await ann.close()  # Ann's connection drops...
    await watcher.wait_for(lambda: not watcher.lobbies[-1]["table"]["seats"][0]["connected"])
    srv.scheduler.advance(0.6)
    assert (await watcher.ok("list_tables", {}))["tables"][0]["id"] == tid  # ...Bob is still there
    await bob.ok("leave", {"token": bob_token})  # and Bob leaves: nobody holds a seat now
    srv.scheduler.advance(0.49)
    await watcher.settled()
    assert not watcher.lobbies[-1]["table"]["closed"]
    assert (await watcher.ok("list_tables", {}))["tables"][0]["id"] == tid  # not before lobby_idle
    srv.scheduler.advance(0.01)
    last = await watcher.wait_for(lambda: watcher.lobbies[-1]["table"]["closed"] and watcher.lobbies[-1])
    assert last["table"]["id"] == tid and [s["name"] for s in last["table"]["seats"]] == ["Ann", None, None]
    assert (await watcher.ok("list_tables", {}))["tables"] == []
    assert srv.hub.store.load_table(tid)["closed"] and srv.hub.store.load_open_tables() == []
    back = await connect(srv.url)
    await back.error("resume", {"token": ann_token}, "bad_token")
    await back.error("join_table", {"table": tid, "name": "Dee"}, "unknown_table")


async def test_coming_back_in_time_keeps_the_lobby(servers, connect):
    srv = await servers(lobby_idle=0.5, scheduler=HandScheduler())
    tid, (ann, ann_token), (bob, bob_token) = await lobby_of_two(connect, srv.url)
    again = await connect(srv.url)
    await ann.close()
    await bob.close()
    await until(lambda: not srv.hub.tables[tid].attended)
    resumed = await again.ok("resume", {"token": bob_token})
    assert resumed["table"]["seats"][1]["connected"] and not resumed["table"]["closed"]
    srv.scheduler.advance(1.0)  # twice the idle time: Bob's connection keeps it
    assert listed(srv) == [tid]
    await again.ok("ready", {"token": bob_token, "on": True})
    await again.error("start", {"token": bob_token}, "not_host")  # the lobby is as it was


async def test_the_countdown_stops_on_resume_and_starts_afresh_when_everyone_is_away_again(servers, connect):
    srv = await servers(lobby_idle=60, scheduler=HandScheduler())
    clock = srv.scheduler
    tid, (ann, ann_token), (bob, bob_token) = await lobby_of_two(connect, srv.url)
    table = srv.hub.tables[tid]
    await ann.close()
    await bob.close()
    await until(lambda: not table.attended)
    clock.advance(59)
    assert listed(srv) == [tid]
    again = await connect(srv.url)
    await again.ok("resume", {"token": ann_token})
    clock.advance(30)  # Ann holds her seat a while
    await again.close()
    await until(lambda: not table.attended)
    clock.advance(59)  # 59 s since she went away again (148 since first)
    assert listed(srv) == [tid]
    clock.advance(2)
    assert listed(srv) == []
    assert srv.hub.store.load_open_tables() == []


async def test_zero_keeps_an_abandoned_lobby_open_for_ever(servers, connect):
    srv = await servers(lobby_idle=0, scheduler=HandScheduler())
    tid, (ann, _), (bob, _) = await lobby_of_two(connect, srv.url)
    await ann.close()
    await bob.close()
    await until(lambda: not srv.hub.tables[tid].attended)
    srv.scheduler.advance(10**7)
    assert not srv.hub.expire_lobby(srv.hub.tables[tid]) and listed(srv) == [tid]


async def test_a_started_game_nobody_is_connected_to_is_not_closed(servers, connect):
    srv = await servers(lobby_idle=0.1, scheduler=HandScheduler())  # grace 0.2 s, bots move every 0.01 s
    ann = await connect(srv.url)
    created = await ann.ok(
        "create_table",
        {"game": "pepper", "seats": 2, "name": "Ann", "options": {"moves": 200, "turn_seconds": 60}},
    )
    tid = created["table"]["id"]
    await ann.ok("add_bot", {"token": created["token"]})
    await ann.ok("start", {"token": created["token"]})
    await ann.close()
    table = srv.hub.tables[tid]
    await until(lambda: not table.attended)
    srv.scheduler.advance(0.2)
    assert srv.hub.stands_in(table, 0)  # the grace period ran out: a bot plays for Ann
    mark = table.state_id
    srv.scheduler.advance(0.4)
    assert (
        listed(srv) == [tid] and not table.closed and srv.hub.roster.runners[tid].absence.idle_timer is None
    )
    assert table.state_id >= mark + 2  # and the game goes on
    back = await connect(srv.url)
    assert (await back.ok("resume", {"token": created["token"]}))["table"]["started"]


async def test_a_restored_lobby_nobody_resumes_closes_counting_from_the_restart(tmp_path, servers, connect):
    db = tmp_path / "restart.sqlite3"
    first = await servers(db=db, lobby_idle=0)
    kept, (ann, ann_token), _bob = await lobby_of_two(connect, first.url, name="Ann")
    left, _cy, _ = await lobby_of_two(connect, first.url, name="Cy")
    await first.stop()

    second = await servers(db=db, lobby_idle=60, scheduler=HandScheduler(5000.0))
    assert sorted(listed(second)) == sorted([kept, left])
    back = await connect(second.url)
    await back.ok("resume", {"token": ann_token})
    second.scheduler.advance(59.5)  # tables made long before the restart: still open
    assert sorted(listed(second)) == sorted([kept, left])
    second.scheduler.advance(1)
    assert listed(second) == [kept]
    assert [row["id"] for row in second.hub.store.load_open_tables()] == [kept]
    await second.stop()

    third = await servers(db=db, lobby_idle=0.5, scheduler=HandScheduler())  # the countdown left to run
    assert listed(third) == [kept]
    third.scheduler.advance(0.5)
    assert not listed(third)
    assert third.hub.store.load_open_tables() == []


async def test_a_closed_lobby_frees_its_place_under_the_per_address_table_limit(servers, connect):
    srv = await servers(lobby_idle=0.5, max_tables_per_address=1, scheduler=HandScheduler())
    ann, bob = await connect(srv.url), await connect(srv.url)
    await ann.ok("create_table", {"game": "pepper", "seats": 2, "name": "Ann"})
    await ann.close()
    await until(lambda: not any(table.attended for table in srv.hub.tables.values()))
    await bob.error("create_table", {"game": "pepper", "seats": 2, "name": "Bob"}, "limit")
    srv.scheduler.advance(0.5)
    assert not listed(srv)
    created = await bob.ok("create_table", {"game": "pepper", "seats": 2, "name": "Bob"})
    assert listed(srv) == [created["table"]["id"]]
