"""Following the play: the last move stays marked until the next one, the round's log tells every
move and reaction with each move's effect on the faces in one list, what the others did since your
own last move is summed up at its top, and seats say who is really playing them."""

from __future__ import annotations

from soupkitchen.client.tables.too_many_cooks.history import History
from soupkitchen.client.tables.too_many_cooks.paint import Painter
from soupkitchen.client.tables.too_many_cooks.panels import hint_line
from soupkitchen.client.tables.too_many_cooks.story import items, last_move_note, layout_log
from soupkitchen.client.tables.too_many_cooks.things import LOG
from soupkitchen.client.ui import theme
from soupkitchen.client.ui.input import InputAction
from soupkitchen.client.ui.textfit import clipped_labels, reset_clipped
from soupkitchen.shared.too_many_cooks import GAME
from tests.tables.fake_session import FakeSession
from tests.tables.harness import click, make_table, render


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
        play(session, "rotate")  # Ada's own move first: then another chef's
    before = GAME.view(session.state, 0)["soup"]
    seat, action = play(session, "change")
    assert seat != 0
    old = before[action["row"]][action["col"]]
    move = scene.story.last_move
    assert (move.kind, move.seat, move.old, move.new) == (
        "changed",
        seat,
        old,
        {"veg": action["veg"], "colour": action["colour"]},
    )
    name = session.seat_name(seat)
    assert move.words(session.seat_name) == (
        f"{name} swapped {old['colour']} {old['veg']} for {action['colour']} {action['veg']}"
    )
    cell = scene.table_layout.cell(action["row"], action["col"])
    for later in (2.0, 30.0):  # long after the flip: still marked
        shot = render(app, scene, session.now + later)
        assert ring_colour(shot, cell, scene) == theme.seat_colour(seat)
        assert last_move_note(scene.frame(), seat) == "last move"

    nxt, line = play(session, "rotate")  # the next move takes the mark away
    shot = render(app, scene, session.now + 40.0)
    assert ring_colour(shot, cell, scene) != theme.seat_colour(seat) or nxt == seat
    assert scene.story.last_move.kind == "rotated" and scene.story.last_move.seat == nxt
    assert last_move_note(scene.frame(), nxt) == "last move"
    if nxt != seat:
        assert last_move_note(scene.frame(), seat) == ""


def test_the_log_tells_the_round_newest_first_with_the_effect_on_the_faces():
    session, app, scene = started(size=(1280, 720))  # the smallest window: every entry drawn reads whole
    faces = [sum(face["happy"] for face in chef["tastes"]) for chef in GAME.view(session.state, 0)["chefs"]]
    moved = [play(session, "change" if i % 2 else "rotate") for i in range(6)]
    entries = list(scene.story.entries)
    kinds = {"change": "changed", "rotate": "rotated", "pass": "passed"}
    assert [(e.seat, e.kind) for e in entries if e.is_move] == [(seat, kinds[a["type"]]) for seat, a in moved]
    after = [sum(face["happy"] for face in chef["tastes"]) for chef in GAME.view(session.state, 0)["chefs"]]
    for seat in range(3):  # the faces' changes add up to what the table shows
        assert faces[seat] + sum(d for e in entries for s, d in e.faces if s == seat) == after[seat]
    rotation = next(e for e in entries if e.kind == "rotated")
    assert rotation.words(session.seat_name).startswith(f"{session.seat_name(rotation.seat)} rotated ")
    assert rotation.words(session.seat_name).split()[-1] in ("east", "west", "north", "south")

    reset_clipped()
    render(app, scene, session.now + 5)
    p = Painter(app.screen, scene.table_layout, session.now)
    placed, height = layout_log(p, scene.frame(), 400)
    assert [item.entry for item, _rect in placed] == list(reversed(entries))  # newest on top, every one
    assert all(a.bottom <= b.top for (_, a), (_, b) in zip(placed, placed[1:], strict=False))
    assert not clipped_labels()

    scene.handle(InputAction("point", "mouse", pos=scene.table_layout.log(3).center))
    scene.handle(InputAction("scroll", "mouse", dy=2))  # the wheel reads older moves, a little at a time
    assert scene.log_scroll > 0
    scene.handle(InputAction("scroll", "mouse", dy=-5))
    assert scene.log_scroll == 0
    scene.focus = LOG  # the keys read the log too
    scene.keyboard = True
    scene.handle(InputAction("navigate", dy=1))
    assert scene.log_scroll > 0 and scene.focus == LOG
    assert "older or newer moves" in hint_line(scene.frame(), scene.focus, False)
    session.now += 1
    play(session, "rotate")  # a new move shows the newest again
    assert scene.log_scroll == 0 and len(scene.story.entries) == len(entries) + 1


def test_what_the_others_did_since_your_last_move_is_summed_up():
    session, app, scene = started(players=3)
    while GAME.view(session.state, 0)["turn"] != 0:
        play(session, "rotate")
    play(session, "change")  # Ada's own move
    before = [sum(face["happy"] for face in chef["tastes"]) for chef in GAME.view(session.state, 0)["chefs"]]
    others = [play(session, "change"), play(session, "rotate")]
    assert all(seat != 0 for seat, _ in others)
    session.react(next(seat for seat in (1, 2) if seat != others[-1][0]), "delicious")
    render(app, scene, session.now)
    summary = scene.story.summary(0)
    after = [sum(face["happy"] for face in chef["tastes"]) for chef in GAME.view(session.state, 0)["chefs"]]
    assert summary.since_own and summary.moves == 2 and summary.reactions == 1
    assert dict(summary.faces) == {
        seat: a - b for seat, (b, a) in enumerate(zip(before, after, strict=True)) if a != b
    }
    news = scene.story.news(0)
    assert summary.turned == any(e.faces or e.shared for e in news)  # faces that turned back are told
    grouped = items(list(scene.story.entries))
    assert grouped[-1].entry.is_move and [r.emote for r in grouped[-1].reactions] == ["delicious"]


def test_a_moves_effect_reads_as_words_not_as_numbers_run_together():
    from soupkitchen.client.tables.too_many_cooks.history import effect_words

    name = {0: "Ada", 3: "Bot 4"}.get
    assert effect_words(((3, 1),), 0, name) == "Bot 4: 1 more happy face"
    assert effect_words(((0, -2),), 1, name) == "Ada: 2 more unhappy faces; 1 shared taste met"


def test_a_table_opened_mid_round_tells_the_round_from_the_public_record():
    session, app, scene = started(players=3)
    steps = [(GAME.view(session.state, None), [])]
    for _ in range(4):
        seat = GAME.view(session.state, 0)["turn"]
        legal = GAME.legal_actions(session.state, seat)
        session.state, events = GAME.apply(
            session.state, seat, next(a for a in legal if a["type"] == "change"), 1.0
        )
        steps.append((GAME.view(session.state, None), events))
    fresh = History()
    fresh.rebuild(steps, 0)
    assert [e.kind for e in fresh.entries] == ["changed"] * 4
    assert fresh.since(0) == [] and fresh.seen == {0: fresh.count}
    assert [e.faces for e in fresh.entries] == [e.faces for e in _observed(steps)]


def _observed(steps):
    history = History()
    for view, events in steps:
        history.observe(view, events)
    return history.entries


def test_reactions_to_a_move_are_in_the_round_log_once_at_the_seat_and_the_move_stays_the_last_one():
    session, app, scene = started()
    mover, _action = play(session, "rotate")
    reactor = next(seat for seat in range(3) if seat not in (mover, 0))
    session.now += 1.5
    number = GAME.view(session.state, 0)["last_move"]["number"]
    session.apply(reactor, {"type": "react", "emote": "disgusting", "move": number})  # a bot's
    if mover != 0:  # Ada's own, one touch away
        render(app, scene, session.now)
        click(app, scene, scene.thing("button:emote:0").rect.center)
    render(app, scene, session.now + 1)
    reactions = [e for e in scene.story.entries if e.is_reaction]
    said = [(reactor, "disgusting")] + ([(0, "disgusting")] if mover != 0 else [])
    assert [(e.seat, e.emote) for e in reactions] == said  # each once, though the server pushes an emote too
    entry = reactions[0]
    assert entry.words(session.seat_name) == f"{session.seat_name(reactor)}: That's disgusting!"
    assert scene.story.last_move.seat == mover and scene.story.last_move.kind == "rotated"
    assert {seat for seat, _emote in said} <= set(scene.frame().reactions)  # the chips at the seats


def test_the_history_starts_afresh_each_round():
    session, app, scene = started(players=2)
    play(session, "rotate")
    assert scene.story.entries
    session.expire()
    assert scene.story.entries  # the reveal: the round just played is still told
    for seat in range(2):
        session.apply(seat, {"type": "ready"})  # the reveal is read: next round dealt
    assert scene.story.entries == []  # its tastes are read without last round's log
    render(app, scene, session.now)
    for seat in range(2):
        session.apply(seat, {"type": "ready"})  # ... and started
    assert GAME.view(session.state, 0)["phase"] == "playing"
    assert scene.story.entries == []


def test_a_seat_whose_player_went_away_says_so_and_then_names_the_stand_in_bot():
    session, app, scene = started(size=(1280, 720))
    render(app, scene, 100.0)
    session.seat_changes(1, connected=False)  # Bert's client went away at 100 s
    render(app, scene, 112.4)
    assert scene.frame().seat_notes == {1: "away 0:12"}
    session.seat_changes(1, connected=False, stand_in=True)
    render(app, scene, 160.0)
    assert scene.frame().seat_notes[1] == "bot playing for Bert"
    session.seat_changes(1, connected=True, stand_in=False)
    render(app, scene, 161.0)
    assert scene.frame().seat_notes == {}
    assert app.toasts == []  # Bert's return is not Ada's news


def test_a_player_whose_seat_a_bot_kept_hears_they_are_back():
    session, app, scene = started(size=(1280, 720))
    session.seat_changes(0, connected=True, stand_in=True)  # a bot played for Ada while she was away
    session.seat_changes(0, connected=True, stand_in=False)  # she has taken it back
    assert app.toasts == ["You are back: the bot has given your seat back."]


def test_every_card_changed_since_your_own_last_move_is_framed_not_only_the_last_one():
    session, app, scene = started(players=3)
    while GAME.view(session.state, 0)["turn"] != 0:
        play(session, "rotate")
    play(session, "change")  # Ada's own move
    left = GAME.view(session.state, 0)["soup"]
    _seat, first = play(session, "change")
    seat = GAME.view(session.state, 0)["turn"]  # the next chef changes another card
    second = next(
        a
        for a in GAME.legal_actions(session.state, seat)
        if a["type"] == "change" and (a["row"], a["col"]) != (first["row"], first["col"])
    )
    session.apply(seat, second)
    soup = GAME.view(session.state, 0)["soup"]
    differ = {f"cell:{r}:{c}" for r in range(4) for c in range(4) if soup[r][c] != left[r][c]}
    shot = render(app, scene, session.now + 30)
    since = {key for key in scene.describe()["since_own_move"] if key.startswith("cell:")}
    assert since == differ == {f"cell:{a['row']}:{a['col']}" for a in (first, second)}
    cell = scene.thing(
        f"cell:{first['row']}:{first['col']}"
    ).rect  # framed, though the last move was another's
    assert tuple(shot.get_at((cell.centerx, cell.top - scene.table_layout.px(1))))[:3] == theme.SINCE_MOVE
    play(session, "change")  # Ada moves: what she has seen is no longer news
    assert not scene.describe()["since_own_move"]
