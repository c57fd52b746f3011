"""The transport's fast path: server pushes queued without a round of the event loop per
recipient, and sockets that wait in place. The one module that touches python-engineio's and
python-socketio's private parts (``server.net.transport`` has the public path): besides the fast path,
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

from soupkitchen.server.net.transport import StockTransport

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
        closing = asyncio.gather(
            *(socket.close(wait=False, reason=eio.reason.SERVER_DISCONNECT) for _sid, socket in sockets),
            return_exceptions=True,
        )
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
    fast = getattr(sio, "fast", False) and all(
        hasattr(obj, name)
        for obj, name in (
            (sio, "eio"),
            (sio.eio, "sockets"),
            (sio, "manager"),
            (sio.manager, "eio_sid_from_sid"),
            (sio, "packet_class"),
        )
    )
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
        self.due: float | None = None  # when the next tick is due

    def watch(self) -> None:
        """Time the running loop (once per loop)."""
        loop = asyncio.get_running_loop()
        if self.loop is not loop:
            self.loop = loop
            self.lates.clear()
            self.due = loop.time() + self.PERIOD
            loop.call_at(self.due, self._tick, self.due)

    def _tick(self, due: float) -> None:
        loop = self.loop
        if loop is None or loop.is_closed():
            return
        now = loop.time()
        if now - due > self.NOTICED:
            self.lates.append((now, now - due))
        while self.lates and self.lates[0][0] < now - self.WINDOW:
            self.lates.popleft()
        self.due = now + self.PERIOD
        loop.call_at(self.due, self._tick, self.due)

    def recent(self) -> float:
        """The most the loop was late within the window, in seconds, this moment's lateness included:
        after a stall, whatever runs before the next tick (the watch of the pings) knows of it."""
        loop, due = self.loop, self.due
        now_late = loop.time() - due if loop is not None and due is not None and not loop.is_closed() else 0.0
        return max(now_late, max((late for _when, late in self.lates), default=0.0))


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

    ping_timer: asyncio.TimerHandle | None = None  # the next ping, if it waits for its moment
    frames: FrameWriter | None = None  # writes straight to the websocket (once its writer runs)

    def schedule_ping(self) -> None:
        """The next ping ``ping_interval`` after a pong, from a timer rather than a task of its own
        (a task and its sleep for each of thousands of pings every few seconds)."""
        if self.last_ping:
            self.last_ping = None
            self.ping_timer = asyncio.get_running_loop().call_later(self.server.ping_interval, self._ping_now)

    def _ping_now(self) -> None:
        self.ping_timer = None
        if self.closing or self.closed:
            return
        self.last_ping = time.time()
        # Written at once where nothing else waits to be: no round of the writer for a ping.
        if self.frames is None or not self.queue.empty() or not self.frames.write([PING_MESSAGE]):
            self.queue.put_nowait(eio_packet.Packet(eio_packet.PING))

    def ping_along(self, packets: list[Any]) -> None:
        """The next ping with ``packets`` if it is due within half a ping interval: it leaves in the
        same write rather than a write of its own a moment later (a client may be pinged sooner,
        never later). At 4,000 connections the pings were two writes in three."""
        timer = self.ping_timer
        if timer is None or self.closing or self.closed:
            return
        if timer.when() - asyncio.get_running_loop().time() < self.server.ping_interval / 2:
            timer.cancel()
            self.ping_timer = None
            self.last_ping = time.time()
            packets.append(eio_packet.Packet(eio_packet.PING))

    def lag_allowance(self) -> float:
        return min(LAG.recent(), LoopLag.WINDOW)

    def overdue(self) -> str | None:
        """Why the client is taken for gone, if it is: its ping's answer overdue, in words for the log."""
        last_ping = self.last_ping
        if not last_ping:
            return None
        waited, allowance = time.time() - last_ping, self.lag_allowance()
        if waited <= self.server.ping_timeout + allowance:
            return None
        return (
            f"its answer to a ping is {waited:.1f} s late (allowed {self.server.ping_timeout:g} s, "
            f"and {allowance:.1f} s more for this server's own lateness)"
        )

    async def check_ping_timeout(self) -> bool:
        if self.closed:
            raise eio_exceptions.SocketIsClosedError()
        why = self.overdue()
        if why is not None:
            closing(self, why)
            # A CLOSE packet for a client that is half there, as the stock check means to send (its
            # send, checking again, sends none), then the end marker: the writer closes the websocket.
            self.queue.put_nowait(eio_packet.Packet(eio_packet.CLOSE))
            self.queue.put_nowait(None)
            await self.close(wait=False, abort=True, reason=self.server.reason.PING_TIMEOUT)
            return False
        return True

    async def close(self, wait: bool = True, abort: bool = False, reason: Any = None) -> None:
        """Close as Engine.IO does, then queue the end marker, so that the writer (or a long-polling
        request) ends after the CLOSE packet rather than waiting for a timeout of its own."""
        first = not self.closed and not self.closing
        await super().close(wait=False, abort=abort, reason=reason)
        if first:
            self.queue.put_nowait(None)
        if wait:
            await self.queue.join()

    async def poll(self) -> list[Any]:
        # No timeout of its own: every close queues the end marker (``close``), and an open socket
        # with nothing to send waits on (a busy server sends its pings late).
        try:
            first = await self.queue.get()
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
            await self._read_websocket(ws)
        finally:  # even when cancelled: the end marker stops the writer, which closes the websocket
            self.queue.put_nowait(None)
        await writer
        await self.close(wait=False, abort=True, reason=self.server.reason.TRANSPORT_CLOSE)

    async def _read_websocket(self, ws: Any) -> None:
        """Read the client's messages until the websocket ends (the client closed it, the connection
        failed, or the server closed it: a client whose ping went unanswered is closed by the
        server's watch over every connection, :func:`watch_pings`)."""
        while True:
            try:
                data = await ws.wait()
            except Exception as err:  # the connection failed, or it was closed
                log.debug("the connection %s ended: %r", self.sid, err)
                return
            if data == PONG_MESSAGE:  # the most frequent message: answered without a packet's steps
                self.schedule_ping()
                continue
            if data is None or len(data) > self.server.max_http_buffer_size:
                if data is not None:
                    closing(
                        self,
                        f"it sent a message of {len(data)} bytes, more than "
                        f"{self.server.max_http_buffer_size}",
                    )
                return
            try:
                await self.receive(eio_packet.Packet(encoded_packet=data))
            except eio_exceptions.UnknownPacketError:
                pass
            except eio_exceptions.SocketIsClosedError:
                return
            except Exception:
                self.server.logger.exception(
                    "could not handle a message from %s", self.sid
                )  # one line a minute

    async def _write_websocket(self, ws: Any) -> None:
        frames = self.frames = FrameWriter.of(ws)
        while True:
            try:
                packets = await self.poll()
            except eio_exceptions.QueueEmpty:
                break
            if not packets:
                break
            if frames is not None:
                self.ping_along(packets)
            try:
                if frames is None or not frames.write([pkt.encode() for pkt in packets]):
                    for pkt in packets:
                        await ws.send(pkt.encode())
                if self.last_ping and any(pkt.packet_type == eio_packet.PING for pkt in packets):
                    # its answer is owed from now: a ping queued behind a backlog of pushes left late
                    self.last_ping = time.time()
            except Exception as err:  # the connection is gone (the client closed it, or it failed)
                log.debug("writing to the connection %s failed: %r", self.sid, err)
                break
        await ws.close()


class FrameWriter:
    """Engine.IO packets written to a websocket as one write of their frames (one system call and one
    wake-up of the client rather than one each, and none of aiohttp's per-frame steps), where aiohttp
    writes a frame at a time.

    It writes uncompressed text frames to the connection's transport itself, as aiohttp's own
    writer does (RFC 6455: a server's frames are not masked), so it reaches aiohttp's private
    parts: only with the releases in :data:`FRAMES_TESTED`, on a connection without compression
    whose transport has nothing waiting to be sent (otherwise aiohttp's path, which waits for a
    slow reader, writes each frame)."""

    def __init__(self, response: Any, writer: Any) -> None:
        self.response = response
        self.writer = writer

    @classmethod
    def of(cls, ws: Any) -> FrameWriter | None:
        """The frame writer of an Engine.IO websocket (aiohttp's), or None where it cannot write."""
        response = getattr(ws, "_sock", None)
        writer = getattr(response, "_writer", None)
        plain = writer is not None and not getattr(writer, "compress", 1) and hasattr(writer, "transport")
        if not FRAMES_OK or not plain:
            return None
        return cls(response, writer)

    def write(self, messages: list[str | bytes]) -> bool:
        """Write the messages' frames at once; False (nothing written) where aiohttp's path must."""
        transport = self.writer.transport
        if (
            self.response.closed
            or getattr(self.writer, "_closing", True)
            or transport.is_closing()
            or transport.get_write_buffer_size()
        ):
            return False
        frames = []
        for message in messages:
            data = message.encode() if isinstance(message, str) else message
            first = 0x81 if isinstance(message, str) else 0x82  # FIN and text, or binary
            size = len(data)
            if size < 126:
                frames.append(bytes((first, size)))
            elif size < 65536:
                frames.append(bytes((first, 126)) + size.to_bytes(2, "big"))
            else:
                frames.append(bytes((first, 127)) + size.to_bytes(8, "big"))
            frames.append(data)
        transport.write(b"".join(frames))
        return True


FRAMES_TESTED = ((3, 10), (3, 15))  # aiohttp releases whose websocket writer FrameWriter stands in for


def _frames_ok() -> bool:
    try:
        return FRAMES_TESTED[0] <= _release(metadata.version("aiohttp"))[:2] < FRAMES_TESTED[1]
    except metadata.PackageNotFoundError:
        return False


FRAMES_OK = _frames_ok()


PING_MESSAGE, PONG_MESSAGE = "2", "3"  # Engine.IO's ping and pong, as they go over a websocket


async def watch_pings(eio: Any) -> None:
    """Engine.IO's service task, cheaper: once a second, every connection whose ping has waited for
    its answer longer than ``ping_timeout`` is checked (``check_ping_timeout``, which closes it if
    the answer is overdue even allowing for this server's own lateness), and closed sockets are
    forgotten. The stock task woke once for each connection, 1,300 times a second at 4,000
    connections, each wake a task of its own; and each message's read waited under a timeout of its
    own, which this watch makes needless. A silent connection is closed within a second of its
    ping's answer being overdue (the stock task: within ``ping_timeout``)."""
    eio.service_task_event = eio.create_event()
    while not eio.service_task_event.is_set():
        try:
            await asyncio.wait_for(eio.service_task_event.wait(), timeout=PING_WATCH)
            break
        except TimeoutError:
            pass
        now, timeout = time.time(), eio.ping_timeout
        for sid, socket in list(eio.sockets.items()):
            if socket.closed:
                eio.sockets.pop(sid, None)
            elif not socket.closing and socket.last_ping and now - socket.last_ping > timeout:
                try:
                    await socket.check_ping_timeout()
                except eio_exceptions.SocketIsClosedError:
                    pass
                except Exception:  # noqa: BLE001 - one socket's failure must not stop the watch
                    log.exception("checking the connection %s failed", sid)


PING_WATCH = 1.0  # seconds between two looks at every connection's ping


def closing(socket: Any, why: str) -> None:
    """Say why the server closes a connection (its Engine.IO session id names it in the log)."""
    log.warning("closing the connection %s: %s", socket.sid, why)


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

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        index_rooms(self.manager)
        eio = self.eio
        eio._service_task = lambda: watch_pings(eio)  # started by Engine.IO at its first connection

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


def wrap_session_events(
    sio: socketio.AsyncServer, connect: Any, disconnect: Any, versions: dict[str, str] | None = None
) -> str | None:
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


def index_rooms(manager: Any, version: str | None = None) -> bool:
    """Have a socket.io client manager find a leaving connection's rooms without walking every room;
    True once it does.

    python-socketio's manager keeps a room per connection, and a disconnect looks for the leaving
    connection in every room: at 4,000 connections some 4 ms of the event loop each, so a few hundred
    connections lost at once held the server up for seconds, long enough for the others' pings to run
    out in turn. A room is one of three kinds: the namespace's own (``None``, every connection), a
    connection's own (named by its id, holding it alone) or a room the server made (the table
    list's watchers), of which there are few; the manager here keeps the names of the last kind, so a
    disconnect looks in the leaving connection's own rooms and those alone, and leaves exactly the
    rooms the walk would have found. Only with the releases in :data:`FAST_PATH_TESTED`
    (``version``: the installed one by default); with any other the manager walks every room."""
    if not internals_tested("python-socketio", version) or not all(
        hasattr(manager, name)
        for name in (
            "rooms",
            "basic_enter_room",
            "basic_leave_room",
            "basic_disconnect",
            "callbacks",
            "pending_connect",
            "pending_disconnect",
        )
    ):
        return False
    shared: dict[str, set[Any]] = {}  # namespace -> the names of its rooms that are neither None nor a sid's
    enter, leave = manager.basic_enter_room, manager.basic_leave_room

    def basic_enter_room(sid: str, namespace: str, room: Any, eio_sid: str | None = None) -> None:
        enter(sid, namespace, room, eio_sid=eio_sid)
        if room is not None and room != sid:
            shared.setdefault(namespace, set()).add(room)

    def basic_leave_room(sid: str, namespace: str, room: Any) -> None:
        leave(sid, namespace, room)
        if room in shared.get(namespace, ()) and room not in manager.rooms.get(namespace, {}):
            shared[namespace].discard(room)  # its last member left: the room is gone

    def basic_disconnect(sid: str, namespace: str, **kwargs: Any) -> None:
        rooms = manager.rooms.get(namespace)
        if rooms is None:
            return
        for name in [
            name for name in (None, sid, *shared.get(namespace, ())) if name in rooms and sid in rooms[name]
        ]:
            basic_leave_room(sid, namespace, name)
        manager.callbacks.pop(sid, None)
        for pending in (manager.pending_connect, manager.pending_disconnect):
            if sid in pending.get(namespace, ()):
                pending[namespace].remove(sid)
                if not pending[namespace]:
                    del pending[namespace]

    manager.basic_enter_room, manager.basic_leave_room = basic_enter_room, basic_leave_room
    manager.basic_disconnect = basic_disconnect
    return True


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
