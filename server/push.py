"""The transport's fast path: server pushes queued without a round of the event loop per
recipient, and sockets that wait in place. The one module that touches python-engineio's and
python-socketio's private parts (``server.transport`` has the public path): besides the fast path,
the Engine.IO session events the session guard wraps and a cluster node's message queue (at the
end of this module), each used only with the releases in :data:`FAST_PATH_TESTED` and each with
the public path it falls back to otherwise.

``AsyncServer.emit`` wraps every single-recipient send in a task and waits for it, so a broadcast
of one view per seat costs several event-loop rounds; under load that wait dominated the time
from an action to its views. Here each push is encoded once and put straight on the recipient
connection's Engine.IO send queue (the same queue ``emit`` ends at), synchronously, so the pushes
of one action leave in order and before its acknowledgement; on a cluster's node they never go
through the nodes' message queue in Redis.

This fast path leans on private parts of python-engineio and python-socketio, so it is fenced: it
runs only with the versions in :data:`FAST_PATH_TESTED` (the suite runs on both paths), and any
other version, or ``SOUPKITCHEN_STOCK_SOCKETS=1``, gives the stock path (``emit`` and the stock
sockets) with one log line saying why.
"""

from __future__ import annotations

import asyncio
import logging
import os
import time
from collections import deque
from importlib import metadata
from typing import Any

import socketio
from engineio import exceptions as eio_exceptions
from engineio import packet as eio_packet
from socketio import packet as sio_packet

from soupkitchen.server.transport import StockTransport

try:
    from engineio.async_socket import AsyncSocket as StockSocket
except ImportError:  # a release without it can only run the stock path (its version is outside the range)
    StockSocket = object  # type: ignore[assignment,misc]

log = logging.getLogger(__name__)
NAMESPACE = "/"
STOCK_ENV = "SOUPKITCHEN_STOCK_SOCKETS"
# distribution -> (lowest, first untested) release the fast path's overrides were tested with
FAST_PATH_TESTED = {"python-engineio": ((4, 11), (4, 16)), "python-socketio": ((5, 12), (5, 19))}


def _release(version: str) -> tuple[int, ...]:
    """The leading numeric parts of a version string: "4.15.1" -> (4, 15, 1), "5.0rc1" -> (5,)."""
    parts = []
    for part in version.split("."):
        if not part.isdigit():
            break
        parts.append(int(part))
    return tuple(parts)


def stock_path_reason(versions: dict[str, str] | None = None) -> str | None:
    """Why the server must use the stock socket path, or None when the fast path may run.
    ``versions`` maps distribution names to versions (default: the installed ones)."""
    if os.environ.get(STOCK_ENV, "") not in ("", "0"):
        return f"{STOCK_ENV} is set"
    for name, (lowest, untested) in FAST_PATH_TESTED.items():
        try:
            version = versions[name] if versions is not None else metadata.version(name)
        except (KeyError, metadata.PackageNotFoundError):
            return f"the installed version of {name} is unknown"
        if not lowest <= _release(version)[:2] < untested:
            tested = f"{'.'.join(map(str, lowest))} to before {'.'.join(map(str, untested))}"
            return f"{name} {version} is outside the range the fast path was tested with ({tested})"
    return None


class FastTransport(StockTransport):
    """Pushes straight onto the connections' Engine.IO send queues; a session's backlog is its
    queue's length; closing a session, or all of them, ends its websocket's writer at once."""

    fast = True

    def encode(self, event: str, data: Any) -> Any:
        pkt = self.sio.packet_class(sio_packet.EVENT, namespace=NAMESPACE, data=[event, data])
        return eio_packet.Packet(eio_packet.MESSAGE, pkt.encode())

    def send(self, sid: str, encoded: Any) -> None:
        eio_sid = self.sio.manager.eio_sid_from_sid(sid, NAMESPACE)
        socket = self.sio.eio.sockets.get(eio_sid) if eio_sid is not None else None
        queue = getattr(socket, "queue", None)
        if socket is not None and not getattr(socket, "closed", False) and queue is not None:
            queue.put_nowait(encoded)

    def backlog(self, session: str) -> int:
        queue = getattr(self.sio.eio.sockets.get(session), "queue", None)
        return queue.qsize() if queue is not None else 0

    async def close(self, session: str) -> None:
        socket = self.sio.eio.sockets.get(session)
        queue = getattr(socket, "queue", None)
        if socket is not None and queue is not None:
            await socket.close(wait=False)  # the CLOSE packet goes after what is queued ...
            queue.put_nowait(None)  # ... and then the writer ends, closing the websocket at once
        await self.sio.eio.disconnect(session)

    async def close_all(self, sessions: list[str], grace: float) -> None:
        eio = self.sio.eio
        sockets = [(sid, socket) for sid in sessions if (socket := eio.sockets.get(sid)) is not None]
        closing = asyncio.gather(*(socket.close(wait=False, reason=eio.reason.SERVER_DISCONNECT)
                                   for _sid, socket in sockets), return_exceptions=True)
        try:
            await asyncio.wait_for(closing, grace)
        except TimeoutError:
            log.warning("some connections did not close within %.1f s", grace)
        for sid, socket in sockets:
            eio.sockets.pop(sid, None)
            queue = getattr(socket, "queue", None)
            if queue is not None:  # after the CLOSE packet: ends the websocket's writer, which closes it
                queue.put_nowait(None)


def transport_for(sio: socketio.AsyncServer) -> StockTransport:
    """The fast path's transport for a :class:`GameSocketServer`, the stock one for any other server."""
    fast = getattr(sio, "fast", False) and all(hasattr(obj, name) for obj, name in (
        (sio, "eio"), (sio.eio, "sockets"), (sio, "manager"), (sio.manager, "eio_sid_from_sid"),
        (sio, "packet_class")))
    return FastTransport(sio) if fast else StockTransport(sio)


class LoopLag:
    """How late the event loop has run lately: a timer due every :attr:`PERIOD` seconds, and the
    most it was late within the last :attr:`WINDOW` seconds (:meth:`recent`)."""

    PERIOD = 0.1
    WINDOW = 10.0
    NOTICED = 0.05  # seconds late that count

    def __init__(self) -> None:
        self.loop: asyncio.AbstractEventLoop | None = None
        self.lates: deque[tuple[float, float]] = deque()  # (when, seconds late)

    def watch(self) -> None:
        """Time the running loop (once per loop)."""
        loop = asyncio.get_running_loop()
        if self.loop is not loop:
            self.loop = loop
            self.lates.clear()
            loop.call_at(loop.time() + self.PERIOD, self._tick, loop.time() + self.PERIOD)

    def _tick(self, due: float) -> None:
        loop = self.loop
        if loop is None or loop.is_closed():
            return
        now = loop.time()
        if now - due > self.NOTICED:
            self.lates.append((now, now - due))
        while self.lates and self.lates[0][0] < now - self.WINDOW:
            self.lates.popleft()
        loop.call_at(now + self.PERIOD, self._tick, now + self.PERIOD)

    def recent(self) -> float:
        """The most the loop was late within the window, in seconds."""
        return max((late for _when, late in self.lates), default=0.0)


LAG = LoopLag()


class InPlaceTimeoutSocket(StockSocket):  # type: ignore[valid-type,misc]
    """An Engine.IO socket that reads and writes its websocket one event-loop round after a
    message arrives or a packet is queued.

    The stock socket waits with ``asyncio.wait_for``, which on Python 3.11 runs each wait as a task
    of its own: two more rounds of the event loop for every message in and every batch out, and
    under load each round waits behind every other connection's work. ``asyncio.timeout`` bounds
    the same waits in place. A connection that starts on long-polling and upgrades keeps the stock
    handler, which does the upgrade's handshake.

    A client silent for ``ping_interval + ping_timeout`` seconds is disconnected at once, before its
    websocket's closing handshake (which waits up to 10 s for a client that is no longer there).

    Those seconds count only while the client owes an answer: a ping has waited for its answer
    for longer than ``ping_timeout``, lengthened by as much as the server's own event loop ran late
    lately (:data:`LAG`, at most its 10 s window). A server running late (a burst of moves, a machine
    busy with other work) sends its pings late and reads their answers late; it no longer closes
    every connection at the end of its busy moment. A writer with nothing to send (not even a ping)
    waits on while its socket is open.
    """

    def schedule_ping(self) -> None:
        """The next ping ``ping_interval`` after a pong, from a timer rather than a task of its own
        (a task and its sleep for each of thousands of pings every few seconds)."""
        if self.last_ping:
            self.last_ping = None
            asyncio.get_running_loop().call_later(self.server.ping_interval, self._ping_now)

    def _ping_now(self) -> None:
        if not self.closing and not self.closed:
            self.last_ping = time.time()
            self.queue.put_nowait(eio_packet.Packet(eio_packet.PING))

    def lag_allowance(self) -> float:
        return min(LAG.recent(), LoopLag.WINDOW)

    async def check_ping_timeout(self) -> bool:
        if self.closed:
            raise eio_exceptions.SocketIsClosedError()
        last_ping = self.last_ping
        if last_ping and time.time() - last_ping > self.server.ping_timeout + self.lag_allowance():
            # a CLOSE packet, as the stock check sends, for a client that is half there
            await self.close(wait=False, abort=False, reason=self.server.reason.PING_TIMEOUT)
            return False
        return True

    async def poll(self) -> list[Any]:
        while True:
            try:
                async with asyncio.timeout(self.server.ping_interval + self.server.ping_timeout):
                    first = await self.queue.get()
                break
            except TimeoutError:
                # Nothing to send, not even a ping: a socket the server has closed ends here (after
                # its CLOSE packet); an open one waits on, as its reader ends a client gone silent
                # (the end marker), and a busy server sends its pings late.
                if self.closed or self.closing:
                    raise eio_exceptions.QueueEmpty() from None
            except asyncio.CancelledError:
                raise eio_exceptions.QueueEmpty() from None
        self.queue.task_done()
        if first is None:
            return []
        packets = [first]
        while not self.queue.empty():
            pkt = self.queue.get_nowait()
            self.queue.task_done()
            if pkt is None:  # the end marker stays queued for the next poll
                self.queue.put_nowait(None)
                break
            packets.append(pkt)
        return packets

    async def _websocket_handler(self, ws: Any) -> None:
        if self.connected:
            await super()._websocket_handler(ws)
            return
        self.connected = self.upgraded = True
        writer = asyncio.ensure_future(self._write_websocket(ws))
        try:
            silent = await self._read_websocket(ws)
        finally:  # even when cancelled: the end marker stops the writer, which closes the websocket
            self.queue.put_nowait(None)
        if silent:
            await self.close(wait=False, abort=True, reason=self.server.reason.PING_TIMEOUT)
        await writer
        await self.close(wait=False, abort=True, reason=self.server.reason.TRANSPORT_CLOSE)

    async def _read_websocket(self, ws: Any) -> bool:
        """Read the client's messages until the websocket ends; True if the client went silent."""
        silence = self.server.ping_interval + self.server.ping_timeout
        waited = silence
        while True:
            try:
                async with asyncio.timeout(waited):
                    data = await ws.wait()
            except TimeoutError:
                # Silent only once a ping has waited too long for its answer: a server running late
                # sends its pings late, and reads their answers late.
                last_ping = self.last_ping
                if last_ping is None:
                    waited = self.server.ping_interval
                    continue
                owed = last_ping + self.server.ping_timeout + self.lag_allowance() - time.time()
                if owed < 0:
                    return True
                waited = owed + 0.01
                continue
            except Exception:  # the connection failed
                return False
            waited = silence
            if data is None or len(data) > self.server.max_http_buffer_size:
                return False
            try:
                await self.receive(eio_packet.Packet(encoded_packet=data))
            except eio_exceptions.UnknownPacketError:
                pass
            except eio_exceptions.SocketIsClosedError:
                return False
            except Exception:
                self.server.logger.exception("could not handle a message from %s", self.sid)  # one line a minute

    async def _write_websocket(self, ws: Any) -> None:
        while True:
            try:
                packets = await self.poll()
            except eio_exceptions.QueueEmpty:
                break
            if not packets:
                break
            try:
                for pkt in packets:
                    await ws.send(pkt.encode())
            except Exception:
                break
        await ws.close()


class GameSocketServer(socketio.AsyncServer):
    """The server's Socket.IO server, whose Engine.IO sockets are :class:`InPlaceTimeoutSocket`.

    Made only on the fast path: where :func:`stock_path_reason` gives a reason, constructing one
    logs the reason and returns a stock ``socketio.AsyncServer`` instead, untouched by any override.
    """

    fast = True

    def __new__(cls, *args: Any, **kwargs: Any) -> socketio.AsyncServer:
        reason = stock_path_reason()
        if reason is None:
            return super().__new__(cls)
        log.warning("sockets: using python-socketio's stock path, because %s", reason)
        return socketio.AsyncServer(*args, **kwargs)

    async def _handle_eio_connect(self, eio_sid: str, environ: dict[str, Any]) -> Any:
        LAG.watch()
        socket = self.eio.sockets.get(eio_sid)
        if type(socket) is StockSocket:  # noqa: E721 - exactly the stock class, nothing else
            socket.__class__ = InPlaceTimeoutSocket
        return await super()._handle_eio_connect(eio_sid, environ)


# --- the other private parts the server reaches, fenced the same way ----------------------------
def internals_tested(name: str, version: str | None = None) -> bool:
    """Whether this release of ``name`` (``version``: the installed one by default) is one the
    overrides here were tested with (:data:`FAST_PATH_TESTED`); an unknown version is not."""
    lowest, untested = FAST_PATH_TESTED[name]
    try:
        version = version or metadata.version(name)
    except metadata.PackageNotFoundError:
        return False
    return lowest <= _release(version)[:2] < untested


def wrap_session_events(sio: socketio.AsyncServer, connect: Any, disconnect: Any,
                        versions: dict[str, str] | None = None) -> str | None:
    """Put ``connect(inner)`` and ``disconnect(inner)`` around the Engine.IO connect and disconnect
    handlers socket.io registered, so that every Engine.IO session is seen from its start, before
    (or without) a socket.io connection over it. None once done; otherwise why not.

    socket.io keeps those handlers in the Engine.IO server's own ``handlers``, which has no public
    reader, so this runs only with the releases in :data:`FAST_PATH_TESTED` (``versions``: the
    installed ones by default), whichever socket path the server takes. With any other, nothing is
    wrapped: a session is seen only once socket.io connects over it (its public ``connect`` event)."""
    for name in FAST_PATH_TESTED:
        if not internals_tested(name, (versions or {}).get(name)):
            return f"{name} is not a release the session guard's hold on Engine.IO sessions was tested with"
    eio = sio.eio
    inner = {event: eio.handlers.get(event) for event in ("connect", "disconnect")}
    missing = [event for event, handler in inner.items() if handler is None]
    if missing:
        return f"socket.io registered no Engine.IO {missing[0]} handler to wrap"
    eio.on("connect", connect(inner["connect"]))
    eio.on("disconnect", disconnect(inner["disconnect"]))
    return None


async def listen_to_message_queue(sio: Any, version: str | None = None, within: float = 5.0) -> bool:
    """Have a node's message queue subscribed to Redis before the node serves; True once it is.

    python-socketio starts listening only at its first connection, so the table-list pushes other
    nodes sent while that first client's subscription was still on its way never reached it. It has
    no public way to start sooner, so this reads the server's and the manager's own attributes, and
    only with the releases in :data:`FAST_PATH_TESTED` (``version``: the installed one by default);
    with any other the queue starts at the first connection, as python-socketio does by itself."""
    if not internals_tested("python-socketio", version):
        return False
    if not sio.manager_initialized:
        sio.manager_initialized = True
        sio.manager.initialize()
    loop = asyncio.get_running_loop()
    until = loop.time() + within
    while loop.time() < until:
        pubsub = getattr(sio.manager, "pubsub", None)
        if pubsub is not None and pubsub.subscribed:
            return True
        await asyncio.sleep(0.01)
    log.warning("the message queue has not subscribed to Redis within %.0f s; it keeps trying", within)
    return False


async def close_message_queue(manager: Any, version: str | None = None) -> None:
    """Stop a node's message queue: its listening task, and its connection to Redis.

    python-socketio has no public way to, so this reads the manager's own attributes, and only with
    the releases in :data:`FAST_PATH_TESTED` (``version``: the installed one by default). With any
    other the task ends with the event loop and the connection with the process."""
    if not internals_tested("python-socketio", version):
        return
    listening = getattr(manager, "thread", None)
    if isinstance(listening, asyncio.Future):
        listening.cancel()
        await asyncio.gather(listening, return_exceptions=True)
    redis = getattr(manager, "redis", None)
    if redis is not None:
        try:
            await redis.aclose()
        except Exception as err:  # noqa: BLE001 - closing anyway
            log.debug("could not close the message queue's link to Redis: %s", err)
