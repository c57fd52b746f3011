"""A list of tastes too long for readable rows scrolls: at 1280x720 with 20 tastes and 2 chefs no
taste's words are cut, the wheel and the pad reach every taste, and the panel says how many lie
above and below."""

from __future__ import annotations

import pygame
import pytest

from soupkitchen.client.tables.too_many_cooks.layout import TableLayout
from soupkitchen.client.ui.input import InputAction
from soupkitchen.client.ui.textfit import clipped_count, clipped_labels, reset_clipped
from tests.tables.fake_session import FakeSession
from tests.tables.harness import make_table, render

SIZE = (1280, 720)
UNREASONABLE_20 = {"mode": "unreasonable", "tastes": 20, "difficulty": "hard"}


def table_of_20(size=SIZE):
    session = FakeSession("too-many-cooks", players=2, seat=0, seed=4, options=UNREASONABLE_20)
    app, scene = make_table(session, size)
    session.everyone_ready()
    session.now = 30.0
    render(app, scene, session.now)
    return session, app, scene


def in_sight(scene) -> set[int]:
    rows = scene.table_layout.listed_rows(scene.model, scene.taste_scroll)
    return {i for i, row in enumerate(rows) if row is not None}


def drawn_text(monkeypatch) -> list[str]:
    """Every piece of text the table draws from now on."""
    from soupkitchen.client.tables.too_many_cooks import paint

    words: list[str] = []
    for name in ("text", "paragraph"):
        real = getattr(paint.Painter, name)
        monkeypatch.setattr(
            paint.Painter,
            name,
            lambda self, w, *a, _real=real, **k: (words.append(w), _real(self, w, *a, **k))[1],
        )
    return words


def test_the_wheel_over_the_panel_reaches_every_taste_and_no_words_are_cut(monkeypatch):
    words = drawn_text(monkeypatch)
    reset_clipped()
    session, app, scene = table_of_20()
    count = len(scene.model.listed_tastes())
    assert count >= 17
    seen = set(in_sight(scene))
    assert len(seen) < count and set(range(len(scene.model.shared_tastes()), count)) <= seen
    assert f"{count - len(seen)} more below" in words
    scene.handle(InputAction("point", "mouse", pos=scene.table_layout.left_panel.center))
    for _ in range(count):
        scene.handle(InputAction("scroll", "mouse", dy=1))
        render(app, scene, session.now)
        seen |= in_sight(scene)
    assert seen == set(range(count))
    mine = range(len(scene.model.shared_tastes()), count)
    assert all(i in in_sight(scene) for i in mine)  # your own secret tastes never scroll away
    assert any(w.endswith("more above") for w in words)
    assert clipped_count() == 0, clipped_labels()
    last = max(in_sight(scene))
    assert last == count - 1 and f"{min(in_sight(scene))} more above" in words
    scene.handle(InputAction("scroll", "mouse", dy=-count))
    assert min(in_sight(scene)) == 0


def test_the_wheel_elsewhere_leaves_the_tastes_where_they_are():
    session, app, scene = table_of_20()
    scene.handle(InputAction("point", "mouse", pos=scene.table_layout.right_panel.center))
    scene.handle(InputAction("scroll", "mouse", dy=3))
    assert min(in_sight(scene)) == 0


def test_the_taste_read_with_the_pad_is_always_in_sight():
    session, app, scene = table_of_20()
    count = len(scene.model.listed_tastes())
    scene.focus, scene.keyboard = "taste:0", True
    for step in (1,) * (count - 1) + (-1,) * (count - 1):
        scene.handle(InputAction("navigate", "pad:0", dy=step))
        index = int(scene.focus.split(":")[1])
        assert index in in_sight(scene) and scene.thing(scene.focus) is not None
        render(app, scene, session.now)
    assert scene.focus == "taste:0"
    scene.handle(InputAction("navigate", "pad:0", dx=1))  # sideways: off the list, onto the table
    assert not scene.focus.startswith("taste:")


def test_the_revealed_tastes_scroll_too_and_no_words_are_cut():
    reset_clipped()
    session, app, scene = table_of_20()
    session.expire()
    render(app, scene, session.now + 2)
    count = len(scene.model.listed_tastes())
    seen = set(in_sight(scene))
    scene.handle(InputAction("point", "mouse", pos=scene.table_layout.reveal_panel.center))
    for _ in range(count):
        scene.handle(InputAction("scroll", "mouse", dy=1))
        render(app, scene, session.now + 2)
        seen |= in_sight(scene)
    assert seen == set(range(count))
    assert clipped_count() == 0, clipped_labels()


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080), (3840, 2160), (1280, 1024)], ids=str)
def test_scrolled_rows_stay_in_the_panel_apart(size):
    lay = TableLayout(size)
    _, _, scene = table_of_20()
    model = scene.model
    for scroll in range(len(model.listed_tastes())):
        column = lay.taste_column(model, scroll)
        rows = [row for row in column.rows if row is not None]
        assert column.scrolls and rows
        for i, a in enumerate(rows):
            assert lay.left_panel.contains(a)
            assert not a.colliderect(column.above_line) and not a.colliderect(column.below_line)
            assert all(not a.colliderect(b) for b in rows[i + 1 :])


def test_a_short_list_does_not_scroll():
    _, _, scene = table_of_20()
    lay = TableLayout(SIZE)
    few = type(scene.model)(
        {"shared_tastes": scene.model.shared_tastes()[:3], "my_tastes": scene.model.my_tastes()}
    )
    column = lay.taste_column(few, 5)
    assert not column.scrolls and all(isinstance(row, pygame.Rect) for row in column.rows)
