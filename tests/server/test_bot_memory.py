"""Bots keep their memory across a server restart and when standing in for a player: what a bot
remembers is a function of the match so far, the same for a bot that was there all along, one the
server rebuilt after a restart and one that took over a seat mid-match."""

from __future__ import annotations

import asyncio
import copy
import time
from itertools import islice
from typing import Any

import pytest
from server_testkit import Client, quick_options

from soupkitchen.server.embedded import EmbeddedServer
from soupkitchen.server.tables.runner import TableRunner
from soupkitchen.server.tables.table import Table
from soupkitchen.shared.core import Bot
from soupkitchen.shared.levels import LevelledBot
from soupkitchen.shared.match import MatchRecord, seat_views
from soupkitchen.shared.registry import get_game

MEMORY_GAMES = {
    "pot-pourri": 24,
    "stone-soup": 12,
    "pink-soup": 30,
}  # game: actions to play before the restart
DECISIONS = ("seed", "rng", "plan", "challenges", "beats")  # what a bot means to do (and how long it
# takes over it), not what it saw
CHOOSING = {
    "PinkSoupBot": ("view", "suitable", "pot", "tops")
}  # worked out afresh from the view at each choice
SEATS = 3


def remembered(bot: Bot) -> dict[str, Any]:
    if isinstance(bot, LevelledBot):  # a bot at a level: the views it keeps in mind and the bot within
        return {"inner": remembered(bot.inner), "since": bot.since, "recent": bot.kept_views()}
    skip = DECISIONS + CHOOSING.get(type(bot).__name__, ())
    return copy.deepcopy({key: value for key, value in vars(bot).items() if key not in skip})


def rebuilt(record: MatchRecord, seat: int) -> Bot:
    bot = get_game(record.game).make_bot(seat, 1)
    for view in seat_views(record, seat):
        bot.observe(view)
    return bot


def snapshot(runner: TableRunner) -> tuple[MatchRecord, dict[int, Bot]]:
    """Copies of the table's record and bots as they are now (the server may play on meanwhile)."""
    return copy.deepcopy(runner.table.record), copy.deepcopy(runner.bots)


def launch(db) -> EmbeddedServer:
    return EmbeddedServer(db, bot_delay=0.01, grace=0.2, bot_poll=0.05, rate=500.0, burst=500.0)


async def until(check, timeout: float = 20.0) -> None:
    end = time.monotonic() + timeout
    while not check():
        assert time.monotonic() < end, "timed out"
        await asyncio.sleep(0)  # look again once the event loop has gone round


@pytest.mark.parametrize(("game_id", "actions"), MEMORY_GAMES.items())
async def test_bots_restored_after_a_restart_remember_what_bots_never_stopped_remember(
    tmp_path, game_id, actions
):
    game = get_game(game_id)
    assert Table.remembers(game.make_bot(0, 1))
    srv = launch(tmp_path / "server.sqlite3")
    await srv.start()
    try:
        host = await Client(srv.url).connect()
        made = await host.ok(
            "create_table", {"game": game_id, "seats": SEATS, "name": "Ann", "options": quick_options(game)}
        )
        table_id = made["table"]["id"]
        await host.ok("start", {"token": made["token"]})
        await host.close()  # Ann goes away: after the grace period a bot stands in for her
        runner = srv.hub.roster.runners[table_id]
        await until(lambda: 0 in runner.bots and runner.table.state_id >= actions)
        record, live = snapshot(runner)
    finally:
        await srv.stop()
    assert sorted(live) == list(range(SEATS))
    for seat, bot in live.items():  # the server showed its bots every new state, the stand-in the past
        assert remembered(bot) == remembered(rebuilt(record, seat)), f"seat {seat} before the restart"

    again = launch(tmp_path / "server.sqlite3")
    await again.start()
    try:
        runner = again.hub.roster.runners[table_id]
        table = runner.table
        mark = len(record.log)
        # play goes on after the restart, and once more a bot stands in for Ann
        await until(lambda: 0 in runner.bots and table.state_id >= mark + actions // 4 and not table.over)
        now, restored = snapshot(runner)
    finally:
        await again.stop()
    assert now.log[:mark] == record.log, "the restart lost no action"
    assert sorted(restored) == list(range(SEATS))
    for seat, bot in live.items():  # what a server that never stopped would have shown its bots since
        for view in islice(seat_views(now, seat), mark + 1, None):
            bot.observe(view)
    for seat in range(SEATS):
        assert remembered(restored[seat]) == remembered(live[seat]), f"seat {seat} after the restart"
    fresh = remembered(game.make_bot(1, 1))
    learnt = remembered(restored[1])
    assert any(learnt[key] != fresh[key] for key in learnt if key != "last_view"), "the bots learnt something"


async def test_a_seeded_server_deals_the_same_game_and_a_client_cannot_choose_the_seed(tmp_path):
    """The seed a local tour or test gives the embedded server fixes the deal and the bots' seeds;
    ``create_table`` takes no seed from a client."""
    records = []
    for run in range(2):
        srv = EmbeddedServer(
            tmp_path / f"seeded{run}.sqlite3", bot_delay=0.01, bot_poll=0.05, rate=500.0, burst=500.0, seed=5
        )
        await srv.start()
        try:
            host = await Client(srv.url).connect()
            await host.error(
                "create_table",
                {"game": "pink-soup", "seats": SEATS, "name": "Ann", "options": {}, "seed": 1},
                "bad_request",
            )
            made = await host.ok(
                "create_table", {"game": "pink-soup", "seats": SEATS, "name": "Ann", "options": {}}
            )
            await host.ok("start", {"token": made["token"]})
            table = srv.hub.tables[made["table"]["id"]]
            await host.wait_for(lambda ann=host: ann.latest(0) and ann.latest(0)["view"]["turn"] == 0)
            records.append(
                (
                    table.seed,
                    [entry["action"] for entry in table.record.log],
                    {seat: vars(bot)["seed"] for seat, bot in srv.hub.roster.runners[table.id].bots.items()},
                )
            )
            await host.close()
        finally:
            await srv.stop()
    assert records[0][0] == 5 and records[0] == records[1]
