"""Counters behind ``GET /metrics``: actions per second, the latency of answering an action, and the
process's memory."""

from __future__ import annotations

import os
import resource
import sys
from collections import deque
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
    return {"rss_mb": None if now is None else round(now, 1), "peak_rss_mb": round(peak, 1)}


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
        """One action applied; ``latency`` from its arrival to the actor's ``state`` queued (0: timer or bot)."""
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
        return {"actions_total": self.actions_total, "actions_per_s": round(len(self.recent) / span, 3),
                "requests_total": self.requests_total, "errors_total": self.errors_total,
                "latency_ms": {"p50": to_ms(percentile(lat, 0.5)), "p99": to_ms(percentile(lat, 0.99)),
                               "samples": len(lat)},
                "stages_ms": {name: {"p50": to_ms(percentile(list(values), 0.5)),
                                     "p99": to_ms(percentile(list(values), 0.99))}
                              for name, values in self.stages.items()},
                "memory": memory(), "uptime_s": round(now - self.started, 3)}
