"""Light clients for the benchmarks: one websocket each, speaking Engine.IO 4 and Socket.IO 5 by hand
(text frames of JSON, as docs/protocol.md describes them), so that thousands of them in a few
processes cost the machine little next to the server they measure. ``scripts/bench_server.py`` runs
them; ``python-socketio``'s client does the same work several times over (its tasks per event, its
packet classes).

A client answers the server's pings, sends requests with an acknowledgement id and waits for the
answer, and hands every push to ``on_push(event, payload, characters)``. ``apply_patch`` applies a ``delta``
push's JSON Patch (RFC 6902: ``add``, ``remove``, ``replace``) to a view in place.
"""

from __future__ import annotations

import asyncio
import itertools
from collections.abc import Callable
from typing import Any

import orjson

OPEN, PING, PONG = "0", "2", "3"
CONNECT, EVENT, ACK = "40", "42", "43"


class WireError(Exception):
    """The connection failed or a request went unanswered; the message says which and why."""


class WireClient:
    """One raw connection to a Socket.IO server at ``url`` (``http://host:port``)."""

    def __init__(
        self, http: Any, url: str, on_push: Callable[[str, Any, int], None], compress: int = 0
    ) -> None:
        self.http = http  # an aiohttp.ClientSession
        self.url = url.replace("http://", "ws://", 1) + "/socket.io/?EIO=4&transport=websocket"
        self.on_push = on_push
        self.compress = compress
        self.ws: Any = None
        self.ids = itertools.count(1)
        self.waiting: dict[int, asyncio.Future[Any]] = {}
        self.connected = asyncio.Event()
        self.reader: asyncio.Task[None] | None = None
        self.closing = False
        self.lost: str | None = None  # why the connection ended, if it ended by itself
        self.session = ""  # the Engine.IO session id the server gave it (its log names connections by it)
        self.last_ping = 0.0  # when the server's last ping arrived (loop time)
        self.last_heard = 0.0  # when anything last arrived from the server

    async def connect(self, timeout: float = 30.0) -> None:
        self.ws = await self.http.ws_connect(
            self.url, compress=self.compress, max_msg_size=0, autoping=True, timeout=timeout
        )
        self.reader = asyncio.ensure_future(self._read())
        await self.ws.send_str(CONNECT)
        try:
            await asyncio.wait_for(self.connected.wait(), timeout)
        except TimeoutError:
            why = self.lost or "no reason given"
            raise WireError(f"no socket.io connect answer in {timeout:g} s ({why})") from None

    async def _read(self) -> None:
        import aiohttp

        ws = self.ws
        loop = asyncio.get_running_loop()
        try:
            async for message in ws:
                if message.type != aiohttp.WSMsgType.TEXT:
                    self.lost = f"a {message.type.name} message: {message.data!r}"[:200]
                    break
                data: str = message.data
                self.last_heard = loop.time()
                if data == PING:
                    self.last_ping = self.last_heard
                    await ws.send_str(PONG)
                elif data.startswith(EVENT):
                    name, payload = orjson.loads(data[2:])
                    self.on_push(name, payload, len(data))
                elif data.startswith(ACK):
                    cut = data.index("[")
                    future = self.waiting.pop(int(data[2:cut]), None)
                    if future is not None and not future.done():
                        future.set_result(orjson.loads(data[cut:])[0])
                elif data.startswith(CONNECT):
                    self.connected.set()
                elif data.startswith(OPEN):
                    self.session = orjson.loads(data[1:]).get("sid", "")
                elif data.startswith(("41", "44", "1")):
                    self.lost = f"the server ended the connection ({data[:80]})"
                    break
            else:
                self.lost = self.lost or f"the websocket closed (code {ws.close_code}, {ws.exception()!r})"
        except Exception as err:  # noqa: BLE001 - said below, with the reason
            self.lost = f"reading failed: {err!r}"
        finally:
            if self.lost is None:
                self.lost = "the websocket ended"
            if not self.closing:
                now = loop.time()
                self.lost += (
                    f"; session {self.session}, its last ping {now - self.last_ping:.1f} s before, "
                    f"the last message {now - self.last_heard:.1f} s before"
                )
            for future in self.waiting.values():
                if not future.done():
                    future.set_exception(WireError(f"connection lost before the answer: {self.lost}"))
            self.waiting.clear()

    async def call(self, event: str, payload: Any, timeout: float = 30.0) -> Any:
        """The acknowledgement of one request; WireError if it does not come in ``timeout`` seconds."""
        if self.reader is None or self.reader.done():
            raise WireError(f"{event}: not connected ({self.lost})")
        number = next(self.ids)
        future = self.waiting[number] = asyncio.get_running_loop().create_future()
        future.add_done_callback(_seen)  # a request given up on when its process fails is not reported twice
        await self.ws.send_str(f"{EVENT}{number}" + orjson.dumps([event, payload]).decode())
        try:
            return await asyncio.wait_for(future, timeout)
        except TimeoutError:
            self.waiting.pop(number, None)
            raise WireError(f"{event}: no answer in {timeout:g} s") from None

    async def close(self) -> None:
        self.closing = True
        if self.ws is not None and not self.ws.closed:
            try:
                await self.ws.send_str("41")
                await self.ws.close()
            except Exception:  # noqa: BLE001 - closing anyway
                pass
        if self.reader is not None:
            await self.reader


def _seen(future: asyncio.Future[Any]) -> None:
    if not future.cancelled():
        future.exception()


def _token(part: str) -> str:
    return part.replace("~1", "/").replace("~0", "~")


def apply_patch(doc: Any, ops: list[dict[str, Any]]) -> Any:
    """``doc`` with the JSON Patch ``ops`` (``add``, ``remove``, ``replace``) applied, in place where
    it can be (a whole-document ``replace`` returns the new value)."""
    for op in ops:
        path = op["path"]
        if not path:
            doc = op["value"]
            continue
        parts = path[1:].split("/")
        target = doc
        for part in parts[:-1]:
            target = target[int(part)] if type(target) is list else target[_token(part)]
        last, kind = parts[-1], op["op"]
        if type(target) is list:
            index = len(target) if last == "-" else int(last)
            if kind == "add":
                target.insert(index, op["value"])
            elif kind == "remove":
                del target[index]
            else:
                target[index] = op["value"]
        elif kind == "remove":
            del target[_token(last)]
        else:
            target[_token(last)] = op["value"]
    return doc
