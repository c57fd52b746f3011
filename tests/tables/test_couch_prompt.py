"""Couch play names the player whose hand is shown in the line at the top of the table, so the one
who took the controls reads that it is theirs; a resumed couch game remembers who had looked."""

from __future__ import annotations

import json

import pytest

from soupkitchen.client.ui import coverage
from tests.tables.fake_session import FakeSession
from tests.tables.harness import make_table, render


def top_lines(game: str, couch: bool) -> list[str]:
    session = FakeSession(game, 3, 1, seed=3)
    session.couch = couch
    if game == "too-many-cooks":
        session.everyone_ready()
    app, scene = make_table(session)
    with coverage.capture() as drawn:
        render(app, scene, session.now)
    return [event[2] for event in drawn if event[0] == "note"]


@pytest.mark.parametrize("game", ["too-many-cooks", "pink-soup", "stone-soup", "pot-pourri"])
def test_a_couch_players_turn_is_named_at_the_top(game):
    assert any(line.startswith("Bert — ") for line in top_lines(game, couch=True))
    assert not any(line.startswith("Bert — ") for line in top_lines(game, couch=False))  # one at the screen


def test_a_resumed_couch_game_remembers_who_had_looked(tmp_path, monkeypatch):
    from soupkitchen.client.net import ways_in

    monkeypatch.setattr(ways_in, "data_dir", lambda: tmp_path)
    record = tmp_path / "unfinished" / "t1.json"
    record.parent.mkdir()
    record.write_text(json.dumps({"game": "stone-soup", "table": "t1", "tokens": {"0": "a", "1": "b"}}))
    ways_in._touch_saved_game("t1", {0, 1})  # "Save and leave" after Chef and Ada had both looked
    (saved,) = ways_in.saved_games()
    assert ways_in.looked_before(saved) == {0, 1}
    assert ways_in.looked_before({"looked": ["0", None]}) == set()  # a damaged record looks at nobody
