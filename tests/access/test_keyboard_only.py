"""Every game can be played start to end from the keyboard alone: each of the viewer's moves (the
game's bot chooses it) is made with the keys a player has, never a click: at Too Many Cooks the
cursor's arrows, Enter on a card and on the swap chosen, Enter on a rim arrow, P to pass or say
ready; at the card tables X opens the list of every move, the arrows choose one and Enter plays it
(a Stone Soup play is made of cards picked with the arrows and Enter, then the count said)."""

from __future__ import annotations

import random

import pytest

from soupkitchen.client.input import InputAction, nav
from tests.tables.fake_session import FakeSession
from tests.tables.harness import make_table, render

KEYS_LIMIT = 60


def press(scene, kind: str, **fields) -> None:
    scene.handle(InputAction(kind, **fields) if kind != "navigate" else nav(fields.get("dx", 0), fields.get("dy", 0)))


def soup_keys(scene, action) -> None:
    """Too Many Cooks: the move made with the cursor keys, Enter and P."""
    kind = action["type"]
    if kind in ("ready", "pass"):
        press(scene, "pass")
        return
    if kind == "change":
        target = (action["row"], action["col"])
    else:
        line, index, step = action["line"], action["index"], action["step"]
        target = (index, 4 if step > 0 else -1) if line == "row" else (4 if step > 0 else -1, index)
    for _ in range(KEYS_LIMIT):
        row, col = scene.selection.cursor
        if (row, col) == target:
            break
        inside_row = 0 <= row < 4
        if row != target[0] and (inside_row or 0 <= col < 4) and (0 <= col < 4 or 0 <= target[0] < 4):
            press(scene, "navigate", dy=1 if target[0] > row else -1)
        else:
            press(scene, "navigate", dx=1 if target[1] > col else -1)
    assert scene.selection.cursor == target
    press(scene, "select")
    if kind == "change":
        candidates = scene.selection.candidates(scene.model)
        for _ in range(candidates.index(action)):
            press(scene, "navigate", dx=1)
        press(scene, "select")


def list_keys(scene, action) -> None:
    """A card table: X opens the list of every move, the arrows choose, Enter plays."""
    if not scene.moves_open:
        press(scene, "alt")
    index = scene.actions.index(action)
    while scene.moves.selected != index:
        press(scene, "navigate", dy=1 if index > scene.moves.selected else -1)
    press(scene, "select")


@pytest.mark.parametrize(("game", "players"), [("too-many-cooks", 2), ("pink-soup", 2), ("stone-soup", 2),
                                               ("pot-pourri", 3)])
def test_a_whole_game_is_played_from_the_keyboard_alone(game, players):
    session = FakeSession(game, players=players, seat=0, seed=3,
                          options={"round_seconds": 60} if game == "too-many-cooks" else None)
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
        if action not in listed:   # a Stone Soup play outside the sample: one of the listed instead
            action = rng.choice(listed)
        before = len(session.acted)
        (soup_keys if game == "too-many-cooks" else list_keys)(scene, action)
        app.settle()
        assert session.acted[before:] == [(0, action)], f"the keys played {session.acted[before:]}, not {action}"
        moves += 1
        session.now += 1.0
    assert session.over and moves >= 5
