"""The Stone Soup table around a call, headless with the real rules behind a fake session: a late call
is sent for the claim it was meant for and answered "too late" in the table's names, the verdict moves
aside when the next claim is made, hover words keep clear of other controls, a crowded hand keeps its
counts, a group is picked whole or by count, and "still, after the salt" is said only after salt."""

from __future__ import annotations

import pygame
import pytest

from soupkitchen.client import words as client_words
from soupkitchen.client.scenes.base import Scene, SceneStack
from soupkitchen.client.tables.kit.panels import hover_box
from soupkitchen.client.tables.kit.table_objects import under_point
from soupkitchen.client.tables.stone_soup import layout, paint
from soupkitchen.client.tables.stone_soup.model import claim_words, verdict_words
from soupkitchen.client.tables.stone_soup.reveal import DOCK_SECONDS
from soupkitchen.client.ui import coverage
from soupkitchen.client.ui.input import InputAction
from soupkitchen.client.ui.textfit import clipped_labels, reset_clipped
from soupkitchen.shared.core import TIMEOUT
from soupkitchen.shared.stone_soup.cards import KIND_COUNTS
from tests.kit.test_stone_soup_table import others_window, table
from tests.stone_soup.conftest import arrange
from tests.tables.fake_session import FakeSession
from tests.tables.harness import click, make_table, render

CROWDED = (
    "potato potato tomato tomato tomato sausage onion onion carrot carrot carrot cabbage cabbage cabbage "
    "cabbage peas peas peas peas peas peas stone stone salt salt"
)
SEED = 5  # bots play a stone in the first claim


def a_claim():
    """Another player's claim, open for seat 0 to call."""
    return table(others_window, seed=SEED)


def my_turn(hand: str, size=(1280, 720), due: str = "onion"):
    """Seat 0 to play ``hand`` (kinds separated by spaces)."""
    session = FakeSession("stone-soup", 4, 0, seed=3)
    session.state = arrange(4, {0: hand}, pot="carrot carrot", turn=0, due=due)
    app, scene = make_table(session, size)
    render(app, scene, 0.0)
    return session, app, scene


def test_a_call_pressed_after_the_window_closed_is_answered_too_late_and_the_next_claim_stands():
    session, app, scene = a_claim()
    claimant = session.state.window.player
    closed = session.state.window.serial
    session.now = session.state.window.closes_at
    session.apply(None, TIMEOUT)  # the clock closes it before the press
    render(app, scene, 2.0)
    assert scene.thing("button:challenge") is None
    scene.handle(InputAction("select"))  # Space, a moment too late
    app.settle()
    assert session.acted[-1][1] == {"type": "challenge", "play": closed}
    name = session.seat_name(claimant)
    said = f"Too late: {name}'s play stands, the challenge window has closed"
    assert scene.answer is not None and scene.answer.words == said and app.toasts == []  # at the button
    session.bots_play(until=others_window, limit=3000)  # the next claim is made
    render(app, scene, 9.0)
    assert session.state.reveals == [] or session.state.reveals[-1]["serial"] != session.state.window.serial
    scene.handle(InputAction("select"))  # now a call lands on the claim shown
    app.settle()
    assert session.acted[-1][1]["play"] == session.state.plays and session.state.reveals[-1]["by"] == 0


def test_a_call_is_shown_beside_the_table_covering_nothing_and_the_log_keeps_it():
    session, app, scene = a_claim()
    session.apply(0, {"type": "challenge", "play": session.state.window.serial})
    render(app, scene, 1.0)
    assert scene.shown is not None and scene.shown.docked is None
    box = paint.reveal_box(scene.board)
    needed = [
        t
        for t in scene.things()
        if t.key in ("sequence", "pot") or t.kind == "button" or t.key.startswith(("say:", "hand:", "seat:"))
    ]
    assert not any(box.colliderect(t.rect) for t in needed)
    assert box.bottom < scene._history_rect().top  # the log starts under it
    session.bots_play(until=lambda v: v["window"] is not None or v["turn"] == 0, limit=3000)
    render(app, scene, 1.5)  # before the moment would have ended
    if session.state.plays <= scene.shown.reveal["serial"]:
        pytest.skip("no play after the call at this seed")
    assert scene.shown is not None and scene.shown.docked == 1.5
    assert "You call stone soup on " in " ".join(words for _n, words in scene.history(session.view(0)))
    gone = max(1.5, 1.0 + scene.shown.length) + DOCK_SECONDS
    render(app, scene, gone - 0.1)
    assert scene.shown is not None and scene.shown.verdict_shown(gone)  # the whole moment, then a while
    render(app, scene, gone + 0.01)
    assert scene.shown is None


def hovered_everywhere(scene, size) -> None:
    """Each control hovered in turn: its hover words cover no other control."""
    bounds = pygame.Rect((0, 0), size)
    touchable = [t for t in scene.things() if t.key in scene.usable() and t.key != "kit:moves"]
    for thing in touchable:
        scene.hover = thing.key
        box, _ = hover_box(scene, bounds)
        others = [t.key for t in touchable if t.key != thing.key and t.rect.colliderect(box)]
        assert others == [], f"the hover words of {thing.key} cover {others}"


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_hover_words_never_cover_another_control(size):
    session, app, scene = my_turn(CROWDED, size)
    keys = [t.key for t in scene.things() if t.key.startswith("hand:") and t.extra.get("kind") != "salt"]
    click(app, scene, scene.thing(keys[0]).rect.center)  # a pick: the declarations show
    render(app, scene, 0.5)
    usable = scene.usable()
    assert any(k.startswith("say:") for k in usable) and any(k.startswith("group:") for k in usable)
    hovered_everywhere(scene, size)
    session, app, scene = table(others_window, seed=SEED, size=size)  # a claim: the call and let it go
    assert {"button:challenge", "button:let_go"} <= set(scene.usable())
    hovered_everywhere(scene, size)


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_a_crowded_hand_keeps_every_groups_count(size):
    session, app, scene = my_turn(CROWDED, size)
    captions = {t.extra["kind"]: t.words for t in scene.things() if t.key.startswith("group:")}
    assert set(captions) == set(session.view(0)["hand"])
    for kind, words in captions.items():
        assert words.split()[0] == str(session.view(0)["hand"][kind]), words
    assert "6 peas" in captions["peas"].replace("\n", " ")


def test_a_group_is_picked_whole_or_by_count_as_well_as_card_by_card():
    session, app, scene = my_turn(CROWDED)
    click(app, scene, scene.thing("group:peas").rect.center)  # the group's name: all six
    assert scene.picked_cards() == {"peas": 6}
    click(app, scene, scene.thing("group:peas").rect.center)  # again: all put back
    assert scene.picked_cards() == {}
    scene.handle(InputAction("point", "mouse", pos=scene.thing("hand:cabbage:0").rect.center))
    for _ in range(3):
        scene.handle(InputAction("scroll", "mouse", dy=-1))  # wheel up: one more each
    scene.handle(InputAction("scroll", "mouse", dy=1))  # wheel down: one fewer
    assert scene.picked_cards() == {"cabbage": 2}
    scene.handle(InputAction("point", "mouse", pos=scene.thing("group:stone").rect.center))
    for kind in ("more", "more", "more", "less"):  # + and - (only two stones to pick)
        scene.handle(InputAction(kind))
    assert scene.picked_cards() == {"cabbage": 2, "stone": 1}
    click(app, scene, scene.thing("hand:onion:1").rect.center)  # and card by card
    click(app, scene, scene.thing("say:3").rect.center)
    assert session.acted[-1] == (
        0,
        {"type": "play", "cards": {"cabbage": 2, "stone": 1, "onion": 1}, "count": 3},
    )
    assert session.refused == []


def test_salt_is_never_a_group_picked_for_the_pot():
    session, app, scene = my_turn(CROWDED)
    assert "group:salt" not in scene.usable()
    scene.handle(InputAction("point", "mouse", pos=scene.thing("hand:salt:0").rect.center))
    scene.handle(InputAction("more"))
    assert scene.picked_cards() == {}


def test_still_after_the_salt_is_said_only_when_the_last_play_was_salt(monkeypatch):
    said = []
    drawn = paint.draw_sequence
    monkeypatch.setattr(paint, "draw_sequence", lambda *args: said.append(args[-1]) or drawn(*args))
    session = FakeSession("stone-soup", 3, 0, seed=3)
    session.state = arrange(
        3,
        {0: "salt onion", 1: "potato potato onion", 2: "carrot"},
        pot="peas",
        salt_pile="salt",
        turn=0,
        due="sausage",
    )
    app, scene = make_table(session)
    session.apply(0, {"type": "salt"})
    render(app, scene, 0.0)
    assert said[-1] is True  # Player 2 still owes sausages
    session.apply(1, {"type": "play", "cards": {"potato": 2, "onion": 1}, "count": 3})
    session.apply(
        2, {"type": "challenge", "play": session.state.window.serial}
    )  # a bluff caught, salt under the pot
    render(app, scene, 10.0)
    assert session.state.turn is not None and said[-1] is False


def test_a_call_pressed_just_as_the_next_claim_opens_is_the_late_call_on_the_one_before():
    session, app, scene = a_claim()
    closed = session.state.window.serial
    render(app, scene, 0.5)
    session.now = session.state.window.closes_at
    session.apply(None, TIMEOUT)
    session.bots_play(until=others_window, limit=3000)  # the next claim opens at once
    render(app, scene, 1.5)
    assert session.state.window.serial != closed
    scene.now = 1.8  # Space, pressed for the claim before
    scene.handle(InputAction("select"))
    app.settle()
    assert session.acted[-1][1] == {"type": "challenge", "play": closed}
    assert session.state.window is not None and not session.state.reveals  # the new claim stands open
    render(app, scene, 3.0)  # read, the new claim is called
    scene.handle(InputAction("select"))
    app.settle()
    assert session.acted[-1][1]["play"] == session.state.plays and session.state.reveals[-1]["by"] == 0


def test_a_click_where_the_call_button_stood_a_moment_after_the_window_closed_is_told_too_late():
    session, app, scene = a_claim()
    button = scene.thing("button:challenge").rect.center
    closed = session.state.window.serial
    session.now = session.state.window.closes_at
    session.apply(None, TIMEOUT)
    render(app, scene, 2.0)
    assert scene.thing("button:challenge") is None
    click(app, scene, button)
    assert session.acted[-1][1] == {"type": "challenge", "play": closed}
    assert scene.answer.words.startswith("Too late: ") or app.toasts[-1].startswith("Too late: ")


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_the_call_buttons_never_stand_where_a_declaration_appears(size):
    """A call clicked as the window closes and your turn begins lands on nothing, never on a claim."""
    _session, _app, scene = table(others_window, seed=SEED, size=size)
    calls = [scene.thing(key).rect for key in ("button:challenge", "button:let_go")]
    _session, app, scene = my_turn("cabbage " * 7 + "peas stone", size, due="cabbage")
    for card in [t for t in scene.things() if t.key.startswith("hand:")]:
        click(app, scene, card.rect.center)
    says = [t.rect for t in scene.things() if t.key.startswith("say:")]
    assert len(says) == 7  # the most a cabbage can be declared
    assert not [s for s in says for c in calls if s.colliderect(c)]


def pot_lines(scene, drawn) -> list[pygame.Rect]:
    """The lines of words drawn under the pot, left of the declarations (its size and the salt), each
    inside the middle of the table."""
    pot, b = scene.thing("pot").rect, scene.board
    left, right = b.rect(layout.SEQUENCE_X, 0, 1, 1).x, b.rect(layout.SAY_X, 0, 1, 1).x
    foot = b.rect(0, layout.MIDDLE_Y + 350, 1, 1).y
    lines = [
        event[1]
        for event in drawn
        if event[0] == "note" and pot.bottom <= event[1].top < foot and event[1].x < right
    ]
    assert all(left <= line.x and line.right <= right and line.bottom <= foot for line in lines), lines
    return lines


@pytest.mark.parametrize("language", ["en", "de", "lt"])
def test_the_pot_size_is_told_whole_at_1280x720_in_each_language(language, catalogs):
    """A thick stack growing into a heap, salt under it: the pot's words are told whole, each on one
    line under the pot (sliding left under the sequence card where they are long), none cut short,
    clear of the declarations and above your hand."""
    try:
        client_words.install(language)
        session = FakeSession("stone-soup", 4, 0, seed=3)
        hands = {0: "potato onion stone", 1: "potato tomato onion onion carrot"}
        pot = "carrot cabbage peas sausage sausage tomato cabbage cabbage peas peas onion onion"
        session.state = arrange(4, hands, pot=pot, salt_pile="salt salt", turn=1, due="potato")
        app, scene = make_table(session, (1280, 720))
        render(app, scene, 0.0)
        session.apply(1, {"type": "play", "cards": {"tomato": 1, "onion": 2, "carrot": 1}, "count": 4})
        reset_clipped()
        with coverage.capture() as drawn:
            render(app, scene, 1.0)
        assert clipped_labels() == []
        hand_top = scene.board.rect(0, layout.HAND_Y, 1, 1).y
        lines = pot_lines(scene, drawn)
        assert len(lines) == 2 and all(line.bottom <= hand_top for line in lines)
        session.state = arrange(4, hands, pot=pot, salt_pile="salt salt", turn=0, due="potato")
        reset_clipped()  # your turn: the declarations beside the pot leave less room
        with coverage.capture() as drawn:
            render(app, scene, 12.0)
        assert clipped_labels() == []
        lines = pot_lines(scene, drawn)
        assert len(lines) == 2 and all(line.bottom <= hand_top for line in lines)
    finally:
        client_words.install("en")


def test_a_language_chosen_at_the_table_words_it_again_at_once(catalogs):
    """No event comes between choosing Deutsch in the menu and looking at the table again."""
    session, app, scene = a_claim()
    assert scene.thing("button:let_go").words == "Let it go"
    try:
        client_words.install("de")
        with coverage.capture() as drawn:
            render(app, scene, 0.5)
        assert scene.thing("button:let_go").words == "Durchgehen lassen"
        lines = [event[2] for event in drawn if event[0] == "note"]
        assert "Durchgehen lassen" in lines and "Let it go" not in lines
    finally:
        client_words.install("en")


def test_a_solo_table_holds_its_clock_while_a_menu_covers_it():
    session, app, scene = a_claim()
    held = []
    session.hold_for_menu = held.append
    stack = SceneStack(app)
    stack.push(scene)
    scene.update(0.0, 1.0)
    stack.push(Scene(app))  # the Esc menu, How to play, Settings...
    stack.update(0.0, 1.5)
    stack.pop()
    stack.update(0.0, 2.0)
    assert held == [False, True, False]


def test_a_caught_bluff_is_told_with_the_rule_that_set_its_penalty():
    names = {0: "Ada", 1: "Bert"}
    bluff = {"verdict": "bluff", "cards": ["tomato"], "taker": 1, "whole_pot": True, "taken": None, "salt": 1}
    big, told, *_shorter = verdict_words(bluff, names)
    assert big == "A bluff" and "Bert takes the whole pot and one dash of salt" in told
    assert told.endswith("The pot held fewer than twice the cards added.")
    counted = verdict_words({**bluff, "whole_pot": False, "taken": 2, "salt": 0}, names)
    assert counted[1].endswith("Bert takes two cards. Twice the cards added.")
    assert verdict_words({**bluff, "verdict": "stone"}, names)[1].endswith("one dash of salt.")


# the most cards one hand can hold with two others at the table (the pot holds two carrots)
LARGEST = " ".join(
    kind
    for kind, n in KIND_COUNTS.items()
    for _ in range(n - (2 if kind == "carrot" else 0) - (kind == "salt"))
)


def test_a_large_hand_keeps_every_label_whole_inside_the_hand_panel_at_1280x720(catalogs):
    """Every food's group of a 49-card hand, in each language at the smallest window: its caption on
    one line, none cut short, inside its own place, the places side by side inside the hand panel."""
    try:
        for language in ("en", "de", "lt"):
            client_words.install(language)
            session, app, scene = my_turn(LARGEST)
            for key in ("hand:potato:3", "hand:tomato:3", "hand:stone:5", "hand:peas:7", "hand:cabbage:6"):
                scene.touch(key)  # picked: the hint names them, and "Put back" shows
            reset_clipped()
            render(app, scene, 1.0)
            assert scene.thing(layout.UNPICK_KEY) is not None
            assert clipped_labels() == []
            b = scene.board
            panel = b.rect(layout.MAIN_X, layout.HAND_Y, layout.MAIN_W, 1070 - layout.HAND_Y)
            groups = sorted((t for t in scene.things() if t.key.startswith("group:")), key=lambda t: t.rect.x)
            assert len(groups) == 9
            font = b.font(layout.CAPTION_SIZE)
            for group, after in zip(groups, [*groups[1:], None], strict=True):
                assert "\n" not in group.words, group.words
                assert font.size(group.words)[0] <= group.rect.w - b.px(6), group.words
                assert panel.contains(group.rect) and (after is None or group.rect.right < after.rect.x)
            assert all(panel.contains(t.rect) for t in scene.things() if t.key.startswith("hand:"))
    finally:
        client_words.install("en")


def test_picking_moves_no_card_under_the_pointer_and_all_can_be_put_back_at_once():
    """A picked card rises, but each point of the hand still finds the card it found before the pick:
    the next click in the same group touches the card it always did. "Put back" clears the pick."""
    session, app, scene = my_turn(CROWDED)
    cards = [t for t in scene.things() if t.key.startswith("hand:")]
    area = cards[0].rect.unionall([t.rect for t in cards])
    points = [(x, y) for x in range(area.x, area.right, 7) for y in range(area.y, area.bottom, 20)]

    def finds() -> list[str | None]:
        hand = [[t.key for t in under_point(scene.things(), p) if t.key.startswith("hand:")] for p in points]
        return [keys[0] if keys else None for keys in hand]

    before = finds()
    peas = [t for t in cards if t.extra["kind"] == "peas"]
    click(app, scene, (peas[2].rect.x + 4, peas[2].rect.centery))
    render(app, scene, 0.5)
    assert scene.choosing.picked == ("hand:peas:2",) and scene.thing("hand:peas:2").rect.y < peas[2].rect.y
    assert finds() == before
    click(app, scene, (peas[3].rect.x + 4, peas[3].rect.centery))  # the next one along: it, as before
    render(app, scene, 1.0)
    assert scene.choosing.picked == ("hand:peas:2", "hand:peas:3")
    click(app, scene, scene.thing(layout.UNPICK_KEY).rect.center)  # "Put back (Esc)"
    render(app, scene, 1.5)
    assert scene.choosing.picked == () and scene.thing(layout.UNPICK_KEY) is None


def test_the_last_claim_and_every_claim_in_the_pot_stay_on_the_table_once_the_window_closes():
    session = FakeSession("stone-soup", 4, 0, seed=2)
    session.bots_play(until=lambda v: v["phase"] == "play" and v["turn"] == 0 and v["pot"]["least"] >= 4)
    app, scene = make_table(session, (1280, 720))
    with coverage.capture() as drawn:
        render(app, scene, 1.0)
    words = [event[2] for event in drawn if event[0] == "note"]
    claims, _older = scene.model.pot_claims()
    seat, count, food = claims[-1]
    last = f'{session.seat_name(seat)}: "{claim_words(count, food)}"'
    assert last in words
    assert any(w.startswith("In the pot: ") and session.seat_name(seat) in w for w in words)
