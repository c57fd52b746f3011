"""The server's doors: every TCP connection, from its opening until HTTP has a request of it in hand.

A connection with no request in hand (just opened, or between two requests) is *waiting*. The doors

- close a waiting connection ``request_timeout`` seconds after it began to wait: a request whose
  head has not arrived by then (sent one byte at a time, or not at all) is not waited for longer;
- let one address hold at most ``max_connections_per_address`` waiting connections (a trusted proxy
  any number), and close each one beyond that at once;
- keep the open connections within the descriptors the process may open, less a reserve for the
  database, the log and discovery: at that number a new connection makes room by closing the oldest
  waiting connection of the address that has the most, so while one address floods, the others
  still get in. At start-up the soft open-file limit is raised towards the hard one.

A request is in hand from when its head has been read (the application's first middleware runs)
until its handler returns; a websocket is in hand for as long as it is open. What the doors close
is logged through a :class:`server.floodlog.FloodLog`: once per address and minute, then a count.

Only public API: aiohttp's ``web.Server`` is a protocol factory for ``loop.create_server``, and
each connection's protocol is wrapped in a :class:`Door` that passes every call through to it.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from typing import Any

from aiohttp import web

from soupkitchen.server.config import ServerConfig
from soupkitchen.server.floodlog import REQUEST_ADDRESS, FloodLog
from soupkitchen.server.guard import plain_address

log = logging.getLogger(__name__)
OPEN_FILES_WANTED = 65_536  # the soft open-file limit asked for at start-up (at most the hard one)
MACOS_OPEN_MAX = 10_240  # what macOS grants when asked for more
BACKLOG = 128


def raise_open_file_limit(wanted: int = OPEN_FILES_WANTED) -> int | None:
    """Raise the process's soft limit of open files towards the hard one (to ``wanted`` at most);
    returns the soft limit now (None: the platform has none, or it is infinite)."""
    try:
        import resource
    except ImportError:  # Windows: no such limit
        return None
    infinite = resource.RLIM_INFINITY
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    goal = wanted if hard == infinite else min(hard, wanted)
    if soft != infinite and soft < goal:
        for target in (goal, min(goal, MACOS_OPEN_MAX)):
            try:
                resource.setrlimit(resource.RLIMIT_NOFILE, (target, hard))
            except (ValueError, OSError):
                continue
            log.info("open-file limit raised from %d to %d", soft, target)
            soft = target
            break
    return None if soft == infinite else soft


class Door(asyncio.Protocol):
    """One connection: passes everything through to aiohttp's protocol for it, made once admitted."""

    def __init__(self, doors: Doors, make: Callable[[], asyncio.Protocol]) -> None:
        self.doors = doors
        self.make = make
        self.inner: asyncio.Protocol | None = None
        self.transport: asyncio.BaseTransport | None = None
        self.address = ""
        self.admitted = False
        self.in_hand = 0  # requests being handled
        self.sent = False  # bytes came while waiting: a request has begun to arrive
        self.timer: asyncio.TimerHandle | None = None

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        self.transport = transport
        peer = transport.get_extra_info("peername")
        self.address = plain_address(str(peer[0])) if isinstance(peer, tuple) and peer else ""
        self.admitted = self.doors.admit(self)
        if self.admitted:
            REQUEST_ADDRESS.set(self.address)   # for the lines the connection's handler logs
            self.inner = self.make()
            self.inner.connection_made(transport)
        else:
            transport.abort()

    def data_received(self, data: bytes) -> None:
        if self.inner is not None:
            self.sent = self.sent or not self.in_hand
            self.inner.data_received(data)

    def eof_received(self) -> bool | None:
        return self.inner.eof_received() if self.inner is not None else None

    def pause_writing(self) -> None:
        if self.inner is not None:
            self.inner.pause_writing()

    def resume_writing(self) -> None:
        if self.inner is not None:
            self.inner.resume_writing()

    def connection_lost(self, exc: Exception | None) -> None:
        self.doors.forget(self)
        if self.inner is not None:
            self.inner.connection_lost(exc)


class Doors:
    """The open connections, the waiting ones by address, and what was closed and why."""

    def __init__(self, config: ServerConfig, floods: FloodLog) -> None:
        self.config = config
        self.floods = floods
        self.open: dict[asyncio.BaseTransport, Door] = {}
        self.waiting: dict[str, dict[Door, None]] = {}  # address -> its waiting connections, oldest first
        self.most_open = 0  # connections the server holds at once (0: no limit known)
        self.counts = {"closed_waiting": 0, "refused_over_address_limit": 0, "closed_for_room": 0,
                       "refused_full": 0}

    # --- listening ---------------------------------------------------------------------------------
    async def listen(self, server: Callable[[], Any], host: str, port: int) -> asyncio.AbstractServer:
        """Listen on ``host``:``port`` with aiohttp's protocol factory ``server`` (``AppRunner.server``)
        behind the doors, after raising the open-file limit."""
        soft = raise_open_file_limit()
        room = max(16, soft - self.config.descriptor_reserve) if soft else 0
        chosen = self.config.max_open_connections
        self.most_open = min(chosen, room) if chosen and room else chosen or room
        return await asyncio.get_running_loop().create_server(self.factory(server), host, port, backlog=BACKLOG)

    def factory(self, server: Callable[[], Any]) -> Callable[[], asyncio.BaseProtocol]:
        """The protocol factory: each of ``server``'s protocols behind a door, made only for a
        connection the doors admit. If ``server`` makes protocols of another kind (a buffered one),
        they are used as they are, without doors, and the log says so once."""
        probe = server()
        if not isinstance(probe, asyncio.Protocol) or isinstance(probe, asyncio.BufferedProtocol):
            log.warning("connections are not guarded: the HTTP server's protocol %s is not a plain one",
                        type(probe).__name__)
            return server
        return lambda: Door(self, server)

    def middleware(self) -> Callable[..., Awaitable[web.StreamResponse]]:
        """The application's first middleware: a request is in hand on its connection while it runs."""

        @web.middleware
        async def in_hand(request: web.Request, handler: Callable[..., Awaitable[web.StreamResponse]]
                          ) -> web.StreamResponse:
            transport = request.transport
            door = self.open.get(transport) if transport is not None else None
            if door is not None:
                self.busy(door)
            try:
                return await handler(request)
            finally:
                if door is not None:
                    self.idle(door)

        return in_hand

    # --- the connections ---------------------------------------------------------------------------
    def admit(self, door: Door) -> bool:
        """Whether a new connection may come in (making room for it if the server is at its limit)."""
        address, most = door.address, self.config.max_connections_per_address
        if most and len(self.waiting.get(address, ())) >= most and address not in self.config.trusted_proxies:
            self.counts["refused_over_address_limit"] += 1
            self.floods.note("connections refused", address, f"refused a connection from {address}: it already "
                             f"has {most} connections that have not sent a request")
            return False
        if self.most_open and len(self.open) >= self.most_open:
            victim = self.oldest_waiting()
            if victim is None:
                self.counts["refused_full"] += 1
                self.floods.note("connections refused", address, f"refused a connection from {address}: the "
                                 f"server holds {len(self.open)} connections, as many as it may, all in use")
                return False
            self.counts["closed_for_room"] += 1
            self.floods.note("waiting connections closed to make room", victim.address,
                             f"{len(self.open)} connections open, as many as the server may hold: closed the "
                             f"oldest waiting one of {victim.address}, the address with the most")
            self.shut(victim)
        assert door.transport is not None
        self.open[door.transport] = door
        self.wait(door)
        return True

    def oldest_waiting(self) -> Door | None:
        address = max(self.waiting, key=lambda a: len(self.waiting[a]), default=None)
        return None if address is None else next(iter(self.waiting[address]))

    def wait(self, door: Door) -> None:
        door.sent = False
        door.timer = asyncio.get_running_loop().call_later(self.config.request_timeout, self.expire, door)
        self.waiting.setdefault(door.address, {})[door] = None

    def unwait(self, door: Door) -> None:
        if door.timer is not None:
            door.timer.cancel()
            door.timer = None
        waiting = self.waiting.get(door.address)
        if waiting is not None:
            waiting.pop(door, None)
            if not waiting:
                del self.waiting[door.address]

    def busy(self, door: Door) -> None:
        door.in_hand += 1
        self.unwait(door)

    def idle(self, door: Door) -> None:
        door.in_hand -= 1
        if not door.in_hand and door.transport in self.open:
            self.wait(door)

    def expire(self, door: Door) -> None:
        """A connection has waited ``request_timeout`` seconds: it is closed (logged if a request had begun)."""
        door.timer = None
        if door.transport not in self.open or door.in_hand:
            return
        self.counts["closed_waiting"] += 1
        if door.sent:
            self.floods.note("half-sent requests closed", door.address, f"closed a connection from {door.address} "
                             f"whose request had not arrived within {self.config.request_timeout:g} s")
        self.shut(door)

    def shut(self, door: Door) -> None:
        """Close a connection at once (its descriptor is free as soon as this returns)."""
        self.forget(door)
        if door.transport is not None:
            door.transport.abort()

    def forget(self, door: Door) -> None:
        self.unwait(door)
        if door.transport is not None:
            self.open.pop(door.transport, None)

    def close(self) -> None:
        for door in list(self.open.values()):
            self.unwait(door)

    def snapshot(self) -> dict[str, Any]:
        """For ``GET /metrics``: connections open and waiting now, the most the server holds, and
        how many the doors have closed or refused since start."""
        return {"open": len(self.open), "waiting": sum(len(w) for w in self.waiting.values()),
                "most_open": self.most_open, **self.counts}
