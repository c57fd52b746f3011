"""Queueing server pushes without a round of the event loop per recipient.

``AsyncServer.emit`` wraps every single-recipient send in a task and waits for it, so a broadcast
of one view per seat costs several event-loop rounds; under load that wait dominated the time
from an action to its views. Here each push is encoded once and put straight on the recipient
connection's Engine.IO send queue (the same queue ``emit`` ends at), synchronously, so the pushes
of one action leave in order and before its acknowledgement. If the installed python-socketio
does not have the attributes this relies on, it falls back to ``emit``.
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any

import socketio
from engineio import async_socket as eio_socket
from engineio import exceptions as eio_exceptions
from engineio import packet as eio_packet
from socketio import packet as sio_packet

log = logging.getLogger(__name__)
NAMESPACE = "/"


class Pusher:
    def __init__(self, sio: socketio.AsyncServer) -> None:
        self.sio = sio
        self.direct = all(hasattr(obj, name) for obj, name in (
            (sio, "eio"), (sio.eio, "sockets"), (sio, "manager"), (sio.manager, "eio_sid_from_sid"),
            (sio, "packet_class")))
        self.fallbacks: set[asyncio.Task[Any]] = set()

    def encode(self, event: str, data: Any) -> Any:
        """The wire packet of one push, to hand to :meth:`send` for any number of recipients."""
        pkt = self.sio.packet_class(sio_packet.EVENT, namespace=NAMESPACE, data=[event, data])
        return (event, data, eio_packet.Packet(eio_packet.MESSAGE, pkt.encode()))

    def send(self, sid: str, encoded: Any) -> None:
        """Queue an encoded push for one connection (a gone connection is skipped)."""
        event, data, raw = encoded
        if self.direct:
            eio_sid = self.sio.manager.eio_sid_from_sid(sid, NAMESPACE)
            socket = self.sio.eio.sockets.get(eio_sid) if eio_sid is not None else None
            queue = getattr(socket, "queue", None)
            if socket is not None and not getattr(socket, "closed", False) and queue is not None:
                queue.put_nowait(raw)
            return
        task = asyncio.ensure_future(self.sio.emit(event, data, to=sid))
        self.fallbacks.add(task)
        task.add_done_callback(self.fallbacks.discard)


class QuickSocket(eio_socket.AsyncSocket):
    """An Engine.IO socket that reads and writes its websocket one event-loop round after a
    message arrives or a packet is queued.

    The stock socket waits with ``asyncio.wait_for``, which on Python 3.11 runs each wait as a task
    of its own: two more rounds of the event loop for every message in and every batch out, and
    under load each round waits behind every other connection's work. ``asyncio.timeout`` bounds
    the same waits in place. A connection that starts on long-polling and upgrades keeps the stock
    handler, which does the upgrade's handshake.
    """

    async def poll(self) -> list[Any]:
        try:
            async with asyncio.timeout(self.server.ping_interval + self.server.ping_timeout):
                first = await self.queue.get()
        except (TimeoutError, asyncio.CancelledError):
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
        silence = self.server.ping_interval + self.server.ping_timeout
        while True:
            try:
                async with asyncio.timeout(silence):
                    data = await ws.wait()
            except Exception:  # the connection failed, or the client went silent
                return
            if data is None or len(data) > self.server.max_http_buffer_size:
                return
            try:
                await self.receive(eio_packet.Packet(encoded_packet=data))
            except eio_exceptions.UnknownPacketError:
                pass
            except eio_exceptions.SocketIsClosedError:
                return
            except Exception:
                log.exception("could not handle a message from %s", self.sid)

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
    """The server's Socket.IO server, whose Engine.IO sockets are :class:`QuickSocket`."""

    async def _handle_eio_connect(self, eio_sid: str, environ: dict[str, Any]) -> Any:
        socket = self.eio.sockets.get(eio_sid)
        if type(socket) is eio_socket.AsyncSocket:  # noqa: E721 - exactly the stock class, nothing else
            socket.__class__ = QuickSocket
        return await super()._handle_eio_connect(eio_sid, environ)
