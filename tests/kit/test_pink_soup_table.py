"""The Pink Soup table played headless with injected input and time, the real rules behind a fake
session: moves by touching the cards, piles and pots; menus; keys; what is shown face up; motion;
the last move; the move list panel; the scoring sheet."""

from __future__ import annotations

from soupkitchen.client.tables import table_scene_for
from soupkitchen.client.tables.pink_soup.model import PinkModel, equation
from soupkitchen.client.tables.pink_soup.paint import tie_break
from soupkitchen.client.tables.pink_soup.scene import PinkSoupTable
from soupkitchen.client.ui import coverage
from soupkitchen.client.ui.input import InputAction, nav
from soupkitchen.client.ui.textfit import clipped_labels, reset_clipped
from tests.tables.fake_session import FakeSession, random_play, reach
from tests.tables.harness import click, make_table, play_by_clicks, render


def table(players: int = 4, seed: int = 3, size=(1280, 720), wanted=None):
    """A table at seat 0's turn (bots play the others), or at the first position of seeded random
    play where ``wanted(view)`` holds."""
    if wanted is None:
        session = FakeSession("pink-soup", players, 0, seed=seed)
        session.bots_play()
    else:
        session = reach("pink-soup", players, wanted)
    app, scene = make_table(session, size)
    render(app, scene, session.now)
    return session, app, scene


def test_the_shell_finds_this_table():
    assert table_scene_for("pink-soup") is PinkSoupTable


def test_option_a_is_played_by_touching_the_deck_a_drawn_card_a_pile_and_a_pot():
    session, app, scene = table()
    assert "deck" in scene.describe()["usable"]
    click(app, scene, scene.thing("deck").rect.center)
    assert session.acted[-1][1]["type"] == "draw"
    render(app, scene, 1.0)
    view = session.view(0)
    assert view["step"] == "kitchen" and len(view["hand"]) == 2
    assert scene.describe()["usable"] == ["hand:0", "hand:1"]  # a pile waits for a card first
    click(app, scene, scene.thing("hand:1").rect.center)
    assert scene.describe()["picked"] == ["hand:1"]
    assert "goes in the kitchen" in scene._step_words(PinkModel(session.view(0)))  # the top line follows
    piles = [k for k in scene.describe()["usable"] if k.startswith("pile:")]
    assert piles
    click(app, scene, scene.thing(piles[0]).rect.center)
    assert session.acted[-1][1]["type"] == "kitchen" and session.acted[-1][1]["card"] == 1
    render(app, scene, 2.0)
    assert session.view(0)["step"] == "second"
    pot = scene.thing("pot:1")
    click(app, scene, pot.rect.center)
    assert session.acted[-1][1]["type"] == "pot" and session.acted[-1][1]["seat"] == 1
    assert session.refused == []


def test_a_touch_meaning_several_moves_opens_a_menu_at_the_object_in_the_games_words():
    session, app, scene = table(
        wanted=lambda v: any(a["type"] == "activate" and "place" in a for a in v["legal_actions"])
    )
    render(app, scene, 1.0)
    mouse_pile = next(
        a["place"] for a in session.view(0)["legal_actions"] if a["type"] == "activate" and "place" in a
    )
    pile = scene.thing(f"pile:{mouse_pile}")
    click(app, scene, pile.rect.center)
    menu = scene.describe()["menu"]
    assert menu == [
        f"Take Mouse (-1) from pile {mouse_pile + 1} into your pot",
        f"Activate the Mouse on pile {mouse_pile + 1}",
    ]
    rects = scene.menu_rects()
    own = ("pot:0", "slot:0:", "recipe")
    mine = [t for t in scene.things() if t.key == pile.key or t.key.startswith(own)]
    assert not any(r.colliderect(t.rect) for r in rects for t in mine)  # beside the pile, not over it
    render(app, scene, 1.5)
    click(app, scene, rects[1].center)  # a choice in the menu is itself the second touch
    assert session.acted[-1][1]["type"] == "activate" and session.acted[-1][1]["place"] == mouse_pile


def test_a_drawn_mouse_is_used_only_once_asked_again():
    session, app, scene = table(
        wanted=lambda v: any(a["type"] == "activate" and "place" not in a for a in v["legal_actions"])
    )
    render(app, scene, 1.0)
    click(app, scene, scene.thing("hand:0").rect.center)
    assert session.acted == [] and scene.describe()["confirming"]
    assert scene.describe()["menu"][-1] == "Cancel (Esc)"
    render(app, scene, 1.5)
    click(app, scene, scene.thing("hand:0").rect.center)  # touched again: made
    assert session.acted[-1][1]["type"] == "activate" and "place" not in session.acted[-1][1]


def test_a_mouse_power_is_chosen_on_the_table_then_its_target():
    session, app, scene = table(wanted=lambda v: v["step"] == "power" and v["turn"] == 0)
    render(app, scene, 1.0)
    usable = scene.describe()["usable"]
    assert {"power:search", "power:look"} <= set(usable)
    look = next(a for a in session.view(0)["legal_actions"] if a["type"] == "look")
    points = play_by_clicks(app, scene, look, 2.0)
    assert len(points) == 2 and session.acted[-1] == (0, look)


def test_keys_move_a_focus_ring_over_the_usable_objects_and_enter_plays():
    session, app, scene = table()
    scene.handle(nav(1, 0))
    assert scene.describe()["focus"] in scene.describe()["usable"]
    while scene.describe()["focus"] != "deck":
        scene.handle(nav(-1, 0))
    scene.handle(InputAction("select"))
    app.settle()
    assert session.acted[-1][1]["type"] == "draw"


def test_hovering_says_what_a_thing_is_and_what_clicking_does():
    session, app, scene = table()
    scene.handle(InputAction("point", "mouse", pos=scene.thing("deck").rect.center))
    words = scene.hover_words()
    assert words[0].startswith("The deck:") and words[1].startswith("Click: Draw 2 cards")


def test_a_pot_card_shows_its_face_only_when_the_view_names_it_or_for_the_rest_of_its_moment():
    for seed in range(3):
        app, scene = make_table(FakeSession("pink-soup", 3 + seed, 0, seed=seed))
        now = 0.0
        for session in random_play(scene.session, seed, 60):
            now += 0.7  # a move every 0.7 s: a card seen lasts beyond the next move
            render(app, scene, now)
            if session.over:
                break  # every pot is turned face up on the scoring sheet
            faces, held = scene.describe()["faces"], scene.held_up()
            for seat, player in enumerate(session.view(0)["players"]):
                for slot, label in enumerate(player["pot"]):
                    key = f"slot:{seat}:{slot}"
                    if label is not None and key not in scene.look()[0]:
                        assert faces[key] is not None
                    if label is None:
                        assert (faces[key] is not None) == (key in held)
                        assert key not in held or scene.shown_since[key][1] > now


def can_look(view) -> bool:
    """Seat 0 may look at a pot of three cards or more with a Mouse."""
    return view["turn"] == 0 and any(
        a["type"] == "look" and len(view["players"][a["seat"]]["pot"]) >= 3 for a in view["legal_actions"]
    )


def test_a_mouses_look_lasts_its_whole_moment_though_the_next_chef_moves_at_once():
    session = reach("pink-soup", 4, can_look, seeds=range(80), moves=600)
    look = next(
        a
        for a in session.view(0)["legal_actions"]
        if a["type"] == "look" and len(session.view(0)["players"][a["seat"]]["pot"]) >= 3
    )
    session.apply(0, look)
    app, scene = make_table(session)
    render(app, scene, 100.0)  # the look's moment begins
    pot = session.view(0)["players"][look["seat"]]["pot"]
    cards = [f"slot:{look['seat']}:{i}" for i, label in enumerate(pot) if label]
    assert len(cards) >= 3
    mover = next(s for s in range(4) if session.game.legal_actions(session.state, s))
    legal = session.game.legal_actions(session.state, mover)
    calm = [a for a in legal if a["type"] not in ("shuffle", "swap")]
    session.apply(mover, calm[0])  # the next chef moves at once
    render(app, scene, 100.5)
    assert all(session.view(0)["players"][look["seat"]]["pot"][int(k[-1])] is None for k in cards)  # unnamed
    assert all(scene.describe()["faces"][k] is not None for k in cards)  # still face up: a moment to read
    render(app, scene, 100.0 + 2.0 + len(cards) - 1 + 0.1)
    assert all(scene.describe()["faces"][k] is None for k in cards)  # then face down


def test_a_card_held_up_turns_face_down_at_once_when_its_pot_is_shuffled():
    def can_shuffle(view):
        return view["turn"] == 0 and any(a["type"] == "shuffle" for a in view["legal_actions"])

    session = reach("pink-soup", 4, can_shuffle, seeds=range(80), moves=600)
    app, scene = make_table(session)
    render(app, scene, 100.0)
    shuffle = next(a for a in session.view(0)["legal_actions"] if a["type"] == "shuffle")
    key = f"slot:{shuffle['seat']}:0"
    scene.shown_since[key] = ("pink_soup_unused", 200.0, scene.log_book.end)  # as if just seen
    assert scene._undisturbed(key, scene.log_book.end)
    session.apply(0, shuffle)
    render(app, scene, 100.2)
    assert key not in scene.held_up()


def test_a_change_glides_and_is_marked_until_the_next_move_and_is_instant_without_animations():
    session, app, scene = table()
    click(app, scene, scene.thing("deck").rect.center)
    glide = scene.motion.glides.get("hand:0")
    assert glide is not None and glide.source == scene.motion.seen["deck"].rect  # dealt from the deck
    render(app, scene, glide.start + 0.05)
    moving, _ = scene.motion.place(scene.thing("hand:0"), glide.start + 0.05)
    assert moving != scene.thing("hand:0").rect
    assert scene.motion.place(scene.thing("hand:0"), glide.start + 0.3)[0] == scene.thing("hand:0").rect
    assert {"deck", "hand:0", "hand:1"} <= set(scene.describe()["last_move"])
    app.settings.animations = False
    click(app, scene, scene.thing("hand:0").rect.center)
    click(
        app,
        scene,
        scene.thing(next(k for k in scene.describe()["usable"] if k.startswith("pile:"))).rect.center,
    )
    render(app, scene, 2.0)
    assert scene.motion.glides == {}


def test_the_move_list_is_collapsed_until_asked_for_and_plays_a_move():
    session, app, scene = table()
    assert scene.describe()["moves_open"] is False
    scene.handle(InputAction("alt"))
    assert scene.describe()["moves_open"] is True
    render(app, scene, 1.0)
    scene.handle(InputAction("select"))  # no row chosen yet: nothing is played
    assert session.acted == [] and scene.answer is not None
    scene.handle(InputAction("navigate", dy=1))
    scene.handle(InputAction("select"))
    app.settle()
    assert session.acted[-1][1]["type"] == "draw"  # the first move listed
    scene.handle(InputAction("back"))
    assert scene.describe()["moves_open"] is False


def test_no_card_overlaps_another_not_even_in_a_pot_and_every_label_fits_at_720p():
    reset_clipped()
    for players in (2, 4, 5):
        app, scene = make_table(FakeSession("pink-soup", players, 0, seed=players))
        for _session in random_play(scene.session, players, 80):
            render(app, scene, 0.0)
            cards = [
                t for t in scene.things() if t.kind == "card" and not t.key.startswith(("drawn:", "search:"))
            ]
            for i, a in enumerate(cards):
                for other in cards[i + 1 :]:
                    assert not a.rect.colliderect(other.rect), (a.key, other.key)
    assert clipped_labels() == []


def test_the_scoring_sheet_adds_up_like_the_rulebooks_example():
    pot = ["Salt (0)", "Beetroot and cabbage (4)", "Dessert (6)", "Mouse (-1)", "Chili (-3)"]
    tops = ["Eggs (2)", "Milk (3)", "Onions (1)", "Minced meat (1)", "Mouse (-1)"]
    assert (
        equation(pot, tops, "Cold Pink Soup", {"recipe": 15}, 27) == "15 + 2 + 3 + 1 + 0 + 4 + 6 - 1 - 3 = 27"
    )
    three = ["Chili (-3)", "Chili (-3)", "Chili (-3)", "Dessert (6)"]
    assert equation(three, [], "Borscht", {}, 21) == "6 + 15 = 21"


def test_the_tie_break_that_decided_is_named():
    class Model:
        def __init__(self, result):
            self._result = result

        def result(self):
            return self._result

    names = {0: "Ada", 1: "Bert"}
    done = {"completed": True, "desserts": 0}
    plain = {"completed": False, "desserts": 2}
    assert (
        tie_break(Model({"winners": [0], "scores": [20, 20], "breakdown": [done, plain]}), names)
        == "Ada wins with 20 points (tied on points; the recipe completed decides)."
    )
    assert (
        tie_break(Model({"winners": [1], "scores": [9, 12], "breakdown": [done, plain]}), names)
        == "Bert wins with 12 points."
    )
    assert "share the win" in tie_break(
        Model({"winners": [0, 1], "scores": [5, 5], "breakdown": [plain, plain]}), names
    )


def test_a_whole_game_ends_on_the_scoring_sheet():
    session = FakeSession("pink-soup", 3, 0, seed=4)
    app, scene = make_table(session)
    session.bots_play(until=lambda v: v["over"], limit=2000)
    render(app, scene, 0.0)
    assert scene.things() == [scene.thing("kit:moves")]  # only the sheet and the side panel remain
    assert scene.describe()["usable"] == []


def test_a_spectator_sees_every_pot_face_down_and_can_touch_nothing():
    session = FakeSession("pink-soup", 4, None, seed=3)
    session.bots_play(until=lambda v: v["deck"] < 50)
    app, scene = make_table(session)
    render(app, scene, 0.0)
    faces = scene.describe()["faces"]
    assert all(face is None for key, face in faces.items() if key.startswith("slot:"))
    assert scene.describe()["usable"] == [] and scene.thing("recipe").what == "A secret recipe card"


def test_closing_your_pot_by_clicking_it_declares_the_last_round():
    session, app, scene = table(wanted=lambda v: v["step"] == "declare" and v["turn"] == 0)
    assert set(scene.describe()["usable"]) == {"pot:0", "button:continue"}
    scene.handle(InputAction("point", "mouse", pos=scene.thing("slot:0:2").rect.center))
    assert scene.hover_words()[-1] == "Click: Declare the last round (close your pot now)"
    click(app, scene, scene.thing("slot:0:2").rect.center)  # anywhere on the pot
    assert session.acted == [] and scene.describe()["confirming"]  # it cannot be taken back: asked once more
    assert scene.describe()["menu"] == ["Declare the last round (close your pot now)", "Cancel (Esc)"]
    render(app, scene, 1.0)
    click(app, scene, scene.thing("slot:0:4").rect.center)  # touched again: made
    assert session.acted[-1][1]["type"] == "declare" and session.view(0)["players"][0]["closed"]


def test_a_move_asked_once_more_is_not_made_by_a_touch_elsewhere_or_esc():
    session, app, scene = table(
        wanted=lambda v: (
            v["step"] == "choose" and v["turn"] == 0 and any(a["type"] == "take" for a in v["legal_actions"])
        )
    )
    take = next(a for a in session.view(0)["legal_actions"] if a["type"] == "take")
    pile = scene.thing(f"pile:{take['place']}")
    click(app, scene, pile.rect.center)
    card = session.view(0)["kitchen"][take["place"]]["top"]
    assert scene.describe()["menu"][0].startswith(f"Take {card}") and scene.describe()["picked"] == [pile.key]
    render(app, scene, 1.0)
    click(app, scene, scene.thing("deck").rect.center)  # elsewhere: nothing is made, nothing refused
    assert session.acted == [] and scene.describe()["menu"] == [] and scene.answer is None
    click(app, scene, pile.rect.center)
    scene.handle(InputAction("back"))
    assert session.acted == [] and scene.describe()["menu"] == []
    click(app, scene, pile.rect.center)
    scene.handle(InputAction("select"))  # Enter: the move the menu names
    app.settle()
    assert session.acted[-1] == (0, take)


def test_a_touch_of_what_another_chefs_move_just_changed_is_not_taken():
    session, app, scene = table(
        wanted=lambda v: (
            v["step"] == "choose" and v["turn"] == 0 and any(a["type"] == "take" for a in v["legal_actions"])
        )
    )
    take = next(a for a in session.view(0)["legal_actions"] if a["type"] == "take")
    key = f"pile:{take['place']}"
    scene.motion.changed, scene.motion.changed_at, scene._others_moved = {key}, 5.0, True
    scene.now = 5.2  # the pile changed a moment ago
    click(app, scene, scene.thing(key).rect.center)
    assert session.acted == [] and scene.describe()["menu"] == []
    assert scene.answer is not None and "just changed" in scene.answer.words
    scene.now = 5.7
    click(app, scene, scene.thing(key).rect.center)
    assert scene.describe()["confirming"]


def test_the_mouse_search_is_chosen_first_and_only_then_shows_every_piles_cards_to_take_one():
    session, app, scene = table(
        wanted=lambda v: (
            v["step"] == "power" and v["turn"] == 0 and any(a["type"] == "search" for a in v["legal_actions"])
        )
    )
    render(app, scene, 1.0)
    assert scene.thing("searchbox") is None and not any(
        k.startswith("search:") for k in scene.describe()["faces"]
    )
    search = next(a for a in session.view(0)["legal_actions"] if a["type"] == "search")
    assert len(play_by_clicks(app, scene, search, 2.0)) == 1 and session.acted[-1] == (0, search)
    render(app, scene, 3.0)
    view = session.view(0)
    assert view["step"] == "search" and scene.thing("searchbox") is not None
    covered = [(p, d) for p, pile in enumerate(view["pending"]["kitchen_search"]) for d in range(len(pile))]
    assert {f"search:{p}:{d}" for p, d in covered} == set(scene.describe()["usable"])
    find = view["legal_actions"][-1]
    assert play_by_clicks(app, scene, find, 4.0) and session.acted[-1] == (0, find)
    assert session.refused == []


def test_a_pot_card_is_named_only_at_the_moment_it_is_seen_unless_the_learner_aid_is_on():
    session, app, scene = table(wanted=lambda v: v["step"] == "second" and v["turn"] == 0)
    click(app, scene, scene.thing("pot:0").rect.center)
    render(app, scene, 1.0)
    slot = len(session.view(0)["players"][0]["pot"]) - 1
    placed = scene.thing(f"slot:0:{slot}")
    assert placed.face is not None and placed.what.endswith("(seen just now: remember it)")
    assert scene.describe()["learner_memory"] is False
    mover = next(s for s in range(4) if session.game.legal_actions(session.state, s))
    session.apply(mover, session.game.legal_actions(session.state, mover)[0])
    render(app, scene, 2.0)
    assert scene.thing(f"slot:0:{slot}").face is not None  # the next move does not cut its moment short
    render(app, scene, 3.1)
    assert scene.thing(f"slot:0:{slot}").face is None and scene.thing(f"slot:0:{slot}").what.endswith(
        "face down"
    )

    learner = FakeSession("pink-soup", 4, 0, seed=3)
    learner.state = learner.game.setup(4, learner.game.normalise_options({"learner_memory": True}, 4), 3)
    learner.bots_play(until=lambda v: v["deck"] < 50 and v["turn"] == 0 and any(v["players"][0]["pot"]))
    app, scene = make_table(learner)
    render(app, scene, 0.0)
    named = [t for t in scene.things() if t.key.startswith("slot:0:") and t.face is not None]
    assert scene.describe()["learner_memory"] is True
    assert named and all(t.what.endswith("(remembered for you)") for t in named)


def test_moves_name_each_chef_as_the_seat_tabs_do():
    session, app, scene = table(wanted=lambda v: v["step"] == "second" and v["turn"] == 0)
    scene.handle(InputAction("alt"))
    rows = scene.moves.rows
    assert any("Bert's pot" in row for row in rows) and not any("Chef " in row for row in rows)
    scene.handle(InputAction("alt"))
    scene.handle(InputAction("point", "mouse", pos=scene.thing("pot:1").rect.center))
    assert scene.hover_words()[-1].startswith("Click: Put ") and scene.hover_words()[-1].endswith(
        "into Bert's pot"
    )


def test_the_history_names_a_card_taken_into_a_pot_only_while_the_game_shows_it():
    session, app, scene = table(
        wanted=lambda v: (
            v["step"] == "choose" and v["turn"] == 0 and any(a["type"] == "take" for a in v["legal_actions"])
        )
    )
    take = next(a for a in session.view(0)["legal_actions"] if a["type"] == "take")
    card = session.view(0)["kitchen"][take["place"]]["top"]
    play_by_clicks(app, scene, take, 1.0)
    render(app, scene, 1.5)
    line = next(line for _number, line in scene.history(session.view(0)) if line.startswith("You take "))
    assert line.startswith("You take " + card)
    mover = next(s for s in range(4) if session.game.legal_actions(session.state, s))
    session.apply(mover, session.game.legal_actions(session.state, mover)[0])
    render(app, scene, 2.0)
    later = [line for _number, line in scene.history(session.view(0)) if line.startswith("You take ")]
    assert later and card not in later[-1] and "a card" in later[-1]


def placed_in_my_pot():
    """Seat 0 has just put its second drawn card face down in its own pot (the view names it)."""
    session = FakeSession("pink-soup", 4, 0, seed=3)
    session.bots_play()
    session.apply(0, {"type": "draw"})
    session.apply(0, next(a for a in session.game.legal_actions(session.state, 0) if a["type"] == "kitchen"))
    mine = next(
        a for a in session.game.legal_actions(session.state, 0) if a["type"] == "pot" and a.get("seat") == 0
    )
    session.apply(0, mine)
    app, scene = make_table(session)
    named = [key for key, face in scene.describe()["faces"].items() if key.startswith("slot:0:") and face]
    assert len(named) == 1
    return session, app, scene, named[0]


def test_a_card_put_in_a_pot_turns_face_down_a_moment_after_it_lands_though_nothing_happens():
    session, app, scene, slot = placed_in_my_pot()
    render(app, scene, 100.0)  # it lands
    render(app, scene, 101.5)
    assert scene.describe()["faces"][slot] is not None  # face up a moment: read it, remember it
    render(app, scene, 102.1)
    assert scene.describe()["faces"][slot] is None  # then face down, though nobody has moved
    assert scene.thing(slot).what.endswith(": face down")
    assert session.view(0)["players"][0]["pot"][int(slot[-1])] is not None  # the view still names it
    render(app, scene, 160.0)
    assert scene.describe()["faces"][slot] is None  # and it stays so


def test_the_learners_memory_aid_keeps_the_cards_it_names_face_up():
    session = FakeSession("pink-soup", 4, 0, seed=3, options={"learner_memory": True})
    session.bots_play()
    session.apply(0, {"type": "draw"})
    session.apply(0, next(a for a in session.game.legal_actions(session.state, 0) if a["type"] == "kitchen"))
    session.apply(
        0,
        next(
            a
            for a in session.game.legal_actions(session.state, 0)
            if a["type"] == "pot" and a.get("seat") == 0
        ),
    )
    app, scene = make_table(session)
    render(app, scene, 100.0)
    render(app, scene, 130.0)
    assert any(face for key, face in scene.describe()["faces"].items() if key.startswith("slot:0:"))


def test_the_move_list_opens_above_the_game_log_and_leaves_it_in_sight():
    session, app, scene = table()
    click(app, scene, scene.thing("kit:moves").rect.center)
    assert scene.describe()["moves_open"]
    with coverage.capture() as drawn:
        render(app, scene, session.now + 1)
    words = [event[2] for event in drawn if event[0] == "note"]
    assert "Your moves" in words and "Game log" in words
    recently = next(event[1] for event in drawn if event[0] == "note" and event[2] == "Game log")
    assert scene.moves_rect().bottom < recently.top


def test_a_replay_shows_each_moment_as_its_view_had_it():
    session, app, scene, slot = placed_in_my_pot()
    session.replaying = True  # as the replay viewer's session says
    render(app, scene, 100.0)
    render(app, scene, 130.0)
    assert scene.describe()["faces"][slot] is not None


def test_a_card_another_chef_puts_blindly_in_your_full_pot_is_marked_there_until_your_turn_ends():
    session, app, scene = table(
        wanted=lambda v: v["step"] == "slot" and v["turn"] != 0 and v["pending"].get("make_room_in_seat") == 0
    )
    render(app, scene, 1.0)
    render(app, scene, 9.0)  # every card shown as it landed has turned face down by now
    chef = session.view(0)["turn"]
    slot = session.game.legal_actions(session.state, chef)[0]
    session.apply(chef, slot)
    render(app, scene, 10.0)
    replaced = f"slot:0:{slot['slot']}"
    assert scene.describe()["faces"][replaced] is None  # face down: which card it is stays memory
    assert replaced in scene.describe()["last_move"]  # where it went does not
    assert not [k for k in scene.describe()["last_move"] if k.startswith("slot:0:") and k != replaced]
    session.bots_play()
    render(app, scene, 11.0)
    assert replaced in scene.describe()["since_own_move"]
    click(app, scene, scene.thing("deck").rect.center)  # your turn goes on: the mark stays while it lasts
    render(app, scene, 12.0)
    if scene.model.turn == 0:
        assert replaced in scene.describe()["since_own_move"]


def test_the_couch_hand_off_speaks_of_no_timer_at_a_table_without_one():
    from soupkitchen.client.scenes.handoff import HandoffScene

    session = FakeSession("pink-soup", 3, 0)
    session.handoff_seat = 1
    app, _scene = make_table(session)
    assert HandoffScene(app, session).subheading == "Everyone else, look away!"


def test_the_first_enter_shows_the_focus_on_something_usable_and_the_next_one_uses_it():
    """Every key press is answered: with no focus ring shown, Enter shows it rather than do nothing."""
    session, app, scene = table()
    assert scene.describe()["focus"] is None
    assert scene.handle(InputAction("select"))
    assert scene.describe()["focus"] in scene.describe()["usable"] and session.acted == []
    scene.handle(InputAction("select"))
    app.settle()
    assert session.acted or scene.describe()["picked"] or scene.describe()["menu"]


def test_a_full_pot_is_told_what_keeps_it_from_declaring_the_last_round():
    """The rulebook: the last round may be declared only when every pot holds 5 cards. A chef whose
    own pot is full is told which pots are not full yet, rather than looking for the move in vain."""

    def waiting(v):
        pots = [len(p["pot"]) for p in v["players"]]
        return (
            v["turn"] == 0 and v["step"] == "choose" and v["phase"] == "playing" and pots[0] == 5 > min(pots)
        )

    session, app, scene = table(players=3, wanted=waiting)
    short = [i for i, p in enumerate(session.view(0)["players"]) if len(p["pot"]) < 5]
    with coverage.capture() as drawn:
        render(app, scene, session.now + 1)
    said = [e[2] for e in drawn if e[0] == "note" and "declare the last round" in e[2]]
    assert said and all(session.seat_name(seat) in said[0] for seat in short), said


def test_the_answer_to_a_touch_that_does_nothing_covers_no_card_not_even_an_edge():
    """A touch that does nothing (the deck, or another chef's pot, while a drawn card must go to the
    kitchen) is answered beside it; the answer used to lie over the edge of that chef's pot cards."""

    def placing(v):
        return v["turn"] == 0 and v["step"] == "kitchen" and any(p["pot"] for p in v["players"][1:])

    session, app, scene = table(players=3, wanted=placing)
    slots = [t.rect for t in scene.things() if t.key.startswith("slot:1:")]
    points = [scene.thing("deck").rect.center, *(r.center for r in slots)]
    points += [(r.centerx, r.bottom + 8) for r in slots] + [(r.centerx, r.top - 8) for r in slots]
    for point in points:
        click(app, scene, point)
        with coverage.capture() as drawn:
            render(app, scene, session.now + 0.2)
        boxes = [e[2] for e in drawn if e[0] == "open" and e[1] == "the answer to a touch"]
        if not boxes:
            continue
        cards = [
            t.key
            for t in scene.things()
            if t.kind == "card" and t.rect.colliderect(boxes[0]) and not t.rect.collidepoint(point)
        ]
        assert cards == [], (point, cards)
