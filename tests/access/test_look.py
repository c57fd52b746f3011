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


KITCHEN_ONLY = ("PANEL", "PANEL_EDGE", "FELT", "SHEET", "PLACE", "LAST_MOVE", "SINCE_MOVE")


def kitchen_pixels(surface: pygame.Surface, colours: dict[str, tuple]) -> dict[str, int]:
    """How many pixels of ``surface`` are (within 2 of) each of the kitchen's own colours of a table's
    panels, zones, scoring sheet, card places and last-move frames."""
    found = {}
    for name in KITCHEN_ONLY:
        count = pygame.mask.from_threshold(surface, colours[name], (3, 3, 3, 255)).count()
        if count:
            found[name] = count
    return found


@pytest.mark.parametrize("game", ["too-many-cooks", "pink-soup", "stone-soup", "pot-pourri"])
def test_with_high_contrast_each_table_draws_in_the_high_contrast_palette(game, tmp_path):
    from soupkitchen.client.tables import table_scene_for
    from tests.tables.fake_session import FakeSession, random_play

    kitchen = {name: getattr(theme, name) for name in KITCHEN_ONLY}
    session = FakeSession(game, players=4, seat=0)
    random_play(session, seed=3, moves=12)
    drawn = {}
    try:
        for contrast in (False, True):
            app = App(
                Settings(path=tmp_path / "s.json", high_contrast=contrast),
                size=theme.MIN_WINDOW,
                fullscreen=False,
            )
            app.stack.scenes = []
            app.stack.push(table_scene_for(game)(app, session))
            for frame in range(3):
                app.step(session.now + frame / 60)
            drawn[contrast] = kitchen_pixels(app.screen, kitchen)
            if contrast:
                edges = pygame.mask.from_threshold(app.screen, (255, 255, 255), (1, 1, 1, 255)).count()
    finally:
        look.apply(Settings())
        pygame.display.quit()
    assert sum(drawn[False].values()) > 100_000, "the kitchen's table colours, with the setting off"
    # what is left is card and star art, whose own browns may match: under 2% of the kitchen's pixels
    assert sum(drawn[True].values()) * 50 < sum(drawn[False].values()), f"kitchen colours left: {drawn}"
    assert edges > 2000, "panels framed in white"
