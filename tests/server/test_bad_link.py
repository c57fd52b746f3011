"""A game played over a poor link (tests/server/bad_link.py: delay, late "lost" packets, a blackout
and one silent drop) by the real client's connections and table sessions: the game completes,
every client ends on exactly the server's state, a spectator catches up after its reconnection,
and the server notices the silently dropped player within its ping interval plus ping timeout."""

from __future__ import annotations

import asyncio
import json
import logging
import random
from typing import Any

import aiohttp
import pytest
from bad_link import BadLink, LinkShape
from certs import make_certificate
from server_testkit import Client, as_json, play

from soupkitchen.client.net import tls, ways_in
from soupkitchen.client.net.connection import WEBSOCKET_COMPRESSION, Connection
from soupkitchen.client.net.session import TableSession
from soupkitchen.client.settings import Settings
from soupkitchen.server.config import ServerConfig
from soupkitchen.server.embedded import EmbeddedServer
from soupkitchen.server.net.push import PING_WATCH
from soupkitchen.server.net.tls import server_context

PING_INTERVAL, PING_TIMEOUT = 0.5, 1.0  # the test's; the server's defaults are checked below
NOTICE_SLACK = 3.0  # seconds beyond ping interval + timeout a loaded machine may take to run the check
PATIENCE = 120.0  # seconds any wait may take at most: it only ends a run that is stuck
PLAYERS = ("Ann", "Bob", "Cy")


class Shell:
    """What ``client.net.ways_in`` needs of the app: a clock, settings (kept nowhere), toasts and error
    routing."""

    def __init__(self) -> None:
        self.clock = asyncio.get_running_loop().time
        self.settings = Settings()
        self.conn: Connection | None = None
        self.toasts: list[str] = []

    def toast(self, message: str, kind: str = "info") -> None:
        self.toasts.append(message)

    def watch_session(self, session: TableSession) -> None:
        session.error_listeners.append(self.toast)


async def until(condition, what: str, timeout: float = PATIENCE) -> None:
    loop = asyncio.get_running_loop()
    end = loop.time() + timeout
    while not condition():
        assert loop.time() < end, f"no {what} after {timeout:.0f} s"
        await asyncio.sleep(0)  # look again once the event loop has gone round


def test_the_server_notices_a_silent_connection_within_ten_seconds():
    """A connection's last message, then a ping ``ping_interval`` later that is never answered: the
    server's watch, which looks at every unanswered ping once every ``PING_WATCH`` seconds, closes it
    within that of ``ping_timeout`` after the ping (Engine.IO's own check, on the stock path, within
    another ``ping_timeout``)."""
    config = ServerConfig()
    noticed = config.ping_interval + config.ping_timeout + PING_WATCH
    assert noticed <= config.ping_interval + 2 * config.ping_timeout <= 10
    assert config.timed_grace < config.grace


async def away_player_table(server, settings: dict | None = None) -> tuple[Any, Client, str]:
    """A started two-seat Pepper table (a clock runs: each turn has a deadline) whose guest has gone."""
    ann, bob = await Client(server.url).connect(), await Client(server.url).connect()
    created = await ann.ok(
        "create_table",
        {
            "game": "pepper",
            "seats": 2,
            "name": "Ann",
            "settings": settings,
            "options": {"turn_seconds": 600, "moves": 10},
        },
    )
    joined = await bob.ok("join_table", {"table": created["table"]["id"], "name": "Bob"})
    await bob.ok("ready", {"token": joined["token"], "on": True})
    await ann.ok("start", {"token": created["token"]})
    await bob.sio.eio.disconnect(abort=True)  # the network goes
    return server.hub.tables[created["table"]["id"]], ann, joined["token"]


@pytest.mark.parametrize("settings", [None, {"stand_in_seconds": 0.2}])
async def test_in_a_timed_round_a_bot_stands_in_sooner(servers, settings):
    """The timed grace (or the host's stand_in_seconds) applies, not the long one for untimed play."""
    server = await servers(grace=PATIENCE * 10, timed_grace=0.2 if settings is None else PATIENCE * 10)
    table, ann, bob_token = await away_player_table(server, settings)
    try:
        await until(lambda: server.hub.stands_in(table, 1), "stand-in bot")
        seats = (
            await ann.wait_for(
                lambda: [lob for lob in ann.lobbies if lob["table"]["seats"][1]["stand_in"]], timeout=PATIENCE
            )
        )[-1]["table"]["seats"]
        assert seats[1]["stand_in"] and not seats[1]["connected"]
        back = await Client(server.url).connect()  # the player comes back and takes the seat again
        await back.ok("resume", {"token": bob_token})
        assert not server.hub.stands_in(table, 1) and 1 not in server.hub.roster.runners[table.id].bots
        await back.close()
    finally:
        await ann.close()


@pytest.mark.parametrize("wait", [-1, "soon", 3601, True, None])
async def test_a_bad_stand_in_setting_is_refused_and_changes_nothing(servers, wait):
    server = await servers()
    ann = await Client(server.url).connect()
    try:
        created = await ann.ok("create_table", {"game": "pepper", "seats": 2, "name": "Ann"})
        before = dict(server.hub.tables[created["table"]["id"]].settings)
        payload = {"token": created["token"], "options": {}, "settings": {"stand_in_seconds": wait}}
        if wait is None:  # null: keep what the table has
            await ann.ok("set_options", payload)
        else:
            await ann.error("set_options", payload, "bad_request")
            await ann.error(
                "create_table",
                {"game": "pepper", "seats": 2, "name": "Ann", "settings": {"stand_in_seconds": wait}},
                "bad_request",
            )
        assert server.hub.tables[created["table"]["id"]].settings == before and len(server.hub.tables) == 1
    finally:
        await ann.close()


async def test_a_turn_based_game_without_a_clock_waits_the_long_grace(servers):
    server = await servers(grace=PATIENCE * 10, timed_grace=0.2)
    ann, bob = await Client(server.url).connect(), await Client(server.url).connect()
    try:
        created = await ann.ok("create_table", {"game": "pink-soup", "seats": 2, "name": "Ann"})
        joined = await bob.ok("join_table", {"table": created["table"]["id"], "name": "Bob"})
        await bob.ok("ready", {"token": joined["token"], "on": True})
        await ann.ok("start", {"token": created["token"]})
        table = server.hub.tables[created["table"]["id"]]
        assert table.deadline() is None
        await bob.close()
        await until(lambda: table.seats[1].away_since is not None, "the seat away")
        assert server.hub.grace_for(table) == PATIENCE * 10 and not server.hub.stands_in(table, 1)
    finally:
        await ann.close()


async def test_verbose_logs_socket_events_without_secrets(servers, caplog):
    """``soupkitchen-server --verbose`` (INFO): connections, moves, disconnects and resumes, no tokens."""
    caplog.set_level(logging.INFO, logger="soupkitchen.server")
    server = await servers()
    table, ann, bob_token = await away_player_table(server)
    back = await Client(server.url).connect()
    await back.ok("resume", {"token": bob_token})
    await ann.ok("act", {"token": ann.tokens[0], "state_id": 0, "action": {"type": "add", "n": 2}})
    await back.close()
    await ann.close()
    text = "\n".join(record.getMessage() for record in caplog.records)
    for words in (
        " connected from 127.0.0.1",
        " disconnected (",
        " resume ",
        '"action":{"type":"add","n":2}',
    ):
        assert words in text, f"{words!r} not logged:\n{text}"
    assert bob_token not in text and ann.tokens[0] not in text


async def test_the_handshake_gives_the_ping_times_and_no_compression_by_default(server):
    """The client offers compression (permessage-deflate); the server declines it unless its host asks
    for it (tests/server/test_websocket_compression.py): deltas are small, zlib's state per
    connection is not."""
    async with aiohttp.ClientSession() as http:
        ws = await http.ws_connect(
            f"{server.url}/socket.io/?EIO=4&transport=websocket", compress=WEBSOCKET_COMPRESSION
        )
        try:
            assert ws.compress == 0
            handshake = json.loads((await ws.receive(timeout=PATIENCE)).data[1:])
            assert handshake["pingInterval"] == server.config.ping_interval * 1000
            assert handshake["pingTimeout"] == server.config.ping_timeout * 1000
        finally:
            await ws.close()


@pytest.mark.slow
@pytest.mark.parametrize("secure", [False, True], ids=["plain", "tls"])
async def test_a_game_over_a_bad_link_completes_and_everyone_ends_on_the_servers_state(
    tmp_path, secure, monkeypatch
):
    context = None
    if secure:  # over TLS: the server's certificate made here, trusted as soupkitchen --trust-cert does
        made = make_certificate(tmp_path / "certs")
        context = server_context(made.cert, made.key)
        monkeypatch.setattr(tls, "TRUSTED", [])
        tls.trust(made.cert)
    server = EmbeddedServer(
        tmp_path / "server.sqlite3",
        bot_delay=0.05,
        grace=PATIENCE,
        timed_grace=PATIENCE,
        ping_interval=PING_INTERVAL,
        ping_timeout=PING_TIMEOUT,
        tls=context,
    )
    await server.start()
    # Each client on a link of its own (the same poor shape), so one of them can be dropped alone.
    links = [
        await BadLink(
            server.port,
            LinkShape(delay=(0.04, 0.06), loss=0.05, resend=0.2, seed=i),
            scheme="https" if secure else "http",
        ).start()
        for i in range(len(PLAYERS) + 1)
    ]
    shells = [Shell() for _ in links]
    noticed: dict[str, float] = {}
    hub = server.hub
    disconnect = hub.disconnect

    async def recording_disconnect(sid: str) -> None:
        noticed[sid] = asyncio.get_running_loop().time()
        await disconnect(sid)

    hub.disconnect = recording_disconnect
    players: list[asyncio.Task[Any]] = []
    try:
        conns = [await ways_in.connect(shell, link.url) for shell, link in zip(shells, links, strict=True)]
        host = await conns[0].request(
            "create_table",
            {"game": "pepper", "seats": 4, "name": PLAYERS[0], "options": {"moves": 40, "turn_seconds": 60}},
        )
        table_id = host["table"]["id"]
        sessions = [TableSession(conns[0], host["table"], {0: host["token"]})]
        for conn, name in zip(conns[1 : len(PLAYERS)], PLAYERS[1:], strict=True):
            joined = await conn.request("join_table", {"table": table_id, "name": name})
            sessions.append(TableSession(conn, joined["table"], {joined["seat"]: joined["token"]}))
        for session in sessions[1:]:  # once everyone has joined (a new player clears every ready)
            await session.set_ready(True)
        watcher = await ways_in.spectate_table(shells[-1], conns[-1], table_id)
        await sessions[0].request("start")  # a bot takes the fourth seat
        table = hub.tables[table_id]
        players = [
            asyncio.ensure_future(play(session, seat, random.Random(seat)))
            for seat, session in enumerate(sessions)
        ]

        # A blackout longer than ping interval + timeout: every connection is found dead, and
        # every client comes back by itself, resumes its seat or watches again.
        await until(lambda: table.state_id >= 8, "moves before the blackout")
        before = set(hub.conns)
        for link in links:
            link.blackout(PING_INTERVAL + PING_TIMEOUT + 1.0)
        await until(lambda: not before & set(hub.conns), "connection found dead in the blackout")
        await until(
            lambda: all(conn.connected for conn in conns) and len(hub.conns) == len(conns),
            "reconnection after the blackout",
        )
        await until(lambda: table.spectators, "spectator watching again")
        mark = table.state_id
        await until(lambda: table.state_id >= mark + 6, "moves after the blackout")

        # One player's link goes silent: the server notices within ping interval + timeout.
        bob_sid = next(iter(table.seats[1].sids))
        dropped_at = asyncio.get_running_loop().time()
        for pipe in links[1].open_pipes():
            links[1].drop_silently(pipe)
        await until(lambda: bob_sid in noticed, "notice of the silent drop")
        assert noticed[bob_sid] - dropped_at <= PING_INTERVAL + PING_TIMEOUT + NOTICE_SLACK

        await asyncio.wait_for(asyncio.gather(*players), PATIENCE)
        assert table.over and table.state_id == len(table.record.log)
        for seat, session in enumerate(sessions):  # every client ends on exactly the server's state
            await until(
                lambda s=session, k=seat: s.state_ids.get(k) == table.state_id, f"seat {seat}'s last view"
            )
            assert session.view(seat) == as_json(table.game.view(table.state, seat))
        await until(lambda: watcher.state_ids.get(None) == table.state_id, "the spectator's last view")
        assert watcher.public_view == as_json(table.game.view(table.state, None))
        assert watcher.over
        assert "Reconnected." in shells[-1].toasts, shells[-1].toasts  # the spectator holds no seat
        assert not any("seat" in toast for toast in shells[-1].toasts), shells[-1].toasts
        assert "Reconnected. Your seat is back." in shells[0].toasts, shells[0].toasts
        assert all(conn.url.startswith("https://" if secure else "http://") for conn in conns)
    finally:
        for task in players:
            task.cancel()
        for shell in shells:
            if shell.conn is not None:
                await shell.conn.close()
        for link in links:
            await link.stop()
        await server.stop()
