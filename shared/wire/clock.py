"""Estimating the server's clock on the client from ``time_sync`` exchanges (Cristian's method, minimum RTT).

Pure: every timestamp comes in as an argument; nothing here reads a clock. The client sends
``time_sync`` at local time ``t_send``, the server answers with its ``server_time``, the answer
arrives at local ``t_recv``. The server read its clock somewhere within that round trip; assuming
the middle, the error is at most half the round trip, so the sample with the smallest round trip
among the recent ones is the one trusted.
"""

from __future__ import annotations

from collections import deque


class ClockOffset:
    """Offset such that ``server_time ~= local_time + offset``, from the best recent sample."""

    def __init__(self, window: int = 16) -> None:
        self._samples: deque[tuple[float, float]] = deque(maxlen=max(1, window))  # (rtt, offset)

    def add_sample(self, t_send: float, server_time: float, t_recv: float) -> None:
        """Record one exchange: sent at local ``t_send``, answered ``server_time``, back at ``t_recv``."""
        rtt = t_recv - t_send
        if rtt < 0:
            raise ValueError("t_recv is before t_send")
        self._samples.append((rtt, server_time + rtt / 2 - t_recv))

    @property
    def samples(self) -> int:
        return len(self._samples)

    def _best(self) -> tuple[float, float]:
        if not self._samples:
            raise LookupError("no time_sync sample yet")
        return min(self._samples)

    @property
    def offset(self) -> float:
        """Seconds to add to the local clock to get the server's clock."""
        return self._best()[1]

    @property
    def rtt(self) -> float:
        """Round trip of the sample the offset comes from (its error bound is half of it)."""
        return self._best()[0]

    def server_now(self, local_now: float) -> float:
        """The server's clock at local time ``local_now``."""
        return local_now + self.offset
