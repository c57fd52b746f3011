"""The schema carries a version and grows by numbered steps applied when a server opens its
database: a database written by the server before versions were kept (``fixtures/``, made by that
server with games in it) is brought up to date on SQLite and on a real PostgreSQL with every row
as it was, and the server restores its games from it; a database a newer program wrote is refused
with one sentence."""

from __future__ import annotations

import shutil
import sqlite3
from pathlib import Path

import psycopg
import pytest

from soupkitchen.server.embedded import EmbeddedServer
from soupkitchen.server.storage.store import MIGRATIONS, SCHEMA_VERSION, Store, StoreError

FIXTURES = Path(__file__).with_name("fixtures")
ROWS = {
    "tables": "SELECT * FROM tables ORDER BY id",
    "seats": "SELECT * FROM seats ORDER BY table_id, seat",
    "actions": "SELECT * FROM actions ORDER BY table_id, idx",
    "clocks": "SELECT * FROM clocks ORDER BY table_id",
}
GAMES = {"stone-soup": "finished", "too-many-cooks": "playing", "pot-pourri": "playing"}


def test_the_steps_are_numbered_one_after_another():
    assert [number for number, _step in MIGRATIONS] == list(range(1, SCHEMA_VERSION + 1))


def read(where: str, path: str, sql: str) -> list[tuple]:
    """A query's rows, read from the database itself (a SQLite file, or a PostgreSQL address)."""
    if where == "sqlite":
        with sqlite3.connect(path) as db:
            return db.execute(sql).fetchall()
    with psycopg.connect(path) as db:
        return db.execute(sql).fetchall()


def all_rows(where: str, path: str) -> dict[str, list[tuple]]:
    return {name: read(where, path, sql) for name, sql in ROWS.items()}


def check_games(rows: dict[str, list[tuple]]) -> None:
    """What the fixtures hold: three games (one finished), a lobby with a password and a ready
    player, a closed lobby, and a round's clock."""
    tables = {row[1]: row for row in rows["tables"] if row[1] != "pink-soup"}
    assert {game: "finished" if row[9] else "playing" for game, row in tables.items()} == GAMES
    assert sorted(
        (row[8], row[9], row[10], row[5] is not None) for row in rows["tables"] if row[1] == "pink-soup"
    ) == [(0, 0, 0, True), (0, 0, 1, False)]
    assert any(row[2] == "Cy" and row[5] == 1 for row in rows["seats"]), "Cy said ready in the lobby"
    assert len(rows["actions"]) > 150 and rows["clocks"]


async def check_restored(server: EmbeddedServer, rows: dict[str, list[tuple]]) -> None:
    """The server on the upgraded database serves the open games where their logs left them."""
    await server.start()
    try:
        logs = {}
        for table_id, *_rest in rows["actions"]:
            logs[table_id] = logs.get(table_id, 0) + 1
        playing = {row[0] for row in rows["tables"] if row[8] and not row[9]}
        assert playing and playing <= set(server.hub.tables)
        assert all(server.hub.tables[table_id].state_id == logs[table_id] for table_id in playing)
        lobby = next(row[0] for row in rows["tables"] if row[1] == "pink-soup" and not row[10])
        assert lobby in server.hub.tables and server.hub.tables[lobby].password
    finally:
        await server.stop()


def load_dump(dsn: str) -> None:
    """Load the fixture's dump (psql's own lines left out) into the database at ``dsn``."""
    script = "\n".join(
        line
        for line in (FIXTURES / "before_versions.sql").read_text().splitlines()
        if not line.startswith("\\")
    )
    with psycopg.connect(dsn, autocommit=True) as db:
        db.execute(script)  # no parameters: one simple query, every statement of the dump


@pytest.mark.parametrize("where", ["sqlite", "postgres"])
async def test_a_database_from_before_versions_is_upgraded_and_loses_nothing(where, tmp_path, request):
    from soupkitchen.server.storage.store_pg import PostgresStore

    if where == "sqlite":
        path = str(tmp_path / "server.sqlite3")
        shutil.copy(FIXTURES / "before_versions.sqlite3", path)
        opening, server = (lambda: Store(path)), EmbeddedServer(path, keep_days=0)
        index = "SELECT name FROM sqlite_master WHERE name = 'tables_by_state'"
    else:
        path = request.getfixturevalue("postgres_dsn")
        load_dump(path)
        opening = lambda: PostgresStore(path)  # noqa: E731
        server = EmbeddedServer(tmp_path / "unused.sqlite3", postgres=path, keep_days=0)
        index = "SELECT indexname FROM pg_indexes WHERE indexname = 'tables_by_state'"
    before = all_rows(where, path)
    check_games(before)
    store = opening()
    assert store.schema_version == SCHEMA_VERSION
    store.close()
    assert all_rows(where, path) == before and read(where, path, index)
    opening().close()  # opened again: nothing left to do
    assert all_rows(where, path) == before
    await check_restored(server, before)


@pytest.mark.parametrize("where", ["sqlite", "postgres"])
def test_a_database_a_newer_program_wrote_is_refused_and_left_as_it_is(where, tmp_path, request):
    if where == "sqlite":
        path = str(tmp_path / "server.sqlite3")
        Store(path).close()
        with sqlite3.connect(path) as db:
            db.execute("UPDATE schema_version SET version = ?", (SCHEMA_VERSION + 1,))
        opening = lambda: Store(path)  # noqa: E731
    else:
        from soupkitchen.server.storage.store_pg import PostgresStore

        path = request.getfixturevalue("postgres_dsn")
        PostgresStore(path).close()
        with psycopg.connect(path, autocommit=True) as db:
            db.execute("UPDATE schema_version SET version = %s", (SCHEMA_VERSION + 1,))
        opening = lambda: PostgresStore(path)  # noqa: E731
    with pytest.raises(StoreError) as refused:
        opening()
    assert refused.value.message.startswith("cannot use the database")
    assert (
        f"schema version {SCHEMA_VERSION + 1}" in refused.value.message and "newer" in refused.value.message
    )
