"""Every control does what it shows, driven by real pointer and keyboard events through the app:
set-up arrows, the address field, the title's offers, the focus ring, toasts and the window size."""

from __future__ import annotations

import json

import pygame
import pytest

from soupkitchen.client.app import App
from soupkitchen.client.net import ways_in
from soupkitchen.client.scenes import transitions
from soupkitchen.client.scenes.join import JoinScene, check_address
from soupkitchen.client.scenes.setup import GameSetupScene
from soupkitchen.client.scenes.title import TitleScene
from soupkitchen.client.settings import Settings
from soupkitchen.client.ui import textfield, theme


def post_click(pos) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1, touch=False))


def post_key(key: int, mod: int = 0) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode="", scancode=0))


def post_text(words: str) -> None:
    for ch in words:
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=ch))


def frame(app: App) -> None:
    app.clock.t += 1 / 60
    app.step(app.clock.t)


def widget(scene, key: str):
    return next(w for w in scene.form.widgets if w.key == key)


# --- set-up arrows -----------------------------------------------------------------------------------
def test_setup_arrows_count_the_way_they_point(app, kit):
    app.stack.push(GameSetupScene(app, "solo", kit.GAMES))
    frame(app)
    players = widget(app.stack.top, "players")
    parts = players.parts(app.layout)
    assert players.value == 4
    post_click(parts.minus.center)
    frame(app)
    assert widget(app.stack.top, "players").value == 3  # the drawn "<" counts down
    post_click(parts.plus.center)
    post_click(parts.plus.center)
    frame(app)
    assert widget(app.stack.top, "players").value == 5  # the drawn ">" counts up
    assert parts.minus.right <= parts.value.left and parts.value.right <= parts.plus.left
    assert players.rect.contains(parts.minus) and players.rect.contains(parts.plus)


# --- the address field -------------------------------------------------------------------------------
@pytest.fixture
async def join(app, monkeypatch):
    tried: list[str] = []

    async def fake_connect(_app, url, *_timeout):
        tried.append(url)
        raise OSError("nobody answered")

    async def nothing():
        return []

    monkeypatch.setattr(ways_in, "connect", fake_connect)
    scene = app.stack.push(JoinScene(app, nothing))
    frame(app)
    return scene, tried


async def test_clicking_the_address_edits_it_and_never_connects(app, kit, join):
    scene, tried = join
    field = widget(scene, "address")
    post_click(field.rect.center)
    frame(app)
    assert scene.form.focused is field and app.input.text_mode
    post_text("10.0.0.7:8765")
    frame(app)
    await kit.settle(app)
    assert field.value == "10.0.0.7:8765" and tried == []


async def test_enter_or_join_connects_and_a_failure_leaves_typing_alone(app, kit, join):
    scene, tried = join
    field = widget(scene, "address")
    post_click(field.rect.center)
    frame(app)
    post_text("10.0.0.7:8765")
    post_key(pygame.K_RETURN)
    frame(app)
    await kit.settle(app, lambda: tried and app.stack.top is scene)
    assert tried == ["http://10.0.0.7:8765"]
    assert "nobody answered" in scene.error and scene.form.focused is field
    post_text(" x")  # a space types a space: no box to dismiss
    frame(app)
    assert field.value == "10.0.0.7:8765 x" and app.stack.top is scene
    post_click(widget(scene, "connect").rect.center)
    frame(app)
    assert "like 192.168.1.20:8765" in scene.error and len(tried) == 1


async def test_the_address_supports_selection_select_all_and_paste(app, join, monkeypatch):
    scene, _tried = join
    monkeypatch.setattr(textfield, "clipboard_text", lambda: "  192.168.1.9:9000\n")
    field = widget(scene, "address")
    post_click(field.rect.center)
    frame(app)
    post_text("oops")
    post_key(pygame.K_a, pygame.KMOD_LCTRL)
    post_key(pygame.K_v, pygame.KMOD_LCTRL)
    frame(app)
    assert field.value == "192.168.1.9:9000"
    post_key(pygame.K_HOME)
    post_key(pygame.K_RIGHT, pygame.KMOD_LSHIFT)
    post_key(pygame.K_RIGHT, pygame.KMOD_LSHIFT)
    post_key(pygame.K_RIGHT, pygame.KMOD_LSHIFT)
    post_text("10")
    post_key(pygame.K_END)
    post_key(pygame.K_BACKSPACE)
    frame(app)
    assert field.value == "10.168.1.9:900"
    post_click((field.rect.right - 4, field.rect.centery))  # a click past the end puts the cursor there
    frame(app)
    assert field.cursor == len(field.value)


@pytest.mark.parametrize(
    "typed, ok",
    [
        ("192.168.1.20:8765", True),
        ("kitchen.local:80", True),
        ("https://soup.example:443", True),
        ("[::1]:8765", True),
        ("soup", True),
        ("", False),
        ("192.168.1.20:99999", False),
        ("192.168.1.20:port", False),
        ("not an address", False),
        ("10.0.0.7:8765 x", False),
    ],
)
def test_addresses_are_checked_before_trying(typed, ok):
    if ok:
        assert check_address(typed).startswith("http")
    else:
        with pytest.raises(ValueError):
            check_address(typed)


# --- the title offers only what exists ---------------------------------------------------------------
class FinishedSession:
    local, over = True, True
    game_id = "stone-soup"


async def test_the_title_offers_resume_only_for_a_game_that_can_be_resumed(app, kit, monkeypatch):
    app.stack.push(TitleScene(app))
    assert not any("Stone Soup" in w for w in app.stack.top.describe()["widgets"])
    ways_in.resume_file().parent.mkdir(parents=True, exist_ok=True)
    ways_in.resume_file().write_text(
        json.dumps({"game": "stone-soup", "title": "Stone Soup", "tokens": {"0": "t"}})
    )
    app.stack.top.rebuild()
    assert app.stack.top.describe()["widgets"][0] == "[Stone Soup]"  # an older client's one saved game

    async def left(_app, _session):
        ways_in.forget_saved_game()

    monkeypatch.setattr(ways_in, "leave_table", left)
    transitions.leave(app, FinishedSession())
    await kit.settle(app)
    assert not any("Stone Soup" in w for w in app.stack.top.describe()["widgets"])


def saved_at(table: str, title: str, when: float) -> None:
    ways_in.unfinished_dir().mkdir(parents=True, exist_ok=True)
    (ways_in.unfinished_dir() / f"{table}.json").write_text(
        json.dumps({"game": "pink-soup", "title": title, "table": table, "tokens": {"0": "t"}, "saved": when})
    )


async def test_every_unfinished_game_is_listed_and_the_title_buttons_never_move(app, kit, monkeypatch):
    title = app.stack.push(TitleScene(app))
    app.draw(app.screen, 0.0)
    before = {w.key: w.rect.copy() for w in title.form.widgets}
    for i in range(3):
        saved_at(f"t{i}", f"Game {i}", 1000.0 + i)
    title.rebuild()
    app.draw(app.screen, 0.0)
    assert title.describe()["widgets"][0].startswith("[Game 2")  # newest first, every one of them
    assert title.describe()["widgets"][0].count(";") == 2
    assert {w.key: w.rect for w in title.form.widgets if w.key in before} == before  # not one button moved
    listed = next(w for w in title.form.widgets if w.key == "unfinished")
    assert all(not listed.rect.colliderect(w.rect) for w in title.form.widgets if w is not listed)
    resumed = []
    monkeypatch.setattr(transitions, "resume", lambda _app, saved: resumed.append(saved["table"]))
    listed.selected = 1
    listed.activate()
    assert resumed == ["t1"]  # the one chosen, not the newest
    ways_in.forget_saved_game(table="t1")
    assert [g["table"] for g in ways_in.saved_games()] == ["t2", "t0"]


# --- focus ring, toasts, window size -----------------------------------------------------------------
def contrast(a, b) -> float:
    def lum(c):
        channels = [(v / 255) ** 2.2 for v in c[:3]]
        return 0.2126 * channels[0] + 0.7152 * channels[1] + 0.0722 * channels[2]

    hi, lo = sorted((lum(a), lum(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


@pytest.mark.parametrize(
    "background", [theme.ACCENT, theme.MUSTARD, theme.PANEL, theme.BACKGROUND, theme.HERB, theme.TEXT]
)
def test_the_focus_ring_stands_out_on_every_background(background):
    lay = theme.layout((1280, 720))
    surface = pygame.Surface((400, 200))
    surface.fill(background)
    rect = pygame.Rect(100, 70, 200, 60)
    theme.draw_focus_ring(surface, rect, lay)
    band = [surface.get_at((200, y)) for y in range(rect.top - lay.ring * 3, rect.top)]
    assert max(contrast(c, background) for c in band) >= 3.0


def test_toasts_never_cover_a_button(app):
    app.stack.push(TitleScene(app))
    for words in ("Screenshot saved to a rather long path on this computer", "Pad connected", "Reconnected."):
        app.toast(words)
    frame(app)
    buttons = app.stack.top.occupied_rects()
    assert len(app.toast_rects) == 3
    for rect in app.toast_rects:
        assert rect.collidelist(buttons) < 0


def test_the_window_never_opens_smaller_than_the_layout_supports(tmp_path):
    app = App(Settings(path=tmp_path / "s.json"), size=(640, 360), fullscreen=False)
    assert app.screen_size == theme.MIN_WINDOW
    pygame.display.quit()


def test_without_the_window_api_a_small_window_is_enlarged(tmp_path, monkeypatch):
    monkeypatch.delattr(pygame, "Window")  # an older pygame-ce: no minimum size to ask for
    app = App(Settings(path=tmp_path / "s.json"), size=(1280, 720), fullscreen=False)
    app._resized((500, 300))  # the player dragged the window smaller
    assert app.screen_size == theme.MIN_WINDOW and app.settings.window == list(theme.MIN_WINDOW)
    pygame.display.quit()
