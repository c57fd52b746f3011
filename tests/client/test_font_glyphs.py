"""The font the client ships (pygame-ce's bundled one, drawn through theme.font_px) has a glyph for
every letter of German and Lithuanian, and for every character the catalogs use."""

from __future__ import annotations

import pygame
import pytest

from soupkitchen.client import words
from soupkitchen.client.ui import theme
from tests.client.test_catalogs import LANGUAGES, catalog, po_path

LETTERS = {"lt": "ąčęėįšųūžĄČĘĖĮŠŲŪŽ", "de": "äöüßÄÖÜ"}


NO_GLYPH = "\ue000"  # a private-use character no font of ours has: drawn as the font's empty box


def drawn(font, ch: str) -> tuple:
    return font.metrics(ch)[0], pygame.image.tobytes(font.render(ch, True, (255, 255, 255), (0, 0, 0)), "RGB")


def missing(text: str) -> list[str]:
    """The characters of ``text`` the font has no glyph for: drawn as the box a missing one is drawn as."""
    font = theme.font_px(24)
    box = drawn(font, NO_GLYPH)
    return sorted({ch for ch in set(text) if not ch.isspace() and drawn(font, ch) == box})


def test_a_missing_glyph_is_noticed():
    assert missing("a漢ą") == ["漢"]


@pytest.mark.parametrize("language", sorted(LETTERS))
def test_the_font_has_every_letter_of_the_language(language):
    assert missing(LETTERS[language]) == []


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_font_has_every_character_the_catalog_uses(language):
    used = set()
    for message in catalog(po_path(language)):
        if message.id:
            used.update(*(message.string if isinstance(message.string, tuple) else (message.string,)))
    assert missing("".join(sorted(used))) == []


def test_the_language_names_can_be_drawn():
    assert missing("".join(words.LANGUAGES.values())) == []
