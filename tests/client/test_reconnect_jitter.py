"""Clients whose node went away come back spread out: each wait of the reconnection's backoff is
drawn from half to one and a half times its step, so the clients of a node that restarts do not all
knock in the same second. Driven through the real reconnection loop against a port where nothing
listens, its waits recorded rather than slept."""

from __future__ import annotations

import asyncio
import random

from soupkitchen.client.net import connection as net
from soupkitchen.client.net.connection import BACKOFF, Connection, reconnect_delay
from tests.services import free_port


def test_each_wait_is_its_step_jittered():
    jitter = random.Random(44)
    for failures, step in enumerate(BACKOFF):
        waits = [reconnect_delay(failures, jitter) for _ in range(500)]
        assert step * 0.5 <= min(waits) and max(waits) <= step * 1.5
        assert max(waits) - min(waits) > step * 0.9, "spread over the whole window"
    assert step * 0.5 <= reconnect_delay(99, jitter) <= step * 1.5  # the last step goes on


async def waits_of(conn: Connection, count: int) -> list[float]:
    """The first ``count`` waits of ``conn``'s reconnection loop (each recorded, not slept)."""
    waits: list[float] = []

    class Recorded:
        def __getattr__(self, name):
            return getattr(asyncio, name)

        @staticmethod
        async def sleep(seconds):
            waits.append(seconds)
            if len(waits) >= count:
                conn._closing = True
            await asyncio.sleep(0)

    net_asyncio, net.asyncio = net.asyncio, Recorded()
    try:
        await asyncio.wait_for(conn._reconnect(), 60)
    finally:
        net.asyncio = net_asyncio
    return waits


async def test_clients_of_a_node_gone_knock_again_spread_out():
    url = f"http://127.0.0.1:{free_port()}"  # nothing listens: every attempt fails at once
    firsts, sequences = [], set()
    for seed in range(12):
        conn = Connection(url)
        conn.jitter = random.Random(seed)
        waits = await waits_of(conn, 5)
        assert [round(wait / step, 6) for wait, step in zip(waits, BACKOFF, strict=True)] != [1.0] * 5
        assert all(step * 0.5 <= wait <= step * 1.5 for wait, step in zip(waits, BACKOFF, strict=True))
        assert conn.reconnect_attempts == 5 and not conn.connected
        firsts.append(sum(waits[:4]))  # when each knocks a fourth time: 7.5 s after the loss, unjittered
        sequences.add(tuple(waits))
    assert len(sequences) == 12
    assert max(firsts) - min(firsts) > 2.0, firsts  # not all in the same second
