"""The aiohttp application: socket.io at ``/socket.io/``, ``GET /healthz`` and ``GET /metrics``.

Every request passes, in order: the per-connection rate limit, the message size limit, the
hello/version gate and the typed schema, before a handler of :class:`server.hub.Hub` sees it.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Callable
from typing import Any

import socketio
from aiohttp import web

from soupkitchen.server import protocol as p
from soupkitchen.server.config import ServerConfig
from soupkitchen.server.hub import Hub
from soupkitchen.server.push import GameSocketServer, Pusher, WireJson

log = logging.getLogger(__name__)

HUB = web.AppKey("hub", Hub)
UNGATED = {"hello", "time_sync"}  # requests allowed before a successful hello
SHUTDOWN_GRACE = 0.5  # seconds a stopping server gives its connections to close


class JsonPacket(socketio.packet.Packet):
    """Socket.IO packets of plain JSON: the protocol has no binary payloads, so skip the deep scan
    for binary attachments that would otherwise walk every view twice before sending it."""

    uses_binary_events = False


def make_app(config: ServerConfig, clock: Callable[[], float] = time.monotonic) -> tuple[web.Application, Hub]:
    """The application and its hub (reading ``clock`` as the server's monotonic time); call
    ``hub.restore()`` inside the running loop before serving."""
    # No request handler awaits anything, so each runs where its message is read (async_handlers
    # off) instead of in a task of its own: one event-loop round less per request.
    sio = GameSocketServer(async_mode="aiohttp", cors_allowed_origins="*", serializer=JsonPacket,
                           json=WireJson, max_http_buffer_size=config.max_http_buffer, async_handlers=False)
    app = web.Application()
    sio.attach(app)
    hub = Hub(config, sio.emit, clock=clock, pusher=Pusher(sio))
    app[HUB] = hub

    @sio.event
    async def connect(sid: str, environ: dict[str, Any], auth: Any = None) -> None:
        try:
            hub.connect(sid, remote_address(environ))
        except p.ProtocolError as err:  # the client's ``connect_error`` handler gets {"message", "data"}
            raise socketio.exceptions.ConnectionRefusedError(err.message, {"code": err.code}) from None

    @sio.event
    async def disconnect(sid: str, *_reason: Any) -> None:
        await hub.disconnect(sid)

    @sio.on("*")
    async def any_event(event: str, sid: str, *args: Any) -> dict[str, Any]:
        hub.metrics.requests_total += 1
        try:
            return await dispatch(hub, sid, event, args)
        except p.ProtocolError as err:
            hub.metrics.errors_total += 1
            return err.to_json()
        except Exception:
            log.exception("request %s failed", event)
            hub.metrics.errors_total += 1
            return p.ProtocolError(p.INTERNAL, "the server could not do that").to_json()
        finally:
            await hub.pusher.flush()  # on the stock socket path, the pushes leave before the answer

    async def healthz(request: web.Request) -> web.Response:
        return web.json_response({"ok": True, "server_id": hub.server_id, "tables": len(hub.tables)})

    async def metrics(request: web.Request) -> web.Response:
        return web.json_response(server_metrics(hub))

    async def replays(request: web.Request) -> web.Response:
        return web.json_response({"matches": hub.store.finished_matches()})

    async def replay(request: web.Request) -> web.Response:
        row = hub.store.load_table(request.match_info["table_id"])
        if row is None or not row["started"]:
            raise web.HTTPNotFound(text="no such match")
        return web.json_response({"game": row["game"], "players": row["players"], "options": row["options"],
                                  "seed": row["seed"], "log": row["log"], "over": row["over"]})

    app.router.add_get("/healthz", healthz)
    app.router.add_get("/metrics", metrics)
    app.router.add_get("/replays", replays)
    app.router.add_get("/replays/{table_id}", replay)

    async def on_shutdown(app: web.Application) -> None:
        """Close every socket.io connection first: the web server's graceful stop would otherwise
        wait for each open websocket (and long-polling request) to end by itself."""
        hub.stopping = True
        eio = sio.eio
        sockets = list(eio.sockets.items())
        closing = asyncio.gather(*(socket.close(wait=False, reason=eio.reason.SERVER_DISCONNECT)
                                   for _sid, socket in sockets), return_exceptions=True)
        try:
            await asyncio.wait_for(closing, SHUTDOWN_GRACE)
        except TimeoutError:
            log.warning("some connections did not close within %.1f s", SHUTDOWN_GRACE)
        for sid, socket in sockets:
            eio.sockets.pop(sid, None)
            queue = getattr(socket, "queue", None)
            if queue is not None:  # after the CLOSE packet: ends the websocket's writer, which closes it
                queue.put_nowait(None)

    async def on_cleanup(app: web.Application) -> None:
        for table in hub.tables.values():
            for timer in (table.timer, table.idle_timer):
                if timer is not None:
                    timer.cancel()
        for task in list(hub.tasks):
            task.cancel()
        await sio.shutdown()
        hub.store.close()

    app.on_shutdown.append(on_shutdown)
    app.on_cleanup.append(on_cleanup)
    return app, hub


async def dispatch(hub: Hub, sid: str, event: str, args: tuple[Any, ...]) -> dict[str, Any]:
    if not hub.allow(sid):
        raise p.ProtocolError(p.RATE_LIMITED, "too many requests; slow down")
    if len(args) > 1:
        raise p.ProtocolError(p.BAD_REQUEST, f"{event}: send exactly one payload object")
    payload = args[0] if args else {}
    try:
        size = len(WireJson.dumps(payload))
    except (TypeError, ValueError):
        raise p.ProtocolError(p.BAD_REQUEST, f"{event}: the payload is not JSON") from None
    if size > hub.config.max_message:
        raise p.ProtocolError(p.TOO_LARGE, f"{event}: {size} bytes is more than the "
                                           f"{hub.config.max_message} a request may carry")
    request = p.parse(event, payload)
    if event not in UNGATED and not hub.conns[sid].hello:
        raise p.ProtocolError(p.VERSION, f"say hello with protocol {p.PROTOCOL_VERSION} first")
    handler = getattr(hub, event)
    return await handler(sid, request)


def remote_address(environ: dict[str, Any]) -> str:
    """The peer's IP address as aiohttp sees it (an IPv4 address mapped into IPv6 reads as IPv4)."""
    request = environ.get("aiohttp.request")
    address = getattr(request, "remote", None) or environ.get("REMOTE_ADDR") or ""
    return address.removeprefix("::ffff:") if "." in address else address


def server_metrics(hub: Hub) -> dict[str, Any]:
    tables = [t for t in hub.tables.values() if not t.closed]
    return {
        "tables": len(tables),
        "tables_playing": sum(t.started and not t.over for t in tables),
        "connections": len(hub.conns),
        "players": sum(bool(seat.sids) for t in tables for seat in t.seats),
        "spectators": sum(len(t.spectators) for t in tables),
        **hub.metrics.snapshot(),
    }
