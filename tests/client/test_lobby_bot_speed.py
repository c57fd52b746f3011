"""The host chooses the bots' speed in the lobby (relaxed / normal / fast, as in Settings); guests
see it. A lobby with many seats and options still fits: the seat list shows fewer rows at once and
scrolls, and no row is squeezed."""

from __future__ import annotations

import pygame
import pytest

from soupkitchen.client.net.session import TableSession
from soupkitchen.client.scenes import transitions
from soupkitchen.client.settings import BOT_SPEEDS
from soupkitchen.client.ui import theme

MANY_OPTIONS = {
    "id": "stone-soup",
    "title": "Stone Soup",
    "min_players": 2,
    "max_players": 6,
    "options": [
        {
            "key": f"o{i}",
            "label": f"Option {i + 1}",
            "default": 1,
            "choices": [1, 2],
            "minimum": None,
            "maximum": None,
        }
        for i in range(4)
    ],
}


def open_lobby(app, kit, summary, tokens, games=None):
    conn = kit.FakeConnection(games or kit.GAMES)
    session = TableSession(conn, summary, tokens)
    transitions.open_lobby(app, session)
    app.step(0.0)
    return conn, session, app.stack.top


async def test_the_host_chooses_the_bot_speed_in_the_lobby(app, kit):
    summary = kit.summary(seats=3, names=("Ada", None, None), bots=(1, 2))
    summary["settings"]["bot_delay"] = BOT_SPEEDS["normal"]
    conn, session, lobby = open_lobby(app, kit, summary, {0: "tok0"})
    assert "Bot speed: Normal" in lobby.describe()["widgets"]
    lobby.form.focus_on("bots")
    assert lobby.form.focused.value == "normal"
    kit.press(app, "navigate", dx=1)  # normal -> fast
    await kit.settle(app)
    sent = conn.events("set_options")
    assert sent and sent[-1]["settings"]["bot_delay"] == BOT_SPEEDS["fast"]
    assert sent[-1]["settings"]["handoff_pauses_timer"] is True  # the other setting is kept


@pytest.mark.parametrize(
    "delay,named", [(2.5, "relaxed"), (1.2, "normal"), (0.4, "fast"), (1.0, "normal"), (None, "normal")]
)
def test_a_guest_sees_the_tables_bot_speed(app, kit, delay, named):
    summary = kit.summary(seats=3, names=("Ada", "Bo"))
    summary["settings"]["bot_delay"] = delay
    _, _, lobby = open_lobby(app, kit, summary, {1: "tok1"})
    assert f"Bot speed: {named.capitalize()}" in lobby.describe()["widgets"]


@pytest.mark.parametrize("size", [(1280, 720), (1280, 1024), (3840, 2160)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_six_seats_and_many_options_fit_and_every_seat_is_reachable(app, kit, size, tmp_path):
    app.screen = pygame.display.set_mode(size)
    summary = kit.summary(seats=6, names=("Ada", "Bo"), bots=(2,))
    _, _, lobby = open_lobby(app, kit, summary, {0: "tok0"}, games=[MANY_OPTIONS])
    surface = pygame.Surface(size)
    lobby.draw(surface)
    pygame.image.save(surface, tmp_path / f"lobby-{size[0]}x{size[1]}.png")  # to look at
    lay = theme.layout(size)
    rects = [w.rect for w in lobby.form.widgets if w.visible]
    assert all(r.height >= lay.button_h * 0.6 for r in rects), "squeezed rows"
    assert all(not a.colliderect(b) for i, a in enumerate(rects) for b in rects[i + 1 :])
    seats = next(w for w in lobby.form.widgets if w.key == "seats")
    assert seats.visible_rows == 6  # every seat in sight at once: no pager
    lobby.form.focus_on("seats")
    seen = set()
    for _ in range(6):
        lobby.draw(surface)
        seen |= set(range(seats.scroll, seats.scroll + seats.visible_rows))
        kit.press(app, "navigate", dy=1)
    assert seen >= set(range(6))
