"""The connection to a Soup Kitchen server (wire protocol v1) on the client's asyncio loop.

One ``socketio.AsyncClient``; requests are acknowledged calls, and an ack with ``ok: false``
becomes a :class:`ServerError` carrying the server's plain-words message. When the link drops the
connection reconnects by itself with backoff, says hello again, re-syncs the clock and resumes
every seat token it holds, so the tables it shows get their full snapshot back. It says in its
hello that it takes ``delta`` pushes (what changed in a seat's view, docs/protocol.md); a server
older than them refuses that hello, and is greeted again without it.

A server that is one node of a cluster answers ``moved`` for a table another node serves: the
connection goes there by itself (a websocket, the only transport it speaks, so a load balancer in
front of the nodes need not keep a client on one of them), takes every held seat back and asks
again. It remembers every node the cluster named, and when its node goes it comes back through
whichever answers.

A connection may watch the server's list of open tables (``watch_tables``): each
``tables_changed`` push is handed to ``tables_listeners``, and on every new link (a reconnection,
another node) the watch is asked for again and the listeners told, as the list may have changed
meanwhile. A server older than that push answers ``unknown_event``; :meth:`Connection.watch_tables`
says so, and the caller asks for the list on a timer instead.

An ``https://`` server is spoken to over TLS (``wss://`` for its websocket), its certificate checked
by :mod:`client.net.tls`; one that is refused is said so in words before anything else is tried.
"""

from __future__ import annotations

import asyncio
import logging
import random
import time
from collections.abc import Callable
from typing import Any, Protocol
from urllib.parse import urlsplit

from pydantic import ValidationError

from soupkitchen.client.net import engine
from soupkitchen.client.net.clock import SlewedOffset
from soupkitchen.client.net.server_words import said
from soupkitchen.shared.wire.codec import WireJson
from soupkitchen.shared.wire.constants import DEFAULT_PORT, PROTOCOL_VERSION
from soupkitchen.shared.wire.protocol import BAD_REQUEST, MOVED, UNKNOWN_EVENT, check_push

log = logging.getLogger(__name__)

CLIENT_NAME = "soupkitchen 0.1"
EXAMPLE_ADDRESS = f"192.168.1.20:{DEFAULT_PORT}"
BACKOFF = (0.5, 1.0, 2.0, 4.0, 8.0)
# Each wait of the backoff is drawn from half to one and a half times its step, so that the clients
# of a node that restarts come back spread over seconds rather than all in the same one.
JITTER = (0.5, 1.5)
SYNC_EVERY = 10.0
MOST_MOVES = 4  # redirects one request follows before it gives up
MOVE_PAUSE = 0.5  # seconds before asking again a node that sent the client to itself, or to a node gone
MOST_BOUNCES = 20  # times in a row a node may send the client to one gone before the backoff applies again
# permessage-deflate window bits offered to the server (0: no compression). A view is mostly
# repeated keys and legal moves; compressed, it fits in far fewer packets, so a lost packet on a
# poor link holds up less.
WEBSOCKET_COMPRESSION = 15

# Plain words for failures that never reached the server's own error messages.
OFFLINE_MESSAGE = "Not connected to the server. Reconnecting..."
TIMEOUT_MESSAGE = "The server did not answer in time."


class ServerError(Exception):
    """The server refused a request; ``str(err)`` is its message for the player."""

    def __init__(
        self, code: str, message: str, refusal: dict[str, Any] | None = None, address: str | None = None
    ) -> None:
        message = message[:1].upper() + message[1:]  # shown as a sentence
        super().__init__(message)
        self.code = code
        self.message = message
        self.refusal = refusal  # the rules' refusal as code and parameters, for the client to word
        self.address = address  # ``moved``: the node that serves the table


def error_of(ack: Any) -> ServerError | None:
    """The error an ack carries, or None if it is ``ok``."""
    if isinstance(ack, dict) and ack.get("ok") is True:
        return None
    if isinstance(ack, dict) and isinstance(ack.get("error"), dict):
        err = ack["error"]
        address, refusal = err.get("address"), err.get("refusal")
        code = str(err.get("code", "error"))
        return ServerError(
            code,
            said(code, str(err.get("message") or "")),
            refusal if isinstance(refusal, dict) else None,
            address if isinstance(address, str) and address.startswith(("http://", "https://")) else None,
        )
    return ServerError("bad_reply", "The server sent a reply this client does not understand.")


def reconnect_delay(failures: int, jitter: random.Random) -> float:
    """Seconds to wait before the next attempt after ``failures`` in a row: the backoff's step,
    jittered (``JITTER``)."""
    return BACKOFF[min(failures, len(BACKOFF) - 1)] * jitter.uniform(*JITTER)


def is_secure(url: str) -> bool:
    return url.startswith("https://")


def online_hint(url: str) -> str:
    """For a plain http:// address that is not on a private network: where a server put online is."""
    import ipaddress

    if is_secure(url):
        return ""
    host = url.split("://", 1)[-1].rsplit(":", 1)[0].strip("[]")
    try:
        if not ipaddress.ip_address(host).is_global:
            return ""
    except ValueError:
        if "." not in host or host.endswith((".local", ".lan", ".home")):
            return ""
    return " If it is a server put online, its address starts with https://."


def normalise_url(address: str) -> str:
    """``host``, ``host:port`` or a full URL as an http URL (default port :data:`DEFAULT_PORT`)."""
    address = address.strip()
    if not address:
        raise ValueError(f"Type a server address, like {EXAMPLE_ADDRESS}")
    if "://" not in address:
        address = "http://" + address
    scheme, rest = address.split("://", 1)
    host = rest.split("/", 1)[0]
    if not host:
        raise ValueError(f"Type a server address, like {EXAMPLE_ADDRESS}")
    if ":" not in host.rsplit("]", 1)[-1]:
        host += f":{DEFAULT_PORT}"
    return f"{scheme}://{host}"


class TableFeed(Protocol):
    """What a connection hands one table's pushes to (a :class:`client.net.session.TableSession`)."""

    tokens: dict[int, str]

    def receive_state(self, data: dict[str, Any]) -> None: ...

    def receive_delta(self, data: dict[str, Any]) -> None: ...

    def receive_lobby(self, table: dict[str, Any]) -> None: ...

    def receive_emote(self, seat: Any, emote: str) -> None: ...

    def receive_nudge(self, seat: int) -> None: ...

    async def resume(self) -> int: ...


class Connection:
    """A live link to one server, shared by every table session on it."""

    def __init__(self, url: str, clock: Callable[[], float] = time.monotonic) -> None:
        self.url = url
        self.clock = clock
        self.offset = SlewedOffset()
        self.sio: Any = None  # socketio.AsyncClient once connected
        self.connected = False
        self.server_id: str | None = None
        self.games: list[dict[str, Any]] = []
        self.nodes: list[str] = [url]  # the cluster's nodes this connection knows (just its server if none)
        self.sessions: dict[str, TableFeed] = {}
        self.lobby_listeners: list[Callable[[dict[str, Any]], None]] = []
        self.kicked_listeners: list[Callable[[str], None]] = []
        self.tables_listeners: list[Callable[[], None]] = []  # the list of open tables may have changed
        self.watching_tables = False  # whether this client wants ``tables_changed`` pushes
        self.status_listeners: list[Callable[[bool], None]] = []
        # after a reconnection has resumed every session: (seats taken back, seats held)
        self.resumed_listeners: list[Callable[[int, int], None]] = []
        self.reconnect_attempts = 0
        self.jitter = random.Random()  # the backoff's jitter (a test seeds it)
        self.lost_at: float | None = None  # when (this client's clock) the link was last lost
        self.server_gone = False  # while lost: nothing listens at the server's address (it was stopped)
        self._closing = False
        self._moving = False  # following a redirect: the seats' own redirects are not followed again
        self._reconnecting = False
        # The task changing the link (reconnecting, or following a redirect), and whether none is: a
        # request that another redirect answers meanwhile waits for it and asks again on the link
        # it made, rather than leaving that link half way through its hello, clock sync and resumes.
        self._changing: asyncio.Task | None = None
        self._settled = asyncio.Event()
        self._settled.set()
        self._tasks: set[asyncio.Task] = set()
        self._gone: dict[Any, asyncio.Event] = {}  # each open link -> set once it is lost
        self.http: Any = None  # the aiohttp session of an https:// server (TLS, certificate checked)

    # --- lifecycle -----------------------------------------------------------------------------
    async def connect(self, timeout: float = 5.0) -> None:
        """Connect, say hello and sync clocks; ServerError with plain words if that fails."""
        self._closing = False
        try:
            await self._open(timeout)
        except BaseException:
            await self._close_http()
            raise
        self._spawn(self._sync_loop())

    async def _open(self, timeout: float) -> None:
        import socketio  # imported on first use: it is slow to load and the title screen needs none of it

        secure = {}
        if is_secure(self.url):
            secure = {"http_session": await self._secure_session(timeout)}
        sio = socketio.AsyncClient(
            reconnection=False,
            json=WireJson,
            websocket_extra_options={"compress": WEBSOCKET_COMPRESSION},
            **secure,
        )
        sio.on("state", self._on_state)
        sio.on("delta", self._on_delta)
        sio.on("lobby", self._on_lobby)
        sio.on("emote", self._on_emote)
        sio.on("kicked", self._on_kicked)
        sio.on("nudge", self._on_nudge)
        sio.on("tables_changed", self._on_tables_changed)

        gone = self._gone[sio] = asyncio.Event()

        async def disconnected(*args: Any) -> None:
            self._gone.pop(sio, gone).set()  # no answer can come on it now
            await self._on_disconnect(sio, *args)

        sio.on("disconnect", disconnected)
        try:
            await sio.connect(self.url, transports=["websocket"], wait_timeout=timeout)
        except (TimeoutError, socketio.exceptions.ConnectionError, OSError) as err:
            if not secure:
                await engine.close_unopened(sio)
            raise ServerError(
                "offline", f"Could not reach a server at {self.url}.{online_hint(self.url)}"
            ) from err
        self.sio = sio
        try:
            ack = await self._raw_call(
                "hello", {"protocol": PROTOCOL_VERSION, "client": CLIENT_NAME, "deltas": True}, timeout
            )
            err = error_of(ack)
            if err is not None and err.code == BAD_REQUEST:  # a server older than deltas: whole views
                ack = await self._raw_call(
                    "hello", {"protocol": PROTOCOL_VERSION, "client": CLIENT_NAME}, timeout
                )
                err = error_of(ack)
        except ServerError as failed:  # no answer in time: this link is left, not kept half open
            err = failed
        if err is not None:
            self.sio = None  # its disconnect is not a link lost
            await sio.disconnect()
            raise err
        if self.server_id is not None and ack.get("server_id") != self.server_id:
            self.offset.reset()
        self.server_id = ack.get("server_id")
        self.games = list(ack.get("games") or [])
        named = [
            node
            for node in ack.get("nodes") or []
            if isinstance(node, str) and node.startswith(("http://", "https://"))
        ]
        self.nodes = list(dict.fromkeys([self.url, *named, *self.nodes]))
        self._set_connected(True)
        try:
            for _ in range(3):
                await self.sync_time()
        except ServerError:  # no clock without an answer: this link is left too
            if self.sio is sio:
                self.sio = None
            self._set_connected(False)
            await sio.disconnect()
            raise
        if self.watching_tables:  # a new link watches nothing yet; the list may have changed meanwhile
            self._spawn(self._watch_again())

    async def _watch_again(self) -> None:
        try:
            await self.watch_tables(True)
        except ServerError:
            log.debug("could not watch the table list again", exc_info=True)
        for listener in list(self.tables_listeners):
            listener()

    async def _secure_session(self, timeout: float) -> Any:
        """The TLS session to an https:// server, once it has shown a certificate this computer
        trusts (``GET /healthz``); ServerError saying why otherwise."""
        import ssl

        import aiohttp

        from soupkitchen.client.net import tls

        if self.http is None or self.http.closed:
            self.http = aiohttp.ClientSession(connector=aiohttp.TCPConnector(ssl=tls.client_context()))
        try:
            async with self.http.get(
                f"{self.url}/healthz", timeout=aiohttp.ClientTimeout(total=timeout)
            ) as answer:
                await answer.read()
        except aiohttp.ClientConnectorCertificateError as err:
            if isinstance(err.certificate_error, ssl.SSLCertVerificationError):
                raise ServerError("certificate", tls.refusal(err.certificate_error, self.url)) from err
            raise ServerError(
                "certificate",
                f"Did not connect to {self.url}: its certificate was refused ({err.certificate_error}).",
            ) from err
        except aiohttp.ClientSSLError as err:
            raise ServerError(
                "certificate",
                f"Could not speak TLS with {self.url}: it may not be a server put "
                "online (a LAN server's address starts with http://).",
            ) from err
        except (aiohttp.ClientError, TimeoutError, OSError) as err:
            raise ServerError("offline", f"Could not reach a server at {self.url}.") from err
        return self.http

    async def close(self) -> None:
        """Leave for good: no reconnection."""
        self._closing = True
        for task in list(self._tasks):
            task.cancel()
        if self.sio is not None:
            try:
                await self.sio.disconnect()
            except Exception:  # noqa: BLE001 - closing anyway
                log.debug("disconnect failed", exc_info=True)
        await self._close_http()
        self._set_connected(False)

    async def _close_http(self) -> None:
        if self.http is not None:
            http, self.http = self.http, None
            await http.close()

    def _spawn(self, coro) -> asyncio.Task:
        task = asyncio.get_running_loop().create_task(coro)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)
        return task

    def _set_connected(self, value: bool) -> None:
        if value != self.connected:
            self.connected = value
            for listener in list(self.status_listeners):
                listener(value)

    # --- requests ------------------------------------------------------------------------------
    async def _raw_call(self, event: str, payload: dict[str, Any], timeout: float = 10.0) -> Any:
        if self.sio is None:
            raise ServerError("offline", OFFLINE_MESSAGE)
        import socketio

        try:
            return await _unless_gone(
                self.sio.call(event, payload, timeout=timeout), self._gone.get(self.sio)
            )
        except socketio.exceptions.TimeoutError as err:
            raise ServerError("timeout", TIMEOUT_MESSAGE) from err
        except socketio.exceptions.BadNamespaceError as err:
            raise ServerError("offline", OFFLINE_MESSAGE) from err

    async def request(self, event: str, payload: dict[str, Any], timeout: float = 10.0) -> dict[str, Any]:
        """The ack of ``event``; raises ServerError if the server refused or could not be reached."""
        if not self.connected:
            raise ServerError("offline", OFFLINE_MESSAGE)
        for moves in range(MOST_MOVES + 1):
            ack = await self._raw_call(event, payload, timeout)
            err = error_of(ack)
            if err is None:
                return ack
            if err.code != MOVED or err.address is None or self._moving or moves == MOST_MOVES:
                raise err
            if self._changing is not None and self._changing is not asyncio.current_task():
                try:  # the link is being changed already: ask again on the new one
                    await asyncio.wait_for(self._settled.wait(), timeout)
                except TimeoutError:
                    raise ServerError("timeout", TIMEOUT_MESSAGE) from None
                if not self.connected:
                    raise ServerError("offline", OFFLINE_MESSAGE)
                continue
            await self._move(err.address)
        raise AssertionError("unreachable")

    async def watch_tables(self, on: bool) -> bool:
        """Ask for (``on``) or stop the ``tables_changed`` pushes; True if the server pushes them,
        False if it is older than them (``unknown_event``). ServerError if it cannot be asked."""
        self.watching_tables = on
        try:
            ack = await self._raw_call("watch_tables", {"on": on}, timeout=10.0)
        except ServerError:
            if not on:  # stopping: the pushes are ignored anyway
                return False
            raise
        err = error_of(ack)
        if err is not None and err.code == UNKNOWN_EVENT:
            self.watching_tables = False
            return False
        if err is not None:
            raise err
        return True

    def _change_link(self) -> bool:
        """Mark the current task as the one changing the link; False if it was already."""
        task = asyncio.current_task()
        if self._changing is task:
            return False
        self._changing = task
        self._settled.clear()
        return True

    def _link_changed(self) -> None:
        if self._changing is asyncio.current_task():
            self._changing = None
            self._settled.set()

    async def _move(self, address: str) -> None:
        """Follow a cluster's redirect: connect to the node at ``address`` (or, sent back here, wait
        a moment) and take every held seat back there. ServerError if that node cannot be reached
        (the connection then comes back through whichever node answers)."""
        self._moving = True
        own = self._change_link()
        try:
            if address != self.url:
                log.info("the table is served at %s; connecting there", address)
                old, self.sio = self.sio, None
                self.url = address
                if old is not None:
                    try:
                        await old.disconnect()
                    except Exception:  # noqa: BLE001 - leaving it anyway
                        log.debug("disconnect failed", exc_info=True)
                try:
                    await self._open(timeout=5.0)
                except ServerError:
                    self._set_connected(False)
                    self._reconnect_soon()
                    raise
            else:
                await asyncio.sleep(MOVE_PAUSE)
            for session in list(self.sessions.values()):
                await session.resume()
        finally:
            self._moving = False
            if own:
                self._link_changed()

    async def sync_time(self) -> None:
        sent = self.clock()
        ack = await self._raw_call("time_sync", {"client_time": sent}, timeout=5.0)
        received = self.clock()
        if isinstance(ack, dict) and ack.get("ok") and isinstance(ack.get("server_time"), int | float):
            self.offset.add_sample(sent, float(ack["server_time"]), received)

    async def _sync_loop(self) -> None:
        while not self._closing:
            await asyncio.sleep(SYNC_EVERY)
            if self.connected:
                try:
                    await self.sync_time()
                except ServerError:
                    log.debug("time sync failed", exc_info=True)

    # --- pushes --------------------------------------------------------------------------------
    async def _on_state(self, data: dict[str, Any]) -> None:
        session = self.sessions.get(data.get("table")) if isinstance(data, dict) else None
        if session is not None:
            session.receive_state(data)

    async def _on_delta(self, data: dict[str, Any]) -> None:
        session = self.sessions.get(data.get("table")) if isinstance(data, dict) else None
        if session is not None:
            session.receive_delta(data)

    async def _on_lobby(self, data: dict[str, Any]) -> None:
        try:
            check_push("lobby", data)
        except ValidationError as err:  # a table this client cannot read: said, never guessed at
            log.error("a lobby push this client cannot read (%s)", err)
            return
        table = data["table"]
        session = self.sessions.get(table.get("id"))
        if session is not None:
            session.receive_lobby(table)
        for listener in list(self.lobby_listeners):
            listener(table)

    async def _on_emote(self, data: dict[str, Any]) -> None:
        session = self.sessions.get(data.get("table")) if isinstance(data, dict) else None
        if session is not None:
            session.receive_emote(data.get("seat"), str(data.get("emote")))

    async def _on_nudge(self, data: dict[str, Any]) -> None:
        try:
            check_push("nudge", data)
        except ValidationError as err:
            log.error("a nudge push this client cannot read (%s)", err)
            return
        session = self.sessions.get(data["table"])
        if session is not None:
            session.receive_nudge(data["seat"])

    async def _on_kicked(self, data: dict[str, Any]) -> None:
        table = data.get("table") if isinstance(data, dict) else None
        self.sessions.pop(table, None)
        for listener in list(self.kicked_listeners):
            listener(table)

    async def _on_tables_changed(self, data: Any) -> None:
        try:
            check_push("tables_changed", data)
        except ValidationError as err:
            log.error("a tables_changed push this client cannot read (%s)", err)
            return
        for listener in list(self.tables_listeners):
            listener()

    async def _on_disconnect(self, sio: Any, *args: Any) -> None:
        if sio is not self.sio:  # a link this connection has left (a redirect followed)
            return
        self._set_connected(False)
        if not self._closing:
            log.info("lost the connection to %s; reconnecting", self.url)
            self.lost_at = self.clock()
            self._reconnect_soon()

    # --- reconnection --------------------------------------------------------------------------
    def _reconnect_soon(self) -> None:
        if not self._reconnecting and not self._closing:
            self._spawn(self._reconnect())

    async def _reconnect(self) -> None:
        """Connect again, to the same server or (a cluster) the next node that answers, until every
        held seat is back or the connection is closed."""
        self._reconnecting = True
        self._change_link()
        try:
            await self._reconnect_loop()
        finally:
            self._reconnecting = False
            self._link_changed()

    async def _reconnect_loop(self) -> None:
        self.reconnect_attempts = 0
        failures = bounces = 0  # attempts no node answered; and answered, but sent the client to a node gone
        while not self._closing:
            bounced = 0 < bounces <= MOST_BOUNCES  # the node's lease runs out in seconds: ask again soon
            await asyncio.sleep(MOVE_PAUSE if bounced else reconnect_delay(failures, self.jitter))
            self.reconnect_attempts += 1
            if self.url not in self.nodes:
                self.nodes.insert(0, self.url)
            self.url = self.nodes[
                (self.nodes.index(self.url) + (self.reconnect_attempts > 1)) % len(self.nodes)
            ]
            try:
                await self._open(timeout=5.0)
            except ServerError as err:
                log.info("reconnect attempt %d failed: %s", self.reconnect_attempts, err)
                failures += 1
                bounces = 0
                self.server_gone = len(self.nodes) == 1 and await refused(self.url)
                continue
            self.server_gone = False
            back = held = 0
            for session in list(self.sessions.values()):
                held += len(session.tokens)
                back += await session.resume()
            if not self.connected:  # a redirect led to a node that has gone: on to the next
                bounces += 1
                continue
            log.info("reconnected to %s; %d of %d seats taken back", self.url, back, held)
            for listener in list(self.resumed_listeners):
                listener(back, held)
            return

    async def drop_for_test(self) -> None:
        """Break the link as a network failure would (the reconnection logic then takes over)."""
        if self.sio is not None:
            await engine.break_link(self.sio)


async def refused(url: str, timeout: float = 2.0) -> bool:
    """Whether the machine at ``url`` answers that nothing listens on its port (the server was
    stopped: a LAN host who closed the game), rather than not answering (the link is down)."""
    address = urlsplit(url)
    port = address.port or (443 if address.scheme == "https" else 80)
    try:
        _reader, writer = await asyncio.wait_for(asyncio.open_connection(address.hostname, port), timeout)
    except ConnectionRefusedError:
        return True
    except (OSError, TimeoutError):
        return False
    writer.close()
    return False


async def _unless_gone(call: Any, gone: asyncio.Event | None) -> Any:
    """The answer of a request; ServerError(offline) as soon as its link is lost (``gone``), as no
    answer can come on it then, rather than at the request's timeout."""
    if gone is None:
        return await call
    asking, losing = asyncio.ensure_future(call), asyncio.ensure_future(gone.wait())
    try:
        await asyncio.wait({asking, losing}, return_when=asyncio.FIRST_COMPLETED)
    except asyncio.CancelledError:
        asking.cancel()
        raise
    finally:
        losing.cancel()
    if asking.done():
        return asking.result()
    asking.cancel()
    raise ServerError("offline", OFFLINE_MESSAGE)
