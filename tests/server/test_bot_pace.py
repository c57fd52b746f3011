"""Bots at a table with people take as long as a person would (their beats of the table's bot
delay), and between the rounds of a timed game an absent chef does not hold the table up: the
stand-in confirms the reveal and says ready for them after the short grace. Real sockets, the
server's clock moved by hand."""

from __future__ import annotations

from types import SimpleNamespace

from server_testkit import Client

from soupkitchen.server.config import BOT_JITTER_WITH_PEOPLE, ServerConfig
from soupkitchen.server.embedded import EmbeddedServer
from soupkitchen.server.tables.bots import TableBots
from soupkitchen.server.tables.scheduler import HandScheduler
from soupkitchen.shared.too_many_cooks.bot import Chef

PATIENCE = 60.0  # seconds of real time any wait may take at most: it only ends a run that is stuck


def tick(server: EmbeddedServer, seconds: float = 0.1) -> None:
    """Move the server's clock on; the tables' timers act on it as it goes."""
    server.scheduler.advance(seconds)


async def test_a_bot_waits_its_beats_of_the_bot_delay_before_it_moves(tmp_path, monkeypatch):
    """It takes in the table (its ``looks``), then thinks over the move it chose: both in beats of
    the bot delay, each times a factor of 1 to 1.5; the others' reactions meanwhile hold it up no more."""
    looks, beats, delay = 1.0, 3.0, 0.4
    monkeypatch.setattr(Chef, "looks", lambda self, view: looks if len(view["legal_actions"]) > 1 else 0.0)
    monkeypatch.setattr(
        Chef, "thinking", lambda self, view, action: beats if len(view["legal_actions"]) > 1 else 1.0
    )
    server = EmbeddedServer(tmp_path / "pace.sqlite3", bot_delay=delay, scheduler=HandScheduler(), seed=16)
    await server.start()
    ada = await Client(server.url).connect()
    try:
        made = await ada.ok(
            "create_table", {"game": "too-many-cooks", "options": {}, "seats": 3, "name": "Ada"}
        )
        table = server.hub.tables[made["table"]["id"]]
        await ada.ok("start", {"token": made["token"]})
        cook = Chef(0, 1)  # Ada plays as a chef would, at once whenever she may
        for _ in range(3000):
            tick(server)
            view = table.game.view(table.state, 0)
            if view["legal_actions"]:
                await ada.ok(
                    "act",
                    {"token": made["token"], "state_id": table.state_id, "action": cook.choose(view, 0.0)},
                )
            moves = [
                entry
                for entry in table.record.log
                if entry["seat"] not in (0, None) and entry["action"]["type"] in ("change", "rotate")
            ]
            if len(moves) >= 6 or table.over:
                break
        turns = [entry for entry in table.record.log if entry["action"]["type"] != "react"]
        gaps = [
            after["t"] - before["t"]
            for before, after in zip(turns, turns[1:], strict=False)
            if after["seat"] not in (0, None) and after["action"]["type"] in ("change", "rotate")
        ]
        assert len(gaps) >= 6
        took = (looks + beats) * delay
        assert all(took - 1e-6 <= gap <= took * 1.5 + 0.25 for gap in gaps), gaps
    finally:
        await ada.close()
        await server.stop()


async def test_between_rounds_a_stand_in_says_ready_for_an_absent_chef_after_the_short_grace(tmp_path):
    # The deal of seed 16 leaves two of round 1's seven tastes unsatisfied: a round nobody plays
    # costs a star and the game goes on.
    server = EmbeddedServer(
        tmp_path / "rounds.sqlite3",
        bot_delay=0.4,
        scheduler=HandScheduler(),
        grace=3600.0,
        timed_grace=0.2,
        seed=16,
    )
    await server.start()
    ann, bob = await Client(server.url).connect(), await Client(server.url).connect()
    try:
        made = await ann.ok(
            "create_table",
            {"game": "too-many-cooks", "seats": 2, "name": "Ann", "options": {"round_seconds": 60}},
        )
        joined = await bob.ok("join_table", {"table": made["table"]["id"], "name": "Bob"})
        await bob.ok("ready", {"token": joined["token"], "on": True})
        await ann.ok("start", {"token": made["token"]})
        table = server.hub.tables[made["table"]["id"]]
        for token, client in ((made["token"], ann), (joined["token"], bob)):
            await client.ok("act", {"token": token, "state_id": table.state_id, "action": {"type": "ready"}})
        assert table.state.phase == "playing"
        tick(server, 61.0)  # the round's time runs out: the reveal
        assert table.state.phase == "reveal" and table.state.round == 1
        await bob.sio.eio.disconnect(abort=True)  # Bob's link goes silent between the rounds
        await ann.wait_for(lambda: table.seats[1].away_since is not None, timeout=PATIENCE)
        assert server.hub.grace_for(table) == 0.2
        await ann.ok("act", {"token": made["token"], "state_id": table.state_id, "action": {"type": "ready"}})
        tick(server, 0.3)  # the short grace goes by, not the hour
        await ann.wait_for(lambda: server.hub.stands_in(table, 1), timeout=PATIENCE)
        for _ in range(200):  # the stand-in confirms the reveal for Bob: round 2 is dealt
            tick(server)
            if table.state.round == 2:
                break
        assert table.state.round == 2 and table.state.phase == "ready"
        await ann.ok("act", {"token": made["token"], "state_id": table.state_id, "action": {"type": "ready"}})
        for _ in range(200):  # and says ready for him: round 2 starts
            tick(server)
            if table.state.phase == "playing":
                break
        assert table.state.phase == "playing" and table.state.round == 2
    finally:
        await ann.close()
        await bob.close()
        await server.stop()


def test_a_bot_that_would_think_for_a_minute_acts_within_seconds():
    """However long a bot says it would look or think, the table gives it a person's few seconds."""

    class Ponderer(Chef):
        def looks(self, view):
            return 50.0

        def thinking(self, view, action):
            return 50.0

    config = ServerConfig()
    bots = TableBots(SimpleNamespace(id="t"), config, lambda: 0.0)  # type: ignore[arg-type]
    bots.bots[1] = Ponderer(1, 1)
    turn = (bots.looks(1, {}) + bots.beats(1, {}, {"type": "pass"})) * config.bot_delay
    assert turn * BOT_JITTER_WITH_PEOPLE[1] <= 30.0
