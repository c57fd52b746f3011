"""The clock offset estimator, and two clients' countdowns agreeing with the server's."""

from __future__ import annotations

import time

import pytest

from soupkitchen.shared.wire.clock import ClockOffset


def test_offset_comes_from_the_fastest_round_trip():
    clock = ClockOffset()
    with pytest.raises(LookupError):
        _ = clock.offset
    clock.add_sample(t_send=10.0, server_time=110.5, t_recv=11.0)  # slow: +-0.5 s
    clock.add_sample(t_send=20.0, server_time=120.02, t_recv=20.04)  # fast: +-0.02 s
    clock.add_sample(t_send=30.0, server_time=130.4, t_recv=30.6)
    assert clock.rtt == pytest.approx(0.04)
    assert clock.offset == pytest.approx(100.0)
    assert clock.server_now(50.0) == pytest.approx(150.0)
    assert clock.samples == 3
    with pytest.raises(ValueError):
        clock.add_sample(5.0, 1.0, 4.0)


def test_old_samples_leave_the_window():
    clock = ClockOffset(window=2)
    clock.add_sample(0.0, 100.0, 0.0)  # a perfect sample, offset 100
    clock.add_sample(1.0, 201.1, 1.2)  # the server clock jumped: offset 200
    clock.add_sample(2.0, 202.15, 2.3)
    assert clock.offset == pytest.approx(200.0)


async def test_two_clients_countdowns_agree_with_the_server_within_10ms(server, clients):
    ann, bob = await clients(), await clients()
    created = await ann.ok(
        "create_table", {"game": "pepper", "seats": 2, "name": "Ann", "options": {"turn_seconds": 30}}
    )
    joined = await bob.ok("join_table", {"table": created["table"]["id"], "name": "Bob"})
    await bob.ok("ready", {"token": joined["token"], "on": True})
    await ann.ok("start", {"token": created["token"]})
    # each client's own clock is shifted far from the server's
    skews = {id(ann): 12_345.678, id(bob): -987.5}
    estimates = {}
    for client in (ann, bob):
        local = lambda c=client: time.monotonic() + skews[id(c)]  # noqa: E731
        estimate = ClockOffset()
        for _ in range(8):
            t_send = local()
            reply = await client.ok("time_sync", {"client_time": t_send})
            assert reply["client_time"] == t_send
            estimate.add_sample(t_send, reply["server_time"], local())
        estimates[id(client)] = (estimate, local)
    pushes = [await c.wait_for(lambda c=c: c.states and c.states[-1]) for c in (ann, bob)]
    assert pushes[0]["deadline"] == pytest.approx(pushes[1]["deadline"], abs=1e-9)
    shown = []
    for client, push in zip((ann, bob), pushes, strict=True):
        estimate, local = estimates[id(client)]
        shown.append(push["deadline"] - estimate.server_now(local()))
    truth = pushes[0]["deadline"] - time.monotonic()
    assert abs(shown[0] - shown[1]) < 0.010
    assert all(abs(value - truth) < 0.010 for value in shown)
