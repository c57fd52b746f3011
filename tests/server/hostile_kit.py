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
        self.answering = True

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
                    if self.answering:  # a client gone silent stops answering the server's pings
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
        return json.loads(frame[len(ack) - 1 :])[0]

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


# --- a flood from another process: ``python hostile_kit.py URL SOURCE_ADDRESS SECONDS SOCKETS GUESSERS`` ---
DEEP = '["act", ' + "[" * 2000 + "]" * 2000 + "]"


async def flood_socket(url: str, local: str, body: str, until: float) -> int:
    """Send ``body`` as fast as its acknowledgements come back until ``until``; how many were sent."""
    sock = await RawSocket(url, local=local).open()
    sent = 0
    try:
        await sock.call("hello", {"protocol": 1})
        while time.monotonic() < until and not sock.closed.is_set():
            sock.frames.clear()
            await sock.call_raw(body)
            sent += 1
    except (ConnectionError, AssertionError):
        pass
    finally:
        await sock.close()
    return sent


async def flood(url: str, local: str, seconds: float, sockets: int, guessers: int) -> None:
    """``sockets`` connections sending requests (acts with a made-up token, reserved event names,
    JSON nested too deep) and ``guessers`` guessing a table's password, from ``local``. Prints
    ``ready`` once the table to guess exists, then the requests sent."""
    owner = await RawSocket(url, local=local).open()
    await owner.call("hello", {"protocol": 1})
    made = await owner.call("create_table", {"game": "pepper", "seats": 2, "name": "Eve", "password": "leek"})
    table = made["table"]["id"]
    print("ready", flush=True)
    until = time.monotonic() + seconds
    act = json.dumps(["act", {"token": "x" * 32, "state_id": 0, "action": {"type": "add", "n": 1}}])
    forged = json.dumps(["connect", {"REMOTE_ADDR": "10.0.0.1"}])
    bodies = [act, act, forged, DEEP]
    jobs = [flood_socket(url, local, bodies[i % len(bodies)], until) for i in range(sockets)]
    jobs += [
        flood_socket(
            url,
            local,
            json.dumps(["join_table", {"table": table, "name": "Eve", "password": f"p{i}"}]),
            until,
        )
        for i in range(guessers)
    ]
    sent = await asyncio.gather(*jobs)
    await owner.close()
    print("sent", sum(sent), flush=True)


if __name__ == "__main__":
    import sys

    url, local, seconds, sockets, guessers = sys.argv[1:6]
    asyncio.run(flood(url, local, float(seconds), int(sockets), int(guessers)))
