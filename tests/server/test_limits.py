"""Per-address limits: one machine on the LAN cannot take every connection or table of the server."""

from __future__ import annotations

import asyncio
import time

import pytest
import socketio
from server_testkit import Client

from soupkitchen.server.app import remote_address


async def refused_connection(url: str) -> dict:
    """Connect once more; the connection must be refused. Returns what the client's
    ``connect_error`` handler received."""
    client = Client(url)
    reasons: list = []
    client.sio.on("connect_error", reasons.append)
    with pytest.raises(socketio.exceptions.ConnectionError):
        await client.connect()
    assert not client.sio.connected and len(reasons) == 1
    return reasons[0]


async def until(check, timeout: float = 5.0) -> None:
    end = time.monotonic() + timeout
    while not check():
        assert time.monotonic() < end, "timed out"
        await asyncio.sleep(0)  # look again once the event loop has gone round


async def test_one_address_gets_so_many_connections_while_the_others_keep_playing(servers, connect):
    srv = await servers(max_connections_per_address=3)
    ann, bob, cy = [await connect(srv.url) for _ in range(3)]
    created = await ann.ok(
        "create_table", {"game": "pepper", "seats": 2, "name": "Ann", "options": {"turn_seconds": 60}}
    )
    joined = await bob.ok("join_table", {"table": created["table"]["id"], "name": "Bob"})
    await bob.ok("ready", {"token": joined["token"], "on": True})
    await ann.ok("start", {"token": created["token"]})

    reason = await refused_connection(srv.url)
    assert reason["data"] == {"code": "limit"}
    assert "(127.0.0.1) already has 3 connections" in reason["message"]
    assert len(srv.hub.conns) == 3

    await ann.ok("act", {"token": created["token"], "state_id": 0, "action": {"type": "add", "n": 2}})
    await bob.wait_for(lambda: (s := bob.latest(1)) and s["state_id"] == 1)
    await bob.ok("act", {"token": joined["token"], "state_id": 1, "action": {"type": "add", "n": 3}})
    await ann.wait_for(lambda: ann.latest(0)["view"]["pot"] == 5)

    await cy.close()  # a place comes free
    await until(lambda: len(srv.hub.conns) == 2)
    dee = await connect(srv.url)
    assert (await dee.ok("list_tables", {}))["tables"][0]["started"]
    await refused_connection(srv.url)


async def test_another_address_is_counted_on_its_own(servers, connect):
    srv = await servers(max_connections_per_address=1, max_tables_per_address=1)
    ann = await connect(srv.url)
    await ann.ok("create_table", {"game": "pepper", "seats": 2, "name": "Ann"})
    await refused_connection(srv.url)
    try:
        other = await connect(srv.url, local="127.0.0.2")
    except (OSError, socketio.exceptions.ConnectionError):
        pytest.skip("this machine cannot connect from a second loopback address")
    created = await other.ok("create_table", {"game": "pepper", "seats": 2, "name": "Bo"})
    assert {srv.hub.conns[sid].address for sid in srv.hub.conns} == {"127.0.0.1", "127.0.0.2"}
    await ann.error("create_table", {"game": "pepper", "seats": 2, "name": "Ann"}, "limit")
    assert created["table"]["id"] in srv.hub.tables


async def test_one_address_opens_so_many_tables_and_finishing_or_leaving_one_frees_a_place(servers, connect):
    srv = await servers(max_tables_per_address=2)
    ann, bob = await connect(srv.url), await connect(srv.url)
    quick = {"game": "pepper", "seats": 1, "name": "Ann", "options": {"moves": 1, "turn_seconds": 60}}
    short = await ann.ok("create_table", quick)
    lobby = await bob.ok("create_table", {"game": "pepper", "seats": 2, "name": "Bob"})

    refused = await ann.error("create_table", {"game": "pepper", "seats": 2, "name": "Ann"}, "limit")
    assert "already has 2 open tables" in refused["error"]["message"]
    await bob.error("create_table", {"game": "pepper", "seats": 2, "name": "Bob"}, "limit")  # same address
    tables = (await ann.ok("list_tables", {}))["tables"]
    assert sorted(t["id"] for t in tables) == sorted([short["table"]["id"], lobby["table"]["id"]])
    assert len(srv.hub.tables) == 2 and len(srv.hub.store.load_open_tables()) == 2  # nothing was made

    await ann.ok("start", {"token": short["token"]})  # a finished game holds no place
    await ann.ok("act", {"token": short["token"], "state_id": 0, "action": {"type": "add", "n": 1}})
    await ann.wait_for(lambda: (s := ann.latest(0)) and s["view"]["over"])
    again = await ann.ok("create_table", quick)
    await ann.error("create_table", quick, "limit")

    await bob.ok("leave", {"token": lobby["token"]})  # nobody left: the table closes
    await bob.ok("create_table", {"game": "pepper", "seats": 2, "name": "Bob"})
    await bob.error("create_table", quick, "limit")
    assert again["table"]["id"] in srv.hub.tables


async def test_zero_means_no_limit(servers, connect):
    srv = await servers(max_connections_per_address=0, max_tables_per_address=0, max_tables=50)
    clients = [await connect(srv.url) for _ in range(4)]
    for index in range(12):
        await clients[index % 4].ok("create_table", {"game": "pepper", "seats": 2, "name": f"P{index}"})
    assert len(srv.hub.tables) == 12


def test_the_remote_address_comes_from_the_aiohttp_request():
    class Request:
        remote = "::ffff:192.168.1.20"

    assert remote_address({"aiohttp.request": Request(), "REMOTE_ADDR": "127.0.0.1"}) == "192.168.1.20"
    Request.remote = "fe80::1"
    assert remote_address({"aiohttp.request": Request()}) == "fe80::1"
    assert remote_address({"REMOTE_ADDR": "10.0.0.5"}) == ""  # only the transport says where a peer is
    forwarded = {"aiohttp.request": Request(), "HTTP_X_FORWARDED_FOR": "10.9.9.9, 192.168.1.30"}
    assert remote_address(forwarded) == "fe80::1"
    assert remote_address(forwarded, trusted_proxies=("fe80::1",)) == "192.168.1.30"
