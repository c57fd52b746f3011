"""Counters behind ``GET /metrics``: actions per second, the latency of answering an action, and the
process's memory.

With ``SOUPKITCHEN_MEMORY_TRACE=1`` in its environment the server traces its allocations
(``tracemalloc``, which slows it down several times): ``memory`` then also holds ``traced_mb``, the
``top`` lines of code holding the most of it and the ``growth`` since the last reading by line, and
the ``objects`` the garbage collector follows, counted by type (the most numerous), to find what a
server that keeps growing keeps.
"""

from __future__ import annotations

import gc
import os
import resource
import sys
import tracemalloc
from collections import Counter, deque
from collections.abc import Callable
from typing import Any


def percentile(values: list[float], fraction: float) -> float | None:
    """The nearest-rank percentile of ``values`` (None when empty)."""
    if not values:
        return None
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(fraction * len(ordered) + 0.5) - 1))]


def memory() -> dict[str, float | None]:
    """The process's memory now (``rss_mb``, None where the system does not tell) and at its most."""
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / (2**20 if sys.platform == "darwin" else 2**10)
    try:
        with open("/proc/self/statm") as statm:
            now: float | None = int(statm.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") / 2**20
    except (OSError, ValueError, IndexError):
        now = None
    return {"rss_mb": None if now is None else round(now, 1), "peak_rss_mb": round(peak, 1)} | TRACE.reading()


class MemoryTrace:
    """Where the memory is, by line of code and by type, while tracing (``SOUPKITCHEN_MEMORY_TRACE=1``)."""

    LINES = 15

    def __init__(self, on: bool) -> None:
        self.last: tracemalloc.Snapshot | None = None
        if on:
            tracemalloc.start(1)

    def reading(self) -> dict[str, Any]:
        if not tracemalloc.is_tracing():
            return {}
        snapshot = tracemalloc.take_snapshot().filter_traces(
            [tracemalloc.Filter(False, tracemalloc.__file__)]
        )
        kb = lambda stat: round(stat.size / 1024, 1)  # noqa: E731
        place = lambda stat: f"{stat.traceback[0].filename}:{stat.traceback[0].lineno}"  # noqa: E731
        top = {place(stat): kb(stat) for stat in snapshot.statistics("lineno")[: self.LINES]}
        growth = (
            {}
            if self.last is None
            else {
                place(stat): round(stat.size_diff / 1024, 1)
                for stat in snapshot.compare_to(self.last, "lineno")[: self.LINES]
            }
        )
        self.last = snapshot
        objects = Counter(type(thing).__qualname__ for thing in gc.get_objects())
        return {
            "traced_mb": round(tracemalloc.get_traced_memory()[0] / 2**20, 1),
            "top_kb": top,
            "growth_kb": growth,
            "objects": dict(objects.most_common(self.LINES)),
        }


TRACE = MemoryTrace(os.environ.get("SOUPKITCHEN_MEMORY_TRACE") == "1")


class Metrics:
    def __init__(self, clock: Callable[[], float], window: float = 10.0) -> None:
        self.clock = clock
        self.window = window
        self.actions_total = 0
        self.requests_total = 0
        self.errors_total = 0
        self.recent: deque[float] = deque()
        self.latencies: deque[float] = deque(maxlen=5000)  # seconds, player actions only
        self.stages: dict[str, deque[float]] = {}  # seconds spent in each stage of a player action
        self.started = clock()

    def action(self, latency: float) -> None:
        """One action applied; ``latency`` from its arrival to the actor's ``state`` queued (0: timer or
        bot)."""
        now = self.clock()
        self.actions_total += 1
        self.recent.append(now)
        if latency > 0:
            self.latencies.append(latency)
        while self.recent and self.recent[0] < now - self.window:
            self.recent.popleft()

    def stage(self, name: str, seconds: float) -> None:
        """Time one stage of handling a player action took (``queue``: waiting for the table)."""
        self.stages.setdefault(name, deque(maxlen=5000)).append(seconds)

    def snapshot(self) -> dict[str, Any]:
        now = self.clock()
        while self.recent and self.recent[0] < now - self.window:
            self.recent.popleft()
        span = min(self.window, max(now - self.started, 1e-9))
        lat = list(self.latencies)
        to_ms = lambda v: None if v is None else round(v * 1000, 3)  # noqa: E731
        return {
            "actions_total": self.actions_total,
            "actions_per_s": round(len(self.recent) / span, 3),
            "requests_total": self.requests_total,
            "errors_total": self.errors_total,
            "latency_ms": {
                "p50": to_ms(percentile(lat, 0.5)),
                "p99": to_ms(percentile(lat, 0.99)),
                "samples": len(lat),
            },
            "stages_ms": {
                name: {
                    "p50": to_ms(percentile(list(values), 0.5)),
                    "p99": to_ms(percentile(list(values), 0.99)),
                }
                for name, values in self.stages.items()
            },
            "memory": memory(),
            "uptime_s": round(now - self.started, 3),
        }
