"""One table's runner, the only writer of its table: the requests' handlers parse and authorize,
then hand the runner a command (join, leave, ready, start, act, hold, resume, disconnect ...),
which changes the table, stores the change, announces it and sets the table's timers, in that
order. The runner also keeps the table's one timer (deadlines and bots), its lobby's idle
countdown and its stand-ins.

An action is validated, applied, committed to SQLite and queued for every recipient within one
step of the event loop, with no ``await`` in between: the tables' actions are serialised by the
event loop itself, and every client sees a table's actions in log order, each ``state`` push
queued before the acknowledgement of the action that caused it. Timeouts and bot moves take the
same path, woken by the table's timer.
"""

from __future__ import annotations

import logging
import random
import secrets
import weakref
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any, Protocol, TypeVar

from soupkitchen.server.config import ServerConfig
from soupkitchen.server.metrics import Metrics
from soupkitchen.server.storage.store import Store, StoreError
from soupkitchen.server.tables.absence import Absence
from soupkitchen.server.tables.announce import Announcer, Push
from soupkitchen.server.tables.bots import TableBots
from soupkitchen.server.tables.holds import Holds
from soupkitchen.server.tables.nudges import Nudges
from soupkitchen.server.tables.scheduler import Scheduler, Timer
from soupkitchen.server.tables.table import ActionOutcome, Table
from soupkitchen.shared.core import Bot, is_aside, is_moment_action
from soupkitchen.shared.wire import protocol

log = logging.getLogger(__name__)
STORE_RETRY = 1.0  # seconds within which a timeout or bot move the store refused is tried again
RETRIES = (
    random.Random()
)  # spreads the tables' retries over the second half of it: not all at once when it is back
T = TypeVar("T")


class SeatTokens(Protocol):
    """Where a seat token is looked up (``server.net.registry.Registry``)."""

    def give(self, digest: str, table_id: str, seat: int) -> None: ...

    def forget(self, digest: str) -> None: ...


@dataclass
class RunnerContext:
    """What every runner gets from the server: the settings, its time (clock and timers), the
    store, the metrics, the pushes, the seat tokens, and what the server does when a game finishes
    or a table is let go."""

    config: ServerConfig
    scheduler: Scheduler
    store: Store
    metrics: Metrics
    push: Push  # (connections, event, payload, table): queued in order with every other push and ack
    tokens: SeatTokens
    connected: Callable[[str], bool]  # whether a connection is still there
    spawn: Callable[[Awaitable[Any]], None]  # run a coroutine as a task of its own
    stopping: Callable[[], bool]  # the server is shutting down: its disconnects are not players leaving
    finished: Callable[[Table], None]  # a game at a table ended (it is already stored and announced)
    let_go: Callable[[Table], None]  # the server forgets the table (its rows stay in the database)
    present: Callable[[str, str], None] = lambda sid, table_id: (
        None
    )  # (connection, table): it is at the table
    deltas: Callable[[str], bool] = lambda sid: False  # whether a connection takes ``delta`` pushes


def weakly(method: Callable[..., T], gone: Callable[[], T] | None = None) -> Callable[..., T | None]:
    """``method`` of an object, called while that object lives; once it is gone, ``gone()`` (or None)."""
    ref = weakref.WeakMethod(method)

    def call(*args: Any) -> T | None:
        bound = ref()
        if bound is not None:
            return bound(*args)
        return gone() if gone is not None else None

    return call


class TableRunner:
    """Runs one table; every change is saved to the store before it is announced."""

    def __init__(self, table: Table, context: RunnerContext) -> None:
        self.table = table
        self.context = context
        self.config = context.config
        self.clock = context.scheduler.clock
        self.scheduler = context.scheduler
        self.live = True  # False once the server has let the table go
        self.timer: Timer | None = None  # the next deadline or bot move
        # The parts call the runner back through weak references: a runner and its parts hold no
        # cycle, so a table let go is freed at once, not left to the collector's rare full collection.
        self.players = TableBots(table, context.config, self.clock)
        self.holds = Holds(table, context.config, context.scheduler, weakly(self.hold_ran_out))
        self.announce = Announcer(table, context.push, self.clock, weakly(self.summary, dict), context.deltas)
        self.absence = Absence(
            table,
            context.config,
            context.scheduler,
            context.stopping,
            self.players.stands_in,
            weakly(self.stand_in),
            weakly(self.close),
        )
        self.nudges = Nudges(table, context.config, self.clock, self.players.stands_in)
        self.clock_saved: float | None = None  # the game clock last recorded in the store

    @property
    def bots(self) -> dict[int, Bot]:
        """Seat -> the bot playing it."""
        return self.players.bots

    def summary(self) -> dict[str, Any]:
        return self.table.summary(self.players.stand_ins())

    def audience(self) -> list[str]:
        return self.announce.audience()

    def stop(self) -> None:
        """Cancel the table's timers; it does nothing more."""
        self.live = False
        if self.timer is not None:
            self.timer.cancel()
        self.holds.cancel()
        self.absence.stop()

    # --- the store -----------------------------------------------------------------------------
    def save(self) -> None:
        """Store settings and seats (the log is stored action by action); StoreError if refused."""
        self.context.store.save_table(*self.table.row())

    def save_if_possible(self) -> None:
        """Store settings and seats unless the store refuses (it has said why); for changes that
        happen whatever the store says, and that the next save stores."""
        try:
            self.save()
        except StoreError:
            pass

    def change_lobby(self, change: Callable[[], T]) -> T:
        """Make a change and store it; if it cannot be stored, the table is put back as it was."""
        before = self.table.lobby_state()
        try:
            result = change()
            self.save()
        except BaseException:
            self.table.put_back(before)
            raise
        return result

    def commit(self, step: ActionOutcome) -> None:
        """Store a step in the log, then make it the table's present."""
        table = self.table
        assert table.record is not None
        entry = step.entry
        self.context.store.append_action(
            table.id, len(table.record.log), entry["seat"], entry["action"], entry["t"], step.over
        )
        table.keep(step)
        table.game.settle(table.state)  # the table's present changes no more: its moves are listed once

    def clock_to_record(self, mono: float) -> float | None:
        """The game clock to record now, if a round runs and it moved since the last record."""
        now = self.table.clock_record(mono)
        return None if now is None or now == self.clock_saved else now

    def clock_recorded(self, now: float) -> None:
        self.clock_saved = now

    # --- the lobby's commands ------------------------------------------------------------------
    def open(self, sid: str, name: str) -> str:
        """A new table's creator takes seat 0 and hosts it; returns their seat token."""
        token = self.change_lobby(lambda: self.table.seat_human(0, name))
        self.seated(sid, 0)
        return token

    def join(self, sid: str, seat: int, name: str) -> str:
        """A player takes an empty seat of the lobby; returns their seat token."""

        def take() -> str:
            token = self.table.seat_human(seat, name)
            self.table.reset_ready()
            return token

        token = self.change_lobby(take)
        self.seated(sid, seat)
        self.announce.lobby()
        return token

    def seated(self, sid: str, seat: int) -> None:
        self.context.tokens.give(self.table.seats[seat].token_hash or "", self.table.id, seat)
        self.attach(sid, seat)

    def attach(self, sid: str, seat: int) -> None:
        """The connection holds the seat (it is no longer away)."""
        holder = self.table.seats[seat]
        if holder.token_hash is None or not self.context.connected(sid):
            return
        holder.sids.add(sid)
        self.context.present(sid, self.table.id)
        holder.away_since = None
        self.absence.watch_lobby()

    def resume(self, sid: str, seat: int) -> bool:
        """A player comes back to their seat; True if a bot stood in for them (it goes)."""
        self.attach(sid, seat)
        stood_in = self.players.stands_in(seat)
        if stood_in:
            self.players.stand_down(seat)
        self.announce.lobby()
        if self.table.started:
            self.snapshot_after_answer(seat, sid)
        return stood_in

    def watch(self, sid: str) -> None:
        """The connection watches the table (it sees the spectator view)."""
        self.table.spectators.add(sid)
        self.context.present(sid, self.table.id)
        self.announce.lobby()
        if self.table.started:
            self.snapshot_after_answer(None, sid)

    def resync(self, sid: str) -> bool:
        """The connection's views of the table, whole, after the answer to its ``resync``: one per seat
        it holds and the spectator view if it watches; False if it is not at the table."""
        table = self.table
        audiences: list[int | None] = [index for index, seat in enumerate(table.seats) if sid in seat.sids]
        if sid in table.spectators:
            audiences.append(None)
        if not audiences:
            return False
        if table.started:
            for audience in audiences:
                self.snapshot_after_answer(audience, sid)
        return True

    def snapshot_after_answer(self, seat: int | None, sid: str) -> None:
        """The table's present for one connection, just after the answer to its request: the answer
        waits for the store first (``server.app``), so the snapshot waits behind it."""

        async def send() -> None:
            await self.context.store.stored()
            if self.live:
                self.announce.snapshot(seat, sid)

        self.context.spawn(send())

    def leave(self, seat: int) -> None:
        """The player leaves for good: in the lobby their seat empties (a lobby nobody else sits at
        closes); in a game a bot plays it from now on. Their token stops working."""
        table = self.table
        holder = table.seats[seat]
        humans = [i for i, s in enumerate(table.seats) if s.human and i != seat]
        if not humans and not table.started:
            self.close()
            return
        digest = holder.token_hash

        def vacate() -> None:
            if table.started:
                holder.token_hash, holder.bot = None, True
            else:
                table.free_seat(seat)
                table.reset_ready()
            if seat == table.host_seat:
                table.host_seat = humans[0] if humans else table.host_seat

        self.change_lobby(vacate)
        if digest is not None:
            self.context.tokens.forget(digest)
        if table.started:
            self.holds.stop(seat)
            holder.sids = set()
            self.players.play(seat)
            self.clock_changed()
        self.announce.lobby()
        self.reschedule()
        self.absence.watch_lobby()  # the players left behind may all be away
        if table.over and not table.has_people and not table.spectators:
            self.context.let_go(table)  # nobody is left to see its end (its replay is in the store)

    def add_bot(self, seat: int, level: str) -> None:
        def seat_bot() -> None:
            self.table.seats[seat].bot = True
            self.table.set_bot_level(seat, level)
            self.table.reset_ready()

        self.change_lobby(seat_bot)
        self.announce.lobby()

    def remove_bot(self, seat: int) -> None:
        def remove() -> None:
            self.table.free_seat(seat)
            self.table.set_bot_level(seat, None)
            self.table.reset_ready()

        self.change_lobby(remove)
        self.announce.lobby()

    def kick(self, seat: int) -> None:
        """The host sends a player away from the lobby; their token stops working."""
        kicked = self.table.seats[seat]

        def send_away() -> None:
            self.table.free_seat(seat)
            self.table.reset_ready()

        self.change_lobby(send_away)
        if kicked.token_hash is not None:
            self.context.tokens.forget(kicked.token_hash)
        self.context.push(sorted(kicked.sids), "kicked", {"table": self.table.id}, self.table.id)
        self.announce.lobby()

    def set_options(self, options: dict[str, Any], settings: dict[str, Any], agreed_changed: bool) -> None:
        """The host changes the game's options or the table's settings (``agreed_changed``: what
        the players said ready to has changed, so they say it again)."""

        def change() -> None:
            if agreed_changed:
                self.table.reset_ready()
            self.table.options, self.table.settings = options, settings

        self.change_lobby(change)
        self.announce.lobby()

    def ready(self, seat: int, on: bool) -> None:
        if self.table.seats[seat].ready != on:
            self.change_lobby(lambda: setattr(self.table.seats[seat], "ready", on))
            self.announce.lobby()

    def start(self) -> None:
        """Empty seats get bots and the game is set up (with the server's fixed deal, or a fresh
        seed); if it cannot be set up or stored, the table is the lobby it was and the error is raised."""
        table = self.table
        seed = self.config.deal_seed
        if seed is None:
            seed = secrets.randbelow(2**31)
        else:
            table.rng.seed(seed)  # the bots' own seeds follow the fixed deal too

        def set_up() -> None:
            for seat in table.seats:
                if seat.empty:
                    seat.bot = True
            table.start(self.clock(), seed)
            self.players.seat_all()

        try:
            self.change_lobby(set_up)
        except BaseException:
            self.players.clear()
            raise
        table.update_pause(self.clock())  # a seat that said hold in the lobby holds the new game's clock
        self.nudges.after_action(None)
        for index, seat in enumerate(table.seats):
            if seat.human and not seat.sids:
                self.absence.seat_away(index, seat.away_since or self.clock())
        self.announce.lobby()
        self.announce.state(snapshot=True)
        self.reschedule()

    def emote(self, seat: int, emote: str) -> None:
        """A seat's emote: in a game whose rules keep emotes (a reaction to a move), the action it
        is there, judged by the rules (RuleError if refused); otherwise table chatter."""
        table = self.table
        table.seats[seat].last_emote = self.clock()
        self.fire_timeouts()
        playing = table.started and not table.over
        action = table.game.emote_action(table.state, seat, emote) if playing else None
        if action is None:
            self.announce.to_audience("emote", {"table": table.id, "seat": seat, "emote": emote})
            return
        self.commit(table.next_state(seat, action, table.game_now(self.clock())))
        self.context.metrics.action(0.0)
        self.after_action(actor=seat)

    def close(self) -> None:
        """Close a table that has not started, for good: it leaves the open tables, its seat tokens
        stop working, and whoever still watches gets a last ``lobby`` push."""
        self.table.closed = True
        self.context.let_go(self.table)
        self.save_if_possible()  # if not stored as closed, after a restart it is an abandoned lobby
        self.announce.lobby()

    def disconnect(self, sid: str) -> None:
        """A connection went: it watches no more, and each seat it was the last to hold is away
        (its hold ends; in the lobby it is not ready; in a game a bot stands in after the grace)."""
        table = self.table
        table.spectators.discard(sid)
        for seat, holder in enumerate(table.seats):
            if sid not in holder.sids:
                continue
            holder.sids.discard(sid)
            if not holder.sids:
                self.holds.stop(seat)
                if (
                    holder.ready and not table.started and not self.context.stopping()
                ):  # says it again on resume
                    holder.ready = False
                    self.save_if_possible()  # a player who is not here is not ready anyway
                self.absence.seat_away(seat, self.clock())
                self.clock_changed()  # its hold ended: the clock may run again, towards its deadline
                self.absence.watch_lobby()
            self.announce.lobby()

    def restored(self) -> None:
        """A table rebuilt from the store after a restart: its bots play and every player is away
        until they come back."""
        self.players.seat_all()
        self.nudges.after_action(None)
        for index, seat in enumerate(self.table.seats):
            if seat.human:
                self.context.tokens.give(seat.token_hash or "", self.table.id, index)
                self.absence.seat_away(index, self.clock())
        self.reschedule()
        self.absence.watch_lobby()  # a lobby nobody comes back to closes lobby_idle after the restart

    # --- play's commands -----------------------------------------------------------------------
    def act(self, seat: int, state_id: int, action: Any) -> int:
        """A seat's action on state ``state_id``; returns the new state id. RuleError if the rules
        refuse it, ProtocolError(stale_state) if the table has moved on."""
        received = self.clock()
        table = self.table
        self.fire_timeouts()
        # An action that names its own moment is the rules' to judge on the newest state, and so is an
        # action sent for a state that only asides (reactions) have followed: they change no move.
        if (
            state_id != table.state_id
            and not is_moment_action(table.game.facts, action)
            and not self.only_asides_since(state_id)
        ):
            self.announce.flush()  # the newer state reaches the seat before this answer does
            raise protocol.ProtocolError(
                protocol.STALE_STATE,
                f"the table has moved on to state {table.state_id}; your action was for state {state_id}",
            )
        metrics, applying = self.context.metrics, self.clock()
        self.commit(table.next_state(seat, action, table.game_now(applying)))
        broadcasting = self.clock()
        metrics.stage("apply_and_store", broadcasting - applying)
        self.after_action(actor=seat)
        metrics.stage("broadcast", self.clock() - broadcasting)
        metrics.action(self.clock() - received)
        return table.state_id

    def only_asides_since(self, state_id: int) -> bool:
        """Whether every action after state ``state_id`` is one of the game's asides."""
        table, facts = self.table, getattr(self.table.game, "facts", None)
        log = table.record.log if table.record is not None else []
        return 0 <= state_id < len(log) and all(is_aside(facts, entry["action"]) for entry in log[state_id:])

    def hold(self, seat: int, sid: str) -> None:
        """The seat holds the clock (ProtocolError(limit) once its allowance is spent)."""
        self.holds.start(seat, sid)
        self.clock_moved()

    def release(self, seat: int) -> None:
        """The seat holds the clock no more."""
        self.holds.stop(seat)
        self.clock_moved()

    def end_hold_of(self, host: int, target: int) -> None:
        """The host ends another seat's hold; it may not hold again this round."""
        self.holds.end_by_host(host, target)
        self.clock_moved()

    def clock_moved(self) -> None:
        self.fire_timeouts()
        self.clock_changed()
        self.announce.lobby()

    def hold_ran_out(self, seat: int) -> None:
        """A limited hold has lasted as long as it may: the clock runs again (everyone is told)."""
        if not self.live or not self.table.seats[seat].holding:
            return
        self.holds.stop(seat)
        try:
            self.fire_timeouts()
        except StoreError:  # the store has said why: the table's timer tries again
            pass
        self.clock_changed()
        self.announce.lobby()

    # --- after each action ---------------------------------------------------------------------
    def after_action(self, actor: int | None = None) -> None:
        table = self.table
        self.nudges.after_action(table.record.log[-1]["seat"] if table.record and table.record.log else actor)
        self.players.observe()
        self.announce.state(actor=actor)
        entry = table.record.log[-1] if table.record is not None and table.record.log else None
        by_seat = entry is not None and entry["seat"] is not None
        emote = table.game.emote_of(entry["action"]) if by_seat else None
        if emote is not None:  # the seats' chips show it as they show table chatter
            self.announce.to_audience("emote", {"table": table.id, "seat": entry["seat"], "emote": emote})
        if table.over:
            self.save_if_possible()  # the match's end is stored with its last action
            self.announce.lobby()
            self.context.finished(table)
        self.reschedule()

    def fire_timeouts(self) -> None:
        """Apply every timeout whose deadline has passed."""
        while self.table.due_timeout(self.clock()):
            self.commit(self.table.timeout_step())
            self.context.metrics.action(0.0)
            self.after_action()

    def bot_plays(self, seat: int, action: dict[str, Any], now: float) -> None:
        self.commit(self.table.next_state(seat, action, now))
        self.context.metrics.action(0.0)
        self.after_action()

    def clock_changed(self) -> None:
        """After a hold or a bot taking a seat: re-derive the pause and tell everyone the deadline."""
        if self.table.update_pause(self.clock()) and self.table.started:
            self.announce.state(snapshot=True)
        self.reschedule()

    # --- the timer -----------------------------------------------------------------------------
    def reschedule(self) -> None:
        """Set the table's single timer to its next deadline or bot move."""
        table = self.table
        if self.timer is not None:
            self.timer.cancel()
            self.timer = None
        if not table.started or table.over or table.closed or self.context.stopping():  # no timer then
            return
        mono = self.clock()
        wake = self.players.wakes()
        if table.paused_at is None:
            deadline = table.server_deadline(mono)
            if deadline is not None:
                wake.append(deadline)
            nudge = self.nudges.due()
            if nudge is not None:
                wake.append(nudge)
        if wake:
            self.timer = self.scheduler.call_at(min(wake), self.tick)

    def tick(self) -> None:
        self.timer = None
        if self.table.closed or not self.live:
            return
        if self.context.store.reconnecting:  # nothing could be stored: no bot thinks for nothing meanwhile
            self.retry()
            return
        try:
            self.fire_timeouts()
            if not self.table.over:
                self.players.move(self.bot_plays)
            self.nudge()
        except StoreError:  # the store has said why: the table waits, and tries again in a moment
            self.retry()
            return
        self.reschedule()

    def retry(self) -> None:
        self.timer = self.scheduler.call_later(STORE_RETRY * (1 - RETRIES.random() / 2), self.tick)

    def nudge(self) -> None:
        """A gentle word to each person who has sat on their turn long enough while the clock runs."""
        for seat in self.nudges.fire():
            holder = self.table.seats[seat]
            nudge = {"table": self.table.id, "seat": seat, "seconds": self.config.nudge_after}
            self.context.push(sorted(holder.sids), "nudge", nudge, self.table.id)

    # --- the seats whose players went away -----------------------------------------------------
    def stand_in(self, seat: int) -> None:
        """A bot plays the seat of a player who went away, until they come back."""
        self.players.play(seat)
        self.announce.lobby()
        self.reschedule()
