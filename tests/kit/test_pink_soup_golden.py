"""Golden screenshots of the Pink Soup table, compared with a tolerance: a chef's first turn, the
middle of the game with a drawn card picked up, a Mouse's power being chosen, and the final scoring.

Regenerate the goldens (and the 1920x1080 copies in docs/screenshots/) after a deliberate change of
look with:

    SOUPKITCHEN_UPDATE_GOLDEN=1 .venv/bin/pytest tests/kit/test_pink_soup_golden.py

then look at the PNGs before committing them.
"""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from tests import golden as golden_screens
from tests.kit.fake_table import FakeSession, click, make_table, render

GOLDEN = Path(__file__).resolve().parents[1] / "client" / "golden"
SAMPLE = (320, 180)
MOMENTS = {   # name: (seed, where the bots stop; every seat is played by its bot)
    "start": (3, lambda v: v["turn"] == 0),
    "midgame": (0, lambda v: v["step"] == "kitchen" and v["turn"] == 0 and len(v["kitchen"]) == 5
                and 20 < v["deck"] < 36),
    "mouse": (4, lambda v: v["step"] == "power" and v["turn"] == 0 and len(v["kitchen"]) == 5),
    "scoring": (2, lambda v: v["over"]),
}


def shoot(name: str, size: tuple[int, int]) -> pygame.Surface:
    seed, wanted = MOMENTS[name]
    session = FakeSession("pink-soup", 4, 0, seed=seed)
    session.bots_play(until=wanted, limit=3000)
    assert wanted(session.view(0))
    app, scene = make_table(session, size)
    render(app, scene, 0.0)
    if name == "midgame":
        click(app, scene, scene.thing("hand:1").rect.center)
    return render(app, scene, 10.0)    # every glide has ended


@pytest.mark.parametrize("name", list(MOMENTS))
def test_table_matches_its_golden(name):
    golden_screens.check(lambda size: shoot(name, size), GOLDEN / f"pink-soup-{name}.png", SAMPLE)
