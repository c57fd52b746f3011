"""The menus as a new player meets them, driven headless: an unfinished game says who plays it and
can be forgotten, an option shows only where it applies, Start stays where it was, the learner's row
sits in one place for every game, How to play's arrows do what its hints say, a guided first round
leaves the Settings alone, a LAN kitchen is named after its computer, and a couch hand-off knows who
has not looked yet."""

from __future__ import annotations

import json
import sqlite3

from soupkitchen.client.howto.scene import HowToPlayScene
from soupkitchen.client.net import ways_in
from soupkitchen.client.net.session import TableSession
from soupkitchen.client.scenes import transitions
from soupkitchen.client.scenes.handoff import HandoffScene
from soupkitchen.client.scenes.join import kitchen_name
from soupkitchen.client.scenes.setup import GameSetupScene
from soupkitchen.client.scenes.title import TitleScene


def saved_with_a_kitchen(table: str, moves: int) -> None:
    """An unfinished solo game whose kitchen holds its seats and ``moves`` moves."""
    db = ways_in.kitchens_dir() / f"{table}.sqlite3"
    db.parent.mkdir(parents=True, exist_ok=True)
    with sqlite3.connect(db) as kitchen:
        kitchen.execute("CREATE TABLE seats (table_id TEXT, seat INTEGER, name TEXT, bot INTEGER)")
        kitchen.execute(
            "CREATE TABLE actions (table_id TEXT, idx INTEGER, seat INTEGER, action TEXT, t REAL)"
        )
        kitchen.executemany(
            "INSERT INTO seats VALUES (?, ?, ?, ?)",
            [(table, 0, "Ada", 0), (table, 1, None, 1), (table, 2, None, 1)],
        )
        kitchen.executemany(
            "INSERT INTO actions VALUES (?, ?, 1, '{}', ?)", [(table, i, float(i)) for i in range(moves)]
        )
    ways_in.unfinished_dir().mkdir(parents=True, exist_ok=True)
    (ways_in.unfinished_dir() / f"{table}.json").write_text(
        json.dumps(
            {
                "game": "pink-soup",
                "title": "Pink Soup",
                "table": table,
                "tokens": {"0": "t"},
                "saved": 1000.0,
                "db": str(db),
            }
        )
    )


def test_an_unfinished_game_says_who_plays_it_and_how_far_and_can_be_forgotten(app, kit):
    saved_with_a_kitchen("t7", 14)
    title = app.stack.push(TitleScene(app))
    app.step(0.0)
    listed = title.describe()["widgets"][0]
    assert listed.startswith("[Pink Soup - ") and "14 moves · Ada and 2 bots" in listed
    title.form.focus_on("unfinished")
    kit.press(app, "erase")  # Backspace on the row
    assert app.stack.top.describe()["heading"] == "Forget this game?"  # asked first: it cannot be undone
    kit.press(app, "select")  # Forget it
    assert ways_in.saved_games() == [] and not any(w.startswith("[") for w in title.describe()["widgets"])


def test_an_option_shows_only_while_the_option_it_depends_on_says_so(app):
    setup = GameSetupScene(app, "solo", [g for g in ways_in.local_games() if g["id"] == "too-many-cooks"])
    assert not any(w.startswith("Unreasonable tastes") for w in setup.describe()["widgets"])
    setup._set_option("mode", "unreasonable")
    assert "Unreasonable tastes: 12" in setup.describe()["widgets"]
    setup._set_option("mode", "all-day")
    assert not any(w.startswith("Unreasonable tastes") for w in setup.describe()["widgets"])


def footer_places(app, setup) -> dict[str, int]:
    app.stack.scenes = [setup]
    setup.stack = app.stack
    app.draw(app.screen, 0.0)
    return {w.key: w.rect.y for w in setup.form.widgets if w.key in ("start", "back", "opt:learner_memory")}


def test_start_stays_put_as_rows_come_and_go_and_the_learners_row_follows_the_other_options(app):
    games = ways_in.local_games()
    first = {g["id"]: g for g in games}
    setup = GameSetupScene(app, "solo", [first["pink-soup"], first["pot-pourri"], first["stone-soup"]])
    pink = footer_places(app, setup)
    setup._set_players(2)  # two bot rows fewer
    assert footer_places(app, setup) == pink
    setup._pick_game("pot-pourri")  # another game, more options
    pot = footer_places(app, setup)
    assert pot["start"] == pink["start"]
    for game in ("pink-soup", "pot-pourri"):  # the learner's row right under the rows above it
        setup._pick_game(game)
        footer_places(app, setup)
        right = [w for w in setup.form.widgets if getattr(w, "column", None) == "right"]
        learner = next(w for w in right if w.key == "opt:learner_memory")
        above = max((w.rect.bottom for w in right if w.rect.bottom <= learner.rect.top), default=0)
        assert learner.rect.top - above < learner.rect.height, game


def test_how_to_play_turns_the_page_with_the_arrows_and_says_what_they_do(app, kit):
    howto = app.stack.push(HowToPlayScene(app, pick_game=True))
    app.step(0.0)
    assert howto.form.focused.key == "tab0"  # the pages first, the game choice above
    assert "Left / Right: turn the page" in howto.hints
    kit.press(app, "navigate", dx=1)
    assert howto.page == 1 and howto.form.focused.key == "tab1"  # the page, not the game
    hints = howto.hints
    howto.form.focus_on("game")  # the same keys on the game choice and on every game
    assert howto.hints == hints and "Up, Enter: another game" in hints
    kit.press(app, "navigate", dx=1)
    assert howto.page == 2 and howto.game["id"] == app.stack.top.games[0]["id"]
    kit.press(app, "select")
    assert howto.game["id"] == howto.games[1]["id"] and howto.page == 0
    kit.press(app, "navigate", dx=1)
    assert howto.page == 1 and "Left / Right: turn the page" in howto.hints


async def test_a_guided_first_round_leaves_the_settings_as_they_were(app, monkeypatch):
    monkeypatch.setattr(transitions, "start_local", lambda *args: None)
    howto = app.stack.push(HowToPlayScene(app, game_id="too-many-cooks"))
    howto.play_guided()
    assert app.guide.on and app.settings.guided_round is False  # this game's hints only
    transitions.leave(app, type("Left", (), {"local": True, "over": True, "game_id": "too-many-cooks"})())
    assert not app.guide.on


def test_a_lan_kitchen_is_named_after_its_computer():
    assert (
        kitchen_name({"name": "Soup Kitchen 4a3a92b1", "machine": "ada-laptop"})
        == "The kitchen on ada-laptop"
    )
    assert kitchen_name({"name": "Soup Kitchen 4a3a92b1"}) == "A kitchen on this network"


def test_a_hand_off_to_a_player_who_has_not_looked_yet_says_so(app, kit):
    session = TableSession(
        kit.FakeConnection(), kit.summary(started=True, names=("Ada", "Bo")), {0: "a", 1: "b"}
    )
    session.handoff_seat = 1
    handoff = HandoffScene(app, session)
    assert handoff.first_look
    handoff.confirm()
    session.handoff_seat = 1
    assert not HandoffScene(app, session).first_look


def test_an_unfinished_games_row_keeps_its_players_where_the_list_is_narrow(app, kit):
    from soupkitchen.client.ui import coverage

    saved_with_a_kitchen("t8", 140)
    title = app.stack.push(TitleScene(app))
    app.step(0.0)
    listed = next(w for w in title.form.widgets if w.key == "unfinished")
    listed.rect.width = listed.rect.width * 2 // 3  # narrower than the whole line under the game
    with coverage.capture() as drawn:
        listed.draw(app.screen, app.layout, False)
    words = [event[2] for event in drawn if event[0] == "note"]
    assert any("Ada and 2 bots" in line for line in words), words
