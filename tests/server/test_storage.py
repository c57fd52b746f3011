"""A server whose database cannot be written: a full disk answers moves and lobby changes with
``storage_full`` and a sentence the client shows, changes nothing, logs it once, and plays on when
there is room again; a server started on a path it cannot use says which path and why, in one line.

Two full disks: a real one (a small tmpfs the test mounts, where this machine lets it) and SQLite's
own "database or disk is full" when the database may grow by no page (``max_page_count``), which
every machine can make but which only a write that needs a new page meets (the action log's)."""

from __future__ import annotations

import errno
import logging
import os
import subprocess
import sys
from pathlib import Path

import pytest
from server_testkit import Client, until

from soupkitchen.client.net.connection import Connection
from soupkitchen.client.net.session import TableSession
from soupkitchen.server.tables.runner import STORE_RETRY
from soupkitchen.server.tables.scheduler import HandScheduler

ROOM = 1_000_000_000  # SQLite's pages once there is room again


FILLERS = (  # a row of each table the server writes, smaller than any of the server's own, and one
    # column of any length
    "INSERT INTO actions (table_id, idx, seat, action, t) VALUES ('', ?, NULL, ?, 0)",
    "INSERT INTO seats (table_id, seat, name, bot, ready) VALUES ('', ?, ?, 0, 0)",
    "INSERT INTO tables (id, game, players, options, settings, host_seat, closed, created)"
    " VALUES (?, '', 1, ?, '', 0, 1, 0)",
)


def fill_the_disk(store) -> None:
    """SQLite's own full disk: the database may have no more pages than it has, and the last page of
    each table the server writes is filled to the brim, so that every change needs a page more."""
    db = store.db
    db.execute(f"PRAGMA max_page_count = {db.execute('PRAGMA page_count').fetchone()[0]}")
    number = 0
    for sql in FILLERS:
        for size in (2048, 256, 32, 4, 1, 0):
            while True:
                number += 1
                try:
                    db.execute(sql, (number, "x" * size))
                except Exception:  # noqa: BLE001 - full: smaller pieces, then the next table
                    break


def make_room(store) -> None:
    store.db.execute(f"PRAGMA max_page_count = {ROOM}")


@pytest.fixture
def small_disk(tmp_path):
    """A 2 MB file system of its own (tmpfs), unmounted afterwards; skips where it cannot be mounted."""
    disk = tmp_path / "disk"
    disk.mkdir()
    mounted = subprocess.run(
        ["mount", "-t", "tmpfs", "-o", "size=2m", "tmpfs", str(disk)], capture_output=True
    )
    if mounted.returncode != 0:
        pytest.skip("this machine does not let the tests mount a small file system")
    yield disk
    subprocess.run(["umount", "-l", str(disk)], capture_output=True)


def fill(disk: Path) -> Path:
    """Write a file until the disk is full; the file (delete it to make room)."""
    filler = disk / "filler"
    with filler.open("wb", buffering=0) as out:
        for size in (65536, 4096, 512, 1):
            try:
                while True:
                    out.write(b"\0" * size)
            except OSError as err:
                assert err.errno == errno.ENOSPC
    return filler


async def test_a_full_disk_refuses_moves_with_storage_full_changes_nothing_and_goes_on(servers, caplog):
    caplog.set_level(logging.INFO)
    srv = await servers(scheduler=HandScheduler())
    ann, bob = await Client(srv.url).connect(), await Client(srv.url).connect()
    created = await ann.ok(
        "create_table",
        {"game": "pepper", "seats": 3, "name": "Ann", "options": {"moves": 60, "turn_seconds": 600}},
    )
    table_id, token = created["table"]["id"], created["token"]
    await ann.ok("start", {"token": token})  # two bots fill the empty seats
    table = srv.hub.tables[table_id]
    await until(lambda: table.state.turn == 0, what="Ann's turn")
    timed = await bob.ok(
        "create_table",
        {"game": "pepper", "seats": 1, "name": "Bob", "options": {"moves": 3, "turn_seconds": 1}},
    )
    await bob.ok("start", {"token": timed["token"]})
    clocked = srv.hub.tables[timed["table"]["id"]]

    fill_the_disk(srv.hub.store)
    replies = []
    for _ in range(5):
        before = table.state_id
        replies.append(
            await ann.call("act", {"token": token, "state_id": before, "action": {"type": "add", "n": 1}})
        )
        assert table.state_id == before and len(table.record.log) == before  # nothing changed
    assert all(r["error"]["code"] == "storage_full" for r in replies), replies
    assert (
        "disk is full" in replies[0]["error"]["message"]
        and "nothing was changed" in replies[0]["error"]["message"]
    )
    refused = await bob.call("join_table", {"table": table_id, "name": "Bob"})  # a lobby change: refused too
    assert refused["error"]["code"] in ("storage_full", "already_started")
    srv.scheduler.advance(
        1.0 + 2 * STORE_RETRY
    )  # the turn is up; its timer has tried to store the timeout twice
    assert clocked.due_timeout(srv.hub.clock()) and clocked.state_id == 0
    said = [r for r in caplog.records if "cannot write the database" in r.getMessage()]
    assert len(said) == 1 and said[0].exc_info is None  # once, not a traceback per request
    assert not any(r.exc_info for r in caplog.records)

    make_room(srv.hub.store)
    await ann.ok("act", {"token": token, "state_id": table.state_id, "action": {"type": "add", "n": 1}})
    srv.scheduler.advance(STORE_RETRY)  # the bots' turns, and the waiting timeout's next try
    await until(lambda: table.state_id >= 3, what="the bots playing on")
    await until(lambda: clocked.state_id >= 1, what="the timeout that waited")  # the table's timer went on
    assert any("can be written again" in r.getMessage() for r in caplog.records)
    await ann.close()
    await bob.close()


async def test_on_a_real_full_disk_moves_and_lobby_changes_are_refused_and_change_nothing(
    servers, small_disk, caplog
):
    srv = await servers(db=small_disk / "server.sqlite3")
    ann, bob = await Client(srv.url).connect(), await Client(srv.url).connect()
    playing = await ann.ok(
        "create_table",
        {"game": "pepper", "seats": 1, "name": "Ann", "options": {"moves": 9, "turn_seconds": 600}},
    )
    await ann.ok("start", {"token": playing["token"]})
    lobby = await ann.ok("create_table", {"game": "pepper", "seats": 3, "name": "Ann"})
    table_id, token = lobby["table"]["id"], lobby["token"]
    table, game = srv.hub.tables[table_id], srv.hub.tables[playing["table"]["id"]]
    summary = table.summary()
    filler = fill(small_disk)

    move = {"token": playing["token"], "state_id": 0, "action": {"type": "add", "n": 1}}
    assert (await ann.call("act", move))["error"]["code"] == "storage_full"
    assert game.state_id == 0
    for who, event, payload in (
        (bob, "join_table", {"table": table_id, "name": "Bob"}),
        (ann, "add_bot", {"token": token}),
        (ann, "set_options", {"token": token, "options": {"moves": 3}}),
        (ann, "create_table", {"game": "pepper", "seats": 2, "name": "Ann"}),
        (ann, "start", {"token": token}),
    ):
        reply = await who.call(event, payload)
        assert reply["error"]["code"] == "storage_full", (event, reply)
        assert table.summary() == summary, event
    assert len(srv.hub.tables) == 2 and not bob.tokens
    said = [r for r in caplog.records if "cannot write the database" in r.getMessage()]
    assert len(said) == 1 and not any(r.exc_info for r in caplog.records)

    filler.unlink()  # room again: everything goes on
    await ann.ok("act", move)
    await bob.ok("join_table", {"table": table_id, "name": "Bob"})
    await ann.close()
    await bob.close()


async def test_the_client_shows_the_full_disks_sentence(servers):
    srv = await servers()
    conn = Connection(srv.url)
    await conn.connect()
    try:
        created = await conn.request(
            "create_table", {"game": "pepper", "seats": 2, "name": "Ann", "options": {"turn_seconds": 600}}
        )
        session = TableSession(conn, created["table"], {0: created["token"]})
        shown: list[str] = []
        session.error_listeners.append(shown.append)
        await session.request("start")
        await until(lambda: 0 in session.views, what="the first view")
        fill_the_disk(srv.hub.store)
        await session.act(0, {"type": "add", "n": 1})
        assert shown and shown[-1].startswith("The server's disk is full"), shown
    finally:
        await conn.close()


def start_server(db: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [
            sys.executable,
            "-m",
            "soupkitchen.server",
            "--no-discovery",
            "--host",
            "127.0.0.1",
            "--port",
            "0",
            "--db",
            db,
        ],
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_a_database_path_that_cannot_be_used_stops_the_server_with_one_sentence(tmp_path):
    (tmp_path / "a-file").write_text("not a folder")
    (tmp_path / "a-folder.sqlite3").mkdir()
    (tmp_path / "text.sqlite3").write_text(
        "this is some text and no database at all, however long it is" * 20
    )
    for db, why in (
        (tmp_path / "a-file" / "server.sqlite3", "is not a folder"),
        (tmp_path / "a-folder.sqlite3", "it is a folder"),
        (tmp_path / "text.sqlite3", "the file is not a database"),
    ):
        done = start_server(str(db))
        assert done.returncode == 1, done
        assert done.stderr.strip().startswith(f"soupkitchen-server: cannot use the database {db}: "), (
            done.stderr
        )
        assert done.stderr.strip().endswith(why) and len(done.stderr.strip().splitlines()) == 1, done.stderr
        assert "Traceback" not in done.stderr + done.stdout


@pytest.mark.skipif(not hasattr(os, "geteuid") or os.geteuid() == 0, reason="root may write any folder")
def test_a_folder_that_cannot_be_written_stops_the_server_with_one_sentence(tmp_path):
    locked = tmp_path / "locked"
    locked.mkdir()
    locked.chmod(0o500)
    try:
        done = start_server(str(locked / "server.sqlite3"))
    finally:
        locked.chmod(0o700)
    assert done.returncode == 1
    assert (
        f"cannot use the database {locked / 'server.sqlite3'}" in done.stderr
        and "cannot be written" in done.stderr
    )
    assert "Traceback" not in done.stderr
