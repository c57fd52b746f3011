"""The aiohttp application: socket.io at ``/socket.io/``, ``GET /healthz``, ``GET /metrics`` and the
replays of finished games.

Every HTTP request passes the doors (``server.net.doors``: it is in hand on its connection), the origin
check and the long-polling body limits (``server.net.guard``). Only the events of the hub's table
(``Hub.events``) are dispatched (``server.net.guard`` turns every other name away). Every request
passes, in order: the rate limits (per connection and per address), the message size limit, the
JSON's shape (depth, finite numbers), the typed schema and the hello/version gate, before its
handler sees it. A change the database refuses (a full disk) is answered with its own code.
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any

import socketio
from aiohttp import web

from soupkitchen.server.cluster.cluster import message_queue, serve_as_node
from soupkitchen.server.config import ServerConfig
from soupkitchen.server.footprint import table_memory
from soupkitchen.server.gc_pauses import PauseWatch
from soupkitchen.server.hub import Hub
from soupkitchen.server.net.doors import Doors
from soupkitchen.server.net.floodlog import FloodLog, InputLog
from soupkitchen.server.net.guard import (
    ADDRESS_KEY,
    REFUSED,
    SESSION_KEY,
    JsonPacket,
    SessionGuard,
    http_guard,
    origin_guard,
    websocket_compression,
)
from soupkitchen.server.net.guard import remote_address as remote_address
from soupkitchen.server.net.push import (
    GameSocketServer,
    close_message_queue,
    listen_to_message_queue,
    transport_for,
)
from soupkitchen.server.storage.store import CHANGES, Changes, Store, StoreError
from soupkitchen.server.tables.lobby import TABLES_CHANGED, WATCHERS
from soupkitchen.server.tables.scheduler import Scheduler
from soupkitchen.shared.wire import protocol
from soupkitchen.shared.wire.codec import WireJson

log = logging.getLogger(__name__)

HUB = web.AppKey("hub", Hub)
DOORS = web.AppKey("doors", Doors)
FLOODS = web.AppKey("floods", FloodLog)
GUARD = web.AppKey("guard", SessionGuard)
UNGATED = {"hello", "time_sync"}  # requests allowed before a successful hello
# requests that neither change nor tell of a table: answered at once, without waiting for the store
# (a node whose database does not answer still answers them)
TABLELESS = {"hello", "time_sync"}
SHUTDOWN_GRACE = 0.5  # seconds a stopping server gives its connections to close


def make_app(
    config: ServerConfig, scheduler: Scheduler | None = None, pauses: PauseWatch | None = None
) -> tuple[web.Application, Hub]:
    """The application and its hub (its time, clock and timers, from ``scheduler``; ``pauses``,
    if given, is reported in ``GET /metrics``); call ``hub.restore()`` inside the running loop
    before serving, and listen through ``app[DOORS]`` with ``AppRunner(app, logger=InputLog(...))``
    (``EmbeddedServer`` does both). StoreError if the database cannot be opened and written."""
    # No request handler awaits anything, so each runs where its message is read (async_handlers
    # off) instead of in a task of its own: one event-loop round less per request.
    # Pings every ping_interval seconds: a connection that stops answering (a cable pulled, a laptop
    # asleep) is found dead within ping_interval + 2 * ping_timeout seconds (docs/protocol.md).
    hub = Hub(config, scheduler)
    # A node's emits to rooms reach every node through Redis (the table list's watchers); the single
    # process keeps python-socketio's manager in memory. A table's pushes never leave its node.
    manager = None
    if config.redis is not None:
        serve_as_node(hub, config.redis)
        manager = message_queue(config.redis)
    floods = FloodLog(logging.getLogger("soupkitchen.server.floods"))
    # Browser origins are refused by origin_guard unless allowed; Engine.IO answers the allowed ones'
    # CORS (an empty list turns its own check off: every origin left has been allowed).
    sio = GameSocketServer(
        async_mode="aiohttp",
        cors_allowed_origins=list(config.allowed_origins),
        serializer=JsonPacket.admitting(hub.events),
        engineio_logger=InputLog(logging.getLogger("engineio.server"), floods, logging.WARNING),
        json=WireJson,
        max_http_buffer_size=config.max_http_buffer,
        async_handlers=False,
        ping_interval=config.ping_interval,
        ping_timeout=config.ping_timeout,
        **({"client_manager": manager} if manager is not None else {}),
    )
    doors = Doors(config, floods)
    app = web.Application(
        middlewares=[
            doors.middleware(),
            origin_guard(lambda: config.allowed_origins),
            http_guard(lambda: config.max_http_buffer, lambda: config.request_timeout),
            websocket_compression(lambda: config.websocket_compression),
        ]
    )
    sio.attach(app)
    transport = transport_for(sio)
    hub.speak_through(transport)

    async def enter(sid: str, on: bool) -> None:
        if on:
            await sio.enter_room(sid, WATCHERS)
        else:
            await sio.leave_room(sid, WATCHERS)

    hub.watch.enter = enter
    hub.watch.emit = lambda: sio.emit(TABLES_CHANGED, {}, room=WATCHERS)
    guard = SessionGuard(
        transport,
        most_pending=lambda: config.max_connections_per_address,
        handshake_timeout=lambda: config.handshake_timeout,
        trusted_proxies=lambda: config.trusted_proxies,
    )
    app[HUB], app[DOORS], app[FLOODS], app[GUARD] = hub, doors, floods, guard

    def lagging(sid: str) -> bool:
        """True, and the connection is closed, once it has left ``max_backlog`` pushes unread."""
        conn = hub.conns.get(sid)
        if conn is None or transport.backlog(conn.session) < config.max_backlog:
            return False
        log.warning(
            "closing the connection %s from %s: it has left %d pushes unread",
            conn.session,
            conn.address,
            config.max_backlog,
        )
        guard.close(conn.session)
        return True

    hub.lagging = lagging

    def close_connection(sid: str) -> None:
        conn = hub.conns.get(sid)
        if conn is not None:
            guard.close(conn.session)

    hub.close_connection = close_connection

    @sio.event
    async def connect(sid: str, environ: dict[str, Any], auth: Any = None) -> None:
        address = environ.get(ADDRESS_KEY)
        if address is None:
            address = remote_address(environ, config.trusted_proxies)
        try:
            hub.connect(sid, address, environ.get(SESSION_KEY) or sid)  # unguarded: its socket.io id
        except (
            protocol.ProtocolError
        ) as err:  # the client's ``connect_error`` handler gets {"message", "data"}
            log.info("%s from %s refused: %s", sid, address, err.message)
            raise socketio.exceptions.ConnectionRefusedError(err.message, {"code": err.code}) from None
        guard.connected(hub.conns[sid].session, True, address)
        log.info("%s connected from %s", sid, address)

    @sio.event
    async def disconnect(sid: str, *reason: Any) -> None:
        log.info("%s disconnected (%s)", sid, reason[0] if reason else "gone")
        conn = hub.conns.get(sid)
        await hub.disconnect(sid)
        if conn is not None:
            guard.connected(conn.session, False)

    @sio.on("*")
    async def any_event(event: str, sid: str, *args: Any) -> dict[str, Any]:
        hub.metrics.requests_total += 1
        handed = hub.store.issued  # the changes the store had before this request
        changes = Changes()  # and those it hands the store
        given = CHANGES.set(changes)
        unstored: StoreError | None = None
        try:
            if not hub.allow(sid):
                await asyncio.sleep(config.rate_penalty)  # holds this connection's reading back
                raise protocol.ProtocolError(protocol.RATE_LIMITED, "too many requests; slow down")
            if event == REFUSED:
                refuse(hub, guard, sid, *args)
            reply = await dispatch(hub, sid, event, args)
        except protocol.ProtocolError as err:
            hub.metrics.errors_total += 1
            reply = err.to_json()
        except StoreError as err:  # the store has logged it, once
            hub.metrics.errors_total += 1
            reply = protocol.ProtocolError(err.code, err.message).to_json()
        except Exception:
            log.exception("request %s failed", event)
            hub.metrics.errors_total += 1
            reply = protocol.ProtocolError(protocol.INTERNAL, "the server could not do that").to_json()
        finally:
            # nothing is acknowledged before it is stored, nor answered before the pushes made so far
            CHANGES.reset(given)
            waited = hub.clock()
            if event not in TABLELESS:
                unstored = await hub.store.stored(changes)
            if (
                event == "act" and hub.store.issued > handed
            ):  # a move, with the time its change took to be stored
                hub.metrics.stage("wait_for_store", hub.clock() - waited)
            await transport.flush()  # on the stock socket path, the pushes leave before the answer
        if unstored is not None and reply.get("ok"):
            hub.metrics.errors_total += 1
            reply = protocol.ProtocolError(unstored.code, unstored.message).to_json()
        if log.isEnabledFor(logging.INFO):  # soupkitchen-server --verbose
            outcome = "ok" if reply.get("ok") else reply["error"]["code"]
            if "refusal" in reply.get("error", {}):  # the rules' reason, in English for the host
                outcome += f" ({reply['error']['message']})"
            log.info("%s %s %s -> %s", sid, event, loggable(args), outcome)
        return reply

    async def healthz(request: web.Request) -> web.Response:
        return web.json_response({"ok": True, "server_id": hub.server_id, "tables": len(hub.tables)})

    async def metrics(request: web.Request) -> web.Response:
        return web.json_response(
            server_metrics(hub)
            | {"doors": doors.snapshot()}
            | (pauses.snapshot() if pauses is not None else {})
        )

    async def replays(request: web.Request) -> web.Response:
        try:
            return web.json_response({"matches": await hub.store.read(Store.finished_matches)})
        except StoreError as err:
            return unavailable(err)

    async def replay(request: web.Request) -> web.Response:
        try:
            row = await hub.store.read(Store.load_table, request.match_info["table_id"])
        except StoreError as err:
            return unavailable(err)
        if row is None or not row["over"]:  # a game in progress is nobody's to replay
            raise web.HTTPNotFound(text="no finished match of that id")
        return web.json_response(
            {
                "game": row["game"],
                "players": row["players"],
                "options": row["options"],
                "seed": row["seed"],
                "log": row["log"],
                "over": row["over"],
                "names": [seat["name"] or f"Bot {index + 1}" for index, seat in enumerate(row["seats"])],
                "finished": row["finished"],
            }
        )

    app.router.add_get("/healthz", healthz)
    app.router.add_get("/metrics", metrics)
    app.router.add_get("/replays", replays)
    app.router.add_get("/replays/{table_id}", replay)

    async def on_shutdown(app: web.Application) -> None:
        """Close every socket.io connection first: the web server's graceful stop would otherwise
        wait for each open websocket (and long-polling request) to end by itself."""
        hub.stopping = True
        await guard.close_all(SHUTDOWN_GRACE)

    async def on_cleanup(app: web.Application) -> None:
        guard.cancel()
        doors.close()
        floods.close()
        hub.stop()
        await sio.shutdown()
        if manager is not None:
            await close_message_queue(manager)
        await hub.store.drained()
        hub.store.close()

    async def on_startup(app: web.Application) -> None:
        if manager is not None:  # a node hears the other nodes' table-list pushes before it serves
            await listen_to_message_queue(sio)

    app.on_startup.append(on_startup)
    app.on_shutdown.append(on_shutdown)
    app.on_cleanup.append(on_cleanup)
    return app, hub


REFUSALS = {
    "event": (protocol.UNKNOWN_EVENT, "unknown request {detail}"),
    "binary": (
        protocol.BAD_REQUEST,
        "binary payloads are not accepted (the protocol is JSON); closing the connection",
    ),
    "json": (
        protocol.BAD_REQUEST,
        "the message is not JSON the server can read (nested too deep, a number too long or not JSON at all)",
    ),
    "packet": (protocol.BAD_REQUEST, "a client does not send that kind of socket.io packet"),
}


def unavailable(err: StoreError) -> web.Response:
    """The answer to an HTTP read the database could not answer now: 503, with the store's sentence."""
    return web.json_response({"error": {"code": err.code, "message": err.message}}, status=503)


def refuse(hub: Hub, guard: SessionGuard, sid: str, reason: Any = "packet", detail: Any = "") -> None:
    """Answer a packet ``server.net.guard.JsonPacket`` turned away; a binary one also closes its
    connection."""
    code, message = REFUSALS.get(reason, REFUSALS["packet"])
    if reason == "binary" and sid in hub.conns:
        guard.close(hub.conns[sid].session)
    raise protocol.ProtocolError(code, message.format(detail=detail))


async def dispatch(hub: Hub, sid: str, event: str, args: tuple[Any, ...]) -> dict[str, Any]:
    if len(args) > 1:
        raise protocol.ProtocolError(protocol.BAD_REQUEST, f"{event}: send exactly one payload object")
    payload = args[0] if args else {}
    try:
        size = len(WireJson.dumps(payload))
    except (TypeError, ValueError):
        raise protocol.ProtocolError(protocol.BAD_REQUEST, f"{event}: the payload is not JSON") from None
    except RecursionError:
        raise protocol.ProtocolError(
            protocol.BAD_REQUEST, f"{event}: nested more than {protocol.MAX_DEPTH} deep"
        ) from None
    if size > hub.config.max_message:
        raise protocol.ProtocolError(
            protocol.TOO_LARGE,
            f"{event}: {size} bytes is more than the {hub.config.max_message} a request may carry",
        )
    protocol.check_shape(event, payload)  # after the size limit, so that the walk is short
    request = protocol.parse(event, payload)
    if event not in UNGATED and not hub.conns[sid].hello:
        raise protocol.ProtocolError(
            protocol.VERSION, f"say hello with protocol {protocol.PROTOCOL_VERSION} first"
        )
    return await hub.events[event](sid, request)


def loggable(args: tuple[Any, ...]) -> str:
    """A request's payload for the log, without seat tokens or passwords, cut to 200 characters."""
    payload = args[0] if len(args) == 1 else list(args)
    if isinstance(payload, dict):
        payload = {key: "***" if key in ("token", "password") else value for key, value in payload.items()}
    try:
        text = WireJson.dumps(payload)
    except (TypeError, ValueError):
        text = repr(payload)
    return text[:200]


def server_metrics(hub: Hub) -> dict[str, Any]:
    tables = [t for t in hub.tables.values() if not t.closed]
    return {
        "tables": len(tables),
        "tables_playing": sum(t.started and not t.over for t in tables),
        "connections": len(hub.conns),
        "players": sum(bool(seat.sids) for t in tables for seat in t.seats),
        "spectators": sum(len(t.spectators) for t in tables),
        "storing": hub.store.can_store,  # False while the database refuses changes (or cannot be reached)
        **hub.metrics.snapshot(),
        "table_memory": table_memory(hub.roster.runners.values(), hub.footprints),
        **({"node": hub.node.snapshot()} if hub.node is not None else {}),
    }
