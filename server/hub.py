"""The hub: the server's parts put together, the table of socket events and their handlers, the
connection-level requests (hello, time_sync, list_tables, watch_tables), disconnects, the clock's records and
restoring the open tables after a restart.

Handlers take a socket id and a typed request (``shared.wire.protocol``), change tables, and return
the acknowledgement; they raise ProtocolError for anything refused, leaving every table as it was.
The parts: who is connected (:class:`server.net.registry.Registry`), the tables and their runners
(:class:`server.tables.roster.TableRoster`, :class:`server.tables.runner.TableRunner`), and the lobby's and
play's requests (:class:`server.tables.lobby.Lobby`, :class:`server.tables.play.PlayRequests`).
"""

from __future__ import annotations

import asyncio
import logging
import secrets
import time
from collections.abc import Awaitable, Callable, Mapping
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any, Protocol

from soupkitchen.server.config import ServerConfig
from soupkitchen.server.footprint import Footprints
from soupkitchen.server.metrics import Metrics
from soupkitchen.server.net.outbox import Outbox
from soupkitchen.server.net.registry import Connection, Registry
from soupkitchen.server.net.transport import Transport
from soupkitchen.server.storage.store import Store, StoreError
from soupkitchen.server.tables.games import available_games, load_game
from soupkitchen.server.tables.lobby import ListWatch, Lobby
from soupkitchen.server.tables.play import PlayRequests
from soupkitchen.server.tables.roster import TableRoster
from soupkitchen.server.tables.runner import TableRunner
from soupkitchen.server.tables.scheduler import LoopScheduler, Scheduler, Timer
from soupkitchen.server.tables.table import Table
from soupkitchen.shared.wire import protocol

log = logging.getLogger(__name__)
Handler = Callable[[str, Any], Awaitable[Any]]  # a socket id and a typed request -> its reply (REPLIES)


class ClusterNode(Protocol):
    """What the hub and its servers ask of the cluster node it serves as (``server.cluster.cluster.Node``)."""

    where: str

    def addresses(self) -> list[str]: ...

    async def others_open(self) -> list[dict[str, Any]]: ...

    async def asked(self, question: Any) -> Any: ...

    def snapshot(self) -> dict[str, Any]: ...

    def dropped(self, table: Table) -> None: ...

    def lost(self, table_id: str, answer_first: bool = False) -> None: ...

    def unstored(self, table_id: str) -> None: ...

    def stop(self) -> None: ...

    async def close(self) -> None: ...


DAY = 86_400.0
CLOCK_HEARTBEAT = 1.0  # seconds between two records of the running rounds' clocks


class Hub:
    """The server: its parts, and the one table of the socket events it answers (``events``)."""

    def __init__(
        self,
        config: ServerConfig,
        scheduler: Scheduler | None = None,
        wall_clock: Callable[[], float] = time.time,
    ) -> None:
        self.config = config
        self.scheduler: Scheduler = scheduler if scheduler is not None else LoopScheduler()
        self.clock = clock = self.scheduler.clock
        self.wall_clock = wall_clock  # dates in the database: when a game finished, retention
        self.transport: Transport | None = None
        self.store = open_store(config.db_path, config.postgres, wall_clock)
        self.server_id = config.server_id or secrets.token_hex(4)
        self.stopping = False  # set while the server shuts down: its disconnects are not players leaving
        self.metrics = Metrics(clock)
        self.tasks: set[asyncio.Task[Any]] = set()
        self.hasher = ThreadPoolExecutor(max_workers=1, thread_name_prefix="password")  # one core at most
        self.purger: Timer | None = None
        # whether a connection has stopped reading its pushes (the application closes it then)
        self.lagging: Callable[[str], bool] = lambda sid: False
        self.close_connection: Callable[[str], None] = lambda sid: None  # set by the application
        # pushes wait for the changes they tell of to be stored (a store that writes behind)
        self.outbox = Outbox(self.send)
        self.store.on_batch, self.store.on_unstored = self.outbox.release, self.unstored
        self.registry = Registry(config, clock)
        self.roster = TableRoster(
            self.registry,
            config,
            self.scheduler,
            self.store,
            self.metrics,
            self.push_to,
            self.spawn,
            lambda: self.stopping,
        )
        self.roster.on_drop = self.dropped
        # what a table costs in memory (GET /metrics): the server's parts it refers to are not its own
        self.footprints = Footprints(
            [
                self,
                self.roster.context,
                config,
                self.scheduler,
                self.store,
                self.metrics,
                self.registry,
                self.outbox,
            ]
        )
        # the connections watching the list of open tables, told when it changes: when a table opens,
        # changes its lobby (every ``lobby`` push), starts, finishes, closes or is let go
        self.watch = ListWatch()
        self.lobby = Lobby(self.roster, self.hasher)
        self.lobby.opened = self.watch.changed
        self.play = PlayRequests(self.roster)
        # The socket events the server answers, and only these (``server.net.guard`` refuses the rest).
        self.events: dict[str, Handler] = {
            "hello": self.hello,
            "time_sync": self.time_sync,
            "list_tables": self.list_tables,
            "watch_tables": self.watch_tables,
            "create_table": self.lobby.create_table,
            "join_table": self.lobby.join_table,
            "find_table": self.lobby.find_table,
            "resume": self.lobby.resume,
            "spectate": self.lobby.spectate,
            "leave": self.lobby.leave,
            "add_bot": self.lobby.add_bot,
            "remove_bot": self.lobby.remove_bot,
            "kick": self.lobby.kick,
            "set_options": self.lobby.set_options,
            "ready": self.lobby.ready,
            "start": self.lobby.start,
            "emote": self.lobby.emote,
            "act": self.play.act,
            "hold": self.play.hold,
            "resync": self.play.resync,
        }
        self.node: ClusterNode | None = None  # set by server.cluster.serve_as_node when this is a node

    def speak_through(self, transport: Transport) -> None:
        """Send pushes through ``transport`` (in order with every ack)."""
        self.transport = transport

    def stop(self) -> None:
        """Stop every timer, task and password check (the database stays open)."""
        self.watch.stop()
        for runner in self.roster.runners.values():
            runner.stop()
        if self.purger is not None:
            self.purger.cancel()
        for task in list(self.tasks):
            task.cancel()
        self.hasher.shutdown(wait=False, cancel_futures=True)

    # --- what the parts hold, by the names the application and the tests use ----------------------
    @property
    def tables(self) -> Mapping[str, Table]:
        """The tables in memory, by id."""
        return self.roster.tables

    @property
    def conns(self) -> dict[str, Connection]:
        return self.registry.conns

    @property
    def tokens(self) -> dict[str, tuple[str, int]]:
        """Seat token hash -> (table id, seat)."""
        return self.registry.tokens

    def connect(self, sid: str, address: str = "", session: str = "") -> None:
        self.registry.connect(sid, address, session)

    def allow(self, sid: str) -> bool:
        return self.registry.allow(sid)

    def reschedule(self, table: Table) -> None:
        """Look at the table's deadlines and bots again (after moving the clock by hand)."""
        runner = self.roster.runners.get(table.id)
        if runner is not None and runner.table is table:
            runner.reschedule()

    def expire_lobby(self, table: Table) -> bool:
        """Close the lobby if it has been abandoned for ``lobby_idle`` seconds; True if it closed."""
        runner = self.roster.runners.get(table.id)
        return runner is not None and runner.table is table and runner.absence.expire_lobby()

    def stands_in(self, table: Table, seat: int) -> bool:
        """Whether a bot plays the seat of a player who went away (until they come back)."""
        runner = self.roster.runners.get(table.id)
        return runner is not None and runner.table is table and runner.players.stands_in(seat)

    def grace_for(self, table: Table) -> float:
        """Seconds a seat whose player went away waits for them before a bot stands in."""
        return self.roster.runners[table.id].absence.grace()

    # --- plumbing ------------------------------------------------------------------------------
    def spawn(self, coro: Awaitable[Any]) -> None:
        task = asyncio.ensure_future(coro)
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)

    def push_to(self, sids: list[str], event: str, data: Any, table: str | None = None) -> None:
        """Queue one push (about ``table``) for several connections, in order with every other push
        and ack, once the changes made before it are stored."""
        if self.transport is None:
            return
        if event == "lobby":  # a table's lobby changed: so may the list of open tables
            self.watch.changed(data["table"]["id"])
        handed = self.store.issued
        self.outbox.push(
            sids,
            self.transport.encode(event, data),
            table,
            handed if table is None else self.store.issued_for(table),
            handed,
        )

    def send(self, sids: list[str], encoded: Any) -> None:
        """Hand an encoded push to each connection that still reads its pushes."""
        if self.transport is None:
            return
        for sid in sids:
            if not self.lagging(sid):
                self.transport.send(sid, encoded)

    def unstored(self, table_id: str, taken: bool) -> None:
        """A change of the table could not be stored: nobody hears of it, and a node lets the table
        go: another node played it on (``taken``), or it is rebuilt here from what was stored, as
        after a crash, once the database can be read."""
        self.outbox.let_go(table_id, self.store.issued)
        if self.node is None:
            return
        if taken:
            self.node.lost(table_id, answer_first=True)
        else:
            self.node.unstored(table_id)

    # --- requests ------------------------------------------------------------------------------
    async def hello(self, sid: str, req: protocol.Hello) -> protocol.HelloReply:
        if req.protocol != protocol.PROTOCOL_VERSION:
            raise protocol.ProtocolError(
                protocol.VERSION,
                f"this server speaks protocol {protocol.PROTOCOL_VERSION}, "
                f"the client speaks {req.protocol}: please update",
            )
        conn = self.conns[sid]
        conn.hello, conn.deltas = True, req.deltas
        answer: protocol.HelloReply = {
            "ok": True,
            "protocol": protocol.PROTOCOL_VERSION,
            "server_id": self.server_id,
            "games": available_games(),
            "server_time": self.clock(),
            "deltas": req.deltas,
        }
        if self.node is not None:  # where a client may come back if this node goes
            answer["nodes"] = self.node.addresses()
        return answer

    async def time_sync(self, sid: str, req: protocol.TimeSync) -> protocol.TimeSyncReply:
        return {"ok": True, "client_time": req.client_time, "server_time": self.clock()}

    async def list_tables(self, sid: str, req: protocol.ListTables) -> protocol.TablesReply:
        tables = self.roster.open_summaries()
        if self.node is not None:
            tables += [
                summary | {"code": None}
                for summary in await self.node.asked(self.node.others_open())
                if summary.get("settings", {}).get("listed", True)
            ]
        return {"ok": True, "tables": tables}

    async def watch_tables(self, sid: str, req: protocol.WatchTables) -> protocol.WatchReply:
        """Start (or stop) pushing ``tables_changed`` to this connection whenever the list of open
        tables changes, on any node of a cluster; a disconnect stops it too."""
        await self.watch.watch(sid, req.on)
        return {"ok": True, "watching": req.on}

    def dropped(self, table: Table) -> None:
        """The roster forgot a table: it leaves the list, and a cluster's node gives its lease up."""
        self.watch.changed(table.id)
        if self.node is not None:
            self.node.dropped(table)

    # --- connections going ---------------------------------------------------------------------
    async def disconnect(self, sid: str) -> None:
        conn = self.conns.pop(sid, None)
        if conn is None:
            return
        for table_id in conn.tables:  # only the tables it was at: a crowd leaving costs no more than its size
            runner = self.roster.runners.get(table_id)
            if runner is not None:
                runner.disconnect(sid)

    # --- the clock's heartbeat -----------------------------------------------------------------
    async def record_clocks_every(self, period: float = CLOCK_HEARTBEAT) -> None:
        """Record the running rounds' clocks every ``period`` seconds, so a crash loses at most
        that much of a round's time."""
        while True:
            await asyncio.sleep(period)
            self.record_clocks()

    def record_clocks(self) -> None:
        """Write each running round's game clock to the store (those that moved since the last time)."""
        mono = self.clock()
        clocks = {}
        for runner in self.roster.runners.values():
            now = runner.clock_to_record(mono)
            if now is not None:
                clocks[runner.table.id] = now
                runner.clock_recorded(now)
        try:
            self.store.save_clocks(clocks)
        except StoreError:  # the store has said why, once
            pass
        except Exception:  # a failed record costs at most a restart's accuracy, never the table
            log.exception("could not record the tables' clocks")

    # --- restore -------------------------------------------------------------------------------
    def purge(self) -> int:
        """Delete finished games and closed lobbies older than ``keep_days`` from the database (at
        the start), and again each day after; returns how many went."""
        gone = 0
        if self.config.keep_days > 0:
            self.purger = self.scheduler.call_later(DAY, self.purge_again)
            try:
                gone = self.store.purge(self.wall_clock() - self.config.keep_days * DAY)
            except StoreError:  # the store has said why; the next day tries again
                return 0
            self.purged(gone)
        return gone

    def purge_again(self) -> None:
        """The day's purge, its read made without holding the event loop up for the database."""
        self.purger = self.scheduler.call_later(DAY, self.purge_again)

        async def purge(before: float) -> None:
            try:
                ids = await self.store.read(Store.purgeable, before)
                self.store.forget_tables(ids)
            except StoreError:  # the store has said why; the next day tries again
                return
            self.purged(len(ids))

        self.spawn(purge(self.wall_clock() - self.config.keep_days * DAY))

    def purged(self, gone: int) -> None:
        if gone:
            log.info("deleted %d finished or closed tables older than %g days", gone, self.config.keep_days)

    def restore(self) -> int:
        """Rebuild every open table from the database, and every game that finished less than
        ``linger`` seconds ago (for its players to see the end); returns how many."""
        self.purge()
        for row in self.store.load_open_tables(since=self.wall_clock() - self.config.linger):
            self.restore_row(row)
        return len(self.roster.runners)

    def restore_row(self, row: dict[str, Any]) -> TableRunner | None:
        """Rebuild one stored table (its match replayed from its log) and serve it; None if its
        game is not here or its match cannot be replayed."""
        try:
            game = load_game(row["game"])
        except KeyError:
            return None
        try:
            table = Table.from_row(game, row, self.clock())
        except Exception:  # the rules changed under a stored match: keep the rest serving
            log.exception("table %s (%s) could not be restored", row["id"], row["game"])
            return None
        runner = self.roster.add(table)
        runner.restored()
        self.watch.changed(table.id)  # a table taken over from a node gone is listed again
        if table.over:
            left = self.config.linger - (self.wall_clock() - (row["finished"] or 0.0))
            self.roster.drop_later(table, max(0.0, left))
        return runner


def open_store(db_path: str | Path, postgres: str | None, wall_clock: Callable[[], float]) -> Store:
    """The server's store: in the PostgreSQL database ``postgres`` if given, else SQLite at ``db_path``."""
    if postgres is None:
        return Store(db_path, wall_clock)
    try:
        from soupkitchen.server.storage.store_pg import PostgresStore
    except ImportError:
        raise StoreError(
            protocol.STORAGE_FAILED,
            "keeping the tables in PostgreSQL needs psycopg: pip install 'soupkitchen[cluster]'",
        ) from None
    return PostgresStore(postgres, wall_clock)
