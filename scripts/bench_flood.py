"""A flood of half-sent HTTP requests from one address against ``soupkitchen-server`` started with
the usual desktop limit of 1,024 open files, while another address keeps trying to play: how many
of its socket.io connections and ``GET /healthz`` got in, how long they took, and what the server
did with the slow connections.

The flood is the one that once locked everyone out: ``--slow`` connections from 127.0.0.1, each
sending ``GET /healthz HTTP/1.1`` and then one header byte every 10 s, reopened as soon as the
server closes them, by a process of its own. The honest player connects from 127.0.0.2 every
``--every`` seconds (socket.io connect, ``hello``, ``list_tables``, then ``GET /healthz``). Linux
loopback answers every 127.x address.

    .venv/bin/python scripts/bench_flood.py --seconds 60

The server is ``python -m soupkitchen.server`` as this Python imports it: with ``PYTHONPATH`` naming
a folder whose ``soupkitchen/`` holds another checkout's ``server``, ``shared``, ``client`` and
``assets``, the same flood is played against that version.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import resource
import socket
import statistics
import sys
import tempfile
import time
from pathlib import Path

import aiohttp
import socketio

FLOOD_FROM, HONEST_FROM = "127.0.0.1", "127.0.0.2"
HALF_SENT = b"GET /healthz HTTP/1.1\r\nHost: soup\r\n"


def desktop_limit(limit: int) -> None:
    """In the server's process: soft and hard open-file limits of ``limit``, as on a desktop."""
    resource.setrlimit(resource.RLIMIT_NOFILE, (limit, limit))


async def start_server(port: int, db: Path, limit: int) -> asyncio.subprocess.Process:
    server = await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "soupkitchen.server",
        "--host",
        "0.0.0.0",
        "--port",
        str(port),
        "--db",
        str(db),
        "--no-discovery",
        stdout=asyncio.subprocess.PIPE,
        preexec_fn=lambda: desktop_limit(limit),
    )
    assert server.stdout is not None
    line = await asyncio.wait_for(server.stdout.readline(), 60)
    assert b"listening" in line, line
    return server


class Flood:
    """``count`` slow connections, each reopened when the server closes it."""

    def __init__(self, port: int, count: int, byte_every: float) -> None:
        self.port, self.count, self.byte_every = port, count, byte_every
        self.opened = self.closed_by_server = self.failed_to_open = 0
        self.lifetimes: list[float] = []

    async def one(self, stop: asyncio.Event) -> None:
        while not stop.is_set():
            began = time.monotonic()
            try:
                reader, writer = await asyncio.open_connection(
                    "127.0.0.1", self.port, local_addr=(FLOOD_FROM, 0)
                )
            except OSError:
                self.failed_to_open += 1
                await asyncio.sleep(0.5)
                continue
            self.opened += 1
            writer.write(HALF_SENT)
            try:
                while not stop.is_set():
                    try:
                        data = await asyncio.wait_for(reader.read(1024), self.byte_every)
                    except TimeoutError:
                        writer.write(b"X")  # one more byte of a header that never ends
                        await writer.drain()
                        continue
                    if not data:
                        break
            except ConnectionError:
                pass
            if not stop.is_set():
                self.closed_by_server += 1
                self.lifetimes.append(time.monotonic() - began)
            writer.close()
            await asyncio.sleep(0.05)

    async def run(self, seconds: float) -> None:
        stop = asyncio.Event()
        asyncio.get_running_loop().call_later(seconds, stop.set)
        await asyncio.gather(*(self.one(stop) for _ in range(self.count)))


async def flood_only(port: int, count: int, byte_every: float, seconds: float) -> None:
    """The flooding process: floods for ``seconds`` and prints its figures as one JSON line."""
    flood = Flood(port, count, byte_every)
    await flood.run(seconds)
    print(
        json.dumps(
            {
                "opened": flood.opened,
                "closed_by_server": flood.closed_by_server,
                "failed_to_open": flood.failed_to_open,
                "lifetimes": flood.lifetimes,
            }
        ),
        flush=True,
    )


async def honest(url: str, stop: asyncio.Event, every: float, results: dict) -> None:
    while not stop.is_set():
        began = time.monotonic()
        session = aiohttp.ClientSession(connector=aiohttp.TCPConnector(local_addr=(HONEST_FROM, 0)))
        client = socketio.AsyncClient(reconnection=False, http_session=session)
        try:
            await client.connect(url, transports=["websocket"], wait_timeout=10)
            hello = await client.call("hello", {"protocol": 1, "client": "bench"}, timeout=10)
            listed = await client.call("list_tables", {}, timeout=10)
            assert hello["ok"] and listed["ok"]
            results["connects"].append(time.monotonic() - began)
        except Exception as err:  # noqa: BLE001 - any failure is a connect that did not get in
            results["refused"].append(type(err).__name__)
        finally:
            if client.connected:
                await client.disconnect()
        began = time.monotonic()
        try:
            async with session.get(f"{url}/healthz", timeout=aiohttp.ClientTimeout(total=10)) as response:
                assert response.status == 200
            results["healthz"].append(time.monotonic() - began)
        except Exception as err:  # noqa: BLE001
            results["healthz_failed"].append(type(err).__name__)
        await session.close()
        try:
            await asyncio.wait_for(stop.wait(), every)
        except TimeoutError:
            pass


def ms(values: list[float]) -> str:
    return f"p50={statistics.median(values) * 1000:.0f}ms max={max(values) * 1000:.0f}ms" if values else "-"


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--slow", type=int, default=1100, help="slow connections held open at once")
    parser.add_argument(
        "--byte-every", type=float, default=10.0, help="seconds between two bytes of a slow one"
    )
    parser.add_argument("--every", type=float, default=2.0, help="seconds between two honest connects")
    parser.add_argument(
        "--limit", type=int, default=1024, help="the server's open-file limit (soft and hard)"
    )
    parser.add_argument("--flood-port", type=int, help=argparse.SUPPRESS)  # the flooding process's own
    args = parser.parse_args()
    if args.flood_port:
        await flood_only(args.flood_port, args.slow, args.byte_every, args.seconds)
        return
    if resource.getrlimit(resource.RLIMIT_NOFILE)[0] < args.slow + 200:
        resource.setrlimit(
            resource.RLIMIT_NOFILE, (args.slow + 200, resource.getrlimit(resource.RLIMIT_NOFILE)[1])
        )
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    work = Path(tempfile.mkdtemp(prefix="bench-flood-"))
    server = await start_server(port, work / "server.sqlite3", args.limit)
    url = f"http://127.0.0.1:{port}"
    stop = asyncio.Event()
    results: dict[str, list] = {"connects": [], "refused": [], "healthz": [], "healthz_failed": []}
    try:
        flooder = await asyncio.create_subprocess_exec(
            sys.executable,
            __file__,
            "--flood-port",
            str(port),
            "--slow",
            str(args.slow),
            "--byte-every",
            str(args.byte_every),
            "--seconds",
            str(args.seconds + 2.0),
            stdout=asyncio.subprocess.PIPE,
        )
        await asyncio.sleep(2.0)  # the flood is on before anyone honest tries
        trying = asyncio.ensure_future(honest(url, stop, args.every, results))
        await asyncio.sleep(args.seconds)
        async with aiohttp.ClientSession(
            connector=aiohttp.TCPConnector(local_addr=(HONEST_FROM, 0))
        ) as session:
            try:
                async with session.get(f"{url}/metrics", timeout=aiohttp.ClientTimeout(total=10)) as response:
                    doors = (await response.json()).get("doors")
            except (aiohttp.ClientError, TimeoutError) as err:
                doors = f"GET /metrics failed: {type(err).__name__}"
        stop.set()
        await trying
        out, _ = await flooder.communicate()
        flood = json.loads(out.decode().strip().splitlines()[-1])
    finally:
        server.terminate()
        await server.wait()
    tried = len(results["connects"]) + len(results["refused"])
    print(
        f"flood from {FLOOD_FROM}: {args.slow} slow connections at once for {args.seconds:g} s, a byte every "
        f"{args.byte_every:g} s; server open-file limit {args.limit}"
    )
    print(
        f"slow connections opened={flood['opened']} closed_by_server={flood['closed_by_server']} "
        f"could_not_open={flood['failed_to_open']} lifetime {ms(flood['lifetimes'])}"
    )
    print(f"server doors at the end: {json.dumps(doors)}")  # (null: a server without doors)
    if results["refused"] or results["healthz_failed"]:
        print(f"failures: {sorted(set(results['refused'] + results['healthz_failed']))}")
    print(
        f"honest from {HONEST_FROM}: socket.io connects got in {len(results['connects'])}/{tried} "
        f"({ms(results['connects'])}), /healthz {len(results['healthz'])}/"
        f"{len(results['healthz']) + len(results['healthz_failed'])} ({ms(results['healthz'])})"
    )


if __name__ == "__main__":
    asyncio.run(main())
