"""SQLite persistence of tables, seats and match records (WAL mode, one small transaction per change).

Every accepted action is committed here before any client hears of it. WAL with
``synchronous=NORMAL`` makes each commit durable against the server process dying (kill -9):
the write is in the operating system's hands when ``commit`` returns. Seat tokens and table
passwords are stored only as salted hashes (``server.storage.passwords``).

A write the database refuses for a reason of the machine's (a full disk, an I/O error, a file
that cannot be written) raises :class:`StoreError` with a sentence saying so, after rolling the
transaction back; the first such failure is logged, the following ones are only counted, and the
first write that succeeds again says how many were refused meanwhile (each of the two lines at most
once a minute, should writes fail and succeed by turns).

The schema carries a version (the table ``schema_version``): a server opening a database brings it
up to date with the numbered steps of ``MIGRATIONS`` it has not had yet, in one transaction, and
refuses a database a newer program wrote.
"""

from __future__ import annotations

import hashlib
import json
import logging
import os
import sqlite3
import time
from collections.abc import Callable
from contextvars import ContextVar
from pathlib import Path
from typing import Any, Protocol, TypeVar

from soupkitchen.shared.wire import protocol

log = logging.getLogger(__name__)

# SQLite's primary result codes that tell of the machine, not of a fault of ours
MACHINE_FAULTS = {
    3: "permission denied",
    5: "the database is busy in another program",
    6: "the database is locked",
    8: "the database file is read-only",
    10: "a disk I/O error",
    11: "the database file is damaged",
    13: "the disk is full",
    14: "the file cannot be opened",
    26: "the file is not a database",
}
SQLITE_FULL = 13
SAY_EVERY = 60.0  # seconds between two log lines about failing, or recovered, writes
UNREACHABLE = (
    "the server cannot reach its database just now ({why}), so nothing was changed; try again in a moment"
)
APPEND = "INSERT INTO actions (table_id, idx, seat, action, t) VALUES (?,?,?,?,?)"
T = TypeVar("T")

# Written for SQLite and PostgreSQL alike (SQLite reads DOUBLE PRECISION as REAL, BIGINT as INTEGER):
# the tables as they were when the schema began to carry a version (version 1).
FIRST_TABLES = (
    """CREATE TABLE IF NOT EXISTS tables (
    id TEXT PRIMARY KEY,
    game TEXT NOT NULL,
    players INTEGER NOT NULL,
    options TEXT NOT NULL,
    settings TEXT NOT NULL,
    password TEXT,
    host_seat INTEGER NOT NULL,
    seed BIGINT,
    started INTEGER NOT NULL DEFAULT 0,
    over INTEGER NOT NULL DEFAULT 0,
    closed INTEGER NOT NULL DEFAULT 0,
    created DOUBLE PRECISION NOT NULL,
    finished DOUBLE PRECISION
)""",
    """CREATE TABLE IF NOT EXISTS seats (
    table_id TEXT NOT NULL,
    seat INTEGER NOT NULL,
    name TEXT,
    token_hash TEXT,
    bot INTEGER NOT NULL DEFAULT 0,
    ready INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (table_id, seat)
)""",
    "CREATE INDEX IF NOT EXISTS seats_by_token ON seats (token_hash)",
    """CREATE TABLE IF NOT EXISTS actions (
    table_id TEXT NOT NULL,
    idx INTEGER NOT NULL,
    seat INTEGER,
    action TEXT NOT NULL,
    t DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (table_id, idx)
)""",
    """CREATE TABLE IF NOT EXISTS clocks (
    table_id TEXT PRIMARY KEY,
    t DOUBLE PRECISION NOT NULL
)""",
)
VERSION_TABLE = "CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)"


class Changes:
    """The changes one request hands to a store that writes behind: its answer waits for them, and
    says so if one of them could not be stored. Once answered, it takes no more (a timer set during
    the request carries its context on)."""

    def __init__(self) -> None:
        self.tickets: list[int] = []
        self.open = True

    def add(self, ticket: int) -> None:
        if self.open:
            self.tickets.append(ticket)


CHANGES: ContextVar[Changes | None] = ContextVar("soupkitchen_changes", default=None)  # the request's


def token_hash(token: str) -> str:
    """The stored form of a seat token (tokens are random, so no salt is needed)."""
    return hashlib.sha256(token.encode()).hexdigest()


class StoreError(Exception):
    """The database cannot be opened or written, for a reason of the machine's: ``code`` is the
    wire's error code (``storage_full`` or ``storage_failed``) and the message one sentence."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


class HistoryTaken(StoreError):
    """A table's action ``idx`` is stored already: another writer has played this table on, so this
    one must let the table go rather than write a second history."""

    def __init__(self, table_id: str, idx: int) -> None:
        super().__init__(
            protocol.STORAGE_FAILED,
            f"table {table_id} was played on elsewhere (action {idx} "
            "is stored already), so nothing was changed",
        )
        self.table_id, self.idx = table_id, idx


def machine_fault(err: sqlite3.Error) -> str | None:
    """Why SQLite refused, in words, if the machine is the reason (None: a fault of the program)."""
    code = getattr(err, "sqlite_errorcode", None)
    return None if code is None else MACHINE_FAULTS.get(code & 0xFF)


def unusable(path: Path, err: BaseException) -> StoreError:
    """The error of a database that cannot be opened at ``path``, naming the path and why."""
    why = machine_fault(err) if isinstance(err, sqlite3.Error) else None
    if isinstance(err, OSError):
        why = err.strerror or str(err)
    if path.is_dir():
        why = "it is a folder"
    elif not path.parent.is_dir():
        why = f"{path.parent} is not a folder"
    elif not path.exists() and not os.access(path.parent, os.W_OK):
        why = f"the folder {path.parent} cannot be written"
    return StoreError(protocol.STORAGE_FAILED, f"cannot use the database {path}: {why or err}")


class Schema(Protocol):
    """A database being brought up to date, inside the transaction that does it (each store's own)."""

    def run(self, sql: str) -> None: ...

    def columns(self, table: str) -> set[str]: ...


def first_tables(db: Schema) -> None:
    """The tables of the first release, or of a database made before the schema carried a version,
    whose older tables lack two columns added since."""
    for statement in FIRST_TABLES:
        db.run(statement)
    if "ready" not in db.columns("seats"):
        db.run("ALTER TABLE seats ADD COLUMN ready INTEGER NOT NULL DEFAULT 0")
    if "finished" not in db.columns("tables"):
        db.run("ALTER TABLE tables ADD COLUMN finished DOUBLE PRECISION")


def tables_by_state(db: Schema) -> None:
    """The open tables (every node's sweep, a restart) and the newest finished ones (the replays)
    are found through an index rather than by reading every table kept for ``keep_days``."""
    db.run("CREATE INDEX IF NOT EXISTS tables_by_state ON tables (over, closed, created)")


# The schema's numbered steps: a database at version N gets the steps after N, in order, in one
# transaction, when a server opens it. A step is only ever added at the end, never changed.
MIGRATIONS: tuple[tuple[int, Callable[[Schema], None]], ...] = ((1, first_tables), (2, tables_by_state))
SCHEMA_VERSION = MIGRATIONS[-1][0]


def upgrade(db: Schema, version: int, where: str) -> int:
    """Bring a database at schema ``version`` (0: none recorded) up to ``SCHEMA_VERSION``, in the
    transaction ``db`` runs in; returns the version it was at. StoreError if a newer program wrote it."""
    if version > SCHEMA_VERSION:
        raise StoreError(
            protocol.STORAGE_FAILED,
            f"cannot use the database {where}: a newer Soup Kitchen wrote "
            f"it (schema version {version}; this one knows up to "
            f"{SCHEMA_VERSION}), so it is left as it is",
        )
    for number, step in MIGRATIONS[version:]:
        step(db)
        log.debug("database %s: schema step %d (%s) done", where, number, step.__name__)
    if version < SCHEMA_VERSION:
        db.run("DELETE FROM schema_version")
        db.run(f"INSERT INTO schema_version (version) VALUES ({SCHEMA_VERSION})")
        if version:
            log.info(
                "the database %s was brought from schema version %d to %d", where, version, SCHEMA_VERSION
            )
    return version


class SqliteSchema:
    """A SQLite database being brought up to date (``Schema``)."""

    def __init__(self, db: sqlite3.Connection) -> None:
        self.db = db

    def run(self, sql: str) -> None:
        self.db.execute(sql)

    def columns(self, table: str) -> set[str]:
        return {row[1] for row in self.db.execute(f"PRAGMA table_info({table})")}


class Store:
    """The server's database in SQLite: one connection, used from the event loop thread only.

    The SQL is written once for both stores (``?`` marks a parameter); ``server/storage/store_pg.py`` runs
    the same statements on PostgreSQL through ``_tx`` and ``_rows``.

    ``gate``, if set, is called before every write and raises StoreError to refuse it (a cluster's
    node that has lost touch with the others); ``on_taken(table_id)``, if set, hears of each
    HistoryTaken before it is raised. A store that writes behind (``stored``) tells ``on_batch(n)``
    once its first ``n`` changes are stored, and ``on_unstored(table_id, taken)`` of a table whose
    change could not be: the table is ahead of the database, and must be let go at once (``taken``:
    another writer played it on)."""

    gate: Callable[[], None] | None = None
    on_taken: Callable[[str], None] | None = None
    on_batch: Callable[[int], None] | None = None
    on_unstored: Callable[[str, bool], None] | None = None
    issued = 0  # writes handed to the store; each is stored by the time its call returns (see ``stored``)

    def __init__(self, path: str | Path, wall_clock: Callable[[], float] = time.time) -> None:
        """StoreError, naming the path and why, if the database cannot be opened and written."""
        self.wall_clock = wall_clock  # the date a game finished is written from it
        self.path = str(path)
        self.failing: StoreError | None = None  # the last write failure, until a write succeeds again
        self.refused = 0  # writes refused since the log last said the database can be written
        self.said = {"failing": float("-inf"), "recovered": float("-inf")}  # when the log last said so
        try:
            if self.path != ":memory:":
                Path(path).parent.mkdir(parents=True, exist_ok=True)
            self.db = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False)
        except (OSError, sqlite3.Error) as err:
            raise unusable(Path(path), err) from None
        try:
            self.db.execute("PRAGMA journal_mode=WAL")
            self.db.execute("PRAGMA synchronous=NORMAL")
            self._upgrade()
        except sqlite3.Error as err:
            self.db.close()
            raise unusable(Path(path), err) from None
        except StoreError:
            self.db.close()
            raise

    def _upgrade(self) -> None:
        """Bring the database up to the schema (``upgrade``), in one transaction that holds off any
        other process opening it at the same moment."""
        self.db.execute("BEGIN IMMEDIATE")
        try:
            self.db.execute(VERSION_TABLE)
            row = self.db.execute("SELECT MAX(version) FROM schema_version").fetchone()
            upgrade(SqliteSchema(self.db), row[0] or 0, self.path)
            self.db.execute("COMMIT")
        except BaseException:
            self.db.execute("ROLLBACK")
            raise

    @property
    def schema_version(self) -> int:
        """The schema version the database is at."""
        return self._rows("SELECT MAX(version) FROM schema_version")[0][0] or 0

    def close(self) -> None:
        self.db.close()

    def _rows(self, sql: str, args: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
        """The rows a query returns."""
        return self.db.execute(sql, args).fetchall()

    def issued_for(self, table_id: str) -> int:
        """The writes handed to the store up to the table's latest (a push about the table waits
        for those alone)."""
        return self.issued

    @property
    def can_store(self) -> bool:
        """Whether changes are stored now (False while the database refuses them)."""
        return self.failing is None

    @property
    def reconnecting(self) -> bool:
        """Whether every change is refused at once until the store has connected again by itself
        (a node's writer whose link is lost): nothing need be tried meanwhile."""
        return False

    async def read(self, query: Callable[..., T], *args: Any) -> T:
        """``query(store, *args)``, one of the store's reads (``Store.load_table``...), without holding
        the event loop up for the database: SQLite, a file on this machine, answers at once; the
        PostgreSQL store asks in a thread of its own (``server/storage/store_pg.py``)."""
        return query(self, *args)

    async def drained(self) -> None:
        """Return once every change handed to the store is stored (or failed); it takes no more."""

    async def stored(self, changes: Changes | None = None) -> StoreError | None:
        """Return once every change handed to the store so far is stored, with the first failure
        among ``changes`` (None: they are all stored). A store that writes as it is called has
        nothing to wait for; ``server/storage/store_pg.py`` can write behind."""
        return None

    def _tx(self, statements: list[tuple[str, tuple[Any, ...]]], table: str | None = None) -> None:
        """Run the statements in one transaction: all of them, or (rolled back) none (``table``: the
        table they change, if one)."""
        self._may_write()
        try:
            self.db.execute("BEGIN")
            for sql, args in statements:
                self.db.execute(sql, args)
            self.db.execute("COMMIT")
        except BaseException as err:
            if self.db.in_transaction:  # SQLite has rolled back by itself after some failures
                self.db.execute("ROLLBACK")
            if isinstance(err, sqlite3.IntegrityError) and statements[0][0].startswith(APPEND):
                raise HistoryTaken(*statements[0][1][:2]) from None
            why = machine_fault(err) if isinstance(err, sqlite3.Error) else None
            if why is None:
                raise
            raise self._refused(why, getattr(err, "sqlite_errorcode", 0) & 0xFF == SQLITE_FULL) from None
        self._wrote()

    def _may_write(self) -> None:
        """StoreError if the gate refuses writes now."""
        if self.gate is not None:
            self.gate()

    def _wrote(self) -> None:
        """A write succeeded: say so once if writes were being refused."""
        if self.failing is not None:
            self.failing = None
            if self._may_say("recovered"):
                log.warning(
                    "the database %s can be written again (%d changes were refused meanwhile)",
                    self.path,
                    self.refused,
                )
                self.refused = 0

    def _may_say(self, what: str) -> bool:
        now = time.monotonic()
        if now - self.said[what] < SAY_EVERY:
            return False
        self.said[what] = now
        return True

    def _refused(self, why: str, full: bool, unreachable: bool = False) -> StoreError:
        """The error of one refused write; the first of a run is logged, the rest counted."""
        if self.failing is None and self._may_say("failing"):
            log.error(
                "cannot write the database %s: %s; every change is refused until it can be written",
                self.path,
                why,
            )
        self.refused += 1
        if full:
            self.failing = StoreError(
                protocol.STORAGE_FULL,
                "the server's disk is full, so nothing was changed; the host has to make room",
            )
        elif unreachable:
            self.failing = StoreError(protocol.STORAGE_UNAVAILABLE, UNREACHABLE.format(why=why))
        else:
            self.failing = StoreError(
                protocol.STORAGE_FAILED, f"the server cannot write its games ({why}), so nothing was changed"
            )
        return self.failing

    # --- writes --------------------------------------------------------------------------------
    def save_table(self, row: dict[str, Any], seats: list[dict[str, Any]]) -> None:
        """Insert or update a table's settings and all its seats in one transaction (the date it
        finished, written with its last action, stays)."""
        statements: list[tuple[str, tuple[Any, ...]]] = [
            (
                "INSERT INTO tables (id, game, players, options, settings, password, host_seat,"
                " seed, started, over, closed, created) VALUES (?,?,?,?,?,?,?,?,?,?,?,?)"
                " ON CONFLICT(id) DO UPDATE SET game = excluded.game, players = excluded.players,"
                " options = excluded.options, settings = excluded.settings, password = excluded.password,"
                " host_seat = excluded.host_seat, seed = excluded.seed, started = excluded.started,"
                " over = excluded.over, closed = excluded.closed, created = excluded.created",
                (
                    row["id"],
                    row["game"],
                    row["players"],
                    json.dumps(row["options"]),
                    json.dumps(row["settings"]),
                    row["password"],
                    row["host_seat"],
                    row["seed"],
                    int(row["started"]),
                    int(row["over"]),
                    int(row["closed"]),
                    row["created"],
                ),
            )
        ]
        statements.append(("DELETE FROM seats WHERE table_id = ?", (row["id"],)))
        for index, seat in enumerate(seats):
            statements.append(
                (
                    "INSERT INTO seats (table_id, seat, name, token_hash, bot, ready) VALUES (?,?,?,?,?,?)",
                    (
                        row["id"],
                        index,
                        seat["name"],
                        seat["token_hash"],
                        int(seat["bot"]),
                        int(seat["ready"]),
                    ),
                )
            )
        self._tx(statements, row["id"])

    def append_action(
        self, table_id: str, idx: int, seat: int | None, action: Any, t: float, over: bool
    ) -> None:
        """Log one applied action (and mark the match over if it ended it); HistoryTaken, changing
        nothing, if the table's action ``idx`` is stored already."""
        statements: list[tuple[str, tuple[Any, ...]]] = [
            (APPEND, (table_id, idx, seat, json.dumps(action), t))
        ]
        if over:
            statements.append(
                ("UPDATE tables SET over = 1, finished = ? WHERE id = ?", (self.wall_clock(), table_id))
            )
        try:
            self._tx(statements, table_id)
        except HistoryTaken:
            if self.on_taken is not None:
                self.on_taken(table_id)
            raise

    def save_clocks(self, clocks: dict[str, float]) -> None:
        """Record each table's game clock (seconds since it started), so a restart resumes the
        round with the time that was left, not the time of the last action."""
        if clocks:
            self._tx(
                [
                    (
                        "INSERT INTO clocks (table_id, t) VALUES (?,?)"
                        " ON CONFLICT(table_id) DO UPDATE SET t = excluded.t",
                        (table_id, t),
                    )
                    for table_id, t in clocks.items()
                ]
            )

    def purge(self, before: float) -> int:
        """Delete the games that finished, and the lobbies that closed, before the date ``before``
        (seconds since the epoch); returns how many tables went."""
        ids = self.purgeable(before)
        self.forget_tables(ids)
        return len(ids)

    def purgeable(self, before: float) -> list[str]:
        """The tables ``purge`` deletes."""
        old = (
            "SELECT id FROM tables WHERE (over = 1 AND COALESCE(finished, created) < ?)"
            " OR (closed = 1 AND created < ?)"
        )
        return [row[0] for row in self._rows(old, (before, before))]

    def forget_tables(self, ids: list[str]) -> None:
        """Delete these tables, their seats, actions and clocks."""
        for start in range(0, len(ids), 500):
            chunk = ids[start : start + 500]
            marks = ",".join("?" * len(chunk))
            self._tx(
                [
                    (f"DELETE FROM {name} WHERE {key} IN ({marks})", tuple(chunk))
                    for name, key in (
                        ("actions", "table_id"),
                        ("seats", "table_id"),
                        ("clocks", "table_id"),
                        ("tables", "id"),
                    )
                ]
            )

    # --- reads ---------------------------------------------------------------------------------
    def _table_row(self, row: tuple[Any, ...]) -> dict[str, Any]:
        keys = (
            "id",
            "game",
            "players",
            "options",
            "settings",
            "password",
            "host_seat",
            "seed",
            "started",
            "over",
            "closed",
            "created",
            "finished",
        )
        data = dict(zip(keys, row, strict=True))
        data["options"] = json.loads(data["options"])
        data["settings"] = json.loads(data["settings"])
        for flag in ("started", "over", "closed"):
            data[flag] = bool(data[flag])
        return data

    def load_open_tables(self, since: float | None = None) -> list[dict[str, Any]]:
        """Every table neither finished nor closed, and those that finished at ``since`` or later
        (seconds since the epoch), with its seats and action log."""
        rows = self._rows(
            "SELECT id, game, players, options, settings, password, host_seat, seed, started, over,"
            " closed, created, finished FROM tables WHERE closed = 0 AND (over = 0 OR finished >= ?)"
            " ORDER BY created",
            (float("inf") if since is None else since,),
        )
        return [self._with_details(self._table_row(row)) for row in rows]

    def load_table(self, table_id: str) -> dict[str, Any] | None:
        rows = self._rows(
            "SELECT id, game, players, options, settings, password, host_seat, seed, started, over,"
            " closed, created, finished FROM tables WHERE id = ?",
            (table_id,),
        )
        return self._with_details(self._table_row(rows[0])) if rows else None

    def _with_details(self, data: dict[str, Any]) -> dict[str, Any]:
        data["seats"] = [
            {"name": name, "token_hash": token, "bot": bool(bot), "ready": bool(ready)}
            for name, token, bot, ready in self._rows(
                "SELECT name, token_hash, bot, ready FROM seats WHERE table_id = ? ORDER BY seat",
                (data["id"],),
            )
        ]
        data["log"] = [
            {"seat": seat, "action": json.loads(action), "t": t}
            for seat, action, t in self._rows(
                "SELECT seat, action, t FROM actions WHERE table_id = ? ORDER BY idx", (data["id"],)
            )
        ]
        clock = self._rows("SELECT t FROM clocks WHERE table_id = ?", (data["id"],))
        data["clock"] = clock[0][0] if clock else None
        return data

    def is_open(self, table_id: str) -> bool:
        """Whether the table is stored, neither finished nor closed."""
        return bool(self._rows("SELECT 1 FROM tables WHERE id = ? AND closed = 0 AND over = 0", (table_id,)))

    def open_table_ids(self) -> list[str]:
        """The ids of the tables neither finished nor closed, oldest first."""
        return [
            row[0]
            for row in self._rows("SELECT id FROM tables WHERE closed = 0 AND over = 0 ORDER BY created")
        ]

    def seat_of_token(self, digest: str) -> tuple[str, int] | None:
        """The (table id, seat) a seat token's hash names in the database, if any."""
        rows = self._rows("SELECT table_id, seat FROM seats WHERE token_hash = ?", (digest,))
        return (rows[0][0], rows[0][1]) if rows else None

    def finished_matches(self, limit: int = 100) -> list[dict[str, Any]]:
        """Summaries of finished matches, newest first (their records are replays)."""
        rows = self._rows(
            "SELECT id, game, players, created, finished FROM tables WHERE over = 1 "
            "ORDER BY created DESC LIMIT ?",
            (limit,),
        )
        return [
            {"id": i, "game": g, "players": p, "created": c, "finished": f, "names": self.seat_names(i)}
            for i, g, p, c, f in rows
        ]

    def seat_names(self, table_id: str) -> list[str]:
        """The name at each seat of a table ("Bot N" for a bot without one)."""
        return [
            name or (f"Bot {seat + 1}" if bot else f"Seat {seat + 1}")
            for seat, name, bot in self._rows(
                "SELECT seat, name, bot FROM seats WHERE table_id = ? ORDER BY seat", (table_id,)
            )
        ]
