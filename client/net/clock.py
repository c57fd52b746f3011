"""The estimated offset between the server's clock and ours, slewed so countdowns never jump.

The estimate itself (the shortest-round-trip sample of the recent ones) is the wire module's
:class:`shared.wire.clock.ClockOffset`. The offset in use moves towards that estimate at a bounded
rate (a countdown runs at most 10% fast or slow while it catches up) and only snaps when it is far
off (the first sample, or a new server).
"""

from __future__ import annotations

from soupkitchen.shared.wire.clock import ClockOffset

SLEW_RATE = 0.1  # seconds of correction per second of local time
SNAP_BEYOND = 1.0  # seconds: a larger error is corrected at once


class SlewedOffset:
    """server_time ~= local_time + offset.current(local_time)."""

    def __init__(self, window: int = 8) -> None:
        self.window = window
        self.estimate = ClockOffset(window)
        self._value: float | None = None
        self._at = 0.0

    @property
    def ready(self) -> bool:
        return self.estimate.samples > 0

    @property
    def target(self) -> float | None:
        return self.estimate.offset if self.ready else None

    def add_sample(self, sent: float, server_time: float, received: float) -> None:
        """One round trip: asked at local ``sent``, server said ``server_time``, answer at ``received``."""
        self.estimate.add_sample(sent, server_time, max(sent, received))
        if self._value is None:
            self._value, self._at = self.estimate.offset, received

    def reset(self) -> None:
        """Forget everything (connected to a different server)."""
        self.estimate = ClockOffset(self.window)
        self._value = None

    def current(self, now: float) -> float:
        """The offset to use at local time ``now``: slewed towards the estimate, never jumping."""
        if self._value is None or not self.ready:
            return 0.0
        elapsed = max(0.0, now - self._at)
        self._at = max(self._at, now)
        error = self.estimate.offset - self._value
        if abs(error) > SNAP_BEYOND:
            self._value = self.estimate.offset
        else:
            step = SLEW_RATE * elapsed
            self._value += max(-step, min(step, error))
        return self._value

    def server_time(self, now: float) -> float:
        return now + self.current(now)


class LinkCountdown:
    """The countdown a player is shown while the link comes and goes: the server's round goes on
    while it cannot be reached, so the countdown runs on from the last deadline (the time the server
    will have), and ``reconnecting`` says so until a fresh state arrives over the new connection."""

    def __init__(self) -> None:
        self.reconnecting = False

    def read(self, remaining: float | None, connected: bool) -> float | None:
        """What to show, given the session's ``remaining`` and whether the server is reachable."""
        if not connected:
            self.reconnecting = True
        return remaining

    def fresh_state(self, connected: bool) -> None:
        """A state arrived: once connected again, its deadline is the truth."""
        if connected:
            self.reconnecting = False
