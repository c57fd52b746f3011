"""What a table costs in memory, and that a table the server lets go leaves nothing behind.

A table freed only by the garbage collector's full collection stays in memory until one runs; a
long-running server's are rare (``server.gc_pauses``), so game after game piled up and the server's
memory grew by each game's whole table. Here the collector is off while the table is let go: it
must be freed by its last reference going."""

from __future__ import annotations

import asyncio
import gc
import time
import weakref

import pytest
from server_testkit import LOOPS, Client, fetch_json

from soupkitchen.server.footprint import reachable

pytestmark = pytest.mark.asyncio(loop_factories=LOOPS)  # the loop's own objects (timers) hold none of it


async def until(check, timeout: float = 20.0) -> None:
    """Wait until ``check()`` holds (a fault fails after ``timeout`` seconds, long on a busy machine)."""
    end = time.monotonic() + timeout
    while not check():
        assert time.monotonic() < end, "timed out"
        await asyncio.sleep(0.01)


async def play_out(players: list[tuple[Client, str]]) -> None:
    """Each seat adds a pepper on its turn until the game is over."""
    while True:
        for seat, (client, token) in enumerate(players):
            state = await client.wait_for(lambda client=client, seat=seat: client.latest(seat))
            if state["view"]["over"]:
                return
            if state["view"]["turn"] == seat:
                await client.call(
                    "act", {"token": token, "state_id": state["state_id"], "action": {"type": "add", "n": 1}}
                )
                await client.settled()


async def test_a_finished_table_let_go_is_freed_without_the_garbage_collector(servers, connect, pepper):
    # a long grace: the one for the player who went away and came back is still pending at the end
    srv = await servers(linger=0.05, grace=600, timed_grace=600)
    ann, bob = await connect(srv.url), await connect(srv.url)
    made = await ann.ok(
        "create_table",
        {"game": "pepper", "seats": 2, "name": "Ann", "options": {"moves": 4, "turn_seconds": 600}},
    )
    table_id = made["table"]["id"]
    bob_token = (await bob.ok("join_table", {"table": table_id, "name": "Bob"}))["token"]
    await bob.ok("ready", {"token": bob_token, "on": True})
    await ann.ok("start", {"token": made["token"]})
    await ann.ok("emote", {"token": made["token"], "emote": "delicious"})
    await bob.close()  # Bob's connection drops mid-game, and he comes back on a new one
    bob = await connect(srv.url)
    await bob.ok("resume", {"token": bob_token})
    table, runner = weakref.ref(srv.hub.tables[table_id]), weakref.ref(srv.hub.roster.runners[table_id])
    gc.disable()
    try:
        await play_out([(ann, made["token"]), (bob, bob_token)])
        await until(lambda: table_id not in srv.hub.tables)  # its linger is over
        await asyncio.sleep(0)  # the round of the event loop that let it go is over
        assert runner() is None and table() is None, "the table let go is still in memory"
    finally:
        gc.enable()


async def test_a_finished_table_is_let_go_once_everyone_has_left_it(servers, connect, pepper):
    srv = await servers(linger=600)
    ann, bob = await connect(srv.url), await connect(srv.url)
    made = await ann.ok(
        "create_table", {"game": "pepper", "seats": 2, "name": "Ann", "options": {"moves": 2}}
    )
    table_id = made["table"]["id"]
    bob_token = (await bob.ok("join_table", {"table": table_id, "name": "Bob"}))["token"]
    await bob.ok("ready", {"token": bob_token, "on": True})
    await ann.ok("start", {"token": made["token"]})
    await play_out([(ann, made["token"]), (bob, bob_token)])
    await ann.ok("leave", {"token": made["token"]})
    assert table_id in srv.hub.tables, "Bob has not left: he may still look at the end"
    await bob.ok("leave", {"token": bob_token})
    assert table_id not in srv.hub.tables and not srv.hub.roster.lingering
    replay = await fetch_json(f"{srv.url}/replays/{table_id}")  # the game is the store's now
    assert replay["over"] and len(replay["log"]) == 2


async def test_metrics_tell_what_a_table_costs_and_count_nothing_of_the_server_or_another_table(
    servers, connect, pepper
):
    srv = await servers()
    ann, bob = await connect(srv.url), await connect(srv.url)
    lobby = await ann.ok("create_table", {"game": "pepper", "seats": 2, "name": "Ann"})
    made = await bob.ok(
        "create_table", {"game": "pepper", "seats": 1, "name": "Bob", "options": {"moves": 200}}
    )
    await bob.ok("start", {"token": made["token"]})
    for _ in range(20):
        state = await bob.wait_for(lambda: bob.latest(0))
        await bob.call(
            "act", {"token": made["token"], "state_id": state["state_id"], "action": {"type": "add", "n": 2}}
        )
        await bob.settled()
    memory = (await fetch_json(f"{srv.url}/metrics"))["table_memory"]
    assert (memory["lobby"]["tables"], memory["playing"]["tables"], memory["finished"]["tables"]) == (1, 1, 0)
    assert 0 < memory["lobby"]["bytes_each"] < memory["playing"]["bytes_each"], "twenty moves more than none"
    lobby_bytes, playing_bytes = memory["lobby"]["bytes_each"], memory["playing"]["bytes_each"]
    assert memory["bytes_per_table"] == round((lobby_bytes + playing_bytes) / 2)
    hub = srv.hub
    playing, waiting = hub.roster.runners[made["table"]["id"]], hub.roster.runners[lobby["table"]["id"]]
    counted = reachable([playing], hub.footprints._shared())
    assert id(waiting.table) not in counted and id(hub) not in counted and id(hub.store) not in counted
