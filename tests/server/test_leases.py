"""Table leases and the node directory on a real Redis the tests start: a table has one owning node
at a time, a node cannot renew or drop a lease it lost, and a node that stops renewing loses its
tables to another and leaves the directory."""

from __future__ import annotations

import asyncio
import time

from soupkitchen.server.cluster.leases import Holdings, Leases

LONG = 600.0  # a lease that cannot run out during a test, however busy the machine
SHORT = 0.2  # a lease left to run out
PATIENCE = 30.0  # how long a test waits for Redis to let a short lease run out


async def eventually(check) -> None:
    """Wait until ``check()`` is true: a lease runs out in Redis's real time, not the test's."""
    deadline = time.monotonic() + PATIENCE
    while not await check():
        assert time.monotonic() < deadline, "the lease never ran out"
        await asyncio.sleep(0.05)  # real time: Redis expires the lease on its own clock


async def test_one_owner_at_a_time(redis):
    a, b = Leases(redis, "node-a", LONG), Leases(redis, "node-b", LONG)
    assert await a.claim("t1") and not await b.claim("t1")
    assert await a.claim("t1"), "claiming a table it holds already is a yes"
    assert await b.owner("t1") == "node-a" and await b.owner("t2") is None
    assert await b.claim("t2")
    assert await a.renew(["t1", "t2", "t3"]) == ["t2", "t3"]
    assert await b.renew(["t2"]) == [] and await a.renew([]) == []


async def test_only_the_owner_releases_and_then_anyone_may_claim(redis):
    a, b = Leases(redis, "node-a", LONG), Leases(redis, "node-b", LONG)
    await a.claim("t1")
    assert not await b.release("t1") and await b.owner("t1") == "node-a"
    assert await a.release("t1") and await a.owner("t1") is None
    assert await b.claim("t1") and not await a.release("t1")


async def test_a_node_that_stops_renewing_loses_its_tables_to_another(redis):
    gone, taker = Leases(redis, "node-a", SHORT), Leases(redis, "node-b", LONG)
    assert await gone.claim("t1")
    await eventually(lambda: taker.claim("t1"))
    assert await taker.owner("t1") == "node-b"
    assert await gone.renew(["t1"]) == ["t1"], "the old owner learns it lost the table"
    assert not await gone.release("t1") and await taker.owner("t1") == "node-b"


async def test_the_directory_lists_live_nodes_and_forgets_the_silent_ones(redis):
    a, b = Leases(redis, "node-a", LONG), Leases(redis, "node-b", SHORT)
    await a.announce("http://10.0.0.1:8765")
    await b.announce("http://10.0.0.2:8765")
    assert await a.address_of("node-a") == "http://10.0.0.1:8765"

    async def only_a() -> bool:
        return await a.nodes() == {"node-a": "http://10.0.0.1:8765"}

    await eventually(only_a)
    assert await a.address_of("node-b") is None
    await a.withdraw()
    assert await a.nodes() == {}


async def test_holdings_let_go_of_a_lost_table_and_release_on_close(redis):
    dropped: list[str] = []
    mine = Holdings(Leases(redis, "node-a", SHORT), dropped.append)
    other = Leases(redis, "node-b", LONG)
    assert await mine.claim("t1") and await mine.claim("t2")
    assert not await Holdings(other, dropped.append).claim("t1"), "a held table cannot be claimed"
    await redis.set("soupkitchen:lease:t2", "node-b")  # another node holds t2 now
    assert await mine.beat() == ["t2"] and dropped == ["t2"] and mine.held == {"t1"}
    await mine.close()
    assert mine.held == set() and await other.owner("t1") is None
    assert await other.claim("t1"), "a released table is free at once"
