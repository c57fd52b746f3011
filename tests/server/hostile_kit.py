"""A raw Engine.IO/Socket.IO client over aiohttp, for playing attacks that no well-behaved
socket.io client would send: any text or binary frame, any event name, any JSON."""

from __future__ import annotations

import asyncio
import json
import time
from typing import Any

import aiohttp


class RawSocket:
    """One websocket to ``/socket.io/`` that answers the server's pings and records every frame."""

    def __init__(self, url: str, local: str | None = None, headers: dict[str, str] | None = None) -> None:
        self.url = url.replace("http://", "ws://") + "/socket.io/?EIO=4&transport=websocket"
        self.local = local
        self.headers = headers or {}
        self.frames: list[Any] = []
        self.closed = asyncio.Event()
        self.arrived = asyncio.Event()
        self.session: aiohttp.ClientSession | None = None
        self.ws: aiohttp.ClientWebSocketResponse | None = None
        self.reader: asyncio.Task[None] | None = None
        self.next_id = 0

    async def open(self, namespace: bool = True) -> RawSocket:
        """Open the Engine.IO session (and, with ``namespace``, connect to socket.io's ``/``)."""
        connector = aiohttp.TCPConnector(local_addr=(self.local, 0)) if self.local else None
        self.session = aiohttp.ClientSession(connector=connector)
        self.ws = await self.session.ws_connect(self.url, headers=self.headers, max_msg_size=0)
        self.reader = asyncio.ensure_future(self._read())
        await self.frame(lambda f: isinstance(f, str) and f.startswith("0"))
        if namespace:
            await self.send("40")
            await self.frame(lambda f: isinstance(f, str) and f.startswith("40"))
        return self

    async def _read(self) -> None:
        assert self.ws is not None
        try:
            async for msg in self.ws:
                if msg.type == aiohttp.WSMsgType.TEXT and msg.data == "2":
                    await self.ws.send_str("3")
                    continue
                if msg.type in (aiohttp.WSMsgType.TEXT, aiohttp.WSMsgType.BINARY):
                    self.frames.append(msg.data)
                    self.arrived.set()
        finally:
            self.closed.set()
            self.arrived.set()

    async def send(self, frame: str | bytes) -> None:
        assert self.ws is not None
        if isinstance(frame, bytes):
            await self.ws.send_bytes(frame)
        else:
            await self.ws.send_str(frame)

    async def frame(self, check: Any, timeout: float = 10.0) -> Any:
        """The first recorded frame that passes ``check`` (waits for it)."""
        end = time.monotonic() + timeout
        while True:
            found = next((f for f in self.frames if check(f)), None)
            if found is not None:
                return found
            if self.closed.is_set():
                raise ConnectionError("the server closed the connection")
            assert time.monotonic() < end, f"no such frame; got {self.frames[-5:]}"
            self.arrived.clear()
            try:
                await asyncio.wait_for(self.arrived.wait(), max(0.01, end - time.monotonic()))
            except TimeoutError:
                pass

    async def call_raw(self, body: str) -> Any:
        """Send an event whose JSON array is ``body`` (as text) with an ack id; its acknowledgement."""
        self.next_id += 1
        ack = f"43{self.next_id}["
        await self.send(f"42{self.next_id}{body}")
        frame = await self.frame(lambda f: isinstance(f, str) and f.startswith(ack))
        return json.loads(frame[len(ack) - 1:])[0]

    async def call(self, event: Any, *args: Any) -> Any:
        return await self.call_raw(json.dumps([event, *args]))

    async def until_closed(self, timeout: float = 10.0) -> None:
        await asyncio.wait_for(self.closed.wait(), timeout)

    async def close(self) -> None:
        if self.ws is not None and not self.ws.closed:
            await self.ws.close()
        if self.reader is not None:
            await asyncio.gather(self.reader, return_exceptions=True)
        if self.session is not None:
            await self.session.close()


def code(reply: Any) -> str | None:
    """The error code of an acknowledgement (None for a success)."""
    assert isinstance(reply, dict), reply
    if reply.get("ok"):
        return None
    assert isinstance(reply["error"]["message"], str) and reply["error"]["message"], reply
    return reply["error"]["code"]


def keys_in(data: Any) -> set[str]:
    """Every object key anywhere in ``data``."""
    found: set[str] = set()
    pending = [data]
    while pending:
        value = pending.pop()
        if isinstance(value, dict):
            found.update(value)
            pending.extend(value.values())
        elif isinstance(value, list):
            pending.extend(value)
    return found
