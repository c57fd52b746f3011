"""Toasts at a card table go around its buttons, as they do on every other screen."""

from __future__ import annotations

import pygame

from soupkitchen.client.app import App
from soupkitchen.client.settings import Settings
from soupkitchen.client.tables import table_scene_for
from soupkitchen.client.ui import theme
from soupkitchen.client.ui.toasts import Toast, draw_toasts
from tests.tables.fake_session import FakeSession
from tests.tables.harness import Clock

MESSAGES = ("Screenshot saved to a rather long path on this computer", "Pad connected", "Reconnected.")


def test_a_toast_never_covers_a_card_tables_button(tmp_path):
    session = FakeSession("stone-soup", 4, 0, seed=3)
    session.bots_play(until=lambda view: view["over"], limit=3000)
    session.local = True  # a solo table offers "Play again" at the end
    app = App(Settings(path=tmp_path / "settings.json"), size=(1280, 720), fullscreen=False, clock=Clock())
    try:
        table = app.stack.push(table_scene_for("stone-soup")(app, session))
        for words in MESSAGES:
            app.toast(words)
        app.step(app.clock.t)
        buttons = [thing.rect for thing in table.things() if thing.kind == "button"]
        again = table.thing("button:again")
        assert again is not None and len(app.toast_rects) == len(MESSAGES)
        unaware = draw_toasts(
            pygame.Surface(app.screen_size),
            theme.layout(app.screen_size),
            [Toast(words, "info", 0.0) for words in MESSAGES],
            [],
        )
        assert again.rect.collidelist(unaware) >= 0, "the button stands where toasts go by default"
        assert all(rect.collidelist(buttons) < 0 for rect in app.toast_rects)
    finally:
        pygame.display.quit()


def test_a_toast_at_too_many_cooks_is_read_above_the_pot_not_over_the_soup(tmp_path):
    session = FakeSession("too-many-cooks", 4, 0, seed=3)
    session.everyone_ready()
    app = App(Settings(path=tmp_path / "settings.json"), size=(1280, 720), fullscreen=False, clock=Clock())
    try:
        table = app.stack.push(table_scene_for("too-many-cooks")(app, session))
        app.toast("You are back: the bot has given your seat back.")
        app.step(app.clock.t)
        lay = table.table_layout
        assert app.toast_rects and all(lay.notice.contains(rect) for rect in app.toast_rects)
        unaware = draw_toasts(
            pygame.Surface(app.screen_size),
            theme.layout(app.screen_size),
            [Toast("You are back: the bot has given your seat back.", "info", 0.0)],
            table.occupied_rects(),
        )
        needed = [lay.pot, lay.log(4), *(lay.chef_row(i, 4) for i in range(4))]
        assert any(rect.collidelist(needed) >= 0 for rect in unaware), "without its place, over the log"
    finally:
        pygame.display.quit()
