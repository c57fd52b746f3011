"""A replay recorded before the kitchen's piles kept their places still plays back as it was played.

``fixtures/before-places.soupreplay.json`` is a random 3-chef game recorded by the rules of commit
41e00ea, when an emptied pile was removed and the piles after it moved up (a new pile went last),
and a move named a pile by that shifting index (``"pile"``). Today a move names the pile's place."""

from __future__ import annotations

import json
from pathlib import Path

from soupkitchen.shared.pink_soup import GAME, describe
from soupkitchen.shared.replay import load, review_of

BEFORE = Path(__file__).parent / "fixtures" / "before-places.soupreplay.json"


def test_a_replay_from_before_the_piles_kept_their_places_keeps_its_meaning():
    timeline = load(BEFORE)
    result = GAME.result(timeline.final)
    # as the rules of the time scored it: Bob won with 17, against 9 and 7
    assert result["winners"] == [1] and result["scores"] == [9, 17, 7]
    assert review_of(timeline)["result"]["scores"] == [9, 17, 7]
    recorded = [entry["action"] for entry in json.loads(BEFORE.read_text())["log"]]
    # move 18 started a pile: the fifth as they then lay, on the place pile 3 had left empty
    assert recorded[17] == {"type": "kitchen", "card": 1, "pile": 4}
    assert timeline.record.log[17]["action"] == {"type": "kitchen", "card": 1, "place": 2}
    assert timeline.state(18).kitchen[2] and timeline.state(17).kitchen[2] == []
    assert all("pile" not in entry["action"] for entry in timeline.record.log)
    for number, entry, before, _after, _events in timeline.steps():  # the viewer words every move
        assert describe.move_words(GAME.view(before, entry["seat"]), entry["action"]), number
