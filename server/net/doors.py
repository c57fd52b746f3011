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
is logged through a :class:`server.net.floodlog.FloodLog`: once per address and minute, then a count.

Over TLS a connection is counted from its TCP opening too: the doors accept it themselves
(:class:`SecureListener`) and the event loop does its handshake while it waits, so a handshake
that is not over in time is closed like a half-sent request, and an address's unfinished
handshakes are among its waiting connections.

Only public API: aiohttp's ``web.Server`` is a protocol factory for ``loop.create_server`` (or, over
TLS, for ``loop.connect_accepted_socket`` after ``loop.sock_accept``), and each connection's
protocol is wrapped in a :class:`Door` that passes every call through to it.
"""

from __future__ import annotations

import asyncio
import errno
import logging
import socket
import ssl
from collections.abc import Awaitable, Callable
from typing import Any

from aiohttp import web

from soupkitchen.server.config import ServerConfig
from soupkitchen.server.net.floodlog import REQUEST_ADDRESS, FloodLog
from soupkitchen.server.net.guard import plain_address

log = logging.getLogger(__name__)
OPEN_FILES_WANTED = 65_536  # the soft open-file limit asked for at start-up (at most the hard one)
MACOS_OPEN_MAX = 10_240  # what macOS grants when asked for more
BACKLOG = 128
OUT_OF_RESOURCES = {errno.EMFILE, errno.ENFILE, errno.ENOBUFS, errno.ENOMEM}  # accept() waits a second


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
    """One connection: passes everything through to aiohttp's protocol for it, made once admitted
    (over TLS: once its handshake is over)."""

    def __init__(self, doors: Doors, make: Callable[[], asyncio.Protocol]) -> None:
        self.doors = doors
        self.make = make
        self.inner: asyncio.Protocol | None = None
        self.transport: asyncio.BaseTransport | None = None
        self.key: Any = None  # what the doors know it by: its transport (its socket during a TLS handshake)
        self.handshake: asyncio.Task[Any] | None = None  # the TLS handshake under way
        self.address = ""
        self.admitted = False
        self.in_hand = 0  # requests being handled
        self.sent = False  # bytes came while waiting: a request has begun to arrive
        self.timer: asyncio.TimerHandle | None = None

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        if self.admitted:  # over TLS: counted since it was accepted, its handshake now over
            self.handshake = None
            if not self.doors.rekey(self, transport):  # closed meanwhile
                transport.abort()
                return
        else:
            self.transport = self.key = transport
            peer = transport.get_extra_info("peername")
            self.address = plain_address(str(peer[0])) if isinstance(peer, tuple) and peer else ""
            self.admitted = self.doors.admit(self)
            if not self.admitted:
                transport.abort()
                return
        REQUEST_ADDRESS.set(self.address)  # for the lines the connection's handler logs
        self.inner = self.make()
        self.inner.connection_made(transport)

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
        self.counts = {
            "closed_waiting": 0,
            "refused_over_address_limit": 0,
            "closed_for_room": 0,
            "refused_full": 0,
        }

    # --- listening ---------------------------------------------------------------------------------
    async def listen(
        self, server: Callable[[], Any], host: str, port: int, tls: ssl.SSLContext | None = None
    ) -> asyncio.AbstractServer | SecureListener:
        """Listen on ``host``:``port`` with aiohttp's protocol factory ``server`` (``AppRunner.server``)
        behind the doors (over TLS with the server context ``tls``), after raising the open-file limit."""
        soft = raise_open_file_limit()
        room = max(16, soft - self.config.descriptor_reserve) if soft else 0
        chosen = self.config.max_open_connections
        self.most_open = min(chosen, room) if chosen and room else chosen or room
        loop = asyncio.get_running_loop()
        guarded = self.guards(server)
        if tls is None:
            return await loop.create_server(
                lambda: Door(self, server) if guarded else server(), host, port, backlog=BACKLOG
            )
        if not guarded:
            return await loop.create_server(
                server,
                host,
                port,
                backlog=BACKLOG,
                ssl=tls,
                ssl_handshake_timeout=self.config.request_timeout,
            )
        return await SecureListener(self, server, tls).start(host, port)

    @staticmethod
    def guards(server: Callable[[], Any]) -> bool:
        """Whether doors can stand before ``server``'s protocols: plain ones. If it makes protocols
        of another kind (buffered ones), they are used as they are, without doors, and the log says so."""
        probe = server()
        if not isinstance(probe, asyncio.Protocol) or isinstance(probe, asyncio.BufferedProtocol):
            log.warning(
                "connections are not guarded: the HTTP server's protocol %s is not a plain one",
                type(probe).__name__,
            )
            return False
        return True

    def middleware(self) -> Callable[..., Awaitable[web.StreamResponse]]:
        """The application's first middleware: a request is in hand on its connection while it runs."""

        @web.middleware
        async def in_hand(
            request: web.Request, handler: Callable[..., Awaitable[web.StreamResponse]]
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
    def rekey(self, door: Door, transport: asyncio.BaseTransport) -> bool:
        """A TLS connection's handshake is over: from now on it is known by its secured transport.
        False if the doors have closed it meanwhile."""
        if self.open.pop(door.key, None) is not door:
            return False
        door.transport = door.key = transport
        self.open[transport] = door
        return True

    def admit(self, door: Door) -> bool:
        """Whether a new connection may come in (making room for it if the server is at its limit)."""
        address, most = door.address, self.config.max_connections_per_address
        if most and len(self.waiting.get(address, ())) >= most and address not in self.config.trusted_proxies:
            self.counts["refused_over_address_limit"] += 1
            self.floods.note(
                "connections refused",
                address,
                f"refused a connection from {address}: it already "
                f"has {most} connections that have not sent a request",
            )
            return False
        if self.most_open and len(self.open) >= self.most_open:
            victim = self.oldest_waiting()
            if victim is None:
                self.counts["refused_full"] += 1
                self.floods.note(
                    "connections refused",
                    address,
                    f"refused a connection from {address}: the "
                    f"server holds {len(self.open)} connections, as many as it may, all in use",
                )
                return False
            self.counts["closed_for_room"] += 1
            self.floods.note(
                "waiting connections closed to make room",
                victim.address,
                f"{len(self.open)} connections open, as many as the server may hold: closed the "
                f"oldest waiting one of {victim.address}, the address with the most",
            )
            self.shut(victim)
        assert door.key is not None
        self.open[door.key] = door
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
        if not door.in_hand and door.key in self.open:
            self.wait(door)

    def expire(self, door: Door) -> None:
        """A connection has waited ``request_timeout`` seconds: it is closed (logged if a request had
        begun)."""
        door.timer = None
        if door.key not in self.open or door.in_hand:
            return
        self.counts["closed_waiting"] += 1
        if door.sent:
            self.floods.note(
                "half-sent requests closed",
                door.address,
                f"closed a connection from {door.address} "
                f"whose request had not arrived within {self.config.request_timeout:g} s",
            )
        self.shut(door)

    def shut(self, door: Door) -> None:
        """Close a connection at once (its descriptor is free as soon as this returns)."""
        self.forget(door)
        if door.transport is not None:
            door.transport.abort()
        elif door.handshake is not None:  # its socket is closed when the handshake is called off
            door.handshake.cancel()

    def forget(self, door: Door) -> None:
        self.unwait(door)
        if door.key is not None:
            self.open.pop(door.key, None)

    def close(self) -> None:
        for door in list(self.open.values()):
            self.unwait(door)

    def snapshot(self) -> dict[str, Any]:
        """For ``GET /metrics``: connections open and waiting now, the most the server holds, and
        how many the doors have closed or refused since start."""
        return {
            "open": len(self.open),
            "waiting": sum(len(w) for w in self.waiting.values()),
            "most_open": self.most_open,
            **self.counts,
        }


class SecureListener:
    """Listening over TLS: accepts each TCP connection itself, counts it at the doors by its
    address at once, and has the event loop do its handshake while it waits
    (``loop.connect_accepted_socket``); the connection's door gets the secured transport. Has what
    ``EmbeddedServer`` uses of an ``asyncio.Server``: ``sockets``, ``close()`` and ``wait_closed()``."""

    def __init__(self, doors: Doors, server: Callable[[], Any], tls: ssl.SSLContext) -> None:
        self.doors = doors
        self.server = server
        self.tls = tls
        self.sockets: list[socket.socket] = []
        self.accepting: list[asyncio.Task[None]] = []
        self.handshakes: set[asyncio.Task[Any]] = set()

    async def start(self, host: str, port: int) -> SecureListener:
        loop = asyncio.get_running_loop()
        found = await loop.getaddrinfo(host or None, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)
        try:
            for family, kind, proto, _name, address in dict.fromkeys(found):
                listening = socket.socket(family, kind, proto)
                self.sockets.append(listening)
                if hasattr(socket, "SO_REUSEADDR") and not hasattr(socket, "SO_EXCLUSIVEADDRUSE"):
                    listening.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
                if family == socket.AF_INET6:
                    listening.setsockopt(socket.IPPROTO_IPV6, socket.IPV6_V6ONLY, 1)
                listening.bind((address[0], port, *address[2:]))
                listening.listen(BACKLOG)
                listening.setblocking(False)
                port = port or listening.getsockname()[1]  # port 0: every address on the one chosen
        except OSError:
            self.close()
            raise
        self.accepting = [asyncio.ensure_future(self.accept(listening)) for listening in self.sockets]
        return self

    async def accept(self, listening: socket.socket) -> None:
        loop = asyncio.get_running_loop()
        while True:
            try:
                conn, peer = await loop.sock_accept(listening)
            except OSError as err:
                if err.errno in OUT_OF_RESOURCES:  # as asyncio's own accepting does: wait, then go on
                    self.doors.floods.note(
                        "connections not accepted",
                        "",
                        f"could not accept a connection: {err.strerror or err}; waiting a second",
                    )
                    await asyncio.sleep(1.0)
                continue
            door = Door(self.doors, self.server)
            door.address = plain_address(str(peer[0])) if isinstance(peer, tuple) and peer else ""
            door.key = conn
            door.admitted = self.doors.admit(door)
            if not door.admitted:
                conn.close()
                continue
            door.handshake = asyncio.ensure_future(self.secure(door, conn))
            self.handshakes.add(door.handshake)
            door.handshake.add_done_callback(self.handshakes.discard)

    async def secure(self, door: Door, conn: socket.socket) -> None:
        """The handshake (while the connection waits at the doors); the door is then its protocol."""
        try:
            await asyncio.get_running_loop().connect_accepted_socket(
                lambda: door, conn, ssl=self.tls, ssl_handshake_timeout=self.doors.config.request_timeout
            )
        except asyncio.CancelledError:  # the doors closed it (in time, or to make room)
            conn.close()
        except (OSError, EOFError, ValueError) as err:  # not TLS, a certificate the client refused, gone
            conn.close()
            if door.key is conn and conn in self.doors.open:
                self.doors.floods.note(
                    "TLS handshakes failed",
                    door.address,
                    f"the TLS handshake with "
                    f"{door.address} failed: {' '.join(str(err).split())[:160] or type(err).__name__}",
                )
            self.doors.forget(door)

    def close(self) -> None:
        for task in (*self.accepting, *self.handshakes):
            task.cancel()
        for listening in self.sockets:
            listening.close()

    async def wait_closed(self) -> None:
        await asyncio.gather(*self.accepting, *self.handshakes, return_exceptions=True)
