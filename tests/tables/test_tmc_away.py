"""How long a seat's person has been away counts from the server's clock, so a client that sees it
late (or reconnects) shows the same "away 0:12" as the others."""

from __future__ import annotations

from soupkitchen.client.tables.too_many_cooks.seats import SeatWatch


def summary(**bert) -> dict:
    return {
        "seats": [
            {"seat": 0, "name": "Ada", "connected": True, "away_since": None},
            {"seat": 1, "name": "Bert", **bert},
        ]
    }


def name(seat: int) -> str:
    return ["Ada", "Bert"][seat]


def test_away_counts_from_when_the_server_saw_the_seat_go():
    watch = SeatWatch()
    watch.update(summary(connected=False, away_since=500.0), now=10.0)  # this client heard of it late
    assert watch.notes(10.0, name, server_now=512.4) == {1: "away 0:12"}
    assert watch.notes(70.0, name, server_now=572.4) == {1: "away 1:12"}
    watch.update(summary(connected=True, away_since=None), now=71.0)
    assert watch.notes(71.0, name, server_now=573.4) == {}


def test_without_the_servers_clock_it_counts_from_when_this_client_saw_it():
    for since in (None, "soon", True, [1]):  # an older server, or a field that is not a time
        watch = SeatWatch()
        watch.update(summary(connected=False, away_since=since), now=10.0)
        assert watch.notes(22.0, name, server_now=900.0) == {1: "away 0:12"}
    watch = SeatWatch()
    watch.update(summary(connected=False, away_since=500.0), now=10.0)
    assert watch.notes(22.0, name) == {1: "away 0:12"}  # no connection to read the server's clock from
