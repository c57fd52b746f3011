"""A server running on the caller's asyncio loop: solo and couch play, and the tests."""

from __future__ import annotations

import asyncio
import logging
import ssl
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from aiohttp import web

from soupkitchen.server.app import DOORS, FLOODS, make_app
from soupkitchen.server.config import ServerConfig
from soupkitchen.server.gc_pauses import PauseWatch, settle_heap
from soupkitchen.server.hub import CLOCK_HEARTBEAT, Hub
from soupkitchen.server.net.floodlog import InputLog
from soupkitchen.server.tables.scheduler import LoopScheduler, Scheduler


class EmbeddedServer:
    """``await srv.start()`` listens (``srv.url``); ``await srv.stop()`` closes every connection and
    stops at once (well under a second), even while clients are still connected.

    ``clock`` is the server's monotonic clock (seconds), read for every deadline, bot move and
    ``time_sync`` answer; the tables' timers are armed on the event loop from it, so after moving a
    clock by hand call ``srv.hub.reschedule(table)`` to have the hub look at the table's deadlines
    again. ``scheduler`` (``server.tables.scheduler``), if given, is the server's time instead, clock and
    timers: a ``HandScheduler`` runs every timer as the test moves it on, with no waiting.

    ``seed`` fixes every game's deal and the bots' seeds, so that a local tour or test replays the same
    game; left out, each game gets a fresh seed (clients never choose one).

    ``standalone``: this process is the server (``soupkitchen-server``): once it serves, its heap is
    settled (``server.gc_pauses.settle_heap``) and the garbage collector's and the event loop's pauses are
    timed for ``GET /metrics``. A client's own embedded server leaves its process's collector alone.

    ``tls``: serve HTTPS and WSS with this server-side context (``server.net.tls.server_context``)."""

    def __init__(
        self,
        db_path: str | Path,
        host: str = "127.0.0.1",
        port: int = 0,
        discovery: bool = False,
        bot_delay: float | None = None,
        clock: Callable[[], float] = time.monotonic,
        seed: int | None = None,
        standalone: bool = False,
        tls: ssl.SSLContext | None = None,
        scheduler: Scheduler | None = None,
        **limits: Any,
    ) -> None:
        self.config = ServerConfig(db_path=db_path, deal_seed=seed, **limits)
        self.scheduler: Scheduler = scheduler if scheduler is not None else LoopScheduler(clock)
        self.clock = self.scheduler.clock
        if bot_delay is not None:
            self.config.bot_delay = bot_delay
        self.host = host
        self.port = port
        self.discovery = discovery
        self.tls = tls
        self.runner: web.AppRunner | None = None
        self.listener: asyncio.AbstractServer | None = None
        self.hub: Hub | None = None
        self.advert: Any = None
        self.pauses = PauseWatch() if standalone else None

    @property
    def url(self) -> str:
        return f"{'https' if self.tls is not None else 'http'}://{self.host}:{self.port}"

    async def start(self) -> None:
        """Listen; StoreError (naming the path and why) if the database cannot be opened and written."""
        app, self.hub = make_app(self.config, self.scheduler, self.pauses)
        node = self.hub.node
        if node is None:
            self.hub.restore()
        else:  # a cluster's node takes the tables no node holds once it listens
            try:
                await node.start()
            except BaseException:
                self.hub.store.close()
                raise
        # a node records its rounds' clocks twice as often: a round another node takes over resumes
        # with at most half a second of its time given back
        self.hub.spawn(self.hub.record_clocks_every(CLOCK_HEARTBEAT if node is None else CLOCK_HEARTBEAT / 2))
        # Connections are closed on shutdown (``make_app``); the timeout only bounds a stuck request.
        self.runner = web.AppRunner(
            app,
            handle_signals=False,
            shutdown_timeout=0.5,
            logger=InputLog(logging.getLogger("aiohttp.server"), app[FLOODS]),
        )
        await self.runner.setup()
        assert self.runner.server is not None
        self.listener = await app[DOORS].listen(self.runner.server, self.host, self.port, self.tls)
        if self.listener.sockets:
            self.port = self.listener.sockets[0].getsockname()[1]
        if node is not None:
            self.hub.purge()
            await node.join(self.config.public_address or self.url)
        if self.discovery:
            from soupkitchen.server.net.discovery import advertise

            self.advert = await advertise(self.port, name=f"Soup Kitchen {self.hub.server_id}")
        if self.pauses is not None:
            settle_heap()
            self.pauses.start()

    def people(self) -> list[str]:
        """The names of the people seated at its open tables (neither finished nor closed), listed or
        not: a host who left asks whether anyone still plays here before stopping it."""
        if self.hub is None:
            return []
        tables = [runner.table for runner in self.hub.roster.runners.values()]
        return [
            str(seat.name)
            for table in tables
            if not table.closed and not table.over
            for seat in table.seats
            if seat.human
        ]

    async def stop(self) -> None:
        if self.pauses is not None:
            self.pauses.stop()
        if self.hub is not None and self.hub.node is not None:
            self.hub.node.stop()
        if self.hub is not None and self.runner is not None:  # the moment of the stop: a restart resumes here
            self.hub.record_clocks()
        if self.advert is not None:
            await self.advert.close()
            self.advert = None
        if self.listener is not None:
            self.listener.close()  # no new connection; the runner closes the open ones
        if self.runner is not None:
            await self.runner.cleanup()
            self.runner = None
        if self.hub is not None and self.hub.node is not None:
            await self.hub.node.close()
        if self.listener is not None:
            try:
                await asyncio.wait_for(self.listener.wait_closed(), 1.0)
            except TimeoutError:
                pass
            self.listener = None
