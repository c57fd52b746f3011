"""Golden screenshots of the title, the join list and the lobby, compared with a tolerance.

Regenerate the goldens (and the 1920x1080 copies in docs/screenshots/) after a deliberate change of
look with:

    SOUPKITCHEN_UPDATE_GOLDEN=1 SDL_VIDEODRIVER=dummy .venv/bin/pytest tests/client/test_golden.py

then look at the PNGs before committing them.
"""

from __future__ import annotations

import os
from pathlib import Path

import pygame
import pytest

from client.app import App
from client.scenes.join import JoinScene
from client.scenes.lobby import LobbyScene
from client.scenes.title import TitleScene
from client.session import TableSession
from client.settings import Settings

HERE = Path(__file__).resolve().parent
GOLDEN = HERE / "golden"
DOCS = HERE.parent.parent / "docs" / "screenshots"
UPDATE = os.environ.get("SOUPKITCHEN_UPDATE_GOLDEN") == "1"
SIZE = (1280, 720)
DOC_SIZE = (1920, 1080)
SAMPLE = (160, 90)          # compare at this size: small shifts of anti-aliasing do not count
CHANNEL_TOLERANCE = 24      # per colour channel, after down-sampling
ALLOWED_OFF = 0.01          # fraction of sampled pixels that may be further off


async def render(scene_name: str, size, tmp_path, kit) -> pygame.Surface:
    app = App(Settings(path=tmp_path / "s.json"), size=size, fullscreen=False, clock=kit.FakeClock())
    if scene_name == "title":
        app.stack.push(TitleScene(app))
    elif scene_name == "join":
        async def browse():
            return [{"name": "Soup Kitchen on pantry", "host": "192.168.1.20", "port": 8765},
                    {"name": "Soup Kitchen on attic", "host": "192.168.1.31", "port": 8765}]
        app.settings.last_server = "192.168.1.44:8765"
        app.stack.push(JoinScene(app, browse))
        await kit.settle(app, lambda: bool(app.stack.top.servers))
    elif scene_name == "lobby":
        conn = kit.FakeConnection(kit.GAMES)
        table = kit.summary(seats=4, names=("Ada", "Bo"), bots=(2,), options={"challenge_seconds": 3})
        app.server_address = "192.168.1.20:8765"
        app.stack.push(LobbyScene(app, TableSession(conn, table, {0: "tok0"})))
    app.stack.draw(app.screen)
    surface = app.screen.copy()
    pygame.display.quit()
    return surface


def differences(a: pygame.Surface, b: pygame.Surface) -> float:
    """Fraction of down-sampled pixels whose colour differs by more than the tolerance."""
    small_a = pygame.transform.smoothscale(a.convert(24) if a.get_bitsize() != 24 else a, SAMPLE)
    small_b = pygame.transform.smoothscale(b.convert(24) if b.get_bitsize() != 24 else b, SAMPLE)
    off = 0
    for x in range(SAMPLE[0]):
        for y in range(SAMPLE[1]):
            ca, cb = small_a.get_at((x, y)), small_b.get_at((x, y))
            if max(abs(ca[i] - cb[i]) for i in range(3)) > CHANNEL_TOLERANCE:
                off += 1
    return off / (SAMPLE[0] * SAMPLE[1])


@pytest.mark.parametrize("scene_name", ["title", "join", "lobby"])
async def test_screen_matches_its_golden(scene_name, tmp_path, kit):
    shot = await render(scene_name, SIZE, tmp_path, kit)
    golden = GOLDEN / f"{scene_name}.png"
    if UPDATE:
        GOLDEN.mkdir(parents=True, exist_ok=True)
        pygame.image.save(shot, str(golden))
        DOCS.mkdir(parents=True, exist_ok=True)
        pygame.image.save(await render(scene_name, DOC_SIZE, tmp_path, kit), str(DOCS / f"{scene_name}.png"))
    assert golden.exists(), f"no golden for {scene_name}; see this module's docstring to create it"
    expected = pygame.image.load(str(golden))
    assert expected.get_size() == shot.get_size()
    assert differences(shot, expected) <= ALLOWED_OFF, f"{scene_name} looks different from {golden}"


async def test_the_comparison_notices_a_real_change(tmp_path, kit):
    shot = await render("title", SIZE, tmp_path, kit)
    changed = shot.copy()
    pygame.draw.rect(changed, (0, 200, 255), pygame.Rect(400, 200, 480, 120))   # a button gone blue
    assert differences(shot, changed) > ALLOWED_OFF
    assert differences(shot, shot.copy()) == 0
