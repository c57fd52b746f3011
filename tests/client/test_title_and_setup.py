"""The title and game set-up scenes driven headless: every way in works by keyboard, gamepad and
mouse, and a new table is asked for with the chosen game, options and password."""

from __future__ import annotations

import pygame
import pytest

from soupkitchen.client.net import ways_in
from soupkitchen.client.scenes import transitions
from soupkitchen.client.scenes.lobby import LobbyScene
from soupkitchen.client.scenes.setup import GameSetupScene
from soupkitchen.client.scenes.title import TitleScene
from soupkitchen.client.ui.input import InputAction


def test_title_is_playable_by_keyboard(app, kit):
    app.stack.push(TitleScene(app))
    app.step(0.0)
    assert app.stack.top.describe()["focused"] == "Play solo"
    kit.press(app, "navigate", dy=1)
    assert app.stack.top.describe()["focused"] == "Couch play"
    kit.press(app, "select")
    top = app.stack.top
    assert isinstance(top, GameSetupScene) and top.mode == "couch"
    assert "At this screen: 2" in top.describe()["widgets"]
    kit.press(app, "back")
    assert isinstance(app.stack.top, TitleScene)


def test_only_the_button_enter_presses_looks_chosen(app, kit):
    from soupkitchen.client.ui import theme

    title = app.stack.push(TitleScene(app))
    app.step(0.0)
    solo = next(w for w in title.form.widgets if w.key == "solo")

    def fill(button) -> tuple:  # the button's own colour, beside its words
        return tuple(app.screen.get_at((button.rect.x + button.rect.h // 2, button.rect.centery))[:3])

    assert fill(solo) == theme.ACCENT  # the default, with the focus: filled
    kit.press(app, "navigate", dy=1)
    app.step(0.0)
    assert fill(solo) not in (theme.ACCENT, theme.ACCENT_DARK)  # no longer looks like what Enter presses


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_the_titles_buttons_keep_their_places_when_unfinished_games_are_listed(app, tmp_path, size):
    import json

    app.screen = pygame.Surface(size)
    title = app.stack.push(TitleScene(app))
    app.step(0.0)
    before = {w.key: tuple(w.rect) for w in title.form.widgets}
    record = tmp_path / "data" / "unfinished" / "t1.json"
    record.parent.mkdir(parents=True)
    record.write_text(json.dumps({"game": "stone-soup", "table": "t1", "tokens": {"0": "a"}}))
    title.rebuild()
    app.step(0.0)
    after = {w.key: tuple(w.rect) for w in title.form.widgets}
    assert "unfinished" in after  # listed beside them
    assert {key: after[key] for key in before} == before  # a remembered click still hits the same button
    title.form.focus_on("unfinished")
    title.handle(InputAction("navigate", dx=-1))  # Left goes to the column beside the list, not to Quit
    assert title.form.focused.key == "solo"
    title.handle(InputAction("navigate", dx=1))
    assert title.form.focused.key == "unfinished"


def test_title_is_playable_by_gamepad_and_mouse(app, kit):
    app.stack.push(TitleScene(app))
    app.step(0.0)
    kit.press(app, "navigate", device="pad:0", dy=1)
    kit.press(app, "navigate", device="pad:0", dy=1)
    assert app.stack.top.describe()["focused"] == "Host a LAN game"
    settings_button = next(w for w in app.stack.top.form.widgets if w.key == "settings")
    kit.press(app, "click", device="mouse", pos=settings_button.rect.center)
    assert app.stack.top.name == "settings"


async def test_new_table_sends_the_chosen_game_options_and_password(app, kit):
    conn = kit.FakeConnection(kit.GAMES)
    conn.replies["create_table"] = {"ok": True, "table": kit.summary(), "seat": 0, "token": "tok0"}
    app.conn = conn
    transitions.open_setup(app, "remote", conn)
    scene = app.stack.top
    app.step(0.0)
    kit.press(app, "navigate", dx=1)  # Game: Stone Soup -> Pot Pourri
    assert "Cooking Pros: Off" in scene.describe()["widgets"]
    kit.press(app, "navigate", dy=1)  # Players
    kit.press(app, "navigate", dx=1)  # 4 -> 5
    kit.press(app, "navigate", dy=1)  # Password field (the table's own settings, under the seats)
    for ch in "soup":
        kit.press(app, "text", text=ch)
    assert "Password: ****" in scene.describe()["widgets"]
    kit.press(app, "navigate", dy=1)  # Listed for everyone on the server
    kit.press(app, "select")  # on -> off: found only by its invite code
    kit.press(app, "navigate", dy=1)  # Cooking Pros, the game's options beside them
    kit.press(app, "navigate", dx=1)  # off -> on (the arrows change a choice; Enter moves on)
    scene.form.focus_on("start")
    kit.press(app, "select")
    await kit.settle(app, lambda: isinstance(app.stack.top, LobbyScene))
    (sent,) = conn.events("create_table")
    assert sent["game"] == "pot-pourri" and sent["seats"] == 5
    assert sent["options"] == {"cooking_pros": True} and sent["password"] == "soup"
    assert sent["settings"]["listed"] is False


@pytest.mark.parametrize("kind", ["remote", "solo"])
def test_enter_on_a_choice_keeps_its_value_and_moves_on_to_the_next_row(app, kit, kind):
    from soupkitchen.client.ui.choice import Choice

    transitions.open_setup(app, kind, kit.FakeConnection(kit.GAMES) if kind == "remote" else None)
    scene = app.stack.top
    app.step(0.0)
    scene.form.focus_on("game")
    before = scene.describe()["widgets"][:]
    game = scene.form.focused
    assert isinstance(game, Choice)
    kit.press(app, "select")  # Enter
    assert scene.describe()["widgets"][0] == before[0]  # the same game
    assert scene.form.focused is not game  # the focus went on down the form
    for _ in range(len(scene.form.widgets)):  # Enter again and again walks down to the button
        if not isinstance(scene.form.focused, Choice):
            break
        kit.press(app, "select")
    assert not isinstance(scene.form.focused, Choice)


def test_solo_set_up_offers_the_difficulty_and_each_bots_level_up_front(app, kit, monkeypatch):
    started = []
    monkeypatch.setattr(transitions, "start_local", lambda app, *args: started.append(args))
    transitions.open_setup(app, "solo")
    scene = app.stack.top
    scene._pick_game("too-many-cooks")
    scene.rebuild()
    app.step(0.0)
    widgets = scene.describe()["widgets"]
    bots = [words for words in widgets if words.startswith("Bot at seat")]
    rects = {w.key: w.rect for w in scene.form.widgets}
    assert "Difficulty: Easy" in widgets
    assert rects["opt:difficulty"].top <= rects["players"].top < rects["bot0"].top  # atop its column
    assert bots == ["Bot at seat 2: Normal", "Bot at seat 3: Normal", "Bot at seat 4: Normal"]
    scene.form.focus_on("bot1")
    kit.press(app, "navigate", dx=-1)  # seat 3: normal -> easy
    assert "Bot at seat 3: Easy" in scene.describe()["widgets"]
    scene.form.focus_on("start")
    kit.press(app, "select")
    (args,) = started
    assert (
        args[0] == "too-many-cooks"
        and args[1]["difficulty"] == "easy"
        and args[-1] == ["normal", "easy", "normal"]
    )


def test_the_set_up_opens_on_the_last_one_and_its_rows_stay_put_when_the_game_changes(app, kit, monkeypatch):
    monkeypatch.setattr(transitions, "start_local", lambda app, *args: None)
    transitions.open_setup(app, "solo")
    scene = app.stack.top
    scene._pick_game("stone-soup")
    app.step(0.0)
    kept = ("players", "bot0", "start", "back")
    seats = {w.key: w.rect.copy() for w in scene.form.widgets if w.key in kept}
    scene._pick_game("pot-pourri")
    app.step(0.0)
    assert {w.key: w.rect for w in scene.form.widgets if w.key in kept} == seats
    scene._set_players(3)
    scene.rebuild()
    scene.form.focus_on("bot1")
    kit.press(app, "navigate", dx=1)  # the bot at seat 3: normal -> hard
    scene.form.focus_on("start")
    kit.press(app, "select")
    app.stack.pop()
    transitions.open_setup(app, "solo")  # next time: the same game, seats and bots
    again = app.stack.top.describe()["widgets"]
    assert "Game: Pot Pourri" in again and "Players: 3" in again and "Bot at seat 3: Hard" in again


@pytest.mark.parametrize(
    ("game", "shown"),
    [("too-many-cooks", True), ("stone-soup", True), ("pink-soup", False), ("pot-pourri", False)],
)
def test_couch_set_up_offers_the_hand_off_pause_only_for_a_game_with_a_clock(app, game, shown):
    from soupkitchen.client.net import ways_in

    games = ways_in.local_games()
    setup = GameSetupScene(
        app, "couch", [g for g in games if g["id"] == game] + [g for g in games if g["id"] != game]
    )
    assert any(w.startswith("Hand-off pauses the timer") for w in setup.describe()["widgets"]) == shown


def test_the_title_says_which_game_is_left_out_and_why(app, tmp_path, monkeypatch):
    """A game package whose registration fails is named at the foot of the title, in one sentence;
    the others are offered as ever."""
    import soupkitchen.shared as shared
    from soupkitchen.client.ui import coverage
    from soupkitchen.shared import registry

    folder = tmp_path / "broth"
    folder.mkdir()
    (folder / "__init__.py").write_text('"""A broken game."""\n', encoding="utf-8")
    (folder / "registration.py").write_text("raise RuntimeError('the stock boiled over')\n", encoding="utf-8")
    monkeypatch.setattr(shared, "__path__", [*shared.__path__, str(tmp_path)])
    registry.forget()
    drawn: list[str] = []
    monkeypatch.setattr(coverage, "note", lambda rect, label: drawn.append(label))
    try:
        app.stack.push(TitleScene(app))
        app.step(0.0)
        offered = [game["id"] for game in ways_in.local_games()]
    finally:
        monkeypatch.undo()
        registry.forget()
    assert offered == ["too-many-cooks", "pink-soup", "stone-soup", "pot-pourri"]
    assert (
        'The game in "broth" is left out: its registration does not load (RuntimeError: the stock '
        "boiled over)."
    ) in " ".join(drawn)


def test_couch_players_are_called_by_the_names_given_at_the_set_up(app):
    from soupkitchen.client.net import ways_in

    app.settings.name, app.settings.couch_names = "Ada", ["Bea", "  "]
    assert ways_in.couch_names(app, 3) == ["Ada", "Bea", "Player 3"]  # a blank name keeps "Player N"


def test_the_set_up_keeps_the_last_games_players_and_bots_for_another_game(app):
    """Three players for Pink Soup, then Stone Soup chosen (played before with four): three again,
    with the same bots."""
    app.settings.remember_setup("solo", "stone-soup", players=4, bots=["normal"] * 3)
    app.settings.remember_setup("solo", "pink-soup", players=3, bots=["hard", "easy"])
    transitions.open_setup(app, "solo")
    scene = app.stack.top
    assert "Game: Pink Soup" in scene.describe()["widgets"] and scene.players == 3
    scene._pick_game("stone-soup")
    shown = scene.describe()["widgets"]
    assert "Players: 3" in shown and "Bot at seat 2: Hard" in shown and "Bot at seat 3: Easy" in shown


@pytest.mark.parametrize(
    ("mode", "game", "shown"), [("solo", "too-many-cooks", True), ("solo", "stone-soup", False)]
)
def test_a_solo_set_up_of_too_many_cooks_offers_its_guided_first_round_beside_start(app, mode, game, shown):
    from soupkitchen.client.net import ways_in

    games = ways_in.local_games()
    setup = GameSetupScene(
        app, mode, [g for g in games if g["id"] == game] + [g for g in games if g["id"] != game]
    )
    assert ("Guided first round" in setup.describe()["widgets"]) == shown
