"""PostgreSQL persistence of tables, seats and match records: the same store as ``server/storage/store.py``
(the same statements, the same answers, the same numbered schema steps), for servers that share one
database.

A table's history is its rows ``(table_id, idx)`` under a primary key, so two servers can never
write two histories of one table: the second insert of an ``idx`` fails with HistoryTaken and
changes nothing.

Any connection to PostgreSQL may drop at any moment (the database restarted, a connection ended by
``pg_terminate_backend``, the network cut). Every connection is made with TCP keepalives and a bound
on data left unacknowledged (``LINK``), so a link that goes silent is found dead in seconds; one
that cannot be made is tried again after a backoff that doubles, with jitter (``Backoff``), and
meanwhile each change is refused at once with ``storage_unavailable``.

A cluster's node writes behind (:meth:`PostgresStore.write_behind`): each change is handed to a
:class:`Writer` on a connection of its own, which sends it, or every change handed over meanwhile
as one query (one transaction), and the loop goes on while PostgreSQL stores them. Whoever tells of
a change waits for it first: the hub holds pushes, and acknowledgements, until ``stored`` says so,
so nobody learns of a change the database does not hold. A change that cannot be stored leaves its
table ahead of the database, and the table is let go (rebuilt from what was stored, as after a
crash). Once the writer's link is lost it takes no change (each is refused at once, its table as it
was) until it has connected again, which it tries behind the loop.

Every other statement runs on the store's own thread (:class:`Worker`): a node's reads are awaited
(``read``), so its loop never waits for the database at all; the single process, which writes as it
is called, waits for a statement at most IO_SECONDS, then leaves that thread to the database that
does not answer and refuses every change until one answers again.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import itertools
import logging
import queue
import random
import threading
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import psycopg
from psycopg import errors, pq

from soupkitchen.server.storage.store import (
    APPEND,
    CHANGES,
    VERSION_TABLE,
    Changes,
    HistoryTaken,
    Store,
    StoreError,
    T,
    upgrade,
)
from soupkitchen.shared.wire import protocol

log = logging.getLogger(__name__)
CONNECT_SECONDS = 5
# Every connection's settings of libpq's: a connection that cannot be made fails within
# CONNECT_SECONDS; on one that goes silent, TCP keepalives (an idle link) or the bound on data sent
# and not acknowledged (tcp_user_timeout, milliseconds) end it within about ten seconds, not the
# operating system's minutes.
LINK: dict[str, Any] = {
    "connect_timeout": CONNECT_SECONDS,
    "keepalives": 1,
    "keepalives_idle": 5,
    "keepalives_interval": 2,
    "keepalives_count": 3,
    "tcp_user_timeout": 10_000,
}
BATCH_SECONDS = 10.0  # a batch left unanswered this long: its link is taken for lost
READ_SECONDS = (
    5.0  # a read for the event loop (a table taken over, a seat token) left unanswered this long is refused
)
IO_SECONDS = (
    3.0  # the longest a caller on the event loop waits for one statement (the single process's writes)
)
SILENT_RETRY = 10.0  # seconds before a database that did not answer within IO_SECONDS is tried again
UPGRADE_SECONDS = 60.0  # how long a server starting waits for the schema (another node's upgrade under way)
DRAIN_SECONDS = 3.0  # how long a stopping server waits for the changes in hand to be stored
RETRY_FIRST, RETRY_MOST = 0.1, 2.0  # seconds between tries to reach a lost database: doubling, at most
UNREADABLE = "the server cannot read its database just now ({why}); try again in a moment"
SCHEMA_LOCK = 0x50_55_50  # the advisory lock held while the schema is brought up to date
BATCH = 2000  # the most changes the writer stores in one transaction
FAILURES_KEPT = 4096  # failures remembered for the requests that may still ask of them
LATEST_KEPT = 4096  # tables whose latest change is remembered, before those all stored are forgotten
# every running round's clock in one statement: a node at 500 tables stored them as 500 upserts
# twice a second, 7 ms of a batch (most of it binding their values on the event loop) against 2
SAVE_CLOCKS = (
    "INSERT INTO clocks (table_id, t) SELECT * FROM unnest(?::text[], ?::float8[])"
    " ON CONFLICT (table_id) DO UPDATE SET t = excluded.t"
)
Statements = list[tuple[str, tuple[Any, ...]]]


def _postgres(sql: str) -> str:
    """A statement written for both stores, with PostgreSQL's parameter marks."""
    return sql.replace("?", "%s")


class Backoff:
    """The seconds to wait before the next try to reach a database that could not be reached: they
    double from ``first`` up to ``most``, and each is drawn between half of that and all of it, so
    that nodes that lost the database together do not all come back in the same instant."""

    def __init__(
        self, first: float = RETRY_FIRST, most: float = RETRY_MOST, draw: Callable[[], float] = random.random
    ) -> None:
        self.first, self.most, self.draw = first, most, draw
        self.failures = 0

    def next(self) -> float:
        ceiling = min(self.most, self.first * 2 ** min(self.failures, 32))
        self.failures += 1
        return ceiling / 2 + self.draw() * ceiling / 2

    def reset(self) -> None:
        self.failures = 0


class PostgresSchema:
    """A PostgreSQL database being brought up to date (``server.storage.store.Schema``)."""

    def __init__(self, db: psycopg.Connection) -> None:
        self.db = db

    def run(self, sql: str) -> None:
        self.db.execute(sql)

    def columns(self, table: str) -> set[str]:
        return {
            row[0]
            for row in self.db.execute(
                "SELECT column_name FROM information_schema.columns WHERE table_schema = current_schema()"
                " AND table_name = %s",
                (table,),
            )
        }


class PostgresStore(Store):
    """The server's database in PostgreSQL. Every statement runs on the store's own thread
    (:class:`Worker`), on its connection: a caller on the event loop waits for one at most
    IO_SECONDS, and ``read`` not at all; a node's writes go through its :class:`Writer`."""

    def __init__(self, dsn: str, wall_clock: Callable[[], float] = time.time) -> None:
        """StoreError, naming the database and why, if it cannot be reached or brought up to date."""
        self.wall_clock = wall_clock
        self.dsn = dsn
        self.path = _shown(dsn)
        self.failing: StoreError | None = None
        self.refused = 0
        self.said = {"failing": float("-inf"), "recovered": float("-inf"), "reading": float("-inf")}
        self.retry_at = float("-inf")  # time.monotonic() before which no connection is tried again
        self.why = ""  # why the last connection could not be made
        self.backoff = Backoff()
        self.worker = Worker(self._connection)
        self.writer: Writer | None = None  # set by write_behind
        self.confirmed = 0  # the writes handed to the writer that it has stored (or failed)
        self.failures: dict[int, StoreError] = {}  # ticket -> why, for the requests that may ask (the newest)
        self.waiting: deque[tuple[int, asyncio.Future[None]]] = deque()
        self.latest: dict[str, int] = {}  # table -> the ticket of its latest change handed over

        def bring_up_to_date(db: psycopg.Connection) -> None:
            # one server at a time: CREATE ... IF NOT EXISTS is not safe against another doing it at
            # the same moment (a cluster's nodes started together)
            with db.transaction():
                db.execute("SELECT pg_advisory_xact_lock(%s)", (SCHEMA_LOCK,))
                db.execute(VERSION_TABLE)
                row = db.execute("SELECT MAX(version) FROM schema_version").fetchone()
                upgrade(PostgresSchema(db), row[0] if row and row[0] else 0, self.path)

        try:
            self._io(bring_up_to_date, seconds=UPGRADE_SECONDS)
        except psycopg.Error as err:
            self.close()
            raise StoreError(
                protocol.STORAGE_FAILED, f"cannot use the database {self.path}: {_why(err)}"
            ) from None
        except StoreError:
            self.close()
            raise

    def _connection(self) -> psycopg.Connection:
        """A new connection (on the store's thread); OperationalError at once while the backoff
        after a connection that could not be made runs."""
        if time.monotonic() < self.retry_at:
            raise psycopg.OperationalError(self.why)
        try:
            db = psycopg.connect(self.dsn, autocommit=True, **LINK)
        except psycopg.OperationalError as err:
            self.why = _why(err)
            self.retry_at = time.monotonic() + self.backoff.next()
            raise
        self.backoff.reset()
        return db

    def _io(
        self, work: Callable[[psycopg.Connection], T], again: bool = False, seconds: float | None = None
    ) -> T:
        """``work(connection)``, on the store's thread; from another thread, waiting for it at most
        ``seconds`` (IO_SECONDS): a database that does not answer is left to its thread, and the
        store goes on with a new one. ``again``: once more on a new connection if the one there was
        found ended (while idle: a read, which may be asked twice)."""
        worker = self.worker

        def run() -> T:
            fresh = worker.db is None or worker.db.closed
            try:
                return work(worker.connection())
            except psycopg.OperationalError:
                if not (again and not fresh and worker.db is not None and worker.db.closed):
                    raise
            return work(worker.connection())

        if worker.here():
            return run()
        try:
            return worker.submit(run).result(IO_SECONDS if seconds is None else seconds)
        except concurrent.futures.TimeoutError:
            self._leave(worker)
            raise psycopg.OperationalError(
                f"no answer within {IO_SECONDS if seconds is None else seconds:g} s"
            ) from None

    def _leave(self, worker: Worker) -> None:
        """The thread waits on a database that does not answer: leave it there (it ends once the
        database answers, or its link does), and do the next statements on a new one, tried no
        sooner than SILENT_RETRY seconds on (each statement meanwhile is refused at once)."""
        if self.worker is worker:
            log.error(
                "the database %s has not answered within seconds: every statement is refused for %g s, "
                "then tried on a new connection",
                self.path,
                SILENT_RETRY,
            )
            worker.close()
            self.worker = Worker(self._connection)
            self.why = "no answer"
            self.retry_at = time.monotonic() + SILENT_RETRY

    @property
    def schema_version(self) -> int:
        return self._rows("SELECT MAX(version) FROM schema_version")[0][0] or 0

    @property
    def can_store(self) -> bool:
        return self.writer.up if self.writer is not None else self.failing is None

    @property
    def reconnecting(self) -> bool:
        return self.writer is not None and not self.writer.up

    def close(self) -> None:
        """Close the database (``drained`` first stores what was handed over)."""
        if self.writer is not None:
            self.writer.stop()
            self.writer = None
        for _target, done in self.waiting:
            if not done.done():
                done.set_result(None)
        self.worker.close()

    async def drained(self) -> None:
        """Return once every change handed over is stored or failed, or after DRAIN_SECONDS (a
        stopping server does not wait on a database that does not answer: what was not confirmed
        by then was never acknowledged); the writer takes no more."""
        try:
            await asyncio.wait_for(self.stored(), DRAIN_SECONDS)
        except TimeoutError:
            log.warning(
                "stopping with %d changes the database %s has not confirmed (none of them was acknowledged)",
                self.issued - self.confirmed,
                self.path,
            )
        if self.writer is not None:
            await self.writer.close()
            self.writer = None

    def write_behind(self) -> None:
        """From now on a change is stored behind the running event loop, with the others of its
        moment, and ``stored`` tells when (the module's docstring)."""
        if self.writer is None:
            self.writer = Writer(self.dsn, self._settled, self.path)

    async def read(self, query: Callable[..., T], *args: Any) -> T:
        worker = self.worker
        try:
            return await asyncio.wait_for(
                asyncio.wrap_future(worker.submit(lambda: query(self, *args))), READ_SECONDS
            )
        except TimeoutError:
            self._leave(worker)
            raise StoreError(
                protocol.STORAGE_UNAVAILABLE, UNREADABLE.format(why=f"no answer within {READ_SECONDS:g} s")
            ) from None

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
                err = StoreError(
                    protocol.STORAGE_FAILED,
                    f"table {failure.table} could not be stored, so it was let go and nothing was changed",
                )
            else:
                err = self._refused(failure.why, failure.full, failure.unreachable)
            self.failures[failure.ticket] = err
            if len(self.failures) > FAILURES_KEPT:
                del self.failures[next(iter(self.failures))]
        if not failed:
            self._wrote()
        self.confirmed = max(self.confirmed, upto)
        if len(self.latest) > LATEST_KEPT:  # a table whose changes are all stored waits for none
            self.latest = {table: ticket for table, ticket in self.latest.items() if ticket > self.confirmed}
        taken = {failure.table for failure in failed if failure.taken}
        for table in dict.fromkeys(failure.table for failure in failed if failure.table is not None):
            if self.on_unstored is not None:
                self.on_unstored(table, table in taken)  # let go now: nothing more of it is handed over
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
        """The rows a query returns; a link found ended while idle is made again, once."""
        try:
            return self._io(lambda db: db.execute(_postgres(sql), args).fetchall(), again=True)
        except psycopg.OperationalError as err:
            if self._may_say("reading"):
                log.error("cannot read the database %s: %s", self.path, _why(err))
            raise StoreError(protocol.STORAGE_UNAVAILABLE, UNREADABLE.format(why=_why(err))) from None

    def _tx(self, statements: Statements, table: str | None = None) -> None:
        self._may_write()
        if self.writer is not None:
            if not self.writer.up:  # refused at once, its table as it was, until the writer is back
                raise self._refused(self.writer.why, False, unreachable=True)
            ticket = self.writer.hand(statements, table)
            if table is not None:
                self.latest[table] = ticket
            changes = CHANGES.get()
            if changes is not None:
                changes.add(ticket)
            return
        try:
            self._io(lambda db: _run(db, statements))
        except errors.UniqueViolation:
            if statements[0][0] == APPEND:
                raise HistoryTaken(*statements[0][1][:2]) from None
            raise
        except psycopg.OperationalError as err:
            full = isinstance(err, errors.DiskFull)
            raise self._refused(_why(err), full, unreachable=not full) from None
        self._wrote()


class Worker:
    """The thread where a PostgreSQL store runs its statements, one at a time, on a connection of
    its own (made by ``connect`` when there is none, or the one there has ended). It is a daemon:
    one left waiting on a database that does not answer never holds the process up."""

    def __init__(self, connect: Callable[[], psycopg.Connection]) -> None:
        self.connect = connect
        self.db: psycopg.Connection | None = None  # the thread's alone
        self.jobs: queue.SimpleQueue[Any] = queue.SimpleQueue()
        self.thread = threading.Thread(target=self._serve, name="database", daemon=True)
        self.thread.start()

    def here(self) -> bool:
        return threading.current_thread() is self.thread

    def connection(self) -> psycopg.Connection:
        """The open connection, or a new one (on the thread)."""
        if self.db is None or self.db.closed:
            self.db = self.connect()
        return self.db

    def submit(self, work: Callable[[], T]) -> concurrent.futures.Future[T]:
        done: concurrent.futures.Future[T] = concurrent.futures.Future()
        self.jobs.put((work, done))
        return done

    def close(self) -> None:
        """Take no more; the thread closes its connection once the statement in hand is done."""
        self.jobs.put(None)

    def _serve(self) -> None:
        while (job := self.jobs.get()) is not None:
            work, done = job
            if not done.set_running_or_notify_cancel():
                continue
            try:
                done.set_result(work())
            except BaseException as err:  # noqa: BLE001 - the caller's to raise
                done.set_exception(err)
        if self.db is not None:
            self.db.close()


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
    sent: bool = False  # sent the fast way: its answer is read in the socket's callback


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
    unreachable: bool = False  # the link to the database was lost (or had been) with the change in hand


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

    The link may drop at any moment: the socket closes, the server's last words are a FATAL error
    (a restart, ``pg_terminate_backend``), or a batch stays unanswered for BATCH_SECONDS. Then the
    batch in flight and every change waiting fail (``unreachable``: whether the batch was stored is
    not known, so its tables are let go and rebuilt from what was), ``up`` is False (the store
    refuses every change at once, none is handed over), and a task connects again after a
    :class:`Backoff`. Between batches the socket is watched too, so a link ended while idle is
    found at once rather than by the next batch.

    Once a change of a table fails, the table's later changes are not stored (the table must be
    rebuilt from what was) until :meth:`forgive` says from which change on they are again."""

    def __init__(self, dsn: str, report: Callable[[int, list[Failure]], None], shown: str = "") -> None:
        self.dsn = dsn
        self.report = report
        self.shown = shown or _shown(dsn)
        self.loop = asyncio.get_running_loop()
        self.db: psycopg.AsyncConnection[Any] | None = None
        self.queue: deque[Write] = deque()
        self.handed = 0  # changes handed over (the last one's ticket)
        self.done = 0  # the last ticket stored or failed
        self.broken: dict[
            str, int | None
        ] = {}  # table -> its changes up to this ticket are not stored (None: all)
        self.batch: Batch | None = None  # the batch sent and not answered yet
        self.task: asyncio.Future[None] | None = None  # the batch going the slow way, if one is
        self.watched: int | None = None  # the socket the callbacks watch
        self.overdue: asyncio.TimerHandle | None = None  # the batch in flight is taken for lost then
        self.up = True  # whether it takes changes: False from a lost link until it has connected again
        self.why = ""  # why the link was lost
        self.backoff = Backoff()
        self.reconnecting: asyncio.Task[None] | None = None
        self.closing: set[asyncio.Task[None]] = set()  # connections lost, being closed
        self.stopped = False

    @property
    def busy(self) -> bool:
        """Whether changes handed over are still to be stored."""
        return self.done < self.handed

    def hand(self, statements: Statements, table: str | None) -> int:
        """Hand a change over (only while ``up``); its ticket."""
        self.handed += 1
        self.queue.append(Write(self.handed, statements, table))
        self._next()
        return self.handed

    def forgive(self, table: str, upto: int) -> None:
        """The table was let go once the changes up to ``upto`` were handed over: its later ones are
        stored."""
        if table in self.broken:
            self.broken[table] = upto

    def stop(self) -> None:
        """Store nothing more (what is in hand is neither stored nor reported)."""
        self.stopped = True
        self._unwatch()
        for task in (self.task, self.reconnecting):
            if task is not None:
                task.cancel()

    async def close(self) -> None:
        tasks = [task for task in (self.task, self.reconnecting, *self.closing) if task is not None]
        self.stop()
        await asyncio.gather(*tasks, return_exceptions=True)
        if self.db is not None:
            await self.db.close()

    def _next(self) -> None:
        """Send the changes waiting, if no batch is on its way (and watch the link all along)."""
        if self.batch is not None or self.stopped:
            return
        if not self.queue:
            self._watch()
            return
        writes = [self.queue.popleft() for _ in range(min(BATCH, len(self.queue)))]
        batch = self.batch = Batch(writes, [], [])
        for write in writes:
            (
                batch.failed.append(Failure(write.ticket, write.table, "", skipped=True))
                if self._skipped(write)
                else batch.live.append(write)
            )
        if not self.up:  # handed over before the link was found lost: none of them was sent
            batch.failed += self._fail(batch.live, self.why)
            batch.live = []
        if not batch.live:  # reported on the loop's next turn, never from inside hand()
            self.loop.call_soon(self._finish, batch)
        elif self.db is None or self.db.closed:
            self._slowly(batch)
        else:
            try:
                self._send(self.db, batch)
            except Exception as err:  # noqa: BLE001 - a lost link (or a fault) is told by the slow way
                self._slowly(batch, _why(err) if isinstance(err, psycopg.OperationalError) else None)

    def _send(self, db: psycopg.AsyncConnection[Any], batch: Batch) -> None:
        statements = [statement for write in batch.live for statement in write.statements]
        query = psycopg.AsyncClientCursor(db).mogrify(
            "; ".join(_postgres(sql) for sql, _args in statements),
            tuple(value for _sql, args in statements for value in args),
        )
        pgconn = db.pgconn
        pgconn.send_query(query.encode(db.info.encoding))
        batch.sent = True
        self._watch()
        self.overdue = self.loop.call_later(BATCH_SECONDS, self._overdue, batch)
        if pgconn.flush() and self.watched is not None:  # the rest of the query goes as the socket drains
            self.loop.add_writer(self.watched, self._writable, db, batch)

    def _watch(self) -> None:
        """Read the link's socket in the loop's callback, from now on: the answer to the batch in
        flight, or (between batches) PostgreSQL's last words before it ends the link."""
        db = self.db
        if self.watched is None and self.up and db is not None and not db.closed:
            self.watched = db.pgconn.socket
            self.loop.add_reader(self.watched, self._readable, db)

    def _rewatch(self, db: psycopg.AsyncConnection[Any]) -> None:
        """Watch the socket anew: uvloop may not tell again of a socket that stayed readable (the
        server's last words read, the end of the link not yet)."""
        if self.watched is not None:
            self.loop.remove_reader(self.watched)
            self.loop.add_reader(self.watched, self._readable, db)

    def _writable(self, db: psycopg.AsyncConnection[Any], batch: Batch) -> None:
        try:
            if db.pgconn.flush() == 0 and self.watched is not None:
                self.loop.remove_writer(self.watched)
        except psycopg.OperationalError as err:
            self._slowly(batch, _why(err))

    def _readable(self, db: psycopg.AsyncConnection[Any]) -> None:
        batch = self.batch if self.batch is not None and self.batch.sent and self.task is None else None
        pgconn = db.pgconn
        try:
            pgconn.consume_input()
            if batch is None:  # between batches PostgreSQL says nothing but to end the link
                if pgconn.status == pq.ConnStatus.BAD:
                    raise psycopg.OperationalError("the connection was closed")
                self._rewatch(db)
                return
            while not pgconn.is_busy():
                result = pgconn.get_result()
                if result is None:  # the query is answered
                    break
                if result.status == pq.ExecStatus.FATAL_ERROR:
                    batch.refused = True
                    if result.error_field(pq.DiagnosticField.SEVERITY_NONLOCALIZED) == b"FATAL":
                        # the server is ending the link (a restart, pg_terminate_backend)
                        raise psycopg.OperationalError((result.error_message or b"").decode(errors="replace"))
            else:
                self._rewatch(db)  # more of the answer is to come
                return
        except psycopg.OperationalError as err:
            if batch is None:
                self._link_lost(_why(err))
            else:
                self._slowly(batch, _why(err))
            return
        self._settle_timer()
        if batch.refused:  # nothing of it was stored: the slow way tells which change and why
            self._slowly(batch)
        else:
            self._finish(batch)

    def _overdue(self, batch: Batch) -> None:
        self.overdue = None
        if self.batch is batch and self.task is None:
            self._slowly(batch, f"no answer within {BATCH_SECONDS:g} s")

    def _settle_timer(self) -> None:
        if self.overdue is not None:
            self.overdue.cancel()
            self.overdue = None

    def _unwatch(self) -> None:
        if self.watched is not None:
            self.loop.remove_reader(self.watched)
            self.loop.remove_writer(self.watched)
            self.watched = None
        self._settle_timer()

    def _slowly(self, batch: Batch, lost: str | None = None) -> None:
        """Store (or fail) the batch on a task, through psycopg's cursor, which watches the socket itself."""
        self._unwatch()
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

    async def _store(self, batch: Batch, lost: str | None) -> None:
        """Store the batch the slow way (or fail it, its link ``lost``), then report it."""
        try:
            if lost is not None:
                batch.failed += await self._lost(batch.live, lost)
            else:
                async with asyncio.timeout(BATCH_SECONDS):
                    batch.failed += await self._store_live(batch.live)
        except TimeoutError:
            batch.failed += await self._lost(batch.live, f"no answer within {BATCH_SECONDS:g} s")
        except Exception as err:  # noqa: BLE001 - a fault of the program: the changes are refused, the writer lives
            log.exception("could not store %d changes", len(batch.writes))
            for write in batch.live:
                self._break(write.table)
            batch.failed += [
                Failure(write.ticket, write.table, f"an error in the server ({type(err).__name__})")
                for write in batch.live
            ]
        self._finish(batch)

    async def _store_live(self, live: list[Write]) -> list[Failure]:
        failed: list[Failure] = []
        try:
            db = await self._connect()
        except psycopg.OperationalError as err:
            return await self._lost(live, _why(err))
        try:
            await _run_at_once(db, [statement for write in live for statement in write.statements])
            return failed
        except errors.UniqueViolation:
            pass  # a change repeats a table's history: the others are stored one by one
        except psycopg.OperationalError as err:
            return await self._refused(db, live, err)
        for index, write in enumerate(live):
            if self._skipped(write):
                failed.append(Failure(write.ticket, write.table, "", skipped=True))
                continue
            try:
                await _run_at_once(db, write.statements)
            except errors.UniqueViolation as err:
                self._break(write.table)
                if write.statements[0][0] == APPEND:
                    failed.append(
                        Failure(write.ticket, write.table, "", taken=True, idx=write.statements[0][1][1])
                    )
                else:
                    failed.append(Failure(write.ticket, write.table, _why(err)))
            except psycopg.OperationalError as err:
                return failed + await self._refused(db, live[index:], err)
        return failed

    async def _refused(
        self, db: psycopg.AsyncConnection[Any], writes: list[Write], err: psycopg.OperationalError
    ) -> list[Failure]:
        """The database did not store ``writes``: its link is lost, or it refused them (a full disk)."""
        if db.closed:
            return await self._lost(writes, _why(err))
        for write in writes:
            self._break(write.table)
        return [
            Failure(write.ticket, write.table, _why(err), isinstance(err, errors.DiskFull))
            for write in writes
        ]

    async def _lost(self, writes: list[Write], why: str) -> list[Failure]:
        """The link is lost with ``writes`` in hand: none of them is known to be stored."""
        db, self.db = self.db, None
        self._down(why)
        if db is not None:
            await db.close()
        return self._fail(writes, why)

    def _fail(self, writes: list[Write], why: str) -> list[Failure]:
        for write in writes:
            self._break(write.table)
        return [Failure(write.ticket, write.table, why, unreachable=True) for write in writes]

    def _link_lost(self, why: str) -> None:
        """The idle link was found lost: close it, and connect again behind the loop."""
        self._unwatch()
        db, self.db = self.db, None
        self._down(why)
        if db is not None:
            closing = asyncio.ensure_future(db.close())
            self.closing.add(closing)
            closing.add_done_callback(self.closing.discard)

    def _down(self, why: str) -> None:
        self.why = why
        if self.up and not self.stopped:
            log.error(
                "lost the link to the database %s (%s): every change is refused until it is back",
                self.shown,
                why,
            )
        self.up = False
        if self.reconnecting is None and not self.stopped:
            self.reconnecting = asyncio.ensure_future(self._reconnect())

    async def _reconnect(self) -> None:
        """Connect again, after a backoff that doubles with each try (jittered); then take changes again."""
        try:
            while not self.stopped:
                await asyncio.sleep(self.backoff.next())
                try:
                    db = await psycopg.AsyncConnection.connect(self.dsn, autocommit=True, **LINK)
                except psycopg.Error as err:
                    self.why = _why(err)
                    continue
                if self.stopped:
                    await db.close()
                    return
                self.db, self.up = db, True
                self.backoff.reset()
                log.warning("the database %s answers again: changes are stored again", self.shown)
                self._next()
                return
        finally:
            self.reconnecting = None

    async def _connect(self) -> psycopg.AsyncConnection[Any]:
        if self.db is None or self.db.closed:
            self.db = await psycopg.AsyncConnection.connect(self.dsn, autocommit=True, **LINK)
        return self.db


async def _run_at_once(db: psycopg.AsyncConnection[Any], statements: Statements) -> None:
    """Run the statements as one query: one round trip, and one transaction (PostgreSQL runs the
    statements of one query together). The values are bound here, as only then may a query hold
    several statements."""
    async with psycopg.AsyncClientCursor(db) as cursor:
        await cursor.execute(
            "; ".join(_postgres(sql) for sql, _args in statements),
            tuple(value for _sql, args in statements for value in args),
        )


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
