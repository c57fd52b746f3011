"""Every word fits: the menus, lobby, settings, set-up and join screens draw without cutting or
shrinking a single label, from the smallest window the client opens (1280x720) to 1920x1080, for
every game's real options, in every language the client speaks."""

from __future__ import annotations

import json

import pygame
import pytest

from soupkitchen.client.app import App
from soupkitchen.client.net import ways_in
from soupkitchen.client.net.session import TableSession
from soupkitchen.client.scenes.join import JoinScene, TablesScene
from soupkitchen.client.scenes.lobby import LobbyScene
from soupkitchen.client.scenes.menus import PauseMenu, SettingsScene
from soupkitchen.client.scenes.setup import GameSetupScene
from soupkitchen.client.scenes.title import TitleScene
from soupkitchen.client.settings import Settings
from soupkitchen.client.ui import theme
from soupkitchen.client.ui.textfit import clipped_count, clipped_labels, note_clipped, reset_clipped


def screens(app, kit):
    games = ways_in.local_games()
    conn = kit.FakeConnection(games)

    async def nothing():
        return []

    found = {
        "title": TitleScene(app),
        "settings": SettingsScene(app),
        "join": JoinScene(app, nothing),
        "tables": TablesScene(app, conn, [kit.summary(game=g["id"], title=g["title"]) for g in games]),
    }
    for game in games:
        ordered = [game] + [g for g in games if g is not game]
        for mode in ("solo", "couch", "host", "remote"):
            found[f"setup {mode} {game['id']}"] = GameSetupScene(app, mode, ordered, conn)
        table = kit.summary(
            seats=game["max_players"],
            names=("Ada", "Bartholomew"),
            bots=(2,),
            game=game["id"],
            title=game["title"],
        )
        found[f"lobby host {game['id']}"] = LobbyScene(app, TableSession(conn, table, {0: "tok0"}))
        found[f"lobby guest {game['id']}"] = LobbyScene(app, TableSession(conn, table, {1: "tok1"}))
        found[f"pause {game['id']}"] = PauseMenu(
            app, TableSession(conn, {**table, "started": True}, {0: "tok0"})
        )
    return found


def save_games_to_resume() -> None:
    """A solo game and a hosted table to resume: the title at its fullest."""
    saved = json.dumps({"game": "too-many-cooks", "title": "Too Many Cooks", "tokens": {"0": "t"}})
    for path in (ways_in.resume_file(), ways_in.hosting_file()):
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(saved)


@pytest.mark.every_game
@pytest.mark.parametrize("language", ["en", "de", "lt"])
@pytest.mark.parametrize("size", [theme.MIN_WINDOW, (1920, 1080)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_no_label_is_cut_or_shrunk(size, language, tmp_path, kit, catalogs):
    save_games_to_resume()
    app = App(Settings(path=tmp_path / "s.json", language=language), size=size, fullscreen=False)
    cut = {}
    for name, scene in screens(app, kit).items():
        reset_clipped()
        app.stack.scenes = [scene]
        scene.stack = app.stack
        app.draw(app.screen, 0.0)
        if clipped_count():
            cut[name] = clipped_labels()
    pygame.display.quit()
    assert cut == {}
    hosting = {"en": "hosting", "de": "eröffnet", "lt": "rengiamas"}[language]
    title = {"en": "Too Many Cooks", "de": "Zu viele Köche", "lt": "Per daug virėjų"}[language]
    assert screens(app, kit)["title"].describe()["widgets"][0].startswith(f"[{title} - {hosting}; {title}")


def test_a_label_too_long_for_its_box_is_counted(tmp_path):
    reset_clipped()
    lay = theme.layout((1280, 720))
    surface = pygame.Surface((1280, 720))
    theme.text(
        surface,
        "A label far too long for the little box it was given",
        "label",
        theme.TEXT,
        (0, 0),
        lay,
        max_width=80,
    )
    note_clipped("by hand")
    assert clipped_labels() == ["A label far too long for the little box it was given", "by hand"]
    reset_clipped()
    assert clipped_count() == 0


def test_fonts_never_shrink_below_readable_letters():
    for size in [theme.MIN_WINDOW, (1280, 720), (640, 360)]:
        assert theme.layout(size).font("small").get_height() >= 16


@pytest.mark.parametrize("language", ["en", "de", "lt"])
@pytest.mark.parametrize("size", [theme.MIN_WINDOW, (1920, 1080)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_replay_viewers_own_words_fit(size, language, tmp_path, catalogs):
    """The viewer's bar and column (its status, controls, key hints, tabs and eyes) in every language;
    the table framed in it words itself (its fit is the tour's)."""
    from soupkitchen.client.scenes.replays import TABS, ReplayScene
    from soupkitchen.client.words import _
    from soupkitchen.shared.playout import bot_chooser, play
    from soupkitchen.shared.registry import get_game
    from soupkitchen.shared.replay import ReplayFile, Timeline

    game = get_game("stone-soup")
    record = play(game, 3, 2, bot_chooser(game, 3, 2)).record
    app = App(Settings(path=tmp_path / "s.json", language=language), size=size, fullscreen=False)
    cut = {}
    for tab, _title in TABS:
        reset_clipped()
        scene = ReplayScene(app, Timeline(ReplayFile(record, ("Ann", "Bartholomew", "Cy"))), tab)
        app.stack.scenes = [scene]
        scene.stack = app.stack
        scene.player.seek(scene.player.length // 2)
        app.draw(app.screen, 0.0)
        own = {
            scene.status(),
            *(_(title) for _key, title in TABS),
            _("Export"),
            _("Back"),
            _("Face up"),
            _("Spectator"),
            _("Speed {speed}x").format(speed=scene.player.speed),
        }
        own |= {
            _(words)
            for words in ("< Round", "< Turn", "< Move", "Play", "Pause", "Move >", "Turn >", "Round >")
        }
        own.add(
            _(
                "Left/Right a move, Up/Down a turn, Q/E a round, Enter play or pause, P speed, X eyes, H "
                "tab, Esc back"
            )
        )
        if own & set(clipped_labels()):
            cut[tab] = sorted(own & set(clipped_labels()))
    pygame.display.quit()
    assert cut == {}
