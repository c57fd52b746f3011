"""LAN discovery (zeroconf) and the command line."""

from __future__ import annotations

import secrets
import subprocess
import sys

from soupkitchen.client.net.lan import browse
from soupkitchen.server.net.discovery import advertise


async def test_an_advertised_server_is_found_by_browsing():
    name = f"Soup Kitchen {secrets.token_hex(3)}"
    advert = await advertise(48765, name=name)
    try:
        found = await browse(1.5)
    finally:
        await advert.close()
    mine = [entry for entry in found if entry["name"] == name]
    assert mine and mine[0]["port"] == 48765 and mine[0]["host"]


def test_cli_answers_help():
    result = subprocess.run(
        [sys.executable, "-m", "soupkitchen.server", "--help"],
        capture_output=True,
        text=True,
        timeout=30,
        check=True,
    )
    for flag in (
        "--host",
        "--port",
        "--db",
        "--no-discovery",
        "--bot-delay",
        "--grace",
        "--max-connections-per-address",
        "--max-tables-per-address",
        "--lobby-idle",
        "--linger",
        "--verbose",
    ):
        assert flag in result.stdout


def test_cli_flags_reach_the_server_settings():
    from soupkitchen.server.__main__ import parse_args

    args = parse_args(["--lobby-idle", "90", "--max-tables-per-address", "0", "--linger", "30"])
    assert (args.lobby_idle, args.max_tables_per_address, args.max_connections_per_address) == (90.0, 0, 32)
    assert args.linger == 30.0 and parse_args([]).lobby_idle == parse_args([]).linger == 600.0
    refused = subprocess.run(
        [sys.executable, "-m", "soupkitchen.server", "--lobby-idle", "-5"],
        capture_output=True,
        text=True,
        timeout=30,
    )
    assert refused.returncode == 2 and "--lobby-idle: '-5' is not a number of seconds" in refused.stderr


async def test_embedded_server_with_discovery_starts_and_stops(tmp_path):
    from server_testkit import fetch_json

    from soupkitchen.server.embedded import EmbeddedServer

    srv = EmbeddedServer(tmp_path / "lan.sqlite3", discovery=True)
    await srv.start()
    try:
        assert srv.port and (await fetch_json(srv.url + "/healthz"))["ok"]
        found = await browse(1.5)
        assert any(entry["port"] == srv.port for entry in found)
    finally:
        await srv.stop()
