"""The Pot Pourri table under the mouse, with injected pointer events: the lid dragged to the saucepan
it moves to (or put back when let go elsewhere), an ingredient picture of a recipe card named on
hover, and a serving's score written where it covers no ingredient."""

from __future__ import annotations

import pygame
import pytest

from soupkitchen.client.tables.pot_pourri.paint import picture_rects, score_rect
from soupkitchen.client.ui.input import InputAction, InputMapper
from tests.kit.test_pot_pourri_table import my_turn, table
from tests.tables.harness import click, render


def pointer(scene, kind: str, pos) -> bool:
    return scene.handle(InputAction(kind, "mouse", pos=tuple(pos)))


def drag(app, scene, start, end) -> None:
    """Press at ``start``, move in steps to ``end`` and let go there."""
    click(app, scene, start)
    for step in (0.25, 0.5, 0.75, 1.0):
        pointer(
            scene,
            "point",
            (round(start[0] + (end[0] - start[0]) * step), round(start[1] + (end[1] - start[1]) * step)),
        )
    pointer(scene, "release", end)
    app.settle()


def test_letting_go_of_the_left_mouse_button_is_a_release_at_the_pointer():
    mapper = InputMapper()
    up = mapper.translate(pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=(40, 50)))
    assert up == [InputAction("release", "mouse", pos=(40, 50))]
    assert mapper.translate(pygame.event.Event(pygame.MOUSEBUTTONUP, button=3, pos=(40, 50))) == []


def moving_the_lid(size=(1280, 720)):
    return table(lambda v: v["phase"] == "move_lid" and v["turn"] == 0, size=size)


def test_the_lid_dragged_onto_a_saucepan_moves_there():
    session, app, scene = moving_the_lid()
    target = session.view(0)["legal_actions"][0]
    pan = scene.thing(f"pan:{target['pan']}").rect
    drag(app, scene, scene.thing("lid").rect.center, (pan.centerx, pan.bottom - 10))
    assert session.acted[-1] == (0, target) and session.refused == []


def test_the_lid_follows_the_pointer_while_dragged():
    session, app, scene = moving_the_lid()
    lid = scene.thing("lid").rect
    click(app, scene, lid.center)
    still = render(app, scene, 1.0).copy()
    pointer(scene, "point", (lid.centerx, lid.bottom + 60))
    dragged = render(app, scene, 1.0)
    below = (lid.centerx, lid.bottom + 40)
    assert dragged.get_at(below) != still.get_at(below)


def test_the_lid_let_go_away_from_a_saucepan_it_may_move_to_stays_where_it_was():
    session, app, scene = moving_the_lid()
    lid = scene.thing("lid").rect
    drag(app, scene, lid.center, scene.thing("draw").rect.center)
    assert scene.describe()["picked"] == [] and session.acted == []
    assert scene.thing("lid").rect == lid


def test_the_lid_let_go_where_it_was_picked_up_is_a_click_and_a_saucepan_click_finishes_the_move():
    session, app, scene = moving_the_lid()
    target = session.view(0)["legal_actions"][-1]
    lid = scene.thing("lid").rect
    drag(app, scene, lid.center, (lid.centerx + 3, lid.centery))
    assert scene.describe()["picked"] == ["lid"] and session.acted == []
    click(app, scene, scene.thing(f"pan:{target['pan']}").rect.center)
    assert session.acted[-1] == (0, target)


def test_a_release_with_nothing_dragged_does_nothing():
    session, app, scene = table(my_turn)
    assert not pointer(scene, "release", scene.thing("draw").rect.center)
    assert session.acted == [] and scene.describe()["picked"] == []


def test_hovering_an_ingredient_picture_of_a_recipe_names_that_ingredient():
    session, app, scene = table(my_turn)
    card = next(t for t in scene.things() if t.key.startswith("book:"))
    ingredients = card.extra["recipe"]["ingredients"]
    pictures = picture_rects(scene.board, card.rect, len(ingredients))
    for kind, picture in zip(ingredients, pictures, strict=True):
        pointer(scene, "point", picture.center)
        assert scene.hover_words()[0].startswith(f"{kind.capitalize()}: an ingredient of")
        assert scene.hover_words()[-1].startswith("Click: ")  # what a click there does (the book's move)
    pointer(scene, "point", (card.rect.centerx, card.rect.y + 8))  # the name: the whole card
    assert scene.hover_words()[0] == card.what


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_a_servings_score_covers_no_ingredient_picture(size):
    session, app, scene = table(lambda v: v["phase"] == "serve" and v["turn"] == 0, size=size)
    cards = [t for t in scene.things() if t.key.startswith("book:")]
    assert cards
    for card in cards:
        foot = score_rect(scene.board, card.rect)
        pictures = picture_rects(scene.board, card.rect, len(card.extra["recipe"]["ingredients"]))
        assert not any(foot.colliderect(p) for p in pictures)
        assert all(card.rect.contains(p) for p in pictures)


def test_no_words_pop_up_where_the_lid_was_let_go_until_the_pointer_moves_again():
    """Dropping the lid is a touch like a click: while the bots move after it, no hover words
    appear over the saucepans at the resting pointer."""
    session, app, scene = moving_the_lid()
    target = session.view(0)["legal_actions"][0]
    pan = scene.thing(f"pan:{target['pan']}").rect
    drag(app, scene, scene.thing("lid").rect.center, (pan.centerx, pan.bottom - 10))
    render(app, scene, 30.0)
    assert not scene.hover_shown()
    pointer(scene, "point", (pan.centerx, pan.bottom - 20))
    render(app, scene, 60.0)
    assert scene.hover_shown()
