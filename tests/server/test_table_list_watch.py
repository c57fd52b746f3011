"""The list of open tables, watched (``watch_tables``): a connection that watches is pushed
``tables_changed`` when a table opens, fills a seat, starts or closes, at most one push every
half second however many changes come; stopping, or disconnecting, ends it. The request is
attacked through a raw socket: every bad payload gets a clear answer and changes nothing. (The
same across a cluster's nodes, through Redis: tests/server/test_cluster.py.)"""

from __future__ import annotations

import asyncio
import time

import pytest
from hostile_kit import RawSocket, code
from server_testkit import LOOPS, Client

from soupkitchen.server.net import push
from soupkitchen.server.tables.lobby import SIGNAL_INTERVAL, WATCHERS

pytestmark = pytest.mark.asyncio(loop_factories=LOOPS)  # the server on asyncio's loop and on uvloop


def watchers(server) -> set[str]:
    """The connections in the watchers' room of a server."""
    return {sid for sid, _eio in server.hub.transport.sio.manager.get_participants("/", WATCHERS)}


async def told_again(client: Client, before: int, what: str) -> None:
    await client.wait_for(lambda: len(client.told) > before, timeout=10.0)
    assert len(client.told) > before, what


async def quiet(server, *clients: Client) -> None:
    """Once the server has made every ``tables_changed`` push it had to make, and each of ``clients``
    has heard all of them (the server queues a push ahead of the answer to any later request): a
    push that has not come by then was never made."""
    watch = server.hub.watch
    await clients[0].wait_for(
        lambda: not watch.dirty and watch.due is None and (watch.sending is None or watch.sending.done())
    )
    for client in clients:
        await client.settled()


async def listed(client: Client) -> dict[str, dict]:
    return {table["id"]: table for table in (await client.ok("list_tables", {}))["tables"]}


async def test_a_watcher_is_told_when_a_table_opens_fills_starts_and_closes(server, clients):
    watcher, ann, bob = await clients(), await clients(), await clients()
    assert await watcher.ok("watch_tables", {"on": True}) == {"ok": True, "watching": True}
    made = await ann.ok("create_table", {"game": "pepper", "seats": 2, "name": "Ann"})
    tid = made["table"]["id"]
    await told_again(watcher, 0, "a table opened")
    assert [seat["name"] for seat in (await listed(watcher))[tid]["seats"]] == ["Ann", None]

    steps = [
        (bob, "join_table", {"table": tid, "name": "Bob"}, lambda t: t["seats"][1]["name"] == "Bob"),
        (bob, "ready", lambda: {"token": bob.tokens[-1], "on": True}, lambda t: t["seats"][1]["ready"]),
        (ann, "start", {"token": made["token"]}, lambda t: t["started"]),
    ]
    for who, event, payload, shows in steps:
        before = len(watcher.told)
        await who.ok(event, payload() if callable(payload) else payload)
        await told_again(watcher, before, event)
        assert shows((await listed(watcher))[tid]), event

    before = len(watcher.told)
    other = await ann.ok("create_table", {"game": "pepper", "seats": 2, "name": "Ann"})
    await told_again(watcher, before, "the other table opened")
    await quiet(server, watcher)  # the opening's push has come, and no other is on its way
    before = len(watcher.told)
    await ann.ok("leave", {"token": other["token"]})  # its only player leaves: the table closes
    await told_again(watcher, before, "a table closed")
    assert list(await listed(watcher)) == [tid]
    assert not watcher.unreadable


async def test_a_burst_of_changes_makes_one_push_each_half_second_and_the_last_tells_of_the_end(
    server, clients
):
    watcher, ann = await clients(), await clients()
    await watcher.ok("watch_tables", {"on": True})
    made = await ann.ok("create_table", {"game": "pepper", "seats": 4, "name": "Ann"})
    started = time.monotonic()
    for _ in range(15):  # 30 lobby changes in a moment
        added = await ann.ok("add_bot", {"token": made["token"]})
        await ann.ok("remove_bot", {"token": made["token"], "seat": added["seat"]})
    last_change = time.monotonic()
    await quiet(server, watcher)  # every push the burst made has come, and none is on its way
    told = watcher.told
    assert 1 <= len(told) <= (last_change - started) / SIGNAL_INTERVAL + 2, told
    gaps = [later - earlier for earlier, later in zip(told, told[1:], strict=False)]
    assert all(gap >= SIGNAL_INTERVAL * 0.8 for gap in gaps), gaps  # the loop's timers, give or take
    assert told[-1] >= last_change, "the burst's end is told"
    assert server.hub.watch.signals == len(told)


async def test_stopping_or_disconnecting_ends_the_pushes(server, clients):
    stays, stops, goes, ann = await clients(), await clients(), await clients(), await clients()
    for client in (stays, stops, goes):
        await client.ok("watch_tables", {"on": True})
    await stops.ok("watch_tables", {"on": True})  # twice is once
    assert len(watchers(server)) == 3
    assert await stops.ok("watch_tables", {"on": False}) == {"ok": True, "watching": False}
    await stops.ok("watch_tables", {"on": False})
    await goes.close()
    await stays.wait_for(lambda: len(watchers(server)) == 1)
    await ann.ok("create_table", {"game": "pepper", "seats": 2, "name": "Ann"})
    await told_again(stays, 0, "the one still watching")
    await quiet(server, stays, stops)  # a push to the one that stopped would have come before this
    assert stops.told == [] and goes.told == []


@pytest.mark.parametrize(
    "body, expected",
    [
        ('["watch_tables", {"on": "yes"}]', "bad_request"),
        ('["watch_tables", {"on": 1}]', "bad_request"),
        ('["watch_tables", {"on": null}]', "bad_request"),
        ('["watch_tables", {"on": [true]}]', "bad_request"),
        ('["watch_tables", {"on": {"on": true}}]', "bad_request"),
        ('["watch_tables", {}]', "bad_request"),
        ('["watch_tables"]', "bad_request"),
        ('["watch_tables", []]', "bad_request"),
        ('["watch_tables", "on"]', "bad_request"),
        ('["watch_tables", true]', "bad_request"),
        ('["watch_tables", {"on": true, "room": "watching-tables"}]', "bad_request"),
        ('["watch_tables", {"on": true}, {"on": true}]', "bad_request"),
        ('["watch_tables", {"on": true, "pad": "' + "x" * 20_000 + '"}]', "too_large"),
        ('["watch_tables", {"on": ' + "[" * 40 + "]" * 40 + "}]", "bad_request"),
        ('["watch_tables", {"on": 1e400}]', "bad_request"),
    ],
)
async def test_bad_watch_requests_get_a_clear_answer_and_watch_nothing(server, clients, body, expected):
    sock = await RawSocket(server.url).open()
    try:
        assert code(await sock.call("hello", {"protocol": 1})) is None
        reply = await sock.call_raw(body)
        assert code(reply) == expected, reply
        assert not watchers(server)
        ann = await clients()
        await ann.ok("watch_tables", {"on": True})
        await ann.ok("create_table", {"game": "pepper", "seats": 2, "name": "Ann"})
        await told_again(ann, 0, "a watcher is told")
        await quiet(server, ann)
        # the connection carries on; its answer comes after any push the server made to it
        assert code(await sock.call("time_sync", {"client_time": 1.0})) is None
        assert not [f for f in sock.frames if isinstance(f, str) and "tables_changed" in f]
    finally:
        await sock.close()


async def test_watching_before_hello_is_refused(server):
    sock = await RawSocket(server.url).open()
    try:
        assert code(await sock.call("watch_tables", {"on": True})) == "version"
        assert not watchers(server)
    finally:
        await sock.close()


async def test_a_flood_of_on_and_off_is_slowed_and_leaves_the_last_word(servers):
    server = await servers(rate=30.0, burst=60.0, rate_penalty=0.0)
    sock = await RawSocket(server.url).open()
    try:
        assert code(await sock.call("hello", {"protocol": 1})) is None
        codes = [code(await sock.call("watch_tables", {"on": index % 2 == 0})) for index in range(300)]
        assert set(codes) <= {None, "rate_limited"} and "rate_limited" in codes, set(codes)
        assert codes.count(None) < 200, "the rate limit held the flood back"
        last = next(index for index in range(299, -1, -1) if codes[index] is None)
        assert (len(watchers(server)) == 1) == (last % 2 == 0), "the last request answered ok is what holds"
        await asyncio.sleep(2.0)  # real time: the rate limit fills up again
        assert code(await sock.call("watch_tables", {"on": True})) is None
        assert len(watchers(server)) == 1
        ann = Client(server.url)
        await ann.connect()
        try:
            await ann.ok("create_table", {"game": "pepper", "seats": 2, "name": "Ann"})
            await sock.frame(lambda f: isinstance(f, str) and f.startswith('42["tables_changed"'))
        finally:
            await ann.close()
    finally:
        await sock.close()


async def test_the_stock_socket_path_pushes_the_change_too(servers, monkeypatch):
    monkeypatch.setenv(push.STOCK_ENV, "1")
    server = await servers()
    assert not server.hub.transport.fast
    watcher = Client(server.url)
    ann = Client(server.url)
    await watcher.connect()
    await ann.connect()
    try:
        await watcher.ok("watch_tables", {"on": True})
        made = await ann.ok("create_table", {"game": "pepper", "seats": 2, "name": "Ann"})
        await told_again(watcher, 0, "a table opened")
        assert made["table"]["id"] in await listed(watcher)
    finally:
        await watcher.close()
        await ann.close()
