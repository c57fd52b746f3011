"""Golden screenshots of the title, the join list and the lobby (the title and the lobby in German
and Lithuanian too), compared with a tolerance.

Regenerate the goldens (and the 1920x1080 copies in docs/screenshots/, see tests/golden.py) after a
deliberate change of look with:

    SOUPKITCHEN_UPDATE_GOLDEN=1 SDL_VIDEODRIVER=dummy .venv/bin/pytest tests/client/test_golden.py

then look at the PNGs before committing them.
"""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from soupkitchen.client.app import App
from soupkitchen.client.net.session import TableSession
from soupkitchen.client.scenes.join import JoinScene
from soupkitchen.client.scenes.lobby import LobbyScene
from soupkitchen.client.scenes.title import TitleScene
from soupkitchen.client.settings import Settings
from tests import golden as golden_screens
from tests.golden import ALLOWED_OFF, DOC_SIZE, SIZE, differences

GOLDEN = Path(__file__).resolve().parent / "golden"
SAMPLE = (160, 90)


async def render(scene_name: str, size, tmp_path, kit, language: str = "en") -> pygame.Surface:
    app = App(
        Settings(path=tmp_path / "s.json", language=language),
        size=size,
        fullscreen=False,
        clock=kit.FakeClock(),
    )
    if scene_name == "title":
        app.stack.push(TitleScene(app))
    elif scene_name == "join":

        async def browse():
            return [
                {"name": "Soup Kitchen on pantry", "host": "192.168.1.20", "port": 8765},
                {"name": "Soup Kitchen on attic", "host": "192.168.1.31", "port": 8765},
            ]

        app.settings.last_server = "192.168.1.44:8765"
        app.settings.online_servers = ["https://kitchen.example.org:8765"]
        app.stack.push(JoinScene(app, browse))
        await kit.settle(app, lambda: bool(app.stack.top.servers))
    elif scene_name == "lobby":
        conn = kit.FakeConnection(kit.GAMES)
        table = kit.summary(seats=4, names=("Ada", "Bo"), bots=(2,), options={"challenge_seconds": 3})
        table["code"] = "PEAS-4821-7730"
        app.server_address = "192.168.1.20:8765"
        app.stack.push(LobbyScene(app, TableSession(conn, table, {0: "tok0"})))
    app.stack.draw(app.screen)
    surface = app.screen.copy()
    pygame.display.quit()
    return surface


@pytest.mark.parametrize("scene_name", ["title", "join", "lobby"])
async def test_screen_matches_its_golden(scene_name, tmp_path, kit):
    shot = await render(scene_name, SIZE, tmp_path, kit)
    golden = GOLDEN / f"{scene_name}.png"
    if golden_screens.UPDATE:
        golden_screens.save(shot, golden, await render(scene_name, DOC_SIZE, tmp_path, kit))
    golden_screens.assert_matches(shot, golden, SAMPLE)


@pytest.mark.parametrize("language", ["de", "lt"])
@pytest.mark.parametrize("scene_name", ["title", "lobby"])
async def test_screen_in_each_language_matches_its_golden(scene_name, language, tmp_path, kit, catalogs):
    shot = await render(scene_name, SIZE, tmp_path, kit, language)
    golden = GOLDEN / f"{scene_name}-{language}.png"
    if golden_screens.UPDATE:
        golden_screens.save(shot, golden, await render(scene_name, DOC_SIZE, tmp_path, kit, language))
    golden_screens.assert_matches(shot, golden, SAMPLE)


async def test_the_comparison_notices_a_real_change(tmp_path, kit):
    shot = await render("title", SIZE, tmp_path, kit)
    changed = shot.copy()
    pygame.draw.rect(changed, (0, 200, 255), pygame.Rect(400, 200, 480, 120))  # a button gone blue
    assert differences(shot, changed, SAMPLE) > ALLOWED_OFF
    assert differences(shot, shot.copy(), SAMPLE) == 0
