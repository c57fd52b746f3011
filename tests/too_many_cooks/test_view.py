"""What each chef and a spectator see: the contract's shape, faces for others, secrets kept."""

from __future__ import annotations

import json

from soupkitchen.shared.too_many_cooks import GAME, describe
from soupkitchen.shared.too_many_cooks.cards import parse_soup
from soupkitchen.shared.too_many_cooks.tastes import TASTES_BY_ID

VIEW_KEYS = {
    "seat",
    "players",
    "legal_actions",
    "deadline",
    "over",
    "phase",
    "mode",
    "difficulty",
    "round",
    "rounds",
    "stars",
    "max_stars",
    "round_seconds",
    "turn",
    "first_player",
    "soup",
    "spares",
    "shared_tastes",
    "chefs",
    "my_tastes",
    "reveal",
    "result",
}


def dealt_table(tmc):
    """Round 1 at three chefs: seat 0 holds E05 (satisfied), seat 1 holds M03 and H12, E01 is shared."""
    soup = parse_soup("""carrot/red pea/green pea/red onion/green
                         onion/red potato/green potato/red tomato/green
                         tomato/red mushroom/green mushroom/red pepper/green
                         pepper/red aubergine/green aubergine/red pea/yellow""")
    state = tmc.with_soup(tmc.playing(3), soup).with_(turn=1)
    state = tmc.with_tastes(state, [("E05", 0), ("M03", 1), ("H12", 1), ("E01", None)])
    GAME.check_invariants(state)
    return state


def test_view_has_the_contract_keys_and_is_json(tmc):
    view = GAME.view(dealt_table(tmc), 0)
    assert VIEW_KEYS <= set(view)
    json.dumps(view)
    assert view["phase"] == "playing" and view["mode"] == "standard" and view["difficulty"] == "easy"
    assert (view["round"], view["rounds"], view["stars"], view["max_stars"]) == (1, 3, 2, 5)
    assert view["round_seconds"] == 300 and view["deadline"] == 300.0 and view["turn"] == 1
    assert len(view["soup"]) == 4 and all(len(row) == 4 for row in view["soup"])
    assert view["soup"][0][0] == {"veg": "carrot", "colour": "red"}
    assert len(view["spares"]) == 32
    assert {"veg": "carrot", "colour": "red", "count": 1} in view["spares"]
    assert {"veg": "pea", "colour": "green", "count": 1} in view["spares"]
    assert sum(spare["count"] for spare in view["spares"]) == 64 - 16


def test_a_chef_reads_own_and_shared_tastes_and_sees_only_faces_of_others(tmc):
    state = dealt_table(tmc)
    view = GAME.view(state, 0)
    assert view["my_tastes"] == [
        {"id": "E05", "text": "A carrot in a corner", "icon": view["my_tastes"][0]["icon"], "satisfied": True}
    ]
    assert [t["id"] for t in view["shared_tastes"]] == ["E01"] and view["shared_tastes"][0]["satisfied"]
    assert view["chefs"][1] == {
        "seat": 1,
        "ready": True,
        "passed": False,
        "tastes": [{"happy": False}, {"happy": False}],
    }
    assert view["chefs"][0]["tastes"] == [{"happy": True}] and view["chefs"][2]["tastes"] == []
    text = json.dumps(view)
    for secret in ("M03", "H12", TASTES_BY_ID["M03"]["text"], TASTES_BY_ID["H12"]["text"]):
        assert secret not in text
    assert view["reveal"] is None and view["result"] is None


def test_a_spectator_sees_shared_tastes_and_faces_but_no_personal_taste(tmc):
    view = GAME.view(dealt_table(tmc), None)
    assert view["seat"] is None and view["legal_actions"] == [] and view["my_tastes"] == []
    text = json.dumps(view)
    assert "E05" not in text and "M03" not in text and "E01" in text


def test_faces_follow_the_soup_as_it_changes(tmc):
    state = dealt_table(tmc)
    state, _ = GAME.apply(state, 1, {"type": "rotate", "line": "row", "index": 0, "step": 1}, 1.0)
    view = GAME.view(state, 2)
    assert view["chefs"][0]["tastes"] == [{"happy": False}]  # the carrot left the corner


def test_the_reveal_shows_every_taste_with_its_owner_after_the_round(tmc):
    state, _ = GAME.apply(dealt_table(tmc), None, {"type": "timeout"}, 300.0)
    view = GAME.view(state, 2)
    reveal = view["reveal"]
    assert view["phase"] == "reveal" and reveal["round"] == 1
    assert [(t["id"], t["owner"], t["satisfied"]) for t in reveal["tastes"]] == [
        ("E05", 0, True),
        ("M03", 1, False),
        ("H12", 1, False),
        ("E01", None, True),
    ]
    assert all(t["text"] == TASTES_BY_ID[t["id"]]["text"] and t["icon"] for t in reveal["tastes"])
    assert (reveal["unsatisfied"], reveal["stars_before"], reveal["stars_after"], reveal["lost"]) == (
        2,
        2,
        1,
        False,
    )
    assert (
        describe.round_explanation(view["mode"], reveal)
        == "Time is up with 2 tastes unsatisfied: the kitchen loses a star."
    )
    view["reveal"]["tastes"].clear()
    assert len(GAME.view(state, 2)["reveal"]["tastes"]) == 4  # views are copies, the state is untouched


def test_the_next_rounds_views_keep_the_new_tastes_secret_again(tmc):
    state, _ = GAME.apply(dealt_table(tmc), None, {"type": "timeout"}, 300.0)
    for seat in range(3):
        state, _ = GAME.apply(state, seat, {"type": "ready"}, 301.0)
    assert state.phase == "ready" and state.round == 2
    for seat in range(3):
        text = json.dumps(GAME.view(state, seat))
        for taste, owner in zip(state.tastes, state.owners, strict=True):
            if owner not in (seat, None):
                assert f'"{taste}"' not in text and TASTES_BY_ID[taste]["text"] not in text
        assert GAME.view(state, seat)["reveal"] is None


def test_over_view_carries_the_result(tmc):
    state = dealt_table(tmc).with_(stars=0)
    state, _ = GAME.apply(state, None, {"type": "timeout"}, 300.0)
    view = GAME.view(state, 0)
    assert view["over"] and view["phase"] == "over" and view["legal_actions"] == []
    assert view["result"]["won"] is False and view["result"]["winners"] == []
    assert view["reveal"]["lost"] is True
    assert GAME.validate(state, 0, {"type": "ready"}, 301.0) == "the game is over"
