"""The keys' focus ring is seen on every background: a cream band between two dark edges, on the
dark table and on the orange pot and the bright cards alike, at the card tables and at Too Many
Cooks; and Up from a row's arrow reaches the column arrows."""

from __future__ import annotations

import pygame
import pytest

from soupkitchen.client.ui import theme
from soupkitchen.client.ui.input import InputAction
from tests.tables.fake_session import FakeSession
from tests.tables.harness import make_table, render


def colours_around(surface: pygame.Surface, rect: pygame.Rect, reach: int) -> set[tuple[int, int, int]]:
    """The colours on a line leaving ``rect``'s left edge at its middle, ``reach`` pixels out."""
    y = rect.centery
    return {tuple(surface.get_at((x, y)))[:3] for x in range(max(0, rect.x - reach), rect.x)}


@pytest.mark.parametrize("colour", [theme.ACCENT, theme.MUSTARD, (246, 214, 222), theme.BACKGROUND])
def test_the_double_ring_shows_on_any_background(colour):
    surface = pygame.Surface((200, 120))
    surface.fill(colour)
    rect = pygame.Rect(60, 30, 80, 60)
    theme.draw_double_ring(surface, rect, 4, 6, 4)
    seen = colours_around(surface, rect, 16)
    assert theme.FOCUS in seen and theme.SHADOW in seen  # light inside dark: one of them contrasts


def test_a_card_tables_focus_is_the_double_ring():
    session = FakeSession("pink-soup", 4, 0, seed=3)
    session.bots_play()
    app, scene = make_table(session)
    render(app, scene, 0.0)
    scene.handle(InputAction("navigate", "key", dx=1))
    focused = scene.thing(scene.describe()["focus"])
    shot = render(app, scene, 1.0)
    seen = colours_around(shot, focused.rect, scene.board.px(24))
    assert theme.FOCUS in seen and theme.SHADOW in seen


def test_the_soups_focus_is_the_double_ring_on_the_orange_pot_and_up_from_the_soup_reaches_column_arrows():
    session = FakeSession("too-many-cooks", 3, 0, seed=7)
    session.everyone_ready()
    session.bots_play(limit=50)
    app, scene = make_table(session)
    render(app, scene, session.now)
    assert scene.model.my_turn
    scene.handle(InputAction("select", "key"))  # the focus comes to the soup's first card
    assert scene.focus == "cell:0:0"
    scene.handle(InputAction("navigate", "key", dy=-1))
    assert scene.focus == "arrow:col:0:-1"  # the first column's arrow, on the pot's rim
    shot = render(app, scene, session.now)
    arrow = scene.table_layout.arrow("col", 0, -1)
    assert theme.FOCUS in colours_around(shot, arrow, scene.table_layout.px(20))
