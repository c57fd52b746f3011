"""PostgreSQL persistence of tables, seats and match records: the same store as ``server/store.py``
(the same statements, the same answers), for servers that share one database.

A table's history is its rows ``(table_id, idx)`` under a primary key, so two servers can never
write two histories of one table: the second insert of an ``idx`` fails with HistoryTaken and
changes nothing. A database that cannot be reached refuses every change with StoreError, saying so
once; the next change tries to connect again.

A cluster's node writes behind (:meth:`PostgresStore.write_behind`): each change is handed to a
:class:`Writer` on a connection of its own, which sends it, or every change handed over meanwhile
as one query (one transaction), and the loop goes on while PostgreSQL stores them. Whoever tells of
a change waits for it first: the hub holds pushes, and acknowledgements, until ``stored`` says so,
so nobody learns of a change the database does not hold (and a read needs no wait). A change that
cannot be stored leaves its table ahead of the database, and the table is let go (rebuilt from what
was stored, as after a crash); while the database refuses, each change is written on the spot
again, and refused cleanly.
"""

from __future__ import annotations

import asyncio
import itertools
import logging
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import psycopg
from psycopg import errors, pq

from soupkitchen.server.store import APPEND, CHANGES, SCHEMA, Changes, HistoryTaken, Store, StoreError
from soupkitchen.shared.wire import protocol

log = logging.getLogger(__name__)
CONNECT_SECONDS = 5
SCHEMA_LOCK = 0x50_55_50  # the advisory lock held while the tables are made
BATCH = 2000  # the most changes the writer stores in one transaction
FAILURES_KEPT = 4096  # failures remembered for the requests that may still ask of them
LATEST_KEPT = 4096  # tables whose latest change is remembered, before those all stored are forgotten
# every running round's clock in one statement: a node at 500 tables stored them as 500 upserts
# twice a second, 7 ms of a batch (most of it binding their values on the event loop) against 2
SAVE_CLOCKS = ("INSERT INTO clocks (table_id, t) SELECT * FROM unnest(?::text[], ?::float8[])"
               " ON CONFLICT (table_id) DO UPDATE SET t = excluded.t")
Statements = list[tuple[str, tuple[Any, ...]]]


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
        self.writer: Writer | None = None  # set by write_behind
        self.confirmed = 0  # the writes handed to the writer that it has stored (or failed)
        self.failures: dict[int, StoreError] = {}  # ticket -> why, for the requests that may ask (the newest)
        self.waiting: deque[tuple[int, asyncio.Future[None]]] = deque()
        self.latest: dict[str, int] = {}  # table -> the ticket of its latest change handed over
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
        """Close the database (``drained`` first stores what was handed over)."""
        if self.writer is not None:
            self.writer.stop()
            self.writer = None
        for _target, done in self.waiting:
            if not done.done():
                done.set_result(None)
        if self.db is not None:
            self.db.close()

    async def drained(self) -> None:
        await self.stored()
        if self.writer is not None:
            await self.writer.close()
            self.writer = None

    def write_behind(self) -> None:
        """From now on a change is stored behind the running event loop, with the others of its
        moment, and ``stored`` tells when (the module's docstring)."""
        if self.writer is None:
            self.writer = Writer(self.dsn, self._settled)

    @property
    def issued(self) -> int:  # type: ignore[override]
        return self.writer.handed if self.writer is not None else self.confirmed

    def issued_for(self, table_id: str) -> int:
        return self.latest.get(table_id, 0)

    async def stored(self, changes: Changes | None = None) -> StoreError | None:
        target = self.issued
        if self.confirmed < target:
            done = asyncio.get_running_loop().create_future()
            self.waiting.append((target, done))
            await done
        if changes is None:
            return None
        changes.open = False
        return next((self.failures[ticket] for ticket in changes.tickets if ticket in self.failures), None)

    def _settled(self, upto: int, failed: list[Failure]) -> None:
        """The writer has stored its writes up to ``upto``, but for those ``failed``."""
        for failure in failed:
            if failure.taken:
                err: StoreError = HistoryTaken(failure.table or "", failure.idx)
            elif failure.skipped:
                err = StoreError(protocol.STORAGE_FAILED, f"table {failure.table} could not be stored, so it was "
                                                          "let go and nothing was changed")
            else:
                err = self._refused(failure.why, failure.full)
            self.failures[failure.ticket] = err
            if len(self.failures) > FAILURES_KEPT:
                del self.failures[next(iter(self.failures))]
        if not failed:
            self._wrote()
        self.confirmed = max(self.confirmed, upto)
        if len(self.latest) > LATEST_KEPT:  # a table whose changes are all stored waits for none
            self.latest = {table: ticket for table, ticket in self.latest.items() if ticket > self.confirmed}
        for table in dict.fromkeys(failure.table for failure in failed if failure.table is not None):
            if self.on_unstored is not None:
                self.on_unstored(table)  # the table is let go now: nothing more of it is handed over
            if self.writer is not None:
                self.writer.forgive(table, self.issued)
        if self.on_batch is not None:
            self.on_batch(self.confirmed)
        while self.waiting and self.waiting[0][0] <= self.confirmed:
            _target, done = self.waiting.popleft()
            if not done.done():
                done.set_result(None)

    def save_clocks(self, clocks: dict[str, float]) -> None:
        if clocks:
            self._tx([(SAVE_CLOCKS, (list(clocks), list(clocks.values())))])

    def _rows(self, sql: str, args: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
        try:
            return self._connect().execute(_postgres(sql), args).fetchall()
        except psycopg.OperationalError as err:
            raise self._refused(_why(err), False) from None

    def _tx(self, statements: Statements, table: str | None = None) -> None:
        self._may_write()
        # while the database refuses, each change is tried on the spot (once those in hand are done)
        if self.writer is not None and (self.failing is None or self.writer.busy):
            ticket = self.writer.hand(statements, table)
            if table is not None:
                self.latest[table] = ticket
            changes = CHANGES.get()
            if changes is not None:
                changes.add(ticket)
            return
        try:
            _run(self._connect(), statements)
        except errors.UniqueViolation:
            if statements[0][0] == APPEND:
                raise HistoryTaken(*statements[0][1][:2]) from None
            raise
        except psycopg.OperationalError as err:
            raise self._refused(_why(err), isinstance(err, errors.DiskFull)) from None
        self._wrote()


def _run(db: psycopg.Connection, statements: Statements) -> None:
    """Run the statements in one transaction."""
    if len(statements) == 1:  # one statement is a transaction by itself: one round trip, not three
        db.execute(_postgres(statements[0][0]), statements[0][1])
        return
    with db.transaction(), db.cursor() as cursor:
        # a run of the same statement (the appends of many tables, each running round's clock, a
        # table's seats) goes as one batch, not one round trip to the database each
        for sql, run in itertools.groupby(statements, key=lambda statement: statement[0]):
            cursor.executemany(_postgres(sql), [args for _sql, args in run])


@dataclass(frozen=True)
class Write:
    """One change handed to the writer: its number, its statements and the table it changes."""

    ticket: int
    statements: Statements
    table: str | None


@dataclass
class Batch:
    """Changes sent as one query: those to store (``live``) and those failed before it was sent."""

    writes: list[Write]
    live: list[Write]
    failed: list[Failure]
    refused: bool = False  # the database refused the query (so stored none of it)


@dataclass(frozen=True)
class Failure:
    """A change the writer could not store, and why."""

    ticket: int
    table: str | None
    why: str
    full: bool = False  # the database's disk is full
    taken: bool = False  # the table's action ``idx`` is stored already (another node played it on)
    idx: int = 0
    skipped: bool = False  # not tried: an earlier change of its table failed


class Writer:
    """Stores the changes handed to it in the order they came, on a connection of its own: all
    those waiting at a moment go as one query, which PostgreSQL runs as one transaction, and the
    loop goes on while it does. ``report(upto, failures)`` hears of each batch.

    A batch is sent the moment it is handed over (or the moment the one before it is answered) and
    its answer read in the event loop's callback for the connection's socket, through psycopg's
    libpq layer (``pgconn``): no task waits in between, so on a busy loop a batch costs its round
    trip and not also the turns of the loop a task would wait for. A batch the database refuses,
    and the first batch on a new connection, go the slow way, through psycopg's own awaitable
    cursor on a task, which tells what failed and why (a refused query stored none of its changes,
    so it may be sent again).

    Once a change of a table fails, the table's later changes are not stored (the table must be
    rebuilt from what was) until :meth:`forgive` says from which change on they are again."""

    def __init__(self, dsn: str, report: Callable[[int, list[Failure]], None]) -> None:
        self.dsn = dsn
        self.report = report
        self.loop = asyncio.get_running_loop()
        self.db: psycopg.AsyncConnection[Any] | None = None
        self.queue: deque[Write] = deque()
        self.handed = 0  # changes handed over (the last one's ticket)
        self.done = 0  # the last ticket stored or failed
        self.broken: dict[str, int | None] = {}  # table -> its changes up to this ticket are not stored (None: all)
        self.batch: Batch | None = None  # the batch sent and not answered yet
        self.task: asyncio.Future[None] | None = None  # the batch going the slow way, if one is
        self.watched: int | None = None  # the socket the callbacks watch
        self.stopped = False

    @property
    def busy(self) -> bool:
        """Whether changes handed over are still to be stored."""
        return self.done < self.handed

    def hand(self, statements: Statements, table: str | None) -> int:
        """Hand a change over; its ticket."""
        self.handed += 1
        self.queue.append(Write(self.handed, statements, table))
        self._next()
        return self.handed

    def forgive(self, table: str, upto: int) -> None:
        """The table was let go once the changes up to ``upto`` were handed over: its later ones are stored."""
        if table in self.broken:
            self.broken[table] = upto

    def stop(self) -> None:
        """Store nothing more (what is in hand is neither stored nor reported)."""
        self.stopped = True
        self._unwatch()
        if self.task is not None:
            self.task.cancel()

    async def close(self) -> None:
        task = self.task
        self.stop()
        if task is not None:
            await asyncio.gather(task, return_exceptions=True)
        if self.db is not None:
            await self.db.close()

    def _next(self) -> None:
        """Send the changes waiting, if no batch is on its way."""
        if self.batch is not None or not self.queue or self.stopped:
            return
        writes = [self.queue.popleft() for _ in range(min(BATCH, len(self.queue)))]
        batch = self.batch = Batch(writes, [], [])
        for write in writes:
            (batch.failed.append(Failure(write.ticket, write.table, "", skipped=True)) if self._skipped(write)
             else batch.live.append(write))
        if not batch.live:  # reported on the loop's next turn, never from inside hand()
            self.loop.call_soon(self._finish, batch)
        elif self.db is None or self.db.closed:
            self._slowly(batch)
        else:
            try:
                self._send(self.db, batch)
            except Exception as err:  # noqa: BLE001 - a lost link (or a fault) is told by the slow way
                self._unwatch()
                self._slowly(batch, err if isinstance(err, psycopg.OperationalError) else None)

    def _send(self, db: psycopg.AsyncConnection[Any], batch: Batch) -> None:
        statements = [statement for write in batch.live for statement in write.statements]
        query = psycopg.AsyncClientCursor(db).mogrify("; ".join(_postgres(sql) for sql, _args in statements),
                                                      tuple(value for _sql, args in statements for value in args))
        pgconn = db.pgconn
        pgconn.send_query(query.encode(db.info.encoding))
        self.watched = pgconn.socket
        self.loop.add_reader(self.watched, self._readable, db, batch)
        if pgconn.flush():  # the query did not fit the socket's buffer: the rest goes as it drains
            self.loop.add_writer(self.watched, self._writable, db, batch)

    def _writable(self, db: psycopg.AsyncConnection[Any], batch: Batch) -> None:
        try:
            if db.pgconn.flush() == 0 and self.watched is not None:
                self.loop.remove_writer(self.watched)
        except psycopg.OperationalError as err:
            self._unwatch()
            self._slowly(batch, err)

    def _readable(self, db: psycopg.AsyncConnection[Any], batch: Batch) -> None:
        pgconn = db.pgconn
        try:
            pgconn.consume_input()
            while not pgconn.is_busy():
                result = pgconn.get_result()
                if result is None:  # the query is answered
                    break
                if result.status == pq.ExecStatus.FATAL_ERROR:
                    batch.refused = True
            else:
                return  # more of the answer is to come
        except psycopg.OperationalError as err:
            self._unwatch()
            self._slowly(batch, err)
            return
        self._unwatch()
        if batch.refused:  # nothing of it was stored: the slow way tells which change and why
            self._slowly(batch)
        else:
            self._finish(batch)

    def _unwatch(self) -> None:
        if self.watched is not None:
            self.loop.remove_reader(self.watched)
            self.loop.remove_writer(self.watched)
            self.watched = None

    def _slowly(self, batch: Batch, lost: psycopg.OperationalError | None = None) -> None:
        self.task = asyncio.ensure_future(self._store(batch, lost))

    def _finish(self, batch: Batch) -> None:
        if self.stopped:
            return
        self.batch = self.task = None
        self.done = batch.writes[-1].ticket
        self.report(self.done, batch.failed)
        self._next()

    def _skipped(self, write: Write) -> bool:
        """Whether the change is of a table whose earlier change failed, and so is not stored."""
        if write.table not in self.broken:
            return False
        upto = self.broken[write.table]
        if upto is None or write.ticket <= upto:
            return True
        del self.broken[write.table]
        return False

    def _break(self, table: str | None) -> None:
        if table is not None:
            self.broken[table] = None

    async def _store(self, batch: Batch, lost: psycopg.OperationalError | None) -> None:
        """Store the batch the slow way (or fail it, its link ``lost``), then report it."""
        try:
            if lost is not None:
                batch.failed += await self._lost(batch.live, lost)
            else:
                batch.failed += await self._store_live(batch.live)
        except Exception as err:  # noqa: BLE001 - a fault of the program: the changes are refused, the writer lives
            log.exception("could not store %d changes", len(batch.writes))
            for write in batch.live:
                self._break(write.table)
            batch.failed += [Failure(write.ticket, write.table, f"an error in the server ({type(err).__name__})")
                             for write in batch.live]
        self._finish(batch)

    async def _store_live(self, live: list[Write]) -> list[Failure]:
        failed: list[Failure] = []
        try:
            db = await self._connect()
            await _run_at_once(db, [statement for write in live for statement in write.statements])
            return failed
        except errors.UniqueViolation:
            pass  # a change repeats a table's history: the others are stored one by one
        except psycopg.OperationalError as err:
            return failed + await self._lost(live, err)
        for index, write in enumerate(live):
            if self._skipped(write):
                failed.append(Failure(write.ticket, write.table, "", skipped=True))
                continue
            try:
                await _run_at_once(db, write.statements)
            except errors.UniqueViolation as err:
                self._break(write.table)
                if write.statements[0][0] == APPEND:
                    failed.append(Failure(write.ticket, write.table, "", taken=True, idx=write.statements[0][1][1]))
                else:
                    failed.append(Failure(write.ticket, write.table, _why(err)))
            except psycopg.OperationalError as err:
                return failed + await self._lost(live[index:], err)
        return failed

    async def _lost(self, writes: list[Write], err: psycopg.Error) -> list[Failure]:
        """The database cannot be reached: none of ``writes`` is stored."""
        if self.db is not None:
            await self.db.close()
        for write in writes:
            self._break(write.table)
        return [Failure(write.ticket, write.table, _why(err), isinstance(err, errors.DiskFull)) for write in writes]

    async def _connect(self) -> psycopg.AsyncConnection[Any]:
        if self.db is None or self.db.closed:
            self.db = await psycopg.AsyncConnection.connect(self.dsn, autocommit=True,
                                                            connect_timeout=CONNECT_SECONDS)
        return self.db


async def _run_at_once(db: psycopg.AsyncConnection[Any], statements: Statements) -> None:
    """Run the statements as one query: one round trip, and one transaction (PostgreSQL runs the
    statements of one query together). The values are bound here, as only then may a query hold
    several statements."""
    async with psycopg.AsyncClientCursor(db) as cursor:
        await cursor.execute("; ".join(_postgres(sql) for sql, _args in statements),
                             tuple(value for _sql, args in statements for value in args))


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
