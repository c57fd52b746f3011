"""Vector art rasterised to surfaces, cached by (path, size).

The art is the package data of ``soupkitchen.assets``, found through :mod:`importlib.resources`.
Rasterising is slow, so scenes call :func:`preload` at start-up (or :func:`preload_async` to spread
the work over frames) and then :func:`load_svg` is a cache hit inside the frame loop.

A picture that cannot be read is drawn as a magenta placeholder and logged, so a player's game goes
on; in strict mode (``SOUPKITCHEN_STRICT_ART=1``, which the tests set) it raises :class:`MissingArt`.
"""

from __future__ import annotations

import asyncio
import logging
import os
from collections.abc import Iterable
from importlib import resources
from pathlib import Path

import pygame

log = logging.getLogger(__name__)

STRICT_ENV = "SOUPKITCHEN_STRICT_ART"
PLACEHOLDER = (
    255,
    0,
    255,
    255,
)  # pure magenta: no art uses it, so a screenshot shows where a picture is missing


class MissingArt(FileNotFoundError):
    """A picture the client asked for is missing or unreadable (raised in strict mode only)."""


def _assets_folder() -> Path:
    """The folder holding the installed ``soupkitchen.assets`` package's files."""
    folder = resources.files("soupkitchen.assets")
    if not isinstance(folder, Path):
        raise ImportError(f"soupkitchen.assets must be installed as files on disk, not {folder!r}")
    return folder


ASSETS = _assets_folder()


def strict() -> bool:
    """True when a missing picture is an error rather than a placeholder."""
    return os.environ.get(STRICT_ENV, "") not in ("", "0")


_cache: dict[tuple[str, tuple[int, int]], pygame.Surface] = {}
_fast: dict[tuple[object, object], pygame.Surface] = {}  # keyed by the caller's own objects: no conversions


def _placeholder(size: tuple[int, int]) -> pygame.Surface:
    surface = pygame.Surface(size, pygame.SRCALPHA)
    surface.fill(PLACEHOLDER)
    return surface


def load_svg(path: str | Path, size: tuple[int, int]) -> pygame.Surface:
    """The SVG at ``path`` rasterised to fit within ``size`` pixels, keeping its aspect ratio (cached);
    a magenta placeholder of ``size`` if it cannot be read (:class:`MissingArt` in strict mode)."""
    try:
        return _fast[(path, size)]
    except (KeyError, TypeError):
        pass
    fast_key = (path, size)
    size = (max(1, int(size[0])), max(1, int(size[1])))
    key = (str(path), size)
    found = _cache.get(key)
    if found is None:
        try:
            found = pygame.image.load_sized_svg(str(path), size)
            if pygame.display.get_surface() is not None:
                found = found.convert_alpha()
        except (pygame.error, OSError) as err:
            if strict():
                raise MissingArt(f"could not rasterise {path}: {err}") from err
            log.warning("could not rasterise %s: %s", path, err)
            found = _placeholder(size)
        _cache[key] = found
    try:
        _fast[fast_key] = found
    except TypeError:  # an unhashable size (a list): served by the slow path
        pass
    return found


CARD_ASPECT = 120 / 168  # width over height of the games' card faces (scripts/art/game_cards.py)


def card_path(card_id: str) -> Path:
    """The SVG of a card named by its asset id, e.g. ``"pink_soup/milk"`` -> ``assets/pink_soup/milk.svg``."""
    return ASSETS / f"{card_id}.svg"


def card_size(height: int) -> tuple[int, int]:
    """A card's (width, height) in pixels when drawn ``height`` pixels high."""
    height = max(1, int(height))
    return max(1, round(height * CARD_ASPECT)), height


def preload(items: Iterable[tuple[str | Path, tuple[int, int]]]) -> None:
    """Rasterise every (path, size) now, so later :func:`load_svg` calls are instant."""
    for path, size in items:
        load_svg(path, size)


async def preload_async(items: Iterable[tuple[str | Path, tuple[int, int]]]) -> None:
    """Like :func:`preload`, yielding to the event loop between images so frames keep flowing."""
    for path, size in items:
        load_svg(path, size)
        await asyncio.sleep(0)


def cached(path: str | Path, size: tuple[int, int]) -> bool:
    """True if (path, size) is already rasterised."""
    return (str(path), (int(size[0]), int(size[1]))) in _cache


def clear() -> None:
    """Forget every rasterised image (after a resize, say)."""
    _cache.clear()
    _fast.clear()
