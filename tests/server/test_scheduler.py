"""The server's time: a hand-moved scheduler runs each timer at its own moment, in order, and
never one that was cancelled; the loop's scheduler fires on the event loop."""

from __future__ import annotations

import asyncio

from soupkitchen.server.tables.scheduler import HandScheduler, LoopScheduler


def test_advancing_runs_the_timers_due_in_order_each_at_its_own_moment():
    hand = HandScheduler(start=10.0)
    fired: list[tuple[str, float]] = []
    hand.call_at(12.0, lambda: fired.append(("b", hand.clock())))
    hand.call_later(1.0, lambda: fired.append(("a", hand.clock())))
    hand.call_later(1.0, lambda: hand.call_later(0.5, lambda: fired.append(("a's own", hand.clock()))))
    gone = hand.call_at(11.5, lambda: fired.append(("cancelled", hand.clock())))
    gone.cancel()
    hand.advance(1.9)
    assert fired == [("a", 11.0), ("a's own", 11.5)] and hand.clock() == 11.9
    hand.advance(0.1)
    assert fired[-1] == ("b", 12.0) and hand.due() == []


async def test_the_loop_scheduler_fires_on_the_event_loop_and_can_be_cancelled():
    loop_time = asyncio.get_running_loop().time
    scheduler = LoopScheduler(loop_time)
    fired: list[str] = []
    done = asyncio.Event()
    now = loop_time()
    # Armed before the ones that fire, and due earlier: had the cancel not held, it would run first.
    scheduler.call_at(now, fired.append, "cancelled at").cancel()
    scheduler.call_later(0.0, fired.append, "cancelled later").cancel()
    scheduler.call_at(now + 0.01, fired.append, "at")
    scheduler.call_later(0.02, fired.append, "later")
    scheduler.call_later(0.03, done.set)
    await asyncio.wait_for(done.wait(), 5)
    assert fired == ["at", "later"]
