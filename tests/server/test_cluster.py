"""Server nodes on a real Redis and PostgreSQL the tests start (several nodes in the test's event
loop): each table is leased by the node that serves it, a request about a table on another node is
answered with that node's address (and the game client follows it), the table list shows every
node's tables, a node lets a table go once it has lost it, a node stopped cleanly hands its tables
on, and a node that loses Redis refuses every move and acknowledges only what it stored (one that
loses PostgreSQL: test_database_faults.py). Every request a node routes is also attacked through a
raw socket."""

from __future__ import annotations

import asyncio
import json
import os
import time

import psycopg
import pytest

from soupkitchen.server.cluster.cluster import OPEN, SIGNALLED
from soupkitchen.server.cluster.leases import LEASE
from soupkitchen.server.embedded import EmbeddedServer
from soupkitchen.shared.wire import protocol

PATIENCE = 30.0  # how long a test waits for a heartbeat (a second apart) to have happened


async def eventually(check, what: str) -> None:
    """Wait until ``check()`` (a coroutine function) is true: heartbeats run on real time."""
    deadline = time.monotonic() + PATIENCE
    while not await check():
        assert time.monotonic() < deadline, f"timed out waiting for {what}"
        await asyncio.sleep(0.05)  # real time: the nodes' heartbeats


@pytest.fixture
async def nodes(redis, redis_server, postgres_dsn, tmp_path):
    """``await nodes(n)``: n running nodes on one Redis and one PostgreSQL database; all stopped after."""
    made: list[EmbeddedServer] = []

    async def make(count: int = 1, **settings) -> list[EmbeddedServer]:
        quick = {"bot_delay": 0.01, "grace": 30.0, "bot_poll": 0.05, "rate": 500.0, "burst": 500.0}
        fresh = []
        for _ in range(count):
            srv = EmbeddedServer(
                tmp_path / "unused.sqlite3",
                postgres=postgres_dsn,
                redis=redis_server.url,
                **(quick | settings),
            )
            made.append(srv)
            await srv.start()
            fresh.append(srv)
        return fresh

    yield make
    for srv in made:
        await srv.stop()


async def test_hello_names_every_live_node(nodes, connect):
    a, b = await nodes(2)
    ann = await connect(a.url)

    async def both() -> bool:
        return set((await ann.ok("hello", {"protocol": 1, "client": "test"}))["nodes"]) == {a.url, b.url}

    await eventually(both, "node a to hear of node b")
    reply = await ann.ok("hello", {"protocol": 1, "client": "test"})
    assert reply["nodes"][0] == a.url, "the node answering comes first"


async def test_a_table_is_leased_by_its_node_until_it_closes(nodes, connect, redis):
    (a,) = await nodes(1)
    ann = await connect(a.url)
    made = await ann.ok("create_table", {"game": "pepper", "seats": 2, "name": "Ann"})
    tid = made["table"]["id"]
    assert await redis.get(LEASE + tid) == a.hub.server_id
    assert await redis.sismember(OPEN, tid)
    await ann.ok("leave", {"token": made["token"]})  # the only player leaves: the lobby closes

    async def released() -> bool:
        return await redis.get(LEASE + tid) is None and not await redis.sismember(OPEN, tid)

    await eventually(released, "the closed table's lease to be given up")


async def test_join_watch_resume_and_moves_on_another_node_are_sent_there(nodes, connect):
    a, b = await nodes(2)
    ann, bob = await connect(a.url), await connect(b.url)
    made = await ann.ok("create_table", {"game": "pepper", "seats": 2, "name": "Ann"})
    tid, token = made["table"]["id"], made["token"]
    for event, payload in (
        ("join_table", {"table": tid, "name": "Bob"}),
        ("spectate", {"table": tid}),
        ("resume", {"token": token}),
        ("ready", {"token": token, "on": True}),
        ("act", {"token": token, "state_id": 0, "action": {"type": "pass"}}),
    ):
        reply = await bob.error(event, payload, protocol.MOVED)
        assert reply["error"]["address"] == a.url, (event, reply)
    assert tid not in b.hub.tables, "a redirect does not copy the table"
    await bob.error("join_table", {"table": "nosuchtable", "name": "Bob"}, protocol.UNKNOWN_TABLE)
    await bob.error("resume", {"token": "x" * 22}, protocol.BAD_TOKEN)


async def test_every_node_lists_every_nodes_open_tables_and_finds_their_codes(nodes, connect):
    a, b = await nodes(2)
    ann, bob = await connect(a.url), await connect(b.url)
    made = await ann.ok("create_table", {"game": "pepper", "seats": 2, "name": "Ann"})
    hidden = await ann.ok(
        "create_table", {"game": "pepper", "seats": 2, "name": "Ann", "settings": {"listed": False}}
    )
    tid = made["table"]["id"]

    async def listed() -> bool:
        tables = (await bob.ok("list_tables", {}))["tables"]
        return [t["id"] for t in tables] == [tid]

    async def published() -> bool:  # node a publishes each table as it opens, a moment apart (a
        # lookup in vain would count against bob's address)
        return any(table["id"] == hidden["table"]["id"] for table in await b.hub.node.others_open())

    await eventually(listed, "node b to list node a's table")
    assert all(t["code"] is None for t in (await bob.ok("list_tables", {}))["tables"])
    await eventually(published, "node a to publish its unlisted table")
    found = await bob.ok("find_table", {"code": hidden["table"]["code"]})
    assert found["table"]["id"] == hidden["table"]["id"], "an unlisted table is found by its code"
    await bob.error("join_table", {"table": found["table"]["id"], "name": "Bob"}, protocol.MOVED)


async def test_a_node_lets_go_of_a_table_whose_lease_it_lost(nodes, connect, redis):
    (a,) = await nodes(1)
    ann = await connect(a.url)
    made = await ann.ok("create_table", {"game": "pepper", "seats": 2, "name": "Ann"})
    tid = made["table"]["id"]
    await redis.set(LEASE + tid, "another-node")  # as if another node had claimed it

    async def let_go() -> bool:
        return tid not in a.hub.tables and not ann.sio.connected

    await eventually(let_go, "node a to let the table go")


async def test_a_node_lets_go_of_a_table_another_wrote_history_for(nodes, connect, postgres_dsn):
    (a,) = await nodes(1)
    ann = await connect(a.url)
    made = await ann.ok(
        "create_table", {"game": "pepper", "seats": 2, "name": "Ann", "options": {"moves": 50}}
    )
    await ann.ok("add_bot", {"token": made["token"]})
    await ann.ok("start", {"token": made["token"]})
    tid = made["table"]["id"]
    await ann.wait_for(lambda: ann.latest(0) and 0 in ann.latest(0)["view"]["active_seats"])
    state = ann.latest(0)
    with psycopg.connect(postgres_dsn, autocommit=True) as db:  # another writer played the next action
        db.execute(
            "INSERT INTO actions (table_id, idx, seat, action, t) VALUES (%s, %s, 0, '{}', 0)",
            (tid, state["state_id"]),
        )
    reply = await ann.error(
        "act",
        {"token": made["token"], "state_id": state["state_id"], "action": state["view"]["legal_actions"][0]},
        protocol.STORAGE_FAILED,
    )
    assert "played on elsewhere" in reply["error"]["message"]

    async def let_go() -> bool:
        return tid not in a.hub.tables

    await eventually(let_go, "node a to let the table go")


def test_the_command_line_makes_a_node_only_with_redis_postgres_and_an_address(capsys):
    from soupkitchen.server.__main__ import parse_args

    plain = parse_args([])
    assert plain.redis is None and plain.public_address is None, "without --redis: today's single process"
    node = parse_args(
        [
            "--redis",
            "redis://127.0.0.1:6379/0",
            "--postgres",
            "postgresql://soup@db/soup",
            "--public-address",
            "http://10.0.0.5:8765/",
        ]
    )
    assert node.public_address == "http://10.0.0.5:8765"
    assert (
        parse_args(
            [
                "--redis",
                "redis://r:6379/0",
                "--postgres",
                "postgresql://db/soup",
                "--host",
                "10.0.0.6",
                "--port",
                "9000",
            ]
        ).public_address
        == "http://10.0.0.6:9000"
    )
    assert node.lease_seconds == 3.0
    assert (
        parse_args(
            [
                "--redis",
                "redis://r:6379/0",
                "--postgres",
                "postgresql://db/soup",
                "--host",
                "10.0.0.6",
                "--lease-seconds",
                "8",
            ]
        ).lease_seconds
        == 8.0
    )
    for argv, words in (
        (["--redis", "redis://r:6379/0"], "give --postgres"),
        (["--redis", "redis://r:6379/0", "--postgres", "postgresql://db/s"], "needs --public-address"),
        (["--redis", "r:6379", "--postgres", "postgresql://db/s"], "not a Redis address"),
        (
            ["--redis", "redis://r/0", "--postgres", "postgresql://db/s", "--public-address", "10.0.0.5"],
            "not an address such as",
        ),
        (["--public-address", "http://10.0.0.5:8765"], "goes with --redis"),
        (
            [
                "--redis",
                "redis://r/0",
                "--postgres",
                "postgresql://db/s",
                "--host",
                "10.0.0.6",
                "--lease-seconds",
                "0.5",
            ],
            "less than a second",
        ),
    ):
        with pytest.raises(SystemExit):
            parse_args(argv)
        assert words in capsys.readouterr().err, argv


async def test_a_node_whose_redis_cannot_be_reached_stops_with_one_sentence(postgres_dsn, tmp_path):
    from soupkitchen.server.storage.store import StoreError
    from tests.services import free_port

    srv = EmbeddedServer(
        tmp_path / "unused.sqlite3", postgres=postgres_dsn, redis=f"redis://:secret@127.0.0.1:{free_port()}/0"
    )
    with pytest.raises(StoreError) as refused:
        await srv.start()
    assert "cannot reach Redis at redis://127.0.0.1:" in refused.value.message
    assert "secret" not in refused.value.message


async def test_the_client_follows_a_redirect_to_the_node_that_serves_the_table(nodes, connect):
    from soupkitchen.client.net.connection import Connection
    from soupkitchen.client.net.session import TableSession

    a, b = await nodes(2)
    ann = await connect(a.url)
    made = await ann.ok("create_table", {"game": "pepper", "seats": 3, "name": "Ann"})
    tid = made["table"]["id"]
    bob, cy = Connection(b.url), Connection(b.url)
    await bob.connect()
    await cy.connect()
    try:
        ack = await bob.request("join_table", {"table": tid, "name": "Bob"})
        assert bob.url == a.url and ack["seat"] == 1, "joined at the node that serves the table"
        assert set(bob.nodes) == {a.url, b.url}
        assert a.hub.tables[tid].seats[1].sids, "the seat is held by the connection that moved"
        # a seat token taken on node a works from node b: the client is sent on and takes it back there
        seat = await ann.ok("join_table", {"table": tid, "name": "Cy"})
        session = TableSession(cy, made["table"], {seat["seat"]: seat["token"]})
        assert await session.resume() == 1 and cy.url == a.url
        assert cy.connected and session.table["id"] == tid
    finally:
        await bob.close()
        await cy.close()


async def test_a_redirect_met_while_the_client_reconnects_waits_for_it_and_leaves_its_link_alone(nodes):
    """A player's request answered ``moved`` while the connection is reconnecting (hello said, the
    clock being synced on the node it came back through) does not take the link away from under
    the reconnection: the request waits for it, and is asked again on the node it ends at."""
    from soupkitchen.client.net.connection import Connection
    from soupkitchen.client.net.session import TableSession

    a, b = await nodes(2)
    conn = Connection(a.url)
    await conn.connect()
    try:
        made = await conn.request("create_table", {"game": "pepper", "seats": 2, "name": "Ann"})
        session = TableSession(conn, made["table"], {0: made["token"]})
        outside: list[asyncio.Task] = []
        redirected = asyncio.Event()
        real_call, real_sync = conn._raw_call, conn.sync_time

        async def call(event, payload, timeout=10.0):
            ack = await real_call(event, payload, timeout)
            if outside and asyncio.current_task() is outside[0] and not ack.get("ok"):
                redirected.set()  # node b's ``moved``, handed back to the request
            return ack

        async def sync_once_the_request_was_redirected():
            if conn._reconnecting and outside:
                await redirected.wait()  # the request has had its answer (and acted on it) first
            await real_sync()

        def reconnected_to_b(up: bool) -> None:
            if up and conn._reconnecting and conn.url == b.url and not outside:
                outside.append(asyncio.ensure_future(conn.request("resume", {"token": made["token"]})))

        conn._raw_call, conn.sync_time = call, sync_once_the_request_was_redirected
        conn.status_listeners.append(reconnected_to_b)
        conn.url = b.url  # the link drops and comes back through node b, which sends the seat on to a
        await conn.drop_for_test()
        deadline = time.monotonic() + PATIENCE
        while not outside:
            assert time.monotonic() < deadline, "the connection never came back through node b"
            await asyncio.sleep(0.05)  # real time: the reconnection's backoff
        answer = await asyncio.wait_for(outside[0], PATIENCE)
        while conn._reconnecting:
            assert time.monotonic() < deadline, "the reconnection never ended"
            await asyncio.sleep(0.05)  # real time: a reconnection that failed tries again after its backoff
        assert answer["ok"] and conn.url == a.url, "the request was asked again at the node serving the table"
        assert conn.reconnect_attempts == 1, "the reconnection's first link was kept, not left half way"
        assert conn.connected and session.tokens == {0: made["token"]}
        assert a.hub.tables[made["table"]["id"]].seats[0].sids, "the seat is held again on node a"
    finally:
        await conn.close()


HOSTILE_NAMES = [
    "*",
    "soupkitchen:lease:*",
    "x\r\nFLUSHALL\r\n",
    "' OR 1=1 --",
    "%s",
    "?",
    "\\u0000",
    "é" * 300,
    "a" * 4000,
    "../../etc",
    "{}",
    "nosuchtable",
]


async def test_hostile_table_ids_and_tokens_at_a_node_get_answers_and_touch_nothing(nodes, connect, redis):
    """Every request a node routes (by table id, token or code), attacked through a raw socket with
    names meant for Redis keys, SQL and the wire: each gets an answer with a known code, no lease or
    table is made for it, and the other node's table does not change."""
    from hostile_kit import RawSocket, code

    a, b = await nodes(2, code_free_tries=1000)
    ann = await connect(a.url)
    made = await ann.ok("create_table", {"game": "pepper", "seats": 2, "name": "Ann"})
    tid = made["table"]["id"]
    before = a.hub.tables[tid].summary()
    keys_before = set(await redis.keys("*"))
    sock = await RawSocket(b.url).open()
    try:
        assert code(await sock.call("hello", {"protocol": 1, "client": "raw"})) is None
        for name in HOSTILE_NAMES:
            for event, payload in (
                ("join_table", {"table": name, "name": "Eve"}),
                ("spectate", {"table": name}),
                ("resume", {"token": name}),
                ("leave", {"token": name}),
                ("act", {"token": name, "state_id": 0, "action": {"type": "add", "n": 1}}),
                ("find_table", {"code": name}),
                ("list_tables", {}),
            ):
                reply = await sock.call(event, payload)
                assert code(reply) in {
                    None,
                    "bad_request",
                    "unknown_table",
                    "bad_token",
                    "unknown_code",
                    "too_large",
                    "rate_limited",
                }, (event, name, reply)
                assert "address" not in reply.get("error", {}), (event, name, reply)
        moved = await sock.call(
            "join_table", {"table": tid, "name": "Eve", "extra": {"address": "http://evil:1"}}
        )
        assert code(moved) == "bad_request", "a request's unknown field is refused before any routing"
        moved = await sock.call("resume", {"token": made["token"]})
        assert code(moved) == protocol.MOVED and moved["error"]["address"] == a.url
    finally:
        await sock.close()
    made_keys = set(await redis.keys("*")) - {SIGNALLED}  # that key comes and goes with the watchers' pushes
    assert made_keys == keys_before - {SIGNALLED}, "no key was made for a name that names nothing"
    assert list(b.hub.tables) == [] and a.hub.tables[tid].summary() == before


async def test_a_node_busy_for_longer_than_a_lease_keeps_its_tables_and_refuses_nothing(
    nodes, connect, redis
):
    """Hundreds of games started at the same moment can hold a node's event loop up for seconds: its
    leases are renewed all the same (by a thread of their own), so its gate stays open."""
    (a,) = await nodes(1, lease_seconds=3.0)
    ann = await connect(a.url)
    made = await ann.ok(
        "create_table",
        {"game": "pepper", "seats": 1, "name": "Ann", "options": {"moves": 50, "turn_seconds": 600}},
    )
    tid, token = made["table"]["id"], made["token"]
    await ann.ok("start", {"token": token})
    await ann.wait_for(lambda: ann.latest(0))
    time.sleep(4.5)  # the event loop (the node's and this test's) is held up for a lease and a half
    assert a.hub.node.in_touch(), "the node's leases were renewed while its event loop was busy"
    assert await redis.get(LEASE + tid) == a.hub.server_id
    await ann.ok("act", {"token": token, "state_id": 0, "action": {"type": "add", "n": 1}})


async def answered(client, event: str, payload: dict) -> dict | None:
    """The node's reply, or None when it closes the connection before answering (a node letting go
    of a table it lost closes its connections; a request on the way then gets no answer)."""
    call = asyncio.ensure_future(client.call(event, payload))
    while not call.done():
        if not client.sio.connected:
            call.cancel()
            return None
        await asyncio.wait({call}, timeout=0.05)  # real time: the node may close the link meanwhile
    return call.result()


async def test_a_node_that_loses_redis_refuses_every_move_and_serves_again_once_it_is_back(
    servers, postgres_dsn
):
    from server_testkit import Client, stored_record

    from tests.services import Redis

    lost = Redis()
    try:
        a = await servers(postgres=postgres_dsn, redis=lost.url, lease_seconds=3.0, grace=30.0)
        ann = await Client(a.url).connect()
        made = await ann.ok(
            "create_table",
            {"game": "pepper", "seats": 1, "name": "Ann", "options": {"moves": 50, "turn_seconds": 600}},
        )
        tid, token = made["table"]["id"], made["token"]
        await ann.ok("start", {"token": token})
        await ann.wait_for(lambda: ann.latest(0))
        await ann.ok("act", {"token": token, "state_id": 0, "action": {"type": "add", "n": 1}})
        lost.stop()
        deadline = time.monotonic() + PATIENCE
        while a.hub.node.in_touch():
            assert time.monotonic() < deadline, "the node never noticed Redis had gone"
            await asyncio.sleep(0.05)  # real time: the heartbeat finds Redis gone
        for _ in range(3):
            reply = await ann.error(
                "act",
                {"token": token, "state_id": 1, "action": {"type": "add", "n": 2}},
                protocol.STORAGE_UNAVAILABLE,
            )
            assert (
                "lost touch with Redis" in reply["error"]["message"]
                and "nothing was changed" in reply["error"]["message"]
            )
        await ann.error(
            "create_table", {"game": "pepper", "seats": 1, "name": "Ann"}, protocol.STORAGE_UNAVAILABLE
        )
        assert a.hub.tables[tid].state_id == 1 and len(stored_record(postgres_dsn, tid)["log"]) == 1
        back = Redis(port=lost.port)  # Redis comes back, empty: the node takes its table again from the log
        try:
            deadline = time.monotonic() + PATIENCE
            while True:
                assert time.monotonic() < deadline, "the table was never served again"
                if not ann.sio.connected:  # the node let go of the table it lost, closing its connections
                    await ann.close()
                    ann = await Client(a.url).connect()
                reply = await answered(ann, "resume", {"token": token})
                if reply is not None and reply.get("ok"):
                    reply = await answered(
                        ann, "act", {"token": token, "state_id": 1, "action": {"type": "add", "n": 2}}
                    )
                if reply is not None and reply.get("ok"):
                    break
                await asyncio.sleep(0.1)  # real time: the heartbeat finds Redis back
            record = stored_record(postgres_dsn, tid)
            assert [entry["action"] for entry in record["log"]] == [
                {"type": "add", "n": 1},
                {"type": "add", "n": 2},
            ]
        finally:
            await ann.close()
            await a.stop()
            back.stop()
    finally:
        lost.stop()


async def test_a_node_waiting_for_postgres_answers_others_and_tells_of_a_move_only_once_it_is_stored(
    nodes, connect, postgres_dsn
):
    from server_testkit import fetch_json

    (a,) = await nodes(1)
    ann = await connect(a.url)
    made = await ann.ok(
        "create_table",
        {"game": "pepper", "seats": 1, "name": "Ann", "options": {"moves": 50, "turn_seconds": 600}},
    )
    await ann.ok("start", {"token": made["token"]})
    await ann.settled()
    with psycopg.connect(postgres_dsn) as other:  # the log is locked: the move cannot be stored yet
        other.execute("LOCK TABLE actions IN ACCESS EXCLUSIVE MODE")
        move = asyncio.ensure_future(
            ann.call("act", {"token": made["token"], "state_id": 0, "action": {"type": "add", "n": 1}})
        )

        async def in_hand() -> bool:
            return a.hub.store.issued > a.hub.store.confirmed

        await eventually(in_hand, "the move to be handed to the store")
        assert (await fetch_json(a.url + "/healthz"))["ok"] is True, "the node answers meanwhile"

        async def push_held() -> bool:  # the move's pushes are made, and held for the store
            return bool(a.hub.outbox.held.get(made["table"]["id"]))

        await eventually(push_held, "the move's push to be held until it is stored")
        assert not move.done() and all(state["state_id"] == 0 for state in ann.states)
    reply = await move  # the lock ends with the transaction
    assert reply["ok"] is True and ann.states[-1]["state_id"] == 1, "the push came before the answer"


async def test_a_node_that_stops_gives_its_tables_up_and_another_takes_them_over(nodes, connect):
    from server_testkit import fetch_json

    a, b = await nodes(2)
    ann = await connect(a.url)
    made = await ann.ok("create_table", {"game": "pepper", "seats": 2, "name": "Ann"})
    tid = made["table"]["id"]
    node = (await fetch_json(f"{a.url}/metrics"))["node"]
    assert node["leases"] == 1 and node["in_touch"] and node["address"] == a.url
    await a.stop()  # a clean stop: the leases are released, not left to run out

    async def taken() -> bool:
        return tid in b.hub.tables

    await eventually(taken, "node b to take the table over")
    bob = await connect(b.url)
    back = await bob.ok("resume", {"token": made["token"]})
    assert back["seat"] == 0 and back["table"]["id"] == tid
    assert (await fetch_json(f"{b.url}/metrics"))["node"]["leases"] == 1


async def test_a_table_asked_for_by_many_at_once_is_taken_over_once(nodes, connect):
    a, b = await nodes(2)
    ann = await connect(a.url)
    made = await ann.ok("create_table", {"game": "pepper", "seats": 3, "name": "Ann"})
    tid = made["table"]["id"]
    tokens = [made["token"]] + [
        (await ann.ok("join_table", {"table": tid, "name": name}))["token"] for name in ("Bob", "Cy")
    ]
    await a.stop()  # its leases given up: the first to ask node b has it take the table over
    players = [await connect(b.url) for _ in tokens]
    answers = await asyncio.gather(
        *(player.call("resume", {"token": token}) for player, token in zip(players, tokens, strict=True))
    )
    assert all(answer["ok"] for answer in answers), answers
    for player, token in zip(players, tokens, strict=True):  # each holds its seat at the one table served
        await player.ok("ready", {"token": token, "on": True})
    assert [seat["ready"] for seat in b.hub.tables[tid].summary()["seats"]] == [True, True, True]


async def test_a_watcher_on_one_node_is_told_of_a_table_made_on_another_and_finds_it_listed(nodes, connect):
    """The lobby-wide push goes through Redis (python-socketio's AsyncRedisManager): a watcher on
    node b is told of a table made, filled and started on node a, and the list it then asks node b
    for already has the change (node a published its tables before it told anyone)."""
    a, b = await nodes(2)
    watcher, ann, bob = await connect(b.url), await connect(a.url), await connect(a.url)

    async def b_knows_a() -> bool:
        return a.hub.server_id in b.hub.node.directory

    await eventually(b_knows_a, "node b to hear of node a")
    await watcher.ok("watch_tables", {"on": True})
    made = await ann.ok("create_table", {"game": "pepper", "seats": 2, "name": "Ann"})
    tid = made["table"]["id"]
    for who, event, payload, shows in (
        (None, None, None, lambda t: t["seats"][0]["name"] == "Ann"),
        (bob, "join_table", {"table": tid, "name": "Bob"}, lambda t: t["seats"][1]["name"] == "Bob"),
        (bob, "ready", lambda: {"token": bob.tokens[-1], "on": True}, lambda t: t["seats"][1]["ready"]),
        (ann, "start", {"token": made["token"]}, lambda t: t["started"]),
    ):
        before = len(watcher.told)
        if who is not None:
            await who.ok(event, payload() if callable(payload) else payload)
            await watcher.wait_for(lambda before=before: len(watcher.told) > before, timeout=PATIENCE)
        else:
            await watcher.wait_for(lambda: watcher.told, timeout=PATIENCE)
        tables = {t["id"]: t for t in (await watcher.ok("list_tables", {}))["tables"]}
        assert tid in tables and shows(tables[tid]), (event, tables)
    assert tid not in b.hub.tables, "the table is node a's; node b only lists it"
    before = len(watcher.told)
    other = await ann.ok("create_table", {"game": "pepper", "seats": 2, "name": "Ann"})

    async def listed_on_b() -> bool:
        return other["table"]["id"] in {t["id"] for t in (await watcher.ok("list_tables", {}))["tables"]}

    await eventually(listed_on_b, "node b to list node a's second table")
    await watcher.wait_for(lambda: len(watcher.told) > before, timeout=PATIENCE)  # the opening's push

    async def a_has_told_all() -> bool:  # node a has no push made or waiting beyond the one heard
        watch = a.hub.watch
        return not watch.dirty and watch.due is None and (watch.sending is None or watch.sending.done())

    await eventually(a_has_told_all, "node a to have told of the opening")
    before = len(watcher.told)
    await ann.ok("leave", {"token": other["token"]})  # its only player leaves: the table closes
    await watcher.wait_for(lambda: len(watcher.told) > before, timeout=PATIENCE)
    assert [t["id"] for t in (await watcher.ok("list_tables", {}))["tables"]] == [tid], (
        "gone from node b's list"
    )
    assert not watcher.unreadable


@pytest.mark.parametrize("path", ["fast", "stock"])
async def test_a_tables_own_pushes_never_go_through_redis(nodes, connect, redis_server, monkeypatch, path):
    """A real subscriber on the nodes' socket.io channel sees the watchers' ``tables_changed`` and
    nothing else while a table is made, started and played on node a (its seat and spectator get
    every push), on the fast socket path and on python-socketio's stock one."""
    import redis.asyncio as aioredis

    from soupkitchen.server.cluster.cluster import CHANNEL
    from soupkitchen.server.net import push

    if path == "stock":
        monkeypatch.setenv(push.STOCK_ENV, "1")
    else:
        monkeypatch.delenv(push.STOCK_ENV, raising=False)
    listener = aioredis.Redis.from_url(redis_server.url)
    channel = listener.pubsub(ignore_subscribe_messages=True)
    last_word = f"{CHANNEL}-test-{os.getpid()}"  # a channel of the test's own, heard after all before it
    await channel.subscribe(CHANNEL, last_word)
    heard: list[dict] = []
    all_heard = asyncio.Event()

    async def listen() -> None:
        async for message in channel.listen():
            if message["type"] != "message":
                continue
            if message["channel"].decode() == last_word:
                all_heard.set()
            else:
                heard.append(json.loads(message["data"]))

    listening = asyncio.ensure_future(listen())
    try:
        a, b = await nodes(2)
        assert a.hub.transport.fast == (path == "fast")
        ann, eve, watcher = await connect(a.url), await connect(a.url), await connect(b.url)
        await watcher.ok("watch_tables", {"on": True})
        ((_, subscribers),) = await listener.pubsub_numsub(CHANNEL)
        assert subscribers == 3, "both nodes and this test listen on the channel"
        made = await ann.ok(
            "create_table",
            {"game": "pepper", "seats": 1, "name": "Ann", "options": {"moves": 50, "turn_seconds": 600}},
        )
        tid, token = made["table"]["id"], made["token"]
        await eve.ok("spectate", {"table": tid})
        await ann.ok("start", {"token": token})
        for state_id in range(6):
            await ann.wait_for(lambda state_id=state_id: (ann.latest(0) or {}).get("state_id") == state_id)
            await ann.ok("act", {"token": token, "state_id": state_id, "action": {"type": "add", "n": 1}})
        await ann.wait_for(lambda: (ann.latest(0) or {}).get("state_id") == 6)
        await eve.wait_for(lambda: (eve.latest(None) or {}).get("state_id") == 6)
        assert ann.lobbies and eve.lobbies, "the table's lobby pushes reached its seat and its spectator"
        await watcher.wait_for(lambda: watcher.told, timeout=PATIENCE)
        # Redis hands a subscriber its messages in the order they were published, whatever the
        # channel: once the test's own last word is heard, so is everything the nodes published.
        await listener.publish(last_word, "done")
        await asyncio.wait_for(all_heard.wait(), PATIENCE)
    finally:
        listening.cancel()
        await asyncio.gather(listening, return_exceptions=True)
        await channel.aclose()
        await listener.aclose()
    assert heard, "the watchers' push went through Redis"
    assert {(m["method"], m.get("event")) for m in heard} == {("emit", "tables_changed")}, heard
    assert all(m["room"] == "watching-tables" for m in heard)
