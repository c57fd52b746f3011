"""Actions that name their own moment, through a real socket: a Stone Soup call sent for a play whose
window has closed is refused as too late, with the rules' reason, and changes nothing (the next
claim is not challenged); a call sent with an older state id for the open play still lands, and any
other action sent with an older state id is still refused as stale. The server's clock is moved by
hand, so a window closes when the test says and not a moment before."""

from __future__ import annotations

import pytest
from server_testkit import LOOPS, Client, stored_record

pytestmark = pytest.mark.asyncio(loop_factories=LOOPS)  # the server on asyncio's loop and on uvloop


class Clock:
    """The server's monotonic clock, moved by hand."""

    def __init__(self) -> None:
        self.t = 1000.0

    def __call__(self) -> float:
        return self.t


async def three_at_a_stone_soup_table(server) -> tuple[str, dict[int, tuple[Client, str]]]:
    """A started three-seat Stone Soup table of raw clients (the default window), by seat."""
    host = await Client(server.url).connect()
    created = await host.ok("create_table", {"game": "stone-soup", "seats": 3, "name": "Ann"})
    tid = created["table"]["id"]
    seats = {0: (host, created["token"])}
    for name in ("Bob", "Cy"):
        guest = await Client(server.url).connect()
        joined = await guest.ok("join_table", {"table": tid, "name": name})
        seats[joined["seat"]] = (guest, joined["token"])
    for seat, (guest, token) in seats.items():  # once everyone has joined (a new player clears every ready)
        if seat:
            await guest.ok("ready", {"token": token, "on": True})
    await host.ok("start", {"token": created["token"]})
    for seat, (client, _) in seats.items():
        await client.wait_for(lambda c=client, s=seat: c.latest(s))
    return tid, seats


def a_play(view: dict) -> dict:
    """One card of the hand that is not salt, declared as one of the food owed."""
    kind = next(kind for kind in view["hand"] if kind != "salt")
    return {"type": "play", "cards": {kind: 1}, "count": 1}


async def test_a_call_for_a_play_whose_window_closed_is_refused_and_the_next_play_is_not_challenged(servers):
    clock = Clock()
    server = await servers(clock=clock)
    tid, seats = await three_at_a_stone_soup_table(server)
    try:
        first = seats[0][0].latest(0)["view"]["turn"]
        second, caller = (first + 1) % 3, (first + 2) % 3
        player, token = seats[first]
        await player.ok(
            "act", {"token": token, "state_id": 0, "action": a_play(player.latest(first)["view"])}
        )
        calling, calling_token = seats[caller]
        seen = await calling.wait_for(lambda: (p := calling.latest(caller)) and p["view"]["window"] and p)
        late_call = {"type": "challenge", "play": seen["view"]["window"]["serial"]}
        assert late_call in seen["view"]["legal_actions"]

        # The caller hesitates: the window closes by the clock and the next player makes the next claim.
        clock.t += seen["view"]["challenge_seconds"] + 0.5
        server.hub.reschedule(server.hub.tables[tid])
        nexter, next_token = seats[second]
        ready = await nexter.wait_for(
            lambda: (p := nexter.latest(second)) and p["view"]["turn"] == second and p, timeout=30
        )
        await nexter.ok(
            "act", {"token": next_token, "state_id": ready["state_id"], "action": a_play(ready["view"])}
        )
        opened = await calling.wait_for(
            lambda: (p := calling.latest(caller)) and p["state_id"] == ready["state_id"] + 1 and p
        )
        assert opened["view"]["window"]["player"] == second
        for seat, (client, _) in seats.items():  # every seat has seen the claim before anything is counted
            await client.wait_for(lambda c=client, k=seat: c.latest(k)["state_id"] == opened["state_id"])
        before = stored_record(server.hub.store, tid)["log"]
        pushes = sum(len(client.states) for client, _ in seats.values())

        reply = await calling.error(
            "act", {"token": calling_token, "state_id": seen["state_id"], "action": late_call}, "illegal"
        )
        assert (
            reply["error"]["message"]
            == f"too late: Player {first + 1}'s play stands, the challenge window has closed"
        )
        assert reply["error"]["refusal"] == {"code": "settled", "params": {"player": first, "by_clock": True}}
        for client, _ in seats.values():
            await client.settled()
        assert stored_record(server.hub.store, tid)["log"] == before  # nothing changed
        assert (
            sum(len(client.states) for client, _ in seats.values()) == pushes
        )  # and nobody was told of anything
        table = server.hub.tables[tid]
        view = table.game.view(table.state, caller)
        assert (
            view["last_reveal"] is None and view["window"]["player"] == second
        )  # the next claim is unchallenged

        # Any other action sent for an older state is still refused as stale.
        await nexter.error(
            "act",
            {"token": next_token, "state_id": seen["state_id"], "action": a_play(ready["view"])},
            "stale_state",
        )
        # A call that names the open claim lands, whatever state it was sent for.
        named = {"type": "challenge", "play": opened["view"]["window"]["serial"]}
        await calling.ok("act", {"token": calling_token, "state_id": seen["state_id"], "action": named})
        revealed = await calling.wait_for(
            lambda: (p := calling.latest(caller)) and p["view"]["last_reveal"] and p
        )
        assert (
            revealed["view"]["last_reveal"]["player"] == second
            and revealed["view"]["last_reveal"]["by"] == caller
        )
    finally:
        for client, _ in seats.values():
            await client.close()


async def test_a_let_go_for_a_closed_play_is_refused_as_too_late(servers):
    server = await servers(clock=Clock())
    tid, seats = await three_at_a_stone_soup_table(server)
    try:
        first = seats[0][0].latest(0)["view"]["turn"]
        player, token = seats[first]
        await player.ok(
            "act", {"token": token, "state_id": 0, "action": a_play(player.latest(first)["view"])}
        )
        others = [(first + 1) % 3, (first + 2) % 3]
        for seat in others:
            client, seat_token = seats[seat]
            await client.ok(
                "act", {"token": seat_token, "state_id": 1, "action": {"type": "let_go", "play": 1}}
            )
        client, seat_token = seats[others[0]]
        reply = await client.error(
            "act", {"token": seat_token, "state_id": 1, "action": {"type": "challenge", "play": 1}}, "illegal"
        )
        assert reply["error"]["message"] == f"too late: Player {first + 1}'s play was let go"
        assert reply["error"]["refusal"] == {
            "code": "settled",
            "params": {"player": first, "by_clock": False},
        }
        assert len(stored_record(server.hub.store, tid)["log"]) == 3
    finally:
        for client, _ in seats.values():
            await client.close()
