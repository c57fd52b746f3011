"""Helpers of the packaging checks: a folder of someone else's look-alike packages to run from, the
screenshot command of each game, and what a screenshot with the card art looks like."""

from __future__ import annotations

import os
import re
import subprocess
from collections import Counter
from pathlib import Path

import pygame

from soupkitchen.client.ui import art, theme

ROOT = Path(__file__).resolve().parents[2]
GAMES = ("too-many-cooks", "pink-soup", "stone-soup", "pot-pourri")
TIMEOUT = 600  # a bound for a hung process, never a measure of speed
_HEX = re.compile(r'fill="#([0-9a-fA-F]{6})"')


def foreign_folder(where: Path) -> Path:
    """A folder holding someone else's ``server/``, ``client/`` and ``shared/`` packages, which
    break on import: our code must never pick them up."""
    for name in ("server", "client", "shared"):
        package = where / name
        package.mkdir(parents=True, exist_ok=True)
        for module in ("__init__.py", "app.py", "__main__.py"):
            (package / module).write_text(f'raise ImportError("someone else\'s {name} package")\n')
    return where


def player_env(home: Path) -> dict[str, str]:
    """A headless player's environment: a home of its own, and missing art drawn as the placeholder
    (not raised), as a player would see it."""
    env = {
        key: value
        for key, value in os.environ.items()
        if not key.startswith(("SOUPKITCHEN_", "PYTHON", "VIRTUAL_ENV", "XDG_"))
    }
    env.update(
        HOME=str(home), SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1"
    )
    return env


def screenshot(command: list[str], game: str, shot: Path, cwd: Path, env: dict[str, str]) -> Path:
    """Run ``command --solo GAME --screenshot SHOT`` headless until its picture shows card art; a busy
    machine may reach the table late, so a picture without art is taken again, later."""
    for after in (4, 12, 40):
        shot.unlink(missing_ok=True)
        done = subprocess.run(
            [
                *command,
                "--solo",
                game,
                "--windowed",
                "1280x720",
                "--screenshot",
                str(shot),
                "--after",
                str(after),
            ],
            cwd=cwd,
            env=env,
            capture_output=True,
            text=True,
            timeout=TIMEOUT,
        )
        assert done.returncode == 0, done.stderr[-3000:]
        assert shot.is_file(), done.stderr[-3000:]
        if art_colours_shown(game, shot):
            break
    return shot


def _art_colours(game: str) -> set[tuple[int, int, int]]:
    """The fill colours of a game's SVG art that the client's theme does not also paint."""
    folder = ROOT / "assets" / game.replace("-", "_")
    found = {
        tuple(int(h[i : i + 2], 16) for i in (0, 2, 4))
        for path in folder.rglob("*.svg")
        for h in _HEX.findall(path.read_text(encoding="utf-8"))
    }
    painted = {
        value[:3]
        for value in vars(theme).values()
        if isinstance(value, tuple) and len(value) in (3, 4) and all(isinstance(v, int) for v in value)
    }
    return found - painted


def pixels(shot: Path) -> dict[tuple[int, int, int], int]:
    """How many pixels of each colour the PNG has."""
    raw = pygame.image.tobytes(pygame.image.load(str(shot)), "RGB")
    return Counter(zip(raw[0::3], raw[1::3], raw[2::3], strict=True))


def art_colours_shown(game: str, shot: Path, least: int = 40) -> list[tuple[int, int, int]]:
    """The game's art colours that cover at least ``least`` pixels of the screenshot."""
    counts = pixels(shot)
    return [colour for colour in _art_colours(game) if counts.get(colour, 0) >= least]


def placeholder_pixels(shot: Path) -> int:
    """How many pixels show the magenta of a missing picture."""
    return pixels(shot).get(art.PLACEHOLDER[:3], 0)


def check_game_opens_with_art(command: list[str], game: str, where: Path) -> None:
    """``command --solo GAME`` run headless as a player, from a folder of someone else's look-alike
    packages, shows the game's card art and no missing picture."""
    shot = screenshot(
        command, game, where / f"{game}.png", foreign_folder(where / "elsewhere"), player_env(where / "home")
    )
    assert placeholder_pixels(shot) == 0, "a picture is missing (magenta)"
    assert len(art_colours_shown(game, shot)) >= 3, "the table shows the game's card art"
