"""Leaving a table one only watches asks nothing: no seat is left for a bot to take."""

from __future__ import annotations

import pygame

from soupkitchen.client.app import App
from soupkitchen.client.net.session import TableSession
from soupkitchen.client.scenes.menus import PauseMenu
from soupkitchen.client.settings import Settings


class Conn:
    """Just enough of a connection for a session that never sends anything here."""

    connected = True

    def __init__(self) -> None:
        self.sessions: dict = {}


def leave_from_pause(tmp_path, tokens: dict[int, str]) -> App:
    app = App(Settings(path=tmp_path / "s.json"), size=(1280, 720), fullscreen=False)
    table = {
        "id": "t1",
        "game": "too-many-cooks",
        "started": True,
        "host_seat": 0,
        "seats": [{"seat": 0, "name": "Ada"}, {"seat": 1, "name": "Bo"}],
    }
    session = TableSession(Conn(), table, tokens)
    menu = app.stack.push(PauseMenu(app, session))
    app.spawn = lambda coro, on_done=None: coro.close()  # the leaving itself is not under test here
    menu.leave()
    return app


def test_leaving_a_watched_table_does_not_warn_about_a_bot(tmp_path):
    app = leave_from_pause(tmp_path, {})
    assert app.stack.top.name == "title"
    pygame.display.quit()


def test_leaving_a_seat_at_a_lan_table_warns_that_a_bot_takes_it(tmp_path):
    app = leave_from_pause(tmp_path, {1: "token"})
    assert app.stack.top.name == "dialog" and "A bot will take your seat" in str(app.stack.top.describe())
    pygame.display.quit()
