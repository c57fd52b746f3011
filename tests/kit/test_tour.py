"""The click-only tour: a short seeded game of each game with a table that says where to click,
against bots on the embedded server, every move made by pointer events and sent as intended, every
label fitting and nothing covered (text, cards and controls hidden by an overlay, a bubble or hover
words the player did not ask for), at the smallest window and at 1920x1080."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

SCRIPT = Path(__file__).resolve().parents[2] / "scripts" / "tour.py"


def load_tour():
    spec = importlib.util.spec_from_file_location("tour", SCRIPT)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize(
    ("game", "size"),
    [
        ("pink-soup", "1280x720"),
        ("too-many-cooks", "1280x720"),
        ("stone-soup", "1280x720"),
        ("too-many-cooks", "1920x1080"),
    ],
)
def test_a_short_tour_is_played_by_clicks_alone_every_label_fits_and_nothing_is_covered(
    game, size, tmp_path, capsys
):
    status = load_tour().main(
        [
            game,
            "--players",
            "4",
            "--seed",
            "1",
            "--out",
            str(tmp_path),
            "--actions",
            "30",
            "--every",
            "4",
            "--size",
            size,
        ]
    )
    out, err = capsys.readouterr()
    last = out.strip().splitlines()[-1]
    fields = dict(part.split("=") for part in last.split())
    assert status == 0, last + err
    assert fields["game"] == game
    assert int(fields["actions"]) > 0 and fields["by_click"] == fields["actions"]
    assert fields["clipped_text"] == "0" and fields["covered"] == "0", err
    shots = sorted(tmp_path.glob(f"{game}-*.png"))
    assert len(shots) == int(fields["screenshots"]) >= 2


def test_a_game_whose_table_cannot_say_where_to_click_stops_with_a_clear_message(
    tmp_path, capsys, monkeypatch
):
    from tests.seating import seat_at_generic_table

    seat_at_generic_table(monkeypatch, "stone-soup")
    status = load_tour().main(["stone-soup", "--players", "3", "--seed", "1", "--out", str(tmp_path)])
    captured = capsys.readouterr()
    assert status == 2
    assert "cannot yet say where to click" in captured.err
    assert captured.out.strip().splitlines()[-1].startswith("game=stone-soup actions=0 by_click=0")


def test_the_same_seed_plays_the_same_pink_soup_game_again(tmp_path):
    """``--seed`` seeds the deal and the bots as well as the viewer's choices."""
    import asyncio

    tour = load_tour()
    played = []
    for run in ("first", "second"):
        trip = tour.Tour("pink-soup", 4, 1, tmp_path / run, (1280, 720), every=100, limit=12)
        assert asyncio.run(trip.run()) == 0, trip.failure
        played.append((trip.sent, trip.last_view))
    assert played[0] == played[1]
    assert played[0][1]["log"] and len(played[0][0]) == 12
    other = tour.Tour("pink-soup", 4, 2, tmp_path / "other", (1280, 720), every=100, limit=12)
    asyncio.run(other.run())
    assert (
        other.last_view["recipe"] != played[0][1]["recipe"] or other.last_view["log"] != played[0][1]["log"]
    )
