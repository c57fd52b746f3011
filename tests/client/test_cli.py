"""The ``soupkitchen`` command line."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pygame

ROOT = Path(__file__).resolve().parents[2]


def run(*args: str, tmp_path: Path, timeout: float = 60) -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY")}
    env.update(
        {
            "XDG_CONFIG_HOME": str(tmp_path / "c"),
            "XDG_DATA_HOME": str(tmp_path / "d"),
            "XDG_STATE_HOME": str(tmp_path / "s"),
        }
    )
    return subprocess.run(
        [sys.executable, "-m", "soupkitchen.client", *args],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=timeout,
    )


def test_help_works_without_a_display(tmp_path):
    env_free = run("--help", tmp_path=tmp_path)
    assert env_free.returncode == 0
    for flag in (
        "--solo",
        "--players",
        "--connect",
        "--trust-cert",
        "--windowed",
        "--fullscreen",
        "--verbose",
        "--screenshot",
        "--after",
    ):
        assert flag in env_free.stdout


def test_bad_arguments_are_explained(tmp_path):
    unknown = run("--solo", "no-such-soup", tmp_path=tmp_path)
    assert (
        unknown.returncode == 2 and "too-many-cooks" in unknown.stderr and "Traceback" not in unknown.stderr
    )
    size = run("--windowed", "huge", tmp_path=tmp_path)
    assert size.returncode == 2 and "WIDTHxHEIGHT" in size.stderr
    for link, words in (
        ("soupkitchen://kitchen.example.org/", "no table code after the server"),
        ("http://kitchen.example.org/PEAS-4821-7730", "not an invite link"),
    ):
        refused = run(link, tmp_path=tmp_path)
        assert refused.returncode == 2 and words in refused.stderr and "Traceback" not in refused.stderr, (
            refused.stderr
        )
    (tmp_path / "garbage.pem").write_text("not a certificate")
    for file, words in (
        (tmp_path / "missing.pem", "there is no certificate file"),
        (tmp_path / "garbage.pem", "is not a certificate file (PEM) that can be read"),
    ):
        refused = run("--trust-cert", str(file), "--connect", "https://127.0.0.1:1", tmp_path=tmp_path)
        assert refused.returncode == 2 and words in refused.stderr and "Traceback" not in refused.stderr, (
            refused.stderr
        )


def test_solo_goes_straight_to_a_table_and_takes_a_screenshot(tmp_path):
    shot = tmp_path / "solo.png"
    done = run(
        "--solo",
        "stone-soup",
        "--players",
        "3",
        "--windowed",
        "1280x720",
        "--screenshot",
        str(shot),
        "--after",
        "6",
        tmp_path=tmp_path,
    )  # room for a busy machine to reach the table
    assert done.returncode == 0, done.stderr
    log = (tmp_path / "s" / "soupkitchen" / "log" / "client.log").read_text()
    assert "scene: generic_table" in log or "scene: stone-soup" in log
    image = pygame.image.load(str(shot))
    assert image.get_size() == (1280, 720)


def test_an_invite_link_opens_that_tables_lobby_over_tls(tmp_path):
    """``soupkitchen --trust-cert FILE soupkitchen://HOST:PORT/CODE``, against a public server started
    here."""
    import asyncio

    from tests.server.certs import make_certificate
    from tests.server.server_testkit import Client

    made = make_certificate(tmp_path / "certs")
    server = subprocess.Popen(
        [
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
            str(tmp_path / "server.sqlite3"),
        ],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert server.stdout is not None
        url = server.stdout.readline().split(" on ", 1)[1].strip()

        async def host() -> tuple[Client, str]:
            ada = Client(url, tls=made.client_context())
            await ada.connect()
            created = await ada.ok(
                "create_table",
                {"game": "stone-soup", "seats": 3, "name": "Ada", "settings": {"listed": False}},
            )
            return ada, created["table"]["code"]

        loop = asyncio.new_event_loop()
        ada, code = loop.run_until_complete(host())
        link = f"soupkitchen://{url.split('://', 1)[1]}/{code}"
        shot = tmp_path / "lobby.png"
        done = run(
            "--trust-cert",
            str(made.cert),
            link,
            "--windowed",
            "1280x720",
            "--screenshot",
            str(shot),
            "--after",
            "1",
            tmp_path=tmp_path,
        )
        loop.run_until_complete(ada.close())
        loop.close()
        assert done.returncode == 0, done.stderr
        log = (tmp_path / "s" / "soupkitchen" / "log" / "client.log").read_text()
        assert "scene: lobby" in log, log
        assert pygame.image.load(str(shot)).get_size() == (1280, 720)
    finally:
        server.terminate()
        server.wait(30)
