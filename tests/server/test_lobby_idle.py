"""Abandoned lobbies: a table that has not started and that no connection holds a seat of closes
after ``lobby_idle`` seconds, unless a player comes back first."""

from __future__ import annotations

import asyncio
import time

import pytest
from server_testkit import Client

from soupkitchen.server.embedded import EmbeddedServer


class HandClock:
    """A server clock that moves only when the test says so."""

    def __init__(self, now: float = 1000.0) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now


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


async def until(check, timeout: float = 5.0) -> float:
    """Wait until ``check()`` holds; returns how long that took."""
    began = time.monotonic()
    while not check():
        assert time.monotonic() - began < timeout, "timed out"
        await asyncio.sleep(0.01)
    return time.monotonic() - began


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
    srv = await servers(lobby_idle=0.5)
    tid, (ann, ann_token), (bob, bob_token) = await lobby_of_two(connect, srv.url)
    watcher = await connect(srv.url)
    await watcher.ok("spectate", {"table": tid})        # watching holds no seat: it keeps nothing open
    await ann.close()                                   # Ann's connection drops...
    await watcher.wait_for(lambda: not watcher.lobbies[-1]["table"]["seats"][0]["connected"])
    await asyncio.sleep(0.6)
    assert (await watcher.ok("list_tables", {}))["tables"][0]["id"] == tid   # ...Bob is still there
    began = time.monotonic()
    await bob.ok("leave", {"token": bob_token})         # and Bob leaves: nobody holds a seat now
    assert (await watcher.ok("list_tables", {}))["tables"][0]["id"] == tid   # not at once
    last = await watcher.wait_for(lambda: watcher.lobbies[-1]["table"]["closed"] and watcher.lobbies[-1])
    assert time.monotonic() - began >= 0.45
    assert last["table"]["id"] == tid and [s["name"] for s in last["table"]["seats"]] == ["Ann", None, None]
    assert (await watcher.ok("list_tables", {}))["tables"] == []
    assert srv.hub.store.load_table(tid)["closed"] and srv.hub.store.load_open_tables() == []
    back = await connect(srv.url)
    await back.error("resume", {"token": ann_token}, "bad_token")
    await back.error("join_table", {"table": tid, "name": "Dee"}, "unknown_table")


async def test_coming_back_in_time_keeps_the_lobby(servers, connect):
    srv = await servers(lobby_idle=0.5)
    tid, (ann, ann_token), (bob, bob_token) = await lobby_of_two(connect, srv.url)
    again = await connect(srv.url)
    await ann.close()
    await bob.close()
    await until(lambda: not srv.hub.tables[tid].attended)
    resumed = await again.ok("resume", {"token": bob_token})
    assert resumed["table"]["seats"][1]["connected"] and not resumed["table"]["closed"]
    await asyncio.sleep(1.0)                            # twice the idle time: Bob's connection keeps it
    assert listed(srv) == [tid]
    await again.ok("ready", {"token": bob_token, "on": True})
    await again.error("start", {"token": bob_token}, "not_host")   # the lobby is as it was


async def test_the_countdown_stops_on_resume_and_starts_afresh_when_everyone_is_away_again(servers, connect):
    clock = HandClock()
    srv = await servers(lobby_idle=60, clock=clock)
    tid, (ann, ann_token), (bob, bob_token) = await lobby_of_two(connect, srv.url)
    table = srv.hub.tables[tid]
    await ann.close()
    await bob.close()
    await until(lambda: not table.attended)
    clock.now += 59
    assert not srv.hub.expire_lobby(table) and listed(srv) == [tid]
    again = await connect(srv.url)
    await again.ok("resume", {"token": ann_token})
    clock.now += 30                                     # Ann holds her seat a while
    await again.close()
    await until(lambda: not table.attended)
    clock.now += 59                                     # 59 s since she went away again (148 since first)
    assert not srv.hub.expire_lobby(table) and listed(srv) == [tid]
    clock.now += 2
    assert srv.hub.expire_lobby(table) and listed(srv) == []
    assert srv.hub.store.load_open_tables() == []


async def test_zero_keeps_an_abandoned_lobby_open_for_ever(servers, connect):
    clock = HandClock()
    srv = await servers(lobby_idle=0, clock=clock)
    tid, (ann, _), (bob, _) = await lobby_of_two(connect, srv.url)
    await ann.close()
    await bob.close()
    await until(lambda: not srv.hub.tables[tid].attended)
    clock.now += 10**7
    assert not srv.hub.expire_lobby(srv.hub.tables[tid]) and listed(srv) == [tid]


async def test_a_started_game_nobody_is_connected_to_is_not_closed(servers, connect):
    srv = await servers(lobby_idle=0.1)
    ann = await connect(srv.url)
    created = await ann.ok("create_table", {"game": "pepper", "seats": 2, "name": "Ann",
                                            "options": {"moves": 200, "turn_seconds": 60}})
    tid = created["table"]["id"]
    await ann.ok("add_bot", {"token": created["token"]})
    await ann.ok("start", {"token": created["token"]})
    await ann.close()
    table = srv.hub.tables[tid]
    await until(lambda: srv.hub.stands_in(table, 0))        # the grace period ran out: a bot plays for Ann
    await asyncio.sleep(0.4)
    assert listed(srv) == [tid] and not table.closed and srv.hub.roster.runners[tid].absence.idle_timer is None
    mark = table.state_id
    await until(lambda: table.state_id >= mark + 2)     # and the game goes on
    back = await connect(srv.url)
    assert (await back.ok("resume", {"token": created["token"]}))["table"]["started"]


async def test_a_restored_lobby_nobody_resumes_closes_counting_from_the_restart(tmp_path, servers, connect):
    db = tmp_path / "restart.sqlite3"
    first = await servers(db=db, lobby_idle=0)
    kept, (ann, ann_token), _bob = await lobby_of_two(connect, first.url, name="Ann")
    left, _cy, _ = await lobby_of_two(connect, first.url, name="Cy")
    await first.stop()

    clock = HandClock(5000.0)
    second = await servers(db=db, lobby_idle=60, clock=clock)
    assert sorted(listed(second)) == sorted([kept, left])
    back = await connect(second.url)
    await back.ok("resume", {"token": ann_token})
    clock.now += 59.5                                   # tables made long before the restart: still open
    assert not any(second.hub.expire_lobby(t) for t in list(second.hub.tables.values()))
    clock.now += 1
    assert [second.hub.expire_lobby(t) for t in list(second.hub.tables.values())].count(True) == 1
    assert listed(second) == [kept]
    assert [row["id"] for row in second.hub.store.load_open_tables()] == [kept]
    await second.stop()

    third = await servers(db=db, lobby_idle=0.5)        # and once more, with the countdown left to run
    assert listed(third) == [kept]
    await until(lambda: not listed(third))
    assert third.hub.store.load_open_tables() == []


async def test_a_closed_lobby_frees_its_place_under_the_per_address_table_limit(servers, connect):
    srv = await servers(lobby_idle=0.5, max_tables_per_address=1)
    ann, bob = await connect(srv.url), await connect(srv.url)
    await ann.ok("create_table", {"game": "pepper", "seats": 2, "name": "Ann"})
    await ann.close()
    await until(lambda: not any(table.attended for table in srv.hub.tables.values()))
    await bob.error("create_table", {"game": "pepper", "seats": 2, "name": "Bob"}, "limit")
    await until(lambda: not listed(srv))
    created = await bob.ok("create_table", {"game": "pepper", "seats": 2, "name": "Bob"})
    assert listed(srv) == [created["table"]["id"]]
