"""The lobby: connections, seat tokens and every table; the request handlers of the wire protocol.

Handlers take a socket id and a typed request (``server.protocol``), change tables, and return
the acknowledgement; they raise ProtocolError for anything refused, leaving every table as it was.
Playing (actions, the clock, bots, broadcasts) lives in :class:`server.play.Play`, mixed in here.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

from server import protocol as p
from server.config import ServerConfig
from server.games import available_games, load_game
from server.metrics import Metrics
from server.play import Play
from server.push import Pusher
from server.store import Store, password_hash, token_hash
from server.table import Table
from shared.core import RuleError

log = logging.getLogger(__name__)
Emit = Callable[..., Awaitable[None]]


@dataclass
class Connection:
    """One socket.io connection: where it comes from, whether it said hello, the seats it holds and
    the tables it watches."""

    address: str = ""  # the remote address (per-address limits)
    hello: bool = False
    tokens: set[str] = field(default_factory=set)  # token hashes
    watching: set[str] = field(default_factory=set)  # table ids
    allowance: float = 0.0
    checked: float = 0.0


class Hub(Play):
    def __init__(self, config: ServerConfig, emit: Emit, clock: Callable[[], float] = time.monotonic,
                 pusher: Pusher | None = None) -> None:
        self.config = config
        self.emit = emit
        self.pusher = pusher
        self.clock = clock
        self.store = Store(config.db_path)
        self.server_id = config.server_id or secrets.token_hex(4)
        self.tables: dict[str, Table] = {}
        self.tokens: dict[str, tuple[str, int]] = {}  # token hash -> (table id, seat)
        self.conns: dict[str, Connection] = {}
        self.creators: dict[str, str] = {}  # table id -> remote address that created it
        self.stopping = False  # set while the server shuts down: its disconnects are not players leaving
        self.metrics = Metrics(clock)
        self.tasks: set[asyncio.Task[Any]] = set()

    # --- plumbing ------------------------------------------------------------------------------
    def spawn(self, coro: Awaitable[Any]) -> None:
        task = asyncio.ensure_future(coro)
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)

    def connect(self, sid: str, address: str = "") -> None:
        """Admit a connection from remote ``address``; ProtocolError(limit) if that address already
        holds as many connections as it may."""
        most = self.config.max_connections_per_address
        if most and sum(conn.address == address for conn in self.conns.values()) >= most:
            raise p.ProtocolError(p.LIMIT, f"this computer ({address}) already has {most} connections to "
                                           "the server; close one and try again")
        self.conns[sid] = Connection(address=address, allowance=self.config.burst, checked=self.clock())

    def open_tables_from(self, address: str) -> int:
        """How many open tables (neither finished nor closed) connections from ``address`` created."""
        return sum(1 for table_id, creator in self.creators.items() if creator == address
                   and (table := self.tables.get(table_id)) is not None
                   and not table.closed and not table.over)

    def allow(self, sid: str) -> bool:
        """Token bucket per connection: ``rate`` requests per second, ``burst`` at once."""
        conn = self.conns.get(sid)
        if conn is None:
            return False
        now = self.clock()
        conn.allowance = min(self.config.burst, conn.allowance + (now - conn.checked) * self.config.rate)
        conn.checked = now
        if conn.allowance < 1:
            return False
        conn.allowance -= 1
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

    def host_of(self, token: str, sid: str) -> tuple[Table, int]:
        table, seat = self.seat_of(token, sid)
        if seat != table.host_seat:
            raise p.ProtocolError(p.NOT_HOST, "only the host of the table may do that")
        return table, seat

    @staticmethod
    def before_start(table: Table) -> None:
        if table.started:
            raise p.ProtocolError(p.ALREADY_STARTED, "the game at this table has already started")

    def attach(self, sid: str, table: Table, seat: int) -> None:
        conn = self.conns.get(sid)
        holder = table.seats[seat]
        if conn is None or holder.token_hash is None:
            return
        conn.tokens.add(holder.token_hash)
        holder.sids.add(sid)
        holder.away_since = None

    def push_to(self, sids: list[str], event: str, data: Any) -> None:
        """Queue one push for several connections, in order with every other push and ack."""
        if self.pusher is None:
            for sid in sids:
                self.spawn(self.emit(event, data, to=sid))
            return
        encoded = self.pusher.encode(event, data)
        for sid in sids:
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

    async def create_table(self, sid: str, req: p.CreateTable) -> dict[str, Any]:
        if sum(not t.closed for t in self.tables.values()) >= self.config.max_tables:
            raise p.ProtocolError(p.LIMIT, f"this server already has {self.config.max_tables} tables")
        if req.seats > self.config.max_seats:
            raise p.ProtocolError(p.LIMIT, f"a table has at most {self.config.max_seats} seats here")
        address, most = self.conns[sid].address, self.config.max_tables_per_address
        if most and self.open_tables_from(address) >= most:
            raise p.ProtocolError(p.LIMIT, f"this computer ({address}) already has {most} open tables on "
                                           "the server; finish or leave one first")
        try:
            game = load_game(req.game)
            options = game.normalise_options(req.options, req.seats)
        except KeyError:
            raise p.ProtocolError(p.BAD_REQUEST, f"unknown game {req.game!r}") from None
        except RuleError as err:
            raise p.ProtocolError(p.BAD_REQUEST, str(err)) from None
        settings = self.merge_settings({"bot_delay": self.config.bot_delay, "handoff_pauses_timer": True},
                                       req.settings)
        table_id = secrets.token_urlsafe(6)
        password = None if not req.password else password_hash(table_id, req.password)
        table = Table(self.store, game, table_id, req.seats, options, settings, password, time.time())
        token = table.seat_human(0, req.name)
        table.save()
        self.tables[table_id] = table
        self.creators[table_id] = address
        self.tokens[table.seats[0].token_hash or ""] = (table_id, 0)
        self.attach(sid, table, 0)
        return {"ok": True, "table": table.summary(), "seat": 0, "token": token}

    @staticmethod
    def merge_settings(settings: dict[str, Any], given: p.Settings | None) -> dict[str, Any]:
        result = dict(settings)
        if given is not None:
            result.update({k: v for k, v in given.model_dump().items() if v is not None})
        result["bot_delay"] = float(result["bot_delay"])
        return result

    async def join_table(self, sid: str, req: p.JoinTable) -> dict[str, Any]:
        table = self.table_of(req.table)
        if not table.check_password(req.password):
            raise p.ProtocolError(p.WRONG_PASSWORD, "that is not the table's password")
        self.before_start(table)
        if req.seat is None:
            seat = table.first_empty()
            if seat is None:
                raise p.ProtocolError(p.TABLE_FULL, "every seat at this table is taken")
        else:
            seat = req.seat
            if seat >= table.players:
                raise p.ProtocolError(p.BAD_REQUEST, f"this table has seats 0-{table.players - 1}")
            if not table.seats[seat].empty:
                raise p.ProtocolError(p.TABLE_FULL, f"seat {seat} is taken")
        token = table.seat_human(seat, req.name)
        table.reset_ready()
        table.save()
        self.tokens[table.seats[seat].token_hash or ""] = (table.id, seat)
        self.attach(sid, table, seat)
        self.lobby_changed(table)
        return {"ok": True, "table": table.summary(), "seat": seat, "token": token}

    async def resume(self, sid: str, req: p.Resume) -> dict[str, Any]:
        table, seat = self.seat_of(req.token)
        holder = table.seats[seat]
        self.attach(sid, table, seat)
        if holder.stand_in:
            holder.stand_in = False
            table.bots.pop(seat, None)
            table.pending.pop(seat, None)
        self.lobby_changed(table)
        if table.started:
            self.spawn(self.send_snapshot(table, seat, sid))
        return {"ok": True, "table": table.summary(), "seat": seat}

    async def spectate(self, sid: str, req: p.Spectate) -> dict[str, Any]:
        table = self.table_of(req.table)
        if not table.check_password(None) and sid not in self.audience(table):
            raise p.ProtocolError(p.WRONG_PASSWORD, "this table has a password; take a seat to watch")
        if len(table.spectators) >= self.config.max_spectators:
            raise p.ProtocolError(p.LIMIT, "this table has as many spectators as it can take")
        table.spectators.add(sid)
        self.conns[sid].watching.add(table.id)
        self.lobby_changed(table)
        if table.started:
            self.spawn(self.send_snapshot(table, None, sid))
        return {"ok": True, "table": table.summary()}

    async def leave(self, sid: str, req: p.TokenOnly) -> dict[str, Any]:
        table, seat = self.seat_of(req.token, sid)
        self.forget_tokens(table, seat)
        if table.started:  # the seat stays in the game, played by a bot from now on
            holder = table.seats[seat]
            holder.token_hash, holder.sids, holder.holding = None, set(), False
            holder.bot, holder.stand_in = True, False
            table.bots[seat] = table.new_bot(seat)
            self.clock_changed(table)
        else:
            table.free_seat(seat)
            table.reset_ready()
        humans = [i for i, s in enumerate(table.seats) if s.human]
        if seat == table.host_seat and humans:
            table.host_seat = humans[0]
        if not humans and not table.started:
            table.closed = True
            self.drop_table(table)
        table.save()
        self.lobby_changed(table)
        self.reschedule(table)
        return {"ok": True}

    def drop_table(self, table: Table) -> None:
        """Forget a closed table (its rows stay in the database)."""
        if table.timer is not None:
            table.timer.cancel()
        for seat in range(table.players):
            self.forget_tokens(table, seat)
        self.tables.pop(table.id, None)
        self.creators.pop(table.id, None)

    async def add_bot(self, sid: str, req: p.AddBot) -> dict[str, Any]:
        table, _ = self.host_of(req.token, sid)
        self.before_start(table)
        seat = table.first_empty() if req.seat is None else req.seat
        if seat is None or seat >= table.players or not table.seats[seat].empty:
            raise p.ProtocolError(p.TABLE_FULL, "there is no empty seat for a bot")
        table.seats[seat].bot = True
        table.reset_ready()
        table.save()
        self.lobby_changed(table)
        return {"ok": True, "seat": seat}

    async def remove_bot(self, sid: str, req: p.SeatRequest) -> dict[str, Any]:
        table, _ = self.host_of(req.token, sid)
        self.before_start(table)
        if req.seat >= table.players or not table.seats[req.seat].bot:
            raise p.ProtocolError(p.BAD_REQUEST, f"seat {req.seat} is not a bot")
        table.free_seat(req.seat)
        table.reset_ready()
        table.save()
        self.lobby_changed(table)
        return {"ok": True}

    async def kick(self, sid: str, req: p.SeatRequest) -> dict[str, Any]:
        table, host = self.host_of(req.token, sid)
        self.before_start(table)
        if req.seat >= table.players or req.seat == host or not table.seats[req.seat].human:
            raise p.ProtocolError(p.BAD_REQUEST, f"seat {req.seat} has no other player to kick")
        sids = sorted(table.seats[req.seat].sids)
        self.forget_tokens(table, req.seat)
        table.free_seat(req.seat)
        table.reset_ready()
        table.save()
        self.push_to(sids, "kicked", {"table": table.id})
        self.lobby_changed(table)
        return {"ok": True}

    async def set_options(self, sid: str, req: p.SetOptions) -> dict[str, Any]:
        table, _ = self.host_of(req.token, sid)
        self.before_start(table)
        try:
            options = table.game.normalise_options(req.options, table.players)
        except RuleError as err:
            raise p.ProtocolError(p.BAD_REQUEST, str(err)) from None
        settings = self.merge_settings(table.settings, req.settings)
        if (options, settings) != (table.options, table.settings):  # what players agreed to has changed
            table.reset_ready()
        table.options, table.settings = options, settings
        table.save()
        self.lobby_changed(table)
        return {"ok": True}

    async def ready(self, sid: str, req: p.Ready) -> dict[str, Any]:
        table, seat = self.seat_of(req.token, sid)
        self.before_start(table)
        if table.seats[seat].ready != req.on:
            table.seats[seat].ready = req.on
            table.save()
            self.lobby_changed(table)
        return {"ok": True}

    async def start(self, sid: str, req: p.TokenOnly) -> dict[str, Any]:
        table, _ = self.host_of(req.token, sid)
        self.before_start(table)
        waiting = [table.seats[i].name or f"seat {i + 1}" for i in table.not_ready()]
        if waiting:
            names = waiting[0] if len(waiting) == 1 else ", ".join(waiting[:-1]) + " and " + waiting[-1]
            raise p.ProtocolError(p.NOT_READY, f"{names} {'is' if len(waiting) == 1 else 'are'} not ready yet")
        filled = [i for i, seat in enumerate(table.seats) if seat.empty]
        for index in filled:
            table.seats[index].bot = True
        try:
            table.start(self.clock(), secrets.randbelow(2**31))
        except Exception:
            log.exception("table %s could not start", table.id)
            for index in filled:
                table.seats[index].bot = False
            table.record, table.state, table.seed = None, None, None
            table.bots.clear()
            raise p.ProtocolError(p.INTERNAL, f"{table.game.title} could not be set up on this server") from None
        table.save()
        for index, seat in enumerate(table.seats):
            if seat.human and not seat.sids:
                self.seat_away(table, index, seat.away_since or self.clock())
        self.lobby_changed(table)
        self.broadcast(table, snapshot=True)
        self.reschedule(table)
        return {"ok": True}

    async def emote(self, sid: str, req: p.Emote) -> dict[str, Any]:
        table, seat = self.seat_of(req.token, sid)
        holder = table.seats[seat]
        now = self.clock()
        if now - holder.last_emote < self.config.emote_interval:
            raise p.ProtocolError(p.RATE_LIMITED, "one reaction at a time, please")
        holder.last_emote = now
        self.push_to(self.audience(table), "emote", {"table": table.id, "seat": seat, "emote": req.emote})
        return {"ok": True}

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
                holder.holding = False
                if holder.ready and not table.started and not self.stopping:  # must say it again on resume
                    holder.ready = False
                    table.save()
                self.seat_away(table, seat, self.clock())
                if table.update_pause(self.clock()):
                    self.broadcast(table, snapshot=True)
            self.lobby_changed(table)

    # --- restore -------------------------------------------------------------------------------
    def restore(self) -> int:
        """Rebuild every open table from the database; returns how many."""
        now = self.clock()
        for row in self.store.load_open_tables():
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
        return len(self.tables)
