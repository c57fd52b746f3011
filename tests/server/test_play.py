"""Playing through the socket: whole games, what each seat receives, refused actions, the clock."""

from __future__ import annotations

import asyncio
import random

import pytest
from server_testkit import LOOPS, check_received, fetch_json, quick_options, stored_record

from soupkitchen.server.tables.scheduler import HandScheduler
from soupkitchen.shared.match import MatchRecord, replay
from soupkitchen.shared.registry import game_ids, get_game

pytestmark = pytest.mark.asyncio(loop_factories=LOOPS)  # the server on asyncio's loop and on uvloop


async def start_table(clients, game="pepper", seats=3, humans=2, options=None, spectate=True):
    """A started table with ``humans`` scripted clients (seats 0..humans-1), bots elsewhere, a spectator."""
    host = await clients()
    created = await host.ok(
        "create_table", {"game": game, "options": options or {}, "seats": seats, "name": "Host"}
    )
    tid = created["table"]["id"]
    players = [(host, created["token"], 0)]
    for index in range(1, humans):
        guest = await clients()
        joined = await guest.ok("join_table", {"table": tid, "name": f"Guest {index}"})
        await guest.ok("ready", {"token": joined["token"], "on": True})
        players.append((guest, joined["token"], joined["seat"]))
    watcher = None
    if spectate:
        watcher = await clients()
        await watcher.ok("spectate", {"table": tid})
    await host.ok("start", {"token": created["token"]})
    return tid, players, watcher


def random_moves(rng, wait_chance=0.0):
    def choose(view, now):
        legal = view["legal_actions"]
        return rng.choice(legal) if legal and rng.random() >= wait_chance else None

    return choose


def bot_moves(game_id, seat, seed):
    """A scripted client that picks its moves with the game's own bot, from the views it receives."""
    bot = get_game(game_id).make_bot(seat, seed)
    return bot.choose


def game_now(push, server_now):
    """The table's game clock estimated from a push (exact while a deadline is shown)."""
    view_deadline = push["view"].get("deadline")
    if view_deadline is None or push["deadline"] is None:
        return 0.0
    return view_deadline - (push["deadline"] - server_now)


async def play_scripted(client, token, seat, choose, deadline=120.0):
    """Send the chooser's moves whenever this seat's view changes (or every 0.2 s) until the game ends."""
    loop = asyncio.get_running_loop()
    end = loop.time() + deadline
    handled = -1
    while True:
        push = await client.wait_for(lambda: client.latest(seat), timeout=max(0.1, end - loop.time()))
        if push["view"]["over"]:
            return
        assert loop.time() < end, "the game did not end in time"
        action = (
            choose(push["view"], game_now(push, push["server_time"]))
            if push["state_id"] != handled or push["view"]["legal_actions"]
            else None
        )
        handled = push["state_id"]
        if action is not None:
            reply = await client.call("act", {"token": token, "state_id": handled, "action": action})
            if not reply["ok"]:  # another seat, a bot or the clock got there first
                assert reply["error"]["code"] in ("stale_state", "illegal"), reply
        if client.latest(seat)["state_id"] == handled:
            client.changed.clear()
            try:
                await asyncio.wait_for(client.changed.wait(), 0.2)
            except TimeoutError:
                pass


async def play_out(server, clients, game, seats, humans, options, make_chooser):
    tid, players, watcher = await start_table(clients, game, seats, humans, options)
    await asyncio.gather(*(play_scripted(c, tok, seat, make_chooser(seat)) for c, tok, seat in players))
    await watcher.wait_for(lambda: watcher.latest(None) and watcher.latest(None)["view"]["over"])
    record = await fetch_json(f"{server.url}/replays/{tid}")
    assert record["over"]
    checked = sum(check_received(record, c.states) for c in {c for c, _, _ in players} | {watcher})
    assert checked >= len(record["log"])
    return record, players, watcher


async def test_many_pepper_games_send_each_seat_only_its_own_view(server, clients):
    results = await asyncio.gather(
        *(
            play_out(
                server,
                clients,
                "pepper",
                3,
                2,
                {"moves": 9, "turn_seconds": 1},
                lambda seat, seed=seed: random_moves(random.Random(seed * 10 + seat), wait_chance=0.1),
            )
            for seed in range(8)
        )
    )
    for record, players, watcher in results:
        assert len(record["log"]) == 9
        assert {entry["seat"] for entry in record["log"]} >= {0, 1, 2}
        assert all(s["view"]["my_secret"] is None for s in watcher.states)
        for client, _, seat in players:
            assert {s["seat"] for s in client.states} == {seat}
            assert len({s["view"]["my_secret"] for s in client.states}) == 1


async def test_players_who_leave_a_finished_game_leave_no_bots_behind(server, clients):
    """A finished game lingers for its players to see the end; nobody plays it any more, so the
    players leaving it seat no stand-ins (each would replay the whole game's views to catch up)."""
    record, players, _ = await play_out(
        server,
        clients,
        "pepper",
        3,
        2,
        {"moves": 9, "turn_seconds": 1},
        lambda seat: random_moves(random.Random(seat)),
    )
    table = next(t for t in server.hub.tables.values() if t.over)
    for client, token, _seat in players:
        await client.ok("leave", {"token": token})
    assert table.over and not any(server.hub.stands_in(table, seat) for seat in range(table.players))
    assert set(server.hub.roster.runners[table.id].players.bots) == {2}, "only the bot seat's own bot is left"


@pytest.mark.slow
@pytest.mark.parametrize("game_id", game_ids())
async def test_whole_game_of_each_registered_game(server, clients, game_id):
    game = get_game(game_id)
    seats = game.min_players if game.min_players >= 2 else 2
    results = await asyncio.gather(
        *(
            play_out(
                server,
                clients,
                game_id,
                seats + extra,
                2,
                quick_options(game),
                lambda seat, extra=extra: bot_moves(game_id, seat, 7 + 10 * extra + seat),
            )
            for extra in range(min(2, game.max_players - seats + 1))
        )
    )
    for record, _, _ in results:
        assert record["log"] and get_game(game_id).is_over(replay(MatchRecord.from_json(record)))


async def test_refused_actions_change_nothing(server, clients, pepper):
    tid, players, watcher = await start_table(clients, seats=2, humans=2, options={"turn_seconds": 60})
    (ann, ann_token, _), (bob, bob_token, _) = players
    await ann.wait_for(lambda: ann.latest(0))
    other_tid, other_players, _ = await start_table(clients, seats=1, humans=1, spectate=False)
    before = stored_record(server.hub.store, tid)["log"]
    pushes = len(ann.states) + len(bob.states) + len(watcher.states)
    add = {"type": "add", "n": 1}
    await ann.error("act", {"token": "x" * 32, "state_id": 0, "action": add}, "bad_token")
    await ann.error("act", {"state_id": 0, "action": add}, "bad_request")
    await ann.error("act", {"token": ann_token, "action": add}, "bad_request")
    await ann.error("act", {"token": ann_token, "state_id": "0", "action": add}, "bad_request")
    await ann.error("act", {"token": ann_token, "state_id": 5, "action": add}, "stale_state")
    refused = await bob.error("act", {"token": bob_token, "state_id": 0, "action": add}, "illegal")
    # The toy game gives a plain English reason, no code: the client is told only that it is not allowed.
    assert refused["error"]["refusal"] == {"code": "not_allowed", "params": {}}
    await ann.error("act", {"token": bob_token, "state_id": 0, "action": add}, "bad_token")
    await ann.error("act", {"token": ann_token, "state_id": 0, "action": {"type": "add", "n": 4}}, "illegal")
    refused = await ann.error("act", {"token": ann_token, "state_id": 0, "action": [add]}, "illegal")
    assert refused["error"]["refusal"] == {
        "code": "not_an_action",
        "params": {},
    }  # the table's own, worded by the client
    await ann.error("act", {"token": ann_token, "state_id": 0, "action": add, "x": 1}, "bad_request")
    await ann.error("act", {"token": ann_token, "state_id": 0, "action": {"pad": "x" * 20_000}}, "too_large")
    other_token = other_players[0][1]
    await ann.error("act", {"token": other_token, "state_id": 0, "action": add}, "bad_token")
    for client in (ann, bob, watcher):
        await client.settled()
    assert stored_record(server.hub.store, tid)["log"] == before
    assert len(ann.states) + len(bob.states) + len(watcher.states) == pushes
    reply = await ann.ok("act", {"token": ann_token, "state_id": 0, "action": add})
    assert reply["state_id"] == 1
    await ann.error("act", {"token": ann_token, "state_id": 0, "action": add}, "stale_state")
    await bob.wait_for(lambda: bob.latest(1)["state_id"] == 1)
    assert bob.latest(1)["events"] == [{"type": "added", "seat": 0, "n": 1}]


async def test_not_started(clients):
    ann = await clients()
    created = await ann.ok("create_table", {"game": "pepper", "seats": 2, "name": "Ann"})
    await ann.error("act", {"token": created["token"], "state_id": 0, "action": {}}, "not_started")


async def test_clock_passes_the_turn_at_the_deadline(server, clients):
    tid, players, _ = await start_table(
        clients, seats=2, humans=2, options={"turn_seconds": 1}, spectate=False
    )
    ann = players[0][0]
    first = await ann.wait_for(lambda: ann.latest(0))
    assert first["snapshot"] and first["deadline"] == pytest.approx(first["server_time"] + 1, abs=0.05)
    pushed = await ann.wait_for(lambda: (s := ann.latest(0)) and s["state_id"] == 1 and s, timeout=15)
    assert pushed["events"] == [{"type": "timeout"}] and not pushed["snapshot"]
    assert pushed["server_time"] >= first["deadline"]  # never early (how late is the machine's business)
    record = stored_record(server.hub.store, tid)
    assert record["log"][0] == {"seat": None, "action": {"type": "timeout"}, "t": first["view"]["deadline"]}
    assert pushed["view"]["turn"] == 1
    assert pushed["deadline"] == pytest.approx(first["deadline"] + 1, abs=1e-6)


async def test_hold_pauses_the_clock(servers, connect):
    srv = await servers(scheduler=HandScheduler())
    tid, players, _ = await start_table(
        lambda: connect(srv.url), seats=2, humans=2, options={"turn_seconds": 1}, spectate=False
    )
    ann, token = players[0][0], players[0][1]
    first = await ann.wait_for(lambda: ann.latest(0))
    assert (await ann.ok("hold", {"token": token, "on": True}))["paused"]
    srv.scheduler.advance(1.3)
    await ann.settled()
    assert ann.latest(0)["state_id"] == 0 and ann.latest(0)["paused"]
    assert not (await ann.ok("hold", {"token": token, "on": False}))["paused"]
    resumed = await ann.wait_for(lambda: (s := ann.latest(0)) and not s["paused"] and s)
    assert resumed["state_id"] == 0 and resumed["deadline"] == pytest.approx(first["deadline"] + 1.3)
    srv.scheduler.advance(1.0)
    timed_out = await ann.wait_for(lambda: (s := ann.latest(0)) and s["state_id"] == 1 and s)
    assert timed_out["events"] == [{"type": "timeout"}]


async def test_spectator_and_couch_seats_on_one_connection(server, clients):
    couch = await clients()
    created = await couch.ok(
        "create_table", {"game": "pepper", "seats": 2, "name": "Ann", "options": {"turn_seconds": 60}}
    )
    tid = created["table"]["id"]
    second = await couch.ok("join_table", {"table": tid, "name": "Bob"})
    await couch.ok("ready", {"token": second["token"], "on": True})
    await couch.ok("start", {"token": created["token"]})
    await couch.wait_for(lambda: couch.latest(0) and couch.latest(1))
    await couch.ok("act", {"token": created["token"], "state_id": 0, "action": {"type": "add", "n": 2}})
    await couch.ok("act", {"token": second["token"], "state_id": 1, "action": {"type": "add", "n": 3}})
    await couch.wait_for(lambda: couch.latest(0)["state_id"] == couch.latest(1)["state_id"] == 2)
    record = stored_record(server.hub.store, tid)
    assert check_received(record, couch.states) == 6


async def test_finished_games_stay_as_replays(servers, connect):
    server = await servers(scheduler=HandScheduler(), linger=0.2)
    ann = await connect(server.url)
    created = await ann.ok(
        "create_table", {"game": "pepper", "seats": 1, "name": "Ann", "options": {"moves": 1}}
    )
    tid = created["table"]["id"]
    await ann.ok("start", {"token": created["token"]})
    await ann.ok("act", {"token": created["token"], "state_id": 0, "action": {"type": "add", "n": 3}})
    over = await ann.wait_for(lambda: (s := ann.latest(0)) and s["view"]["over"] and s)
    assert over["view"]["result"] == {"winners": [0], "scores": [over["view"]["result"]["scores"][0]]}
    assert any(lob["table"]["over"] for lob in ann.lobbies)
    assert (await ann.ok("list_tables", {}))["tables"] == []
    server.scheduler.advance(0.2)  # its linger is over: its players' tokens go with it
    await ann.error("resume", {"token": created["token"]}, "bad_token")
    assert tid in [m["id"] for m in (await fetch_json(f"{server.url}/replays"))["matches"]]
    record = await fetch_json(f"{server.url}/replays/{tid}")
    assert record["over"] and record["log"] == [
        {"seat": 0, "action": {"type": "add", "n": 3}, "t": record["log"][0]["t"]}
    ]
    check_received(record, ann.states)


async def test_hold_does_not_pause_when_the_table_says_so(server, clients):
    ann = await clients()
    created = await ann.ok(
        "create_table",
        {
            "game": "pepper",
            "seats": 2,
            "name": "Ann",
            "options": {"turn_seconds": 1},
            "settings": {"handoff_pauses_timer": False},
        },
    )
    await ann.ok("start", {"token": created["token"]})
    assert not (await ann.ok("hold", {"token": created["token"], "on": True}))["paused"]
    timed_out = await ann.wait_for(lambda: (s := ann.latest(0)) and s["state_id"] == 1 and s, timeout=15)
    assert timed_out["events"] == [{"type": "timeout"}] and not timed_out["paused"]


async def test_spectators_are_limited(server, clients):
    server.config.max_spectators = 1
    ann, first, second = await clients(), await clients(), await clients()
    created = await ann.ok("create_table", {"game": "pepper", "seats": 2, "name": "Ann"})
    await first.ok("spectate", {"table": created["table"]["id"]})
    await second.error("spectate", {"table": created["table"]["id"]}, "limit")
    assert (await ann.ok("list_tables", {}))["tables"][0]["spectators"] == 1


async def test_a_hold_said_in_the_lobby_pauses_the_clock_from_the_start(servers, connect):
    srv = await servers(scheduler=HandScheduler())
    ann = await connect(srv.url)
    created = await ann.ok(
        "create_table", {"game": "pepper", "seats": 2, "name": "Ann", "options": {"turn_seconds": 1}}
    )
    await ann.ok("hold", {"token": created["token"], "on": True})
    await ann.ok("start", {"token": created["token"]})
    first = await ann.wait_for(lambda: ann.latest(0))
    assert first["paused"] and ann.lobbies[-1]["table"]["paused"]
    srv.scheduler.advance(1.3)
    await ann.settled()
    assert ann.latest(0)["state_id"] == 0
    assert not (await ann.ok("hold", {"token": created["token"], "on": False}))["paused"]
    srv.scheduler.advance(1.0)
    timed_out = await ann.wait_for(lambda: (s := ann.latest(0)) and s["state_id"] == 1 and s)
    assert timed_out["events"] == [{"type": "timeout"}]


async def test_the_clock_runs_on_when_a_holding_connection_drops(server, clients):
    server.config.grace = 30  # no stand-in bot wakes the table up meanwhile
    tid, players, _ = await start_table(
        clients, seats=2, humans=2, options={"turn_seconds": 1}, spectate=False
    )
    (ann, ann_token, _), (bob, _, _) = players
    await bob.wait_for(lambda: bob.latest(1))
    assert (await ann.ok("hold", {"token": ann_token, "on": True}))["paused"]
    await ann.close()  # the hold ends with the connection
    resumed = await bob.wait_for(lambda: (s := bob.latest(1)) and not s["paused"] and s)
    timed_out = await bob.wait_for(lambda: (s := bob.latest(1)) and s["state_id"] == 1 and s, timeout=15)
    assert timed_out["events"] == [{"type": "timeout"}]
    assert timed_out["server_time"] - resumed["deadline"] < 0.3
