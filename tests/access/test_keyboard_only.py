"""Every game can be played start to end from the keyboard alone: each of the viewer's moves (the
game's bot chooses it) is made with the keys a player has, never a click: at Too Many Cooks the
arrows to a card and Enter, then to a ringed spare and Enter, the arrows to a rim arrow and Enter,
P to pass or say ready; at the card tables X opens the list of every move, the arrows choose one and Enter
plays it (a Stone Soup play is made of cards picked with the arrows and Enter, then the count said)."""

from __future__ import annotations

import random

import pytest

from soupkitchen.client.ui.input import InputAction, nav
from tests.tables.fake_session import FakeSession
from tests.tables.harness import make_table, render

KEYS_LIMIT = 60


def press(scene, kind: str, **fields) -> None:
    scene.handle(
        InputAction(kind, **fields) if kind != "navigate" else nav(fields.get("dx", 0), fields.get("dy", 0))
    )


def focus_on(scene, key: str) -> None:
    """The arrow keys that take the table's focus to the thing ``key`` by the fewest presses (the
    table's own rule for where each arrow goes), pressed."""
    from collections import deque

    from soupkitchen.client.tables.kit.table_objects import nearest

    things = {t.key: t for t in scene.focusable()}
    if scene.focus not in things:
        press(scene, "navigate", dx=1)
    start, came = scene.focus, {scene.focus: None}
    queue = deque([start])
    while queue and key not in came:
        here = queue.popleft()
        for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)):
            found = nearest([t for k, t in things.items() if k != here], things[here].rect, dx, dy)
            if found is not None and found.key not in came:
                came[found.key] = (here, dx, dy)
                queue.append(found.key)
    assert key in came, f"no arrows lead from {start} to {key}"
    steps = []
    while came[key] is not None:
        key, dx, dy = came[key]
        steps.append((dx, dy))
    for dx, dy in reversed(steps):
        press(scene, "navigate", dx=dx, dy=dy)


def soup_keys(scene, action) -> None:
    """Too Many Cooks: the move made with the arrow keys and Enter on the things it names (a soup
    card, then a ringed spare; an arrow on the rim), or P to pass or say ready."""
    kind = action["type"]
    if kind in ("ready", "pass"):
        press(scene, "pass")
        return
    for key in scene.path_of(action):
        focus_on(scene, key)
        assert scene.focus == key
        press(scene, "select")


def list_keys(scene, action) -> None:
    """A card table: X opens the list of every move, the arrows choose, Enter plays."""
    if not scene.moves_open:
        press(scene, "alt")
    index = scene.actions.index(action)
    while scene.moves.selected != index:
        press(scene, "navigate", dy=1 if index > scene.moves.selected else -1)
    press(scene, "select")


def choose_row(scene, key: str) -> None:
    """Stone Soup: the arrows to the list's row ``key``, and Enter."""
    keys = [k for k, _words, _do in scene.list_entries()]
    index = keys.index(key)
    while scene.moves.selected != index:
        press(scene, "navigate", dy=1 if index > scene.moves.selected else -1)
    press(scene, "select")


def stone_keys(scene, action) -> None:
    """Stone Soup: X opens the list; a play is its cards picked one row at a time, then the claim's
    row (any play, bluffs too); salt, a call or letting it go is its own row."""
    if not scene.moves_open:
        press(scene, "alt")
    if action["type"] != "play":
        choose_row(scene, "salt" if action["type"] == "salt" else f"move:{scene.actions.index(action)}")
        return
    for kind, count in action["cards"].items():
        for _n in range(count):
            choose_row(scene, f"pick:{kind}")
    choose_row(scene, f"say:{action['count']}")


@pytest.mark.parametrize(
    ("game", "players"), [("too-many-cooks", 2), ("pink-soup", 2), ("stone-soup", 2), ("pot-pourri", 3)]
)
def test_a_whole_game_is_played_from_the_keyboard_alone(game, players):
    session = FakeSession(
        game,
        players=players,
        seat=0,
        seed=3,
        options={"round_seconds": 60} if game == "too-many-cooks" else None,
    )
    app, scene = make_table(session)
    bot = session.game.make_bot(0, 5)
    rng, moves = random.Random(2), 0
    for _ in range(2000):
        session.bots_play()
        if session.over:
            break
        view = session.view(0)
        if not view["legal_actions"]:
            session.expire()
            continue
        render(app, scene, session.now)
        action = bot.choose(view, session.now)
        listed = scene.actions if game != "too-many-cooks" else view["legal_actions"]
        if action not in listed and game != "stone-soup":
            action = rng.choice(listed)
        before = len(session.acted)
        keys = {"too-many-cooks": soup_keys, "stone-soup": stone_keys}.get(game, list_keys)
        keys(scene, action)
        app.settle()
        assert session.acted[before:] == [(0, action)], (
            f"the keys played {session.acted[before:]}, not {action}"
        )
        moves += 1
        session.now += 1.0
    assert session.over and moves >= 5
