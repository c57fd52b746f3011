"""Playing at a table: actions and the clock's holds. The table's runner (``server.runner``)
stores each action, pushes the new views and plays the bots and the timeouts."""

from __future__ import annotations

from typing import Any

from soupkitchen.server.floor import Floor
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
        holder, now = table.seats[seat], self.clock()
        if not req.on:
            runner.stop_holding(seat)
        elif not holder.holding and self.hold_is_limited(table, seat, sid):
            if holder.held_round != table.deadline():  # a new round: a new allowance
                holder.held, holder.held_round = 0.0, table.deadline()
            left = self.config.hold_limit - holder.held
            if left <= 0:
                raise protocol.ProtocolError(protocol.LIMIT, f"you have held the clock for {self.config.hold_limit:g} s this "
                                               "round already")
            holder.hold_since = now
            runner.limit_hold(seat, left)
        holder.holding = req.on
        runner.fire_timeouts()
        runner.clock_changed()
        runner.lobby_changed()
        return {"ok": True, "paused": table.paused_at is not None}

    @staticmethod
    def hold_is_limited(table: Table, seat: int, sid: str) -> bool:
        """Holds are for the host and for a shared screen (a connection holding several seats of the
        table); anyone else's is limited to ``hold_limit`` seconds a round."""
        return seat != table.host_seat and sum(sid in s.sids for s in table.seats) < 2
