"""Playing at a table: the serialised action queue, the clock's timeouts, bots, and the ``state`` pushes.

An action is validated, applied, committed to SQLite and queued for every recipient within one
step of the event loop, with no ``await`` in between: the tables' actions are serialised by the
event loop itself, and every client sees a table's actions in log order, each ``state`` push
queued before the acknowledgement of the action that caused it. Timeouts and bot moves take the
same path, woken by one event-loop timer per table.
"""

from __future__ import annotations

import asyncio
import logging
import time
from typing import TYPE_CHECKING, Any

from soupkitchen.server.table import PendingBotMove, Table
from soupkitchen.shared.core import RuleError
from soupkitchen.shared.wire import protocol as p

if TYPE_CHECKING:
    from soupkitchen.server.hub import Hub


log = logging.getLogger(__name__)

CLOCK_HEARTBEAT = 1.0   # seconds between two records of the running rounds' clocks


class Play:
    """Mixed into :class:`server.hub.Hub`."""

    async def act(self: Hub, sid: str, req: p.Act) -> dict[str, Any]:
        received = self.clock()
        table, seat = self.seat_of(req.token, sid)
        if not table.started:
            raise p.ProtocolError(p.NOT_STARTED, "the game at this table has not started yet")
        self.fire_timeouts(table)
        if req.state_id != table.state_id:
            raise p.ProtocolError(p.STALE_STATE, f"the table has moved on to state {table.state_id}; "
                                                 f"your action was for state {req.state_id}")
        applying = self.clock()
        try:
            table.apply(seat, req.action, table.game_now(applying))
        except RuleError as err:
            raise p.ProtocolError(p.ILLEGAL, str(err) or "that move is not allowed now") from None
        broadcasting = self.clock()
        self.metrics.stage("apply_and_store", broadcasting - applying)
        self.after_action(table, actor=seat)
        self.metrics.stage("broadcast", self.clock() - broadcasting)
        self.metrics.action(self.clock() - received)
        return {"ok": True, "state_id": table.state_id}

    async def hold(self: Hub, sid: str, req: p.Hold) -> dict[str, Any]:
        table, seat = self.seat_of(req.token, sid)
        holder, now = table.seats[seat], self.clock()
        if not req.on:
            holder.stop_holding(now)
        elif not holder.holding and self.hold_is_limited(table, seat, sid):
            if holder.held_round != table.deadline():  # a new round: a new allowance
                holder.held, holder.held_round = 0.0, table.deadline()
            left = self.config.hold_limit - holder.held
            if left <= 0:
                raise p.ProtocolError(p.LIMIT, f"you have held the clock for {self.config.hold_limit:g} s this "
                                               "round already")
            holder.hold_since = now
            holder.hold_timer = asyncio.get_running_loop().call_later(left, self.end_hold, table, seat)
        holder.holding = req.on
        self.fire_timeouts(table)
        self.clock_changed(table)
        self.lobby_changed(table)
        return {"ok": True, "paused": table.paused_at is not None}

    @staticmethod
    def hold_is_limited(table: Table, seat: int, sid: str) -> bool:
        """Holds are for the host and for a shared screen (a connection holding several seats of the
        table); anyone else's is limited to ``hold_limit`` seconds a round."""
        return seat != table.host_seat and sum(sid in s.sids for s in table.seats) < 2

    def end_hold(self: Hub, table: Table, seat: int) -> None:
        """A limited hold has lasted as long as it may: the clock runs again (everyone is told)."""
        if self.tables.get(table.id) is not table or not table.seats[seat].holding:
            return
        table.seats[seat].stop_holding(self.clock())
        self.fire_timeouts(table)
        self.clock_changed(table)
        self.lobby_changed(table)

    def clock_changed(self: Hub, table: Table) -> None:
        """After a hold or a bot taking a seat: re-derive the pause and tell everyone the deadline."""
        if table.update_pause(self.clock()) and table.started:
            self.broadcast(table, snapshot=True)
        self.reschedule(table)

    # --- broadcasting --------------------------------------------------------------------------
    def broadcast(self: Hub, table: Table, snapshot: bool = False, actor: int | None = None) -> None:
        """One ``state`` per seat each connection holds, and the spectator view to spectators.

        The seat that acted is answered at once; the other views are made just after (the next
        round of the event loop, once the actor's view is on its way), and always before anything
        else is pushed about this table, so every connection still gets the states in order.
        """
        self.flush(table)
        moment = table.moment(self.clock(), snapshot)
        rest: list[tuple[list[str], int | None]] = []
        for index, seat in enumerate(table.seats):
            if seat.sids and index == actor:
                self.push_to(sorted(seat.sids), "state", moment.payload(index))
            elif seat.sids:
                rest.append((sorted(seat.sids), index))
        if table.spectators:
            rest.append((sorted(table.spectators), None))
        table.outbox = (moment, rest)
        if actor is None:
            self.flush(table)
        else:
            asyncio.get_running_loop().call_soon(self.flush, table)

    def flush(self: Hub, table: Table) -> None:
        """Make the pushes a broadcast left for later."""
        if table.outbox is None:
            return
        moment, rest = table.outbox
        table.outbox = None
        for sids, index in rest:
            self.push_to(sids, "state", moment.payload(index))

    async def send_snapshot(self: Hub, table: Table, seat: int | None, sid: str) -> None:
        """The current state for one connection (run as a task, so it follows the request's ack)."""
        self.flush(table)
        self.push_to([sid], "state", table.state_payload(seat, self.clock(), True))

    def after_action(self: Hub, table: Table, actor: int | None = None) -> None:
        table.last_move_at = self.clock()
        self.broadcast(table, actor=actor)
        self.show_bots(table)
        if table.over:
            table.save()
            self.lobby_changed(table)
            asyncio.get_running_loop().call_later(self.config.linger, self.drop_table, table)
            self.forget_finished_from(self.creators.get(table.id, ""))
        self.reschedule(table)

    @staticmethod
    def show_bots(table: Table) -> None:
        """Each bot that remembers observes its seat's view of the new state, as a player would see it."""
        for seat, bot in table.bots.items():
            if table.remembers(bot):
                try:
                    bot.observe(table.game.view(table.state, seat))
                except Exception:  # a broken bot must not stop the table
                    log.exception("bot at table %s seat %s failed to observe", table.id, seat)

    def fire_timeouts(self: Hub, table: Table) -> None:
        """Apply every timeout whose deadline has passed."""
        while table.due_timeout(self.clock()):
            table.apply_timeout()
            self.metrics.action(0.0)
            self.after_action(table)

    # --- the clock's heartbeat -----------------------------------------------------------------
    async def record_clocks_every(self: Hub, period: float = CLOCK_HEARTBEAT) -> None:
        """Record the running rounds' clocks every ``period`` seconds, so a crash loses at most
        that much of a round's time."""
        while True:
            await asyncio.sleep(period)
            self.record_clocks()

    def record_clocks(self: Hub) -> None:
        """Write each running round's game clock to the store (those that moved since the last time)."""
        mono = self.clock()
        clocks = {}
        for table in self.tables.values():
            now = table.clock_record(mono)
            if now is not None and now != table.clock_saved:
                clocks[table.id] = table.clock_saved = now
        try:
            self.store.save_clocks(clocks)
        except Exception:  # a failed record costs at most a restart's accuracy, never the table
            log.exception("could not record the tables' clocks")

    # --- the timer -----------------------------------------------------------------------------
    def reschedule(self: Hub, table: Table) -> None:
        """Set the table's single timer to its next deadline or bot move."""
        if table.timer is not None:
            table.timer.cancel()
            table.timer = None
        if not table.started or table.over or table.closed or self.stopping:  # a stopping server arms no timer
            return
        mono = self.clock()
        wake: list[float] = [move.due for move in table.pending.values() if move.due != float("inf")]
        if table.paused_at is None:
            deadline = table.server_deadline(mono)
            if deadline is not None:
                wake.append(deadline)
        if any(self.bot_should_think(table, seat) for seat in table.bots):
            wake.append(mono)
        if not wake:
            return
        loop = asyncio.get_running_loop()
        table.timer = loop.call_at(self.loop_time(loop, min(wake), mono), self.tick, table)

    def loop_time(self: Hub, loop: asyncio.AbstractEventLoop, moment: float, mono: float) -> float:
        """The event loop's time at which the hub's clock reads ``moment`` (``mono``: the hub's clock now).

        Exact when both read the same monotonic clock (the default): the timer then fires at the
        deadline itself, not at the deadline plus however long the server took between reading the
        clock and arming the timer."""
        if self.clock is time.monotonic and type(loop).time is asyncio.BaseEventLoop.time:
            return moment
        return loop.time() + max(0.0, moment - mono)

    @staticmethod
    def bot_should_think(table: Table, seat: int) -> bool:
        """A bot with no plan, or one that was waiting and has seen the table change."""
        move = table.pending.get(seat)
        return move is None or (move.action is None and move.state_id != table.state_id)

    def tick(self: Hub, table: Table) -> None:
        table.timer = None
        if table.closed or table.id not in self.tables:
            return
        self.fire_timeouts(table)
        if not table.over:
            self.move_bots(table)
        self.reschedule(table)

    def move_bots(self: Hub, table: Table) -> None:
        """Play bot moves that are due; ask bots without a plan what they want."""
        delay = float(table.settings.get("bot_delay", self.config.bot_delay))
        for seat in sorted(table.bots):
            if table.over:
                return
            mono = self.clock()
            move = table.pending.get(seat)
            if move is not None and move.due > mono:
                if move.action is not None or move.state_id == table.state_id:
                    continue
            table.pending.pop(seat, None)
            now = table.game_now(mono)
            if move is not None and move.action is not None and move.due <= mono:
                paced = table.last_move_at + delay if table.has_people else mono
                if paced > mono:   # a person is still taking in the last move: not yet
                    table.pending[seat] = PendingBotMove(paced, move.action, move.state_id)
                    continue
                if table.paused_at is None and table.game.validate(table.state, seat, move.action, now) is None:
                    table.apply(seat, move.action, now)
                    self.metrics.action(0.0)
                    self.after_action(table)
                    continue
            view = table.game.view(table.state, seat)
            if not view["legal_actions"]:
                table.pending[seat] = PendingBotMove(float("inf"), None, table.state_id)
                continue
            try:
                action = table.bots[seat].choose(view, now)
            except Exception:  # a broken bot must not stop the table: it waits instead
                log.exception("bot at table %s seat %s failed", table.id, seat)
                action = None
            if action is None:
                table.pending[seat] = PendingBotMove(mono + self.config.bot_poll, None, table.state_id)
            else:
                # With people at the table a bot never answers sooner than the table's bot delay.
                jitter = table.rng.uniform(1.0, 1.5) if table.has_people else table.rng.uniform(0.6, 1.4)
                table.pending[seat] = PendingBotMove(mono + delay * jitter, action, table.state_id)

    # --- a seat whose player went away ---------------------------------------------------------
    def grace_for(self: Hub, table: Table) -> float:
        """Seconds a seat whose player went away waits for them before a bot stands in: the table's
        ``stand_in_seconds`` setting if the host chose one; otherwise, while a clock runs towards a
        deadline (a timed round), ``timed_grace`` (when shorter than ``grace``), else ``grace``."""
        chosen = table.settings.get("stand_in_seconds")
        if chosen is not None:
            return float(chosen)
        if table.started and table.deadline() is not None:
            return min(self.config.grace, self.config.timed_grace)
        return self.config.grace

    def seat_away(self: Hub, table: Table, seat: int, since: float) -> None:
        """Start the grace period; after it a bot stands in if the player has not come back."""
        table.seats[seat].away_since = since
        loop = asyncio.get_running_loop()
        due = since + self.grace_for(table)  # decided now: a round ending meanwhile does not move it
        loop.call_at(self.loop_time(loop, due, self.clock()), self.stand_in, table, seat, since, due)

    def stand_in(self: Hub, table: Table, seat: int, since: float, due: float) -> None:
        """At ``due``: a bot takes the seat of a player away since ``since`` who has not come back."""
        holder = table.seats[seat]
        if (self.stopping or table.closed or not table.started or table.over or holder.sids or not holder.human
                or holder.stand_in or holder.away_since != since or self.clock() < due - 1e-3):
            return
        log.info("table %s seat %s: a bot stands in for the player who went away", table.id, seat)
        holder.stand_in = True
        table.bots[seat] = table.new_bot(seat)
        self.lobby_changed(table)
        self.reschedule(table)
