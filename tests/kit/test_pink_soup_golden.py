"""Golden screenshots of the Pink Soup table, compared with a tolerance: a chef's first turn, the
middle of the game with a drawn card picked up, a Mouse's power being chosen, and the final scoring
(``tests/golden.py`` says how to regenerate them; look at the PNGs before committing them)."""

from __future__ import annotations

import pytest

from tests import golden as golden_screens
from tests.tables.harness import click

MOMENTS = {  # name: (seed, where the bots stop; every seat is played by its bot)
    "start": (3, lambda v: v["turn"] == 0),
    "midgame": (
        0,
        lambda v: v["step"] == "kitchen" and v["turn"] == 0 and all(v["kitchen"]) and 20 < v["deck"] < 36,
    ),
    "mouse": (4, lambda v: v["step"] == "power" and v["turn"] == 0 and all(v["kitchen"])),
    "scoring": (2, lambda v: v["over"]),
}
THEN = {"midgame": lambda app, scene: click(app, scene, scene.thing("hand:1").rect.center)}


@pytest.mark.parametrize("name", list(MOMENTS))
def test_table_matches_its_golden(name):
    seed, wanted = MOMENTS[name]
    golden_screens.check(
        lambda size: golden_screens.bots_moment("pink-soup", seed, wanted, size, 3000, THEN.get(name)),
        golden_screens.TABLES / f"pink-soup-{name}.png",
    )
