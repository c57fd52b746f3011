"""Attacks on the server's doors, played through real sockets: half-sent HTTP requests from one
address and from several, browser pages from origins the host did not allow, and floods of
malformed input that once wrote a traceback each. Other addresses keep getting in, and the log
says what happened once per address."""

from __future__ import annotations

import asyncio
import logging
import time

import aiohttp
import pytest
import socketio
from hostile_kit import RawSocket
from server_testkit import LOOPS, Client, until

from soupkitchen.server.app import DOORS

pytestmark = pytest.mark.asyncio(loop_factories=LOOPS)  # the server on asyncio's loop and on uvloop

HALF_SENT = b"GET /healthz HTTP/1.1\r\nHost: soup\r\nX-Slow: "  # a request head that never ends


class Trickler:
    """Slow connections from one address, each a half-sent request that gains a byte now and then."""

    def __init__(self, url: str, local: str) -> None:
        self.host, self.port = url.removeprefix("http://").rsplit(":", 1)
        self.local = local
        self.conns: list[tuple[asyncio.StreamReader, asyncio.StreamWriter]] = []

    async def open(self, count: int) -> Trickler:
        for _ in range(count):
            try:
                reader, writer = await asyncio.open_connection(
                    self.host, int(self.port), local_addr=(self.local, 0)
                )
            except OSError:
                pytest.skip(f"this machine cannot connect from {self.local}")
            writer.write(HALF_SENT)
            self.conns.append((reader, writer))
        return self

    async def trickle(self) -> None:
        for _reader, writer in self.conns:
            if not writer.is_closing():
                writer.write(b"x")
                try:
                    await writer.drain()
                except ConnectionError:
                    pass

    def closed(self) -> int:
        """How many the server has closed (their reading end is at its end)."""
        return sum(reader.at_eof() or reader.exception() is not None for reader, _writer in self.conns)

    async def answers(self) -> list[bytes]:
        """What the server sent on each connection before it closed it (or reset it)."""
        answers = []
        for reader, _writer in self.conns:
            try:
                answers.append(await reader.read())
            except ConnectionError:
                answers.append(b"")
        return answers

    def close(self) -> None:
        for _reader, writer in self.conns:
            writer.close()


@pytest.fixture
async def tricklers():
    made: list[Trickler] = []

    async def make(url: str, local: str, count: int) -> Trickler:
        trickler = Trickler(url, local)
        made.append(trickler)
        return await trickler.open(count)

    yield make
    for trickler in made:
        trickler.close()


async def healthz(url: str, local: str | None = None) -> int:
    connector = aiohttp.TCPConnector(local_addr=(local, 0)) if local else None
    async with (
        aiohttp.ClientSession(connector=connector) as session,
        session.get(f"{url}/healthz") as response,
    ):
        return response.status


async def test_half_sent_requests_from_one_address_lock_nobody_else_out(servers, tricklers, connect, caplog):
    caplog.set_level(logging.WARNING, logger="soupkitchen")
    srv = await servers(max_connections_per_address=8, request_timeout=60)
    slow = await tricklers(srv.url, "127.0.0.1", 40)  # five times what one address may leave waiting
    await until(lambda: slow.closed() >= 32, what="the connections past the address's limit refused")
    assert doors_of(srv)["waiting"] == 8 and slow.closed() == 32

    for _ in range(3):  # another address gets in while they wait: socket.io, its requests, /healthz
        await slow.trickle()
        guest = await connect(srv.url, local="127.0.0.2")
        await guest.ok("create_table", {"game": "pepper", "seats": 2, "name": "Guest"})
        assert await healthz(srv.url, "127.0.0.2") == 200
        await guest.close()
    assert slow.closed() == 32  # the 8 let in still wait

    lines = [r.getMessage() for r in caplog.records if r.name.startswith("soupkitchen.server.floods")]
    assert sum("refused a connection from 127.0.0.1" in line for line in lines) == 1, (
        lines
    )  # once, not 32 times
    await srv.stop()  # the count of what was not logged one by one
    lines = [r.getMessage() for r in caplog.records if r.name.startswith("soupkitchen.server.floods")]
    assert any(line.startswith("31 more connections refused from 127.0.0.1") for line in lines), lines
    assert not any(r.exc_info for r in caplog.records)


async def test_a_request_that_has_not_arrived_in_time_is_closed_unanswered(servers, tricklers, caplog):
    caplog.set_level(logging.WARNING, logger="soupkitchen")
    srv = await servers(max_connections_per_address=8, request_timeout=1.0)
    slow = await tricklers(srv.url, "127.0.0.1", 8)
    patience = time.monotonic() + 30  # only a fault takes that long
    while slow.closed() < 8:  # a byte now and then does not keep a request open
        assert time.monotonic() < patience, "the slow connections were not closed"
        await slow.trickle()
        await asyncio.sleep(0.1)  # real time: a byte now and then, against the real request timeout
    assert all(answer == b"" for answer in await slow.answers())
    assert doors_of(srv)["closed_waiting"] == 8 and doors_of(srv)["open"] == 0
    assert await healthz(srv.url) == 200  # and the address may come back with a whole request
    lines = [r.getMessage() for r in caplog.records if r.name.startswith("soupkitchen.server.floods")]
    assert sum("whose request had not arrived within 1 s" in line for line in lines) == 1, lines


async def test_a_flood_from_several_addresses_makes_room_for_another_one(servers, tricklers, connect):
    srv = await servers(max_connections_per_address=6, max_open_connections=18, request_timeout=60)
    floods = [await tricklers(srv.url, f"127.0.0.{n}", 6) for n in (3, 4, 5)]  # 18: every place taken
    await until(lambda: doors_of(srv)["waiting"] == 18, what="18 waiting connections")

    got_in = 0
    for _ in range(4):  # each honest connect takes the place of the oldest waiting one
        guest = await connect(srv.url, local="127.0.0.2")
        await guest.ok("list_tables", {})
        got_in += 1
    assert got_in == 4
    assert doors_of(srv)["closed_for_room"] >= 4 and doors_of(srv)["open"] <= 18
    assert sum(flood.closed() for flood in floods) >= 3


def doors_of(srv) -> dict:
    return srv.runner.app[DOORS].snapshot()


async def test_an_idle_connection_that_sent_nothing_is_closed_quietly(servers, caplog):
    caplog.set_level(logging.INFO, logger="soupkitchen")
    srv = await servers(request_timeout=0.5)
    reader, writer = await asyncio.open_connection("127.0.0.1", srv.port)
    assert await asyncio.wait_for(reader.read(), 20) == b""  # closed, having said nothing
    writer.close()
    assert not [r for r in caplog.records if r.name.startswith("soupkitchen.server.floods")]


async def test_a_keep_alive_connection_serves_one_request_after_another(servers):
    srv = await servers(request_timeout=5)
    async with aiohttp.ClientSession() as session:
        for _ in range(5):
            async with session.get(f"{srv.url}/healthz") as response:
                assert response.status == 200
    assert doors_of(srv)["closed_waiting"] == 0


async def test_a_long_polling_body_sent_slowly_gets_408(servers):
    srv = await servers(request_timeout=0.5)
    async with aiohttp.ClientSession() as session:
        async with session.get(f"{srv.url}/socket.io/?EIO=4&transport=polling") as response:
            sid = (await response.text()).split('"sid":"')[1].split('"')[0]

        async def slowly():
            yield b"4"
            await asyncio.sleep(2.0)  # real time: past the real request timeout
            yield b"0"

        post = f"{srv.url}/socket.io/?EIO=4&transport=polling&sid={sid}"
        async with session.post(post, data=slowly(), headers={"Content-Length": "2"}) as response:
            assert response.status == 408


# --- browser origins ----------------------------------------------------------------------------------
async def test_a_page_from_a_browser_origin_is_refused_on_http_and_sockets(servers):
    srv = await servers()
    async with aiohttp.ClientSession() as session:
        for path in ("/healthz", "/metrics", "/replays", "/socket.io/?EIO=4&transport=polling"):
            async with session.get(srv.url + path, headers={"Origin": "http://evil.example"}) as response:
                assert response.status == 403, path
                body = await response.json()
                assert body["data"]["code"] == "forbidden_origin" and "--allow-origin" in body["message"]
    with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
        await RawSocket(srv.url, headers={"Origin": "http://evil.example"}).open()
    assert refused.value.status == 403
    page = socketio.AsyncClient(reconnection=False)
    with pytest.raises(socketio.exceptions.ConnectionError):
        await page.connect(srv.url, transports=["websocket"], headers={"Origin": "null"}, wait_timeout=5)
    assert not srv.hub.conns  # nothing got in

    desktop = await Client(srv.url).connect()  # the desktop client sends no Origin
    await desktop.ok("create_table", {"game": "pepper", "seats": 2, "name": "Ann"})
    await desktop.close()


async def test_an_origin_the_host_allows_may_connect_and_read(servers):
    allowed = "http://192.168.1.20:8080"
    srv = await servers(allowed_origins=(allowed,))
    async with aiohttp.ClientSession() as session:
        async with session.get(f"{srv.url}/healthz", headers={"Origin": allowed}) as response:
            assert response.status == 200 and response.headers["Access-Control-Allow-Origin"] == allowed
        async with session.get(
            f"{srv.url}/healthz", headers={"Origin": "http://192.168.1.21:8080"}
        ) as response:
            assert response.status == 403
    page = await RawSocket(srv.url, headers={"Origin": allowed}).open()
    assert (await page.call("hello", {"protocol": 1}))["ok"]
    await page.close()


# --- log floods -----------------------------------------------------------------------------------------
async def test_malformed_http_requests_are_logged_once_per_address_without_tracebacks(servers, caplog):
    caplog.set_level(logging.INFO)
    srv = await servers()
    for _ in range(200):
        reader, writer = await asyncio.open_connection("127.0.0.1", srv.port)
        writer.write(b"GET / HTTP/1.1\r\nHost: soup\r\nBad Header Line\r\n\r\n")
        assert (await reader.read()).split(b" ")[1] == b"400"
        writer.close()
    lines = [r for r in caplog.records if "Error handling request" in r.getMessage()]
    assert len(lines) == 1 and lines[0].exc_info is None, [r.getMessage() for r in lines]
    assert "127.0.0.1" in lines[0].getMessage()
    await srv.stop()
    summary = [r.getMessage() for r in caplog.records if "199 more lines like" in r.getMessage()]
    assert summary and "from 127.0.0.1" in summary[0], summary


async def test_too_many_packets_in_a_polling_body_are_logged_once_without_tracebacks(servers, caplog):
    caplog.set_level(logging.INFO)
    srv = await servers()
    async with aiohttp.ClientSession() as session:
        for _ in range(30):
            async with session.get(f"{srv.url}/socket.io/?EIO=4&transport=polling") as response:
                sid = (await response.text()).split('"sid":"')[1].split('"')[0]
            post = f"{srv.url}/socket.io/?EIO=4&transport=polling&sid={sid}"
            async with session.post(post, data="\x1e".join(["40"] + ["6"] * 100)) as response:
                assert response.status in (200, 400)
    lines = [r for r in caplog.records if "post request handler error" in r.getMessage()]
    assert len(lines) == 1 and lines[0].exc_info is None, [r.getMessage() for r in lines]
    assert "Too many packets" in lines[0].getMessage() and not any(r.exc_info for r in caplog.records)


async def test_allow_origin_takes_origins_as_browsers_send_them_and_refuses_anything_else():
    from soupkitchen.server.__main__ import parse_args

    args = parse_args(
        ["--allow-origin", "http://192.168.1.20:8080", "--allow-origin", "HTTPS://Soup.Example/"]
    )
    assert args.allow_origin == ["http://192.168.1.20:8080", "https://soup.example"]
    assert parse_args([]).allow_origin == []
    for wrong in (
        "192.168.1.20",
        "ftp://x",
        "http://x/page",
        "http://x?q=1",
        "http://user@x",
        "http://x:port",
        "*",
    ):
        with pytest.raises(SystemExit):
            parse_args(["--allow-origin", wrong])
