"""scripts/package builds a one-folder application that starts without Python and shows the games'
card art, from a folder that holds someone else's ``server/``, ``client/`` and ``shared/``."""

from __future__ import annotations

import os
import subprocess

import pytest

from tests.packaging.installed import ROOT, TIMEOUT, check_game_opens_with_art

# one build per run (a session fixture, with the wheel tests on one worker, so that interleaved modules build
# once)
pytestmark = [pytest.mark.slow, pytest.mark.xdist_group("packaging")]
CANNOT_INSTALL = 3  # scripts/package's exit status when PyInstaller cannot be installed


@pytest.fixture(scope="session")
def app(tmp_path_factory):
    where = tmp_path_factory.mktemp("package")
    env = {
        **os.environ,
        "SOUPKITCHEN_PACKAGE_DIST": str(where / "dist"),
        "SOUPKITCHEN_PACKAGE_WORK": str(where / "work"),
    }
    done = subprocess.run(
        ["bash", str(ROOT / "scripts" / "package")],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=TIMEOUT * 2,
    )
    if done.returncode == CANNOT_INSTALL:
        pytest.skip(f"PyInstaller cannot be installed on this machine: {done.stderr[-500:]}")
    assert done.returncode == 0, done.stderr[-3000:]
    return where / "dist" / "soupkitchen" / "soupkitchen"


def test_the_built_app_opens_games_with_their_card_art(app, tmp_path):
    for game in ("too-many-cooks", "pot-pourri"):  # one test: one build, however the workers share the run
        (tmp_path / game).mkdir()
        check_game_opens_with_art([str(app)], game, tmp_path / game)


def test_the_built_app_carries_the_table_of_names_that_look_alike(app):
    """The embedded server numbers a name that looks like a seated one through confusable_homoglyphs'
    data files, which PyInstaller leaves out unless told (scripts/package: --collect-data)."""
    assert list(app.parent.rglob("confusable_homoglyphs/confusables.json")), (
        "the confusables table is not in the build"
    )
