"""The card-table kit's parts on their own: narrowing legal actions by the objects touched, the
nearest object in a direction, menus kept on the board, and cards that glide or turn over."""

from __future__ import annotations

import pygame

from soupkitchen.client.tables.kit.motion import MOVE_SECONDS, Glide, Motion
from soupkitchen.client.tables.kit.moves_by_touch import Choosing, touch, usable
from soupkitchen.client.tables.kit.table_objects import Thing, nearest, under_point

ACTIONS = [
    {"type": "draw"},
    {"type": "put", "card": 0, "pile": 1},
    {"type": "put", "card": 1, "pile": 1},
    {"type": "take", "pile": 1},
    {"type": "wake", "pile": 1},
]
PATHS = {
    "draw": lambda a: ("deck",),
    "put": lambda a: (f"hand:{a['card']}", f"pile:{a['pile']}"),
    "take": lambda a: (f"pile:{a['pile']}",),
    "wake": lambda a: (f"pile:{a['pile']}",),
}


def path_of(action):
    return PATHS[action["type"]](action)


def test_one_touch_one_move_is_played_at_once():
    choosing = Choosing()
    assert touch(choosing, "deck", ACTIONS, path_of) == {"type": "draw"}
    assert choosing.picked == () and choosing.menu == []


def test_a_card_then_a_pile_narrows_to_one_move():
    choosing = Choosing()
    assert set(usable(ACTIONS, path_of, ())) == {"deck", "hand:0", "hand:1", "pile:1"}
    assert touch(choosing, "hand:1", ACTIONS, path_of) is None and choosing.picked == ("hand:1",)
    assert set(usable(ACTIONS, path_of, choosing.picked)) == {"pile:1"}
    assert touch(choosing, "pile:1", ACTIONS, path_of) == {"type": "put", "card": 1, "pile": 1}


def test_a_touch_with_several_complete_moves_opens_their_menu():
    choosing = Choosing()
    only_pile = [a for a in ACTIONS if a["type"] in ("take", "wake")]
    assert touch(choosing, "pile:1", only_pile, path_of) is None
    assert choosing.menu == only_pile and choosing.menu_at == "pile:1" and choosing.menu_focus == only_pile[0]


def test_a_touch_of_nothing_usable_does_nothing():
    choosing = Choosing()
    assert touch(choosing, "removed", ACTIONS, path_of) is None and choosing.picked == ()


def test_arrows_go_to_the_nearest_thing_that_way():
    things = [
        Thing(key, pygame.Rect(x, y, 10, 10))
        for key, x, y in (
            ("left", 0, 50),
            ("right", 100, 50),
            ("far-right", 300, 40),
            ("up", 50, 0),
            ("down", 50, 100),
        )
    ]
    here = pygame.Rect(50, 50, 10, 10)
    assert nearest(things, here, 1, 0).key == "right"
    assert nearest(things, here, -1, 0).key == "left"
    assert nearest(things, here, 0, -1).key == "up"
    assert nearest(things, here, 0, 1).key == "down"
    assert nearest(things, None, 1, 0).key == "left"  # nothing focused yet: the first thing


def test_what_lies_under_a_point_comes_topmost_first_then_what_it_sits_on():
    pot = Thing("pot:0", pygame.Rect(0, 0, 100, 50), "zone")
    slot = Thing("slot:0:0", pygame.Rect(10, 10, 20, 30), under=("pot:0",))
    assert [t.key for t in under_point([pot, slot], (15, 15))] == ["slot:0:0", "pot:0"]
    assert [t.key for t in under_point([pot, slot], (80, 15))] == ["pot:0"]


def test_a_card_glides_from_where_it_was_and_a_flip_turns_it_over_in_place():
    motion = Motion()
    deck = Thing("deck", pygame.Rect(0, 0, 10, 14), sig="20")
    motion.see([deck, Thing("slot:0", pygame.Rect(50, 0, 10, 14), sig="None")], 0.0)
    hand = Thing("hand:0", pygame.Rect(100, 100, 10, 14), face="milk", sig="milk", origin="deck")
    flipped = Thing("slot:0", pygame.Rect(50, 0, 10, 14), face="eggs", sig="eggs")
    motion.see([Thing("deck", deck.rect, sig="18"), flipped, hand], 1.0)
    assert motion.place(hand, 1.0)[0] == deck.rect
    assert motion.place(hand, 1.0 + MOVE_SECONDS)[0] == hand.rect
    assert motion.place(flipped, 1.0 + MOVE_SECONDS / 2)[1] < 0.1  # edge-on half way through
    assert motion.changed == {"deck", "slot:0", "hand:0"}
    assert motion.moving(1.0) == {"hand:0", "slot:0"} and motion.moving(2.0) == frozenset()


def test_without_animations_nothing_glides_but_the_last_move_is_still_marked():
    motion = Motion()
    motion.see([Thing("pile:0", pygame.Rect(0, 0, 10, 14), face="dill", sig="dill/1")], 0.0, animate=False)
    motion.see([Thing("pile:0", pygame.Rect(0, 0, 10, 14), face="milk", sig="milk/2")], 1.0, animate=False)
    assert motion.glides == {} and motion.changed == {"pile:0"}


def test_a_rotated_line_slides_one_place_and_its_end_card_comes_in_at_the_other_end():
    cells = [pygame.Rect(100 * i, 0, 90, 120) for i in range(4)]  # a row of four, 100 apart
    motion = Motion()
    band = cells[0].union(cells[3])
    for i in range(
        4
    ):  # the row turned east: each card came from the cell west of it, the first from the last
        motion.start(f"c{i}", Glide(0.0, cells[(i - 1) % 4], 1.0, wrap=(400, 0), band=band))
    first = Thing("c0", cells[0])
    rect, _show = motion.place(first, 0.5)
    assert cells[0].x - 100 < rect.x < cells[0].x  # it comes in from the west, not across the row
    places = [place for _look, place, _show in motion.looks(first, 0.5)]
    assert len(places) == 2 and any(
        place.right > band.right for place in places
    )  # still leaving the east end
    assert motion.moving(1.0) == frozenset()


def test_a_card_turned_over_shows_its_old_face_until_it_is_edge_on():
    old, new = (
        Thing("c", pygame.Rect(0, 0, 90, 120), face="old"),
        Thing("c", pygame.Rect(0, 0, 90, 120), face="new"),
    )
    motion = Motion()
    motion.start("c", Glide(0.0, None, 1.0, before=old))
    assert [(look.face, round(show, 2)) for look, _rect, show in motion.looks(new, 0.25)] == [("old", 0.5)]
    assert [(look.face, round(show, 2)) for look, _rect, show in motion.looks(new, 0.75)] == [("new", 0.5)]
