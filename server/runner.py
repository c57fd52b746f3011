"""One table's runner: it stores the table's changes, keeps its one timer (deadlines and bots), its
lobby's idle countdown and its stand-ins, plays its bots, and pushes its ``state`` and ``lobby``.

An action is validated, applied, committed to SQLite and queued for every recipient within one
step of the event loop, with no ``await`` in between: the tables' actions are serialised by the
event loop itself, and every client sees a table's actions in log order, each ``state`` push
queued before the acknowledgement of the action that caused it. Timeouts and bot moves take the
same path, woken by the table's timer.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from soupkitchen.server.config import BOT_JITTER_BOTS_ONLY, BOT_JITTER_WITH_PEOPLE, ServerConfig
from soupkitchen.server.metrics import Metrics
from soupkitchen.server.store import Store, StoreError
from soupkitchen.server.table import Moment, Step, Table
from soupkitchen.shared.core import Bot

log = logging.getLogger(__name__)
STORE_RETRY = 1.0  # seconds before a timeout or bot move the store refused is tried again

Push = Callable[[list[str], str, Any], None]
MOST_BEATS = 60.0
"""The longest a bot may think over one action, in beats of the bot delay."""


@dataclass
class Services:
    """What every runner shares: the settings, the server's clock, the store, the metrics, the
    pushes, and what the server does when a game finishes or a lobby is abandoned."""

    config: ServerConfig
    clock: Callable[[], float]
    store: Store
    metrics: Metrics
    push: Push  # (connections, event, payload): queued in order with every other push and ack
    stopping: Callable[[], bool]  # the server is shutting down: its disconnects are not players leaving
    finished: Callable[[Table], None]  # a game at a table ended (it is already stored and announced)
    close: Callable[[Table], None]  # close a lobby for good


@dataclass
class PendingBotMove:
    due: float  # monotonic
    action: dict[str, Any] | None  # None: nothing wanted, ask again at ``due``
    state_id: int


class TableRunner:
    """Runs one table; every change is saved to the store before it is announced."""

    def __init__(self, table: Table, services: Services) -> None:
        self.table = table
        self.services = services
        self.live = True  # False once the server has let the table go
        self.timer: asyncio.TimerHandle | None = None  # the next deadline or bot move
        self.idle_since: float | None = None  # monotonic time the lobby was left with no seat held
        self.idle_timer: asyncio.TimerHandle | None = None  # closes the lobby when left so
        self.hold_timers: dict[int, asyncio.TimerHandle] = {}  # seat -> the end of its limited hold
        self.outbox: tuple[Moment, list[tuple[list[str], int | None]]] | None = None  # pushes still to make
        self.bots: dict[int, Bot] = {}  # seat -> the bot playing it
        self.pending: dict[int, PendingBotMove] = {}
        self.clock_saved: float | None = None  # the game clock last recorded in the store
        self.last_move_at = float("-inf")  # monotonic time of the newest action (bots pace themselves on it)

    def stop(self) -> None:
        """Cancel the table's timers; it does nothing more."""
        self.live = False
        for timer in (self.timer, self.idle_timer, *self.hold_timers.values()):
            if timer is not None:
                timer.cancel()

    # --- the store -----------------------------------------------------------------------------
    def save(self) -> None:
        """Store settings and seats (the log is stored action by action); StoreError if refused."""
        self.services.store.save_table(*self.table.row())

    def save_if_possible(self) -> None:
        """Store settings and seats unless the store refuses (it has said why); for changes that
        happen whatever the store says, and that the next save stores."""
        try:
            self.save()
        except StoreError:
            pass

    def apply(self, seat: int | None, action: Any, now: float) -> None:
        """Validate, apply and durably log one action at game time ``now``; RuleError if refused."""
        self.commit(self.table.next_state(seat, action, now))

    def commit(self, step: Step) -> None:
        """Store a step in the log, then make it the table's present."""
        table = self.table
        assert table.record is not None
        entry = step.entry
        self.services.store.append_action(table.id, len(table.record.log), entry["seat"], entry["action"],
                                          entry["t"], step.over)
        table.keep(step)

    def clock_to_record(self, mono: float) -> float | None:
        """The game clock to record now, if a round runs and it moved since the last record."""
        now = self.table.clock_record(mono)
        return None if now is None or now == self.clock_saved else now

    # --- pushes --------------------------------------------------------------------------------
    def audience(self) -> list[str]:
        table = self.table
        return sorted({sid for seat in table.seats for sid in seat.sids} | table.spectators)

    def lobby_changed(self) -> None:
        self.services.push(self.audience(), "lobby", {"table": self.table.summary()})

    def broadcast(self, snapshot: bool = False, actor: int | None = None) -> None:
        """One ``state`` per seat each connection holds, and the spectator view to spectators.

        The seat that acted is answered at once; the other views are made just after (the next
        round of the event loop, once the actor's view is on its way), and always before anything
        else is pushed about this table, so every connection still gets the states in order.
        """
        self.flush()
        table = self.table
        moment = table.moment(self.services.clock(), snapshot)
        rest: list[tuple[list[str], int | None]] = []
        for index, seat in enumerate(table.seats):
            if seat.sids and index == actor:
                self.services.push(sorted(seat.sids), "state", moment.payload(index))
            elif seat.sids:
                rest.append((sorted(seat.sids), index))
        if table.spectators:
            rest.append((sorted(table.spectators), None))
        self.outbox = (moment, rest)
        if actor is None:
            self.flush()
        else:
            asyncio.get_running_loop().call_soon(self.flush)

    def flush(self) -> None:
        """Make the pushes a broadcast left for later."""
        if self.outbox is None:
            return
        moment, rest = self.outbox
        self.outbox = None
        for sids, index in rest:
            self.services.push(sids, "state", moment.payload(index))

    async def send_snapshot(self, seat: int | None, sid: str) -> None:
        """The current state for one connection (run as a task, so it follows the request's ack)."""
        self.flush()
        self.services.push([sid], "state", self.table.state_payload(seat, self.services.clock(), True))

    # --- after each action ---------------------------------------------------------------------
    def after_action(self, actor: int | None = None) -> None:
        table = self.table
        self.last_move_at = self.services.clock()
        self.broadcast(actor=actor)
        self.show_bots()
        if table.over:
            self.save_if_possible()  # the match's end is stored with its last action
            self.lobby_changed()
            self.services.finished(table)
        self.reschedule()

    def show_bots(self) -> None:
        """Each bot that remembers observes its seat's view of the new state, as a player would see it."""
        table = self.table
        for seat, bot in self.bots.items():
            if table.remembers(bot):
                try:
                    bot.observe(table.game.view(table.state, seat))
                except Exception:  # a broken bot must not stop the table
                    log.exception("bot at table %s seat %s failed to observe", table.id, seat)

    def fire_timeouts(self) -> None:
        """Apply every timeout whose deadline has passed."""
        while self.table.due_timeout(self.services.clock()):
            self.commit(self.table.timeout_step())
            self.services.metrics.action(0.0)
            self.after_action()

    def clock_changed(self) -> None:
        """After a hold or a bot taking a seat: re-derive the pause and tell everyone the deadline."""
        if self.table.update_pause(self.services.clock()) and self.table.started:
            self.broadcast(snapshot=True)
        self.reschedule()

    def limit_hold(self, seat: int, left: float) -> None:
        """End the seat's hold in ``left`` seconds (if that is not for ever)."""
        if left != float("inf"):
            self.hold_timers[seat] = asyncio.get_running_loop().call_later(left, self.end_hold, seat)

    def stop_holding(self, seat: int) -> None:
        """End the seat's hold (and its limit's timer)."""
        timer = self.hold_timers.pop(seat, None)
        if timer is not None:
            timer.cancel()
        self.table.stop_holding(seat, self.services.clock())

    def end_hold(self, seat: int) -> None:
        """A limited hold has lasted as long as it may: the clock runs again (everyone is told)."""
        if not self.live or not self.table.seats[seat].holding:
            return
        self.stop_holding(seat)
        try:
            self.fire_timeouts()
        except StoreError:  # the store has said why: the table's timer tries again
            pass
        self.clock_changed()
        self.lobby_changed()

    # --- the timer -----------------------------------------------------------------------------
    def reschedule(self) -> None:
        """Set the table's single timer to its next deadline or bot move."""
        table = self.table
        if self.timer is not None:
            self.timer.cancel()
            self.timer = None
        if not table.started or table.over or table.closed or self.services.stopping():  # no timer then
            return
        mono = self.services.clock()
        wake: list[float] = [move.due for move in self.pending.values() if move.due != float("inf")]
        if table.paused_at is None:
            deadline = table.server_deadline(mono)
            if deadline is not None:
                wake.append(deadline)
        if any(self.bot_should_think(seat) for seat in self.bots):
            wake.append(mono)
        if not wake:
            return
        loop = asyncio.get_running_loop()
        self.timer = loop.call_at(self.loop_time(loop, min(wake), mono), self.tick)

    def loop_time(self, loop: asyncio.AbstractEventLoop, moment: float, mono: float) -> float:
        """The event loop's time at which the server's clock reads ``moment`` (``mono``: that clock now).

        Exact when both read the same monotonic clock (the default): the timer then fires at the
        deadline itself, not at the deadline plus however long the server took between reading the
        clock and arming the timer."""
        if self.services.clock is time.monotonic and type(loop).time is asyncio.BaseEventLoop.time:
            return moment
        return loop.time() + max(0.0, moment - mono)

    def bot_should_think(self, seat: int) -> bool:
        """A bot with no plan, or one that was waiting and has seen the table change."""
        move = self.pending.get(seat)
        return move is None or (move.action is None and move.state_id != self.table.state_id)

    def tick(self) -> None:
        self.timer = None
        if self.table.closed or not self.live:
            return
        try:
            self.fire_timeouts()
            if not self.table.over:
                self.move_bots()
        except StoreError:  # the store has said why: the table waits, and tries again in a moment
            self.timer = asyncio.get_running_loop().call_later(STORE_RETRY, self.tick)
            return
        self.reschedule()

    def move_bots(self) -> None:
        """Play bot moves that are due; ask bots without a plan what they want."""
        table, config = self.table, self.services.config
        delay = float(table.settings.get("bot_delay", config.bot_delay))
        for seat in sorted(self.bots):
            if table.over:
                return
            mono = self.services.clock()
            move = self.pending.get(seat)
            if move is not None and move.due > mono:
                if move.action is not None or move.state_id == table.state_id:
                    continue
            self.pending.pop(seat, None)
            now = table.game_now(mono)
            if move is not None and move.action is not None and move.due <= mono:
                paced = self.last_move_at + delay if table.has_people else mono
                if paced > mono:   # a person is still taking in the last move: not yet
                    self.pending[seat] = PendingBotMove(paced, move.action, move.state_id)
                    continue
                if table.paused_at is None and table.game.validate(table.state, seat, move.action, now) is None:
                    self.apply(seat, move.action, now)
                    self.services.metrics.action(0.0)
                    self.after_action()
                    continue
            view = table.game.view(table.state, seat)
            if not view["legal_actions"]:
                self.pending[seat] = PendingBotMove(float("inf"), None, table.state_id)
                continue
            try:
                action = self.bots[seat].choose(view, now)
            except Exception:  # a broken bot must not stop the table: it waits instead
                log.exception("bot at table %s seat %s failed", table.id, seat)
                action = None
            if action is None:
                self.pending[seat] = PendingBotMove(mono + config.bot_poll, None, table.state_id)
            else:
                # It takes as long as a person would (its beats of the table's bot delay); with people
                # at the table, never sooner than the bot delay.
                jitter = table.rng.uniform(*(BOT_JITTER_WITH_PEOPLE if table.has_people else BOT_JITTER_BOTS_ONLY))
                self.pending[seat] = PendingBotMove(mono + delay * self.beats(seat, view, action) * jitter,
                                                    action, table.state_id)

    def beats(self, seat: int, view: dict[str, Any], action: dict[str, Any]) -> float:
        """How many beats of the bot delay the bot at ``seat`` takes over ``action`` (at least one)."""
        try:
            beats = float(self.bots[seat].thinking(view, action))
        except Exception:  # a broken bot must not stop the table: it takes one beat
            log.exception("bot at table %s seat %s failed to say how long it thinks", self.table.id, seat)
            return 1.0
        return min(beats, MOST_BEATS) if beats >= 1.0 else 1.0  # NaN and less than a beat: one beat

    # --- bots and the seats whose players went away ----------------------------------------------
    def seat_bots(self) -> None:
        """A bot for each bot seat of a game just started or restored."""
        for index, seat in enumerate(self.table.seats):
            if seat.bot:
                self.bots[index] = self.table.new_bot(index)

    def bot_plays(self, seat: int) -> None:
        """From now on a bot plays this seat."""
        self.bots[seat] = self.table.new_bot(seat)

    def grace(self) -> float:
        """Seconds a seat whose player went away waits for them before a bot stands in: the table's
        ``stand_in_seconds`` setting if the host chose one; otherwise, while a clock runs towards a
        deadline or between the rounds of a timed game (whose table waits for every seat's ready),
        ``timed_grace`` (when shorter than ``grace``), else ``grace``."""
        table, config = self.table, self.services.config
        chosen = table.settings.get("stand_in_seconds")
        if chosen is not None:
            return float(chosen)
        real_time = getattr(getattr(table.game, "facts", None), "real_time", False)  # a game may declare no facts
        if table.started and (table.deadline() is not None or real_time):
            return min(config.grace, config.timed_grace)
        return config.grace

    def seat_away(self, seat: int, since: float) -> None:
        """Start the grace period; after it a bot stands in if the player has not come back."""
        self.table.seats[seat].away_since = since
        loop = asyncio.get_running_loop()
        due = since + self.grace()  # decided now: a round ending meanwhile does not move it
        loop.call_at(self.loop_time(loop, due, self.services.clock()), self.stand_in, seat, since, due)

    def stand_in(self, seat: int, since: float, due: float) -> None:
        """At ``due``: a bot takes the seat of a player away since ``since`` who has not come back."""
        table = self.table
        holder = table.seats[seat]
        if (self.services.stopping() or table.closed or not table.started or table.over or holder.sids
                or not holder.human or holder.stand_in or holder.away_since != since
                or self.services.clock() < due - 1e-3):
            return
        log.info("table %s seat %s: a bot stands in for the player who went away", table.id, seat)
        holder.stand_in = True
        self.bot_plays(seat)
        self.lobby_changed()
        self.reschedule()

    def stand_down(self, seat: int) -> None:
        """The player is back: the bot that stood in for them goes."""
        self.table.seats[seat].stand_in = False
        self.bots.pop(seat, None)
        self.pending.pop(seat, None)

    # --- an abandoned lobby --------------------------------------------------------------------
    def abandoned(self) -> bool:
        """An open lobby that no connection holds a seat of, on a server that closes such lobbies."""
        table = self.table
        return (self.services.config.lobby_idle > 0 and not self.services.stopping() and not table.closed
                and not table.started and not table.attended)

    def watch_lobby(self) -> None:
        """Count down ``lobby_idle`` seconds for an abandoned lobby (from when it was first left so),
        or stop counting once a connection holds one of its seats again."""
        if not self.abandoned():
            self.idle_since = None
            if self.idle_timer is not None:
                self.idle_timer.cancel()
                self.idle_timer = None
            return
        if self.idle_since is None:
            self.idle_since = self.services.clock()
        if self.idle_timer is None:
            delay = max(0.0, self.idle_since + self.services.config.lobby_idle - self.services.clock())
            self.idle_timer = asyncio.get_running_loop().call_later(delay, self.expire_lobby)

    def expire_lobby(self) -> bool:
        """Close the lobby if it has been abandoned for ``lobby_idle`` seconds of the server's clock;
        True if it closed. Its countdown calls this; so may whoever moved the clock by hand."""
        if self.idle_timer is not None:
            self.idle_timer.cancel()
            self.idle_timer = None
        if not self.live:
            return False
        idle = self.services.config.lobby_idle
        if self.abandoned() and self.idle_since is not None and self.services.clock() - self.idle_since >= idle:
            log.info("table %s closes: nobody has held a seat for %.0f s", self.table.id, idle)
            self.services.close(self.table)
            return True
        self.watch_lobby()  # not yet (the timer woke early), or no longer abandoned
        return False
