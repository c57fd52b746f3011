"""Attacks on the wire, played through real sockets: reserved and unknown event names, a client
naming its own address, binary payloads, JSON no request has, oversized or broken long-polling
bodies, and sessions that never finish connecting. Each gets a clear answer and changes nothing."""

from __future__ import annotations

import asyncio
import logging
import sys
import time
import types
from dataclasses import replace

import aiohttp
import pytest
import socketio
import toy_game
from hostile_kit import RawSocket, code
from server_testkit import LOOPS, Client, until

from soupkitchen.shared.core import Registration

pytestmark = pytest.mark.asyncio(loop_factories=LOOPS)  # the server on asyncio's loop and on uvloop


@pytest.fixture
async def raw():
    """``await raw(url, ...)``: an open RawSocket; all are closed afterwards."""
    made: list[RawSocket] = []

    async def make(url: str, namespace: bool = True, **kwargs) -> RawSocket:
        sock = RawSocket(url, **kwargs)
        made.append(sock)
        return await sock.open(namespace)

    yield make
    for sock in made:
        await sock.close()


def no_tracebacks(caplog) -> None:
    errors = [r for r in caplog.records if r.levelno >= logging.ERROR or r.exc_info]
    assert not errors, [r.getMessage() for r in errors]


async def test_reserved_and_unknown_event_names_get_unknown_event_and_reach_no_handler(servers, raw, caplog):
    srv = await servers(max_connections_per_address=3)
    host = await raw(srv.url)
    assert (await host.call("hello", {"protocol": 1}))["ok"]
    created = await host.call("create_table", {"game": "pepper", "seats": 2, "name": "Ann"})
    token = created["token"]
    watcher = await Client(srv.url).connect()
    await watcher.ok("spectate", {"table": created["table"]["id"]})

    for name in (
        "connect",
        "disconnect",
        "connect_error",
        "message",
        "__disconnect_final",
        "newListener",
        "*",
    ):
        reply = await host.call(name, {"REMOTE_ADDR": "10.9.8.7"})
        assert code(reply) == "unknown_event", (name, reply)
    for _ in range(40):  # the attack that once took 200 places from one address
        assert code(await host.call("connect", {"REMOTE_ADDR": "127.0.0.1"})) == "unknown_event"
    assert code(await host.call_raw("[5, {}]")) == "unknown_event"
    assert code(await host.call_raw("[]")) == "unknown_event"

    # nothing changed: one connection each, from the transport's address, the host still holds the seat
    assert sorted(c.address for c in srv.hub.conns.values()) == ["127.0.0.1", "127.0.0.1"]
    table = srv.hub.tables[created["table"]["id"]]
    assert table.seats[0].sids and table.summary()["seats"][0]["connected"]
    assert (await host.call("ready", {"token": token, "on": True}))["ok"]
    third = await Client(srv.url).connect()  # the third place is still there ...
    with pytest.raises(socketio.exceptions.ConnectionError):  # ... and the fourth is not
        await Client(srv.url).connect()

    await host.close()  # the real disconnect still frees the seat: a stand-in can come
    await watcher.wait_for(
        lambda: watcher.lobbies and not watcher.lobbies[-1]["table"]["seats"][0]["connected"]
    )
    await third.close()
    await watcher.close()
    no_tracebacks(caplog)


async def test_a_binary_event_is_refused_at_once_and_nothing_is_buffered(server, raw, caplog):
    sock = await raw(server.url)
    await sock.send('451000000-1["hello",{"_placeholder":true,"num":0}]')  # a million attachments to come
    reply = await sock.frame(lambda f: isinstance(f, str) and f.startswith("431["))
    assert '"bad_request"' in reply and "binary" in reply
    try:
        for _ in range(20):
            await sock.send(b"\x00" * 900_000)
    except (ConnectionError, RuntimeError):
        pass  # the server may already have closed it
    await sock.until_closed()
    await until(lambda: not server.hub.conns, what="the server to forget the closed connection")
    honest = await Client(server.url).connect()  # the server carries on
    assert (await honest.ok("list_tables", {}))["tables"] == []
    await honest.close()
    no_tracebacks(caplog)


async def test_a_bare_binary_frame_closes_the_connection(server, raw):
    sock = await raw(server.url)
    await sock.send(b"\x04" + b"x" * 1000)
    await sock.until_closed()


@pytest.mark.parametrize(
    "body, what",
    [
        ('["act", ' + "[" * 1200 + "]" * 1200 + "]", "nested 1,200 deep"),
        ('["act", ' + "[" * 30_000 + "]" * 30_000 + "]", "nested 30,000 deep"),
        ('["time_sync", {"client_time": ' + "9" * 5000 + "}]", "a 5,000-digit number"),
        ('["time_sync", {"client_time": NaN}]', "NaN"),
        ('["time_sync", {"client_time": Infinity}]', "Infinity"),
        ('["time_sync", {"client_time": -Infinity}]', "-Infinity"),
        ('["time_sync", {"client_time": 1e400}]', "1e400"),
        ('["time_sync", {"client_time": 123456789012345678901234567890}]', "a number beyond 64 bits"),
        (
            '["create_table", {"game": "pepper", "seats": 2, "name": "A", "options": {"moves": NaN}}]',
            "NaN in options",
        ),
        ('["time_sync", {"client_time": 1.0]', "broken JSON"),
    ],
)
async def test_json_no_request_has_gets_bad_request(server, raw, caplog, body, what):
    sock = await raw(server.url)
    assert (await sock.call("hello", {"protocol": 1}))["ok"]
    assert code(await sock.call_raw(body)) == "bad_request", what
    assert not server.hub.tables
    reply = await sock.call("time_sync", {"client_time": 1e300})  # the connection carries on
    assert reply["ok"] and reply["client_time"] == 1e300
    no_tracebacks(caplog)


async def polling_session(session: aiohttp.ClientSession, url: str) -> str:
    async with session.get(f"{url}/socket.io/?EIO=4&transport=polling") as response:
        assert response.status == 200
        text = await response.text()
    return text[text.index("{") :].split('"sid":"')[1].split('"')[0]


async def test_long_polling_bodies_too_large_or_not_utf8_are_refused(server, caplog):
    async with aiohttp.ClientSession() as session:
        sid = await polling_session(session, server.url)
        post = f"{server.url}/socket.io/?EIO=4&transport=polling&sid={sid}"
        for size in (2_000_000, 20_000_000):
            async with session.post(post, data=b"4" + b"x" * size) as response:
                assert response.status == 413, size
                assert "at most" in await response.text()

        async def chunks():
            for _ in range(3):
                yield b"x" * 1_000_000

        async with session.post(post, data=chunks()) as response:  # no Content-Length: read up to the limit
            assert response.status == 413
        async with session.post(post, data=b'40\x1e42["hello",{"client":"\xff\xfe"}]') as response:
            assert response.status == 400
            assert "UTF-8" in await response.text()
        async with session.post(post, data=b"40") as response:  # a proper body still connects
            assert response.status == 200
        sid2 = await polling_session(session, server.url)
        async with session.post(
            f"{server.url}/socket.io/?EIO=4&transport=polling&sid={sid2}", data=b"40"
        ) as r:
            assert r.status == 200
    no_tracebacks(caplog)


async def test_a_polling_client_still_plays(server):
    client = Client(server.url)
    await client.sio.connect(server.url, transports=["polling"], wait_timeout=5)
    await client.ok("hello", {"protocol": 1, "client": "test"})
    created = await client.ok(
        "create_table",
        {"game": "pepper", "seats": 1, "name": "Ann", "options": {"moves": 1, "turn_seconds": 60}},
    )
    await client.ok("start", {"token": created["token"]})
    await client.ok("act", {"token": created["token"], "state_id": 0, "action": {"type": "add", "n": 1}})
    await client.wait_for(lambda: (s := client.latest(0)) and s["view"]["over"])
    await client.close()


async def test_sessions_that_never_connect_count(servers, raw):
    srv = await servers(max_connections_per_address=2, handshake_timeout=600)
    idle = [await raw(srv.url, namespace=False) for _ in range(2)]
    with pytest.raises(aiohttp.WSServerHandshakeError):  # a third one is refused at the door
        await raw(srv.url, namespace=False)
    async with aiohttp.ClientSession() as session:
        async with session.get(f"{srv.url}/socket.io/?EIO=4&transport=polling") as response:
            assert response.status == 401 and "limit" in await response.text()
    await idle[0].close()  # one goes: a place comes free
    player = await Client(srv.url).connect()
    assert len(srv.hub.conns) == 1
    await player.close()


async def test_sessions_that_never_connect_are_closed(servers, raw):
    srv = await servers(max_connections_per_address=2, handshake_timeout=0.3)
    idle = [await raw(srv.url, namespace=False) for _ in range(2)]
    for sock in idle:
        await sock.until_closed()  # the handshake timed out
    players = [await Client(srv.url).connect() for _ in range(2)]  # and the places are free again
    assert len(srv.hub.conns) == 2
    for player in players:
        await player.close()


async def test_a_forwarding_header_counts_only_behind_a_named_proxy(servers):
    plain = await servers()
    proxied = await servers(trusted_proxies=("127.0.0.1",))
    for srv, expected in ((plain, "127.0.0.1"), (proxied, "10.0.0.7")):
        client = Client(srv.url)
        await client.sio.connect(
            srv.url, transports=["websocket"], headers={"X-Forwarded-For": "10.0.0.7"}, wait_timeout=5
        )
        assert [c.address for c in srv.hub.conns.values()] == [expected]
        await client.close()


async def test_the_guards_hold_on_stock_python_socketio_sockets_too(tmp_path, monkeypatch, raw, caplog):
    """The dispatch and the limits use public APIs only: with the stock server class they hold the same."""
    from soupkitchen.server import app
    from soupkitchen.server.embedded import EmbeddedServer

    monkeypatch.setattr(app, "GameSocketServer", socketio.AsyncServer)
    srv = EmbeddedServer(tmp_path / "stock.sqlite3", max_connections_per_address=2, handshake_timeout=0.3)
    await srv.start()
    try:
        sock = await raw(srv.url)
        assert code(await sock.call("connect", {"REMOTE_ADDR": "10.9.8.7"})) == "unknown_event"
        assert code(await sock.call_raw('["act", ' + "[" * 5000 + "]" * 5000 + "]")) == "bad_request"
        assert [c.address for c in srv.hub.conns.values()] == ["127.0.0.1"]
        await sock.send('451000000-99["hello",{"_placeholder":true,"num":0}]')
        assert "binary" in await sock.frame(lambda f: isinstance(f, str) and f.startswith("4399["))
        await sock.until_closed()
        idle = await raw(srv.url, namespace=False)
        await idle.until_closed()
        player = await Client(srv.url).connect()
        assert (await player.ok("list_tables", {}))["tables"] == []
        await player.close()
    finally:
        await srv.stop()
    no_tracebacks(caplog)


async def test_a_websocket_message_past_the_transport_limit_closes_the_connection(server, raw):
    sock = await raw(server.url)
    await sock.send('42["hello", {"client": "' + "x" * server.config.max_http_buffer + '"}]')
    await sock.until_closed()
    await until(lambda: not server.hub.conns, what="the server to forget the closed connection")


class LoudPepper(toy_game.Pepper):
    """Pepper whose every view carries 60 KB of padding: pushes that fill a connection quickly."""

    facts = replace(toy_game.Pepper.facts, id="loud-pepper")

    def view(self, state, seat):
        return {**super().view(state, seat), "noise": "x" * 60_000}


async def test_a_connection_that_stops_reading_is_closed_before_its_pushes_pile_up(servers, raw, monkeypatch):
    from soupkitchen.shared import registry

    module = types.ModuleType("soupkitchen_test_loud_pepper")
    module.GAME = LoudPepper()
    monkeypatch.setitem(sys.modules, module.__name__, module)
    monkeypatch.setitem(
        registry.ADDED,
        LoudPepper.facts.id,
        Registration(facts=LoudPepper.facts, rules=module.__name__, order=91),
    )
    srv = await servers(max_backlog=20)
    host = await Client(srv.url).connect()
    created = await host.ok(
        "create_table",
        {
            "game": LoudPepper.facts.id,
            "seats": 2,
            "name": "Ann",
            "options": {"moves": 200, "turn_seconds": 60},
            "settings": {"bot_delay": 0},
        },
    )
    tid = created["table"]["id"]
    await host.ok("add_bot", {"token": created["token"]})
    watcher = await raw(srv.url)
    assert (await watcher.call("hello", {"protocol": 1}))["ok"]
    assert (await watcher.call("spectate", {"table": tid}))["ok"]
    watcher.reader.cancel()  # from now on it reads nothing
    await host.ok("start", {"token": created["token"]})
    await host.ok("leave", {"token": created["token"]})  # two bots play at full speed
    await host.close()
    table = srv.hub.tables[tid]
    end = time.monotonic() + 30
    while srv.hub.conns or not table.over:
        assert time.monotonic() < end, (len(srv.hub.conns), table.state_id)
        await asyncio.sleep(0)  # look again once the event loop has gone round
    assert table.state_id == 200


async def test_a_connection_gone_silent_is_noticed_and_its_seat_is_away(servers, raw, caplog):
    caplog.set_level(logging.INFO, logger="soupkitchen.server")
    srv = await servers(ping_interval=0.2, ping_timeout=0.3, grace=600)
    quiet = await raw(srv.url)
    assert (await quiet.call("hello", {"protocol": 1}))["ok"]
    created = await quiet.call("create_table", {"game": "pepper", "seats": 2, "name": "Ann"})
    watcher = await Client(srv.url).connect()
    await watcher.ok("spectate", {"table": created["table"]["id"]})
    quiet.answering = False  # the laptop sleeps: its socket stays open, nothing comes from it
    await watcher.wait_for(
        lambda: watcher.lobbies and not watcher.lobbies[-1]["table"]["seats"][0]["connected"]
    )
    assert len(srv.hub.conns) == 1
    assert any(" disconnected (" in r.getMessage() for r in caplog.records)
    await watcher.close()
