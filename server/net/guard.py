"""What stands between the transport and the requests: only the server's events are dispatched,
no binary payload is ever buffered, an address holds so many Engine.IO sessions, a session that
never connects to socket.io is closed, long-polling bodies are bounded, UTF-8 and arrive in time,
a request from a browser page is refused unless the host allows its origin, and a session can be
closed at once (a binary sender, one that stopped reading its pushes).

The guards use public APIs: a socket.io packet class (the ``serializer`` argument) and an aiohttp
middleware, so they hold whichever socket classes the server runs on; and, through
``server.net.push`` (the one module that reaches python-engineio's private parts, fenced to the
releases it was tested with), the Engine.IO connect and disconnect handlers socket.io registered,
wrapped so that every session is seen from its start. With any other release a session is seen
only once socket.io connects over it. A session is closed through the server's transport
(``server.net.transport``).
"""

from __future__ import annotations

import asyncio
import ipaddress
import logging
from collections.abc import Awaitable, Callable, Collection, Iterable
from dataclasses import dataclass
from typing import Any

import socketio
from aiohttp import web
from multidict import CIMultiDict
from socketio import packet as sio_packet

from soupkitchen.server.net.push import wrap_session_events
from soupkitchen.server.net.transport import Transport
from soupkitchen.shared.wire import protocol

log = logging.getLogger(__name__)

REFUSED = "\x00refused"  # the event a packet the protocol does not allow is turned into
ADDRESS_KEY = "soupkitchen.address"  # the environ entries this module adds to each session's environ
SESSION_KEY = "soupkitchen.session"
SOCKETIO_PATH = "/socket.io/"
EXTENSIONS = "Sec-WebSocket-Extensions"


class JsonPacket(socketio.packet.Packet):
    """Socket.IO packets of plain JSON that admit only the server's events (``admitting``).

    The protocol has no binary payloads, so the deep scan for binary attachments is skipped when
    sending. When reading, an event whose name is not one the server answers (``connect``,
    ``disconnect``, ``message`` and every other name), a binary event or attachment, and a message
    whose JSON cannot be read all become the event :data:`REFUSED` with the reason as its argument
    (keeping the acknowledgement id), so they reach the catch-all handler and no other: nothing is
    buffered waiting for attachments, and the server's own connect and disconnect handlers are only
    ever called by the server.
    """

    uses_binary_events = False
    events: frozenset[str] = frozenset()  # the names admitted

    @classmethod
    def admitting(cls, events: Collection[str]) -> type[JsonPacket]:
        """The packet class that admits the events named, and no other."""
        return type("JsonPacket", (cls,), {"events": frozenset(events)})

    def decode(self, encoded_packet: Any) -> int:
        self.id = None
        if not isinstance(encoded_packet, str):
            return self._refuse("binary")
        try:
            super().decode(encoded_packet)
        except (ValueError, TypeError, RecursionError):
            if self.packet_type in (sio_packet.CONNECT, sio_packet.ACK):
                self.data = None  # an unreadable auth or acknowledgement is as good as none
                return 0
            return self._refuse("json")
        if self.packet_type in (sio_packet.BINARY_EVENT, sio_packet.BINARY_ACK):
            return self._refuse("binary")
        if self.packet_type == sio_packet.EVENT:
            name = self.data[0] if isinstance(self.data, list) and self.data else None
            if not isinstance(name, str) or name not in self.events:
                return self._refuse("event", name)
        elif self.packet_type not in (sio_packet.CONNECT, sio_packet.DISCONNECT, sio_packet.ACK):
            return self._refuse("packet")
        return 0

    def _refuse(self, reason: str, detail: Any = None) -> int:
        self.packet_type = sio_packet.EVENT
        self.data = [REFUSED, reason, repr(detail)[:40]]
        return 0


def remote_address(environ: dict[str, Any], trusted_proxies: Iterable[str] = ()) -> str:
    """The peer's IP address as the transport sees it (an IPv4 address mapped into IPv6 reads as
    IPv4). Behind a proxy named in ``trusted_proxies``, the address it appended to
    ``X-Forwarded-For``; no header is believed from anyone else."""
    request = environ.get("aiohttp.request")
    address = plain_address(getattr(request, "remote", None) or "")
    if address and address in set(trusted_proxies):
        forwarded = [part.strip() for part in environ.get("HTTP_X_FORWARDED_FOR", "").split(",")]
        if forwarded and forwarded[-1]:
            return plain_address(forwarded[-1])
    return address


def plain_address(address: str) -> str:
    try:
        parsed = ipaddress.ip_address(address)
    except ValueError:
        return address
    mapped = getattr(parsed, "ipv4_mapped", None)
    return str(mapped or parsed)


@dataclass
class Session:
    """One Engine.IO session: where it comes from and whether socket.io is connected over it."""

    address: str
    connected: bool = False
    timer: asyncio.TimerHandle | None = None


class SessionGuard:
    """Counts each address's Engine.IO sessions that have no socket.io connection (yet) and closes
    such a session ``handshake_timeout`` seconds after it opened or lost its connection. Where the
    Engine.IO events cannot be wrapped (``watching`` is False: a release ``server.net.push`` was not
    tested with), it knows a connection from the moment socket.io connects, by its socket.io id, and
    closes it through socket.io's public ``disconnect``; it counts none pending."""

    def __init__(
        self,
        transport: Transport,
        most_pending: Callable[[], int],
        handshake_timeout: Callable[[], float],
        trusted_proxies: Callable[[], Iterable[str]],
        versions: dict[str, str] | None = None,
    ) -> None:
        self.transport = transport
        self.most_pending = most_pending
        self.handshake_timeout = handshake_timeout
        self.trusted_proxies = trusted_proxies
        self.sessions: dict[str, Session] = {}
        self.tasks: set[asyncio.Task[Any]] = set()
        self.closing: set[str] = set()
        why_not = wrap_session_events(transport.sio, self._eio_connect, self._eio_disconnect, versions)
        self.watching = why_not is None  # every Engine.IO session is seen from its start
        if why_not is not None:
            log.warning(
                "sessions: sessions that have not connected yet are neither counted nor timed out, "
                "because %s",
                why_not,
            )

    def _eio_connect(self, inner: Callable[..., Awaitable[Any]]) -> Callable[..., Awaitable[Any]]:
        async def connect(eio_sid: str, environ: dict[str, Any]) -> Any:
            address = remote_address(environ, self.trusted_proxies())
            most = self.most_pending()
            if most and self.pending(address) >= most:
                log.info("refused a session from %s: %d sessions not connected yet", address, most)
                return {
                    "message": f"this computer ({address}) already has {most} connections that "
                    "have not finished connecting",
                    "data": {"code": "limit"},
                }
            environ[ADDRESS_KEY], environ[SESSION_KEY] = address, eio_sid
            self.sessions[eio_sid] = Session(address)
            self._arm(eio_sid)
            return await inner(eio_sid, environ)

        return connect

    def _eio_disconnect(self, inner: Callable[..., Awaitable[Any]]) -> Callable[..., Awaitable[Any]]:
        async def disconnect(eio_sid: str, *reason: Any) -> Any:
            session = self.sessions.pop(eio_sid, None)
            if session is not None and session.timer is not None:
                session.timer.cancel()
            return await inner(eio_sid, *reason)

        return disconnect

    def pending(self, address: str) -> int:
        return sum(not s.connected and s.address == address for s in self.sessions.values())

    def connected(self, eio_sid: str, on: bool, address: str = "") -> None:
        """Socket.io connected over the session (``on``, from ``address``) or left it: a session left
        without a connection is closed after the handshake timeout."""
        session = self.sessions.get(eio_sid)
        if session is None and on and not self.watching:  # first seen now: the public path
            session = self.sessions[eio_sid] = Session(address)
        if session is None:
            return
        session.connected = on
        if session.timer is not None:
            session.timer.cancel()
            session.timer = None
        if not on:
            self._arm(eio_sid)

    def _arm(self, eio_sid: str) -> None:
        session = self.sessions[eio_sid]
        session.timer = asyncio.get_running_loop().call_later(self.handshake_timeout(), self._expire, eio_sid)

    def _expire(self, eio_sid: str) -> None:
        session = self.sessions.get(eio_sid)
        if session is None or session.connected:
            return
        log.info("closing a session from %s that did not connect in time", session.address)
        self.close(eio_sid)

    def close(self, eio_sid: str) -> None:
        """Close an Engine.IO session (after whatever is already queued for it)."""
        if eio_sid in self.closing:
            return
        self.closing.add(eio_sid)
        task = asyncio.ensure_future(self._close(eio_sid))
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)

    async def _close(self, eio_sid: str) -> None:
        try:
            if self.watching:
                await self.transport.close(eio_sid)
            else:  # the public path: a socket.io id, and its disconnect
                await self.transport.sio.disconnect(eio_sid)
        finally:
            self.sessions.pop(eio_sid, None)  # even if the transport never reported the session gone
            self.closing.discard(eio_sid)

    async def close_all(self, grace: float) -> None:
        """Close every session (the server is stopping), giving them ``grace`` seconds together."""
        if self.watching:
            await self.transport.close_all(list(self.sessions), grace)
            return
        closing = asyncio.gather(
            *(self.transport.sio.disconnect(sid) for sid in list(self.sessions)), return_exceptions=True
        )
        try:
            await asyncio.wait_for(closing, grace)
        except TimeoutError:
            log.info("some connections were still closing after %.1f s; the web server ends them", grace)

    def cancel(self) -> None:
        for session in self.sessions.values():
            if session.timer is not None:
                session.timer.cancel()
        for task in list(self.tasks):
            task.cancel()


def origin_guard(allowed: Callable[[], Collection[str]]) -> Callable[..., Awaitable[web.StreamResponse]]:
    """An aiohttp middleware: a request that carries a browser's ``Origin`` header gets 403 unless
    that origin is one of ``allowed()`` (the host's ``--allow-origin``); an allowed origin may read
    the answers of the HTTP routes (Engine.IO answers its own). The desktop client sends no Origin."""

    @web.middleware
    async def guard(
        request: web.Request, handler: Callable[..., Awaitable[web.StreamResponse]]
    ) -> web.StreamResponse:
        origin = request.headers.get("Origin")
        if origin is None:
            return await handler(request)
        if origin not in allowed():
            return web.json_response(
                {
                    "message": f"this server does not answer pages from {origin[:100]}; its "
                    "host may allow them with --allow-origin",
                    "data": {"code": protocol.FORBIDDEN_ORIGIN},
                },
                status=403,
            )
        response = await handler(request)
        if request.path != SOCKETIO_PATH and not response.prepared:
            response.headers["Access-Control-Allow-Origin"] = origin
            response.headers["Vary"] = "Origin"
        return response

    return guard


def http_guard(
    max_body: Callable[[], int], body_time: Callable[[], float]
) -> Callable[..., Awaitable[web.StreamResponse]]:
    """An aiohttp middleware for long-polling POSTs: a body over ``max_body()`` bytes gets 413, one
    that has not arrived within ``body_time()`` seconds 408, and one that is not UTF-8 400, before
    Engine.IO reads it."""

    @web.middleware
    async def guard(
        request: web.Request, handler: Callable[..., Awaitable[web.StreamResponse]]
    ) -> web.StreamResponse:
        if request.method != "POST" or request.path != SOCKETIO_PATH:
            return await handler(request)
        most = max_body()
        if request.content_length is not None and request.content_length > most:
            return web.Response(status=413, text=f"a message may carry at most {most} bytes")
        try:
            async with asyncio.timeout(body_time()):
                body = await read_body(request, most)
        except TimeoutError:
            return web.Response(
                status=408,
                text=f"the message did not arrive within {body_time():g} s",
                headers={"Connection": "close"},
            )
        if len(body) > most:
            return web.Response(status=413, text=f"a message may carry at most {most} bytes")
        try:
            body.decode("utf-8")
        except UnicodeDecodeError:
            return web.Response(status=400, text="the body is not UTF-8 text")
        return await handler(ReadRequest(request, body))

    return guard


def websocket_compression(allowed: Callable[[], bool]) -> Callable[..., Awaitable[web.StreamResponse]]:
    """An aiohttp middleware that answers a websocket's offer of compression (permessage-deflate)
    only if ``allowed()``: otherwise the offer is taken off the request before the websocket is
    made, so the connection is made without it (a client may always do without, RFC 7692).

    A compressing connection holds zlib's state for as long as it is open, some 120 to 300 KB of
    the server's memory (a window and hash tables each way), which at thousands of connections
    was most of the server's memory; a delta push is a few hundred bytes (docs/protocol.md)."""

    @web.middleware
    async def plain(
        request: web.Request, handler: Callable[..., Awaitable[web.StreamResponse]]
    ) -> web.StreamResponse:
        if EXTENSIONS in request.headers and request.path == SOCKETIO_PATH and not allowed():
            headers = CIMultiDict(request.headers)
            del headers[EXTENSIONS]
            request = request.clone(headers=headers)
        return await handler(request)

    return plain


async def read_body(request: web.Request, most: int) -> bytes:
    """The request's body, or its first ``most`` + 1 bytes if it is longer."""
    body = await request.content.read(most + 1)
    while len(body) <= most and not request.content.at_eof():
        more = await request.content.read(most + 1 - len(body))
        if not more:
            break
        body += more
    return body


class ReadRequest:
    """A request whose body has been read: Engine.IO reads ``content`` and ``headers`` from it and
    everything else from the request itself."""

    def __init__(self, request: web.Request, body: bytes) -> None:
        self._request = request
        self.content = ReadBody(body)
        headers = CIMultiDict(request.headers)
        headers["Content-Length"] = str(len(body))
        headers.pop("Transfer-Encoding", None)
        self.headers = headers

    def __getattr__(self, name: str) -> Any:
        return getattr(self._request, name)


class ReadBody:
    def __init__(self, body: bytes) -> None:
        self.body = body

    async def read(self, n: int = -1) -> bytes:
        data, self.body = (self.body, b"") if n < 0 else (self.body[:n], self.body[n:])
        return data
