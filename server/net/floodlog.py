"""Log lines about what clients send, kept from flooding the log: the first line of a kind from one
address is logged, the next ones within ``interval`` seconds are only counted, and when the
interval is over one line says how many there were.

:class:`InputLog` is the logger handed to aiohttp (``logger``) and to Engine.IO (``engineio_logger``):
their warnings about a request pass through a :class:`FloodLog`, one line each, and a malformed
request's exception is named, not traced back.
"""

from __future__ import annotations

import asyncio
import contextvars
import ipaddress
import logging
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from aiohttp.http import HttpProcessingError

# The address of the connection whose request is being handled (set by ``server.net.doors`` where the
# connection's handler starts, so its requests inherit it), for the lines a library logs without
# saying whose request it was.
REQUEST_ADDRESS: contextvars.ContextVar[str] = contextvars.ContextVar("request_address", default="")
# What a client's bad input raises inside aiohttp and Engine.IO: named in one line, never traced back
INPUT_ERRORS = (HttpProcessingError, ValueError, UnicodeError)
INTERVAL = 60.0  # seconds in which one address's lines of one kind are logged once
MOST_KINDS = 10_000  # (kind, address) pairs remembered at once


@dataclass
class Window:
    """One kind of line from one address: since when, and how many more since the first."""

    start: float
    more: int = 0
    timer: asyncio.TimerHandle | None = None


class FloodLog:
    """Logs ``note``'s lines once per kind, address and ``interval``, then how many more came."""

    def __init__(
        self, logger: logging.Logger, interval: float = INTERVAL, clock: Callable[[], float] = time.monotonic
    ) -> None:
        self.logger = logger
        self.interval = interval
        self.clock = clock
        self.windows: dict[tuple[str, str], Window] = {}

    def note(
        self,
        kind: str,
        address: str,
        message: str,
        level: int = logging.WARNING,
        exc_info: Any = None,
        logger: logging.Logger | None = None,
    ) -> None:
        """One line of ``kind`` (words for the summary: "half-sent requests closed") from ``address``,
        to ``logger`` (by default this log's own)."""
        key, now = (kind, address), self.clock()
        window = self.windows.get(key)
        if window is not None and now - window.start < self.interval:
            window.more += 1
            if window.timer is None:
                window.timer = self._later(window.start + self.interval - now, key)
            return
        if window is not None:
            self.summarise(key)
        if len(self.windows) >= MOST_KINDS:
            for old in [k for k, w in self.windows.items() if now - w.start >= self.interval]:
                self.summarise(old)
        if len(self.windows) < MOST_KINDS:
            self.windows[key] = Window(now)
        (logger or self.logger).log(level, "%s", message, exc_info=exc_info)

    def summarise(self, key: tuple[str, str]) -> None:
        """Say how many more lines of one kind came from one address, and forget them."""
        window = self.windows.pop(key, None)
        if window is None:
            return
        if window.timer is not None:
            window.timer.cancel()
        if window.more:
            kind, address = key
            self.logger.warning(
                "%d more %s from %s in %.0f s (not logged one by one)",
                window.more,
                kind,
                address or "an unknown address",
                self.clock() - window.start,
            )

    def _later(self, delay: float, key: tuple[str, str]) -> asyncio.TimerHandle | None:
        try:
            return asyncio.get_running_loop().call_later(max(0.0, delay), self.summarise, key)
        except RuntimeError:  # no loop: the next line of the kind says it
            return None

    def close(self) -> None:
        for key in list(self.windows):
            self.summarise(key)


def looks_like_address(value: Any) -> bool:
    try:
        ipaddress.ip_address(str(value))
    except ValueError:
        return False
    return True


class InputLog(logging.LoggerAdapter):  # type: ignore[type-arg]
    """A library's logger: lines below ``quietest`` are dropped, and every warning or error goes
    through ``floods``, keyed by its wording and the request's address; an exception a client's
    input caused is named in the line, not traced back."""

    def __init__(self, logger: logging.Logger, floods: FloodLog, quietest: int = logging.NOTSET) -> None:
        super().__init__(logger, {})
        self.floods = floods
        self.quietest = quietest

    def isEnabledFor(self, level: int) -> bool:
        return level >= self.quietest and self.logger.isEnabledFor(level)

    def log(self, level: int, msg: Any, *args: Any, exc_info: Any = None, **kwargs: Any) -> None:
        if not self.isEnabledFor(level):
            return
        if level < logging.WARNING:
            self.logger.log(level, msg, *args, exc_info=exc_info, **kwargs)
            return
        if exc_info is True:
            exc_info = sys.exc_info()
        error = exc_info[1] if isinstance(exc_info, tuple) else exc_info
        text = str(msg) % args if args else str(msg)
        if isinstance(error, INPUT_ERRORS):
            text, exc_info = f"{text}: {type(error).__name__}: {' '.join(str(error).split())[:200]}", None
        address = REQUEST_ADDRESS.get() or next((str(arg) for arg in args if looks_like_address(arg)), "")
        if address and address not in text:
            text = f"{text} (from {address})"
        self.floods.note(f"lines like {str(msg)[:60]!r}", address, text, level, exc_info or None, self.logger)
