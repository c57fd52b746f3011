"""SQLite persistence of tables, seats and match records (WAL mode, one small transaction per change).

Every accepted action is committed here before any client hears of it. WAL with
``synchronous=NORMAL`` makes each commit durable against the server process dying (kill -9):
the write is in the operating system's hands when ``commit`` returns. Seat tokens and table
passwords are stored only as salted hashes.
"""

from __future__ import annotations

import hashlib
import json
import sqlite3
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

SCHEMA = """
CREATE TABLE IF NOT EXISTS tables (
    id TEXT PRIMARY KEY,
    game TEXT NOT NULL,
    players INTEGER NOT NULL,
    options TEXT NOT NULL,
    settings TEXT NOT NULL,
    password TEXT,
    host_seat INTEGER NOT NULL,
    seed INTEGER,
    started INTEGER NOT NULL DEFAULT 0,
    over INTEGER NOT NULL DEFAULT 0,
    closed INTEGER NOT NULL DEFAULT 0,
    created REAL NOT NULL,
    finished REAL
);
CREATE TABLE IF NOT EXISTS seats (
    table_id TEXT NOT NULL,
    seat INTEGER NOT NULL,
    name TEXT,
    token_hash TEXT,
    bot INTEGER NOT NULL DEFAULT 0,
    ready INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (table_id, seat)
);
CREATE TABLE IF NOT EXISTS actions (
    table_id TEXT NOT NULL,
    idx INTEGER NOT NULL,
    seat INTEGER,
    action TEXT NOT NULL,
    t REAL NOT NULL,
    PRIMARY KEY (table_id, idx)
);
CREATE TABLE IF NOT EXISTS clocks (
    table_id TEXT PRIMARY KEY,
    t REAL NOT NULL
);
"""


def token_hash(token: str) -> str:
    """The stored form of a seat token (tokens are random, so no salt is needed)."""
    return hashlib.sha256(token.encode()).hexdigest()


def password_hash(table_id: str, password: str) -> str:
    """The stored form of a table password, salted with the table id."""
    return hashlib.pbkdf2_hmac("sha256", password.encode(), table_id.encode(), 20_000).hex()


class Store:
    """The server's database: one connection, used from the event loop thread only."""

    def __init__(self, path: str | Path, wall_clock: Callable[[], float] = time.time) -> None:
        self.wall_clock = wall_clock  # the date a game finished is written from it
        if str(path) != ":memory:":
            Path(path).parent.mkdir(parents=True, exist_ok=True)
        self.db = sqlite3.connect(str(path), isolation_level=None, check_same_thread=False)
        self.db.execute("PRAGMA journal_mode=WAL")
        self.db.execute("PRAGMA synchronous=NORMAL")
        self.db.executescript(SCHEMA)
        self._add_missing_columns()

    def _add_missing_columns(self) -> None:
        """Bring a database made by an earlier version up to the schema (columns only ever get added)."""
        columns = {row[1] for row in self.db.execute("PRAGMA table_info(seats)")}
        if "ready" not in columns:
            self.db.execute("ALTER TABLE seats ADD COLUMN ready INTEGER NOT NULL DEFAULT 0")
        if "finished" not in {row[1] for row in self.db.execute("PRAGMA table_info(tables)")}:
            self.db.execute("ALTER TABLE tables ADD COLUMN finished REAL")

    def close(self) -> None:
        self.db.close()

    def _tx(self, statements: list[tuple[str, tuple[Any, ...]]]) -> None:
        self.db.execute("BEGIN")
        try:
            for sql, args in statements:
                self.db.execute(sql, args)
        except BaseException:
            self.db.execute("ROLLBACK")
            raise
        self.db.execute("COMMIT")

    # --- writes --------------------------------------------------------------------------------
    def save_table(self, row: dict[str, Any], seats: list[dict[str, Any]]) -> None:
        """Insert or update a table's settings and all its seats in one transaction (the date it
        finished, written with its last action, stays)."""
        statements: list[tuple[str, tuple[Any, ...]]] = [(
            "INSERT INTO tables (id, game, players, options, settings, password, host_seat,"
            " seed, started, over, closed, created) VALUES (?,?,?,?,?,?,?,?,?,?,?,?)"
            " ON CONFLICT(id) DO UPDATE SET game = excluded.game, players = excluded.players,"
            " options = excluded.options, settings = excluded.settings, password = excluded.password,"
            " host_seat = excluded.host_seat, seed = excluded.seed, started = excluded.started,"
            " over = excluded.over, closed = excluded.closed, created = excluded.created",
            (row["id"], row["game"], row["players"], json.dumps(row["options"]),
             json.dumps(row["settings"]), row["password"], row["host_seat"], row["seed"],
             int(row["started"]), int(row["over"]), int(row["closed"]), row["created"]))]
        statements.append(("DELETE FROM seats WHERE table_id = ?", (row["id"],)))
        for index, seat in enumerate(seats):
            statements.append((
                "INSERT INTO seats (table_id, seat, name, token_hash, bot, ready) VALUES (?,?,?,?,?,?)",
                (row["id"], index, seat["name"], seat["token_hash"], int(seat["bot"]), int(seat["ready"]))))
        self._tx(statements)

    def append_action(self, table_id: str, idx: int, seat: int | None, action: Any, t: float,
                      over: bool) -> None:
        """Log one applied action (and mark the match over if it ended it)."""
        statements: list[tuple[str, tuple[Any, ...]]] = [(
            "INSERT INTO actions (table_id, idx, seat, action, t) VALUES (?,?,?,?,?)",
            (table_id, idx, seat, json.dumps(action), t))]
        if over:
            statements.append(("UPDATE tables SET over = 1, finished = ? WHERE id = ?", (self.wall_clock(), table_id)))
        self._tx(statements)

    def save_clocks(self, clocks: dict[str, float]) -> None:
        """Record each table's game clock (seconds since it started), so a restart resumes the
        round with the time that was left, not the time of the last action."""
        if clocks:
            self._tx([("INSERT OR REPLACE INTO clocks (table_id, t) VALUES (?,?)", (table_id, t))
                      for table_id, t in clocks.items()])

    def purge(self, before: float) -> int:
        """Delete the games that finished, and the lobbies that closed, before the date ``before``
        (seconds since the epoch); returns how many tables went."""
        old = ("SELECT id FROM tables WHERE (over = 1 AND COALESCE(finished, created) < ?)"
               " OR (closed = 1 AND created < ?)")
        ids = [row[0] for row in self.db.execute(old, (before, before))]
        for start in range(0, len(ids), 500):
            chunk = ids[start:start + 500]
            marks = ",".join("?" * len(chunk))
            self._tx([(f"DELETE FROM {name} WHERE {key} IN ({marks})", tuple(chunk))
                      for name, key in (("actions", "table_id"), ("seats", "table_id"), ("clocks", "table_id"),
                                        ("tables", "id"))])
        return len(ids)

    # --- reads ---------------------------------------------------------------------------------
    def _table_row(self, row: tuple[Any, ...]) -> dict[str, Any]:
        keys = ("id", "game", "players", "options", "settings", "password", "host_seat", "seed",
                "started", "over", "closed", "created", "finished")
        data = dict(zip(keys, row, strict=True))
        data["options"] = json.loads(data["options"])
        data["settings"] = json.loads(data["settings"])
        for flag in ("started", "over", "closed"):
            data[flag] = bool(data[flag])
        return data

    def load_open_tables(self, since: float | None = None) -> list[dict[str, Any]]:
        """Every table neither finished nor closed, and those that finished at ``since`` or later
        (seconds since the epoch), with its seats and action log."""
        rows = self.db.execute(
            "SELECT id, game, players, options, settings, password, host_seat, seed, started, over,"
            " closed, created, finished FROM tables WHERE closed = 0 AND (over = 0 OR finished >= ?)"
            " ORDER BY created", (float("inf") if since is None else since,)).fetchall()
        return [self._with_details(self._table_row(row)) for row in rows]

    def load_table(self, table_id: str) -> dict[str, Any] | None:
        row = self.db.execute(
            "SELECT id, game, players, options, settings, password, host_seat, seed, started, over,"
            " closed, created, finished FROM tables WHERE id = ?", (table_id,)).fetchone()
        return None if row is None else self._with_details(self._table_row(row))

    def _with_details(self, data: dict[str, Any]) -> dict[str, Any]:
        data["seats"] = [
            {"name": name, "token_hash": token, "bot": bool(bot), "ready": bool(ready)}
            for name, token, bot, ready in self.db.execute(
                "SELECT name, token_hash, bot, ready FROM seats WHERE table_id = ? ORDER BY seat", (data["id"],))]
        data["log"] = [
            {"seat": seat, "action": json.loads(action), "t": t}
            for seat, action, t in self.db.execute(
                "SELECT seat, action, t FROM actions WHERE table_id = ? ORDER BY idx", (data["id"],))]
        clock = self.db.execute("SELECT t FROM clocks WHERE table_id = ?", (data["id"],)).fetchone()
        data["clock"] = None if clock is None else clock[0]
        return data

    def finished_matches(self, limit: int = 100) -> list[dict[str, Any]]:
        """Summaries of finished matches, newest first (their records are replays)."""
        rows = self.db.execute(
            "SELECT id, game, players, created, finished FROM tables WHERE over = 1 ORDER BY created DESC LIMIT ?",
            (limit,)).fetchall()
        return [{"id": i, "game": g, "players": p, "created": c, "finished": f, "names": self.seat_names(i)}
                for i, g, p, c, f in rows]

    def seat_names(self, table_id: str) -> list[str]:
        """The name at each seat of a table ("Bot N" for a bot without one)."""
        return [name or (f"Bot {seat + 1}" if bot else f"Seat {seat + 1}") for seat, name, bot in self.db.execute(
            "SELECT seat, name, bot FROM seats WHERE table_id = ? ORDER BY seat", (table_id,))]
