"""Large text and high contrast: every menu, setup, lobby, settings and join screen, and the
Accessibility settings themselves, still draw every word whole at the smallest window (1280x720), in
every language; the high-contrast palette is the one drawn, and turning both off gives the kitchen back."""

from __future__ import annotations

import pygame
import pytest

from soupkitchen.client.access import look
from soupkitchen.client.access.settings_scene import AccessibilitySettings
from soupkitchen.client.app import App
from soupkitchen.client.settings import Settings
from soupkitchen.client.ui import theme
from soupkitchen.client.ui.textfit import clipped_count, clipped_labels, reset_clipped
from tests.client.conftest import Kit
from tests.client.test_words_fit import save_games_to_resume, screens


@pytest.mark.parametrize("language", ["en", "de", "lt"])
def test_with_large_text_and_high_contrast_every_word_still_fits_at_1280x720(language, tmp_path, catalogs):
    save_games_to_resume()
    settings = Settings(path=tmp_path / "s.json", language=language, large_text=True, high_contrast=True)
    app = App(settings, size=theme.MIN_WINDOW, fullscreen=False)
    try:
        assert theme.TEXT == (255, 255, 255) and theme.BACKGROUND == (0, 0, 0)
        assert theme.SIZES["body"] > 24
        cut = {}
        found = {**screens(app, Kit), "accessibility": AccessibilitySettings(app)}
        for name, scene in found.items():
            reset_clipped()
            app.stack.scenes = [scene]
            scene.stack = app.stack
            app.draw(app.screen, 0.0)
            if clipped_count():
                cut[name] = clipped_labels()
        assert cut == {}
        assert app.screen.get_at((2, 2))[:3] == (0, 0, 0), "the backdrop is black"
    finally:
        look.apply(Settings())
        pygame.display.quit()
    assert theme.TEXT == (246, 232, 208) and theme.SIZES["body"] == 24, "the kitchen's look is back"
