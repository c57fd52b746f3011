"""PostgreSQL persistence of tables, seats and match records: the same store as ``server/store.py``
(the same statements, the same answers), for servers that share one database.

A table's history is its rows ``(table_id, idx)`` under a primary key, so two servers can never
write two histories of one table: the second insert of an ``idx`` fails with HistoryTaken and
changes nothing. A database that cannot be reached refuses every change with StoreError, saying so
once; the next change tries to connect again.
"""

from __future__ import annotations

import itertools
import time
from collections.abc import Callable
from typing import Any

import psycopg
from psycopg import errors

from soupkitchen.server.store import APPEND, SCHEMA, HistoryTaken, Store, StoreError
from soupkitchen.shared.wire import protocol

CONNECT_SECONDS = 5
SCHEMA_LOCK = 0x50_55_50  # the advisory lock held while the tables are made


def _postgres(sql: str) -> str:
    """A statement written for both stores, with PostgreSQL's parameter marks."""
    return sql.replace("?", "%s")


class PostgresStore(Store):
    """The server's database in PostgreSQL: one connection, used from the event loop thread only."""

    def __init__(self, dsn: str, wall_clock: Callable[[], float] = time.time) -> None:
        """StoreError, naming the database and why, if it cannot be reached or its tables made."""
        self.wall_clock = wall_clock
        self.dsn = dsn
        self.path = _shown(dsn)
        self.failing: StoreError | None = None
        self.refused = 0
        self.said = {"failing": float("-inf"), "recovered": float("-inf")}
        self.db: psycopg.Connection | None = None
        try:
            self._connect()
        except psycopg.Error as err:
            raise StoreError(protocol.STORAGE_FAILED, f"cannot use the database {self.path}: {_why(err)}") from None

    def _connect(self) -> psycopg.Connection:
        if self.db is None or self.db.closed:
            self.db = psycopg.connect(self.dsn, autocommit=True, connect_timeout=CONNECT_SECONDS)
            # one server at a time makes the tables: CREATE ... IF NOT EXISTS is not safe against
            # another doing it at the same moment (a cluster's nodes started together)
            with self.db.transaction():
                self.db.execute("SELECT pg_advisory_xact_lock(%s)", (SCHEMA_LOCK,))
                self.db.execute(SCHEMA)
        return self.db

    def close(self) -> None:
        if self.db is not None:
            self.db.close()

    def _rows(self, sql: str, args: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
        try:
            return self._connect().execute(_postgres(sql), args).fetchall()
        except psycopg.OperationalError as err:
            raise self._refused(_why(err), False) from None

    def _tx(self, statements: list[tuple[str, tuple[Any, ...]]]) -> None:
        self._may_write()
        try:
            db = self._connect()
            if len(statements) == 1:  # one statement is a transaction by itself: one round trip, not three
                db.execute(_postgres(statements[0][0]), statements[0][1])
            else:
                with db.transaction(), db.cursor() as cursor:
                    # a run of the same statement (each running round's clock, a table's seats) goes
                    # as one batch, not one round trip to the database each
                    for sql, run in itertools.groupby(statements, key=lambda statement: statement[0]):
                        cursor.executemany(_postgres(sql), [args for _sql, args in run])
        except errors.UniqueViolation:
            if statements[0][0] == APPEND:
                raise HistoryTaken(*statements[0][1][:2]) from None
            raise
        except psycopg.OperationalError as err:
            raise self._refused(_why(err), isinstance(err, errors.DiskFull)) from None
        self._wrote()


def _shown(dsn: str) -> str:
    """The database's address as the log may show it: without its password."""
    try:
        parts = psycopg.conninfo.conninfo_to_dict(dsn)
    except psycopg.ProgrammingError:
        return "(an address that cannot be read)"
    parts.pop("password", None)
    return psycopg.conninfo.make_conninfo(**parts)


def _why(err: psycopg.Error) -> str:
    """PostgreSQL's reason, in its first line."""
    text = str(err).strip().splitlines()
    return text[0] if text else type(err).__name__
