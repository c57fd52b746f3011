"""A cluster's node stores its changes behind the event loop (a real PostgreSQL the tests start):
every change handed over is stored, in order, and ``stored`` says when; a change that repeats a
table's history fails only that table, whose later changes are not stored until it is let go; a
database that goes refuses what was in hand, and each change after it on the spot. The pushes
waiting for the store leave in order once it has confirmed their table's changes, and never for a
table let go."""

from __future__ import annotations

import asyncio
import time

import psycopg
import pytest
from server_testkit import LOOPS

from soupkitchen.server.net.outbox import Outbox
from soupkitchen.server.storage.store import CHANGES, Changes, HistoryTaken, StoreError, token_hash
from soupkitchen.shared.wire import protocol

ROW = {
    "game": "pepper",
    "players": 1,
    "options": {},
    "settings": {},
    "password": None,
    "host_seat": 0,
    "seed": 7,
    "started": True,
    "over": False,
    "closed": False,
    "created": 1.0,
}
SEATS = [{"name": "Ada", "token_hash": token_hash("a"), "bot": False, "ready": True}]
PATIENCE = 30.0  # seconds a test waits for the writer to have connected again (its backoff is at most 2 s)


async def until(check) -> None:
    """Wait until ``check()``: the writer reconnects on real time (bound the wait from outside)."""
    while not check():
        await asyncio.sleep(0.02)


@pytest.fixture
async def behind(postgres_dsn):
    """A PostgreSQL store writing behind, with the tables it was told to let go in ``.unstored``."""
    from soupkitchen.server.storage.store_pg import PostgresStore

    store = PostgresStore(postgres_dsn)
    store.unstored = []
    store.on_unstored = lambda table, _taken: store.unstored.append(table)
    store.write_behind()
    for table_id in ("t1", "t2"):
        store.save_table({"id": table_id, **ROW}, SEATS)
    assert await store.stored() is None
    yield store
    await store.drained()
    store.close()


def handing(change) -> Changes:
    """The changes ``change()`` hands the store, as a request's (``server.app`` answers it after them)."""
    changes = Changes()
    given = CHANGES.set(changes)
    try:
        change()
    finally:
        CHANGES.reset(given)
    return changes


def logged(store, table_id: str) -> list[int]:
    return [entry["action"]["n"] for entry in store.load_table(table_id)["log"]]


async def test_changes_handed_over_are_stored_in_order_and_stored_says_when(behind):
    handed = behind.issued

    def moves() -> None:
        for idx in range(100):
            for table_id in ("t1", "t2"):
                behind.append_action(table_id, idx, 0, {"type": "add", "n": idx}, float(idx), over=False)

    changes = handing(moves)
    assert behind.issued == handed + 200 and len(changes.tickets) == 200
    assert await behind.stored(changes) is None
    assert behind.confirmed == behind.issued
    assert logged(behind, "t1") == logged(behind, "t2") == list(range(100))
    assert behind.unstored == []


async def test_a_second_history_fails_its_table_alone_until_it_is_let_go(behind, postgres_dsn):
    with psycopg.connect(postgres_dsn, autocommit=True) as other:  # another node played action 3
        other.execute(
            "INSERT INTO actions (table_id, idx, seat, action, t) VALUES ('t1', 3, 0, %s, 0)",
            ('{"type": "add", "n": 99}',),
        )
    first, second = (
        handing(
            lambda table_id=table_id: [
                behind.append_action(table_id, idx, 0, {"type": "add", "n": idx}, float(idx), over=False)
                for idx in range(6)
            ]
        )
        for table_id in ("t1", "t2")
    )
    failure = await behind.stored(first)
    assert isinstance(failure, HistoryTaken) and (failure.table_id, failure.idx) == ("t1", 3)
    assert await behind.stored(second) is None, "another table's changes are answered as stored"
    assert behind.unstored == ["t1"]
    assert logged(behind, "t2") == list(range(6))
    assert logged(behind, "t1") == [0, 1, 2, 99], "nothing of this node's after the history it lost"
    assert behind.failing is None, "the database itself is fine"
    rebuilt = handing(lambda: behind.append_action("t1", 4, 0, {"type": "add", "n": 4}, 4.0, over=False))
    assert await behind.stored(rebuilt) is None  # the table rebuilt from what was stored plays on
    assert logged(behind, "t1") == [0, 1, 2, 99, 4]


@pytest.mark.asyncio(loop_factories=LOOPS)
async def test_a_database_that_goes_refuses_what_was_in_hand_and_each_change_after_it_at_once(
    behind, postgres_server, postgres_dsn
):
    name = postgres_dsn.rsplit("/", 1)[1]
    with psycopg.connect(postgres_server.dsn(), autocommit=True) as admin:
        admin.execute(f'ALTER DATABASE "{name}" ALLOW_CONNECTIONS false')
    postgres_server.cut_connections(postgres_dsn)
    try:
        failure = await behind.stored(
            handing(lambda: behind.append_action("t1", 0, 0, {"type": "add", "n": 1}, 1.0, over=False))
        )
        assert failure is not None and failure.code == protocol.STORAGE_UNAVAILABLE
        assert "nothing was changed" in failure.message and behind.unstored == ["t1"]
        assert not behind.writer.up and not behind.can_store
        with pytest.raises(StoreError) as refused:  # at once, handing nothing over, while it reconnects
            behind.append_action("t2", 0, 0, {"type": "add", "n": 1}, 1.0, over=False)
        assert (
            refused.value.code == protocol.STORAGE_UNAVAILABLE
            and "nothing was changed" in refused.value.message
        )
        assert not behind.writer.busy
    finally:
        with psycopg.connect(postgres_server.dsn(), autocommit=True) as admin:
            admin.execute(f'ALTER DATABASE "{name}" ALLOW_CONNECTIONS true')
    await asyncio.wait_for(until(lambda: behind.writer.up), PATIENCE)  # it reconnects by itself
    again = handing(lambda: behind.append_action("t2", 0, 0, {"type": "add", "n": 2}, 1.0, over=False))
    assert again.tickets and await behind.stored(again) is None
    assert behind.failing is None and behind.can_store
    assert logged(behind, "t2") == [2] and logged(behind, "t1") == []


def test_pushes_wait_for_their_tables_changes_in_order_and_those_of_a_table_let_go_are_dropped():
    sent = []
    outbox = Outbox(lambda sids, encoded: sent.append(encoded))
    outbox.push(["a"], "free", "t1", 0, 0)
    assert sent == ["free"]
    outbox.push(["a"], "t1 move", "t1", 1, 1)
    outbox.push(["a"], "t2 move", "t2", 2, 2)
    outbox.push(["b"], "t1 emote", "t1", 1, 2)  # nothing of a table overtakes what of it waits
    outbox.push(["b"], "t1 others' view", "t1", 1, 3)  # made once another table's change was handed over
    assert sent == ["free"]
    outbox.release(1)
    assert sent == ["free", "t1 move", "t1 emote", "t1 others' view"], "t1's pushes wait for t1's alone"
    outbox.push(["a"], "t2 emote", "t2", 2, 3)
    outbox.let_go("t2", 3)
    outbox.release(3)
    assert sent == ["free", "t1 move", "t1 emote", "t1 others' view"]
    outbox.push(["a"], "t2 rebuilt", "t2", 2, 4)  # the table served again: its pushes go
    assert sent[-1] == "t2 rebuilt"


async def test_a_push_waits_for_its_own_tables_changes_not_those_handed_over_after_them(behind):
    handing(lambda: behind.append_action("t1", 0, 0, {"type": "add", "n": 0}, 0.0, over=False))
    t1 = behind.issued_for("t1")
    handing(lambda: behind.append_action("t2", 0, 0, {"type": "add", "n": 0}, 0.0, over=False))
    assert behind.issued_for("t1") == t1 < behind.issued_for("t2") == behind.issued
    assert behind.issued_for("t3") == 0  # none in hand
    await behind.stored()


async def test_the_rounds_clocks_are_stored_in_order_with_the_moves(behind):
    behind.save_clocks({"t1": 1.5, "t2": 2.5})
    behind.append_action("t1", 0, 0, {"type": "add", "n": 0}, 1.0, over=False)
    behind.save_clocks({"t1": 4.0, "t2": 5.0})
    assert await behind.stored() is None
    assert (behind.load_table("t1")["clock"], behind.load_table("t2")["clock"]) == (4.0, 5.0)
    assert logged(behind, "t1") == [0]


async def test_a_batch_larger_than_the_sockets_buffer_is_sent_in_parts_and_stored(behind):
    """Some 12 MB of changes in one moment (more than a loopback socket takes at once): the query
    goes out as the socket drains, and every change is stored, in order."""
    note = "x" * 40_000

    def moves() -> None:
        for idx in range(300):
            behind.append_action(
                "t1", idx, 0, {"type": "add", "n": idx, "note": note}, float(idx), over=False
            )

    changes = handing(moves)
    assert await behind.stored(changes) is None
    assert logged(behind, "t1") == list(range(300))
    assert behind.writer.batch is None and behind.writer.overdue is None, "no batch is left in flight"


@pytest.mark.asyncio(loop_factories=LOOPS)
async def test_a_batch_in_flight_when_its_connection_is_ended_fails_at_once_and_the_writer_comes_back(
    behind, postgres_server, postgres_dsn
):
    """The log locked by another connection holds a batch in flight; ``pg_terminate_backend`` ends
    every connection (the locker's too): the server's last words are a FATAL error, then the end of
    the link, and on uvloop a socket left readable is not told twice. The batch fails at once (it is
    not known whether it was stored: its table is let go), and the writer connects again by itself."""
    locker = psycopg.connect(postgres_dsn)
    try:
        locker.execute("LOCK TABLE actions IN ACCESS EXCLUSIVE MODE")
        changes = handing(lambda: behind.append_action("t1", 0, 0, {"type": "add", "n": 1}, 1.0, over=False))
        waiting = asyncio.ensure_future(behind.stored(changes))
        await asyncio.wait_for(
            until(lambda: behind.writer.batch is not None and behind.writer.task is None), PATIENCE
        )
        postgres_server.cut_connections(postgres_dsn)
        failure = await asyncio.wait_for(waiting, PATIENCE)
    finally:
        locker.close()  # ended by the server already
    assert failure is not None and failure.code == protocol.STORAGE_UNAVAILABLE and behind.unstored == ["t1"]
    await asyncio.wait_for(until(lambda: behind.writer.up), PATIENCE)
    rebuilt = handing(lambda: behind.append_action("t1", 0, 0, {"type": "add", "n": 2}, 1.0, over=False))
    assert await behind.stored(rebuilt) is None
    assert logged(behind, "t1") == [2], "the refused move was not stored; the one after it was"


@pytest.mark.asyncio(loop_factories=LOOPS)
async def test_a_connection_ended_while_idle_is_found_and_made_again_before_the_next_change(
    behind, postgres_server, postgres_dsn
):
    first = behind.writer.db
    postgres_server.cut_connections(postgres_dsn)
    await asyncio.wait_for(
        until(lambda: behind.writer.db is not None and behind.writer.db is not first and behind.writer.up),
        PATIENCE,
    )
    changes = handing(lambda: behind.append_action("t1", 0, 0, {"type": "add", "n": 1}, 1.0, over=False))
    assert await behind.stored(changes) is None and behind.unstored == []
    assert logged(behind, "t1") == [1]


@pytest.mark.asyncio(loop_factories=LOOPS)
async def test_a_change_sent_on_a_connection_the_server_has_already_ended_fails_at_once(
    behind, postgres_server, postgres_dsn
):
    """The writer's idle connection ended, and its backend gone, before the event loop has looked at
    it: the server's FATAL error and the end of the link are both waiting on the socket when the next
    change is sent (what a node met mid-game when PostgreSQL restarted; on uvloop the socket's
    readiness is then told once)."""
    backend = behind.writer.db.info.backend_pid
    postgres_server.cut_connections(postgres_dsn)
    with psycopg.connect(postgres_server.dsn(), autocommit=True) as admin:
        deadline = time.monotonic() + PATIENCE  # the loop is held here on purpose: nothing reads the socket
        while admin.execute("SELECT 1 FROM pg_stat_activity WHERE pid = %s", (backend,)).fetchone():
            assert time.monotonic() < deadline, "the backend never ended"
            time.sleep(0.01)
    changes = handing(lambda: behind.append_action("t1", 0, 0, {"type": "add", "n": 1}, 1.0, over=False))
    failure = await asyncio.wait_for(behind.stored(changes), PATIENCE)
    assert failure is not None and failure.code == protocol.STORAGE_UNAVAILABLE and behind.unstored == ["t1"]
    assert "terminating connection" in failure.message, "found by the server's last words, not by a timeout"
    await asyncio.wait_for(until(lambda: behind.writer.up), PATIENCE)
    assert (
        await behind.stored(
            handing(lambda: behind.append_action("t1", 0, 0, {"type": "add", "n": 2}, 1.0, over=False))
        )
        is None
    )
    assert logged(behind, "t1") == [2]
