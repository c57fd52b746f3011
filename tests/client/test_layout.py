"""Every menu screen lays out inside the window without overlaps, from the smallest window allowed to
3840x2160."""

from __future__ import annotations

import pygame
import pytest

from soupkitchen.client.app import App
from soupkitchen.client.howto.scene import HowToPlayScene
from soupkitchen.client.net import ways_in
from soupkitchen.client.net.session import TableSession
from soupkitchen.client.scenes.handoff import HandoffScene
from soupkitchen.client.scenes.join import JoinScene, TablesScene
from soupkitchen.client.scenes.lobby import LobbyScene
from soupkitchen.client.scenes.menus import PauseMenu, SettingsScene
from soupkitchen.client.scenes.results import ResultsScene
from soupkitchen.client.scenes.setup import GameSetupScene
from soupkitchen.client.scenes.title import TitleScene
from soupkitchen.client.settings import Settings
from soupkitchen.client.ui import theme

SIZES = [theme.MIN_WINDOW, (1920, 1080), (2560, 1080), (3840, 2160), (1280, 1024), (1280, 1600)]


def scenes(app, kit):
    conn = kit.FakeConnection(kit.GAMES)
    table = kit.summary(seats=5, names=("Ada", "Bo", "Cy"), bots=(3,), started=True)
    session = TableSession(conn, table, {0: "tok0", 1: "tok1"})
    session.receive_state(
        {
            "table": "t1",
            "seat": 0,
            "state_id": 9,
            "deadline": None,
            "events": [],
            "view": {
                "seat": 0,
                "legal_actions": [],
                "over": True,
                "deadline": None,
                "result": {"winners": [0, 2], "scores": [5, 3, 5, 1, 0]},
            },
        }
    )
    session.handoff_seat = 1

    async def nothing():
        return []

    tables = [kit.summary(), {**kit.summary(names=("Bo",)), "has_password": True}]
    return {
        "title": TitleScene(app),
        "setup": GameSetupScene(app, "host", kit.GAMES, conn),
        "couch": GameSetupScene(app, "couch", kit.GAMES, conn),
        "join": JoinScene(app, nothing),
        "tables": TablesScene(app, conn, tables),
        "lobby": LobbyScene(app, TableSession(conn, kit.summary(seats=5), {0: "tok0"})),
        "settings": SettingsScene(app),
        "results": ResultsScene(app, session),
        "pause": PauseMenu(app, session),
        "handoff": HandoffScene(app, session),
        "howto": HowToPlayScene(app, ways_in.local_games(), "too-many-cooks", pick_game=True),
    }


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_widgets_fit_the_window_and_never_overlap(size, tmp_path, kit):
    app = App(Settings(path=tmp_path / "s.json"), size=size, fullscreen=False)
    window = pygame.Rect((0, 0), size)
    for name, scene in scenes(app, kit).items():
        scene.draw(app.screen)
        rects = [w.rect for w in scene.form.widgets if w.visible]
        assert rects, name
        for rect in rects:
            assert window.contains(rect), f"{name}: {rect} leaves the {size} window"
            assert rect.height >= theme.layout(size).button_h * 0.6, f"{name}: squeezed rows"
        for i, a in enumerate(rects):
            for b in rects[i + 1 :]:
                assert not a.colliderect(b), f"{name}: widgets overlap at {size}"
    pygame.display.quit()


def test_text_grows_with_the_window():
    small, large = theme.layout((1280, 720)), theme.layout((3840, 2160))
    assert large.font("body").get_height() == pytest.approx(small.font("body").get_height() * 3, rel=0.1)
    assert small.font("small").get_height() >= 16  # still readable at 720p
