"""Golden screenshots of the Pot Pourri table, compared with a tolerance: a turn mid-game, cooking
with the lid being moved, a serving with each recipe's matches shown, and the table as the game ended
("scoring": the last pan served marked, the winner named; the end screen works out the score)
(``tests/golden.py`` says how to regenerate them; look at the PNGs before committing them)."""

from __future__ import annotations

import pytest

from tests import golden as golden_screens
from tests.tables.harness import click

MOMENTS = {  # name: (seed, where the bots stop; every seat is played by its bot)
    "midgame": (
        1,
        lambda v: (
            v["phase"] == "turn"
            and v["turn"] == 0
            and len(v["hand"]) >= 3
            and sum(p["count"] for p in v["pans"]) >= 8
            and sum(len(p["redeemed"]) for p in v["players"]) >= 2
        ),
    ),
    "lid": (
        1,
        lambda v: v["phase"] == "move_lid" and v["turn"] == 0 and sum(p["count"] for p in v["pans"]) >= 6,
    ),
    "serving": (
        1,
        lambda v: (
            v["phase"] == "serve"
            and v["turn"] == 0
            and len(v["book"]) == 2
            and any(p["pathway"] for p in v["players"])
        ),
    ),
    "scoring": (2, lambda v: v["over"]),
}
THEN = {"lid": lambda app, scene: click(app, scene, scene.thing("lid").rect.center)}


@pytest.mark.parametrize("name", list(MOMENTS))
def test_table_matches_its_golden(name):
    seed, wanted = MOMENTS[name]
    golden_screens.check(
        lambda size: golden_screens.bots_moment("pot-pourri", seed, wanted, size, 5000, THEN.get(name)),
        golden_screens.TABLES / f"pot-pourri-{name}.png",
    )
