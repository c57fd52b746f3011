"""Pauses of the standalone server: the garbage collector kept to short, rare runs, and how long it
and anything else held the event loop up (reported in ``GET /metrics``).

A full collection walks every object the collector tracks. After start-up most of them are the
modules' own (functions, classes, constants) and live as long as the process: :func:`settle_heap`
moves them out of the collector's sight (``gc.freeze``) and makes young collections rarer, so a
long-running server's collections walk only what its tables and connections made.
"""

from __future__ import annotations

import asyncio
import gc
import time
from collections import deque
from typing import Any

from soupkitchen.server.metrics import percentile

# Allocations (net of frees) of tracked objects between two young collections, and how many
# collections of one generation make one of the next. Python's defaults are 700, 10, 10. With
# (1_000, 20, 10) a server of 1,000 tables collected its oldest generation every few seconds
# (0.5-0.65 s each: the objects of a move live until the next, long enough to grow old) and spent
# some 1.4-1.8 ms of CPU a move; with these, none in the measured 30 s, 1.1 ms a move and its
# longest pause 0.26 s (scripts/bench_server.py --tables 1000, docs/cluster.md).
GC_THRESHOLDS = (10_000, 50, 100)
PROBE_PERIOD = 0.05  # seconds between two looks at how late the event loop runs a timer


def settle_heap(thresholds: tuple[int, int, int] = GC_THRESHOLDS) -> None:
    """Collect once, keep what start-up made out of later collections, and collect young objects
    less often. Call once the server is serving."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(*thresholds)


def _ms_summary(values: deque[float]) -> dict[str, Any]:
    """Median, 99th percentile and largest of durations in seconds, as milliseconds."""
    ms = [1000 * value for value in values]
    pick = lambda fraction: None if not ms else round(percentile(ms, fraction), 3)  # noqa: E731
    return {"p50": pick(0.5), "p99": pick(0.99), "max": pick(1.0), "samples": len(ms)}


class PauseWatch:
    """Times every garbage collection (by generation; the CPU time it took, which a busy machine does
    not inflate) and how late the event loop runs a timer due every :data:`PROBE_PERIOD` seconds;
    :meth:`snapshot` sums both up."""

    def __init__(self, keep: int = 5000) -> None:
        self.collections = [0, 0, 0]
        self.gc_pauses: deque[float] = deque(maxlen=keep)  # seconds, every generation
        self.full_pauses: deque[float] = deque(maxlen=keep)  # seconds, the oldest generation only
        self.loop_lags: deque[float] = deque(maxlen=keep)
        self.own_lags: deque[float] = deque(maxlen=keep)  # the part of each lag this process spent working
        self.cpu = 0.0  # the loop thread's CPU time at the last look
        self.began = 0.0
        self.probe: asyncio.TimerHandle | None = None

    def start(self) -> None:
        """Start timing (inside the running loop)."""
        gc.callbacks.append(self._on_gc)
        loop = asyncio.get_running_loop()
        self.cpu = time.thread_time()
        self.probe = loop.call_at(loop.time() + PROBE_PERIOD, self._look, loop.time() + PROBE_PERIOD)

    def stop(self) -> None:
        if self._on_gc in gc.callbacks:
            gc.callbacks.remove(self._on_gc)
        if self.probe is not None:
            self.probe.cancel()
            self.probe = None

    def _on_gc(self, phase: str, info: dict[str, Any]) -> None:
        if phase == "start":
            self.began = time.thread_time()
            return
        pause = time.thread_time() - self.began
        generation = info.get("generation", 0)
        self.collections[generation] += 1
        self.gc_pauses.append(pause)
        if generation == 2:
            self.full_pauses.append(pause)

    def _look(self, due: float) -> None:
        """A timer ``lag`` late: the server was busy for at most the CPU time it used meanwhile; the
        rest of the lag it waited for a core (the machine was busy)."""
        loop = asyncio.get_running_loop()
        lag, cpu = max(0.0, loop.time() - due), time.thread_time()
        self.loop_lags.append(lag)
        self.own_lags.append(min(lag, cpu - self.cpu))
        self.cpu = cpu
        self.probe = loop.call_at(loop.time() + PROBE_PERIOD, self._look, loop.time() + PROBE_PERIOD)

    def snapshot(self) -> dict[str, Any]:
        return {
            "gc": {
                "collections": list(self.collections),
                "pause_ms": _ms_summary(self.gc_pauses),
                "full_pause_ms": _ms_summary(self.full_pauses),
                "frozen": gc.get_freeze_count(),
                "thresholds": list(gc.get_threshold()),
            },
            "loop_lag_ms": _ms_summary(self.loop_lags),
            "loop_lag_working_ms": _ms_summary(self.own_lags),
        }
