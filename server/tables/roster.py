"""Every table in memory, each with its runner: found by id, invite code or seat token, and let
go (a while after its game ends). The lobby and play requests reach their tables' runners through
here; the runners change the tables."""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Iterator, Mapping
from typing import Any

from soupkitchen.server.config import ServerConfig
from soupkitchen.server.metrics import Metrics
from soupkitchen.server.net.registry import Registry
from soupkitchen.server.storage.store import Store
from soupkitchen.server.tables.runner import Push, RunnerContext, TableRunner
from soupkitchen.server.tables.scheduler import Scheduler, Timer
from soupkitchen.server.tables.table import Table
from soupkitchen.shared.wire import protocol


class Tables(Mapping[str, Table]):
    """The tables in memory by id: a live, read-only view of the runners' tables."""

    def __init__(self, runners: dict[str, TableRunner]) -> None:
        self.runners = runners

    def __getitem__(self, table_id: str) -> Table:
        return self.runners[table_id].table

    def __iter__(self) -> Iterator[str]:
        return iter(self.runners)

    def __len__(self) -> int:
        return len(self.runners)


class TableRoster:
    """The tables in memory (by id) and their runners."""

    def __init__(
        self,
        registry: Registry,
        config: ServerConfig,
        scheduler: Scheduler,
        store: Store,
        metrics: Metrics,
        push: Push,
        spawn: Callable[[Awaitable[Any]], None],
        stopping: Callable[[], bool],
    ) -> None:
        self.registry = registry
        self.config = config
        self.scheduler = scheduler
        self.clock = scheduler.clock
        self.context = RunnerContext(
            config,
            scheduler,
            store,
            metrics,
            push,
            registry,
            lambda sid: sid in registry.conns,
            spawn,
            stopping,
            self.finished,
            self.drop,
            registry.present,
            registry.takes_deltas,
        )
        self.runners: dict[str, TableRunner] = {}
        self.tables = Tables(self.runners)
        self.on_drop: Callable[[Table], None] | None = None  # hears of each table forgotten
        self.lingering: dict[str, Timer] = {}  # table id -> the end of its finished game's linger

    def add(self, table: Table, creator: str | None = None) -> TableRunner:
        """Run a new or restored table (``creator``: the address that made it)."""
        runner = self.runners[table.id] = TableRunner(table, self.context)
        if creator is not None:
            self.registry.creators[table.id] = creator
        return runner

    def runner_of(self, table_id: str) -> TableRunner:
        """The runner of an open table; ProtocolError(unknown_table) otherwise."""
        runner = self.runners.get(table_id)
        if runner is None or runner.table.closed:
            raise protocol.ProtocolError(protocol.UNKNOWN_TABLE, f"there is no table {table_id!r}")
        return runner

    def seat_of(self, token: str, sid: str | None = None) -> tuple[TableRunner, int]:
        """The seat a token names; with ``sid``, only if that connection took the seat (join/resume)."""
        found = self.registry.seat_named(token)
        if found is None or found[0] not in self.runners:
            raise protocol.ProtocolError(protocol.BAD_TOKEN, "that seat token is not valid here")
        runner, seat = self.runners[found[0]], found[1]
        if sid is not None and sid not in runner.table.seats[seat].sids:
            raise protocol.ProtocolError(
                protocol.BAD_TOKEN, "this connection has not taken that seat; send resume first"
            )
        return runner, seat

    def host_of(self, token: str, sid: str) -> tuple[TableRunner, int]:
        runner, seat = self.seat_of(token, sid)
        if seat != runner.table.host_seat:
            raise protocol.ProtocolError(protocol.NOT_HOST, "only the host of the table may do that")
        return runner, seat

    # --- letting tables go ---------------------------------------------------------------------
    def drop(self, table: Table) -> None:
        """Forget a table (its rows stay in the database)."""
        runner = self.runners.get(table.id)
        if runner is not None and runner.table is table:
            runner.stop()
            del self.runners[table.id]
            linger = self.lingering.pop(table.id, None)
            if linger is not None:  # let go before its linger was over (it holds the table until then)
                linger.cancel()
        for seat in table.seats:
            if seat.token_hash is not None:
                self.registry.forget(seat.token_hash)
        self.registry.forget_table(table.id)
        if self.on_drop is not None:
            self.on_drop(table)

    def finished(self, table: Table) -> None:
        """A game ended: the table stays for ``linger`` seconds for its players to see the end."""
        self.drop_later(table, self.config.linger)
        self.forget_finished_from(self.registry.creators.get(table.id, ""))

    def drop_later(self, table: Table, delay: float) -> None:
        self.lingering[table.id] = self.scheduler.call_later(delay, self.drop, table)

    def open_tables_from(self, address: str) -> int:
        """How many open tables (neither finished nor closed) connections from ``address`` created."""
        return sum(
            1
            for table_id in self.registry.created_from(address)
            if (runner := self.runners.get(table_id)) is not None
            and not runner.table.closed
            and not runner.table.over
        )

    def forget_finished_from(self, address: str) -> None:
        """Keep in memory no more finished tables created from ``address`` than it may have open ones
        (the oldest go first; their records stay in the database)."""
        most = self.config.max_tables_per_address if address else 0
        if not most:
            return
        finished = [
            runner.table
            for table_id in self.registry.created_from(address)
            if (runner := self.runners.get(table_id)) is not None and runner.table.over
        ]
        for table in sorted(finished, key=lambda t: t.created)[: max(0, len(finished) - most)]:
            self.drop(table)

    def open_summaries(self) -> list[dict[str, Any]]:
        """The listed open tables, without their codes (only those at a table are told its code)."""
        return [
            runner.summary() | {"code": None}
            for runner in self.runners.values()
            if not runner.table.closed and not runner.table.over and runner.table.listed
        ]

    def coded(self, code: str) -> TableRunner | None:
        """The open table (neither finished nor closed) whose invite code is ``code``."""
        return next(
            (
                runner
                for runner in self.runners.values()
                if runner.table.code == code and not runner.table.closed and not runner.table.over
            ),
            None,
        )
