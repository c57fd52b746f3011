"""Golden screenshots of the Too Many Cooks table, compared with a tolerance: mid-round, a soup card
picked (the spares it may become ringed), the round reveal, the log after several moves and a seat a
bot stands in for (``tests/golden.py`` says how to regenerate them; look at the PNGs before
committing them)."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from soupkitchen.client.ui.input import InputAction
from soupkitchen.shared.too_many_cooks import GAME
from tests import golden as golden_screens
from tests.golden import ALLOWED_OFF, SIZE, TABLE_SAMPLE, differences
from tests.tables.fake_session import FakeSession
from tests.tables.harness import make_table, render

GOLDEN = Path(__file__).resolve().parent / "golden"


def shoot(name: str, size: tuple[int, int]) -> pygame.Surface:
    """The table in one of three moments of a 3-chef round (seeded, on a fixed clock)."""
    session = FakeSession("too-many-cooks", players=3, seat=0, seed=7)
    session.table["seats"][0]["name"] = "Ada"
    app, scene = make_table(session, size)
    session.everyone_ready()
    session.now = 12.0 if name == "stand-in" else 86.0
    moves = 0
    while GAME.view(session.state, 0)["turn"] != 0 or (name == "history" and moves < 7):
        turn = GAME.view(session.state, 0)["turn"]
        kind = "rotate" if name == "history" and moves % 3 == 1 else "change"
        legal = [a for a in GAME.legal_actions(session.state, turn) if a["type"] == kind]
        session.apply(turn, legal[(len(legal) // 2 + moves * 5) % len(legal)])
        moves += 1
    session.now = 96.0
    if name != "stand-in":
        session.now = 95.0
        session.react(1, "disgusting")
        session.now = 96.0
    if name == "stand-in":
        render(app, scene, 84.0)
        session.seat_changes(2, connected=False)  # Cleo went away 12 s ago
        session.seat_changes(1, connected=False, stand_in=True)  # a bot plays for Bert
    if name == "picker":
        render(app, scene, session.now)
        scene.handle(InputAction("click", "mouse", pos=scene.table_layout.cell(1, 2).center))
    if name == "reveal":
        session.expire()
        session.now += 5
    return render(app, scene, session.now)


@pytest.mark.parametrize("name", ["midround", "picker", "reveal", "history", "stand-in"])
def test_table_matches_its_golden(name):
    golden_screens.check(lambda size: shoot(name, size), GOLDEN / f"tmc-{name}.png")


def test_the_comparison_notices_a_real_change():
    shot = shoot("midround", SIZE)
    changed = shot.copy()
    pygame.draw.rect(changed, (0, 200, 255), pygame.Rect(500, 200, 120, 170))  # one soup card gone blue
    assert differences(shot, changed, TABLE_SAMPLE) > ALLOWED_OFF
    assert differences(shot, shot.copy(), TABLE_SAMPLE) == 0
