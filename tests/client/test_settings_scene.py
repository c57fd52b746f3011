"""The settings scene driven headless: choices are saved and read back, bad files fall back to the
defaults, and a gamepad alone can type a name."""

from __future__ import annotations

from soupkitchen.client.scenes import transitions
from soupkitchen.client.settings import Settings


def test_settings_are_saved_and_read_back(app, kit):
    transitions.open_settings(app)
    scene = app.stack.top
    app.step(0.0)
    for _ in range(4):
        kit.press(app, "erase")
    for ch in "Remy":
        kit.press(app, "text", text=ch)
    scene.form.focus_on("bots")
    kit.press(app, "navigate", dx=1)
    scene.form.focus_on("symbols")
    kit.press(app, "select")
    kit.press(app, "back")
    again = Settings.load(app.settings.path)
    assert (again.name, again.bot_speed, again.colour_blind_symbols) == ("Remy", "fast", True)


def test_unreadable_settings_fall_back_to_defaults(tmp_path):
    path = tmp_path / "settings.json"
    path.write_text('{"name": 5, "volume": 400, "window": [1, 2], "bot_speed": "warp"}')
    loaded = Settings.load(path)
    assert (loaded.name, loaded.volume, loaded.window, loaded.bot_speed) == (
        "Chef",
        100,
        [1280, 720],
        "normal",
    )  # volume clamped


def test_a_gamepad_alone_can_type_a_name(app, kit):
    transitions.open_settings(app)
    scene = app.stack.top
    app.step(0.0)
    assert scene.describe()["focused"].startswith("Your name")
    kit.press(app, "select", device="pad:0")  # opens the on-screen keyboard
    keyboard = app.stack.top
    assert keyboard.name == "keyboard"
    for _ in range(4):
        kit.press(app, "back", device="pad:0")  # B erases
    kit.press(app, "navigate", device="pad:0", dy=2)  # from "q" down two rows to "z"
    assert keyboard.describe()["key"] == "z"
    kit.press(app, "select", device="pad:0")
    kit.press(app, "navigate", device="pad:0", dy=-2)
    kit.press(app, "navigate", device="pad:0", dx=2)  # back up to "q", then right to "e"
    kit.press(app, "select", device="pad:0")
    kit.press(app, "menu", device="pad:0")  # Start closes the keyboard
    assert app.stack.top is scene
    assert app.settings.name == "ze"


def test_the_language_changes_every_open_screen_at_once_and_is_saved(app, kit, catalogs):
    assert catalogs == ["en", "de", "lt"]
    app.stack.reset_to("title")
    transitions.open_settings(app)
    scene = app.stack.top
    app.step(0.0)
    scene.form.focus_on("language")
    kit.press(app, "navigate", dx=1)
    assert scene.form.focused.describe() == "Sprache: Deutsch"  # the focus stays on the language
    assert "Fertig" in scene.describe()["widgets"]
    title = app.stack.find("title")
    assert "Allein spielen" in title.describe()["widgets"]  # the screen below is worded again too
    app.step(1.0)
    kit.press(app, "navigate", dx=1)
    assert scene.form.focused.describe() == "Kalba: Lietuvių"
    assert "Žaisti vienam" in title.describe()["widgets"]
    kit.press(app, "back")
    assert Settings.load(app.settings.path).language == "lt"
    transitions.open_settings(app)
    app.stack.top.form.focus_on("language")
    kit.press(app, "navigate", dx=1)
    assert "Play solo" in title.describe()["widgets"] and app.settings.language == "en"


def test_the_on_screen_keyboard_has_the_languages_own_letters(app, kit, catalogs):
    app.set_language("lt")
    transitions.open_settings(app)
    app.step(0.0)
    kit.press(app, "select", device="pad:0")  # the name field has the focus: the keyboard opens
    keyboard = app.stack.top
    for _ in range(4):
        kit.press(app, "back", device="pad:0")
    kit.press(app, "navigate", device="pad:0", dy=3)  # from "q" down to the row of Lithuanian letters
    assert keyboard.describe()["key"] == "ą"
    kit.press(app, "select", device="pad:0")
    kit.press(app, "rotate_right", device="pad:0")  # shift
    kit.press(app, "navigate", device="pad:0", dx=7)
    kit.press(app, "select", device="pad:0")
    kit.press(app, "navigate", device="pad:0", dy=1)
    assert keyboard.keys(keyboard.row)[0] == "Shift"  # the row of special keys comes after
    kit.press(app, "menu", device="pad:0")
    assert app.stack.top.form.focused.describe() == "Tavo vardas: ąŪ"
