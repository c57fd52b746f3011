"""Golden screenshots: a tolerant comparison, and the regeneration switch shared by every golden test.

Set SOUPKITCHEN_UPDATE_GOLDEN=1 to rewrite the goldens (and their 1920x1080 copies in
docs/screenshots/) after a deliberate change of look; then look at the PNGs before committing them.
"""

from __future__ import annotations

import os
from pathlib import Path

import pygame

UPDATE = os.environ.get("SOUPKITCHEN_UPDATE_GOLDEN") == "1"
DOCS = Path(__file__).resolve().parent.parent / "docs" / "screenshots"
TABLES = Path(__file__).resolve().parent / "client" / "golden"  # the card tables' goldens
TABLE_SAMPLE = (320, 180)
SIZE = (1280, 720)
DOC_SIZE = (1920, 1080)
CHANNEL_TOLERANCE = 24  # per colour channel, after down-sampling
ALLOWED_OFF = 0.01  # fraction of sampled pixels that may be further off


def differences(a: pygame.Surface, b: pygame.Surface, sample: tuple[int, int]) -> float:
    """Fraction of pixels, down-sampled to ``sample`` so that small shifts of anti-aliasing do not
    count, whose colour differs by more than the tolerance in some channel."""
    small_a = pygame.transform.smoothscale(a.convert(24), sample)
    small_b = pygame.transform.smoothscale(b.convert(24), sample)
    ra, rb = pygame.image.tobytes(small_a, "RGB"), pygame.image.tobytes(small_b, "RGB")
    off = sum(
        1
        for i in range(0, len(ra), 3)
        if max(abs(ra[i] - rb[i]), abs(ra[i + 1] - rb[i + 1]), abs(ra[i + 2] - rb[i + 2])) > CHANNEL_TOLERANCE
    )
    return off / (sample[0] * sample[1])


def save(shot: pygame.Surface, golden: Path, doc_shot: pygame.Surface) -> None:
    """Store a new golden and its full-size copy for the docs (only when UPDATE is set)."""
    golden.parent.mkdir(parents=True, exist_ok=True)
    pygame.image.save(shot, str(golden))
    DOCS.mkdir(parents=True, exist_ok=True)
    pygame.image.save(doc_shot, str(DOCS / golden.name))


def assert_matches(shot: pygame.Surface, golden: Path, sample: tuple[int, int]) -> None:
    """Fail unless ``shot`` looks like the stored golden, within the tolerance."""
    assert golden.exists(), f"no golden {golden.name}; run with SOUPKITCHEN_UPDATE_GOLDEN=1 to create it"
    expected = pygame.image.load(str(golden))
    assert expected.get_size() == shot.get_size()
    assert differences(shot, expected, sample) <= ALLOWED_OFF, f"the screen looks different from {golden}"


def check(shoot, golden: Path, sample: tuple[int, int] = TABLE_SAMPLE) -> None:
    """Compare ``shoot(SIZE)`` with its golden, first storing it (and ``shoot(DOC_SIZE)`` for the docs)
    when UPDATE is set."""
    shot = shoot(SIZE)
    if UPDATE:
        save(shot, golden, shoot(DOC_SIZE))
    assert_matches(shot, golden, sample)


def bots_moment(
    game_id: str, seed: int, wanted, size: tuple[int, int], limit: int, then=None
) -> pygame.Surface:
    """Seat 0's table of a 4-seat game once its bots, playing every seat, reach ``wanted(view)``;
    ``then(app, scene)`` acts on the first frame, and the shot is taken once every glide has ended."""
    from tests.tables.fake_session import FakeSession
    from tests.tables.harness import make_table, render

    session = FakeSession(game_id, 4, 0, seed=seed)
    session.bots_play(until=wanted, limit=limit)
    assert wanted(session.view(0))
    app, scene = make_table(session, size)
    render(app, scene, 0.0)
    if then is not None:
        then(app, scene)
    return render(app, scene, 10.0)
