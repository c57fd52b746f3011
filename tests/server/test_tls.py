"""The server over TLS, through real sockets: HTTPS and socket.io over WSS and long-polling with a
certificate made in the test, the real client's connection refusing every wrong certificate with a
sentence, plain HTTP sent to a TLS port, and the doors holding TLS handshakes that never end to
the limits of half-sent requests, on asyncio's loop and on uvloop."""

from __future__ import annotations

import asyncio
import logging
import os

import aiohttp
import pytest
import socketio
from certs import make_authority, make_certificate
from server_testkit import LOOPS, Client, until

from soupkitchen.client.net import tls
from soupkitchen.client.net.connection import Connection, ServerError
from soupkitchen.server.app import DOORS
from soupkitchen.server.net.tls import CertificateError, server_context

pytestmark = pytest.mark.asyncio(loop_factories=LOOPS)  # the server on asyncio's loop and on uvloop

# The first bytes of a TLS ClientHello whose record announces 512 bytes: a handshake that never ends
HALF_HELLO = b"\x16\x03\x01\x02\x00\x01\x00\x01\xfc\x03\x03" + bytes(range(32))


@pytest.fixture
def trusted(monkeypatch):
    """``trusted(cert)``: the client trusts ``cert`` as ``soupkitchen --trust-cert`` makes it (for this
    test)."""
    monkeypatch.setattr(tls, "TRUSTED", [])
    return tls.trust


@pytest.fixture
def certificate(tmp_path):
    return make_certificate(tmp_path / "certs")


async def tls_server(servers, certificate, **limits):
    return await servers(tls=server_context(certificate.cert, certificate.key), **limits)


async def healthz(url: str, context, local: str | None = None) -> int:
    connector = aiohttp.TCPConnector(ssl=context, local_addr=(local, 0) if local else None)
    async with aiohttp.ClientSession(connector=connector) as session, session.get(f"{url}/healthz") as answer:
        return answer.status


async def test_https_and_socketio_over_wss_and_polling(servers, certificate):
    srv = await tls_server(servers, certificate)
    assert srv.url.startswith("https://")
    assert await healthz(srv.url, certificate.client_context()) == 200
    for transports in (["websocket"], ["polling"]):
        client = Client(srv.url, tls=certificate.client_context())
        await client.sio.connect(srv.url, transports=transports, wait_timeout=10)
        await client.ok("hello", {"protocol": 1, "client": "test"})
        created = await client.ok("create_table", {"game": "pepper", "seats": 2, "name": "Ann"})
        assert created["table"]["code"]
        assert client.sio.transport() == transports[0]
        await client.close()


async def test_the_real_client_connects_over_tls_to_a_certificate_it_trusts(servers, certificate, trusted):
    srv = await tls_server(servers, certificate)
    trusted(certificate.cert)
    conn = Connection(srv.url)
    await conn.connect()
    try:
        created = await conn.request("create_table", {"game": "pepper", "seats": 2, "name": "Ann"})
        assert conn.sio.transport() == "websocket" and created["table"]["code"]
    finally:
        await conn.close()


@pytest.mark.parametrize("wrong", ["self-signed", "unknown authority", "other name", "expired", "not TLS"])
async def test_a_wrong_certificate_is_refused_with_a_sentence(servers, tmp_path, trusted, wrong):
    folder = tmp_path / "certs"
    authority, signer = make_authority(folder)
    made = {
        "self-signed": lambda: make_certificate(folder),
        "unknown authority": lambda: make_certificate(folder, signer=signer),
        "other name": lambda: make_certificate(folder, hosts=("kitchen.example.org",)),
        "expired": lambda: make_certificate(folder, days=-1),
        "not TLS": lambda: None,
    }[wrong]()
    if made is None:  # a LAN server, addressed as one put online
        srv = await servers()
        url = srv.url.replace("http://", "https://")
    else:
        srv = await servers(tls=server_context(made.cert, made.key))
        url = srv.url
    if wrong in ("other name", "expired"):  # trusted, and wrong all the same
        trusted(made.cert)
    conn = Connection(url)
    with pytest.raises(ServerError) as refused:
        await conn.connect()
    await conn.close()
    words = str(refused.value)
    expected = {
        "self-signed": "its certificate is self-signed",
        "unknown authority": "an authority this computer does not trust",
        "other name": "its certificate is for another server, not 127.0.0.1",
        "expired": "its certificate has expired",
        "not TLS": "Could not speak TLS with",
    }[wrong]
    assert refused.value.code == "certificate" and expected in words, words
    assert words.startswith(("Did not connect to https://127.0.0.1:", "Could not speak TLS")), words
    assert "Traceback" not in words and "_ssl.c" not in words and len(words) < 300
    assert not any(conn.hello for conn in srv.hub.conns.values())  # nothing was said to it
    if wrong in ("self-signed", "unknown authority"):
        assert "--trust-cert FILE" in words
        trusted(authority.cert if wrong == "unknown authority" else made.cert)  # and trusted, it connects
        conn = Connection(url)
        await conn.connect()
        await conn.close()


async def test_plain_http_to_a_tls_port_is_closed_and_the_server_serves_on(servers, certificate, caplog):
    caplog.set_level(logging.WARNING, logger="soupkitchen")
    srv = await tls_server(servers, certificate)
    for _ in range(5):
        with pytest.raises(aiohttp.ClientError):
            async with aiohttp.ClientSession() as session:
                await session.get(srv.url.replace("https://", "http://") + "/healthz")
    assert await healthz(srv.url, certificate.client_context()) == 200
    lines = [r.getMessage() for r in caplog.records if r.name.startswith("soupkitchen.server.floods")]
    assert sum("TLS handshake with 127.0.0.1 failed" in line for line in lines) == 1, lines
    assert not any(r.exc_info for r in caplog.records)


async def open_raw(
    url: str, count: int, local: str = "127.0.0.1"
) -> list[tuple[asyncio.StreamReader, asyncio.StreamWriter]]:
    """``count`` TCP connections that each send the start of a ClientHello and nothing more."""
    host, port = url.split("://", 1)[1].rsplit(":", 1)
    conns = []
    for _ in range(count):
        reader, writer = await asyncio.open_connection(host, int(port), local_addr=(local, 0))
        writer.write(HALF_HELLO)
        conns.append((reader, writer))
    return conns


def closed(conns) -> int:
    return sum(reader.at_eof() or reader.exception() is not None for reader, _writer in conns)


async def test_handshakes_that_never_end_lock_nobody_else_out(servers, certificate):
    srv = await tls_server(servers, certificate, max_connections_per_address=8, request_timeout=60)
    slow = await open_raw(srv.url, 40)  # five times what one address may leave waiting
    try:
        await until(lambda: closed(slow) >= 32, what="the handshakes past the address's limit refused")
        doors = srv.runner.app[DOORS].snapshot()
        assert doors["waiting"] == 8 and closed(slow) == 32
        try:
            assert await healthz(srv.url, certificate.client_context(), "127.0.0.2") == 200
        except aiohttp.ClientConnectorError:
            pytest.skip("this machine cannot connect from 127.0.0.2")
        async with aiohttp.ClientSession(
            connector=aiohttp.TCPConnector(ssl=certificate.client_context(), local_addr=("127.0.0.2", 0))
        ) as http:
            guest = Client(srv.url)
            guest.sio = socketio.AsyncClient(http_session=http)
            await guest.connect()
            await guest.ok("create_table", {"game": "pepper", "seats": 2, "name": "Guest"})
            await guest.close()
        assert closed(slow) == 32  # the 8 let in still wait
    finally:
        for _reader, writer in slow:
            writer.close()


async def test_a_handshake_not_over_in_time_is_closed(servers, certificate):
    srv = await tls_server(servers, certificate, max_connections_per_address=8, request_timeout=1.0)
    slow = await open_raw(srv.url, 6)
    try:
        await until(lambda: closed(slow) == 6, what="the unfinished handshakes closed", timeout=30)
        doors = srv.runner.app[DOORS].snapshot()
        assert doors["closed_waiting"] == 6 and doors["open"] == 0
        assert await healthz(srv.url, certificate.client_context()) == 200
    finally:
        for _reader, writer in slow:
            writer.close()


async def test_certificate_and_key_that_cannot_be_used_are_named(tmp_path):
    one, two = make_certificate(tmp_path / "one"), make_certificate(tmp_path / "two")
    with pytest.raises(CertificateError, match="there is no such file"):
        server_context(tmp_path / "missing.pem", one.key)
    with pytest.raises(
        CertificateError,
        match="^the certificate /dev/zero cannot be read: it is a device, not a regular file$",
    ):
        server_context("/dev/zero", one.key)  # named at once: never read (nor waited on, as a FIFO would be)
    fifo = tmp_path / "key.pem"
    os.mkfifo(fifo)
    with pytest.raises(CertificateError, match="key .*key.pem cannot be read: it is a named pipe"):
        server_context(one.cert, fifo)
    with pytest.raises(CertificateError, match="is not the key of the certificate"):
        server_context(one.cert, two.key)
    garbage = tmp_path / "garbage.pem"
    garbage.write_text("not a certificate")
    with pytest.raises(CertificateError, match="must be PEM files"):
        server_context(garbage, one.key)
    assert server_context(one.cert, one.key).minimum_version.name == "TLSv1_2"
