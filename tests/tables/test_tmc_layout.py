"""The Too Many Cooks table fits every window from 1280x720 to 3840x2160: nothing leaves the window
or lies on something else, spare cards show their whole face, and no text is under 16 pixels."""

from __future__ import annotations

import pygame
import pytest

from soupkitchen.client.tables.too_many_cooks.layout import SIZE, TableLayout
from soupkitchen.client.tables.too_many_cooks.model import TableModel
from soupkitchen.client.tables.too_many_cooks.story import replaced_chip
from soupkitchen.client.ui import theme
from soupkitchen.client.ui.input import InputAction
from tests.tables.fake_session import FakeSession
from tests.tables.harness import make_table, render

SIZES = [(1280, 720), (1920, 1080), (2560, 1080), (3840, 2160), (1280, 1024)]
UNREASONABLE = {"mode": "unreasonable", "tastes": 15, "difficulty": "hard"}


def listing(shared: int, mine: int, reveal: int | None = None) -> TableModel:
    taste = {"id": "E01", "text": "No blue card in a corner"}
    view = {"shared_tastes": [taste] * shared, "my_tastes": [taste] * mine}
    if reveal is not None:
        view["reveal"] = {"tastes": [taste] * reveal}
    return TableModel(view)


def no_overlaps(rects: list[pygame.Rect], what: str) -> None:
    for i, a in enumerate(rects):
        for b in rects[i + 1 :]:
            assert not a.colliderect(b), f"{what}: {a} overlaps {b}"


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_every_part_of_the_table_fits_the_window_apart_from_the_others(size):
    lay = TableLayout(size)
    window = pygame.Rect((0, 0), size)
    spares = [lay.spare_card(i, c) for i in range(8) for c in range(4)]
    sides = [lay.left_panel, lay.right_panel]
    buttons = [lay.button(name) for name in ("main", "emote0", "emote1", "emote2", "moves")]
    arrows = [lay.arrow(line, i, step) for line in ("row", "col") for i in range(SIZE) for step in (-1, 1)]
    for rect in [lay.top_bar, lay.pot, lay.notice, *sides, *spares, *buttons]:
        assert window.contains(rect), f"{rect} leaves the {size} window"
    no_overlaps([lay.pot, *sides, *spares], "spares, pot and side panels")
    no_overlaps([lay.notice, lay.pot, *spares, *sides], "the notice above the pot")
    no_overlaps([*buttons, lay.pot, *spares, *sides], "the buttons under the pot")
    assert all(lay.pot.contains(arrow) and not arrow.colliderect(lay.notice) for arrow in arrows)
    for count in (2, 3, 6):
        chefs = [lay.chef_row(i, count) for i in range(count)]
        log = lay.log(count)
        no_overlaps([lay.timer, lay.status, *chefs, log], f"{count} chefs")
        assert all(lay.right_panel.contains(rect) for rect in [*chefs, log, lay.status, lay.timer])
        assert log.height >= lay.px(320)  # room for the round's log, however many chefs
    for model in (listing(1, 2), listing(4, 3), listing(9, 3), listing(0, 0, reveal=15)):
        listed = lay.listed_rows(model)
        rows = [row for row in listed if row is not None]  # a long list scrolls: the rows in sight
        panel = lay.reveal_panel if model.reveal else lay.left_panel
        assert len(listed) == len(model.listed_tastes()) and rows
        assert all(panel.contains(row) for row in rows)
        no_overlaps(rows, "taste rows")
    assert lay.reveal_panel.right <= lay.pot.left  # the soup stays in sight at the reveal
    assert lay.grid.width > lay.spare_card(0, 0).width * SIZE  # the soup is still the largest thing


@pytest.mark.parametrize("size", [(1280, 720), (1280, 1024)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_spare_cards_show_their_whole_face_large_enough_to_read(size):
    lay = TableLayout(size)
    for index in range(8):
        cards = [lay.spare_card(index, c) for c in range(4)]
        no_overlaps(cards, f"spare set {index}")
        assert all(card.width >= 50 and card.height >= 68 for card in cards)


def smallest_text(monkeypatch, scenes) -> int:
    """The smallest font (in pixels of letter height) used to draw the given table moments."""
    heights: list[int] = []
    real = theme.font_px

    def spy(px):
        found = real(px)
        heights.append(found.get_height())
        return found

    monkeypatch.setattr(theme, "font_px", spy)
    for app, scene, now in scenes:
        render(app, scene, now)
    return min(heights)


def moments(size, players: int, options: dict | None):
    """The table mid-round with the tastes being read, and at the round's reveal."""
    session = FakeSession("too-many-cooks", players=players, seat=0, seed=4, options=options)
    app, scene = make_table(session, size)
    session.everyone_ready()
    session.now = 30.0
    yield app, scene, session.now
    scene.handle(InputAction("select", "pad:0"))  # the pad's focus and the keys' notice
    yield app, scene, session.now
    scene.handle(InputAction("alt", "pad:0"))  # the move list
    yield app, scene, session.now
    session.expire()
    in_sight = [row for row in scene.table_layout.listed_rows(scene.model) if row is not None]
    scene.handle(InputAction("point", "mouse", pos=in_sight[-1].center))
    yield app, scene, session.now + 2


@pytest.mark.parametrize(
    "players,options",
    [(3, None), (6, None), (2, UNREASONABLE)],
    ids=["3-chefs", "6-chefs", "unreasonable-15"],
)
def test_no_text_is_under_16_pixels_at_720p(monkeypatch, players, options):
    assert smallest_text(monkeypatch, moments((1280, 720), players, options)) >= 16


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_card_a_change_replaced_stays_inside_the_changed_card(size):
    """The little card left at a changed card's corner, ink frame and all, covers no other card."""
    lay = TableLayout(size)
    cells = [lay.cell(row, col) for row in range(4) for col in range(4)]
    for cell in cells:
        chip = replaced_chip(lay, cell).inflate(lay.px(6), lay.px(6))
        assert cell.contains(chip)
        assert [other for other in cells if other != cell and other.colliderect(chip)] == []
