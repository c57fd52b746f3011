"""The table's logic without drawing: what is offered comes only from the view's legal actions, each
legal move is made by touching the things it names, and every thing lies where it is drawn."""

from __future__ import annotations

import pygame

from soupkitchen.client.tables.kit.moves_by_touch import usable
from soupkitchen.client.tables.kit.table_objects import under_point
from soupkitchen.client.tables.too_many_cooks import things as parts
from soupkitchen.client.tables.too_many_cooks.layout import TableLayout
from soupkitchen.client.tables.too_many_cooks.model import SIZE, TableModel
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


def test_a_view_without_a_rotation_has_no_arrow_for_it():
    view = my_turn_view()
    missing = {"type": "rotate", "line": "col", "index": 2, "step": -1}
    view["legal_actions"] = [a for a in view["legal_actions"] if a != missing]
    lay = TableLayout((1280, 720))
    keys = {t.key for t in parts.arrow_things(TableModel(view), lay)}
    assert parts.arrow_key("col", 2, -1) not in keys and parts.arrow_key("col", 2, 1) in keys
    assert len(keys) == 4 * SIZE - 1


def test_every_legal_move_is_a_path_of_things_the_table_has_and_nothing_else_is_usable():
    view = my_turn_view()
    lay = TableLayout((1280, 720))
    model = TableModel(view)
    keys = {t.key for t in parts.build(model, lay, {}, {}, lay.taste_column(model).rows, "")}
    legal = view["legal_actions"]
    for action in legal:
        assert set(parts.path_of(action)) <= keys, action
    first = usable(legal, parts.path_of, ())
    assert set(first) == {k for k in keys if k.startswith(("cell:", "arrow:"))}
    cell = parts.cell_key(1, 1)
    spares = usable(legal, parts.path_of, (cell,))
    assert sorted(spares) == sorted(parts.spare_key(a["veg"], a["colour"]) for a in model.changes_at(1, 1))


def test_must_pass_leaves_only_the_main_button():
    view = {"phase": "playing", "seat": 1, "turn": 1, "legal_actions": [{"type": "pass"}]}
    model = TableModel(view)
    assert model.must_pass and not model.can_move
    assert set(usable(view["legal_actions"], parts.path_of, ())) == {parts.MAIN}


def test_spares_are_eight_sets_of_four_colours_with_the_view_counts():
    view = my_turn_view()
    sets = TableModel(view).spare_sets()
    assert [veg for veg, _ in sets] == list(VEGETABLES)
    counts = {(s["veg"], s["colour"]): s["count"] for s in view["spares"]}
    for veg, colours in sets:
        assert [c for c, _ in colours] == list(COLOURS)
        assert all(n == counts[(veg, c)] for c, n in colours)
    assert sum(n for _, colours in sets for _, n in colours) == 64 - 16


def test_every_thing_is_found_where_it_is_drawn_at_720p():
    view = my_turn_view()
    lay = TableLayout((1280, 720))
    screen = pygame.Rect(0, 0, 1280, 720)
    model = TableModel(view)
    things = parts.build(model, lay, {}, {}, lay.taste_column(model).rows, "")
    for thing in things:
        assert screen.contains(thing.rect), thing.key
        assert under_point(things, thing.rect.center)[0].key == thing.key, thing.key
