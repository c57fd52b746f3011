"""The menu at an object (a choice among moves, or a move asked once more) opens right beside the
object, as at a real table, at both window sizes, on every kit table: never over the object, what the
move is about or the player's own things; only where nothing near has room, at the top of the side
column, where the log makes room under it."""

from __future__ import annotations

import pygame
import pytest

from soupkitchen.client.tables.kit import menu_place
from tests.tables.fake_session import reach
from tests.tables.harness import click, make_table, render

SIZES = ((1280, 720), (1920, 1080))


def first(kind):
    return lambda view: next(a for a in view["legal_actions"] if a["type"] == kind)


CASES = {  # the table, the chefs, the position, and the move whose object is touched
    "pink-soup take": (
        "pink-soup",
        4,
        lambda v: (
            v["turn"] == 0 and v["step"] == "choose" and any(a["type"] == "take" for a in v["legal_actions"])
        ),
        first("take"),
    ),
    "pink-soup last pile": (
        "pink-soup",
        5,
        lambda v: (
            v["turn"] == 0
            and v["step"] == "choose"
            and any(a["type"] == "take" and a["place"] == 4 for a in v["legal_actions"])
        ),
        lambda v: next(a for a in v["legal_actions"] if a["type"] == "take" and a["place"] == 4),
    ),
    "pink-soup a kitchen mouse": (
        "pink-soup",
        3,
        lambda v: (
            v["turn"] == 0 and any(a["type"] == "activate" and "place" in a for a in v["legal_actions"])
        ),
        lambda v: next(a for a in v["legal_actions"] if a["type"] == "activate" and "place" in a),
    ),
    "pink-soup declare": (
        "pink-soup",
        3,
        lambda v: v["turn"] == 0 and v["step"] == "declare",
        first("declare"),
    ),
    "pot-pourri serve": (
        "pot-pourri",
        3,
        lambda v: v["turn"] == 0 and any(a["type"] == "redeem" for a in v["legal_actions"]),
        first("redeem"),
    ),
    "pot-pourri swap recipes": (
        "pot-pourri",
        3,
        lambda v: v["turn"] == 0 and any(a["type"] == "swap_recipes" for a in v["legal_actions"]),
        first("swap_recipes"),
    ),
    "stone-soup salt": (
        "stone-soup",
        4,
        lambda v: any(a["type"] == "salt" for a in v["legal_actions"]),
        first("salt"),
    ),
}


def open_menu(case: str, size):
    game, players, wanted, move = CASES[case]
    session = reach(game, players, wanted, seeds=range(80), moves=800)
    app, scene = make_table(session, size)
    render(app, scene, 1.0)
    render(app, scene, 3.0)
    action = move(session.view(0))
    points = scene.points_for(action)
    for point in points[:-1]:  # the last point is the menu's item: the menu is open before it
        click(app, scene, point)
        render(app, scene, 4.0)
    return session, app, scene, action


def mine(scene) -> list:
    """The things the menu must leave uncovered: the touched one, what is picked, the player's own."""
    own = scene.menu_mine()
    return [
        t
        for t in scene.things()
        if t.key == scene.choosing.menu_at
        or t.key in scene.choosing.picked
        or any(t.key == k or t.key.startswith(k + ":") for k in own)
    ]


@pytest.mark.parametrize("size", SIZES, ids=("720p", "1080p"))
@pytest.mark.parametrize("case", sorted(CASES))
def test_a_menu_opens_right_beside_what_was_touched_and_covers_none_of_the_players_own(case, size):
    session, app, scene, action = open_menu(case, size)
    assert scene.choosing.menu, case
    render(app, scene, 5.0)
    rects = scene.menu_rects()
    menu = rects[0].unionall(rects)
    anchor = scene.thing(scene.choosing.menu_at).rect
    gap = menu_place.GAP * scene.board.scale
    assert menu_place._distance(menu, anchor) <= gap + 2, (case, menu, anchor)  # beside it, not far off
    assert scene.menu_docked() is None
    assert not [t.key for t in mine(scene) if t.rect.colliderect(menu)], case
    assert menu.collidepoint(scene.points_for(action)[-1])  # and its first item makes the move


def test_the_menu_stays_where_it_opened_while_it_is_open():
    session, app, scene, action = open_menu("pink-soup take", (1280, 720))
    opened = scene.menu_rects()
    for now in (5.0, 6.0, 7.0):
        render(app, scene, now)
        assert scene.menu_rects() == opened


def test_a_place_beside_the_object_is_taken_where_the_table_is_bare():
    anchor = pygame.Rect(100, 100, 60, 80)
    bounds = pygame.Rect(0, 0, 1000, 600)
    shape = menu_place.Shape(200, (40, 40))
    rects = menu_place.place(anchor, [shape], shape, menu_place.Keep([]), bounds, (1100, 0), 1.0, 20)
    menu = rects[0].unionall(rects)
    assert bounds.contains(menu) and not menu.colliderect(anchor) and menu.left - anchor.right < 40
    beside = pygame.Rect(anchor.right, 0, 400, 600)  # a pile to the right: the menu goes another way
    rects = menu_place.place(anchor, [shape], shape, menu_place.Keep([beside]), bounds, (1100, 0), 1.0, 20)
    assert not rects[0].unionall(rects).colliderect(beside)
    crowded = [
        pygame.Rect(0, 0, 1000, 95),
        pygame.Rect(0, 185, 1000, 415),
        pygame.Rect(0, 0, 95, 600),
        pygame.Rect(165, 0, 835, 600),
    ]  # no room anywhere: the side column
    rects = menu_place.place(anchor, [shape], shape, menu_place.Keep(crowded), bounds, (1100, 0), 1.0, 20)
    assert rects[0].topleft == (1100, 0)
