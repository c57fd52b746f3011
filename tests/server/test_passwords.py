"""Table passwords through the real server and its database: stored as scrypt at today's cost with a
salt of their own; a table stored by an older server (PBKDF2, 20,000 rounds) still opens with its
password, and that first right password stores the scrypt form in its place, a wrong one changing
nothing; a stored form that asks more than the server would ever spend is refused, not computed."""

from __future__ import annotations

import sqlite3
import time

from server_testkit import Client

from soupkitchen.server.storage import passwords


def stored_password(db, table_id: str) -> str:
    with sqlite3.connect(db) as conn:
        return conn.execute("SELECT password FROM tables WHERE id = ?", (table_id,)).fetchone()[0]


async def connected(srv) -> Client:
    return await Client(srv.url).connect()


async def test_a_password_is_stored_as_scrypt_with_a_salt_of_its_own(servers, tmp_path):
    db = tmp_path / "kitchen.sqlite3"
    srv = await servers(db=db)
    ann = await connected(srv)
    one = await ann.ok("create_table", {"game": "pepper", "seats": 2, "name": "Ann", "password": "leek"})
    two = await ann.ok("create_table", {"game": "pepper", "seats": 2, "name": "Ann", "password": "leek"})
    first, second = (stored_password(db, made["table"]["id"]) for made in (one, two))
    assert first.startswith(f"scrypt${passwords.N}${passwords.R}${passwords.P}$") and first != second
    assert "leek" not in first and not passwords.needs_new_hash(first)
    await ann.close()


async def test_an_older_hash_opens_with_its_password_and_is_then_stored_as_scrypt(servers, tmp_path):
    db = tmp_path / "kitchen.sqlite3"
    srv = await servers(db=db)
    ann = await connected(srv)
    table_id = (
        await ann.ok("create_table", {"game": "pepper", "seats": 3, "name": "Ann", "password": "leek"})
    )["table"]["id"]
    await ann.close()
    await srv.stop()
    former = passwords.former_hash(table_id, "leek")  # as a server before scrypt stored it
    with sqlite3.connect(db) as conn:
        conn.execute("UPDATE tables SET password = ? WHERE id = ?", (former, table_id))
    srv = await servers(db=db)
    bob = await connected(srv)
    await bob.error("join_table", {"table": table_id, "name": "Bob", "password": "lek"}, "wrong_password")
    assert stored_password(db, table_id) == former, "a wrong password changes nothing"
    await bob.ok("join_table", {"table": table_id, "name": "Bob", "password": "leek"})
    renewed = stored_password(db, table_id)
    assert renewed.startswith("scrypt$") and not passwords.needs_new_hash(renewed)
    assert passwords.check(renewed, table_id, "leek") and not passwords.check(renewed, table_id, "lek")
    cy = await connected(srv)
    await cy.ok("join_table", {"table": table_id, "name": "Cy", "password": "leek"})  # the new form opens it
    assert stored_password(db, table_id) == renewed
    for client in (bob, cy):
        await client.close()


def test_a_stored_form_beyond_the_servers_costs_is_refused_at_once():
    salt, digest = "00" * 16, "00" * 32
    hostile = [
        f"scrypt${2**30}$8$1${salt}${digest}",  # 1 TiB of memory asked
        f"scrypt$16384$4096$1${salt}${digest}",  # so is this
        f"scrypt$16384$8$100000${salt}${digest}",  # a day of work
        f"scrypt$1000$8$1${salt}${digest}",  # N not a power of two
        f"scrypt$16384$8$5$${digest}",
        "scrypt$x$y$z$w$v",
        "scrypt$",
        "",
        "0" * 64,
    ]
    started = time.perf_counter()
    for stored in hostile:
        assert not passwords.check(stored, "t1", "leek"), stored
        assert passwords.needs_new_hash(stored)
    assert time.perf_counter() - started < 60  # a bound against a hang, not a timing
