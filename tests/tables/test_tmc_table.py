"""The Too Many Cooks table played headless: injected input, the real rules behind a fake session.
A move is made by touching the table's things (a soup card, then a spare ringed in green; an arrow on
the pot's rim; the main button under the pot), with the mouse, the keys or a pad."""

from __future__ import annotations

from pygame.image import tobytes

from soupkitchen.client.tables import table_scene_for
from soupkitchen.client.tables.too_many_cooks.animation import detect
from soupkitchen.client.tables.too_many_cooks.panels import REACTION_SECONDS
from soupkitchen.client.tables.too_many_cooks.scene import TooManyCooksTable
from soupkitchen.client.tables.too_many_cooks.things import MAIN, arrow_key, cell_key, spare_key
from soupkitchen.client.ui import coverage, theme
from soupkitchen.client.ui.input import InputAction, nav
from soupkitchen.shared.too_many_cooks import GAME, describe
from soupkitchen.shared.too_many_cooks.cards import card_id
from soupkitchen.shared.too_many_cooks.tastes import TASTES, satisfied
from tests.tables.fake_session import FakeSession
from tests.tables.harness import make_table, render


def others_play_until_my_turn(session: FakeSession, seat: int = 0) -> None:
    for _ in range(20):
        turn = GAME.view(session.state, seat)["turn"]
        if turn == seat:
            return
        legal = GAME.legal_actions(session.state, turn)
        session.apply(turn, next((a for a in legal if a["type"] == "rotate"), legal[0]))
    raise AssertionError("never my turn")


def playing_table(players: int = 3, size=(1280, 720), **kw):
    session = FakeSession("too-many-cooks", players=players, seat=0, **kw)
    app, scene = make_table(session, size)
    session.everyone_ready()
    session.now = 20.0
    others_play_until_my_turn(session)
    render(app, scene, session.now)
    return session, app, scene


def click(scene, rect) -> bool:
    return scene.handle(InputAction("click", "mouse", pos=rect.center))


def must_pass(session: FakeSession) -> None:
    """Every taste seat 0 knows is satisfied (the tastes swapped for ones the soup satisfies)."""
    state = session.state
    happy = [t["id"] for t in TASTES if satisfied(t["id"], state.soup)][:4]
    session.state = state.with_(tastes=tuple(happy), owners=(0, 1, None, None))
    session.push()


def shown_words(app, scene, now: float) -> list[str]:
    with coverage.capture() as drawn:
        render(app, scene, now)
    return [event[2] for event in drawn if event[0] == "note"]


def test_the_shell_finds_this_table():
    assert table_scene_for("too-many-cooks") is TooManyCooksTable


def test_ready_by_keyboard_starts_the_round_when_everyone_is():
    session = FakeSession("too-many-cooks", players=2, seat=0)
    app, scene = make_table(session, (1920, 1080))
    render(app, scene, 0.0)
    assert scene.describe()["phase"] == "ready" and scene.describe()["usable"] == [MAIN]
    scene.handle(InputAction("select"))  # nothing focused: Enter presses the main button
    app.settle()
    assert session.acted == [(0, {"type": "ready"})]
    session.apply(1, {"type": "ready"})
    assert scene.describe()["phase"] == "playing"
    assert session.remaining(session.now) == 300


def test_a_soup_card_then_a_ringed_spare_makes_exactly_the_legal_change():
    session, app, scene = playing_table()
    lay = scene.table_layout
    legal = GAME.view(session.state, 0)["legal_actions"]
    assert click(scene, lay.cell(1, 2))
    expected = [a for a in legal if a["type"] == "change" and (a["row"], a["col"]) == (1, 2)]
    offered = sorted(key for key in scene.describe()["usable"])
    assert expected and offered == sorted(spare_key(a["veg"], a["colour"]) for a in expected)  # only those
    before = GAME.view(session.state, 0)["soup"][1][2]
    for action in expected:  # same vegetable another colour, or same colour another vegetable
        assert (action["veg"] == before["veg"]) != (action["colour"] == before["colour"])
    render(app, scene, session.now)
    chosen = expected[-1]
    assert click(scene, scene.thing(spare_key(chosen["veg"], chosen["colour"])).rect)
    app.settle()
    assert session.acted == [(0, chosen)] and session.refused == []
    after = GAME.view(session.state, 0)["soup"][1][2]
    assert (after["veg"], after["colour"]) == (chosen["veg"], chosen["colour"])
    assert scene.motion.moving(session.now) == {cell_key(1, 2)}  # the changed card turns over
    assert scene.motion.glides[cell_key(1, 2)].before.extra["card"] == before
    assert scene.describe()["picked"] == []


def test_a_picked_card_is_put_back_by_a_second_touch_or_esc_and_nothing_is_played():
    session, app, scene = playing_table()
    lay = scene.table_layout
    click(scene, lay.cell(0, 1))
    assert scene.describe()["picked"] == [cell_key(0, 1)]
    click(scene, lay.cell(0, 1))
    assert scene.describe()["picked"] == []
    click(scene, lay.cell(0, 1))
    assert scene.handle(InputAction("back"))  # Esc puts it back, not the pause menu
    assert scene.describe()["picked"] == [] and session.acted == []
    click(scene, lay.cell(0, 1))
    click(scene, lay.cell(2, 2))  # another soup card: that one is picked instead
    assert scene.describe()["picked"] == [cell_key(2, 2)] and session.acted == []
    full = next(t for t in scene.things() if t.key.startswith("spare:") and t.key not in scene.usable())
    click(scene, full.rect)  # a spare it may not become: answered, still picked
    assert scene.describe()["picked"] == [cell_key(2, 2)] and scene.answer.words.startswith(
        "Only a ringed spare"
    )
    scene.handle(InputAction("back"))
    click(scene, full.rect)  # a spare before any soup card: which comes first
    assert scene.answer.words.startswith("First touch the soup card")


def test_the_keys_pick_a_card_go_to_a_ringed_spare_and_swap():
    session, app, scene = playing_table()
    assert scene.describe()["focus"] == cell_key(0, 0)  # the chef's turn began: the focus is on the soup
    scene.handle(InputAction("select"))  # no ring shown yet: the first key shows it, picking nothing
    assert scene.describe()["picked"] == [] and scene.describe()["focus"] == cell_key(0, 0)
    scene.handle(InputAction("select"))  # picks it
    assert scene.describe()["picked"] == [cell_key(0, 0)]
    scene.handle(nav(-1, 0))  # to the nearest spare it may become
    focus = scene.describe()["focus"]
    assert focus in scene.describe()["usable"] and focus.startswith("spare:")
    scene.handle(InputAction("back"))
    assert scene.describe()["picked"] == [] and session.acted == []
    scene.focus = cell_key(0, 0)
    scene.handle(InputAction("select"))
    scene.handle(nav(-1, 0))
    spare = scene.describe()["focus"]
    scene.handle(InputAction("select"))
    app.settle()
    veg, colour = spare.split(":")[1:]
    assert session.acted == [(0, {"type": "change", "row": 0, "col": 0, "veg": veg, "colour": colour})]


def test_an_arrow_on_the_rim_rotates_its_line_and_q_e_rotate_the_focused_row_or_column():
    session, app, scene = playing_table(players=2)
    soup = GAME.view(session.state, 0)["soup"]
    assert click(scene, scene.thing(arrow_key("col", 0, -1)).rect)
    app.settle()
    assert session.acted[-1] == (0, {"type": "rotate", "line": "col", "index": 0, "step": -1})
    after = GAME.view(session.state, 0)["soup"]
    assert [after[r][0] for r in range(4)] == [soup[r][0] for r in (1, 2, 3, 0)]
    assert scene.motion.moving(session.now) == {cell_key(row, 0) for row in range(4)}  # column 0 slides
    others_play_until_my_turn(session)
    render(app, scene, session.now)
    session.now += 1  # a key pressed as the turn came was meant for the table before
    render(app, scene, session.now)
    scene.focus = cell_key(1, 3)
    acted = len(session.acted)
    scene.handle(InputAction("rotate_right", "pad:0"))  # a card's row: shown first, with its way
    app.settle()
    assert len(session.acted) == acted and scene.describe()["notice"] == "rotate"
    assert "Rotate row 2 east?" in shown_words(app, scene, session.now)
    scene.handle(InputAction("rotate_right", "pad:0"))  # the same button again makes it
    app.settle()
    assert session.acted[-1] == (0, {"type": "rotate", "line": "row", "index": 1, "step": 1})
    others_play_until_my_turn(session)
    render(app, scene, session.now)
    session.now += 1
    render(app, scene, session.now)
    scene.focus = arrow_key("col", 2, 1)
    scene.keyboard, scene.pad = True, False
    assert "Q / E: column 3 north / south" in " ".join(shown_words(app, scene, session.now))
    scene.handle(InputAction("rotate_left"))  # a column's arrow: that column
    scene.handle(InputAction("rotate_right"))  # the other way asks again rather than rotating
    assert len(session.acted) == acted + 1 and scene.describe()["notice"] == "rotate"
    scene.handle(InputAction("navigate", dy=1))  # any other key keeps the soup as it is
    assert scene.describe()["notice"] != "rotate"
    scene.focus = arrow_key("col", 2, 1)
    scene.handle(InputAction("rotate_left"))
    scene.handle(InputAction("rotate_left"))
    app.settle()
    assert session.acted[-1] == (0, {"type": "rotate", "line": "col", "index": 2, "step": -1})


def test_out_of_turn_nothing_is_offered_and_a_touch_says_who_is_playing():
    session, app, scene = playing_table(players=3)
    lay = scene.table_layout
    assert click(scene, scene.thing(arrow_key("row", 3, 1)).rect)
    app.settle()
    assert session.acted == [(0, {"type": "rotate", "line": "row", "index": 3, "step": 1})]
    assert GAME.view(session.state, 0)["turn"] != 0
    render(app, scene, session.now)
    assert scene.describe()["usable"] == [] and not any(t.key.startswith("arrow:") for t in scene.things())
    click(scene, lay.cell(2, 2))  # not my turn: nothing picked, only the answer why
    assert scene.describe()["picked"] == [] and scene.answer.words.endswith("is playing")
    scene.handle(InputAction("pass"))
    scene.focus = cell_key(1, 1)
    scene.handle(InputAction("rotate_left"))
    app.settle()
    assert len(session.acted) == 1 and session.refused == []


def test_pass_is_offered_only_when_the_rules_demand_it_and_the_notice_above_the_pot_says_so():
    session, app, scene = playing_table(players=2)
    scene.handle(InputAction("pass"))
    app.settle()
    assert session.acted == [] and scene.answer.words == "You may pass once every taste you know is happy"
    must_pass(session)
    render(app, scene, session.now)
    assert scene.describe()["must_pass"] and scene.describe()["usable"] == [MAIN]
    assert scene.describe()["notice"] == "must_pass"
    shown = shown_words(app, scene, session.now)
    assert "All your tastes are satisfied: you pass" in shown
    assert "the rules say a satisfied chef must pass" in " ".join(shown)
    click(scene, scene.table_layout.cell(0, 0))  # nothing to pick while passing is the only move
    assert (
        scene.describe()["picked"] == []
        and scene.answer.words == "All your tastes are satisfied: you pass until a move unsatisfies one"
    )
    session.now += 1  # a moment after the table changed
    render(app, scene, session.now)
    scene.handle(InputAction("select"))
    app.settle()
    assert session.acted == [(0, {"type": "pass"})]


def test_timer_expiry_reveals_every_taste_and_the_star_change():
    session, app, scene = playing_table(players=4)
    click(scene, scene.table_layout.cell(0, 0))  # a card is picked when time runs out
    session.expire()
    picture = render(app, scene, session.now)
    view = scene.current_view()
    assert scene.describe()["phase"] == "reveal" and scene.describe()["picked"] == []
    assert scene.describe()["notice"] == "reveal"
    reveal = view["reveal"]
    assert len(reveal["tastes"]) == 7  # round 1: seven tastes, one each shared
    assert {t["owner"] for t in reveal["tastes"]} >= {0, 1, 2, 3}
    assert describe.round_explanation(view["mode"], reveal)
    assert picture.get_size() == (1280, 720)
    scene.handle(InputAction("select"))
    app.settle()
    assert session.acted[-1] == (0, {"type": "ready"})


def test_a_reaction_is_sent_shown_at_the_chefs_seat_for_a_while_and_kept_in_the_log():
    session, app, scene = playing_table()
    lay = scene.table_layout
    assert click(scene, lay.button("emote1"))
    app.settle()
    assert list(session.emotes) == [(0, "delicious", session.now)]
    session.react(1, "disgusting")
    said = render(app, scene, session.now)
    assert "That's disgusting!" in shown_words(app, scene, session.now + 1)
    session.now += REACTION_SECONDS + 1  # the session's clock, which reactions are stamped on
    later = render(app, scene, session.now)
    row = lay.chef_row(1, 3)
    assert tobytes(said.subsurface(row).copy(), "RGB") != tobytes(later.subsurface(row).copy(), "RGB")
    assert "That's disgusting!" not in shown_words(app, scene, session.now)
    reactions = [e for e in scene.story.entries if e.is_reaction]
    assert [(e.seat, e.emote) for e in reactions] == [(0, "delicious"), (1, "disgusting")]
    assert {"Yum!", "Yuck!"} <= set(shown_words(app, scene, session.now + 60))  # under the move they followed


def test_a_reaction_arriving_keeps_the_card_a_chef_has_picked():
    session, app, scene = playing_table()
    click(scene, scene.table_layout.cell(2, 1))
    session.emotes.append((1, "fine", session.now))
    session.push()  # a new view, nothing changed for the chef
    render(app, scene, session.now)
    assert scene.describe()["picked"] == [cell_key(2, 1)]


def test_spectator_screen_hides_personal_tastes():
    session, app, scene = playing_table()
    session.shown_seat = None  # a hand-off screen is up
    view = scene.current_view()
    assert view["my_tastes"] == [] and view["legal_actions"] == []
    render(app, scene, session.now)
    click(scene, scene.table_layout.cell(0, 0))
    assert scene.describe()["usable"] == [] and scene.answer.words == "Wait for your turn"


def test_moves_are_recognised_for_animation():
    soup = GAME.view(GAME.setup(2, GAME.normalise_options({}, 2), 3), 0)["soup"]
    rotated = [row[:] for row in soup]
    rotated[2] = soup[2][-1:] + soup[2][:-1]
    move = detect(soup, rotated)
    assert (move.kind, move.line, move.index, move.step) == ("slide", "row", 2, 1)
    changed = [row[:] for row in soup]
    changed[3][1] = {"veg": "pea", "colour": "blue"}
    assert detect(soup, changed).kind == "flip"
    assert card_id("pea", "blue") >= 0


def test_draws_at_every_size_and_in_colour_blind_mode():
    for size, blind in (((1280, 720), True), ((3840, 2160), False), ((1024, 768), True)):
        session = FakeSession("too-many-cooks", players=6, seat=2, seed=5)
        app, scene = make_table(session, size, colour_blind=blind)
        session.everyone_ready()
        picture = render(app, scene, 1.0)
        assert picture.get_size() == size


def test_chefs_with_the_same_name_are_told_apart_by_seat():
    session = FakeSession("too-many-cooks", players=3, seat=0)
    for info in session.table["seats"][1:]:
        info["name"] = "Bot"
    app, scene = make_table(session, (1920, 1080))
    assert scene.frame().names == {0: "Ada", 1: "Bot 2", 2: "Bot 3"}


def danger_pixels(picture, rect) -> int:
    area = picture.subsurface(rect)
    return sum(
        1
        for x in range(0, rect.width, 2)
        for y in range(0, rect.height, 2)
        if area.get_at((x, y))[:3] == theme.DANGER
    )


def test_the_timer_turns_urgent_in_the_last_thirty_seconds():
    session, app, scene = playing_table(players=2)
    rect = scene.table_layout.timer.inflate(40, 40)
    deadline = GAME.next_deadline(session.state)
    calm = danger_pixels(render(app, scene, deadline - 45), rect)
    urgent = danger_pixels(render(app, scene, deadline - 20), rect)
    assert calm == 0 and urgent > 50


def test_colour_blind_mode_adds_large_symbols_to_the_soup():
    pictures = []
    for blind in (False, True):
        session = FakeSession("too-many-cooks", players=2, seat=0, seed=8)
        app, scene = make_table(session, (1280, 720), colour_blind=blind)
        pictures.append(render(app, scene, 0.0).subsurface(scene.table_layout.cell(2, 2)).copy())
    assert tobytes(pictures[0], "RGB") != tobytes(pictures[1], "RGB")


def test_moves_animate_quickly_and_then_settle():
    session, app, scene = playing_table(players=2)
    scene.focus = cell_key(0, 0)
    scene.handle(InputAction("rotate_left"))
    scene.handle(InputAction("rotate_left"))
    app.settle()
    start = session.now
    assert len(scene.motion.moving(start + 0.1)) == 4  # a row of four cards slides
    assert scene.motion.moving(start + 0.35) == frozenset()  # done within a third of a second
    render(app, scene, start + 0.1)  # drawing mid-slide works


def test_a_pad_reads_the_tastes_and_the_chefs_and_comes_back_to_the_soup_without_playing():
    session, app, scene = playing_table(players=2)
    pad = "pad:3"
    assert scene.focus == cell_key(0, 0)  # the chef's turn began: the focus is on the soup
    for _ in range(5):
        scene.handle(nav(-1, 0, pad))  # left, past the arrows and the spares, to the tastes
    assert scene.describe()["focus"].startswith("taste:")
    scene.handle(nav(0, 1, pad))
    assert scene.describe()["focus"].startswith("taste:")
    scene.handle(InputAction("select", pad))  # a taste is read, not played: the answer says why
    app.settle()
    assert session.acted == [] and scene.answer is not None
    for _ in range(16):
        scene.handle(nav(1, 0, pad))  # right, over the soup, to the chefs
    assert scene.describe()["focus"].startswith(("chef:", "log", "button:"))
    scene.handle(InputAction("pass", pad))  # Y passes only when passing is legal
    app.settle()
    assert session.acted == []


def test_the_keys_notice_names_the_device_in_hand():
    from soupkitchen.client.tables.too_many_cooks.panels import hint_line

    session, app, scene = playing_table(players=2)
    scene.handle(nav(1, 0))
    assert scene.describe()["notice"] == "keys"
    assert "Q / E" in hint_line(scene.frame(), scene.focus, False)
    scene.handle(nav(-1, 0, "pad:0"))
    assert "LB / RB" in hint_line(scene.frame(), scene.focus, False)
    assert "B puts the card back" in hint_line(scene.frame(), scene.focus, True)
    scene.handle(InputAction("point", "mouse", pos=(1, 1)))
    assert scene.describe()["notice"] is None  # the mouse needs no key names


def test_what_the_pointer_rests_on_is_told_above_the_pot_not_over_the_soup():
    session, app, scene = playing_table(players=3)
    lay = scene.table_layout
    spare = next(t for t in scene.things() if t.key.startswith("spare:") and t.extra["count"] == 2)
    scene.handle(InputAction("point", "mouse", pos=spare.rect.center))
    with coverage.capture() as drawn:
        render(app, scene, session.now + 1)
    hovers = [event[2] for event in drawn if event[0] == "open" and event[1] == "hover words"]
    assert hovers and all(lay.notice.contains(rect) for rect in hovers)
    assert any(
        "2 left" in event[2] and lay.notice.contains(event[1]) for event in drawn if event[0] == "note"
    )


def test_the_move_list_lists_every_legal_move_and_plays_the_one_chosen():
    session, app, scene = playing_table(players=2)
    scene.handle(InputAction("alt"))
    assert scene.describe()["moves_open"]
    legal = GAME.view(session.state, 0)["legal_actions"]
    assert len(scene.moves.rows) == len(legal)
    render(app, scene, session.now)
    scene.handle(InputAction("navigate", dy=1))  # a row is chosen before Enter plays it
    scene.handle(InputAction("select"))
    app.settle()
    assert session.acted == [(0, legal[0])]


def test_the_pointer_on_a_rim_arrow_frames_the_line_it_would_slide():
    session, app, scene = playing_table(players=3)
    lay = scene.table_layout
    scene.handle(InputAction("point", "mouse", pos=(1, 1)))
    plain = render(app, scene, session.now)
    scene.handle(InputAction("point", "mouse", pos=scene.thing(arrow_key("row", 1, 1)).rect.center))
    pointed = render(app, scene, session.now)

    def band(row: int):
        return lay.cell(row, 0).union(lay.cell(row, 3)).inflate(lay.px(24), lay.px(24))

    assert tobytes(plain.subsurface(band(1)).copy(), "RGB") != tobytes(
        pointed.subsurface(band(1)).copy(), "RGB"
    )
    middle = lay.cell(3, 0).union(lay.cell(3, 3))  # another row is left as it was
    assert tobytes(plain.subsurface(middle).copy(), "RGB") == tobytes(
        pointed.subsurface(middle).copy(), "RGB"
    )


def test_a_touch_of_a_taste_a_seat_or_the_log_is_answered_with_what_it_says():
    session, app, scene = playing_table(players=3)
    lay = scene.table_layout
    click(scene, lay.listed_rows(scene.model)[0])
    assert scene.answer.words == scene.thing("taste:0").what and session.acted == []
    click(scene, lay.chef_row(1, 3))
    assert scene.answer.words.startswith("Bert: ") and "happy" in scene.answer.words
    click(scene, lay.log(3))
    assert "older moves" in scene.answer.words


def test_after_the_end_the_button_under_the_pot_leads_back_to_play_again():
    session, app, scene = playing_table()
    shown = []
    scene.show_end = lambda: shown.append("end")
    while not session.over:
        session.expire()
        session.now += 2
        if not session.over:
            session.everyone_ready()
            session.everyone_ready()
    render(app, scene, session.now)
    assert scene.model.phase == "over" and "button:main" in scene.usable()
    assert scene.thing("button:main").words == "Play again or leave"
    assert click(scene, scene.table_layout.button("main")) and shown == ["end"]
    past = scene.model.view["past_rounds"]  # the end tells the game round by round
    assert [r["round"] for r in past] == list(range(1, scene.model.view["round"] + 1))
    assert len(past) > 1
    told = " ".join(shown_words(app, scene, session.now + 1))  # the last round, and why its stars moved
    assert f"Round {len(past)}: Time is up with" in told
    assert [line.split(":")[0] for line in scene.end_notes()] == [f"Round {r['round']}" for r in past]


def test_a_nudge_is_said_beside_the_clock_for_that_turn_only_and_covers_nothing():
    """The server's "your turn, the clock runs" is said in the status beside the clock, not in a box
    over the notice above the pot, and not once the turn has moved on."""
    session, app, scene = playing_table(players=3)
    running = "The round's clock is running: change a card or rotate a line."
    assert scene.take_nudge("It is your turn: the round's clock is running.")
    assert running in " ".join(shown_words(app, scene, session.now)) and app.toasts == []
    rotate = next(a for a in GAME.legal_actions(session.state, 0) if a["type"] == "rotate")
    session.apply(0, rotate)
    session.push()
    others_play_until_my_turn(session)
    assert running not in " ".join(shown_words(app, scene, session.now))


def test_a_reaction_key_the_rules_refuse_is_answered_at_its_button():
    """Pressing 1 to react to one's own move is refused, and the table says why beside the button."""
    session, app, scene = playing_table(players=3)
    session.error_listeners.append(lambda words: scene.answer_refusal(words) or app.toast(words))
    rotate = next(a for a in GAME.legal_actions(session.state, 0) if a["type"] == "rotate")
    session.apply(0, rotate)
    session.push()
    render(app, scene, session.now)
    scene.handle(InputAction("emote", "keyboard", index=0))
    app.settle()
    button = scene.thing("button:emote:0")
    assert session.refused and app.toasts == []
    assert scene.answer is not None and scene.answer.words and button.rect.collidepoint(scene.answer.pos)


def test_the_first_arrow_key_shows_the_focus_on_the_soup_rather_than_moving_it_off():
    session, app, scene = playing_table(players=2)
    assert not scene.describe().get("keyboard", scene.keyboard)
    scene.handle(InputAction("navigate", dx=-1))  # left from the top left card would be a spare
    assert scene.focus == cell_key(0, 0) and scene.keyboard
    scene.handle(InputAction("navigate", dy=1))
    assert scene.focus == cell_key(1, 0)
