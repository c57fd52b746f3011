"""The Stone Soup table played headless with injected input and time, the real rules behind a fake
session: any cards picked and declared by clicks, salt by a click, the challenge window's buttons
and keys, the reveal as a moment, what other hands show, the end with its ranking."""

from __future__ import annotations

import random

import pytest

from soupkitchen.client.tables import table_scene_for
from soupkitchen.client.tables.stone_soup.model import band_words, fan_size
from soupkitchen.client.tables.stone_soup.reveal import DOCK_SECONDS
from soupkitchen.client.tables.stone_soup.scene import StoneSoupTable
from soupkitchen.client.ui.input import InputAction
from soupkitchen.client.ui.textfit import clipped_labels, reset_clipped
from tests.tables.fake_session import FakeSession
from tests.tables.harness import click, make_table, play_by_clicks, render


def others_window(view) -> bool:
    return view["phase"] == "challenge" and view["window"]["player"] != 0


def table(wanted=None, seed: int = 3, size=(1280, 720)):
    session = FakeSession("stone-soup", 4, 0, seed=seed)
    session.bots_play(until=wanted, limit=3000)
    app, scene = make_table(session, size)
    render(app, scene, 0.0)
    return session, app, scene


def hand_cards(scene, kind=None):
    return [
        t for t in scene.things() if t.key.startswith("hand:") and (kind is None or t.extra["kind"] == kind)
    ]


def test_the_shell_finds_this_table():
    assert table_scene_for("stone-soup") is StoneSoupTable


def test_any_picked_cards_are_played_with_the_declaration_clicked_beside_the_pot():
    session, app, scene = table()
    hand = session.view(0)["hand"]
    chosen = [c for c in hand_cards(scene) if c.extra["kind"] != "salt"][-2:]  # not what is owed
    for card in chosen:
        click(app, scene, (card.rect.x + card.rect.w // 8, card.rect.centery))  # where it shows
        render(app, scene, 0.5)
    assert all(scene.thing(c.key).rect.y < c.rect.y for c in chosen)  # picked cards rise
    # no more declarations than the cards picked are offered: the others are not shown at all
    assert sorted(t.key for t in scene.things() if t.key.startswith("say:")) == ["say:1", "say:2"]
    assert scene.thing("say:2").words.startswith("2 ")  # named as the hand's groups are: "2 potatoes"
    click(app, scene, scene.thing("say:1").rect.center)  # a card more than said: a count bluff
    seat, action = session.acted[-1]
    kinds = [c.extra["kind"] for c in chosen]
    assert action == {"type": "play", "cards": {k: kinds.count(k) for k in dict.fromkeys(kinds)}, "count": 1}
    assert session.refused == [] and session.view(0)["window"]["count"] == 1
    assert sum(session.view(0)["hand"].values()) == sum(hand.values()) - 2


def test_a_picked_card_is_put_back_by_clicking_it_again_and_nothing_is_declared_before_a_pick():
    session, app, scene = table()
    assert not [k for k in scene.describe()["usable"] if k.startswith("say:")]
    assert not [t for t in scene.things() if t.key.startswith("say:")]  # none shown before a pick
    card = hand_cards(scene)[0]
    click(app, scene, card.rect.center)
    render(app, scene, 0.5)
    assert scene.describe()["picked_cards"] == {card.extra["kind"]: 1}
    click(app, scene, scene.thing(card.key).rect.center)
    assert scene.describe()["picked_cards"] == {} and session.acted == []
    click(app, scene, scene.thing(card.key).rect.center)
    scene.handle(InputAction("back"))  # Esc puts every pick back too
    assert scene.describe()["picked"] == [] and session.acted == []


def test_a_dash_of_salt_is_played_by_clicking_it_and_confirming():
    session, app, scene = table(
        wanted=lambda v: v["turn"] == 0 and v["phase"] == "play" and v["hand"].get("salt")
    )
    salt = hand_cards(scene, "salt")[-1]
    click(app, scene, salt.rect.center)
    assert session.acted == [] and scene.describe()["menu"] == ["Dash of salt (pass)", "Cancel (Esc)"]
    assert scene.describe()["picked_cards"] == {}  # no card is picked for a play
    render(app, scene, 0.5)
    click(app, scene, scene.thing(salt.key).rect.center)  # clicked again: played
    assert session.acted[-1][1]["type"] == "salt" and session.refused == []


def test_the_window_offers_a_large_call_and_let_it_go_and_space_or_pad_y_calls():
    session, app, scene = table(others_window)
    call, let_go = scene.thing("button:challenge"), scene.thing("button:let_go")
    assert call.rect.w * call.rect.h > 2 * let_go.rect.w * let_go.rect.h  # the call is the large one
    assert scene.prompt(scene.model).endswith("Stone soup, or let it go?")
    scene.handle(InputAction("pass", "pad:0"))
    app.settle()
    assert session.acted[-1][1]["type"] == "challenge" and session.refused == []
    session, app, scene = table(others_window)
    scene.handle(InputAction("select"))  # Space
    app.settle()
    assert session.acted[-1][1]["type"] == "challenge"


def test_letting_a_play_go_is_one_click_and_the_seat_then_shows_it():
    session, app, scene = table(others_window)
    click(app, scene, scene.thing("button:let_go").rect.center)
    assert session.acted[-1][1]["type"] == "let_go" and session.refused == []
    render(app, scene, 1.0)
    view = session.view(0)
    if view["window"] is not None:  # others still deciding
        assert 0 in view["window"]["let_go"] and scene.thing("button:challenge") is None


def test_a_call_is_revealed_card_by_card_then_the_verdict_then_the_penalty_flies():
    session, app, scene = table(others_window, seed=5)
    session.apply(0, {"type": "challenge", "play": session.state.window.serial})
    render(app, scene, 1.0)
    shown = scene.shown
    assert shown is not None and shown.start == 1.0
    cards = len(shown.cards)
    assert shown.face_up(1.0) == 0 and shown.face_up(1.0 + shown.flipped_by) == cards
    assert not shown.verdict_shown(1.0 + shown.flipped_by - 0.1) and shown.verdict_shown(
        1.0 + shown.flipped_by
    )
    assert shown.flight(1.0 + shown.flipped_by) == 0.0 and shown.flight(1.0 + shown.length) == 1.0
    render(app, scene, 1.0 + shown.length + 0.1)
    assert scene.shown is shown  # it stays beside the table, covering nothing, till the next play
    session.bots_play(until=lambda v: v["plays"] > shown.reveal["serial"], limit=3000)
    render(app, scene, 20.0)
    render(app, scene, 20.0 + DOCK_SECONDS + 0.1)
    assert scene.shown is None  # then the log has it
    session2, app2, scene2 = make_table_after(session)
    assert scene2.shown is None  # a call made before is not replayed


def make_table_after(session):
    app, scene = make_table(session)
    render(app, scene, 0.0)
    return session, app, scene


def test_other_hands_are_fans_as_large_as_their_band_and_never_more_exact():
    session, app, scene = table()
    for player in session.view(0)["players"][1:]:
        fan = [t for t in scene.things() if t.key.startswith(f"fan:{player['seat']}:")]
        assert len(fan) == fan_size(player["cards"])
        assert scene.thing(f"seat:{player['seat']}").what.endswith(band_words(player["cards"]))


def test_random_valid_plays_made_by_clicks_are_accepted_and_every_label_fits():
    reset_clipped()
    rng = random.Random(2)
    session, app, scene = table()
    for step in range(60):
        if session.over:
            break
        view = session.view(0)
        if any(a["type"] == "play" for a in view["legal_actions"]):
            cards = [k for k, n in view["hand"].items() if k != "salt" for _ in range(n)]
            chosen = rng.sample(cards, rng.randint(1, min(3, len(cards))))
            action = {
                "type": "play",
                "cards": {k: chosen.count(k) for k in dict.fromkeys(chosen)},
                "count": rng.randint(1, min(len(chosen), view["most_declared"])),
            }
            play_by_clicks(app, scene, action, step)
            assert session.acted[-1] == (0, action) and session.refused == []
        elif view["legal_actions"]:
            action = rng.choice(view["legal_actions"])
            play_by_clicks(app, scene, action, step)
            assert session.acted[-1] == (0, action)
        session.bots_play(limit=3000)
        render(app, scene, step + 0.1)  # the next claim, read for most of a second before a call
    assert clipped_labels() == []


def test_the_end_ranks_everyone_and_offers_play_again_at_a_local_table():
    session = FakeSession("stone-soup", 4, 0, seed=3)
    session.bots_play(until=lambda v: v["over"], limit=3000)
    session.local = True
    app, scene = make_table(session)
    render(app, scene, 0.0)
    ranking = scene.model.ranking()
    assert ranking[0][1] == 0 and ranking[0][0] in session.view(0)["result"]["winners"]
    assert [left for _, left in ranking[1:]] == sorted(left for _, left in ranking[1:])
    assert "button:again" in scene.describe()["usable"]
    session.local = False
    app, scene = make_table(session)
    render(app, scene, 0.0)
    assert scene.thing("button:again") is None


@pytest.mark.parametrize("aside", [False, True])
def test_a_long_verdict_fits_its_box_at_the_smallest_window(aside):
    """Above the log, during its moment and once the next play is made."""
    from soupkitchen.client.tables.stone_soup.reveal import Reveal

    reset_clipped()
    session, app, scene = table()
    scene.shown = Reveal(
        {
            "serial": 9,
            "player": 1,
            "by": 2,
            "verdict": "stone",
            "taker": 1,
            "taken": None,
            "whole_pot": True,
            "salt": 3,
            "cards": ["tomato", "sausage", "onion", "carrot", "cabbage", "peas", "stone"],
        },
        0.0,
    )
    scene._reveal_serial = 9
    if aside:
        scene.shown.dock(0.0)
    render(app, scene, 0.1 if aside else scene.shown.flipped_by + 0.1)
    assert scene.shown is not None and (scene.shown.docked is not None) == aside and clipped_labels() == []


def test_enter_on_let_it_go_in_the_list_of_moves_lets_it_go():
    session, app, scene = table(others_window)
    scene.handle(InputAction("alt"))  # X: the list of moves
    scene.handle(InputAction("navigate", dy=1))  # the first row chosen, then the next
    scene.handle(InputAction("navigate", dy=1))
    scene.handle(InputAction("select"))
    app.settle()
    assert session.acted[-1][1]["type"] == "let_go"


def test_a_late_enter_after_the_window_closes_plays_nothing_at_the_turn_it_opens():
    """Enter meant for "Stone soup!" in the move list, arriving as the window closes and the turn
    begins, is not taken for the first play listed; nor does Enter play a card before one is picked."""
    session, app, scene = table(lambda v: v["phase"] == "challenge" and v["window"]["player"] == 3)
    scene.handle(InputAction("alt"))  # X: the list of moves, "Stone soup!" chosen
    scene.handle(InputAction("navigate", dy=1))
    assert scene.moves.rows[scene.moves.selected] == 'Call "stone soup!"'
    session.expire()  # the window closes: seat 0's turn
    now = session.now
    render(app, scene, now)
    assert session.view(0)["phase"] == "play" and session.view(0)["turn"] == 0
    scene.handle(InputAction("select"))  # the same Enter, a moment late
    app.settle()
    assert session.acted == [] and scene.answer is not None
    render(app, scene, now + 1)
    scene.handle(InputAction("select"))  # no row chosen in the new list: nothing is played
    scene.handle(InputAction("alt"))  # the list closed: the focus on the table is never a play
    assert scene.focus is None or not scene.commits(scene.focus)
    for _press in range(3):
        scene.handle(InputAction("select"))
        app.settle()
    assert [a for _s, a in session.acted if a.get("type") != "challenge"] == []


def test_the_log_says_you_for_your_own_lines_and_calls_on_you():
    session, app, scene = table(lambda v: v["turn"] == 0 and v["phase"] == "play")
    action = scene.actions[0]
    play_by_clicks(app, scene, action, 0.0)
    session.apply(1, {"type": "challenge", "play": session.view(0)["window"]["serial"]})
    render(app, scene, 1.0)
    lines = [words for _n, words in scene.history(session.view(0))]
    me = session.seat_name(0)
    assert any(line.startswith("You add to the pot: ") for line in lines)
    assert any(" calls stone soup on you: " in line for line in lines)
    assert not [line for line in lines if line.startswith(me + " ") or f" on {me}" in line]


def test_the_move_list_picks_cards_then_plays_them_as_any_claim_a_bluff_too():
    session, app, scene = table(lambda v: v["turn"] == 0 and v["phase"] == "play")
    view = session.view(0)
    other = next(k for k, n in view["hand"].items() if n and k not in (view["due"], "salt"))
    scene.handle(InputAction("alt"))  # X: the list
    rows = [key for key, _w, _d in scene.list_entries()]
    assert f"pick:{other}" in rows and not [r for r in rows if r.startswith("say:")]
    assert ("salt" in rows) == bool(view["hand"].get("salt"))
    for key in (f"pick:{other}", "say:1"):  # one card not owed, said to be one of the food owed
        index = [k for k, _w, _d in scene.list_entries()].index(key)
        while scene.moves.selected != index:
            scene.handle(InputAction("navigate", dy=1 if index > scene.moves.selected else -1))
        scene.handle(InputAction("select"))
    app.settle()
    assert session.acted == [(0, {"type": "play", "cards": {other: 1}, "count": 1})]
