"""The hub: connections, seat tokens and every table; the connection-level requests (hello,
time_sync, list_tables), disconnects, and restoring the open tables after a restart.

Handlers take a socket id and a typed request (``shared.wire.protocol``), change tables, and return
the acknowledgement; they raise ProtocolError for anything refused, leaving every table as it was.
The lobby requests (seats, host powers, ready, start) live in :class:`server.lobby.Lobby` and
playing (actions, the clock, bots, broadcasts) in :class:`server.play.Play`, both mixed in here.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
import time
from collections.abc import Awaitable, Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any

from soupkitchen.server.config import ServerConfig
from soupkitchen.server.games import available_games, load_game
from soupkitchen.server.lobby import Lobby, PasswordTries
from soupkitchen.server.metrics import Metrics
from soupkitchen.server.play import Play
from soupkitchen.server.push import Pusher
from soupkitchen.server.store import Store, token_hash
from soupkitchen.server.table import Table
from soupkitchen.shared.wire import protocol as p

log = logging.getLogger(__name__)
Emit = Callable[..., Awaitable[None]]
DAY = 86_400.0


@dataclass
class Bucket:
    """A token bucket: ``rate`` requests per second, ``burst`` at once."""

    allowance: float
    checked: float

    def refill(self, now: float, rate: float, burst: float) -> float:
        """The requests allowed at ``now``."""
        self.allowance = min(burst, self.allowance + (now - self.checked) * rate)
        self.checked = now
        return self.allowance


@dataclass
class Connection:
    """One socket.io connection: where it comes from, whether it said hello, the seats it holds and
    the tables it watches."""

    address: str = ""  # the remote address (per-address limits)
    session: str = ""  # the Engine.IO session it runs over
    hello: bool = False
    tokens: set[str] = field(default_factory=set)  # token hashes
    watching: set[str] = field(default_factory=set)  # table ids
    bucket: Bucket = field(default_factory=lambda: Bucket(0.0, 0.0))


class Hub(Lobby, Play):
    def __init__(self, config: ServerConfig, emit: Emit, clock: Callable[[], float] = time.monotonic,
                 pusher: Pusher | None = None, wall_clock: Callable[[], float] = time.time) -> None:
        self.config = config
        self.emit = emit
        self.pusher = pusher
        self.clock = clock
        self.wall_clock = wall_clock  # dates in the database: when a game finished, retention
        self.store = Store(config.db_path, wall_clock)
        self.server_id = config.server_id or secrets.token_hex(4)
        self.tables: dict[str, Table] = {}
        self.tokens: dict[str, tuple[str, int]] = {}  # token hash -> (table id, seat)
        self.conns: dict[str, Connection] = {}
        self.creators: dict[str, str] = {}  # table id -> remote address that created it
        self.address_buckets: dict[str, Bucket] = {}  # remote address -> its requests' token bucket
        self.stopping = False  # set while the server shuts down: its disconnects are not players leaving
        self.metrics = Metrics(clock)
        self.tasks: set[asyncio.Task[Any]] = set()
        self.password_tries: dict[tuple[str, str], PasswordTries] = {}  # (address, table id) -> failures
        self.hasher = ThreadPoolExecutor(max_workers=1, thread_name_prefix="password")  # one core at most
        self.purger: asyncio.TimerHandle | None = None
        # whether a connection has stopped reading its pushes (the application closes it then)
        self.lagging: Callable[[str], bool] = lambda sid: False

    def stop(self) -> None:
        """Stop every timer, task and password check (the database stays open)."""
        for table in self.tables.values():
            for timer in (table.timer, table.idle_timer):
                if timer is not None:
                    timer.cancel()
        if self.purger is not None:
            self.purger.cancel()
        for task in list(self.tasks):
            task.cancel()
        self.hasher.shutdown(wait=False, cancel_futures=True)

    # --- plumbing ------------------------------------------------------------------------------
    def spawn(self, coro: Awaitable[Any]) -> None:
        task = asyncio.ensure_future(coro)
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)

    def connect(self, sid: str, address: str = "", session: str = "") -> None:
        """Admit a connection from remote ``address`` (over Engine.IO ``session``); ProtocolError(limit)
        if that address already holds as many connections as it may."""
        most = self.config.max_connections_per_address
        if most and sum(conn.address == address for conn in self.conns.values()) >= most:
            raise p.ProtocolError(p.LIMIT, f"this computer ({address}) already has {most} connections to "
                                           "the server; close one and try again")
        self.conns[sid] = Connection(address=address, session=session,
                                     bucket=Bucket(self.config.burst, self.clock()))

    def open_tables_from(self, address: str) -> int:
        """How many open tables (neither finished nor closed) connections from ``address`` created."""
        return sum(1 for table_id, creator in self.creators.items() if creator == address
                   and (table := self.tables.get(table_id)) is not None
                   and not table.closed and not table.over)

    def allow(self, sid: str) -> bool:
        """One request more from this connection, within its own rate and its address's (all the
        address's connections together)."""
        conn = self.conns.get(sid)
        if conn is None:
            return False
        now, config = self.clock(), self.config
        if conn.bucket.refill(now, config.rate, config.burst) < 1:
            return False
        if config.address_rate > 0:
            # an address may always go as fast as one connection may
            rate, burst = max(config.address_rate, config.rate), max(config.address_burst, config.burst)
            if len(self.address_buckets) > 2 * len(self.conns) + 64:  # a full bucket is as good as a new one
                self.address_buckets = {a: b for a, b in self.address_buckets.items()
                                        if b.refill(now, rate, burst) < burst}
            shared = self.address_buckets.setdefault(conn.address, Bucket(burst, now))
            if shared.refill(now, rate, burst) < 1:
                return False
            shared.allowance -= 1
        conn.bucket.allowance -= 1
        return True

    def seat_of(self, token: str, sid: str | None = None) -> tuple[Table, int]:
        """The seat a token names; with ``sid``, only if that connection took the seat (join/resume)."""
        digest = token_hash(token)
        found = self.tokens.get(digest)
        if found is None or found[0] not in self.tables:
            raise p.ProtocolError(p.BAD_TOKEN, "that seat token is not valid here")
        if sid is not None and digest not in self.conns[sid].tokens:
            raise p.ProtocolError(p.BAD_TOKEN, "this connection has not taken that seat; send resume first")
        return self.tables[found[0]], found[1]

    def table_of(self, table_id: str) -> Table:
        table = self.tables.get(table_id)
        if table is None or table.closed:
            raise p.ProtocolError(p.UNKNOWN_TABLE, f"there is no table {table_id!r}")
        return table

    def attach(self, sid: str, table: Table, seat: int) -> None:
        conn = self.conns.get(sid)
        holder = table.seats[seat]
        if conn is None or holder.token_hash is None:
            return
        conn.tokens.add(holder.token_hash)
        holder.sids.add(sid)
        holder.away_since = None
        self.watch_lobby(table)

    def push_to(self, sids: list[str], event: str, data: Any) -> None:
        """Queue one push for several connections, in order with every other push and ack."""
        if self.pusher is None:
            for sid in sids:
                self.spawn(self.emit(event, data, to=sid))
            return
        encoded = self.pusher.encode(event, data)
        for sid in sids:
            if not self.lagging(sid):
                self.pusher.send(sid, encoded)

    def lobby_changed(self, table: Table) -> None:
        self.push_to(self.audience(table), "lobby", {"table": table.summary()})

    def audience(self, table: Table) -> list[str]:
        sids = {sid for seat in table.seats for sid in seat.sids} | table.spectators
        return sorted(sids)

    def forget_tokens(self, table: Table, seat: int) -> None:
        holder = table.seats[seat]
        if holder.token_hash is None:
            return
        self.tokens.pop(holder.token_hash, None)
        for sid in holder.sids:
            conn = self.conns.get(sid)
            if conn is not None:
                conn.tokens.discard(holder.token_hash)

    # --- requests ------------------------------------------------------------------------------
    async def hello(self, sid: str, req: p.Hello) -> dict[str, Any]:
        if req.protocol != p.PROTOCOL_VERSION:
            raise p.ProtocolError(p.VERSION, f"this server speaks protocol {p.PROTOCOL_VERSION}, "
                                             f"the client speaks {req.protocol}: please update")
        self.conns[sid].hello = True
        return {"ok": True, "protocol": p.PROTOCOL_VERSION, "server_id": self.server_id,
                "games": available_games(), "server_time": self.clock()}

    async def time_sync(self, sid: str, req: p.TimeSync) -> dict[str, Any]:
        return {"ok": True, "client_time": req.client_time, "server_time": self.clock()}

    async def list_tables(self, sid: str, req: p.ListTables) -> dict[str, Any]:
        return {"ok": True, "tables": [t.summary() for t in self.tables.values()
                                       if not t.closed and not t.over]}

    def drop_table(self, table: Table) -> None:
        """Forget a closed table (its rows stay in the database)."""
        for timer in (table.timer, table.idle_timer):
            if timer is not None:
                timer.cancel()
        for seat in range(table.players):
            self.forget_tokens(table, seat)
        self.tables.pop(table.id, None)
        self.creators.pop(table.id, None)
        for key in [key for key in self.password_tries if key[1] == table.id]:
            del self.password_tries[key]

    # --- connections coming and going ----------------------------------------------------------
    async def disconnect(self, sid: str) -> None:
        conn = self.conns.pop(sid, None)
        if conn is None:
            return
        for table_id in conn.watching:
            table = self.tables.get(table_id)
            if table is not None:
                table.spectators.discard(sid)
        for digest in conn.tokens:
            found = self.tokens.get(digest)
            if found is None or found[0] not in self.tables:
                continue
            table, seat = self.tables[found[0]], found[1]
            holder = table.seats[seat]
            holder.sids.discard(sid)
            if not holder.sids:
                holder.stop_holding(self.clock())
                if holder.ready and not table.started and not self.stopping:  # must say it again on resume
                    holder.ready = False
                    table.save()
                self.seat_away(table, seat, self.clock())
                self.clock_changed(table)  # its hold ended: the clock may run again, towards its deadline
                self.watch_lobby(table)
            self.lobby_changed(table)

    # --- restore -------------------------------------------------------------------------------
    def purge(self) -> int:
        """Delete finished games and closed lobbies older than ``keep_days`` from the database, and
        do it again a day later; returns how many went."""
        gone = 0
        if self.config.keep_days > 0:
            gone = self.store.purge(self.wall_clock() - self.config.keep_days * DAY)
            if gone:
                log.info("deleted %d finished or closed tables older than %g days", gone, self.config.keep_days)
            self.purger = asyncio.get_running_loop().call_later(DAY, self.purge)
        return gone

    def restore(self) -> int:
        """Rebuild every open table from the database, and every game that finished less than
        ``linger`` seconds ago (for its players to see the end); returns how many."""
        self.purge()
        now = self.clock()
        for row in self.store.load_open_tables(since=self.wall_clock() - self.config.linger):
            try:
                game = load_game(row["game"])
            except KeyError:
                continue
            try:
                table = Table.from_row(self.store, game, row, now)
            except Exception:  # the rules changed under a stored match: keep the rest serving
                log.exception("table %s (%s) could not be restored", row["id"], row["game"])
                continue
            self.tables[table.id] = table
            for index, seat in enumerate(table.seats):
                if seat.human:
                    self.tokens[seat.token_hash or ""] = (table.id, index)
                    self.seat_away(table, index, now)
            self.reschedule(table)
            self.watch_lobby(table)  # a lobby nobody comes back to closes lobby_idle after the restart
            if table.over:
                left = self.config.linger - (self.wall_clock() - (row["finished"] or 0.0))
                asyncio.get_running_loop().call_later(max(0.0, left), self.drop_table, table)
        return len(self.tables)
