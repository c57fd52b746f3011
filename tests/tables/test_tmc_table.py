"""The Too Many Cooks table played headless: injected input, the real rules behind a fake session."""

from __future__ import annotations

from pygame.image import tobytes

from soupkitchen.client import theme
from soupkitchen.client.input import InputAction, nav
from soupkitchen.client.tables import table_scene_for
from soupkitchen.client.tables.too_many_cooks.animation import detect
from soupkitchen.client.tables.too_many_cooks.scene import TooManyCooksTable
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


def test_the_shell_finds_this_table():
    assert table_scene_for("too-many-cooks") is TooManyCooksTable


def test_ready_by_keyboard_starts_the_round_when_everyone_is():
    session = FakeSession("too-many-cooks", players=2, seat=0)
    app, scene = make_table(session, (1920, 1080))
    render(app, scene, 0.0)
    assert scene.describe()["phase"] == "ready"
    scene.handle(InputAction("select"))
    app.settle()
    assert session.acted == [(0, {"type": "ready"})]
    session.apply(1, {"type": "ready"})
    assert scene.describe()["phase"] == "playing"
    assert session.remaining(session.now) == 300


def test_picking_a_card_offers_exactly_the_legal_replacements_and_changes_it():
    session, app, scene = playing_table()
    lay = scene.table_layout
    legal = GAME.view(session.state, 0)["legal_actions"]
    assert click(scene, lay.cell(1, 2))
    offered = scene.describe()["candidates"]
    expected = [a for a in legal if a["type"] == "change" and (a["row"], a["col"]) == (1, 2)]
    assert offered and sorted(map(str, offered)) == sorted(map(str, expected))
    before = GAME.view(session.state, 0)["soup"][1][2]
    for action in offered:   # same vegetable another colour, or same colour another vegetable
        assert (action["veg"] == before["veg"]) != (action["colour"] == before["colour"])
    render(app, scene, session.now)
    choice = scene.table_layout.picker((1, 2), scene.selection.candidate_rows(scene.model))[1][-1]
    assert click(scene, choice)
    app.settle()
    assert session.acted == [(0, offered[-1])] and session.refused == []
    after = GAME.view(session.state, 0)["soup"][1][2]
    assert (after["veg"], after["colour"]) == (offered[-1]["veg"], offered[-1]["colour"])
    assert scene.motion.moving(session.now) == {"cell:1:2"}            # the changed card turns over
    assert scene.motion.glides["cell:1:2"].before.extra["card"] == before
    assert scene.describe()["picked"] is None


def test_keyboard_picker_and_back_closes_it_without_playing():
    session, app, scene = playing_table()
    scene.handle(InputAction("select"))          # picks the card under the cursor (0, 0)
    assert scene.describe()["picked"] == (0, 0)
    scene.handle(nav(1, 0))
    chosen = scene.describe()["candidates"][1]
    scene.handle(InputAction("back"))
    assert scene.describe()["picked"] is None and session.acted == []
    scene.handle(InputAction("select"))
    scene.handle(nav(1, 0))
    scene.handle(InputAction("select"))
    app.settle()
    assert session.acted == [(0, chosen)]


def test_rotating_a_column_with_its_arrow_and_a_row_with_the_shoulder_buttons():
    session, app, scene = playing_table(players=2)
    soup = GAME.view(session.state, 0)["soup"]
    scene.handle(nav(0, -1))                      # from (0, 0) up to the arrow above column 0
    assert scene.describe()["cursor"] == (-1, 0)
    scene.handle(InputAction("select"))
    app.settle()
    assert session.acted[-1] == (0, {"type": "rotate", "line": "col", "index": 0, "step": -1})
    after = GAME.view(session.state, 0)["soup"]
    assert [after[r][0] for r in range(4)] == [soup[r][0] for r in (1, 2, 3, 0)]
    assert scene.motion.moving(session.now) == {f"cell:{row}:0" for row in range(4)}   # column 0 slides
    others_play_until_my_turn(session)
    scene.handle(nav(0, 2))                       # down into the soup, row 1
    scene.handle(InputAction("rotate_right", "pad:0"))
    app.settle()
    assert session.acted[-1] == (0, {"type": "rotate", "line": "row", "index": 1, "step": 1})


def test_arrow_clicks_rotate_and_nothing_is_offered_out_of_turn():
    session, app, scene = playing_table(players=3)
    lay = scene.table_layout
    assert click(scene, lay.arrow("row", 3, 1))
    app.settle()
    assert session.acted == [(0, {"type": "rotate", "line": "row", "index": 3, "step": 1})]
    assert GAME.view(session.state, 0)["turn"] != 0
    render(app, scene, session.now)
    click(scene, lay.cell(2, 2))                  # not my turn: no picker, only the answer why
    assert scene.describe()["picked"] is None and scene.answer.words.endswith("is playing")
    scene.handle(InputAction("pass"))
    scene.handle(InputAction("rotate_left"))
    click(scene, lay.arrow("col", 1, 1))
    app.settle()
    assert len(session.acted) == 1 and session.refused == []


def test_pass_is_offered_only_when_the_rules_demand_it():
    session, app, scene = playing_table(players=2)
    scene.handle(InputAction("pass"))
    app.settle()
    assert session.acted == []                    # not allowed yet: nothing sent
    state = session.state
    happy = [t["id"] for t in TASTES if satisfied(t["id"], state.soup)][:4]
    session.state = state.with_(tastes=tuple(happy), owners=(0, 1, None, None))
    session.push()
    assert scene.describe()["must_pass"]
    render(app, scene, session.now)
    click(scene, scene.table_layout.cell(0, 0))   # no picker while passing is the only move
    assert scene.describe()["picked"] is None and scene.answer.words == "Every taste you know is happy: you must pass"
    scene.handle(InputAction("select"))
    app.settle()
    assert session.acted == [(0, {"type": "pass"})]


def test_timer_expiry_reveals_every_taste_and_the_star_change():
    session, app, scene = playing_table(players=4)
    scene.handle(InputAction("select"))          # a picker is open when time runs out
    session.expire()
    picture = render(app, scene, session.now)
    view = scene.current_view()
    assert scene.describe()["phase"] == "reveal" and scene.describe()["picked"] is None
    scene.handle(InputAction("alt"))
    scene.handle(InputAction("alt"))              # the spares lie under the revealed tastes: skipped
    assert scene.describe()["focus"] == "soup"
    reveal = view["reveal"]
    assert len(reveal["tastes"]) == 7             # round 1: seven tastes, one each shared
    assert {t["owner"] for t in reveal["tastes"]} >= {0, 1, 2, 3}
    assert describe.round_explanation(view["mode"], reveal)
    assert picture.get_size() == (1280, 720)
    scene.handle(InputAction("select"))
    app.settle()
    assert session.acted[-1] == (0, {"type": "ready"})


def test_emotes_are_sent_and_shown_at_the_chef_seat():
    session, app, scene = playing_table()
    scene.handle(InputAction("emote", index=1))
    app.settle()
    assert list(session.emotes) == [(0, "delicious", session.now)]
    before = render(app, scene, session.now)
    session.now += 5
    after = render(app, scene, session.now)
    row = scene.table_layout.chef_row(0, 3)
    assert tobytes(before.subsurface(row).copy(), "RGB") != tobytes(after.subsurface(row).copy(), "RGB")


def test_spectator_screen_hides_personal_tastes():
    session, app, scene = playing_table()
    session.shown_seat = None                     # a hand-off screen is up
    view = scene.current_view()
    assert view["my_tastes"] == [] and view["legal_actions"] == []
    render(app, scene, session.now)
    click(scene, scene.table_layout.cell(0, 0))
    assert scene.describe()["candidates"] == [] and scene.answer.words == "Wait for your turn"


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
    return sum(1 for x in range(0, rect.width, 2) for y in range(0, rect.height, 2)
               if area.get_at((x, y))[:3] == theme.DANGER)


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
    scene.handle(InputAction("rotate_left"))
    app.settle()
    start = session.now
    assert len(scene.motion.moving(start + 0.1)) == 4        # a row of four cards slides
    assert scene.motion.moving(start + 0.35) == frozenset()  # done within a third of a second
    render(app, scene, start + 0.1)                          # drawing mid-slide works


def test_the_second_button_walks_a_pad_player_through_the_tastes_and_spares_and_back():
    session, app, scene = playing_table(players=2)
    pad = "pad:3"
    tastes = scene.model.listed_tastes()
    assert len(tastes) >= 2
    before = render(app, scene, session.now)
    scene.handle(InputAction("alt", pad))
    assert scene.describe()["focus"] == "tastes" and scene.describe()["reading"] == 0
    scene.handle(nav(0, 1, pad))
    assert scene.describe()["reading"] == 1
    reading = render(app, scene, session.now)
    detail = scene.table_layout.listed_rows(scene.model)[1].move(scene.table_layout.left_panel.width, 0)
    assert tobytes(before.subsurface(detail).copy(), "RGB") != tobytes(reading.subsurface(detail).copy(), "RGB")
    scene.handle(nav(0, -1, pad))
    scene.handle(nav(0, -1, pad))                 # wraps to the last taste
    assert scene.describe()["reading"] == len(tastes) - 1
    scene.handle(InputAction("alt", pad))
    assert scene.describe()["focus"] == "spares"
    scene.handle(nav(1, 0, pad))                  # the next column of sets
    assert scene.describe()["reading"] == 2
    scene.handle(InputAction("select", pad))      # back to the soup, no move played
    app.settle()
    assert scene.describe()["focus"] == "soup" and session.acted == []
    scene.handle(InputAction("alt", pad))
    assert scene.handle(InputAction("back", pad))  # B leaves the tastes, not the table (no pause menu)
    assert scene.describe()["focus"] == "soup"
    scene.handle(InputAction("select", pad))      # the soup has the pad again: a card is picked
    assert scene.describe()["picked"] == scene.describe()["cursor"]


def test_the_hints_name_the_device_in_hand_and_the_second_button():
    from soupkitchen.client.tables.too_many_cooks.panels import hint_line

    session, app, scene = playing_table(players=2)
    scene.handle(nav(1, 0))
    assert "Q / E" in hint_line(scene.frame()) and "X tastes" in hint_line(scene.frame())
    scene.handle(nav(-1, 0, "pad:0"))
    assert "LB / RB" in hint_line(scene.frame()) and "X tastes" in hint_line(scene.frame())
    scene.handle(InputAction("alt", "pad:0"))
    assert "B back to the soup" in hint_line(scene.frame())
    plain = render(app, scene, session.now)
    scene.handle(InputAction("point", "mouse", pos=(1, 1)))
    hidden = render(app, scene, session.now)      # the mouse needs no key names
    hint = scene.table_layout.hint
    assert tobytes(plain.subsurface(hint).copy(), "RGB") != tobytes(hidden.subsurface(hint).copy(), "RGB")


def test_the_mouse_over_a_taste_or_a_spare_set_reads_it():
    session, app, scene = playing_table(players=3)
    lay = scene.table_layout
    scene.handle(InputAction("point", "mouse", pos=lay.listed_rows(scene.model)[0].center))
    assert scene.selection.read_taste() == 0 and scene.selection.read_spare() is None
    scene.handle(InputAction("point", "mouse", pos=lay.spare_set(5).center))
    assert scene.selection.read_spare() == 5 and scene.selection.read_taste() is None
    render(app, scene, session.now)


def test_what_the_mouse_points_at_is_ringed_over_the_table_and_leaves_no_trace():
    session, app, scene = playing_table(players=3)
    lay = scene.table_layout
    scene.handle(InputAction("point", "mouse", pos=(1, 1)))
    plain = render(app, scene, session.now)
    drawn = scene._layer_key
    for pos, area in ((lay.spare_set(5).center, lay.spare_set(5)),
                      (lay.listed_rows(scene.model)[0].center, lay.listed_rows(scene.model)[0])):
        scene.handle(InputAction("point", "mouse", pos=pos))
        pointed = render(app, scene, session.now)
        around = area.inflate(lay.px(16), lay.px(16)).clip(plain.get_rect())
        assert tobytes(plain.subsurface(around).copy(), "RGB") != tobytes(pointed.subsurface(around).copy(), "RGB")
        assert scene._layer_key == drawn          # the table itself is not drawn again for a mouse move
    scene.handle(InputAction("point", "mouse", pos=(1, 1)))
    assert tobytes(render(app, scene, session.now), "RGB") == tobytes(plain, "RGB")


def test_must_pass_is_not_played_by_a_select_meant_for_the_tastes():
    session, app, scene = playing_table(players=2)
    state = session.state
    happy = [t["id"] for t in TASTES if satisfied(t["id"], state.soup)][:4]
    session.state = state.with_(tastes=tuple(happy), owners=(0, 1, None, None))
    session.push()
    scene.handle(InputAction("alt"))
    scene.handle(InputAction("select"))
    app.settle()
    assert session.acted == [] and scene.describe()["focus"] == "soup"
