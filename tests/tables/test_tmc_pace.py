"""Bots at a table with a person play at a person's pace, on the server's injected clock: every
bot move comes at least the table's bot delay after the move before it, so two bot moves never
fall inside one animation."""

from __future__ import annotations

import pytest

from soupkitchen.client.settings import BOT_SPEEDS
from soupkitchen.client.tables.too_many_cooks.animation import FLIP_SECONDS, SLIDE_SECONDS
from soupkitchen.server.embedded import EmbeddedServer
from soupkitchen.server.tables.scheduler import HandScheduler
from tests.server.server_testkit import Client


def test_the_quickest_bot_speed_is_slower_than_any_animation():
    assert min(BOT_SPEEDS.values()) > max(FLIP_SECONDS, SLIDE_SECONDS)
    assert list(BOT_SPEEDS) == ["relaxed", "normal", "fast"]


@pytest.mark.parametrize(
    "speed,in_lobby",
    [("normal", False), ("fast", False), ("relaxed", True)],
    ids=["normal", "fast", "relaxed-chosen-in-the-lobby"],
)
async def test_each_bot_move_waits_the_bot_delay_after_the_move_before(tmp_path, speed, in_lobby):
    delay = BOT_SPEEDS[speed]
    server = EmbeddedServer(
        tmp_path / "pace.sqlite3", bot_delay=BOT_SPEEDS["fast"], scheduler=HandScheduler()
    )
    await server.start()
    ada = await Client(server.url).connect()
    try:
        made = await ada.ok(
            "create_table",
            {
                "game": "too-many-cooks",
                "options": {},
                "seats": 4,
                "name": "Ada",
                "settings": {"bot_delay": BOT_SPEEDS["fast"] if in_lobby else delay},
            },
        )
        token = made["token"]
        table = server.hub.tables[made["table"]["id"]]
        if in_lobby:  # the host changes the bot speed in the lobby, before the start
            await ada.ok("set_options", {"token": token, "options": {}, "settings": {"bot_delay": delay}})
            assert (await ada.ok("list_tables", {}))["tables"][0]["settings"]["bot_delay"] == delay
        await ada.ok("start", {"token": token})
        bot_moves = 0
        for _ in range(2000):  # the server's clock, half a second at a time
            server.scheduler.advance(0.5)
            view = table.game.view(table.state, 0)
            if view["legal_actions"]:  # Ada plays at once whenever she may
                action = next(
                    (a for a in view["legal_actions"] if a["type"] == "rotate"), view["legal_actions"][0]
                )
                await ada.ok("act", {"token": token, "state_id": table.state_id, "action": action})
            bot_moves = sum(
                1
                for entry in table.record.log
                if entry["seat"] not in (0, None) and entry["action"]["type"] != "react"
            )
            if bot_moves >= 8:
                break
        assert bot_moves >= 8
        moves = [entry for entry in table.record.log if entry["action"]["type"] != "react"]  # no card moved
        gaps = [
            after["t"] - before["t"]
            for before, after in zip(moves, moves[1:], strict=False)
            if after["seat"] not in (0, None)
        ]
        assert min(gaps) >= delay - 1e-9  # never quicker than the chosen speed
        made = [entry["t"] for entry in moves if entry["action"]["type"] in ("change", "rotate")]
        for entry in table.record.log:  # a reaction waits the bot delay after its move too
            if entry["action"]["type"] == "react":
                assert entry["t"] - made[entry["action"]["move"] - 1] >= delay - 1e-9
    finally:
        await ada.close()
        await server.stop()
