"""The table's logic without drawing: what is offered comes only from the view's legal actions, the
pointer moves sensibly, and every place on screen is where a click finds it."""

from __future__ import annotations

import pygame

from soupkitchen.client.tables.too_many_cooks.layout import TableLayout
from soupkitchen.client.tables.too_many_cooks.model import SIZE, Selection, TableModel, arrow_at, spare_step
from soupkitchen.shared.too_many_cooks import GAME
from soupkitchen.shared.too_many_cooks.cards import COLOURS, VEGETABLES


def my_turn_view(players: int = 2, seed: int = 4) -> dict:
    state = GAME.setup(players, GAME.normalise_options({}, players), seed)
    for seat in range(players):
        state, _ = GAME.apply(state, seat, {"type": "ready"}, 0.0)
    return GAME.view(state, state.turn)


def test_only_legal_moves_are_offered_and_same_vegetable_comes_first():
    view = my_turn_view()
    model = TableModel(view)
    legal = view["legal_actions"]
    offered = [a for actions in model.changes.values() for a in actions] + list(model.rotations.values())
    assert sorted(map(str, offered)) == sorted(map(str, legal))
    for (row, col), actions in model.changes.items():
        here = view["soup"][row][col]
        kinds = [a["veg"] == here["veg"] for a in actions]
        assert kinds == sorted(kinds, reverse=True)


def test_a_view_without_a_rotation_offers_no_arrow_for_it():
    view = my_turn_view()
    view["legal_actions"] = [a for a in view["legal_actions"] if a != {"type": "rotate", "line": "col", "index": 2,
                                                                         "step": -1}]
    model = TableModel(view)
    sel = Selection(cursor=(-1, 2))
    assert arrow_at(-1, 2) == ("col", 2, -1)
    assert sel.activate(model) is None
    sel.cursor = (4, 2)
    assert sel.activate(model) == {"type": "rotate", "line": "col", "index": 2, "step": 1}


def test_the_cursor_walks_the_soup_and_the_arrow_ring_round_its_corners():
    model = TableModel(my_turn_view())
    sel = Selection(cursor=(0, 0))
    sel.move(-1, 0, model)
    assert sel.cursor == (0, -1)
    sel.move(0, -1, model)                 # up from a row arrow: the column arrows over the soup
    assert sel.cursor == (-1, 0)
    sel.move(-1, 0, model)                 # and left from there back to the row arrows
    assert sel.cursor == (0, -1)
    sel.cursor = (SIZE - 1, SIZE)
    sel.move(0, 1, model)                  # down from the last row's right arrow: the last column's
    assert sel.cursor == (SIZE, SIZE - 1)
    sel.cursor = (0, -1)
    for _ in range(10):
        sel.move(1, 0, model)
    assert sel.cursor == (0, SIZE)
    assert sel.rotate(-1, model) == {"type": "rotate", "line": "row", "index": 0, "step": -1}


def test_must_pass_turns_every_select_into_the_pass():
    view = {"phase": "playing", "seat": 1, "turn": 1, "legal_actions": [{"type": "pass"}]}
    model = TableModel(view)
    assert model.must_pass and not model.can_move
    assert Selection(cursor=(2, 2)).activate(model) == {"type": "pass"}
    assert not Selection().pick(0, 0, model)


def test_nothing_is_offered_to_a_chef_who_is_not_playing():
    view = my_turn_view()
    view["legal_actions"] = []
    model = TableModel(view)
    sel = Selection()
    assert sel.activate(model) is None and sel.picked is None
    assert sel.rotate(1, model) is None and model.pass_action is None


def test_spares_are_eight_sets_of_four_colours_with_the_view_counts():
    view = my_turn_view()
    sets = TableModel(view).spare_sets()
    assert [veg for veg, _ in sets] == list(VEGETABLES)
    counts = {(s["veg"], s["colour"]): s["count"] for s in view["spares"]}
    for veg, colours in sets:
        assert [c for c, _ in colours] == list(COLOURS)
        assert all(n == counts[(veg, c)] for c, n in colours)
    assert sum(n for _, colours in sets for _, n in colours) == 64 - 16


def test_every_cell_and_arrow_is_found_where_it_is_drawn_at_720p():
    lay = TableLayout((1280, 720))
    screen = pygame.Rect(0, 0, 1280, 720)
    for row in range(-1, SIZE + 1):
        for col in range(-1, SIZE + 1):
            rect = lay.ring(row, col)
            if rect is None:
                continue
            assert screen.contains(rect)
            target = lay.hit(rect.center, None)
            assert (target.row, target.col) == (row, col)
    for row in range(SIZE):
        for col in range(SIZE):
            panel, choices = lay.picker((row, col), [3, 7])
            assert screen.contains(panel) and len(choices) == 10
            assert lay.hit(choices[4].center, (panel, choices)).index == 4
    assert lay.hit(lay.button("main").center, None).name == "main"


def test_arrows_over_the_spares_go_to_the_set_drawn_that_way():
    lay = TableLayout((1280, 720))
    for index in range(8):
        here = lay.spare_set(index)
        right, down = lay.spare_set(spare_step(index, 1, 0)), lay.spare_set(spare_step(index, 0, 1))
        if index < 6:                              # the rightmost column wraps to the leftmost
            assert right.left > here.right and right.top == here.top
        if index % 2 == 0:                         # the lower set of a column wraps to the upper
            assert down.top > here.bottom and down.left == here.left
        assert spare_step(spare_step(index, 1, 0), -1, 0) == index
    assert {spare_step(0, dx, dy) for dx in range(4) for dy in range(2)} == set(range(8))
