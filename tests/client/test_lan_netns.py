"""A LAN without a router: two network namespaces joined by a veth pair, addresses set by hand and
no default route (a LAN party on a switch). The server in one advertises its real address, not
127.0.0.1, and a guest in the other finds it on the Join screen, joins through the Join screen's
own code (each advertised address tried in turn) and plays a game to its end. Skipped, with the
reason, where the namespaces cannot be made (not root, no ``ip`` command, no permission)."""

from __future__ import annotations

import json
import os
import secrets
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

HOST_IP, GUEST_IP, PORT = "10.214.0.1", "10.214.0.2", 8765
GUEST = Path(__file__).resolve().parent / "netns_guest.py"


def ip(*args: str) -> None:
    subprocess.run(["ip", *args], check=True, capture_output=True, text=True, timeout=15)


@pytest.fixture
def two_namespaces():
    """(host namespace, guest namespace), joined by a veth pair: 10.214.0.1 and 10.214.0.2, no routes."""
    if shutil.which("ip") is None:
        pytest.skip("there is no `ip` command (iproute2) here to make network namespaces with")
    if os.geteuid() != 0:
        pytest.skip("making network namespaces needs root, and these tests run as a user")
    tag = secrets.token_hex(3)
    host, guest = f"skh{tag}", f"skg{tag}"
    made: list[str] = []
    try:
        for name in (host, guest):
            ip("netns", "add", name)
            made.append(name)
        ip(
            "link",
            "add",
            f"skh{tag}v",
            "netns",
            host,
            "type",
            "veth",
            "peer",
            "name",
            f"skg{tag}v",
            "netns",
            guest,
        )
        for name, address in ((host, HOST_IP), (guest, GUEST_IP)):
            ip("-n", name, "addr", "add", f"{address}/24", "dev", f"{name}v")
            ip("-n", name, "link", "set", f"{name}v", "up")
            ip("-n", name, "link", "set", "lo", "up")
    except (subprocess.CalledProcessError, OSError) as err:
        for name in made:
            subprocess.run(["ip", "netns", "del", name], capture_output=True, timeout=15)
        reason = err.stderr.strip() if isinstance(err, subprocess.CalledProcessError) else str(err)
        pytest.skip(f"network namespaces cannot be made here: {reason}")
    try:
        yield host, guest
    finally:
        for name in made:
            subprocess.run(["ip", "netns", "del", name], capture_output=True, timeout=15)


def quiet_env(home: Path) -> dict[str, str]:
    """The environment of a process in a namespace: its own data folders, no display or sound."""
    env = dict(os.environ)
    env.update(
        {
            name: str(home / name.lower())
            for name in ("XDG_DATA_HOME", "XDG_CONFIG_HOME", "XDG_STATE_HOME", "XDG_CACHE_HOME")
        }
    )
    env.update(SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    return env


@pytest.mark.slow
def test_a_guest_on_a_lan_without_a_router_finds_the_kitchen_and_plays_a_game(two_namespaces, tmp_path):
    host, guest = two_namespaces
    routes = subprocess.run(
        ["ip", "-n", guest, "route", "show", "default"], capture_output=True, text=True, timeout=15
    )
    assert routes.stdout.strip() == ""  # no default route on either side
    server = subprocess.Popen(
        [
            "ip",
            "netns",
            "exec",
            host,
            sys.executable,
            "-m",
            "soupkitchen.server",
            "--host",
            "0.0.0.0",
            "--port",
            str(PORT),
            "--db",
            str(tmp_path / "host.sqlite3"),
        ],
        env=quiet_env(tmp_path / "host"),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        played = subprocess.run(
            ["ip", "netns", "exec", guest, sys.executable, str(GUEST), str(tmp_path)],
            env=quiet_env(tmp_path / "guest"),
            capture_output=True,
            text=True,
            timeout=150,
        )
        assert played.returncode == 0, played.stdout[-2000:] + played.stderr[-3000:]
        seen = json.loads(played.stdout.strip().splitlines()[-1])
    finally:
        server.terminate()
        try:
            server.wait(15)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait(5)
    found = seen["found"][0]
    assert found["port"] == PORT
    assert (
        found["hosts"][0] == HOST_IP and "127.0.0.1" not in found["hosts"]
    )  # its real address, not loopback
    assert seen["joined"] == f"http://{HOST_IP}:{PORT}"
    assert seen["over"] and seen["moves"] > 0 and seen["verdict"]
