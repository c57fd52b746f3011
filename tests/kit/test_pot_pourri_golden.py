"""Golden screenshots of the Pot Pourri table, compared with a tolerance: a turn mid-game, cooking
with the lid being moved, a serving with each recipe's matches shown, and the final score.

Regenerate the goldens (and the 1920x1080 copies in docs/screenshots/) after a deliberate change of
look with:

    SOUPKITCHEN_UPDATE_GOLDEN=1 .venv/bin/pytest tests/kit/test_pot_pourri_golden.py

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
    "midgame": (1, lambda v: v["phase"] == "turn" and v["turn"] == 0 and len(v["hand"]) >= 3
                and sum(p["count"] for p in v["pans"]) >= 8 and sum(len(p["redeemed"]) for p in v["players"]) >= 2),
    "lid": (1, lambda v: v["phase"] == "move_lid" and v["turn"] == 0 and sum(p["count"] for p in v["pans"]) >= 6),
    "serving": (1, lambda v: v["phase"] == "serve" and v["turn"] == 0 and len(v["book"]) == 2
                and any(p["pathway"] for p in v["players"])),
    "scoring": (2, lambda v: v["over"]),
}


def shoot(name: str, size: tuple[int, int]) -> pygame.Surface:
    seed, wanted = MOMENTS[name]
    session = FakeSession("pot-pourri", 4, 0, seed=seed)
    session.bots_play(until=wanted, limit=5000)
    assert wanted(session.view(0))
    app, scene = make_table(session, size)
    render(app, scene, 0.0)
    if name == "lid":
        click(app, scene, scene.thing("lid").rect.center)
    return render(app, scene, 10.0)    # every glide has ended


@pytest.mark.parametrize("name", list(MOMENTS))
def test_table_matches_its_golden(name):
    golden_screens.check(lambda size: shoot(name, size), GOLDEN / f"pot-pourri-{name}.png", SAMPLE)
