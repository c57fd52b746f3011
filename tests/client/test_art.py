"""SVG art is rasterised once per size; a missing file never stops a player's game, and fails a test."""

import pytest

from soupkitchen.client.ui import art

SVG = (
    '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10">'
    '<rect width="10" height="10" fill="#e0533d"/></svg>'
)


def test_svg_is_rasterised_to_the_asked_size_and_cached(tmp_path):
    path = tmp_path / "pot.svg"
    path.write_text(SVG)
    first = art.load_svg(path, (64, 32))
    assert first.get_size() == (32, 32)  # fitted inside, square as drawn
    assert first.get_at((16, 16))[:3] == (224, 83, 61)
    assert art.load_svg(path, (64, 32)) is first
    assert art.load_svg(str(path), [64, 32]) is first  # same picture however it is named
    assert art.cached(path, (64, 32)) and not art.cached(path, (65, 32))


def test_a_missing_picture_becomes_a_placeholder_for_players(tmp_path, monkeypatch, caplog):
    monkeypatch.delenv(art.STRICT_ENV, raising=False)
    surface = art.load_svg(tmp_path / "nope.svg", (20, 20))
    assert surface.get_size() == (20, 20)
    assert tuple(surface.get_at((10, 10))) == art.PLACEHOLDER
    assert "nope.svg" in caplog.text


def test_a_missing_picture_is_an_error_in_strict_mode(tmp_path):
    assert art.strict()  # the suite runs strict (tests/conftest.py)
    with pytest.raises(art.MissingArt, match="nope.svg"):
        art.load_svg(tmp_path / "nope.svg", (20, 20))
