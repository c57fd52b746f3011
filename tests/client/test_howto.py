"""How to play: every game's pages open from the title, the set-up screen and F1 at a table, show
real card pictures and fit their words; the guided first round of Too Many Cooks points at what to
do next and can be turned off.

SOUPKITCHEN_UPDATE_GOLDEN=1 also rewrites the screenshots in docs/screenshots/ (howto-*.png,
tmc-guided-*.png): look at them before committing."""

from __future__ import annotations

from types import SimpleNamespace

import pygame
import pytest

from soupkitchen.client.games import client_registrations
from soupkitchen.client.howto.guide import GuidedRound, next_hint
from soupkitchen.client.howto.pages import pages_for
from soupkitchen.client.howto.scene import HowToPlayScene
from soupkitchen.client.net import ways_in
from soupkitchen.client.net.session import TableSession
from soupkitchen.client.scenes.menus import PauseMenu
from soupkitchen.client.scenes.setup import GameSetupScene
from soupkitchen.client.scenes.title import TitleScene
from soupkitchen.client.ui import art, coverage
from soupkitchen.client.ui.textfit import clipped_labels, reset_clipped
from soupkitchen.shared.too_many_cooks import GAME
from tests import golden as golden_screens
from tests.tables.fake_session import FakeSession
from tests.tables.harness import make_table, render

PAGES = {game_id: entry.pages for game_id, entry in client_registrations().items()}


@pytest.mark.every_game
def test_every_picture_is_a_real_card():
    for game_id, pages in PAGES.items():
        for page in pages:
            assert page.text and len(page.text.split()) < 90, f"{game_id}: {page.title} is too long to read"
            for picture in page.pictures:
                assert art.card_path(picture.asset).exists(), picture.asset
    games = {g["id"]: g for g in ways_in.local_games()}
    assert set(PAGES) == set(games)
    options = pages_for("too-many-cooks", games["too-many-cooks"]["options"])[-1]
    assert options.title == "Options" and "Seconds per round" in options.text


def test_how_to_play_opens_from_title_setup_and_table(app, kit):
    app.stack.push(TitleScene(app))
    app.step(0.0)
    kit.press(
        app,
        "click",
        device="mouse",
        pos=next(w for w in app.stack.top.form.widgets if w.key == "howto").rect.center,
    )
    assert isinstance(app.stack.top, HowToPlayScene) and app.stack.top.pick_game
    kit.press(app, "back")
    app.stack.push(GameSetupScene(app, "solo", ways_in.local_games()))
    kit.press(app, "navigate", dx=1)  # the next game
    chosen = app.stack.top.game["id"]
    app.stack.top.form.focus_on("howto")
    kit.press(app, "select")
    assert app.stack.top.describe()["game"] == chosen
    kit.press(app, "back")
    session = TableSession(
        kit.FakeConnection(), kit.summary(game="pot-pourri", title="Pot Pourri", started=True), {0: "tok"}
    )
    app.stack.push(PauseMenu(app, session))
    assert "How to play (F1)" in app.stack.top.describe()["widgets"]
    kit.press(app, "help")  # F1
    assert app.stack.top.describe()["game"] == "pot-pourri"


@pytest.mark.every_game
@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_pages_turn_with_the_arrows_and_every_word_fits(tmp_path, kit, size):
    from soupkitchen.client.app import App
    from soupkitchen.client.settings import Settings

    app = App(Settings(path=tmp_path / "s.json"), size=size, fullscreen=False)
    games = ways_in.local_games()
    for game in games:
        scene = HowToPlayScene(app, games, game["id"])
        app.stack.scenes = [scene]
        scene.stack = app.stack
        for index in range(len(scene.pages)):
            reset_clipped()
            app.draw(app.screen, 0.0)
            assert clipped_labels() == [], f"{game['id']} page {index + 1}"
            if golden_screens.UPDATE and size == golden_screens.DOC_SIZE and index in (0, 2):
                pygame.image.save(
                    app.screen, str(golden_screens.DOCS / f"howto-{game['id']}-{index + 1}.png")
                )
            kit.press(app, "navigate", dx=1)
        assert scene.page == len(scene.pages) - 1
    pygame.display.quit()


def test_hints_point_at_what_to_do_next():
    session = FakeSession("too-many-cooks", players=3, seat=0, seed=7)
    first = next_hint(GAME.view(session.state, 0), 0, 0)
    assert first.target == "tastes" and "Ready" in first.words
    session.everyone_ready()
    while GAME.view(session.state, 0)["turn"] != 0:
        turn = GAME.view(session.state, 0)["turn"]
        session.apply(turn, next(a for a in GAME.legal_actions(session.state, turn) if a["type"] == "change"))
    view = GAME.view(session.state, 0)
    assert next_hint(view, 0, 0).target == "soup" and "change" in next_hint(view, 0, 0).words
    assert "arrow" in next_hint(view, 0, 1).words  # the next turn: a rotation
    happy = {**view, "my_tastes": [{"satisfied": True}], "shared_tastes": [{"satisfied": True}]}
    assert next_hint(happy, 0, 0).target == "main" and "Pass" in next_hint(happy, 0, 0).words
    assert next_hint({**view, "turn": 1}, 0, 0).target == "chefs"
    assert next_hint({**view, "round": 2}, 0, 0) is None  # only the first round is guided


def shoot_guided(size, moment: str) -> tuple[pygame.Surface, GuidedRound, list[tuple]]:
    session = FakeSession("too-many-cooks", players=3, seat=0, seed=7)
    table_app, scene = make_table(session, size)
    if moment == "turn":
        session.everyone_ready()
        while GAME.view(session.state, 0)["turn"] != 0:
            turn = GAME.view(session.state, 0)["turn"]
            session.apply(
                turn, next(a for a in GAME.legal_actions(session.state, turn) if a["type"] == "change")
            )
        session.now = 40.0
    guide = GuidedRound(
        SimpleNamespace(stack=SimpleNamespace(top=scene), settings=SimpleNamespace(guided_round=True))
    )
    table_app.guide = guide
    with coverage.capture() as drawn:
        shot = render(table_app, scene, session.now)
        guide.draw(shot)
    return shot, guide, drawn


@pytest.mark.parametrize("moment", ["ready", "turn"])
def test_the_guided_round_shows_its_hint_above_the_pot_covering_nothing(moment):
    shot, guide, drawn = shoot_guided((1280, 720), moment)
    from soupkitchen.client.tables.too_many_cooks.layout import TableLayout

    lay = TableLayout((1280, 720))
    assert guide.hint is not None and guide.bubble == lay.notice
    for rect in (
        lay.pot,
        lay.left_panel,
        lay.right_panel,
        *(lay.spare_card(i, c) for i in range(8) for c in range(4)),
    ):
        assert not guide.bubble.colliderect(rect)  # the soup, the tastes, the chefs, the spares stay in view
    first = theme_words(guide.hint.words)
    assert any(first in event[2] and lay.notice.contains(event[1]) for event in drawn if event[0] == "note")
    if golden_screens.UPDATE:
        doc, _guide, _drawn = shoot_guided(golden_screens.DOC_SIZE, moment)
        pygame.image.save(doc, str(golden_screens.DOCS / f"tmc-guided-{moment}.png"))


def theme_words(words: str) -> str:
    """The first few words of a hint (its first drawn line starts with them)."""
    return " ".join(words.split()[:3])


def test_the_hints_are_off_by_default_and_the_menu_turns_them_off(app, kit):
    assert app.settings.guided_round is False
    app.settings.guided_round = True
    session = TableSession(
        kit.FakeConnection(),
        kit.summary(game="too-many-cooks", title="Too Many Cooks", started=True),
        {0: "tok"},
    )
    menu = app.stack.push(PauseMenu(app, session))
    menu.form.focus_on("hints")
    kit.press(app, "select")
    assert app.settings.guided_round is False


def test_the_pages_say_what_a_first_game_needs_and_agree_with_the_rules():
    from soupkitchen.shared.pot_pourri.cards import COOK_STEP, MATCH_SQUARES
    from soupkitchen.shared.too_many_cooks.rounds import starting_stars

    words = {game: " ".join(page.text for page in pages) for game, pages in PAGES.items()}
    assert f"starts with {starting_stars('standard')} stars" in words["too-many-cooks"]
    assert (
        "the sequence moves on" in words["stone-soup"]
        and "even when a bluff was caught" in words["stone-soup"]
    )
    assert "full pot" in words["pink-soup"] and "your card takes its place" in words["pink-soup"]
    for matches, squares in MATCH_SQUARES.items():  # the matches-to-squares table, as the rules count it
        assert f"{matches} matches: {squares} square" in words["pot-pourri"]
    assert f"walks {COOK_STEP} square for each full pan" in words["pot-pourri"]
