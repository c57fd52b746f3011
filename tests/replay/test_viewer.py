"""The replay viewer as a player uses it: seeking anywhere lands on the state reached by playing
straight there, switching eyes never moves the time, the controls and keys move as they say, a
click on a move jumps there, export writes a file that opens again, and the title's Replays lists
the finished games of the data folder."""

from __future__ import annotations

import asyncio
import random
from functools import cache
from pathlib import Path
from types import SimpleNamespace

import pytest

from soupkitchen.client.replay.player import FACE_UP, ReplayPlayer
from soupkitchen.client.replay.sources import local_entries
from soupkitchen.client.replay.words import move_lines
from soupkitchen.client.tables import table_scene_for
from soupkitchen.client.ui.input import InputAction
from soupkitchen.server.storage.store import Store
from soupkitchen.shared.playout import bot_chooser, play
from soupkitchen.shared.registry import game_ids, get_game
from soupkitchen.shared.replay import ReplayFile, Timeline, load
from tests.sweeps import seated


@cache
def record(game_id: str, players: int = 3, seed: int = 2):
    game = get_game(game_id)
    players = seated(game, players)
    return play(game, players, seed, bot_chooser(game, players, seed)).record


def timeline(game_id: str, every: int = 8) -> Timeline:
    match = record(game_id)
    return Timeline(ReplayFile(match, ("Ann", "Bob", "Cy")[: match.players]), every=every)


@pytest.mark.parametrize("game_id", game_ids())
@pytest.mark.parametrize("every", [1, 3, 8])
def test_seeking_back_and_forth_lands_where_playing_straight_there_does(game_id, every):
    line = timeline(game_id, every)
    game = line.game
    straight = [game.state_hash(state) for state in _played(line)]
    rng = random.Random(every)
    for moment in [
        line.length,
        0,
        *rng.sample(range(line.length + 1), min(40, line.length + 1)),
        line.length // 2,
    ]:
        assert game.state_hash(line.state(moment)) == straight[moment], f"seek to move {moment}"
    assert game.state_hash(line.state(line.length)) == game.state_hash(line.final)


def _played(line: Timeline):
    state = line.checkpoints[0]
    yield state
    for entry in line.record.log:
        state, _events = line.game.apply(state, entry["seat"], entry["action"], entry["t"])
        yield state


def test_switching_eyes_never_moves_the_time():
    player = ReplayPlayer(timeline("stone-soup"))
    player.seek(17)
    for eye in player.eyes():
        player.set_eye(eye)
        assert player.moment == 17
        view = player.session.view(player.seat_shown)
        if eye != FACE_UP:  # the seat's view, without its moves (nothing is played in a replay)
            assert view == {**player.timeline.view(17, player.seat_shown), "legal_actions": []}
        assert view["seat"] == (eye if isinstance(eye, int) else None)
    assert player.face_up()["hands"]  # every hand, face up


def test_playing_moves_on_at_each_speed_and_stops_at_the_end():
    player = ReplayPlayer(timeline("pink-soup"))
    player.toggle_play()
    player.update(1.25)
    assert player.moment == 1
    player.next_speed()
    player.update(1.25)
    assert (player.moment, player.speed) == (3, 2)
    player.next_speed()
    player.update(1.25)
    assert (player.moment, player.speed) == (7, 4)
    player.toggle_play()
    player.update(10)
    assert player.moment == 7
    player.toggle_play()
    player.update(10_000)
    assert player.moment == player.length and not player.playing


def test_jumps_by_turn_and_round_land_on_their_starts():
    player = ReplayPlayer(timeline("too-many-cooks"))
    rounds = player.marks.rounds
    assert len(rounds) >= 2
    player.jump(rounds, True)
    assert player.moment == rounds[1]
    assert player.timeline.state(player.moment).round == 2
    player.jump(player.marks.turns, True)
    assert player.moment in player.marks.turns and player.moment > rounds[1]
    player.jump(player.marks.turns, False)
    assert player.moment == rounds[1]


def open_viewer(app, game_id: str = "stone-soup"):
    viewer = app.stack.open("replay", timeline(game_id))
    app.step(app.clock.t)
    return viewer


def press(app, kind: str, **fields) -> None:
    app.dispatch(InputAction(kind, **fields))
    app.step(app.clock.t)


@pytest.mark.parametrize("game_id", game_ids())
def test_the_viewer_draws_each_games_own_table_from_every_eye(app, game_id):
    viewer = open_viewer(app, game_id)
    for _ in viewer.player.eyes():
        press(app, "alt")
        press(app, "navigate", dx=1)
    table = viewer.table
    assert table is not None and type(table) is table_scene_for(
        game_id
    )  # its own, as its registration names it
    assert viewer.describe()["moment"] == len(viewer.player.eyes())


def test_a_game_without_rounds_is_not_told_in_rounds(app):
    viewer = open_viewer(app, "stone-soup")
    press(app, "navigate", dx=1)
    status = viewer.status()
    assert "turn " in status and "round" not in status.lower()
    assert not {"round_back", "round_on"} & set(viewer.controls)  # nor stepped by round


def test_keys_and_pad_move_in_time(app):
    viewer = open_viewer(app)
    press(app, "navigate", dx=1, device="pad:0")
    press(app, "navigate", dx=1)
    assert viewer.player.moment == 2
    press(app, "navigate", dx=-1)
    assert viewer.player.moment == 1
    press(app, "navigate", dy=1)
    assert viewer.player.moment in viewer.player.marks.turns
    press(app, "rotate_right")
    assert viewer.player.moment in viewer.player.marks.rounds
    press(app, "select")
    assert viewer.player.playing
    press(app, "select", device="pad:0")
    assert not viewer.player.playing
    press(app, "back")
    assert app.stack.top is not viewer


def test_the_buttons_the_scrubber_and_a_click_on_a_move(app):
    viewer = open_viewer(app)
    app.step(app.clock.t)
    press(app, "click", pos=viewer.controls["move_on"].center)
    press(app, "click", pos=viewer.controls["move_on"].center)
    assert viewer.player.moment == 2
    bar = viewer.scrubber
    press(app, "click", pos=(bar.right - 1, bar.centery))
    assert viewer.player.moment >= viewer.player.length - 1
    press(app, "release")
    press(app, "click", pos=(bar.x, bar.centery))
    assert viewer.player.moment == 0
    assert not viewer.column_open and not viewer.line_rects  # the table has the whole width
    press(app, "click", pos=viewer.controls["tab:moves"].center)
    assert viewer.column_open and viewer.tab == "moves"
    rect, moment = viewer.line_rects[3]
    press(app, "click", pos=rect.center)
    assert viewer.player.moment == moment == 3
    press(app, "click", pos=viewer.controls["eye:1"].center)
    assert (viewer.player.eye, viewer.player.moment) == (1, 3)
    press(app, "click", pos=viewer.controls[f"eye:{FACE_UP}"].center)
    assert viewer.tab == "face_up" and viewer.player.moment == 3
    press(app, "click", pos=viewer.controls["tab:review"].center)
    assert viewer.tab == "review" and viewer.line_rects, "the review's lines jump to their moves"
    rect, moment = viewer.line_rects[0]
    press(app, "click", pos=rect.center)
    assert viewer.player.moment == moment
    press(app, "click", pos=viewer.controls["tab:review"].center)  # the lit tab closes the column
    assert not viewer.column_open and viewer.areas(app.screen_size)[0].width == app.screen_size[0]


def test_a_click_on_the_table_is_answered_where_it_was_and_changes_nothing(app):
    viewer = open_viewer(app)
    press(app, "navigate", dx=1)
    moment, eye = viewer.player.moment, viewer.player.eye
    press(app, "click", pos=(40, 300))
    answer = viewer.table.answer
    area, drawn = viewer.areas(app.screen_size)[0], viewer.surface.get_size()  # drawn at its size or larger
    assert answer is not None and "replay" in answer.words  # and scaled into its area
    assert answer.pos == (40 * drawn[0] // area.w, 300 * drawn[1] // area.h)
    assert (viewer.player.moment, viewer.player.eye) == (moment, eye)
    assert viewer.redraw_at(viewer.table.now) is not None, "the answer is taken away on time"


def test_a_jump_into_a_round_of_too_many_cooks_keeps_the_rounds_history(app):
    viewer = open_viewer(app, "too-many-cooks")
    player = viewer.player
    rounds = player.marks.rounds
    player.seek(rounds[1] + 8 if len(rounds) > 1 else 8)  # a jump: the table is made afresh
    app.step(app.clock.t + 0.1)
    steps = player.round_so_far()
    assert len(steps) > 1
    walked = open_viewer(app, "too-many-cooks")  # the same moves, one step at a time
    for _ in range(player.moment):
        press(app, "navigate", dx=1)
        app.step(app.clock.t)
    assert walked.player.moment == player.moment
    told = [(entry.kind, entry.seat, entry.row, entry.col) for entry in viewer.table.story.entries]
    assert told and told == [
        (entry.kind, entry.seat, entry.row, entry.col) for entry in walked.table.story.entries
    ]


def test_export_writes_a_file_that_opens_at_the_same_end(app, data_folder):
    viewer = open_viewer(app)
    press(app, "click", pos=viewer.controls["export"].center)
    files = list((data_folder / "replays").iterdir())
    assert len(files) == 1
    again = load(files[0])
    assert again.game.state_hash(again.final) == viewer.player.timeline.game.state_hash(
        viewer.player.timeline.final
    )
    assert [entry.where for entry in local_entries()] == ["File"]


def stored_game(folder, game_id: str, names=("Ann", "Bot 2", "Bot 3")) -> str:
    """A finished game written into a solo database, as the client's own server stores it."""
    rec = record(game_id)
    store = Store(folder / "solo.sqlite3")
    table_id = f"t-{game_id}"
    store.save_table(
        {
            "id": table_id,
            "game": game_id,
            "players": rec.players,
            "options": rec.options,
            "settings": {},
            "password": None,
            "host_seat": 0,
            "seed": rec.seed,
            "started": True,
            "over": False,
            "closed": False,
            "created": 1_700_000_000.0,
        },
        [
            {"name": name, "token_hash": None, "bot": index > 0, "ready": True}
            for index, name in enumerate(names)
        ],
    )
    for index, entry in enumerate(rec.log):
        store.append_action(
            table_id, index, entry["seat"], entry["action"], entry["t"], index == len(rec.log) - 1
        )
    store.close()
    return table_id


async def test_the_title_lists_finished_games_and_opens_one(app, data_folder):
    data_folder.mkdir(parents=True)
    stored_game(data_folder, "pot-pourri")
    stored_game(data_folder, "stone-soup")
    stored_game(data_folder, "too-many-cooks")
    app.stack.open("title")
    app.step(app.clock.t)
    title = app.stack.top
    replays_button = next(w for w in title.form.widgets if w.key == "replays")
    replays_button.on_click()
    listing = app.stack.top
    assert listing.name == "replays"
    for _ in range(50):
        await asyncio.sleep(0.01)  # real time: the listing reads the finished games from the database
        app.step(app.clock.t)
        if all(not row.endswith("...") for row in listing.list.rows):
            break
    assert len(listing.list.rows) == 3
    rows = [row.split("\t") for row in listing.list.rows]
    difficulty = timeline("too-many-cooks").record.options["difficulty"].capitalize()
    assert f"Too Many Cooks · {difficulty}" in [game for game, _ended in rows]  # the level it was played at
    assert [row for row in rows if not row[0].startswith("Too Many")] == [
        ["Stone Soup", "Ann won"],  # the game; who won (the first out of cards)
        ["Pot Pourri", "Bot 2 won · 39 to 36, 29"],
    ]  # and where points decide, the score
    assert all("Ann, Bot 2, Bot 3" in line and "(Solo)" in line for line in listing.list.details)  # who, when
    listing.pick(0)
    for _ in range(100):
        await asyncio.sleep(0.01)  # real time: the record is fetched from the database
        app.step(app.clock.t)
        if app.stack.top.name == "replay":
            break
    assert app.stack.top.name == "replay"


def test_a_rounds_own_clock_starts_again_at_its_deal_and_the_clock_is_worded_by_its_game(app):
    viewer = open_viewer(app, "too-many-cooks")
    player = viewer.player
    second = player.marks.rounds[1]
    player.seek(second)
    assert player.timeline.time(second) > 10  # the game's clock, not the round's
    assert "round 2, the chefs getting ready" in viewer.status()  # its clock waits for every chef
    line = player.timeline
    started = next(m for m in range(second, line.length) if line.view(m, None)["deadline"] is not None)
    assert "round 2, 0:00 into it" in viewer.status(started)  # the stopwatch starts at the last "ready"
    view = line.view(started + 1, None)  # one move on, it says what the table's stopwatch says
    assert player.round_clock(started + 1) == pytest.approx(
        view["round_seconds"] - (view["deadline"] - line.time(started + 1))
    )
    game = get_game("stone-soup")  # a play no one calls: the clock closes it
    options = game.normalise_options({}, 3)
    start = game.setup(3, options, 5)
    seat = game.active_seats(start)[0]
    claim = next(a for a in game.legal_actions(start, seat) if a["type"] == "play")
    played, _events = game.apply(start, seat, claim, 1.0)
    timeout = {"seat": None, "action": {"type": "timeout"}, "t": game.next_deadline(played)}
    steps = [
        (1, {"seat": seat, "action": claim, "t": 1.0}, start, played, []),
        (2, timeout, played, played, []),
    ]
    lines = move_lines(SimpleNamespace(game=game, steps=lambda: steps), lambda s: "Ann")
    assert lines[-1].text.endswith("The clock: the challenge window closes: the play stands")


def test_a_spectator_sees_the_bottom_hand_as_backs_not_as_none(app):
    viewer = open_viewer(app, "stone-soup")
    viewer.player.set_eye(None)  # the spectator's eyes
    app.step(app.clock.t)
    backs = [t for t in viewer.table.things() if t.key.startswith("fan:0:")]
    assert backs and all(t.face is None for t in backs)


def test_an_export_says_where_the_file_went(app, data_folder):
    viewer = open_viewer(app)
    press(app, "click", pos=viewer.controls["export"].center)
    path = viewer.saved[0]
    assert path.startswith(str(data_folder)) and Path(path).is_file()
    assert not app.toasts  # said once, in the column by Export: no toast over the column as well


async def test_an_exported_game_of_this_machine_is_listed_once(data_folder):
    from soupkitchen.client.replay.sources import local_listing, replays_folder
    from soupkitchen.shared.replay import export

    data_folder.mkdir(parents=True)
    stored_game(data_folder, "pot-pourri")
    (entry,) = local_entries(data_folder)
    export(await entry.fetch(), replays_folder())  # the viewer's Export
    (listed,) = local_listing(data_folder).entries  # not again as a file beside it
    assert listed.key == entry.key and listed.exported


def test_where_an_export_went_is_shown_whole_in_the_column():
    import pygame

    from soupkitchen.client.scenes.replays import break_path

    pygame.font.init()
    font = pygame.font.Font(None, 20)
    line = "Saved as /home/ada/.local/share/soupkitchen/replays/too-many-cooks-ZSYApaPQ.soupreplay.json"
    pieces = break_path(line, font, 200)
    assert "".join(pieces) == line and all(font.size(piece)[0] <= 200 for piece in pieces)
    assert pieces[1].startswith("ada/") or pieces[0].endswith("/")  # cut after a slash


@pytest.mark.parametrize("game_id", game_ids())
def test_a_replayed_tables_words_are_as_large_as_at_a_live_table(app, game_id):
    from soupkitchen.client.tables.kit.board import BODY, HEADING, HUGE, LABEL, SMALL, Board

    viewer = open_viewer(app, game_id)
    area = viewer.areas(app.screen_size)[0]
    assert viewer.surface.get_size() == area.size  # drawn where it is shown, not scaled down into it
    live = Board(app.screen_size)  # the same table, live in this window
    board = getattr(viewer.table, "board", None)  # a kit table (a game on the generic table has none)
    for size in (SMALL, BODY, LABEL, HEADING, HUGE) if board is not None else ():
        assert board.font(size).get_height() >= live.font(size).get_height()
    press(app, "handoff")  # H: the column of moves opens beside the table, which then makes room
    assert viewer.column_open and viewer.areas(app.screen_size)[0].width < area.width


@pytest.mark.parametrize("game_id", game_ids())
def test_face_up_eyes_say_nothing_of_secrets_on_the_table(app, game_id):
    from soupkitchen.client.ui import coverage

    viewer = open_viewer(app, game_id)
    viewer.player.seek(3)
    press(app, "click", pos=viewer.controls[f"eye:{FACE_UP}"].center)
    assert viewer.table.session.face_up and viewer.tab == "face_up"  # the secrets listed beside it
    with coverage.capture() as drawn:
        viewer.table.draw(viewer.surface)
    words = " ".join(event[2] for event in drawn if event[0] == "note").lower()
    assert "secret" not in words and "hidden" not in words
    if game_id == "too-many-cooks":
        assert "face up" in words  # where a spectator reads "Watching"
    press(app, "click", pos=viewer.controls["eye:spectator"].center)
    assert not viewer.table.session.face_up


def test_a_jump_to_a_round_ended_early_shows_the_time_that_was_left(app):
    viewer = open_viewer(app, "too-many-cooks")
    line = viewer.player.timeline
    moment, passed = next(
        (m, e) for m in range(1, line.length + 1) for e in line.events(m) if e["type"] == "all_passed"
    )
    viewer.player.seek(moment + 1)  # a jump to the reveal: the table is made afresh
    app.step(app.clock.t)
    assert viewer.player.moment == moment + 1 and viewer.table.describe()["phase"] == "reveal"
    assert viewer.table.round_left == passed["seconds_left"] > 0  # the stopwatch, not 0:00


@pytest.mark.parametrize("game_id", game_ids())
def test_a_replayed_tables_words_fit_whole_at_the_smallest_window(app, game_id):
    """At 1280x720 the bar takes the table's foot, yet the table's words, as large as live, are
    never cut: the table spreads across the window's width and gives lines the room they have live."""
    from soupkitchen.client.ui.textfit import clipped_labels, reset_clipped

    viewer = open_viewer(app, game_id)
    length = viewer.player.length
    reset_clipped()
    for moment in (length // 3, 2 * length // 3):  # in the game's thick, and near its end
        viewer.player.seek(moment)
        app.step(app.clock.t + 0.05)
        app.draw(app.screen, app.clock.t)
    assert clipped_labels() == []


@pytest.mark.parametrize("game_id", game_ids())
def test_face_up_eyes_turn_every_hidden_card_on_the_table_face_up(app, game_id):
    viewer = open_viewer(app, game_id)
    viewer.player.seek(6)
    viewer.set_eye(FACE_UP)
    app.step(app.clock.t)
    table = viewer.table
    things = {t.key: t for t in table.things()} if hasattr(table, "things") else {}
    if game_id == "stone-soup":  # every hand, the bottom one and the others' fans
        fans = [t for k, t in things.items() if k.startswith("fan:")]
        assert fans and all(t.face for t in fans) and any(k.startswith("hand:") for k in things)
    elif game_id == "pink-soup":  # each pot card, and the bottom chef's recipe
        pots = table.model.view["players"]
        assert all(card is not None for chef in pots for card in chef["pot"])
        assert table.model.recipe() is not None
        assert len(table.model.view["recipes"]) == viewer.player.timeline.record.players  # named by each pot
    elif game_id == "pot-pourri":  # the bottom chef's hand and cookery book, the lidded pan
        assert not any(k.startswith(("hidden:", "hidden_recipe:")) for k in things)
        assert any(k.startswith("hand:") for k in things) and any(k.startswith("book:") for k in things)
        assert all(pan["ingredients"] is not None for pan in table.model.view["pans"])
    elif game_id == "too-many-cooks":  # every chef's taste cards, each with its owner
        tastes = table.session.view(None)["every_taste"]
        assert {t["owner"] for t in tastes} >= set(range(viewer.player.timeline.record.players))


@pytest.mark.parametrize("game_id", game_ids())
def test_a_seat_seen_in_a_replay_is_never_prompted_to_act(app, game_id):
    from soupkitchen.client.ui import coverage

    viewer = open_viewer(app, game_id)
    line = viewer.player.timeline
    moment = next(m for m in range(2, line.length) if line.view(m, 0)["legal_actions"])
    viewer.player.seek(moment)
    viewer.set_eye(0)
    app.step(app.clock.t)
    assert viewer.table.session.view(0)["legal_actions"] == []  # nothing to click, nothing ringed
    things = viewer.table.things() if hasattr(viewer.table, "things") else []
    assert not [t.key for t in things if t.key.startswith(("button:main", "button:emote:", "kit:moves"))]
    with coverage.capture() as drawn:
        viewer.table.draw(viewer.surface)
    words = " ".join(event[2] for event in drawn if event[0] == "note").lower()
    assert "your turn" not in words and "pick any" not in words


async def test_a_replay_of_this_machine_is_deleted_once_confirmed(app, data_folder):
    from soupkitchen.client.replay.sources import local_entries

    data_folder.mkdir(parents=True)
    stored_game(data_folder, "stone-soup")
    listing = app.stack.open("replays")
    app.step(app.clock.t)
    assert listing.list.removable == {0}
    listing.list.on_remove(0)  # its cross, or Backspace on it
    ask = app.stack.top
    keep = next(w for w in ask.form.widgets if getattr(w, "label", "") == "Keep it")
    keep.on_click()
    assert len(local_entries(data_folder)) == 1  # kept
    listing.list.on_remove(0)
    delete = next(w for w in app.stack.top.form.widgets if getattr(w, "label", "") == "Delete it")
    delete.on_click()
    app.step(app.clock.t)
    assert local_entries(data_folder) == [] and listing.entries == []
