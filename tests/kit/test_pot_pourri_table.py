"""The Pot Pourri table played headless with injected input and time, the real rules behind a fake
session: taking, cooking, moving the lid, refreshing the pantry and keeping recipes by touching the
cards; what the lid hides; the scores a serving shows; the menu swap; Cooking Pros; the final score."""

from __future__ import annotations

import random

import pygame
import pytest

from soupkitchen.client import words
from soupkitchen.client.tables import table_scene_for
from soupkitchen.client.tables.kit.board import Board
from soupkitchen.client.tables.pot_pourri import layout
from soupkitchen.client.tables.pot_pourri.model import PotModel
from soupkitchen.client.tables.pot_pourri.paint import menu_stars, tie_break
from soupkitchen.client.tables.pot_pourri.scene import PotPourriTable, ScoringEnd
from soupkitchen.client.ui.input import InputAction
from soupkitchen.client.ui.textfit import clipped_labels, reset_clipped
from tests.tables.fake_session import FakeSession
from tests.tables.harness import click, make_table, play_by_clicks, render


def session_at(wanted, seed: int = 1, options: dict | None = None) -> FakeSession:
    session = FakeSession("pot-pourri", 4, 0, seed=seed)
    if options:
        game = session.game
        session.state = game.setup(4, game.normalise_options(options, 4), seed)
    session.bots_play(until=wanted, limit=5000)
    assert wanted(session.view(0))
    return session


def table(wanted, seed: int = 1, options: dict | None = None, size=(1280, 720)):
    session = session_at(wanted, seed, options)
    app, scene = make_table(session, size)
    render(app, scene, 0.0)
    return session, app, scene


def my_turn(v):
    return v["phase"] == "turn" and v["turn"] == 0


def test_the_shell_finds_this_table():
    assert table_scene_for("pot-pourri") is PotPourriTable


def test_two_ingredients_are_taken_by_touching_a_pantry_card_then_the_draw_pile():
    session, app, scene = table(my_turn)
    pantry = session.view(0)["pantry"]
    click(app, scene, scene.thing("pantry:0").rect.center)
    assert session.acted[-1][1] == {"type": "take", "source": "pantry", "ingredient": pantry[0]}
    assert scene.menu_words(session.acted[-1][1]) == f"Take {pantry[0]} from the pantry"
    render(app, scene, 1.0)
    click(app, scene, scene.thing("draw").rect.center)
    assert session.acted[-1][1]["source"] == "draw" and session.refused == []


def test_a_card_is_cooked_by_touching_it_then_a_saucepan_and_the_lid_is_moved_the_same_way():
    session, app, scene = table(lambda v: my_turn(v) and v["hand"] and all(p["count"] < 5 for p in v["pans"]))
    view = session.view(0)
    open_pan = next(p["pan"] for p in view["pans"] if not p["covered"])
    click(app, scene, scene.thing("hand:0").rect.center)
    assert scene.describe()["picked"] == ["hand:0"]
    assert f"pan:{view['lid']}" not in scene.describe()["usable"]  # nothing goes under the lid
    click(app, scene, scene.thing(f"pan:{open_pan}").rect.center)
    assert session.acted[-1][1]["type"] == "cook" and session.acted[-1][1]["pan"] == open_pan
    render(app, scene, 1.0)
    if session.view(0)["phase"] == "cook_second":
        click(app, scene, scene.thing("button:stop_cooking").rect.center)
        render(app, scene, 2.0)
    assert session.view(0)["phase"] == "move_lid"
    target = session.view(0)["legal_actions"][0]
    click(app, scene, scene.thing("lid").rect.center)
    click(app, scene, scene.thing(f"pan:{target['pan']}").rect.center)
    assert session.acted[-1] == (0, target) and session.refused == []
    render(app, scene, 2.05)
    assert scene.motion.place(scene.thing("lid"), 2.05)[0] != scene.thing("lid").rect  # the lid slides over


def press(app, scene, kind: str, dx: int = 0, dy: int = 0, device: str = "pad:0") -> bool:
    used = scene.handle(InputAction(kind, device, dx=dx, dy=dy))
    app.settle()
    return used


def focus_on_the_lid(app, scene, device: str) -> None:
    for _ in range(12):
        if scene.focus == "lid":
            return
        press(app, scene, "navigate", dx=1, device=device)
    raise AssertionError("the focus never reached the lid")


@pytest.mark.parametrize("device", ["keyboard", "pad:0"])
def test_the_lid_is_carried_by_keys_or_pad_to_a_saucepan_and_put_down_there(device):
    session, app, scene = table(lambda v: v["phase"] == "move_lid" and v["turn"] == 0)
    pans = [f"pan:{a['pan']}" for a in session.view(0)["legal_actions"]]
    before = render(app, scene, 1.0).copy()
    focus_on_the_lid(app, scene, device)
    press(app, scene, "select", device=device)  # picked up: carried over the nearest saucepan
    assert scene.describe()["picked"] == ["lid"] and scene.focus in pans
    first = scene.focus
    carried = render(app, scene, 1.0)
    inside = scene.thing(first).rect.center
    assert carried.get_at(inside) != before.get_at(inside)  # the lid is seen over that saucepan
    others = [pan for pan in pans if pan != first]
    if others:  # arrows carry it to another saucepan
        towards = 1 if scene.thing(others[0]).rect.centerx > scene.thing(first).rect.centerx else -1
        press(app, scene, "navigate", dx=towards, device=device)
        assert scene.focus == others[0]
    target = scene.focus
    press(app, scene, "select", device=device)  # put down
    assert session.acted[-1][1]["type"] == "move_lid" and f"pan:{session.acted[-1][1]['pan']}" == target
    assert session.refused == []


def test_a_carried_lid_is_put_back_with_back():
    session, app, scene = table(lambda v: v["phase"] == "move_lid" and v["turn"] == 0)
    focus_on_the_lid(app, scene, "keyboard")
    press(app, scene, "select")
    assert scene.describe()["picked"] == ["lid"]
    press(app, scene, "back")
    assert scene.describe()["picked"] == [] and session.acted == []


def test_the_pantry_is_replaced_by_touching_a_hand_card_then_the_pantry():
    session, app, scene = table(
        lambda v: my_turn(v) and any(a["type"] == "refresh_pantry" for a in v["legal_actions"])
    )
    click(app, scene, scene.thing("hand:0").rect.center)
    click(app, scene, scene.thing("pantry:2").rect.center)
    assert session.acted[-1][1]["type"] == "refresh_pantry" and session.refused == []


def test_the_pantry_shows_its_own_control_a_touch_then_a_hand_card_replaces_it():
    session, app, scene = table(
        lambda v: my_turn(v) and any(a["type"] == "refresh_pantry" for a in v["legal_actions"])
    )
    control = scene.thing("button:replace_pantry")
    assert control is not None and control.words == "Replace the pantry"
    assert scene.thing("pantry").rect.contains(control.rect)  # it sits on the pantry
    click(app, scene, control.rect.center)
    assert session.acted == [] and scene.describe()["picked"] == ["button:replace_pantry"]
    usable = scene.describe()["usable"]
    assert usable and all(key.startswith("hand:") for key in usable)  # now only the card to discard
    discarded = session.view(0)["hand"][1]
    click(app, scene, scene.thing("hand:1").rect.center)
    sent = session.acted[-1][1]
    assert (sent["type"], sent["ingredient"]) == ("refresh_pantry", discarded) and session.refused == []


def test_clicking_the_recipe_pile_starts_a_recipe_swap():
    session, app, scene = table(
        lambda v: my_turn(v) and any(a["type"] == "swap_recipes" for a in v["legal_actions"])
    )
    assert "recipes" in scene.describe()["usable"]
    click(app, scene, scene.thing("recipes").rect.center)
    assert session.acted == [] and scene.describe()["confirming"]  # recipes will be drawn: asked again
    render(app, scene, 1.0)
    click(app, scene, scene.thing("recipes").rect.center)
    assert session.acted[-1][1]["type"] == "swap_recipes" and session.refused == []


def test_recipes_are_kept_by_touching_two_of_them_in_either_order():
    session, app, scene = table(lambda v: v["phase"] == "choose_recipes" and 0 in v["active_seats"])
    offered = sorted(r["id"] for r in session.view(0)["choosing_from"])
    assert sorted(scene.describe()["usable"]) == sorted(f"choose:{r}" for r in offered)
    click(app, scene, scene.thing(f"choose:{offered[2]}").rect.center)
    click(app, scene, scene.thing(f"choose:{offered[0]}").rect.center)
    assert session.acted == [] and scene.describe()["confirming"]  # kept for the game: asked again
    assert scene.describe()["menu"][1] == "Cancel (Esc)"
    menu = scene.menu_rects()
    assert scene.thing(f"choose:{offered[0]}").rect.inflate(40, 40).colliderect(menu[0].unionall(menu))
    render(app, scene, 1.0)
    click(app, scene, menu[0].center)
    assert session.acted[-1][1]["type"] == "keep" and session.acted[-1][1]["recipes"] == [
        offered[0],
        offered[2],
    ]


def test_the_lid_hides_its_saucepans_cards_and_shows_only_their_count():
    session, app, scene = table(lambda v: any(p["covered"] and p["count"] >= 2 for p in v["pans"]))
    view = session.view(0)
    lid = view["lid"]
    keys = [t.key for t in scene.things()]
    assert not any(k.startswith(f"cooked:{lid}:") for k in keys)
    assert scene.thing("lid").words == str(view["pans"][lid]["count"])
    assert "under the lid" in scene.thing(f"pan:{lid}").what


def test_a_serving_shows_what_each_recipe_would_score_and_a_recipe_is_served_by_touching_it():
    session, app, scene = table(lambda v: v["phase"] == "serve" and v["turn"] == 0)
    model = PotModel(session.view(0))
    for action in model.actions():
        if action["type"] == "redeem":
            recipe = next(r for r in model.book() if r["id"] == action["recipe"])
            found, squares = model.recipe_score(recipe)
            assert f"{found} matches, +{squares} square" in scene.menu_words(action)
    action = model.actions()[0]
    play_by_clicks(app, scene, action, 1.0)
    assert session.acted[-1] == (0, action) and session.refused == []


def test_counters_walk_along_the_pathway_when_a_serving_moves_them():
    session, app, scene = table(
        lambda v: (
            v["phase"] == "serve"
            and v["turn"] == 0
            and any(a["type"] == "redeem" for a in v["legal_actions"])
        )
    )
    before = scene.thing("counter:0").rect
    action = next(a for a in session.view(0)["legal_actions"] if a["type"] == "redeem")
    play_by_clicks(app, scene, action, 1.0)
    render(app, scene, 1.0)
    counter = scene.thing("counter:0")
    assert counter.rect != before and scene.motion.place(counter, 1.0)[0] == before


def test_two_menu_tiles_are_swapped_by_touching_both():
    session, app, scene = table(lambda v: v["phase"] == "swap_menu" and v["turn"] == 0)
    click(app, scene, scene.thing("menu:3").rect.center)
    click(app, scene, scene.thing("menu:1").rect.center)
    assert session.acted == [] and scene.describe()["confirming"]  # the menu swapped for good: asked
    render(app, scene, 1.0)
    click(app, scene, (0, 0))  # anywhere else: not swapped
    assert session.acted == [] and not scene.describe()["confirming"] and not scene.choosing.picked
    click(app, scene, scene.thing("menu:3").rect.center)
    click(app, scene, scene.thing("menu:1").rect.center)
    click(app, scene, scene.thing("menu:1").rect.center)  # touched again: swapped
    assert session.acted[-1][1]["type"] == "swap_menu" and session.acted[-1][1]["tiles"] == [1, 3]


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_serve_nothing_is_asked_beside_its_button_and_a_serving_menu_leaves_the_chefs_in_sight(size):
    session, app, scene = table(
        lambda v: v["phase"] == "serve" and v["turn"] == 0 and len(v["legal_actions"]) > 1, size=size
    )
    button = scene.thing("button:decline").rect
    click(app, scene, button.center)
    assert session.acted == [] and scene.describe()["menu"][0].startswith("Serve nothing")
    menu = scene.menu_rects()
    box = menu[0].unionall(menu)
    assert box.colliderect(button.inflate(scene.board.px(60), scene.board.px(60)))
    chefs = [t.rect for t in scene.things() if t.key.startswith("chef:")]
    redeem = next(a for a in session.view(0)["legal_actions"] if a["type"] == "redeem")
    render(app, scene, 1.0)
    click(app, scene, (0, 0))
    click(app, scene, scene.thing(f"book:{redeem['recipe']}").rect.center)
    menu = scene.menu_rects()
    assert menu and not any(rect.collidelist(chefs) >= 0 for rect in menu)


def test_cooking_pros_tiles_lie_face_down_and_the_learner_aid_is_shown_when_chosen():
    options = {"cooking_pros": True, "learner_memory": True}
    session, app, scene = table(my_turn, options=options)
    assert all(scene.thing(f"menu:{i}").face is None for i in range(5))
    assert scene.model.learner_memory
    session, app, scene = table(my_turn)
    assert all(scene.thing(f"menu:{i}").face for i in range(5)) and not scene.model.learner_memory


@pytest.mark.parametrize("options", [{}, {"cooking_pros": True, "learner_memory": True}])
def test_every_move_of_a_seeded_game_is_made_by_clicks_and_every_label_fits(options):
    reset_clipped()
    session = FakeSession("pot-pourri", 4, 0, seed=5)
    session.state = session.game.setup(4, session.game.normalise_options(options, 4), 5)
    app, scene = make_table(session, (1280, 720))
    rng, bots, now, moves = random.Random(5), {s: session.game.make_bot(s, s) for s in range(4)}, 0.0, 0
    while not session.over and moves < 150:
        movers = [s for s in range(4) if session.game.legal_actions(session.state, s)]
        if 0 in movers:
            now += 1.0
            render(app, scene, now)
            action = rng.choice(session.view(0)["legal_actions"])
            assert scene.points_for(action), action
            play_by_clicks(app, scene, action, now)
            assert session.acted[-1] == (0, action)
            moves += 1
        else:
            session.apply(movers[0], bots[movers[0]].choose(session.game.view(session.state, movers[0]), now))
    render(app, scene, now + 10)
    assert session.refused == [] and moves > 20
    assert clipped_labels() == []


def test_the_final_score_adds_pathway_squares_and_menu_stars_and_names_the_winner():
    session = session_at(lambda v: v["over"], seed=2)
    model = PotModel(session.view(0))
    result = model.result()
    stars = menu_stars(model)
    for chef in model.chefs():
        served = sum(stars[title.rsplit("(", 1)[1].rstrip(")")] for title in chef.redeemed)
        assert result["pathway"][chef.seat] + served == result["scores"][chef.seat]
    names = {s: f"Chef {s}" for s in range(4)}
    assert tie_break(model, names).startswith(" and ".join(names[s] for s in result["winners"]))
    app, scene = make_table(session, (1280, 720))
    render(app, scene, 0.0)
    assert isinstance(scene.end_panel(), ScoringEnd)  # the end screen works out the score


def test_at_the_end_the_table_stays_to_be_seen_with_the_last_pan_served_marked():
    """The game ends on a sixth recipe: the table (its pans, the pathway) is what the beat before the
    end screen and "Look at the table" show, not the score sheet again; the pan served last is marked."""
    session = session_at(lambda v: v["over"], seed=2)
    app, scene = make_table(session, (1920, 1080))
    frame = render(app, scene, 0.0)
    model = scene.model
    last = model.last_served_pan()
    assert last is not None and model.pans()[last].count == 6  # the last full pan, not yet emptied
    keys = {t.key for t in scene.things()}
    assert {"pan:0", "pan:1", "pan:2", "pantry"} <= keys and all(
        f"counter:{c.seat}" in keys for c in model.chefs()
    )
    ended = pygame.Surface(frame.get_size())
    scene.end_panel().draw(ended)
    spot = scene.thing(f"pan:{last}").rect.center
    assert frame.get_at(spot) != ended.get_at(spot)  # the table, not the score sheet over it
    # then every counter walks on by its served recipes' menu stars, to its final square on the track
    b, length, scores = scene.board, model.track_length(), session.view(0)["result"]["scores"]
    assert length > max(scores)  # the track holds every final square
    at = {c.seat: scene.thing(f"counter:{c.seat}").rect for c in model.chefs()}
    assert all(layout.square_rect(b, c.square, length).contains(at[c.seat]) for c in model.chefs())
    render(app, scene, 2.0)
    render(app, scene, 4.0)
    for seat, score in enumerate(scores):
        counter = scene.thing(f"counter:{seat}")
        assert layout.square_rect(b, score, length).contains(counter.rect), (seat, score)
        assert scene.motion.place(counter, 4.0)[0] == counter.rect  # walked, standing still
        if score != model.chefs()[seat].square:
            assert scene.motion.place(counter, scene.motion.glides[counter.key].start)[0] == at[seat]
    others = [t for t in scene.things() if t.key.startswith("chef:")]
    assert others and all(t.extra["chef"].square == scores[t.extra["chef"].seat] for t in others)


def test_counters_sharing_a_square_stand_side_by_side_each_whole_inside_it():
    b = Board((1280, 720))
    for length, apart in ((36, 5), (60, 1)):  # a much longer track: its narrow squares fan them
        square = layout.square_rect(b, 0, length)
        for count in range(1, 6):
            rects = [layout.counter_rect(b, square, i, count) for i in range(count)]
            assert all(square.contains(r) and r.w >= 10 for r in rects), (length, count)
            assert len({r.topleft for r in rects}) == count
            if count <= apart:
                assert not any(r.colliderect(o) for i, r in enumerate(rects) for o in rects[i + 1 :])


def test_a_spectator_sees_the_bottom_chefs_hand_and_book_only_as_counted_backs():
    session = FakeSession("pot-pourri", 4, None, seed=3)
    session.bots_play(until=lambda v: v["phase"] == "turn", limit=5000)
    app, scene = make_table(session, (1280, 720))
    render(app, scene, 0.0)
    keys = [t.key for t in scene.things()]
    players = session.public_view["players"]
    assert sum(k.startswith("hidden:") for k in keys) == players[0]["hand_count"]
    assert sum(k.startswith("hidden_recipe:") for k in keys) == players[0]["book_count"]
    assert not any(k.startswith(("hand:", "book:")) for k in keys) and scene.usable().keys() == {"kit:moves"}


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_the_book_says_the_seats_colour_and_what_it_is_for(size):
    from soupkitchen.client.ui import coverage
    from soupkitchen.shared.pot_pourri import describe

    session, app, scene = table(lambda v: my_turn(v) and len(v["book"]) == 2, size=size)
    reset_clipped()
    with coverage.capture() as drawn:
        render(app, scene, 1.0)
    words = [event[2] for event in drawn if event[0] == "note"]
    colour = describe.cuisine_word(session.view(0)["players"][0]["colour"])
    assert f"Your colour: {colour}" in words
    assert any(line.startswith("It breaks a tie") for line in words) and clipped_labels() == []


def cooking_turn(v):
    hand = v["hand"] or []
    return (
        my_turn(v)
        and len(hand) >= 4
        and len(set(hand)) < len(hand)
        and sum(p["count"] < 5 and not p["covered"] for p in v["pans"]) == 2
    )


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_the_hand_closes_up_after_cooking_and_a_quick_click_on_the_card_slid_in_looks_again(size):
    """A cooked card leaves no gap: the next card takes its place. A click there a moment after the
    cooking was meant for the card that went, so it is answered "look again"; a click after that
    cooks the card that is there. Cards that slid along are not marked as new."""
    session, app, scene = table(cooking_turn, size=size)
    hand = session.view(0)["hand"]
    i = next(i for i in range(len(hand) - 1) if hand[i] != hand[i + 1])
    place = scene.thing(f"hand:{i}").rect.copy()
    pan = next(p["pan"] for p in session.view(0)["pans"] if not p["covered"])
    click(app, scene, place.center)
    click(app, scene, scene.thing(f"pan:{pan}").rect.center)
    assert session.acted[-1][1] == {"type": "cook", "ingredient": hand[i], "pan": pan}
    render(app, scene, 0.2)  # the new hand came with the move, a moment ago
    assert session.view(0)["phase"] == "cook_second"
    cards = [t for t in scene.things() if t.key.startswith("hand:")]
    assert len(cards) == len(hand) - 1 and not any(t.key.startswith("gone:") for t in scene.things())
    slid = scene.thing(f"hand:{i}")
    assert slid.rect.collidepoint(place.center) and slid.sig == hand[i + 1]
    assert scene.fresh == set() and f"hand:{i}" in scene.motion.changed  # changed, not marked as new
    click(app, scene, place.center)
    assert scene.choosing.picked == () and "look again" in scene.answer.words
    render(app, scene, 2.0)
    click(app, scene, place.center)
    click(app, scene, scene.thing(f"pan:{pan}").rect.center)
    assert session.acted[-1][1] == {"type": "cook", "ingredient": hand[i + 1], "pan": pan}


def test_a_pantry_refilled_a_moment_ago_asks_to_look_again_and_a_new_hand_card_alone_is_marked():
    session, app, scene = table(
        lambda v: my_turn(v) and any(a["type"] == "refresh_pantry" for a in v["legal_actions"])
    )
    before = session.view(0)["pantry"]
    click(app, scene, scene.thing("hand:0").rect.center)
    click(app, scene, scene.thing("pantry:2").rect.center)
    assert session.acted[-1][1]["type"] == "refresh_pantry"
    render(app, scene, 0.2)
    after = session.view(0)["pantry"]
    slot = next(i for i in range(4) if after[i] != before[i])
    acted = len(session.acted)
    click(app, scene, scene.thing(f"pantry:{slot}").rect.center)  # meant for the card that lay there
    assert len(session.acted) == acted and "look again" in scene.answer.words
    render(app, scene, 2.0)
    hand = session.view(0)["hand"]
    click(app, scene, scene.thing(f"pantry:{slot}").rect.center)  # looked again: taken
    assert session.acted[-1][1] == {"type": "take", "source": "pantry", "ingredient": after[slot]}
    render(app, scene, 3.0)
    new = [t for t in scene.things() if t.key in scene.fresh]
    assert len(session.view(0)["hand"]) == len(hand) + 1
    assert [t.sig for t in new] == [after[slot]]  # the card taken, not those it pushed along


def test_every_card_of_a_kind_in_the_hand_is_ringed_and_the_one_touched_is_picked():
    session, app, scene = table(cooking_turn)
    hand = session.view(0)["hand"]
    kind = next(k for k in hand if hand.count(k) > 1)
    twins = [f"hand:{i}" for i, k in enumerate(hand) if k == kind]
    assert all(key in scene.describe()["usable"] for key in twins)
    click(app, scene, scene.thing(twins[-1]).rect.center)
    assert scene.describe()["picked"] == [twins[-1]]


def test_the_words_over_the_recipe_pile_name_the_one_move_it_makes():
    session, app, scene = table(my_turn)
    scene.pointer, scene.hover = scene.thing("recipes").rect.center, "recipes"
    assert scene.hover_words()[-1] == "Click: Draw 2 recipes, then keep 2 of the 4"
    assert not any("choose among 1 move" in line for line in scene.hover_words())


def test_the_first_enter_puts_a_visible_focus_on_something_usable_and_the_next_one_uses_it():
    session, app, scene = table(my_turn)
    assert scene.focus is None
    assert press(app, scene, "select", device="keyboard")
    assert scene.focus in scene.describe()["usable"] and scene.focus != "kit:moves" and scene.keyboard
    acted = len(session.acted)
    press(app, scene, "select", device="keyboard")
    assert len(session.acted) > acted or scene.describe()["picked"] or scene.describe()["menu"]


@pytest.mark.parametrize("language", ["de", "lt"])
def test_the_other_chefs_counts_fit_in_words_in_each_language(language, catalogs):
    """Five chefs at 1280x720: each panel names hand, book and served in words, none cut short."""
    try:
        words.install(language)
        session = FakeSession("pot-pourri", 5, 0, seed=4)
        session.bots_play(until=my_turn, limit=5000)
        app, scene = make_table(session, (1280, 720))
        reset_clipped()
        render(app, scene, 0.0)
        assert clipped_labels() == []
    finally:
        words.install("en")


def test_every_pantry_card_of_a_kind_is_ringed_and_a_touch_on_the_second_takes_that_kind():
    session, app, scene = table(lambda v: my_turn(v) and len(set(v["pantry"])) < len(v["pantry"]))
    pantry = session.view(0)["pantry"]
    kind = next(k for k in pantry if pantry.count(k) > 1)
    twins = [f"pantry:{i}" for i, k in enumerate(pantry) if k == kind]
    assert all(key in scene.describe()["usable"] for key in twins)
    click(app, scene, scene.thing(twins[-1]).rect.center)
    assert session.acted[-1][1] == {"type": "take", "source": "pantry", "ingredient": kind}


def test_played_by_keys_a_new_step_shows_its_focus_and_one_enter_picks_the_lid_up():
    """The README's "Enter picks the lid up": when the lid's step comes while the chef plays by keys,
    the focus is already on the lid (drawn), so the first Enter carries it."""
    session, app, scene = table(
        lambda v: v["phase"] == "cook_second" and v["turn"] == 0 and all(p["count"] < 6 for p in v["pans"])
    )
    press(app, scene, "navigate", dx=1, device="keyboard")  # playing by keys
    for _ in range(8):
        if scene.focus == "button:stop_cooking":
            break
        press(app, scene, "navigate", dy=1, device="keyboard")
    press(app, scene, "select", device="keyboard")
    render(app, scene, 1.0)
    assert session.view(0)["phase"] == "move_lid" and scene.focus == "lid"
    press(app, scene, "select", device="keyboard")
    assert scene.describe()["picked"] == ["lid"] and scene.focus.startswith("pan:")


def useless_pantry_table(size):
    """A table at the chef's turn whose pantry holds nothing the chef's recipes ask for."""
    from soupkitchen.shared.pot_pourri.cards import CARD_KINDS, RECIPES

    session = session_at(
        lambda v: my_turn(v) and any(a["type"] == "refresh_pantry" for a in v["legal_actions"])
    )
    wanted = {kind for recipe in session.state.books[0] for kind in RECIPES[recipe].ingredients}
    session.state.pantry = [card for card in range(len(CARD_KINDS)) if CARD_KINDS[card] not in wanted][:4]
    app, scene = make_table(session, size)
    return session, app, scene, wanted


@pytest.mark.parametrize("language", ["de", "lt"])
def test_the_note_beside_a_useless_pantry_fits_in_each_language(language, catalogs):
    try:
        words.install(language)
        reset_clipped()
        _session, app, scene, _wanted = useless_pantry_table((1280, 720))
        render(app, scene, 0.0)
        assert scene.model.pantry_useless() and clipped_labels() == []
    finally:
        words.install("en")


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_a_pantry_with_nothing_for_your_recipes_is_offered_for_replacing_with_the_reason(size):
    """Four cards none of the chef's recipes asks for: the table says so beside the pantry, pointing
    at "Replace the pantry" (the rules' remedy at the start of a turn), whose words name the reason."""
    from soupkitchen.shared.pot_pourri.cards import CARD_KINDS

    reset_clipped()
    session, app, scene, wanted = useless_pantry_table(size)
    offered = render(app, scene, 1.0).copy()
    button = scene.thing("button:replace_pantry")
    assert button.what.startswith("Nothing in the pantry is in your recipes")
    assert scene.model.pantry_useless() and clipped_labels() == []
    session.state.pantry = [card for card in range(len(CARD_KINDS)) if CARD_KINDS[card] in wanted][:4]
    scene._refresh(scene.current_view())
    assert not scene.model.pantry_useless()
    usual = render(app, scene, 2.0)
    note = scene.board.rect(layout.PANTRY_X + 100, layout.ROW_B_Y, 340, 30)  # right of the label "Pantry"
    assert pygame.image.tobytes(offered.subsurface(note), "RGB") != pygame.image.tobytes(
        usual.subsurface(note), "RGB"
    )
