"""A game played through the real server, replayed from what ``GET /replays`` serves: every view
each seat was pushed is exactly the replay's view of that seat at that moment, the spectator's too,
and the server's listing names the players."""

from __future__ import annotations

import asyncio

import pytest
from server_testkit import fetch_json, quick_options

from soupkitchen.client.replay.sources import finished_table, server_entries
from soupkitchen.shared.registry import game_ids, get_game, registration
from soupkitchen.shared.replay import Timeline, from_server, review_of
from tests.sweeps import seated


async def play_with_bots(client, token: str, seat: int, game_id: str, seed: int) -> None:
    """This seat's moves made by the game's own bot from the views this connection receives."""
    bot = get_game(game_id).make_bot(seat, seed)
    handled = -1
    while True:
        push = await client.wait_for(lambda: client.latest(seat), timeout=60)
        if push["view"]["over"]:
            return
        if push["state_id"] != handled or push["view"]["legal_actions"]:
            handled = push["state_id"]
            action = bot.choose(push["view"], push["view"].get("deadline") or 0.0)
            if action is not None:
                await client.call("act", {"token": token, "state_id": handled, "action": action})
        if client.latest(seat)["state_id"] == handled:
            client.changed.clear()
            try:
                await asyncio.wait_for(client.changed.wait(), 0.2)
            except TimeoutError:
                pass


@pytest.mark.parametrize("game_id", game_ids())
async def test_each_seat_sees_in_the_replay_exactly_what_it_was_pushed(server, clients, game_id):
    game = get_game(game_id)
    host, guest, watcher = await clients(), await clients(), await clients()
    created = await host.ok(
        "create_table",
        {"game": game_id, "seats": seated(game, 3), "name": "Ann", "options": quick_options(game)},
    )
    tid = created["table"]["id"]
    joined = await guest.ok("join_table", {"table": tid, "name": "Bob"})
    await guest.ok("ready", {"token": joined["token"], "on": True})
    await watcher.ok("spectate", {"table": tid})
    await host.ok("start", {"token": created["token"]})
    await asyncio.gather(
        play_with_bots(host, created["token"], 0, game_id, 5),
        play_with_bots(guest, joined["token"], joined["seat"], game_id, 6),
    )
    await watcher.wait_for(lambda: watcher.latest(None) and watcher.latest(None)["view"]["over"], timeout=60)
    replay = from_server(await fetch_json(f"{server.url}/replays/{tid}"))
    assert replay.names[:2] == ("Ann", "Bob")
    timeline = Timeline(replay)
    checked = 0
    for client in (host, guest, watcher):
        for push in client.states:
            assert push["view"] == timeline.view(push["state_id"], push["seat"]), (
                f"seat {push['seat']} was pushed a view at move {push['state_id']} the replay does not show"
            )
            checked += 1
    assert checked > timeline.length
    listed = [entry for entry in await server_entries(server.url) if entry.key.endswith(tid)]
    assert [entry.names[:2] for entry in listed] == [("Ann", "Bob")]
    assert (await listed[0].fetch()).record.log == replay.record.log
    reviewed = await finished_table(server.url, tid)  # the end screen's "Replay and review"
    assert review_of(reviewed) == review_of(timeline)
    assert (review_of(timeline) is not None) == (registration(game_id).review is not None)
