"""Playing at a table: actions and the clock's holds. The table's runner (``server.runner``)
stores each action, pushes the new views and plays the bots and the timeouts."""

from __future__ import annotations

from typing import Any

from soupkitchen.server.floor import Floor
from soupkitchen.server.runner import TableRunner
from soupkitchen.server.table import Table
from soupkitchen.shared.core import RuleError, is_moment_action
from soupkitchen.shared.wire import protocol


class Play:
    """The play requests, on the tables of a :class:`server.floor.Floor`."""

    def __init__(self, floor: Floor) -> None:
        self.floor = floor
        self.config = floor.config
        self.clock = floor.clock
        self.metrics = floor.services.metrics

    async def act(self, sid: str, req: protocol.Act) -> dict[str, Any]:
        received = self.clock()
        runner, seat = self.floor.seat_of(req.token, sid)
        table = runner.table
        if not table.started:
            raise protocol.ProtocolError(protocol.NOT_STARTED, "the game at this table has not started yet")
        runner.fire_timeouts()
        # An action that names its own moment is the rules' to judge on the newest state.
        if req.state_id != table.state_id and not is_moment_action(getattr(table.game, "facts", None), req.action):
            raise protocol.ProtocolError(protocol.STALE_STATE, f"the table has moved on to state {table.state_id}; "
                                                 f"your action was for state {req.state_id}")
        applying = self.clock()
        try:
            runner.apply(seat, req.action, table.game_now(applying))
        except RuleError as err:
            raise protocol.ProtocolError(protocol.ILLEGAL, str(err) or "that move is not allowed now") from None
        broadcasting = self.clock()
        self.metrics.stage("apply_and_store", broadcasting - applying)
        runner.after_action(actor=seat)
        self.metrics.stage("broadcast", self.clock() - broadcasting)
        self.metrics.action(self.clock() - received)
        return {"ok": True, "state_id": table.state_id}

    async def hold(self, sid: str, req: protocol.Hold) -> dict[str, Any]:
        runner, seat = self.floor.seat_of(req.token, sid)
        table = runner.table
        if req.seat is not None and req.seat != seat:
            self.end_hold_of(runner, seat, req)
        elif not req.on:
            runner.stop_holding(seat)
        elif not table.seats[seat].holding:
            now = self.clock()
            left = self.hold_left(table, seat, sid, now)
            table.start_holding(seat, now)
            runner.limit_hold(seat, left)
        runner.fire_timeouts()
        runner.clock_changed()
        runner.lobby_changed()
        return {"ok": True, "paused": table.paused_at is not None}

    def hold_left(self, table: Table, seat: int, sid: str, now: float) -> float:
        """Seconds the seat may hold the clock now: what is left of the table's allowance for every
        hold together this round, and for a lone seat also of its own; ProtocolError(limit) if none."""
        holder, deadline, config = table.seats[seat], table.deadline(), self.config
        own = holder.held.in_round(deadline, now)
        if holder.held.barred:
            raise protocol.ProtocolError(protocol.LIMIT, "the host ended your hold; you may hold the clock again "
                                                         "next round")
        everyone = config.table_hold_limit or float("inf")
        spent = table.held.in_round(deadline, now)
        if spent >= everyone:
            raise protocol.ProtocolError(protocol.LIMIT, f"the clock has been held for {everyone:g} s this round "
                                                         "already; it runs until the next round")
        left = config.hold_limit - own if self.hold_is_limited(table, seat, sid) else float("inf")
        if left <= 0:
            raise protocol.ProtocolError(protocol.LIMIT, f"you have held the clock for {config.hold_limit:g} s this "
                                                         "round already")
        return min(everyone - spent, left)

    def end_hold_of(self, runner: TableRunner, host: int, req: protocol.Hold) -> None:
        """The host ends another seat's hold; that seat, and every seat sharing a connection with it,
        may not hold again this round."""
        table = runner.table
        if host != table.host_seat:
            raise protocol.ProtocolError(protocol.NOT_HOST, "only the host may end another player's hold")
        if req.on:
            raise protocol.ProtocolError(protocol.BAD_REQUEST, "hold: a player holds the clock for their own seat only")
        assert req.seat is not None
        if req.seat >= table.players:
            raise protocol.ProtocolError(protocol.BAD_REQUEST, f"hold: this table has seats 0-{table.players - 1}")
        target = table.seats[req.seat]
        if not target.holding:
            return
        runner.stop_holding(req.seat)
        for other in table.seats:
            if other is target or (other.sids & target.sids and other is not table.seats[host]):
                other.held.in_round(table.deadline(), self.clock())
                other.held.barred = True

    @staticmethod
    def hold_is_limited(table: Table, seat: int, sid: str) -> bool:
        """A seat that is neither the host's nor on a shared screen (a connection holding several
        seats of the table) has an allowance of its own, ``hold_limit`` seconds a round."""
        return seat != table.host_seat and sum(sid in s.sids for s in table.seats) < 2
