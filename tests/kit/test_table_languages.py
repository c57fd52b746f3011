"""Golden screenshots of one moment of a card table in German and in Lithuanian: the middle of a
Pink Soup game, its drawn card picked up (``tests/golden.py`` says how to regenerate them; look at
the PNGs before committing them; the 1920 x 1080 copies are the README's)."""

from __future__ import annotations

import pytest

from soupkitchen.client import words
from tests import golden as golden_screens
from tests.kit.test_pink_soup_golden import MOMENTS, THEN


@pytest.fixture
def speaking(catalogs):
    """Installs a language for the test, and English again after it."""
    yield words.install
    words.install("en")


@pytest.mark.parametrize("language", ["de", "lt"])
def test_a_table_in_each_language_matches_its_golden(language, speaking):
    assert speaking(language) == language
    seed, wanted = MOMENTS["midgame"]
    golden_screens.check(
        lambda size: golden_screens.bots_moment("pink-soup", seed, wanted, size, 3000, THEN["midgame"]),
        golden_screens.TABLES / f"pink-soup-midgame-{language}.png",
    )
