"""``soupkitchen-server --loop``: uvloop where it is installed (or asked for), asyncio's own loop
otherwise, a clear refusal for uvloop where it is not installed, and the loop named at start-up."""

from __future__ import annotations

import asyncio
import subprocess
import sys
from pathlib import Path

import pytest
from server_testkit import LOOPS

from soupkitchen.server.__main__ import event_loop, main, parse_args

LAUNCHER = Path(__file__).with_name("serve_pepper.py")


def without_uvloop(monkeypatch) -> None:
    monkeypatch.setitem(sys.modules, "uvloop", None)  # importing it now raises ImportError


@pytest.mark.asyncio(loop_factories=LOOPS)
async def test_the_server_runs_on_the_loop_under_test(request, server, clients):
    loop = type(asyncio.get_running_loop())
    assert loop.__module__.startswith("uvloop") == ("[uvloop" in request.node.name)
    ann = await clients()
    assert (await ann.ok("list_tables", {}))["tables"] == []


def test_auto_picks_uvloop_where_installed_and_asyncio_otherwise(monkeypatch):
    pytest.importorskip("uvloop")
    factory, name = event_loop("auto")
    assert name.startswith("uvloop ") and factory is not None
    without_uvloop(monkeypatch)
    assert event_loop("auto") == (None, "asyncio")
    assert event_loop("asyncio") == (None, "asyncio")


def test_asking_for_uvloop_without_it_is_refused_clearly(monkeypatch, capsys):
    without_uvloop(monkeypatch)
    with pytest.raises(ValueError, match="uvloop is not installed"):
        event_loop("uvloop")
    assert main(["--loop", "uvloop", "--no-discovery"]) == 2
    assert "pip install 'soupkitchen[fast]'" in capsys.readouterr().err


@pytest.mark.parametrize("bad", ["", "trio", "UVLOOP", "uvloop;rm"])
def test_an_unknown_loop_is_refused_by_the_command_line(bad, capsys):
    with pytest.raises(SystemExit) as stopped:
        parse_args(["--loop", bad])
    assert stopped.value.code == 2 and "--loop" in capsys.readouterr().err


@pytest.mark.parametrize("choice", ["asyncio", "uvloop"])
def test_the_server_says_which_loop_it_runs_on(tmp_path, choice):
    if choice == "uvloop":
        pytest.importorskip("uvloop")
    process = subprocess.Popen(
        [
            sys.executable,
            str(LAUNCHER),
            "--host",
            "127.0.0.1",
            "--port",
            "0",
            "--db",
            str(tmp_path / "s.sqlite3"),
            "--no-discovery",
            "--loop",
            choice,
        ],
        stdout=subprocess.PIPE,
        text=True,
        cwd=Path(__file__).parents[2],
    )
    try:
        assert "listening on" in process.stdout.readline()
        assert process.stdout.readline().startswith(f"soupkitchen-server event loop: {choice}")
    finally:
        process.terminate()
        process.wait(timeout=30)
    assert process.returncode == 0
