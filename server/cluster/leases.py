"""Which server node owns which table, and where each node answers: leases and a directory in Redis.

A table has at most one owning node: its lease is a Redis key set only if absent, with an expiry
that the owner's heartbeat renews. A node that stops renewing (it died, or lost Redis) loses its
tables when their leases run out, and another node may claim them. Renewing and releasing check the
owner in one Lua script, so a node never extends or drops a lease it no longer holds. Each node
also writes its public address under an expiring key, so any node can send a client to the owner.
"""

from __future__ import annotations

import asyncio
import logging
import threading
import time
from typing import Any

log = logging.getLogger(__name__)

LEASE = "soupkitchen:lease:"  # + table id: the owning node's id
NODE = "soupkitchen:node:"  # + node id: its public address
NODES = "soupkitchen:nodes"  # the ids of the nodes that have announced themselves

RENEW = """
local lost = {}
for i, key in ipairs(KEYS) do
  if redis.call('GET', key) == ARGV[1] then
    redis.call('PEXPIRE', key, ARGV[2])
  else
    table.insert(lost, i)
  end
end
return lost
"""
RELEASE = """
if redis.call('GET', KEYS[1]) == ARGV[1] then
  return redis.call('DEL', KEYS[1])
end
return 0
"""


class Leases:
    """One node's leases on its tables and its entry in the node directory.

    ``redis`` is a ``redis.asyncio.Redis`` made with ``decode_responses=True``; ``seconds`` is how
    long a lease and an address last unless renewed (renew at least twice within it)."""

    def __init__(self, redis: Any, node: str, seconds: float = 6.0) -> None:
        self.redis, self.node = redis, node
        self.ms = int(seconds * 1000)
        self._renew = redis.register_script(RENEW)
        self._release = redis.register_script(RELEASE)

    async def claim(self, table_id: str) -> bool:
        """Take the table's lease if nobody holds it; True if this node holds it now."""
        if await self.redis.set(LEASE + table_id, self.node, nx=True, px=self.ms):
            return True
        return await self.owner(table_id) == self.node

    async def renew(self, table_ids: list[str]) -> list[str]:
        """Extend this node's leases on ``table_ids``; returns the tables whose lease it has lost."""
        if not table_ids:
            return []
        lost = await self._renew(keys=[LEASE + table_id for table_id in table_ids], args=[self.node, self.ms])
        return [table_ids[int(index) - 1] for index in lost]

    async def release(self, table_id: str) -> bool:
        """Give the table up (a finished game, a node stopping); False if this node did not hold it."""
        return bool(await self._release(keys=[LEASE + table_id], args=[self.node]))

    async def owner(self, table_id: str) -> str | None:
        """The node that holds the table's lease, if any does."""
        return await self.redis.get(LEASE + table_id)

    async def announce(self, address: str) -> None:
        """Say where this node answers, until the lease time runs out (call it with each heartbeat)."""
        async with self.redis.pipeline(transaction=True) as pipe:
            pipe.set(NODE + self.node, address, px=self.ms)
            pipe.sadd(NODES, self.node)
            await pipe.execute()

    async def withdraw(self) -> None:
        """Leave the directory at once (a node stopping cleanly)."""
        async with self.redis.pipeline(transaction=True) as pipe:
            pipe.delete(NODE + self.node)
            pipe.srem(NODES, self.node)
            await pipe.execute()

    async def address_of(self, node: str) -> str | None:
        """Where ``node`` answers, if it is alive."""
        return await self.redis.get(NODE + node)

    async def nodes(self) -> dict[str, str]:
        """Every live node and its address; nodes whose address ran out leave the directory."""
        ids = sorted(await self.redis.smembers(NODES))
        if not ids:
            return {}
        addresses = await self.redis.mget([NODE + node for node in ids])
        gone = [node for node, address in zip(ids, addresses, strict=True) if address is None]
        if gone:
            await self.redis.srem(NODES, *gone)
        return {node: address for node, address in zip(ids, addresses, strict=True) if address is not None}


class Holdings:
    """The tables one node serves under its leases: claim each it creates or restores, renew them
    all on each heartbeat (``beat``), let go of those whose lease it lost, release them all on close.

    ``let_go(table_id)`` is called for each table whose lease another node now holds or that ran out,
    so the node stops serving it. ``held`` is a frozenset, replaced on each change, so another thread
    (the :class:`Keepalive`) may read it at any moment."""

    def __init__(self, leases: Leases, let_go: Any) -> None:
        self.leases, self.let_go = leases, let_go
        self.held: frozenset[str] = frozenset()

    async def claim(self, table_id: str) -> bool:
        """Take the table's lease; True if this node may serve the table."""
        if await self.leases.claim(table_id):
            self.held = self.held | {table_id}
            return True
        return False

    def forget(self, table_id: str) -> None:
        """The node no longer serves the table under its lease (it lost it, or gives it up)."""
        self.held = self.held - {table_id}

    def lost(self, table_ids: list[str]) -> None:
        """Let go of the tables whose lease this node has lost."""
        for table_id in table_ids:
            if table_id in self.held:
                self.forget(table_id)
                self.let_go(table_id)

    async def beat(self) -> list[str]:
        """Renew every lease held; returns (and lets go of) the tables lost."""
        lost = await self.leases.renew(sorted(self.held))
        self.lost(lost)
        return lost

    async def close(self) -> None:
        """Give every table up at once, so another node may take them without waiting."""
        for table_id in sorted(self.held):
            await self.leases.release(table_id)
        self.held = frozenset()


class Keepalive:
    """Renews a node's leases and its address from a thread of its own, on a Redis connection of its
    own, every ``period`` seconds: a busy moment of the node's event loop (hundreds of games started
    at the same moment) cannot let its leases run out while the node lives, and a node that dies
    (kill -9) stops renewing with it.

    ``touched`` is the time.monotonic() when the last renewal Redis answered was sent. The tables
    whose lease was lost go to ``holdings.lost`` on the event loop that started the keepalive."""

    def __init__(self, url: str, node: str, seconds: float, period: float, holdings: Holdings) -> None:
        self.url, self.node, self.seconds, self.period, self.holdings = url, node, seconds, period, holdings
        self.address = ""
        self.touched = float("-inf")
        self.stopping = threading.Event()
        self.thread: threading.Thread | None = None
        self.loop: asyncio.AbstractEventLoop | None = None

    def start(self, address: str, touched: float) -> None:
        """Renew from now on, saying the node answers at ``address``; its last renewal was sent at
        ``touched``."""
        self.address, self.touched = address, touched
        self.loop = asyncio.get_running_loop()
        self.thread = threading.Thread(
            target=asyncio.run,
            args=(self._renew_until_stopped(),),
            name=f"leases of node {self.node}",
            daemon=True,
        )
        self.thread.start()

    async def stop(self) -> None:
        """Renew no more (after the renewal under way, if any)."""
        self.stopping.set()
        if self.thread is not None:
            await asyncio.to_thread(self.thread.join, self.seconds)

    async def _renew_until_stopped(self) -> None:
        import redis.asyncio as aioredis
        from redis.exceptions import RedisError

        redis = aioredis.Redis.from_url(
            self.url,
            decode_responses=True,
            socket_timeout=self.seconds / 2,
            socket_connect_timeout=self.seconds / 2,
        )
        leases, failing = Leases(redis, self.node, self.seconds), False
        try:
            while not self.stopping.is_set():
                sent = time.monotonic()
                try:
                    await leases.announce(self.address)
                    lost = await leases.renew(sorted(self.holdings.held))
                    self.touched = sent
                    if lost and self.loop is not None and not self.loop.is_closed():
                        self.loop.call_soon_threadsafe(self.holdings.lost, lost)
                    failing = False
                except (RedisError, OSError) as err:
                    if not failing:  # the node's heartbeat says it in the log, once
                        log.info("could not renew the leases in Redis: %s", err)
                    failing = True
                await asyncio.sleep(max(0.0, sent + self.period - time.monotonic()))
        finally:
            await redis.aclose()
