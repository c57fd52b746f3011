"""``soupkitchen-server --public``: TLS from --cert and --key (or a proxy in front), no discovery and
the stricter limits of a server anyone can reach; and a whole game of Pink Soup played over TLS
against it by three real client connections, a fourth watching, every push checked."""

from __future__ import annotations

import asyncio
import random
import sys
from pathlib import Path

import aiohttp
import pytest
from certs import make_certificate
from server_testkit import Client, check_received, play, until

from soupkitchen.client.net import tls
from soupkitchen.client.net.connection import Connection
from soupkitchen.client.net.session import TableSession
from soupkitchen.server.__main__ import main, parse_args
from soupkitchen.server.config import PUBLIC_LIMITS, ServerConfig

ROOT = Path(__file__).parents[2]
PATIENCE = 120.0  # seconds a wait may take at most: it only ends a run that is stuck


def test_public_defaults_are_the_stricter_ones_and_each_flag_still_counts():
    public = parse_args(["--public", "--cert", "c.pem", "--key", "k.pem"])
    assert public.no_discovery
    assert public.max_connections_per_address == PUBLIC_LIMITS["max_connections_per_address"] == 16
    assert public.max_tables_per_address == PUBLIC_LIMITS["max_tables_per_address"] == 4
    assert public.max_requests_per_address == PUBLIC_LIMITS["address_rate"] == 60
    assert public.lobby_idle == PUBLIC_LIMITS["lobby_idle"] == 300
    for name, value in PUBLIC_LIMITS.items():  # stricter than a LAN server's, and within one client's needs
        assert 0 < value < getattr(ServerConfig, name)
    assert PUBLIC_LIMITS["address_rate"] >= ServerConfig.rate
    lan = parse_args([])
    assert (
        lan.max_connections_per_address,
        lan.max_tables_per_address,
        lan.max_requests_per_address,
        lan.lobby_idle,
        lan.no_discovery,
    ) == (32, 8, 120, 600.0, False)
    chosen = parse_args(["--public", "--trusted-proxy", "10.0.0.2", "--max-tables-per-address", "0"])
    assert chosen.max_tables_per_address == 0 and chosen.max_connections_per_address == 16


@pytest.mark.parametrize(
    "argv, words",
    [
        (["--public"], "--public serves over TLS: give --cert FILE --key FILE, or name the reverse proxy"),
        (["--cert", "c.pem"], "--cert and --key go together"),
        (["--key", "k.pem"], "--cert and --key go together"),
    ],
)
def test_a_public_server_without_tls_is_refused(argv, words, capsys):
    with pytest.raises(SystemExit) as stopped:
        parse_args(argv)
    assert stopped.value.code == 2 and words in capsys.readouterr().err


def test_a_key_that_cannot_be_used_is_named_and_nothing_starts(tmp_path, capsys):
    made = make_certificate(tmp_path)
    other = make_certificate(tmp_path / "other")
    code = main(
        [
            "--public",
            "--cert",
            str(made.cert),
            "--key",
            str(other.key),
            "--db",
            str(tmp_path / "s.sqlite3"),
            "--host",
            "127.0.0.1",
            "--port",
            "0",
            "--loop",
            "asyncio",
        ]
    )
    err = capsys.readouterr().err
    assert code == 2 and f"the key {other.key} is not the key of the certificate {made.cert}" in err, err
    assert "Traceback" not in err


@pytest.mark.slow
async def test_a_game_played_over_tls_against_a_public_server(tmp_path, monkeypatch):
    made = make_certificate(tmp_path / "certs")
    process = await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "soupkitchen.server",
        "--public",
        "--cert",
        str(made.cert),
        "--key",
        str(made.key),
        "--host",
        "127.0.0.1",
        "--port",
        "0",
        "--db",
        str(tmp_path / "public.sqlite3"),
        "--bot-delay",
        "0.05",
        stdout=asyncio.subprocess.PIPE,
        cwd=ROOT,
    )
    monkeypatch.setattr(tls, "TRUSTED", [])
    tls.trust(made.cert)  # as soupkitchen --trust-cert does
    conns: list[Connection] = []
    watcher: Client | None = None
    players: list[asyncio.Task] = []
    try:
        assert process.stdout is not None
        line = (await asyncio.wait_for(process.stdout.readline(), PATIENCE)).decode()
        assert line.startswith("soupkitchen-server listening on https://127.0.0.1:"), line
        url = line.split(" on ", 1)[1].strip()
        await process.stdout.readline()  # the event loop
        kind = (await process.stdout.readline()).decode()
        assert "a public server, over TLS; each address may hold 16 connections, open 4 tables" in kind, kind

        conns = [Connection(url) for _ in range(3)]
        for conn in conns:
            await conn.connect()
        host = await conns[0].request(
            "create_table",
            {
                "game": "pink-soup",
                "seats": 3,
                "name": "Ann",
                "settings": {"listed": False, "bot_delay": 0.05},
            },
        )
        code = host["table"]["code"]
        sessions = [TableSession(conns[0], host["table"], {0: host["token"]})]
        for conn, name in zip(conns[1:], ("Bob", "Cy"), strict=True):  # friends come with the code
            found = await conn.request("find_table", {"code": code.lower().replace("-", " ")})
            joined = await conn.request("join_table", {"table": found["table"]["id"], "name": name})
            sessions.append(TableSession(conn, joined["table"], {joined["seat"]: joined["token"]}))
        for session in sessions[1:]:
            await session.set_ready(True)
        watcher = Client(url, tls=made.client_context())
        await watcher.connect()
        await watcher.ok("spectate", {"table": host["table"]["id"]})
        await sessions[0].request("start")
        players = [
            asyncio.ensure_future(play(session, seat, random.Random(seat)))
            for seat, session in enumerate(sessions)
        ]
        await asyncio.wait_for(asyncio.gather(*players), PATIENCE)

        async with (
            aiohttp.ClientSession(connector=aiohttp.TCPConnector(ssl=made.client_context())) as http,
            http.get(f"{url}/replays/{host['table']['id']}") as answer,
        ):
            record = await answer.json()
        assert record["over"] and len(record["log"]) > 20
        await until(
            lambda: any(s["state_id"] == len(record["log"]) for s in watcher.states),
            PATIENCE,
            "the watcher's last view",
        )
        assert check_received(record, watcher.states) > 20
        for seat, session in enumerate(sessions):  # every player ends on the game's own end
            await until(
                lambda s=session, k=seat: s.state_ids.get(k) == len(record["log"]),
                PATIENCE,
                f"seat {seat}'s last view",
            )
            assert session.view(seat)["over"] and session.view(seat)["result"] is not None
        assert all(conn.sio.transport() == "websocket" for conn in conns)
    finally:
        for task in players:
            task.cancel()
        for conn in conns:
            await conn.close()
        if watcher is not None:
            await watcher.close()
        process.terminate()
        await asyncio.wait_for(process.wait(), PATIENCE)
    assert process.returncode == 0
