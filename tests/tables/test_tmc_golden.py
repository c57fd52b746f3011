"""Golden screenshots of the Too Many Cooks table, compared with a tolerance: mid-round, the change
picker open, and the round reveal.

Regenerate the goldens (and the 1920x1080 copies in docs/screenshots/) after a deliberate change of
look with:

    SOUPKITCHEN_UPDATE_GOLDEN=1 .venv/bin/pytest tests/tables/test_tmc_golden.py

then look at the PNGs before committing them.
"""

from __future__ import annotations

import os
from pathlib import Path

import pygame
import pytest

from client.input import InputAction
from shared.too_many_cooks import GAME
from tests.tables.fake_session import FakeSession
from tests.tables.harness import make_table, render

HERE = Path(__file__).resolve().parent
GOLDEN = HERE / "golden"
DOCS = HERE.parent.parent / "docs" / "screenshots"
UPDATE = os.environ.get("SOUPKITCHEN_UPDATE_GOLDEN") == "1"
SIZE = (1280, 720)
DOC_SIZE = (1920, 1080)
SAMPLE = (320, 180)         # compare at this size: small shifts of anti-aliasing do not count
CHANNEL_TOLERANCE = 24      # per colour channel, after down-sampling
ALLOWED_OFF = 0.01          # fraction of sampled pixels that may be further off


def shoot(name: str, size: tuple[int, int]) -> pygame.Surface:
    """The table in one of three moments of a 3-chef round (seeded, on a fixed clock)."""
    session = FakeSession(players=3, seat=0, seed=7)
    session.table["seats"][0]["name"] = "Ada"
    app, scene = make_table(session, size)
    session.everyone_ready()
    session.now = 12.0
    while GAME.view(session.state, 0)["turn"] != 0:
        turn = GAME.view(session.state, 0)["turn"]
        legal = [a for a in GAME.legal_actions(session.state, turn) if a["type"] == "change"]
        session.apply(turn, legal[len(legal) // 2])
    session.now = 96.0
    session.emotes.append((1, "disgusting", 95.0))
    if name == "picker":
        render(app, scene, session.now)
        scene.handle(InputAction("click", "mouse", pos=scene.table_layout.cell(1, 2).center))
    if name == "reveal":
        session.expire()
        session.now += 5
    return render(app, scene, session.now)


def differences(a: pygame.Surface, b: pygame.Surface) -> float:
    """Fraction of down-sampled pixels whose colour differs by more than the tolerance."""
    small_a = pygame.transform.smoothscale(a.convert(24), SAMPLE)
    small_b = pygame.transform.smoothscale(b.convert(24), SAMPLE)
    ra, rb = pygame.image.tobytes(small_a, "RGB"), pygame.image.tobytes(small_b, "RGB")
    off = sum(1 for i in range(0, len(ra), 3)
              if max(abs(ra[i] - rb[i]), abs(ra[i + 1] - rb[i + 1]), abs(ra[i + 2] - rb[i + 2])) > CHANNEL_TOLERANCE)
    return off / (SAMPLE[0] * SAMPLE[1])


@pytest.mark.parametrize("name", ["midround", "picker", "reveal"])
def test_table_matches_its_golden(name):
    shot = shoot(name, SIZE)
    golden = GOLDEN / f"tmc-{name}.png"
    if UPDATE:
        GOLDEN.mkdir(parents=True, exist_ok=True)
        pygame.image.save(shot, str(golden))
        DOCS.mkdir(parents=True, exist_ok=True)
        pygame.image.save(shoot(name, DOC_SIZE), str(DOCS / f"tmc-{name}.png"))
    assert golden.exists(), f"no golden for {name}; see this module's docstring to create it"
    expected = pygame.image.load(str(golden))
    assert expected.get_size() == shot.get_size()
    assert differences(shot, expected) <= ALLOWED_OFF, f"{name} looks different from {golden}"


def test_the_comparison_notices_a_real_change():
    shot = shoot("midround", SIZE)
    changed = shot.copy()
    pygame.draw.rect(changed, (0, 200, 255), pygame.Rect(500, 200, 120, 170))   # one soup card gone blue
    assert differences(shot, changed) > ALLOWED_OFF
    assert differences(shot, shot.copy()) == 0
