"""The server's time: its monotonic clock and every timer set on it (the tables' deadlines, bot
moves, stand-ins, holds' limits, idle lobbies, finished tables let go).

:class:`LoopScheduler` runs the timers on the event loop; :class:`HandScheduler` is a clock that
moves only when told (``advance``), running each timer that comes due on the way, in order, so a
test sees exactly what a host would see after that much time and never waits for it.
"""

from __future__ import annotations

import asyncio
import heapq
import itertools
import time
from collections.abc import Callable
from typing import Any, Protocol


class Timer(Protocol):
    def cancel(self) -> None: ...


class Scheduler(Protocol):
    """A clock and the timers on it (``clock`` and every ``when`` in server monotonic seconds)."""

    def clock(self) -> float: ...

    def call_at(self, when: float, callback: Callable[..., Any], *args: Any) -> Timer: ...

    def call_later(self, delay: float, callback: Callable[..., Any], *args: Any) -> Timer: ...


class LoopScheduler:
    """Timers on the running event loop, for a server whose clock is ``clock``."""

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self.clock = clock

    def call_at(self, when: float, callback: Callable[..., Any], *args: Any) -> Timer:
        return asyncio.get_running_loop().call_at(self.loop_time(when), callback, *args)

    def call_later(self, delay: float, callback: Callable[..., Any], *args: Any) -> Timer:
        return asyncio.get_running_loop().call_later(max(0.0, delay), callback, *args)

    def loop_time(self, when: float) -> float:
        """The event loop's time at which the server's clock reads ``when``.

        Exact when both read the same monotonic clock (the default): the timer then fires at the
        moment itself, not at it plus however long the server took between reading the clock and
        arming the timer."""
        loop = asyncio.get_running_loop()
        if self.clock is time.monotonic and type(loop).time is asyncio.BaseEventLoop.time:
            return when
        return loop.time() + max(0.0, when - self.clock())


class HandTimer:
    def __init__(self) -> None:
        self.cancelled = False

    def cancel(self) -> None:
        self.cancelled = True


class HandScheduler:
    """A clock that moves only by :meth:`advance`, which runs the timers that come due meanwhile."""

    def __init__(self, start: float = 1000.0) -> None:
        self.now = start
        self.timers: list[tuple[float, int, HandTimer, Callable[..., Any], tuple[Any, ...]]] = []
        self.order = itertools.count()

    def clock(self) -> float:
        return self.now

    def call_at(self, when: float, callback: Callable[..., Any], *args: Any) -> Timer:
        timer = HandTimer()
        heapq.heappush(self.timers, (when, next(self.order), timer, callback, args))
        return timer

    def call_later(self, delay: float, callback: Callable[..., Any], *args: Any) -> Timer:
        return self.call_at(self.now + max(0.0, delay), callback, *args)

    def advance(self, seconds: float) -> None:
        """Move the clock on by ``seconds``, running each timer due by then at its own moment."""
        end = self.now + seconds
        while self.timers and self.timers[0][0] <= end:
            when, _order, timer, callback, args = heapq.heappop(self.timers)
            if timer.cancelled:
                continue
            self.now = max(self.now, when)
            callback(*args)
        self.now = end

    def due(self) -> list[float]:
        """The moments of the timers still set."""
        return sorted(when for when, _order, timer, _callback, _args in self.timers if not timer.cancelled)
