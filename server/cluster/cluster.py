"""A server as one node of several (``soupkitchen-server --redis ... --postgres ...``): each table
is served by the one node that holds its lease in Redis, every node keeps its tables in the one
PostgreSQL database, and any node answers hello, the table list and table creation.

- A node claims a table's lease when it creates or rebuilds the table, renews its leases on a
  heartbeat (the server's scheduler), and lets a table go when its lease is lost or the database
  says another node has played it on (``HistoryTaken``): its connections at that table are closed,
  so their clients come back through a node that serves it.
- A request about a table another node serves is answered ``moved``, with that node's public
  address; the client connects there by itself. A seat token is found in the database on any node.
- Each heartbeat also publishes the node's address and its open tables (for every node's table
  list and invite codes), and sweeps: a table whose lease ran out (its node died) is claimed and
  rebuilt from the database's log, the restart path.
- A node that has not heard from Redis for longer than its leases can be trusted refuses every
  change (the store's gate), so it never acknowledges a move it might not be allowed to store.
- The one lobby-wide push, ``tables_changed`` to the connections watching the table list, goes
  through python-socketio's ``AsyncRedisManager`` (:func:`message_queue`) to every node's watchers;
  the node publishes its tables before it, and one Redis key spaces those pushes out across the
  nodes. A table's own pushes never leave its node (``server.net.transport``, ``server.net.push``).
"""

from __future__ import annotations

import asyncio
import json
import logging
import time
from typing import TYPE_CHECKING, Any
from urllib.parse import urlsplit

from soupkitchen.server.cluster.leases import LEASE, Holdings, Keepalive, Leases
from soupkitchen.server.storage.store import Store, StoreError, token_hash
from soupkitchen.server.tables.table import Table
from soupkitchen.shared.wire import codes, protocol

if TYPE_CHECKING:
    from soupkitchen.server.hub import Handler, Hub

log = logging.getLogger(__name__)

OPEN = "soupkitchen:open"  # the ids of every node's open tables (a set)
TABLES = "soupkitchen:tables:"  # + node id: that node's open tables, id -> summary (a hash that expires)
CHANNEL = "soupkitchen:socketio"  # the pub/sub channel of the nodes' socket.io message queue
SIGNALLED = "soupkitchen:signalled"  # set by the node that has just told every watcher (expires)
REDIS_CONNECTIONS = 16  # connections a node holds to Redis at most
BEATS_A_LEASE = 6  # heartbeats in a lease's time
DATABASE_SWEEP = 60  # every so many heartbeats the sweep also reads the database's open tables
OUT_OF_TOUCH = (
    "this server has lost touch with Redis, where the servers agree which of them runs each "
    "table, so nothing was changed; try again in a moment"
)


def shown(url: str) -> str:
    """A Redis address as the log may show it: without its password."""
    parts = urlsplit(url)
    host = parts.hostname or ""
    return f"{parts.scheme}://{host}{f':{parts.port}' if parts.port else ''}{parts.path}"


class Moved(protocol.ProtocolError):
    """The table is served by the node at ``address``: the client connects there and asks again."""

    def __init__(self, table_id: str, address: str) -> None:
        super().__init__(protocol.MOVED, f"table {table_id} is served by another server, at {address}")
        self.address = address

    def to_json(self) -> dict[str, Any]:
        answer = super().to_json()
        answer["error"]["address"] = self.address
        return answer


class Node:
    """This server's part in a cluster: its leases, its heartbeat, and where other tables are."""

    def __init__(self, hub: Hub, url: str, lease_seconds: float) -> None:
        import redis.asyncio as aioredis

        self.hub = hub
        self.id = hub.server_id
        self.where = shown(url)
        self.seconds = lease_seconds
        # A heartbeat every sixth of a lease: a node whose event loop is busy for a while (a crowd
        # connecting at once) still renews its leases several times before its gate would close.
        self.period = lease_seconds / BEATS_A_LEASE
        # Requests that ask Redis at the same moment (a crowd coming back after a failover) wait
        # for one of a few connections rather than fail, and the heartbeat waits its turn with them.
        pool = aioredis.BlockingConnectionPool.from_url(
            url,
            decode_responses=True,
            max_connections=REDIS_CONNECTIONS,
            timeout=lease_seconds / 2,
            socket_timeout=lease_seconds / 2,
            socket_connect_timeout=lease_seconds / 2,
        )
        self.redis = aioredis.Redis.from_pool(pool)
        self.leases = Leases(self.redis, self.id, lease_seconds)
        self.holdings = Holdings(self.leases, self.lost)
        self.keepalive = Keepalive(url, self.id, lease_seconds, self.period, self.holdings)
        self.address = ""
        self.directory: dict[str, str] = {}  # node id -> public address, as of the last heartbeat
        self.published: dict[str, str] | None = None  # the summaries last published
        self.publishing = asyncio.Lock()  # one publish at a time: each writes what changed since the last
        self.letting_go: set[str] = set()
        # tables let go because a change of theirs could not be stored (the database went away), still
        # this node's: rebuilt here from what was stored once it can be read, and their connections,
        # left open, take their seats back then. Table id -> (connection -> seat, spectators).
        self.rebuilding: dict[str, tuple[dict[str, int], set[str]]] = {}
        self.let_go: set[str] = set()  # tables let go since the last heartbeat (their lease may have run out)
        self.taking: dict[str, asyncio.Future[bool]] = {}  # table id -> its takeover under way
        self.timer: Any = None
        self.beating: asyncio.Task[Any] | None = None
        self.closed = False
        self.beats = 0
        self.failing = False  # the log has said Redis cannot be reached (until it can again)

    # --- life ----------------------------------------------------------------------------------
    async def start(self) -> None:
        """StoreError, naming the Redis server, if it cannot be reached."""
        from redis.exceptions import RedisError

        try:
            await self.redis.ping()
        except (RedisError, OSError) as err:
            await self.redis.aclose()
            raise StoreError(protocol.STORAGE_FAILED, f"cannot reach Redis at {self.where}: {err}") from None
        # the event loop waits for PostgreSQL no more: the node's changes are stored behind it, and
        # what tells of them waits (``server/storage/store_pg.py``)
        write_behind = getattr(self.hub.store, "write_behind", None)
        if write_behind is not None:
            write_behind()

    async def join(self, address: str) -> int:
        """Say where this node answers, take every stored open table no node holds, and beat from
        now on; returns how many tables this node serves."""
        self.address = address
        sent = time.monotonic()
        await self.leases.announce(address)
        self.keepalive.start(address, sent)
        await self.beat()
        for table_id in await self.hub.store.read(Store.open_table_ids):
            if table_id not in self.hub.roster.runners and await self.leases.owner(table_id) is None:
                await self.take(table_id)
        self.next_beat()
        return len(self.hub.roster.runners)

    def next_beat(self) -> None:
        if not self.closed:
            self.timer = self.hub.scheduler.call_later(self.period, self._beat_now)

    def _beat_now(self) -> None:
        async def beat_then_again() -> None:
            try:
                await self.beat()
            except Exception:  # a fault of ours: said, and the next heartbeat comes all the same
                log.exception("the heartbeat failed")
            finally:
                self.next_beat()

        self.beating = asyncio.ensure_future(beat_then_again())

    def stop(self) -> None:
        """Beat no more (the server is stopping; its leases are still its own)."""
        self.closed = True
        self.keepalive.stopping.set()
        if self.timer is not None:
            self.timer.cancel()
        if self.beating is not None:
            self.beating.cancel()

    async def close(self) -> None:
        """Give up every table and leave the directory, so other nodes take over at once."""
        self.stop()
        await self.keepalive.stop()  # no renewal may come after the leases are given up
        await self.hub.store.drained()  # nor a change of a table after another node has read it
        try:
            await self.holdings.close()
            await self.leases.withdraw()
            await self.redis.delete(TABLES + self.id)
        except Exception as err:  # noqa: BLE001 - the leases run out by themselves
            log.warning(
                "could not give the tables up in Redis at %s (%s); they pass to other nodes "
                "when their leases run out",
                self.where,
                err,
            )
        await self.redis.aclose()

    # --- the heartbeat -------------------------------------------------------------------------
    @property
    def touched(self) -> float:
        """time.monotonic() when the last renewal of the leases that Redis answered was sent."""
        return self.keepalive.touched

    def in_touch(self) -> bool:
        """Whether this node's leases are surely still its own: the last renewal Redis answered was
        sent less than a lease ago, with a sixth of a lease to spare (for the write under way)."""
        return time.monotonic() - self.touched < self.seconds - self.seconds / BEATS_A_LEASE

    def check_write(self) -> None:
        """The store's gate: StoreError unless this node may write."""
        if not self.in_touch():
            raise StoreError(protocol.STORAGE_UNAVAILABLE, OUT_OF_TOUCH)

    async def beat(self) -> None:
        """Learn where the other nodes are, publish this node's open tables, and take over the
        tables whose node has gone (the leases are renewed by the keepalive's thread)."""
        from redis.exceptions import RedisError

        self.beats += 1
        try:
            self.directory = await self.leases.nodes()
            await self.publish()
            # the tables of every node, and now and then every open one the database holds, in case
            # Redis lost its keys (it restarted): whichever no node holds is taken over
            stored = await self.stored_open() if self.beats % DATABASE_SWEEP == 0 else []
            lost, self.let_go = self.let_go, set()
            await self.rebuild()
            await self.sweep([*lost, *stored])
        except (RedisError, OSError) as err:
            if not self.failing:
                self.failing = True
                log.error(
                    "cannot reach Redis at %s (%s): this node refuses every change until it can",
                    self.where,
                    err,
                )
            return
        if self.failing:
            self.failing = False
            log.warning("Redis at %s answers again", self.where)

    async def publish(self) -> None:
        """Write this node's open tables where every node's table list reads them (once a second:
        what changed since the last time, and all of them now and then)."""
        if self.beats % 2 and self.published is not None:
            await self.redis.pexpire(TABLES + self.id, int(self.seconds * 1000))
            return
        async with self.publishing:
            await self._publish(self.beats % DATABASE_SWEEP == 0)

    async def publish_tables(self, ids: set[str]) -> None:
        """Write these tables of this node where every node's table list reads them, at once (an
        open one's summary; one closed, finished or gone, out); all of them if Redis may lack some."""
        async with self.publishing:
            await self._publish(False, ids)

    async def _publish(self, whole: bool, only: set[str] | None = None) -> None:
        """Write what changed in this node's open tables since the last write, of the tables ``only``
        names (default: all); ``whole`` (or Redis perhaps lacking some): all of them, anew."""
        key = TABLES + self.id
        whole = whole or self.published is None
        before = {} if whole else self.published
        runners = self.hub.roster.runners
        ids = runners.keys() if whole or only is None else only
        summaries = {
            table_id: json.dumps(runners[table_id].summary())
            for table_id in ids
            if table_id in runners and not runners[table_id].table.closed and not runners[table_id].table.over
        }
        changed = {table_id: text for table_id, text in summaries.items() if before.get(table_id) != text}
        gone = [
            table_id
            for table_id in (before if only is None else only & before.keys())
            if table_id not in summaries
        ]
        if only is not None and not whole and not changed and not gone:
            return
        self.published = None  # until Redis has it all
        async with self.redis.pipeline(transaction=True) as pipe:
            if whole:
                pipe.delete(key)
            if changed:
                pipe.hset(key, mapping=changed)
            if gone:
                pipe.hdel(key, *gone)
            pipe.pexpire(key, int(self.seconds * 1000))
            await pipe.execute()
        if whole or only is None:
            self.published = summaries
        else:
            self.published = {
                table_id: text for table_id, text in before.items() if table_id not in gone
            } | changed

    async def before_signal(self, ids: set[str]) -> float:
        """Before this node tells every node's watchers that the table list changed: publish the
        tables that changed, so that the list they ask for has the change; then 0 if it may tell
        them now, or the seconds until it may (another node has just told them, and they are
        asking already)."""
        await self.publish_tables(ids)
        interval = self.hub.watch.interval
        if await self.redis.set(SIGNALLED, self.id, nx=True, px=max(1, int(interval * 1000))):
            return 0.0
        left = await self.redis.pttl(SIGNALLED)
        return max(left, 1) / 1000 if left > 0 else 0.001

    async def stored_open(self) -> list[str]:
        try:
            return await self.hub.store.read(Store.open_table_ids)
        except StoreError:  # the store has said why
            return []

    async def rebuild(self) -> None:
        """Serve again the tables let go when their changes could not be stored, once the database
        can be read (each heartbeat tries, oldest first)."""
        for table_id in list(self.rebuilding):
            try:
                await self.take(table_id)
            except StoreError:  # the store has said why; the next heartbeat tries again
                return

    async def sweep(self, more: list[str]) -> None:
        """Claim and rebuild every open table (of those listed in Redis, and ``more``) whose lease
        ran out; a table this node lost because its lease ran out comes back rebuilt from the log
        (it stays listed in Redis)."""
        ids = sorted((set(await self.redis.smembers(OPEN)) | set(more)) - set(self.hub.roster.runners))
        if not ids:
            return
        owners = await self.redis.mget([LEASE + table_id for table_id in ids])
        for table_id, owner in zip(ids, owners, strict=True):
            if owner is None:
                try:
                    await self.take(table_id)
                except StoreError:  # the store has said why; the next heartbeat tries again
                    return

    # --- tables coming and going ----------------------------------------------------------------
    async def claim_new(self, table_id: str) -> None:
        """Hold a table this node is creating (ProtocolError if another holds that id already)."""
        from redis.exceptions import RedisError

        try:
            claimed = await self.holdings.claim(table_id)
            if claimed:
                await self.redis.sadd(OPEN, table_id)
        except (RedisError, OSError):
            raise StoreError(protocol.STORAGE_UNAVAILABLE, OUT_OF_TOUCH) from None
        if not claimed:
            raise protocol.ProtocolError(protocol.INTERNAL, "the server could not make that table; try again")

    async def take(self, table_id: str) -> bool:
        """Claim a stored open table no node holds and rebuild it from its log; True if this node
        serves it now. StoreError (the lease given back) if the database cannot be read. A table
        is taken once however many ask at the same time (the sweep, requests for it): each waits
        for the one taking."""
        task = self.taking.get(table_id)
        if task is None:
            task = self.taking[table_id] = asyncio.ensure_future(self._take(table_id))
            task.add_done_callback(lambda _done: self.taking.pop(table_id, None))
        return await asyncio.shield(task)

    async def _take(self, table_id: str) -> bool:
        if table_id in self.hub.roster.runners:
            return True
        rebuilding = table_id in self.rebuilding  # this node's still: its lease is held all along
        if not rebuilding and not await self.hub.store.read(Store.is_open, table_id):
            await self.redis.srem(OPEN, table_id)
            return False
        if not await self.holdings.claim(table_id):
            self.gone_for_good(table_id)
            return False
        try:
            row = await self.hub.store.read(
                Store.load_table, table_id
            )  # after the claim: no other node writes it
        except StoreError:
            if not rebuilding:
                await self.give_up(table_id)
            raise
        # a table rebuilt whose last move, in flight, ended its game is served over, for its players
        # to see the end (and let go after its linger, as any finished table)
        served = row is not None and not row["closed"] and (rebuilding or not row["over"])
        runner = self.hub.restore_row(row) if served and row is not None else None
        if runner is None:
            self.gone_for_good(table_id)
            await self.give_up(table_id)
            await self.redis.srem(OPEN, table_id)
            return False
        if not runner.table.over:
            await self.redis.sadd(OPEN, table_id)
        seats, spectators = self.rebuilding.pop(table_id, ({}, set()))
        for sid, seat in seats.items():  # the connections left open take their seats back
            if sid in self.hub.conns:
                runner.resume(sid, seat)
        for sid in spectators:
            if sid in self.hub.conns:
                runner.watch(sid)
        log.info("serving table %s, %s from its log", table_id, "rebuilt" if rebuilding else "taken over")
        return True

    def gone_for_good(self, table_id: str) -> None:
        """A table waiting to be rebuilt will not be here: its connections are closed, so that their
        clients find where it is (or that it is over)."""
        seats, spectators = self.rebuilding.pop(table_id, ({}, set()))
        self._close_all([*seats, *spectators])

    async def give_up(self, table_id: str) -> None:
        self.holdings.forget(table_id)
        await self.leases.release(table_id)

    def lost(self, table_id: str, answer_first: bool = False) -> None:
        """Another node serves the table now (or nobody may until its lease is claimed again): stop
        serving it, and close the connections at it so their clients find where it went (with
        ``answer_first``, once the requests waiting on it have their answers)."""
        runner = self.hub.roster.runners.get(table_id)
        self.holdings.forget(table_id)
        self.let_go.add(table_id)
        if table_id in self.rebuilding:
            self.gone_for_good(table_id)
        if runner is None:
            return
        log.warning("table %s is no longer this node's to serve; letting it go", table_id)
        audience = runner.audience()
        self.letting_go.add(table_id)
        try:
            self.hub.roster.drop(runner.table)
        finally:
            self.letting_go.discard(table_id)
        if answer_first:
            self.hub.scheduler.call_later(0.0, self._close_all, audience)
        else:
            self._close_all(audience)

    def unstored(self, table_id: str) -> None:
        """A change of the table could not be stored, the database having gone away (or refused it):
        the table is ahead of what was stored, so it is let go, and rebuilt here from what was once
        the database can be read. Its lease stays this node's, and its connections stay open: they
        hear nothing of it meanwhile (each request about it is refused while the database cannot be
        read) and take their seats back when it is rebuilt."""
        runner = self.hub.roster.runners.get(table_id)
        if runner is None:
            return
        table = runner.table
        seats = {sid: index for index, seat in enumerate(table.seats) for sid in seat.sids}
        self.rebuilding[table_id] = (seats, set(table.spectators))
        log.warning(
            "table %s is ahead of the database; it is let go, and rebuilt from what was stored", table_id
        )
        self.letting_go.add(table_id)
        try:
            self.hub.roster.drop(table)
        finally:
            self.letting_go.discard(table_id)

    def _close_all(self, sids: list[str]) -> None:
        for sid in sids:
            self.hub.close_connection(sid)

    def taken(self, table_id: str) -> None:
        """The database says another node has played the table on: let it go (once the step
        that found out has unwound)."""
        self.holdings.forget(table_id)
        self.hub.scheduler.call_later(0.0, self.lost, table_id)

    def dropped(self, table: Table) -> None:
        """The roster forgot a table (closed, finished and gone, or never made): give its lease up."""
        if (
            table.id in self.letting_go
            or self.closed
            or table.id not in self.holdings.held
            or table.id in self.hub.roster.runners
        ):
            return

        async def release() -> None:
            try:
                await self.give_up(table.id)
                await self.redis.srem(OPEN, table.id)
            except Exception as err:  # noqa: BLE001 - the lease runs out by itself
                log.info("could not give table %s up in Redis: %s", table.id, err)

        self.hub.spawn(release())

    # --- where tables are ----------------------------------------------------------------------
    async def asked(self, question: Any) -> Any:
        """The answer of a request's question to Redis; StoreError, saying so, if Redis cannot answer."""
        from redis.exceptions import RedisError

        try:
            return await question
        except (RedisError, OSError):
            raise StoreError(protocol.STORAGE_UNAVAILABLE, OUT_OF_TOUCH) from None

    async def route_table(self, table_id: str) -> None:
        """Return if this node serves the table, or nobody does (the lobby answers then); Moved
        if another node serves it. A table no node holds is taken here."""
        runner = self.hub.roster.runners.get(table_id)
        if runner is not None and not runner.table.closed:
            return
        owner = await self.leases.owner(table_id)
        if owner is None or owner == self.id:  # nobody's, or this node's and being taken over here
            await self.take(table_id)
            return
        address = self.directory.get(owner) or await self.leases.address_of(owner)
        # a node whose address has run out is dying: ask again here, once its lease has run out too
        raise Moved(table_id, address or self.address)

    async def route_token(self, token: str) -> None:
        """As ``route_table``, for the table of a seat token this node does not know."""
        found = await self.hub.store.read(Store.seat_of_token, token_hash(token))
        if found is not None:
            await self.route_table(found[0])

    async def others_open(self) -> list[dict[str, Any]]:
        """The open tables the other live nodes published."""
        others = [node for node in self.directory if node != self.id]
        if not others:
            return []
        async with self.redis.pipeline(transaction=False) as pipe:
            for node in others:
                pipe.hvals(TABLES + node)
            published = await pipe.execute()
        return [json.loads(text) for values in published for text in values]

    def snapshot(self) -> dict[str, Any]:
        """For ``GET /metrics``: this node, its tables' leases, and whether it is in touch with Redis."""
        return {
            "id": self.id,
            "address": self.address,
            "redis": self.where,
            "leases": len(self.holdings.held),
            "in_touch": self.in_touch(),
            "nodes": len(self.directory),
        }

    def addresses(self) -> list[str]:
        """Every live node's public address, this one's first."""
        return [self.address] + sorted(address for node, address in self.directory.items() if node != self.id)


def serve_as_node(hub: Hub, redis_url: str) -> Node:
    """Make ``hub`` one node of the cluster at ``redis_url``: the requests about a table or a seat
    this node does not serve are routed first, and every write passes the node's gate."""
    node = hub.node = Node(hub, redis_url, hub.config.lease_seconds)
    hub.store.gate, hub.store.on_taken = node.check_write, node.taken
    hub.lobby.claim = node.claim_new
    hub.watch.before = node.before_signal
    for event in ("join_table", "spectate"):
        hub.events[event] = routed_by_table(hub, node, hub.events[event])
    for event in (
        "resume",
        "leave",
        "add_bot",
        "remove_bot",
        "kick",
        "set_options",
        "ready",
        "start",
        "emote",
        "act",
        "hold",
    ):
        hub.events[event] = routed_by_token(hub, node, hub.events[event])
    hub.events["find_table"] = found_anywhere(hub, node, hub.events["find_table"])
    return node


def message_queue(redis_url: str) -> Any:
    """The socket.io client manager of a node: its emits to rooms reach every node's connections
    through Redis (the table list's watchers); an emit with ``ignore_queue`` stays on this node."""
    import socketio

    return socketio.AsyncRedisManager(redis_url, channel=CHANNEL)


def routed_by_table(hub: Hub, node: Node, handler: Handler) -> Handler:
    """``handler``, first sending a request for a table served elsewhere on to its node."""

    async def routed(sid: str, req: Any) -> dict[str, Any]:
        if req.table not in hub.roster.runners:
            hub.registry.may_look_up(hub.conns[sid].address)  # each lookup may cost Redis a lease
            await node.asked(node.route_table(req.table))
        return await handler(sid, req)

    return routed


def routed_by_token(hub: Hub, node: Node, handler: Handler) -> Handler:
    """``handler``, first sending a request by a seat served elsewhere on to its node."""

    async def routed(sid: str, req: Any) -> dict[str, Any]:
        if hub.registry.seat_named(req.token) is None:
            await node.asked(node.route_token(req.token))
        return await handler(sid, req)

    return routed


def found_anywhere(hub: Hub, node: Node, handler: Handler) -> Handler:
    """``find_table`` for an invite code of a table on any node (``handler`` answers for this node's, and for
    none)."""

    async def find(sid: str, req: protocol.FindTable) -> dict[str, Any]:
        code = codes.normalise(req.code)
        if code is not None and hub.roster.coded(code) is None:
            hub.registry.may_look_up(hub.conns[sid].address)
            for summary in await node.asked(node.others_open()):
                if summary.get("code") == code:
                    return {"ok": True, "table": summary}
        return await handler(sid, req)

    return find
