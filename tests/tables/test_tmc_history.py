"""Following the play: the last move stays marked until the next one, the history strip tells the
round in words with each move's effect on the faces, and seats say who is really playing them."""

from __future__ import annotations

from soupkitchen.client import theme
from soupkitchen.client.input import InputAction
from soupkitchen.client.tables.too_many_cooks.paint import Painter
from soupkitchen.client.tables.too_many_cooks.panels import hint_line
from soupkitchen.client.tables.too_many_cooks.story import draw_history, last_move_note
from soupkitchen.client.textfit import clipped_labels, reset_clipped
from soupkitchen.shared.too_many_cooks import GAME
from tests.tables.fake_session import FakeSession
from tests.tables.harness import make_table, render


def started(players: int = 3, size=(1920, 1080)):
    session = FakeSession("too-many-cooks", players=players, seat=0, seed=7)
    app, scene = make_table(session, size)
    session.everyone_ready()
    session.now = 10.0
    return session, app, scene


def play(session: FakeSession, kind: str) -> tuple[int, dict]:
    """The chef whose turn it is makes a move of ``kind`` (or passes, if they must); (seat, action)."""
    seat = GAME.view(session.state, 0)["turn"]
    legal = GAME.legal_actions(session.state, seat)
    action = next((a for a in legal if a["type"] == kind), legal[0])
    session.apply(seat, action)
    return seat, action


def ring_colour(surface, rect, scene):
    """The colour just outside the top edge of ``rect``, where the last-move ring is drawn."""
    return tuple(surface.get_at((rect.centerx, rect.top - scene.table_layout.px(2))))[:3]


def test_a_change_by_another_chef_stays_marked_until_the_next_move():
    session, app, scene = started()
    if GAME.view(session.state, 0)["turn"] == 0:
        play(session, "rotate")                          # Ada's own move first: then another chef's
    before = GAME.view(session.state, 0)["soup"]
    seat, action = play(session, "change")
    assert seat != 0
    old = before[action["row"]][action["col"]]
    move = scene.history.last_move
    assert (move.kind, move.seat, move.old, move.new) == ("changed", seat, old,
                                                          {"veg": action["veg"], "colour": action["colour"]})
    name = session.seat_name(seat)
    assert move.words(session.seat_name) == (f"{name} swapped {old['colour']} {old['veg']} "
                                             f"for {action['colour']} {action['veg']}")
    cell = scene.table_layout.cell(action["row"], action["col"])
    for later in (2.0, 30.0):                            # long after the flip: still marked
        shot = render(app, scene, session.now + later)
        assert ring_colour(shot, cell, scene) == theme.seat_colour(seat)
        assert last_move_note(scene.frame(), seat) == "last move"

    nxt, line = play(session, "rotate")                   # the next move takes the mark away
    shot = render(app, scene, session.now + 40.0)
    assert ring_colour(shot, cell, scene) != theme.seat_colour(seat) or nxt == seat
    assert scene.history.last_move.kind == "rotated" and scene.history.last_move.seat == nxt
    assert last_move_note(scene.frame(), nxt) == "last move"
    if nxt != seat:
        assert last_move_note(scene.frame(), seat) == ""


def test_the_history_tells_the_round_newest_first_with_the_effect_on_the_faces():
    session, app, scene = started(size=(1280, 720))    # the smallest window: every entry drawn reads whole
    faces = [sum(face["happy"] for face in chef["tastes"]) for chef in GAME.view(session.state, 0)["chefs"]]
    moved = [play(session, "change" if i % 2 else "rotate") for i in range(6)]
    entries = list(scene.history.entries)
    kinds = {"change": "changed", "rotate": "rotated", "pass": "passed"}
    assert [(e.seat, e.kind) for e in entries if e.is_move] == [(seat, kinds[a["type"]]) for seat, a in moved]
    after = [sum(face["happy"] for face in chef["tastes"]) for chef in GAME.view(session.state, 0)["chefs"]]
    for seat in range(3):                                 # the faces' changes add up to what the table shows
        assert faces[seat] + sum(d for e in entries for s, d in e.faces if s == seat) == after[seat]
    rotation = next(e for e in entries if e.kind == "rotated")
    assert rotation.words(session.seat_name).startswith(f"{session.seat_name(rotation.seat)} rotated ")
    assert rotation.words(session.seat_name).split()[-1] in ("east", "west", "north", "south")

    reset_clipped()
    render(app, scene, session.now + 5)
    frame = scene.frame()
    drawn = draw_history(Painter(app.screen, scene.table_layout, session.now), frame)
    assert drawn and all(a.bottom <= b.top for a, b in zip(drawn, drawn[1:], strict=False))   # newest on top
    assert not [label for label in clipped_labels() if "swapped" in label or "rotated" in label]

    scene.handle(InputAction("scroll", "mouse", dy=2))    # the wheel reads older moves
    assert scene.history_scroll == 2
    scene.handle(InputAction("scroll", "mouse", dy=-5))
    assert scene.history_scroll == 0
    for _ in range(3):                                    # X, X, X: the keys read the history too
        scene.handle(InputAction("alt"))
    assert scene.describe()["focus"] == "history"
    scene.handle(InputAction("navigate", dy=1))
    assert scene.history_scroll == 1
    assert "older or newer moves" in hint_line(scene.frame())
    session.now += 1
    play(session, "rotate")                               # a new move shows the newest again
    assert scene.history_scroll == 0 and len(scene.history.entries) == len(entries) + 1


def test_reactions_to_a_move_are_in_the_round_log_and_the_move_stays_the_last_one():
    session, app, scene = started()
    mover, _action = play(session, "rotate")
    reactor = next(seat for seat in range(3) if seat != mover)
    session.now += 1.5
    number = GAME.view(session.state, 0)["last_move"]["number"]
    session.apply(reactor, {"type": "react", "emote": "disgusting", "move": number})
    entry = scene.history.entries[-1]
    assert entry.kind == "reacted" and entry.seat == reactor and not entry.is_move
    assert entry.words(session.seat_name) == f"{session.seat_name(reactor)}: That's disgusting!"
    assert scene.history.last_move.seat == mover and scene.history.last_move.kind == "rotated"
    render(app, scene, session.now + 1)


def test_the_history_starts_afresh_each_round():
    session, app, scene = started(players=2)
    play(session, "rotate")
    assert scene.history.entries
    session.expire()
    for seat in range(2):
        session.apply(seat, {"type": "ready"})            # the reveal is read: next round dealt
    for seat in range(2):
        session.apply(seat, {"type": "ready"})            # ... and started
    assert GAME.view(session.state, 0)["phase"] == "playing"
    assert scene.history.entries == []


def test_a_seat_whose_player_went_away_says_so_and_then_names_the_stand_in_bot():
    session, app, scene = started(size=(1280, 720))
    render(app, scene, 100.0)
    session.seat_changes(1, connected=False)              # Bert's client went away at 100 s
    render(app, scene, 112.4)
    assert scene.frame().seat_notes == {1: "away 0:12"}
    session.seat_changes(1, connected=False, stand_in=True)
    render(app, scene, 160.0)
    assert scene.frame().seat_notes[1] == "bot playing for Bert"
    session.seat_changes(1, connected=True, stand_in=False)
    render(app, scene, 161.0)
    assert scene.frame().seat_notes == {}
    assert app.toasts == []                               # Bert's return is not Ada's news


def test_a_player_whose_seat_a_bot_kept_hears_they_are_back():
    session, app, scene = started(size=(1280, 720))
    session.seat_changes(0, connected=True, stand_in=True)   # a bot played for Ada while she was away
    session.seat_changes(0, connected=True, stand_in=False)  # she has taken it back
    assert app.toasts == ["You are back: the bot has given your seat back."]
