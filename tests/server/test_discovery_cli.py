"""LAN discovery (zeroconf) and the command line."""

from __future__ import annotations

import secrets
import subprocess
import sys

from server.discovery import advertise, browse


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
    result = subprocess.run([sys.executable, "-m", "server", "--help"], capture_output=True, text=True,
                            timeout=30, check=True)
    for flag in ("--host", "--port", "--db", "--no-discovery", "--bot-delay", "--grace", "--verbose"):
        assert flag in result.stdout


async def test_embedded_server_with_discovery_starts_and_stops(tmp_path):
    from server_testkit import fetch_json

    from server.embedded import EmbeddedServer

    srv = EmbeddedServer(tmp_path / "lan.sqlite3", discovery=True)
    await srv.start()
    try:
        assert srv.port and (await fetch_json(srv.url + "/healthz"))["ok"]
        found = await browse(1.5)
        assert any(entry["port"] == srv.port for entry in found)
    finally:
        await srv.stop()
