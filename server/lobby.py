"""The lobby requests of the wire protocol: creating, joining, resuming, watching and leaving a
table, the host's powers before the start (bots, kicks, options), ready, start and emotes.

Each handler takes a socket id and a typed request (``server.protocol``), changes the table, and
returns the acknowledgement; it raises ProtocolError for anything refused, leaving the table as it was.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
import time
from typing import TYPE_CHECKING, Any

from soupkitchen.server import protocol as p
from soupkitchen.server.games import load_game
from soupkitchen.server.store import password_hash
from soupkitchen.server.table import Table
from soupkitchen.shared.core import RuleError

if TYPE_CHECKING:
    from soupkitchen.server.hub import Hub

log = logging.getLogger(__name__)


class Lobby:
    """Mixed into :class:`server.hub.Hub`."""

    def host_of(self: Hub, token: str, sid: str) -> tuple[Table, int]:
        table, seat = self.seat_of(token, sid)
        if seat != table.host_seat:
            raise p.ProtocolError(p.NOT_HOST, "only the host of the table may do that")
        return table, seat

    @staticmethod
    def before_start(table: Table) -> None:
        if table.started:
            raise p.ProtocolError(p.ALREADY_STARTED, "the game at this table has already started")

    async def create_table(self: Hub, sid: str, req: p.CreateTable) -> dict[str, Any]:
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

    async def join_table(self: Hub, sid: str, req: p.JoinTable) -> dict[str, Any]:
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

    async def resume(self: Hub, sid: str, req: p.Resume) -> dict[str, Any]:
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

    async def spectate(self: Hub, sid: str, req: p.Spectate) -> dict[str, Any]:
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

    async def leave(self: Hub, sid: str, req: p.TokenOnly) -> dict[str, Any]:
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
            self.close_table(table)
            return {"ok": True}
        table.save()
        self.lobby_changed(table)
        self.reschedule(table)
        self.watch_lobby(table)  # the players left behind may all be away
        return {"ok": True}

    async def add_bot(self: Hub, sid: str, req: p.AddBot) -> dict[str, Any]:
        table, _ = self.host_of(req.token, sid)
        self.before_start(table)
        seat = table.first_empty() if req.seat is None else req.seat
        if seat is None or seat >= table.players or not table.seats[seat].empty:
            raise p.ProtocolError(p.TABLE_FULL, "there is no empty seat for a bot")
        table.seats[seat].bot = True
        table.set_bot_level(seat, req.level)
        table.reset_ready()
        table.save()
        self.lobby_changed(table)
        return {"ok": True, "seat": seat, "level": req.level}

    async def remove_bot(self: Hub, sid: str, req: p.SeatRequest) -> dict[str, Any]:
        table, _ = self.host_of(req.token, sid)
        self.before_start(table)
        if req.seat >= table.players or not table.seats[req.seat].bot:
            raise p.ProtocolError(p.BAD_REQUEST, f"seat {req.seat} is not a bot")
        table.free_seat(req.seat)
        table.set_bot_level(req.seat, None)
        table.reset_ready()
        table.save()
        self.lobby_changed(table)
        return {"ok": True}

    async def kick(self: Hub, sid: str, req: p.SeatRequest) -> dict[str, Any]:
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

    async def set_options(self: Hub, sid: str, req: p.SetOptions) -> dict[str, Any]:
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

    async def ready(self: Hub, sid: str, req: p.Ready) -> dict[str, Any]:
        table, seat = self.seat_of(req.token, sid)
        self.before_start(table)
        if table.seats[seat].ready != req.on:
            table.seats[seat].ready = req.on
            table.save()
            self.lobby_changed(table)
        return {"ok": True}

    async def start(self: Hub, sid: str, req: p.TokenOnly) -> dict[str, Any]:
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
        table.update_pause(self.clock())  # a seat that said hold in the lobby holds the new game's clock
        table.save()
        for index, seat in enumerate(table.seats):
            if seat.human and not seat.sids:
                self.seat_away(table, index, seat.away_since or self.clock())
        self.lobby_changed(table)
        self.broadcast(table, snapshot=True)
        self.reschedule(table)
        return {"ok": True}

    async def emote(self: Hub, sid: str, req: p.Emote) -> dict[str, Any]:
        table, seat = self.seat_of(req.token, sid)
        holder = table.seats[seat]
        now = self.clock()
        if now - holder.last_emote < self.config.emote_interval:
            raise p.ProtocolError(p.RATE_LIMITED, "one reaction at a time, please")
        holder.last_emote = now
        self.push_to(self.audience(table), "emote", {"table": table.id, "seat": seat, "emote": req.emote})
        return {"ok": True}

    # --- abandoned lobbies ---------------------------------------------------------------------
    def abandoned(self: Hub, table: Table) -> bool:
        """An open lobby that no connection holds a seat of, on a server that closes such lobbies."""
        return (self.config.lobby_idle > 0 and not self.stopping and not table.closed and not table.started
                and not table.attended)

    def watch_lobby(self: Hub, table: Table) -> None:
        """Count down ``lobby_idle`` seconds for an abandoned lobby (from when it was first left so),
        or stop counting once a connection holds one of its seats again."""
        if not self.abandoned(table):
            table.idle_since = None
            if table.idle_timer is not None:
                table.idle_timer.cancel()
                table.idle_timer = None
            return
        if table.idle_since is None:
            table.idle_since = self.clock()
        if table.idle_timer is None:
            delay = max(0.0, table.idle_since + self.config.lobby_idle - self.clock())
            table.idle_timer = asyncio.get_running_loop().call_later(delay, self.expire_lobby, table)

    def expire_lobby(self: Hub, table: Table) -> bool:
        """Close the lobby if it has been abandoned for ``lobby_idle`` seconds of the server's clock;
        True if it closed. Its countdown calls this; so may whoever moved the clock by hand."""
        if table.idle_timer is not None:
            table.idle_timer.cancel()
            table.idle_timer = None
        if self.tables.get(table.id) is not table:
            return False
        if (self.abandoned(table) and table.idle_since is not None
                and self.clock() - table.idle_since >= self.config.lobby_idle):
            log.info("table %s closes: nobody has held a seat for %.0f s", table.id, self.config.lobby_idle)
            self.close_table(table)
            return True
        self.watch_lobby(table)  # not yet (the timer woke early), or no longer abandoned
        return False

    def close_table(self: Hub, table: Table) -> None:
        """Close a table that has not started, for good: it leaves the open tables (and its creator's
        count), its seat tokens stop working, and whoever still watches gets a last ``lobby`` push."""
        table.closed = True
        self.drop_table(table)
        table.save()
        self.lobby_changed(table)
