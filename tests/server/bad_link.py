"""A poor network between clients and a server, on loopback: a TCP forwarding proxy that delays
every chunk, makes some late as a lost and resent packet would be, can black the whole link out for
a while, and can silently drop one connection (nothing more passes either way, and neither end is
told: a cable pulled, a laptop lid shut).

TCP never loses data, so a lost packet shows to the application as a chunk that arrives one
retransmission timeout late, holding up everything behind it on that connection; a chunk of many
packets is held up if any one of them is lost.
"""

from __future__ import annotations

import asyncio
import contextlib
import random
from dataclasses import dataclass, field

LOOPBACK = "127.0.0.1"
SEGMENT = 1448  # bytes of data in one TCP packet on an Ethernet link


@dataclass
class LinkShape:
    delay: tuple[float, float] = (0.04, 0.06)  # seconds each chunk takes one way
    loss: float = 0.05  # the share of packets lost: a chunk with one of them lost arrives late, as if resent
    resend: float = 0.2  # how much later a "lost" chunk arrives
    seed: int = 1


@dataclass
class Pipe:
    """One client connection through the proxy."""

    client: asyncio.StreamWriter
    server: asyncio.StreamWriter
    dropped: bool = False  # silently: nothing passes any more, no end is told
    tasks: list[asyncio.Task] = field(default_factory=list)

    def close(self) -> None:
        for writer in (self.client, self.server):
            writer.close()


class BadLink:
    """``await BadLink(port).start()`` forwards ``BadLink.port`` on 127.0.0.1 to ``port`` on 127.0.0.1."""

    def __init__(self, target_port: int, shape: LinkShape | None = None, scheme: str = "http") -> None:
        self.target_port = target_port
        self.scheme = scheme  # what the clients speak through it (TLS passes through as it is)
        self.shape = shape or LinkShape()
        self.rng = random.Random(self.shape.seed)
        self.port = 0
        self.pipes: list[Pipe] = []
        self.dark_until = 0.0  # loop time until which nothing passes (a blackout)
        self.listener: asyncio.Server | None = None

    @property
    def url(self) -> str:
        return f"{self.scheme}://{LOOPBACK}:{self.port}"

    async def start(self) -> BadLink:
        self.listener = await asyncio.start_server(self._accept, LOOPBACK, 0)
        self.port = self.listener.sockets[0].getsockname()[1]
        return self

    async def stop(self) -> None:
        if self.listener is not None:
            self.listener.close()
        for pipe in self.pipes:
            for task in pipe.tasks:
                task.cancel()
            pipe.close()
        await asyncio.gather(*(task for pipe in self.pipes for task in pipe.tasks), return_exceptions=True)

    def blackout(self, seconds: float) -> None:
        """Nothing passes for ``seconds`` (what was sent meanwhile arrives afterwards)."""
        loop = asyncio.get_running_loop()
        self.dark_until = max(self.dark_until, loop.time() + seconds)

    def drop_silently(self, pipe: Pipe) -> None:
        pipe.dropped = True

    def open_pipes(self) -> list[Pipe]:
        return [pipe for pipe in self.pipes if not pipe.dropped and not pipe.client.is_closing()]

    async def _accept(self, client_reader: asyncio.StreamReader, client_writer: asyncio.StreamWriter) -> None:
        try:
            server_reader, server_writer = await asyncio.open_connection(LOOPBACK, self.target_port)
        except OSError:
            client_writer.close()
            return
        pipe = Pipe(client_writer, server_writer)
        self.pipes.append(pipe)
        pipe.tasks = [
            asyncio.ensure_future(self._pump(pipe, client_reader, server_writer)),
            asyncio.ensure_future(self._pump(pipe, server_reader, client_writer)),
        ]

    async def _pump(self, pipe: Pipe, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        """Carry one direction: each chunk is due a delay after it was read (a late one, later), never
        before the chunk ahead of it, and never while the link is dark."""
        loop = asyncio.get_running_loop()
        queue: asyncio.Queue[tuple[float, bytes]] = asyncio.Queue()
        carrier = asyncio.ensure_future(self._deliver(pipe, queue, writer))
        last_due = 0.0
        try:
            while chunk := await reader.read(65536):
                due = loop.time() + self.rng.uniform(*self.shape.delay)
                segments = -(
                    -len(chunk) // SEGMENT
                )  # a bigger chunk crosses as more packets, each may be lost
                if any(self.rng.random() < self.shape.loss for _ in range(segments)):
                    due += self.shape.resend
                last_due = max(last_due, due)
                queue.put_nowait((last_due, chunk))
        except (ConnectionError, OSError):
            pass
        queue.put_nowait((last_due, b""))  # the end of this direction
        with contextlib.suppress(asyncio.CancelledError):
            await carrier

    async def _deliver(self, pipe: Pipe, queue: asyncio.Queue, writer: asyncio.StreamWriter) -> None:
        loop = asyncio.get_running_loop()
        while True:
            due, chunk = await queue.get()
            while (wait := max(due, self.dark_until) - loop.time()) > 0:
                await asyncio.sleep(wait)  # real time: the link's own latency and outages
            if pipe.dropped:  # a silent drop: the other end never hears of anything again
                if not chunk:
                    return
                continue
            if not chunk:  # this side closed: so does the other, once everything before it arrived
                pipe.close()
                return
            try:
                writer.write(chunk)
                await writer.drain()
            except (ConnectionError, OSError):
                pipe.close()
                return
