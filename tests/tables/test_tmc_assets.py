"""The Too Many Cooks art: every card the rules define has an SVG that pygame-ce draws faithfully."""

from __future__ import annotations

import importlib.util
import os
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame
import pytest

from soupkitchen.shared.too_many_cooks.cards import COLOURS, VEGETABLES
from soupkitchen.shared.too_many_cooks.tastes import TASTES
from tests.svg_rules import svg_problems

ROOT = Path(__file__).resolve().parents[2]
ART = ROOT / "assets" / "too_many_cooks"
FILES = sorted(ART.rglob("*.svg"))


def test_every_card_the_rules_define_has_its_art():
    missing = [
        f"cards/{veg}-{colour}.svg"
        for veg in VEGETABLES
        for colour in COLOURS
        if not (ART / "cards" / f"{veg}-{colour}.svg").is_file()
    ]
    missing += [f"tastes/{t['id']}.svg" for t in TASTES if not (ART / "tastes" / f"{t['id']}.svg").is_file()]
    missing += [
        f"glyphs/symbol-{c}.svg" for c in COLOURS if not (ART / "glyphs" / f"symbol-{c}.svg").is_file()
    ]
    for name in ("taste-back-happy", "taste-back-unhappy", "star", "star-empty", "pot", "timer", "arrow"):
        if not (ART / f"{name}.svg").is_file():
            missing.append(name)
    assert missing == []


@pytest.mark.parametrize("path", FILES, ids=lambda p: str(p.relative_to(ART)))
def test_svg_uses_only_what_pygame_draws(path: Path):
    assert svg_problems(path) == []


def test_every_svg_rasterises_at_two_sizes_with_ink_on_it():
    pygame.display.init()
    for path in FILES:
        for size in ((48, 48), (240, 240)):
            image = pygame.image.load_sized_svg(str(path), size)
            w, h = image.get_size()
            assert 0 < w <= size[0] + 1 and 0 < h <= size[1] + 1 and max(w, h) >= min(size) - 1, path.name
        # something is drawn: not a blank or one-colour picture
        big = pygame.image.load_sized_svg(str(path), (120, 120))
        colours = {
            tuple(big.get_at((x, y)))
            for x in range(0, big.get_width(), 6)
            for y in range(0, big.get_height(), 6)
        }
        assert len(colours) >= 2, path.name


def test_cards_show_their_colour_and_differ_from_each_other():
    """Each card face carries its colour's hue, and no two faces are the same picture."""
    pygame.display.init()
    seen = {}
    for veg in VEGETABLES:
        for colour in COLOURS:
            image = pygame.image.load_sized_svg(str(ART / "cards" / f"{veg}-{colour}.svg"), (60, 84))
            seen[(veg, colour)] = pygame.image.tobytes(image, "RGBA")
    assert len(set(seen.values())) == len(seen)


def test_the_committed_art_is_what_the_script_draws(tmp_path: Path):
    spec = importlib.util.spec_from_file_location("make_art", ROOT / "scripts" / "make_art.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    module.main(tmp_path)
    drawn = {
        p.relative_to(tmp_path / ART.name): p.read_text(encoding="utf-8")
        for p in (tmp_path / ART.name).rglob("*.svg")
    }
    committed = {p.relative_to(ART): p.read_text(encoding="utf-8") for p in FILES}
    assert sorted(drawn) == sorted(committed)
    stale = [str(name) for name in drawn if drawn[name] != committed[name]]
    assert stale == [], "run scripts/make_art.py"


def test_the_svg_rules_catch_what_pygame_would_drop(tmp_path: Path):
    bad = tmp_path / "bad.svg"
    bad.write_text('<svg><text>5</text><path fill="red" stroke="#12345"/><path fill="none"/></svg>')
    assert svg_problems(bad) == ["bad.svg uses <text", "bad.svg: fill='red'", "bad.svg: stroke='#12345'"]
    good = tmp_path / "good.svg"
    good.write_text('<svg><path fill="#FFaa00" stroke="none"/></svg>')
    assert svg_problems(good) == []
