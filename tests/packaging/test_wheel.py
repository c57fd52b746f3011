"""Soup Kitchen installed as a player installs it: the wheel, in a fresh venv outside the source
tree, run from a folder that holds someone else's ``server/``, ``client/`` and ``shared/``."""

from __future__ import annotations

import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from tests.packaging.installed import (
    GAMES,
    ROOT,
    TIMEOUT,
    check_game_opens_with_art,
    foreign_folder,
    player_env,
)

# one build per run (a session fixture, with the standalone build on one worker, so that interleaved modules
# build once)
pytestmark = [pytest.mark.slow, pytest.mark.xdist_group("packaging")]
SOURCES = ("setup.py", "pyproject.toml", "README.md", "client", "server", "shared", "assets")


def run(*command: str | Path, **options) -> subprocess.CompletedProcess:
    done = subprocess.run(
        [str(part) for part in command], capture_output=True, text=True, timeout=TIMEOUT, **options
    )
    assert done.returncode == 0, f"{command}: {done.stdout[-2000:]}{done.stderr[-3000:]}"
    return done


@pytest.fixture(scope="session")
def wheel(tmp_path_factory) -> Path:
    """The wheel, built from a copy of the sources as git holds them (the checkout stays untouched;
    no compiled catalog is copied, so the build compiles its own)."""
    source = tmp_path_factory.mktemp("source")
    for name in SOURCES:
        copy = shutil.copytree if (ROOT / name).is_dir() else shutil.copy2
        copy(
            ROOT / name,
            source / name,
            **({"ignore": shutil.ignore_patterns("__pycache__", "*.mo")} if (ROOT / name).is_dir() else {}),
        )
    dist = tmp_path_factory.mktemp("dist")
    run(sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "--wheel-dir", dist, source)
    (built,) = dist.glob("soupkitchen-*.whl")
    return built


@pytest.fixture(scope="session")
def venv(wheel, tmp_path_factory) -> Path:
    """A fresh venv with the wheel and its dependencies (pinned by constraints.txt, from pip's cache
    where it has them)."""
    where = tmp_path_factory.mktemp("venv")
    run(sys.executable, "-m", "venv", where)
    run(
        where / "bin" / "python",
        "-m",
        "pip",
        "install",
        "--quiet",
        "--disable-pip-version-check",
        "-c",
        ROOT / "constraints.txt",
        wheel,
    )
    return where


@pytest.fixture(scope="session")
def elsewhere(tmp_path_factory) -> Path:
    return foreign_folder(tmp_path_factory.mktemp("elsewhere"))


def test_the_wheels_only_top_level_name_is_soupkitchen_and_it_carries_all_the_art(wheel):
    names = zipfile.ZipFile(wheel).namelist()
    assert {name.split("/")[0] for name in names if ".dist-info/" not in name} == {"soupkitchen"}
    art = {str(path.relative_to(ROOT)) for path in (ROOT / "assets").rglob("*.svg")}
    assert art and art <= {name.removeprefix("soupkitchen/") for name in names}


def test_the_wheel_speaks_every_language_the_sources_translate(wheel):
    names = set(zipfile.ZipFile(wheel).namelist())
    languages = [
        po.parent.parent.name for po in (ROOT / "client" / "locale").glob("*/LC_MESSAGES/soupkitchen.po")
    ]
    assert (
        languages
        and {f"soupkitchen/client/locale/{code}/LC_MESSAGES/soupkitchen.mo" for code in languages} <= names
    )


@pytest.mark.parametrize("game", GAMES)
def test_each_game_opens_with_its_card_art(venv, game, tmp_path):
    check_game_opens_with_art([str(venv / "bin" / "soupkitchen")], game, tmp_path)


def test_the_simulator_and_the_server_run_beside_someone_elses_packages(venv, elsewhere, tmp_path):
    env = player_env(tmp_path / "home")
    played = run(
        venv / "bin" / "soupkitchen-sim",
        "too-many-cooks",
        "--players",
        "4",
        "--games",
        "2",
        "--seed",
        "1",
        cwd=elsewhere,
        env=env,
    )
    assert played.stdout.strip().splitlines()[-1].startswith("games=2")
    assert "--port" in run(venv / "bin" / "soupkitchen-server", "--help", cwd=elsewhere, env=env).stdout
    # with the folder first on sys.path, as `python -m` puts it
    assert (
        "--port"
        in run(venv / "bin" / "python", "-m", "soupkitchen.server", "--help", cwd=elsewhere, env=env).stdout
    )
