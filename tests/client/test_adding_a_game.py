"""docs/adding-a-game.md is true: its code blocks, put into a package of their own beside the four
games, make a fifth game that passes its own tests and the conformance sweep, that the simulator
plays, the server lists, the client's menus and How to play offer and the generic table draws and
plays, without a line changed outside its own folders; and the whole suite passes over it, every
test it runs for each game asking the game only what its registration declares."""

from __future__ import annotations

import contextlib
import importlib
import io
import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
import socketio

import soupkitchen.client.tables as client_tables
import soupkitchen.shared as shared
from soupkitchen.client import games
from soupkitchen.client.howto.pages import pages_for
from soupkitchen.client.net import ways_in
from soupkitchen.client.tables import table_scene_for
from soupkitchen.client.tables.generic import GenericTable
from soupkitchen.client.ui.sound_cues import event_sound
from soupkitchen.server import sim
from soupkitchen.server.embedded import EmbeddedServer
from soupkitchen.shared import registry
from soupkitchen.shared.conformance import SweepChecker
from soupkitchen.shared.playout import play, random_chooser
from soupkitchen.shared.wire.protocol import PROTOCOL_VERSION
from tests.client.test_generic_table import open_table, show

ROOT = Path(__file__).resolve().parents[2]
DOC = ROOT / "docs" / "adding-a-game.md"
BLOCK = re.compile(r"^```python (\S+)\n(.*?)^```$", re.MULTILINE | re.DOTALL)
GAME_ID, PACKAGE = "last-ladle", "last_ladle"


def doc_files() -> dict[str, str]:
    """Each code block of the page by the path its first line names."""
    return {path: code for path, code in BLOCK.findall(DOC.read_text(encoding="utf-8"))}


def forget_the_game() -> None:
    """The registries as they were: the four games only."""
    for name in [name for name in sys.modules if PACKAGE in name.split(".")]:
        del sys.modules[name]
    registry.forget()
    games.client_registrations.cache_clear()


def write_the_game(folder: Path) -> None:
    """The page's code blocks as files under ``folder``, laid out as the project is."""
    for path, code in doc_files().items():
        target = folder / path
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(code, encoding="utf-8")


@pytest.fixture
def fifth_game(tmp_path, monkeypatch):
    """The page's game written out under ``tmp_path`` and found beside the four, for one test."""
    write_the_game(tmp_path)
    (tmp_path / "tests" / PACKAGE / "__init__.py").touch()
    monkeypatch.setattr(shared, "__path__", [*shared.__path__, str(tmp_path / "shared")])
    monkeypatch.setattr(
        client_tables, "__path__", [*client_tables.__path__, str(tmp_path / "client" / "tables")]
    )
    monkeypatch.syspath_prepend(str(tmp_path / "tests"))
    forget_the_game()
    yield registry.get_game(GAME_ID)
    monkeypatch.undo()
    forget_the_game()


def test_the_page_names_a_file_for_every_part_of_a_game():
    files = doc_files()
    assert {
        "shared/last_ladle/registration.py",
        "shared/last_ladle/rules.py",
        "shared/last_ladle/describe.py",
        "client/tables/last_ladle/registration.py",
        "tests/last_ladle/test_rules.py",
    } <= set(files)
    assert all(path.split("/")[0] in ("shared", "client", "tests") and PACKAGE in path for path in files)


def test_the_game_is_found_and_passes_its_own_tests_and_the_sweep(fifth_game):
    assert registry.game_ids()[-1] == GAME_ID and registry.registration(GAME_ID).order == 5
    own_tests = importlib.import_module(f"{PACKAGE}.test_rules")
    for name in dir(own_tests):
        if name.startswith("test_"):
            getattr(own_tests, name)()
    options = fifth_game.normalise_options({"ladles": 9}, 2)
    checker = SweepChecker(fifth_game, 2, 7, options, replay_at=[2, 5], validate_every=1)
    play(fifth_game, 2, 7, random_chooser(7), options=options, observe=checker)


def test_the_simulator_plays_it(fifth_game):
    out = io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(io.StringIO()):
        assert sim.main([GAME_ID, "--players", "2", "--games", "4", "--bots", "hard,easy"]) == 0
    lines = out.getvalue().splitlines()
    assert [json.loads(line)["game"] for line in lines[:-1]] == [GAME_ID] * 4
    assert lines[-1].startswith("games=4 ")


async def test_the_server_lists_it(fifth_game, tmp_path):
    server = EmbeddedServer(tmp_path / "kitchen.sqlite3", bot_delay=0.01)
    await server.start()
    client = socketio.AsyncClient(reconnection=False)
    try:
        await client.connect(server.url, transports=["websocket"], wait_timeout=5)
        hello = await client.call("hello", {"protocol": PROTOCOL_VERSION, "client": "test"}, timeout=30)
    finally:
        await client.disconnect()
        await server.stop()
    listed = {game["id"]: game for game in hello["games"]}
    assert listed[GAME_ID]["title"] == "Last Ladle" and listed[GAME_ID]["options"][0]["key"] == "ladles"


async def test_the_client_offers_it_and_the_generic_table_plays_it(fifth_game, app, kit):
    offered = {game["id"]: game for game in ways_in.local_games()}
    assert GAME_ID in offered
    pages = pages_for(GAME_ID, offered[GAME_ID]["options"])
    assert pages[0].title == "The idea" and "Ladles in the pot: How many ladles" in pages[-1].text
    assert event_sound(GAME_ID, {"type": "took", "seat": 0, "ladles": 1, "left": 4}) == "card_slide"
    assert table_scene_for(GAME_ID) is GenericTable

    view = fifth_game.view(fifth_game.setup(2, fifth_game.normalise_options({"ladles": 5}, 2), seed=3), 0)
    conn, session = open_table(app, kit, GAME_ID, 2, 0)
    show(app, session, 0, view)
    table = app.stack.top
    assert isinstance(table, GenericTable)
    described = table.describe()
    assert described["sections"][0][0] == "Now" and "Take 2 ladles" in str(described)
    kit.press(app, "click", device="mouse", pos=table.list.row_rect(1).center)
    await kit.settle(app)
    assert [payload["action"] for payload in conn.events("act")] == [view["legal_actions"][1]]


def test_the_whole_suite_passes_over_the_game_with_no_file_changed_elsewhere(tmp_path):
    """The suite run over a scratch tree holding only the page's files (tests/conftest.py, More
    games): every test it runs for each game, every test of all games at once and the game's own."""
    write_the_game(tmp_path)
    env = {
        **os.environ,
        "SOUPKITCHEN_MORE_GAMES": str(tmp_path),
        "SDL_VIDEODRIVER": "dummy",
        "SDL_AUDIODRIVER": "dummy",
    }
    env.pop("PYTEST_XDIST_WORKER", None)
    ran = subprocess.run(
        [
            sys.executable,
            "-m",
            "pytest",
            "-p",
            "no:cacheprovider",
            "-c",
            str(ROOT / "pyproject.toml"),
            "--rootdir",
            str(ROOT),
            "tests",
            str(tmp_path / "tests"),
        ],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
    )
    summary = ran.stdout.strip().splitlines()[-1] if ran.stdout.strip() else ran.stderr
    assert ran.returncode == 0, ran.stdout[-6000:] + ran.stderr[-2000:]
    passed = int(re.search(r"(\d+) passed", summary).group(1))
    assert passed >= 40 and "failed" not in summary and "error" not in summary, summary
