"""SVG art is rasterised once per size and a missing file never stops the game."""

import pygame

from soupkitchen.client import art

SVG = ('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10">'
       '<rect width="10" height="10" fill="#e0533d"/></svg>')


def test_svg_is_rasterised_to_the_asked_size_and_cached(tmp_path):
    path = tmp_path / "pot.svg"
    path.write_text(SVG)
    first = art.load_svg(path, (64, 32))
    assert first.get_size() == (32, 32)                          # fitted inside, square as drawn
    assert first.get_at((16, 16))[:3] == (224, 83, 61)
    assert art.load_svg(path, (64, 32)) is first
    assert art.load_svg(str(path), [64, 32]) is first          # same picture however it is named
    assert art.cached(path, (64, 32)) and not art.cached(path, (65, 32))


def test_a_missing_picture_becomes_a_placeholder(tmp_path):
    surface = art.load_svg(tmp_path / "nope.svg", (20, 20))
    assert surface.get_size() == (20, 20)
    assert isinstance(surface, pygame.Surface)
