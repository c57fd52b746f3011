"""The clock's holds at one table (a seat holds the clock during couch hand-off): who may hold it
and for how long this round, and the timers that end a limited hold. Part of a table's runner
(``server.tables.runner``), which re-derives the pause and tells everyone."""

from __future__ import annotations

from collections.abc import Callable

from soupkitchen.server.config import ServerConfig
from soupkitchen.server.tables.scheduler import Scheduler, Timer
from soupkitchen.server.tables.table import Table
from soupkitchen.shared.wire import protocol


class Holds:
    """The holds of one table's seats and the ends of the limited ones."""

    def __init__(
        self, table: Table, config: ServerConfig, scheduler: Scheduler, ran_out: Callable[[int], None]
    ) -> None:
        self.table = table
        self.config = config
        self.scheduler = scheduler
        self.ran_out = ran_out  # a limited hold has lasted as long as it may
        self.timers: dict[int, Timer] = {}  # seat -> the end of its limited hold

    def cancel(self) -> None:
        for timer in self.timers.values():
            timer.cancel()

    def start(self, seat: int, sid: str) -> None:
        """Seat ``seat`` (asked over connection ``sid``) holds the clock; ProtocolError(limit) if
        its allowance for this round is spent."""
        if self.table.seats[seat].holding:
            return
        now = self.scheduler.clock()
        left = self.left(seat, sid, now)
        self.table.start_holding(seat, now)
        if left != float("inf"):
            self.timers[seat] = self.scheduler.call_later(left, self.ran_out, seat)

    def stop(self, seat: int) -> None:
        """End the seat's hold (and its limit's timer)."""
        timer = self.timers.pop(seat, None)
        if timer is not None:
            timer.cancel()
        self.table.stop_holding(seat, self.scheduler.clock())

    def end_by_host(self, host: int, target: int) -> None:
        """The host ends another seat's hold; that seat, and every seat sharing a connection with it,
        may not hold again this round."""
        table = self.table
        held = table.seats[target]
        if not held.holding:
            return
        self.stop(target)
        for other in table.seats:
            if other is held or (other.sids & held.sids and other is not table.seats[host]):
                other.held.in_round(table.deadline(), self.scheduler.clock())
                other.held.barred = True

    def left(self, seat: int, sid: str, now: float) -> float:
        """Seconds the seat may hold the clock now: what is left of the table's allowance for every
        hold together this round, and for a lone seat also of its own; ProtocolError(limit) if none."""
        table, config = self.table, self.config
        holder, deadline = table.seats[seat], table.deadline()
        own = holder.held.in_round(deadline, now)
        if holder.held.barred:
            raise protocol.ProtocolError(
                protocol.LIMIT, "the host ended your hold; you may hold the clock again next round"
            )
        everyone = config.table_hold_limit or float("inf")
        spent = table.held.in_round(deadline, now)
        if spent >= everyone:
            raise protocol.ProtocolError(
                protocol.LIMIT,
                f"the clock has been held for {everyone:g} s this round "
                "already; it runs until the next round",
            )
        left = config.hold_limit - own if self.limited(seat, sid) else float("inf")
        if left <= 0:
            raise protocol.ProtocolError(
                protocol.LIMIT, f"you have held the clock for {config.hold_limit:g} s this round already"
            )
        return min(everyone - spent, left)

    def limited(self, seat: int, sid: str) -> bool:
        """A seat that is neither the host's nor on a shared screen (a connection holding several
        seats of the table) has an allowance of its own, ``hold_limit`` seconds a round."""
        table = self.table
        return seat != table.host_seat and sum(sid in s.sids for s in table.seats) < 2
