"""Which server node owns which table, and where each node answers: leases and a directory in Redis.

A table has at most one owning node: its lease is a Redis key set only if absent, with an expiry
that the owner's heartbeat renews. A node that stops renewing (it died, or lost Redis) loses its
tables when their leases run out, and another node may claim them. Renewing and releasing check the
owner in one Lua script, so a node never extends or drops a lease it no longer holds. Each node
also writes its public address under an expiring key, so any node can send a client to the owner.
"""

from __future__ import annotations

from typing import Any

LEASE = "soupkitchen:lease:"   # + table id: the owning node's id
NODE = "soupkitchen:node:"     # + node id: its public address
NODES = "soupkitchen:nodes"    # the ids of the nodes that have announced themselves

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
    so the node stops serving it."""

    def __init__(self, leases: Leases, let_go: Any) -> None:
        self.leases, self.let_go = leases, let_go
        self.held: set[str] = set()

    async def claim(self, table_id: str) -> bool:
        """Take the table's lease; True if this node may serve the table."""
        if await self.leases.claim(table_id):
            self.held.add(table_id)
            return True
        return False

    async def beat(self) -> list[str]:
        """Renew every lease held; returns (and lets go of) the tables lost."""
        lost = await self.leases.renew(sorted(self.held))
        for table_id in lost:
            self.held.discard(table_id)
            self.let_go(table_id)
        return lost

    async def close(self) -> None:
        """Give every table up at once, so another node may take them without waiting."""
        for table_id in sorted(self.held):
            await self.leases.release(table_id)
        self.held.clear()
