"""How the server reaches its connections: pushes, a session's backlog, closing one session or all
of them. The rest of the server speaks to the sockets only through a :class:`Transport`.

:class:`StockTransport` uses python-socketio's and python-engineio's public API alone: each push
goes through ``emit``, one after another in the order they were made, by a task of its own (with
``ignore_queue``: on a cluster's node a push to one connection never goes through Redis); a
session's backlog reads as nothing (the public API does not tell); a session closes through the
Engine.IO server's ``disconnect``. ``server.net.push`` has the fast path, fenced to the releases it was
tested with; :func:`server.net.push.transport_for` chooses.
"""

from __future__ import annotations

import asyncio
import logging
from collections import deque
from typing import Any, Protocol

import socketio

log = logging.getLogger(__name__)


class Transport(Protocol):
    """The connections, as the server sees them."""

    sio: socketio.AsyncServer
    fast: bool  # pushes go straight onto the connections' queues (``server.net.push``)

    def encode(self, event: str, data: Any) -> Any:
        """One push ready to :meth:`send` to any number of connections."""

    def send(self, sid: str, encoded: Any) -> None:
        """Queue an encoded push for one connection, in order with every other push and ack (a gone
        connection is skipped)."""

    async def flush(self) -> None:
        """Return once every push made so far has been handed to its connection."""

    def backlog(self, session: str) -> int:
        """Packets queued for an Engine.IO session and not sent yet (0 where it cannot tell)."""

    async def close(self, session: str) -> None:
        """Close an Engine.IO session, after whatever is already queued for it."""

    async def close_all(self, sessions: list[str], grace: float) -> None:
        """Close these Engine.IO sessions (every one the server has), giving them ``grace`` seconds
        together."""


class StockTransport:
    """The public API's path (see the module's docstring). A request awaits :meth:`flush`, so that
    its pushes leave before its answer."""

    fast = False

    def __init__(self, sio: socketio.AsyncServer) -> None:
        self.sio = sio
        self.pending: deque[tuple[str, str, Any]] = deque()  # pushes not yet handed over
        self.queued = self.handed = 0  # pushes made, and handed to their connection
        self.waiters: deque[tuple[int, asyncio.Future[None]]] = deque()
        self.sender: asyncio.Task[None] | None = None

    def encode(self, event: str, data: Any) -> Any:
        return (event, data)

    def send(self, sid: str, encoded: Any) -> None:
        event, data = encoded
        self.pending.append((sid, event, data))
        self.queued += 1
        if self.sender is None or self.sender.done():
            self.sender = asyncio.ensure_future(self._send_pending())

    async def flush(self) -> None:
        if self.handed >= self.queued:
            return
        done = asyncio.get_running_loop().create_future()
        self.waiters.append((self.queued, done))
        await done

    async def _send_pending(self) -> None:
        try:
            while self.pending:
                sid, event, data = self.pending.popleft()
                try:
                    # to one connection of this server: never through a cluster's message queue
                    await self.sio.emit(event, data, to=sid, ignore_queue=True)
                except Exception:
                    log.exception("could not push %s to %s", event, sid)
                self.handed += 1
                while self.waiters and self.waiters[0][0] <= self.handed:
                    _target, done = self.waiters.popleft()
                    if not done.done():
                        done.set_result(None)
        finally:  # done, or cancelled as the server closes: nobody is left waiting
            for _target, done in self.waiters:
                if not done.done():
                    done.set_result(None)
            self.waiters.clear()

    def backlog(self, session: str) -> int:
        return 0

    async def close(self, session: str) -> None:
        # a client that ignores the CLOSE packet is dropped at the transport's ping timeout
        await self.sio.eio.disconnect(session)

    async def close_all(self, sessions: list[str], grace: float) -> None:
        closing = asyncio.gather(
            *(self.sio.eio.disconnect(session) for session in sessions), return_exceptions=True
        )
        try:
            await asyncio.wait_for(closing, grace)
        except TimeoutError:  # the public API waits for each socket's queue to drain
            log.info("some connections were still closing after %.1f s; the web server ends them", grace)
