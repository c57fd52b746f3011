"""The lobby requests of the wire protocol: creating, joining, resuming, watching and leaving a
table, the host's powers before the start (bots, kicks, options), ready, start and emotes; and
:class:`ListWatch`, which tells the connections watching the list of open tables that it changed.

Each handler takes a socket id and a typed request (``shared.wire.protocol``), checks it, hands the
table's runner the command it asks for (the runner changes, stores and announces the table), and
returns the acknowledgement; it raises ProtocolError for anything refused, leaving the table as it
was, and StoreError when the change cannot be stored (the runner has put the table back as it was).
"""

from __future__ import annotations

import asyncio
import logging
import math
import secrets
import time
from collections.abc import Awaitable, Callable
from concurrent.futures import Executor
from typing import Any

from soupkitchen.server.net.registry import PasswordTries
from soupkitchen.server.storage import passwords
from soupkitchen.server.storage.store import StoreError
from soupkitchen.server.tables.games import load_game
from soupkitchen.server.tables.play import illegal
from soupkitchen.server.tables.roster import TableRoster
from soupkitchen.server.tables.runner import TableRunner
from soupkitchen.server.tables.table import Table
from soupkitchen.shared.core import RuleError
from soupkitchen.shared.wire import codes, protocol

log = logging.getLogger(__name__)

WATCHERS = "watching-tables"  # the socket.io room of the connections watching the list of open tables
TABLES_CHANGED = "tables_changed"  # the push they get when it has changed
SIGNAL_INTERVAL = 0.5  # seconds between two such pushes at the most (a burst of changes makes one)


class ListWatch:
    """The connections watching the list of open tables (``watch_tables``), and the one push they
    get when it changes: ``tables_changed``, to the socket.io room :data:`WATCHERS`, at once after a
    quiet spell and then at most once every :data:`SIGNAL_INTERVAL` seconds however many changes
    come (a change during the wait is in the push at its end).

    The application sets ``enter`` (a connection joins or leaves the room) and ``emit`` (the push
    to the room: on a cluster's node, through Redis to every node's watchers). A node also sets
    ``before``: given the ids of the tables that changed since the last push, it publishes them
    first, so that a watcher on any node that asks for the list once told finds the change there,
    and it answers how long to wait when another node has just told every watcher (0: tell them now)."""

    def __init__(self, interval: float = SIGNAL_INTERVAL) -> None:
        self.interval = interval
        self.enter: Callable[[str, bool], Awaitable[None]] | None = None
        self.emit: Callable[[], Awaitable[None]] | None = None
        self.before: Callable[[set[str]], Awaitable[float]] | None = None
        self.next = float("-inf")  # loop time before which no push is made
        self.dirty = False  # a change no push has told of yet
        self.tables: set[str] = set()  # the ids of the tables changed since the last push
        self.due: asyncio.TimerHandle | None = None  # the push waiting for its time
        self.sending: asyncio.Task[None] | None = None  # the push being made
        self.signals = 0  # pushes made

    async def watch(self, sid: str, on: bool) -> None:
        if self.enter is not None:
            await self.enter(sid, on)

    def changed(self, table_id: str) -> None:
        """The table may have changed in the list: its watchers are told (coalesced, see the class)."""
        if self.emit is None:
            return
        self.dirty = True
        self.tables.add(table_id)
        self._schedule()

    def _schedule(self) -> None:
        if self.due is None and (self.sending is None or self.sending.done()):
            try:
                loop = asyncio.get_running_loop()
            except RuntimeError:  # a hub driven by hand, outside any loop: nobody is watching
                return
            self.due = loop.call_later(max(0.0, self.next - loop.time()), self._send)

    def _send(self) -> None:
        self.due = None
        self.sending = asyncio.ensure_future(self._signal())

    async def _signal(self) -> None:
        loop = asyncio.get_running_loop()
        self.dirty = False  # a change from now on makes the next push
        tables, self.tables = self.tables, set()
        self.next = loop.time() + self.interval  # the next push, or the next try after a failure
        try:
            wait = await self.before(tables) if self.before is not None else 0.0
            if wait > 0:  # another node has just told every watcher: this change goes in the next push
                self.dirty = True
                self.tables |= tables
                self.next = loop.time() + wait
                return
            if self.emit is not None:
                await self.emit()
                self.signals += 1
        except Exception as err:  # noqa: BLE001 - lost: the next change, or the watchers' own ask, catches up
            log.info("could not tell the watchers of the table list that it changed (%s)", err)
        finally:
            self.sending = None
            if self.dirty and self.emit is not None:
                self._schedule()

    def stop(self) -> None:
        """No more pushes (the server is stopping)."""
        self.emit = None
        if self.due is not None:
            self.due.cancel()
        if self.sending is not None:
            self.sending.cancel()


class Lobby:
    """The lobby requests, on the tables of a :class:`server.tables.roster.TableRoster`."""

    def __init__(self, roster: TableRoster, hasher: Executor) -> None:
        self.roster = roster
        self.registry = roster.registry
        self.config = roster.config
        self.clock = roster.clock
        self.hasher = hasher  # hashes passwords off the event loop
        self.claim: Callable[[str], Awaitable[None]] | None = None  # a cluster's node holds each new table
        self.opened: Callable[[str], None] = lambda table_id: (
            None
        )  # a new table is open (its watchers are told)

    async def admit(self, table: Table, given: str | None, address: str) -> None:
        """Pass if ``given`` is the table's password (hashed off the event loop); otherwise
        ``wrong_password``, and after ``password_free_tries`` failures from one address each further
        try waits a growing delay, after ``password_lockout_after`` a lockout (``rate_limited``)."""
        if table.password is None:
            return
        if given is None:
            raise protocol.ProtocolError(protocol.WRONG_PASSWORD, "this table has a password")
        key = (address, table.id)
        tries = self.registry.password_tries.setdefault(key, PasswordTries())
        now = self.clock()
        if tries.checking:
            raise protocol.ProtocolError(
                protocol.RATE_LIMITED, "one password at a time for this table, please"
            )
        if now < tries.wait_until:
            raise protocol.ProtocolError(
                protocol.RATE_LIMITED,
                f"too many wrong passwords for this table from this computer; "
                f"try again in {math.ceil(tries.wait_until - now)} s",
            )
        tries.checking = True
        stored = table.password
        try:
            right = await asyncio.get_running_loop().run_in_executor(self.hasher, table.check_password, given)
            if right and passwords.needs_new_hash(stored):  # an older form: made again now it is known
                renewed = await asyncio.get_running_loop().run_in_executor(
                    self.hasher, passwords.password_hash, given
                )
                self.renew_password(table, stored, renewed)
        finally:
            tries.checking = False
        if right:
            self.registry.password_tries.pop(key, None)
            return
        tries.failures += 1
        config = self.config
        if tries.failures >= config.password_lockout_after:
            wait = config.password_lockout
        elif tries.failures >= config.password_free_tries:
            wait = float(2 ** (tries.failures - config.password_free_tries))
        else:
            wait = 0.0
        tries.wait_until = self.clock() + wait
        self.registry.forget_old_tries()
        later = f"; wait {math.ceil(wait)} s before the next try" if wait else ""
        raise protocol.ProtocolError(protocol.WRONG_PASSWORD, f"that is not the table's password{later}")

    def renew_password(self, table: Table, stored: str, renewed: str) -> None:
        """Store the password's new hash in place of ``stored``, if the table still has that one
        (a host may have changed it meanwhile); a store that refuses keeps the old one, which works."""
        runner = self.roster.runners.get(table.id)
        if runner is None or runner.table is not table or table.password != stored:
            return
        table.password = renewed
        try:
            runner.save()
        except StoreError:
            table.password = stored

    def may_create(self, address: str, seats: int) -> None:
        """ProtocolError(limit) if the server, or this address, has as many tables as it may."""
        if (
            sum(not r.table.closed and not r.table.over for r in self.roster.runners.values())
            >= self.config.max_tables
        ):
            raise protocol.ProtocolError(
                protocol.LIMIT, f"this server already has {self.config.max_tables} tables"
            )
        if seats > self.config.max_seats:
            raise protocol.ProtocolError(
                protocol.LIMIT, f"a table has at most {self.config.max_seats} seats here"
            )
        most = self.config.max_tables_per_address
        if most and self.roster.open_tables_from(address) >= most:
            raise protocol.ProtocolError(
                protocol.LIMIT,
                f"this computer ({address}) already has {most} open tables on "
                "the server; finish or leave one first",
            )

    @staticmethod
    def before_start(table: Table) -> None:
        if table.started:
            raise protocol.ProtocolError(
                protocol.ALREADY_STARTED, "the game at this table has already started"
            )

    async def create_table(self, sid: str, req: protocol.CreateTable) -> protocol.SeatReply:
        address = self.registry.conns[sid].address
        self.may_create(address, req.seats)
        try:
            game = load_game(req.game)
            options = game.normalise_options(req.options, req.seats)
        except KeyError:
            raise protocol.ProtocolError(protocol.BAD_REQUEST, f"unknown game {req.game!r}") from None
        except RuleError as err:
            raise protocol.ProtocolError(protocol.BAD_REQUEST, str(err)) from None
        settings = self.merge_settings(
            {"bot_delay": self.config.bot_delay, "handoff_pauses_timer": True, "listed": True}, req.settings
        )
        settings["code"] = self.new_code()
        table_id = secrets.token_urlsafe(6)
        password = None
        if req.password:
            password = await asyncio.get_running_loop().run_in_executor(
                self.hasher, passwords.password_hash, req.password
            )
            if sid not in self.registry.conns:
                raise protocol.ProtocolError(protocol.BAD_REQUEST, "the connection closed")
            self.may_create(address, req.seats)  # others may have made tables meanwhile
        if self.claim is not None:
            await self.claim(table_id)
            if sid not in self.registry.conns:
                raise protocol.ProtocolError(protocol.BAD_REQUEST, "the connection closed")
        table = Table(game, table_id, req.seats, options, settings, password, time.time())
        runner = self.roster.add(table, creator=address)
        try:
            token = runner.open(sid, req.name)
        except StoreError:
            self.roster.drop(table)
            raise
        self.opened(table_id)
        return {"ok": True, "table": runner.summary(), "seat": 0, "token": token, "name": req.name}

    def new_code(self) -> str:
        """An invite code no open table has."""
        while True:
            code = codes.new_code()
            if self.roster.coded(code) is None:
                return code

    def named(self, sid: str, table_id: str) -> TableRunner:
        """The open table a request names by id; a table that is not there counts against the
        address's lookups in vain, like a wrong code (``find_table``)."""
        address = self.registry.conns[sid].address
        self.registry.may_look_up(address)
        try:
            return self.roster.runner_of(table_id)
        except protocol.ProtocolError:
            self.registry.looked_in_vain(address)
            raise

    async def find_table(self, sid: str, req: protocol.FindTable) -> protocol.TableReply:
        """The open table of an invite code. A wrong code is answered the same whether the code never
        was, or was a table's that has finished or closed, and counts as a lookup in vain."""
        code = codes.normalise(req.code)
        if code is None:  # no table could have it: not a lookup
            raise protocol.ProtocolError(
                protocol.BAD_REQUEST,
                f"a table's code is a kitchen word and eight digits, like {codes.EXAMPLE}",
            )
        address = self.registry.conns[sid].address
        self.registry.may_look_up(address)
        runner = self.roster.coded(code)
        if runner is None:
            self.registry.looked_in_vain(address)
            raise protocol.ProtocolError(
                protocol.UNKNOWN_CODE,
                f"no table here has the code {code}; check it, and the server's address, with the host",
            )
        return {"ok": True, "table": runner.summary()}

    @staticmethod
    def merge_settings(settings: dict[str, Any], given: protocol.Settings | None) -> dict[str, Any]:
        result = dict(settings)
        if given is not None:
            result.update({k: v for k, v in given.model_dump().items() if v is not None})
        result["bot_delay"] = float(result["bot_delay"])
        return result

    async def join_table(self, sid: str, req: protocol.JoinTable) -> protocol.SeatReply:
        await self.admit(self.named(sid, req.table).table, req.password, self.registry.conns[sid].address)
        runner = self.roster.runner_of(req.table)  # it may have closed while the password was checked
        table = runner.table
        if sid not in self.registry.conns:
            raise protocol.ProtocolError(protocol.BAD_REQUEST, "the connection closed")
        self.before_start(table)
        if req.seat is None:
            seat = table.first_empty()
            if seat is None:
                raise protocol.ProtocolError(protocol.TABLE_FULL, "every seat at this table is taken")
        else:
            seat = req.seat
            if seat >= table.players:
                raise protocol.ProtocolError(
                    protocol.BAD_REQUEST, f"this table has seats 0-{table.players - 1}"
                )
            if not table.seats[seat].empty:
                raise protocol.ProtocolError(protocol.TABLE_FULL, f"seat {seat} is taken")
        name = protocol.unique_name(req.name, [other.name for other in table.seats if other.name])
        token = runner.join(sid, seat, name)
        return {"ok": True, "table": runner.summary(), "seat": seat, "token": token, "name": name}

    async def resume(self, sid: str, req: protocol.Resume) -> protocol.ResumeReply:
        runner, seat = self.roster.seat_of(req.token)
        stood_in = runner.resume(sid, seat)
        ack = {"ok": True, "table": runner.summary(), "seat": seat, "stood_in": stood_in}
        if req.recent:  # the latest moments as everyone saw them, for a table opened afresh
            ack["recent"] = [[view, events] for view, events in runner.table.public_moments(req.recent)]
        return ack

    async def spectate(self, sid: str, req: protocol.Spectate) -> protocol.TableReply:
        runner = self.named(sid, req.table)
        table = runner.table
        if not table.check_password(None) and sid not in runner.audience():
            raise protocol.ProtocolError(
                protocol.WRONG_PASSWORD, "this table has a password; take a seat to watch"
            )
        if len(table.spectators) >= self.config.max_spectators:
            raise protocol.ProtocolError(protocol.LIMIT, "this table has as many spectators as it can take")
        runner.watch(sid)
        return {"ok": True, "table": runner.summary()}

    async def leave(self, sid: str, req: protocol.TokenOnly) -> protocol.Reply:
        runner, seat = self.roster.seat_of(req.token, sid)
        runner.leave(seat)
        return {"ok": True}

    async def add_bot(self, sid: str, req: protocol.AddBot) -> protocol.BotReply:
        runner, _ = self.roster.host_of(req.token, sid)
        table = runner.table
        self.before_start(table)
        seat = table.first_empty() if req.seat is None else req.seat
        if seat is None or seat >= table.players or not table.seats[seat].empty:
            raise protocol.ProtocolError(protocol.TABLE_FULL, "there is no empty seat for a bot")
        runner.add_bot(seat, req.level)
        return {"ok": True, "seat": seat, "level": req.level}

    async def remove_bot(self, sid: str, req: protocol.SeatRequest) -> protocol.Reply:
        runner, _ = self.roster.host_of(req.token, sid)
        table = runner.table
        self.before_start(table)
        if req.seat >= table.players or not table.seats[req.seat].bot:
            raise protocol.ProtocolError(protocol.BAD_REQUEST, f"seat {req.seat} is not a bot")
        runner.remove_bot(req.seat)
        return {"ok": True}

    async def kick(self, sid: str, req: protocol.SeatRequest) -> protocol.Reply:
        runner, host = self.roster.host_of(req.token, sid)
        table = runner.table
        self.before_start(table)
        if req.seat >= table.players or req.seat == host or not table.seats[req.seat].human:
            raise protocol.ProtocolError(protocol.BAD_REQUEST, f"seat {req.seat} has no other player to kick")
        runner.kick(req.seat)
        return {"ok": True}

    async def set_options(self, sid: str, req: protocol.SetOptions) -> protocol.Reply:
        runner, _ = self.roster.host_of(req.token, sid)
        table = runner.table
        self.before_start(table)
        try:
            options = table.game.normalise_options(req.options, table.players)
        except RuleError as err:
            raise protocol.ProtocolError(protocol.BAD_REQUEST, str(err)) from None
        settings = self.merge_settings(table.settings, req.settings)
        # what players agreed to by saying ready changed: they say it again
        runner.set_options(
            options, settings, (options, agreed(settings)) != (table.options, agreed(table.settings))
        )
        return {"ok": True}

    async def ready(self, sid: str, req: protocol.Ready) -> protocol.Reply:
        runner, seat = self.roster.seat_of(req.token, sid)
        table = runner.table
        self.before_start(table)
        runner.ready(seat, req.on)
        return {"ok": True}

    async def start(self, sid: str, req: protocol.TokenOnly) -> protocol.Reply:
        runner, _ = self.roster.host_of(req.token, sid)
        table = runner.table
        self.before_start(table)
        waiting = [table.seats[i].name or f"seat {i + 1}" for i in table.not_ready()]
        if waiting:
            names = waiting[0] if len(waiting) == 1 else ", ".join(waiting[:-1]) + " and " + waiting[-1]
            raise protocol.ProtocolError(
                protocol.NOT_READY, f"{names} {'is' if len(waiting) == 1 else 'are'} not ready yet"
            )
        try:
            runner.start()
        except StoreError:
            raise
        except Exception:
            log.exception("table %s could not start", table.id)
            raise protocol.ProtocolError(
                protocol.INTERNAL, f"{table.game.title} could not be set up on this server"
            ) from None
        return {"ok": True}

    async def emote(self, sid: str, req: protocol.Emote) -> protocol.Reply:
        runner, seat = self.roster.seat_of(req.token, sid)
        holder = runner.table.seats[seat]
        now = self.clock()
        if now - holder.last_emote < self.config.emote_interval:
            raise protocol.ProtocolError(protocol.RATE_LIMITED, "one reaction at a time, please")
        try:
            runner.emote(seat, req.emote)
        except RuleError as err:  # a reaction the game's rules refuse: their reason, as for a move
            raise illegal(err) from None
        return {"ok": True}


def agreed(settings: dict[str, Any]) -> dict[str, Any]:
    """The settings players agree to by saying ready (whether the table is listed is the host's affair)."""
    return {key: value for key, value in settings.items() if key != "listed"}
