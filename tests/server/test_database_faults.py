"""A cluster's node whose PostgreSQL goes away mid-game (a real PostgreSQL the tests start, stopped
and started again, or with every connection of the node's ended by ``pg_terminate_backend``), as a
player at a Stone Soup table and the bots of another table notice it: hello, the table list and the
player's own connection go on; each move is refused with ``storage_unavailable`` and nothing is
played on in memory meanwhile; once the database is back the same connections play on; the log
holds every move acknowledged, and nobody was told of a move it does not hold. SIGTERM stops a node
whose database has gone, as a process, promptly; and the single process on a PostgreSQL that
answers nothing refuses each move after a few seconds at most, answers hello, and stops."""

from __future__ import annotations

import asyncio
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from server_testkit import Client, fetch_json, stored_record

from soupkitchen.shared.wire import protocol

PATIENCE = 30.0  # seconds: a bound on waits for what comes by itself (the writer's reconnection, a heartbeat)
HANG = 30.0  # seconds: a server that has not stopped by then hangs


async def until(check, what: str) -> None:
    """Wait until ``check()`` (a coroutine function) is true, polling on real time (the node
    reconnects and beats on real time); a fault fails after ``PATIENCE``."""
    deadline = time.monotonic() + PATIENCE
    while not await check():
        assert time.monotonic() < deadline, f"timed out waiting for {what}"
        await asyncio.sleep(0.05)


class Player:
    """Ann at a Stone Soup table of three bots: she moves on her turns and keeps what she was told."""

    def __init__(self, client: Client, token: str, table: str) -> None:
        self.client, self.token, self.table = client, token, table
        self.acked: dict[int, dict] = {}  # state id -> the move acknowledged into it
        self.rng = random.Random(5)

    async def move(self) -> dict:
        """Her move on the newest state she was sent, once it is her turn: the server's answer."""
        await self.client.wait_for(
            lambda: (self.client.latest(0) or {}).get("view", {}).get("legal_actions"), timeout=PATIENCE
        )
        state = self.client.latest(0)
        action = self.rng.choice(state["view"]["legal_actions"])
        reply = await self.client.call(
            "act", {"token": self.token, "state_id": state["state_id"], "action": action}
        )
        if reply.get("ok"):
            self.acked[reply["state_id"]] = action
        return reply


async def hello_answered(url: str) -> None:
    fresh = Client(url)
    try:
        await asyncio.wait_for(fresh.connect(), PATIENCE)  # connect() says hello and checks its answer
    finally:
        await fresh.close()


@pytest.mark.parametrize("fault", ["stopped", "connections ended"])
async def test_a_node_plays_on_through_its_postgres_going_away_mid_game(
    servers, redis, redis_server, postgres_server, postgres_dsn, fault
):
    node = await servers(postgres=postgres_dsn, redis=redis_server.url, grace=60.0)
    hub = node.hub
    ann = await Client(node.url).connect()
    made = await ann.ok("create_table", {"game": "stone-soup", "seats": 4, "name": "Ann"})
    for _ in range(3):
        await ann.ok("add_bot", {"token": made["token"]})
    await ann.ok("start", {"token": made["token"]})
    soup = Player(ann, made["token"], made["table"]["id"])
    bob = await Client(node.url).connect()  # a table of bots only: Bob leaves once it has started
    peppers = await bob.ok(
        "create_table",
        {"game": "pepper", "seats": 2, "name": "Bob", "options": {"moves": 200, "turn_seconds": 600}},
    )
    await bob.ok("add_bot", {"token": peppers["token"]})
    await bob.ok("start", {"token": peppers["token"]})
    await bob.ok("leave", {"token": peppers["token"]})
    pepper = peppers["table"]["id"]
    for _ in range(3):
        assert (await soup.move())["ok"]

    async def going() -> bool:  # the bots' table has moved on while the database answered
        return pepper in hub.tables and hub.tables[pepper].state_id >= 2

    await until(going, "the bots to play")
    await ann.wait_for(lambda: (ann.latest(0) or {}).get("view", {}).get("legal_actions"), timeout=PATIENCE)
    if fault == "stopped":  # on Ann's turn: her move comes during the outage, the bots' moves all along
        postgres_server.halt()
    else:
        postgres_server.cut_connections(postgres_dsn)
    try:
        if fault == "stopped":
            await hello_answered(node.url)  # a fresh client is answered while the database is away
            assert (await ann.ok("list_tables", {}))["tables"] is not None
            reply = await soup.move()
            assert reply["error"]["code"] == protocol.STORAGE_UNAVAILABLE, reply
            assert "try again in a moment" in reply["error"]["message"]
            beats = hub.node.beats

            async def a_while() -> bool:  # heartbeats, each trying to serve again a table let go
                return hub.node.beats >= beats + 3

            frozen = {
                table_id: hub.tables[table_id].state_id
                for table_id in (pepper, soup.table)
                if table_id in hub.tables
            }
            await until(a_while, "three heartbeats of the node")
            assert {
                table_id: hub.tables[table_id].state_id for table_id in frozen if table_id in hub.tables
            } == {table_id: state_id for table_id, state_id in frozen.items() if table_id in hub.tables}, (
                "no bot played on in memory while nothing could be stored"
            )
            assert not hub.store.can_store and not (await fetch_json(f"{node.url}/metrics"))["storing"]
    finally:
        if fault == "stopped":
            postgres_server.start_again()

    async def played_on() -> bool:  # Ann, on the connection she had all along, is acknowledged again
        return (await soup.move()).get("ok") is True

    await until(played_on, "Ann's move to be acknowledged once the database is back")
    await hello_answered(node.url)
    assert ann.sio.connected and hub.store.can_store
    before = hub.tables[pepper].state_id if pepper in hub.tables else 0

    async def bots_play_on() -> bool:
        return pepper in hub.tables and hub.tables[pepper].state_id > before

    await until(bots_play_on, "the bots' table to play on")
    await ann.settled()
    log = stored_record(postgres_dsn, soup.table)["log"]
    for state_id, action in soup.acked.items():
        assert log[state_id - 1]["action"] == action, "every move acknowledged is in the log"
    assert max(state["state_id"] for state in ann.states) <= len(log), "nobody was told of a move not stored"
    assert hub.tables[soup.table].state_id == len(log)
    await ann.close()
    await bob.close()


async def test_sigterm_stops_a_node_whose_postgres_has_gone(
    processes, redis, redis_server, postgres_server, postgres_dsn
):
    """As a process: a node playing a table of bots, its database stopped, stops on SIGTERM (and
    with exit status 0) well before a hang would be suspected."""
    launcher = Path(__file__).with_name("serve_pepper.py")
    process = subprocess.Popen(
        [
            sys.executable,
            str(launcher),
            "--host",
            "127.0.0.1",
            "--port",
            "0",
            "--postgres",
            postgres_dsn,
            "--redis",
            redis_server.url,
            "--no-discovery",
            "--bot-delay",
            "0.01",
            "--public-address",
            "http://127.0.0.1:1",
        ],
        stdout=subprocess.PIPE,
        text=True,
        cwd=Path(__file__).parents[2],
    )
    processes.append(process)
    line = process.stdout.readline()
    assert "listening on" in line, line
    url = line.split()[-1]
    bob = await Client(url).connect()
    made = await bob.ok(
        "create_table",
        {"game": "pepper", "seats": 2, "name": "Bob", "options": {"moves": 200, "turn_seconds": 600}},
    )
    await bob.ok("add_bot", {"token": made["token"]})
    await bob.ok("start", {"token": made["token"]})
    await bob.ok("leave", {"token": made["token"]})
    await bob.close()
    postgres_server.halt()
    try:
        process.send_signal(signal.SIGTERM)
        assert await asyncio.to_thread(process.wait, HANG) == 0
    finally:
        postgres_server.start_again()


async def test_a_single_server_whose_postgres_answers_nothing_refuses_moves_and_stops(
    servers, postgres_server, postgres_dsn
):
    """The single process writes PostgreSQL as it is called: with the database frozen (every process
    of it stopped, so nothing is answered and no link ends) a move waits for its statement a few
    seconds at most and is refused, the server goes on answering, and it stops."""
    from soupkitchen.server.storage.store_pg import IO_SECONDS

    srv = await servers(postgres=postgres_dsn)
    ann = await Client(srv.url).connect()
    made = await ann.ok(
        "create_table",
        {"game": "pepper", "seats": 1, "name": "Ann", "options": {"moves": 50, "turn_seconds": 600}},
    )
    await ann.ok("start", {"token": made["token"]})
    await ann.wait_for(lambda: ann.latest(0))
    postgres_server.freeze()
    try:
        reply = await ann.call(
            "act", {"token": made["token"], "state_id": 0, "action": {"type": "add", "n": 1}}
        )
        assert reply["error"]["code"] == protocol.STORAGE_UNAVAILABLE, reply
        assert f"no answer within {IO_SECONDS:g} s" in reply["error"]["message"]
        await ann.error(
            "act",
            {"token": made["token"], "state_id": 0, "action": {"type": "add", "n": 1}},
            protocol.STORAGE_UNAVAILABLE,
        )  # at once now: the database is left alone a while
        await hello_answered(srv.url)
        assert srv.hub.tables[made["table"]["id"]].state_id == 0
        await ann.close()
        await asyncio.wait_for(srv.stop(), HANG)
    finally:
        postgres_server.thaw()
