"""The estimated offset between the server's clock and ours, slewed so countdowns never jump.

Each time-sync round trip gives a sample ``server_time - local midpoint``; samples with the
shortest round trip are the most trustworthy. The offset in use moves towards the best recent
estimate at a bounded rate (a countdown runs at most 10% fast or slow while it catches up), and
only snaps when it is far off (the first sample, or a new server).
"""

from __future__ import annotations

from collections import deque

SLEW_RATE = 0.1      # seconds of correction per second of local time
SNAP_BEYOND = 1.0    # seconds: a larger error is corrected at once


class ClockOffset:
    """server_time ~= local_time + offset.current(local_time)."""

    def __init__(self, window: int = 8) -> None:
        self._samples: deque[tuple[float, int, float]] = deque(maxlen=window)  # (rtt, -sequence, offset)
        self._sequence = 0
        self.target: float | None = None
        self._value: float | None = None
        self._at = 0.0

    @property
    def ready(self) -> bool:
        return self.target is not None

    def add_sample(self, sent: float, server_time: float, received: float) -> None:
        """One round trip: asked at local ``sent``, server said ``server_time``, answer at ``received``."""
        rtt = max(0.0, received - sent)
        self._sequence += 1
        self._samples.append((rtt, -self._sequence, server_time - (sent + received) / 2))
        self.target = min(self._samples)[2]   # shortest round trip; the newest among equals
        if self._value is None:
            self._value, self._at = self.target, received

    def reset(self) -> None:
        """Forget everything (connected to a different server)."""
        self._samples.clear()
        self.target = self._value = None

    def current(self, now: float) -> float:
        """The offset to use at local time ``now``: slewed towards the target, never jumping."""
        if self._value is None or self.target is None:
            return 0.0
        elapsed = max(0.0, now - self._at)
        self._at = max(self._at, now)
        error = self.target - self._value
        if abs(error) > SNAP_BEYOND:
            self._value = self.target
        else:
            step = SLEW_RATE * elapsed
            self._value += max(-step, min(step, error))
        return self._value

    def server_time(self, now: float) -> float:
        return now + self.current(now)
