"""What waits on a Too Many Cooks table while the person looks elsewhere: Esc takes back a rotation
Q / E showed before it opens the menu, a menu or the rules hold a solo round's clock (not one with
other people at the table), and a double click on a button that replaces itself in its place does
not take the new one. Injected time: the client's clock is set by hand."""

from __future__ import annotations

from soupkitchen.client.scenes.base import Scene, SceneStack
from soupkitchen.client.scenes.menus import menu_message
from soupkitchen.client.tables.too_many_cooks.things import MAIN, cell_key
from soupkitchen.client.ui.input import InputAction
from tests.tables.harness import render
from tests.tables.test_tmc_table import click, playing_table
from tests.too_many_cooks.conftest import playing, soup_of, with_soup, with_tastes


def test_esc_takes_back_a_rotation_shown_and_only_then_opens_the_menu():
    session, app, scene = playing_table()
    opened = []
    app.stack = SceneStack(app)
    app.stack.push(scene)
    app.stack.open = lambda name, *args: opened.append(name)
    scene.focus, scene.keyboard = cell_key(2, 0), True
    scene.handle(InputAction("rotate_left"))
    assert scene.describe()["notice"] == "rotate"  # "Rotate row 3 west? Q again rotates it"
    assert scene.handle(InputAction("back"))
    assert opened == [] and scene.describe()["notice"] != "rotate"  # taken back, no menu
    scene.handle(InputAction("rotate_left"))
    scene.handle(InputAction("back"))
    scene.handle(InputAction("back"))  # nothing pending now: the menu
    assert opened == ["pause"]
    scene.handle(InputAction("rotate_left"))  # Q after the menu shows the rotation anew, never makes it
    app.settle()
    assert session.acted == [] and scene.describe()["notice"] == "rotate"


def test_a_rotation_shown_does_not_wait_behind_a_screen_opened_over_the_table():
    session, app, scene = playing_table()
    stack = SceneStack(app)
    stack.push(scene)
    scene.focus, scene.keyboard = cell_key(2, 0), True
    scene.handle(InputAction("rotate_left"))
    stack.push(Scene(app))  # the rules (F1), the menu ...
    stack.update(0.0, session.now)
    stack.pop()
    scene.handle(InputAction("rotate_left"))
    app.settle()
    assert session.acted == []  # the first Q after it shows the rotation again


def held_while_covered(session, app, scene) -> list[bool]:
    held: list[bool] = []
    session.hold_for_menu = held.append
    stack = SceneStack(app)
    stack.push(scene)
    stack.update(0.0, session.now)
    stack.push(Scene(app))  # the Esc menu, How to play (F1), Settings ...
    stack.update(0.0, session.now + 1)
    stack.pop()
    stack.update(0.0, session.now + 2)
    return held


def test_a_menu_or_the_rules_hold_a_solo_round_and_the_menu_says_so():
    session, app, scene = playing_table(players=4)
    session.local = True  # the person and three bots on this machine
    assert held_while_covered(session, app, scene) == [False, True, False]
    assert menu_message(session) == "The table waits while this menu is open."


def test_with_other_people_at_the_table_the_kitchen_keeps_cooking_and_the_menu_says_so():
    session, app, scene = playing_table(players=4)
    session.local, session.couch, session.tokens = True, True, {0: "a", 1: "b"}  # two people, one screen
    assert True not in held_while_covered(session, app, scene)
    assert "the kitchen keeps cooking" in menu_message(session)
    online = playing_table(players=4)[0]  # a networked table
    assert "keeps cooking" in menu_message(online)


def test_the_second_click_of_a_double_click_does_not_take_the_button_that_replaced_the_first():
    session, app, scene = playing_table(players=2)
    happy = with_soup(playing(2), soup_of("pea/green", {(0, 0): "carrot/red"})).with_(turn=1)
    session.state = with_tastes(happy, [("E05", 0), ("E04", 1)])  # every taste is met
    session.apply(1, {"type": "pass"})
    session.apply(0, {"type": "pass"})  # the round is over: its reveal
    session.apply(1, {"type": "ready"})  # the other chef went on at once
    scene.now = 100.0
    render(app, scene, 100.0)
    main = scene.thing(MAIN)
    assert main is not None and main.words == "Next round"
    assert click(scene, main.rect)  # the first click: Next round
    app.settle()
    render(app, scene, 100.2)  # 0.2 s later, by this client's clock, the same place says Ready to cook
    assert scene.thing(MAIN).words == "Ready to cook"
    acted = len(session.acted)
    click(scene, main.rect)  # the double click's second click
    app.settle()
    assert len(session.acted) == acted and scene.model.phase == "ready"  # the new tastes can be read
    render(app, scene, 100.7)
    click(scene, main.rect)  # a click of its own, once it has been seen
    app.settle()
    assert session.acted[-1] == (0, {"type": "ready"})
