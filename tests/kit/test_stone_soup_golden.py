"""Golden screenshots of the Stone Soup table, compared with a tolerance: your turn with cards picked,
a challenge window open, a call revealed, the next claim with that verdict moved aside, and the end
with the ranking (``tests/golden.py`` says how to regenerate them; look at the PNGs before committing
them). A call, its verdict and the next claim are also kept at 1280 x 720 in docs/screenshots/."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from soupkitchen.client.tables.stone_soup.reveal import DOCK_SECONDS, VERDICT_SECONDS
from tests import golden as golden_screens
from tests.tables.fake_session import FakeSession
from tests.tables.harness import click, make_table, render

SEED = 3


def others_window(view) -> bool:
    return view["phase"] == "challenge" and view["window"]["player"] != 0


def at(wanted=None, seed: int = SEED) -> FakeSession:
    session = FakeSession("stone-soup", 4, 0, seed=seed)
    session.bots_play(until=wanted, limit=3000)
    return session


def later_turn(view) -> bool:
    return (
        view["phase"] == "play" and view["turn"] == 0 and view["salt_pile"] > 0 and view["pot"]["least"] >= 4
    )


def turn(size):
    session = at(later_turn, seed=2)
    app, scene = make_table(session, size)
    render(app, scene, 0.0)
    hand = [t for t in scene.things() if t.key.startswith("hand:") and not t.key.startswith("hand:salt")]
    for card in (hand[0], hand[-1]):  # a potato and a stone: a bluff in the making
        click(app, scene, card.rect.center)
        render(app, scene, 0.5)
    return render(app, scene, 10.0)


def window(size):
    session = at(others_window)
    session.remaining = lambda now: 3.4
    app, scene = make_table(session, size)
    render(app, scene, 0.0)
    return render(app, scene, 10.0)


def reveal(size):
    session = at(others_window, seed=5)
    app, scene = make_table(session, size)
    render(app, scene, 0.0)
    session.apply(0, {"type": "challenge", "play": session.state.window.serial})
    render(app, scene, 1.0)
    shown = scene.shown
    return render(app, scene, 1.0 + shown.flipped_by + VERDICT_SECONDS * 0.5)


def next_claim(size):
    """The call of ``reveal``, then the next claim made while its verdict was still shown."""
    session = at(others_window, seed=5)
    session.remaining = lambda now: 5.6
    app, scene = make_table(session, size)
    render(app, scene, 0.0)
    session.apply(0, {"type": "challenge", "play": session.state.window.serial})
    render(app, scene, 1.0)
    session.bots_play(until=others_window, limit=3000)
    render(app, scene, 2.0)
    return render(app, scene, 2.0 + DOCK_SECONDS * 0.5)


def end(size):
    session = at(lambda v: v["over"])
    session.local = True
    app, scene = make_table(session, size)
    render(app, scene, 0.0)
    return render(app, scene, 10.0)


MOMENTS = {"turn": turn, "window": window, "reveal": reveal, "next": next_claim, "end": end}
CALL = (
    "window",
    "reveal",
    "next",
)  # a claim called, its verdict, the next claim: also at 1280 x 720 in the docs


@pytest.mark.parametrize("name", list(MOMENTS))
def test_table_matches_its_golden(name):
    golden_screens.check(MOMENTS[name], golden_screens.TABLES / f"stone-soup-{name}.png")
    if golden_screens.UPDATE and name in CALL:
        pygame.image.save(
            MOMENTS[name](golden_screens.SIZE), str(golden_screens.DOCS / f"stone-soup-{name}-1280.png")
        )


def shoot_all(out: Path) -> None:
    """Every moment at both sizes into ``out`` (to look at them)."""
    for name, shoot in MOMENTS.items():
        for size in ((1280, 720), (1920, 1080)):
            pygame.image.save(shoot(size), str(out / f"stone-soup-{name}-{size[0]}.png"))
