"""The generic table on real views of every game with a presenter (Pot Pourri, Stone Soup and Pink
Soup among them): readable sections with the table's names and 1-based seats, and every move's whole
words on screen at 1280x720."""

from __future__ import annotations

import re

import pytest
from pydantic import ValidationError

from soupkitchen.client.net.session import TableSession
from soupkitchen.client.scenes import transitions
from soupkitchen.client.tables.present import presented_games, presenter_for, sections
from soupkitchen.client.tables.present.common import MAX_LINE
from soupkitchen.client.tables.wording import move_words
from soupkitchen.client.ui import theme
from soupkitchen.shared.playout import play, random_chooser
from soupkitchen.shared.registry import get_game, registration
from tests.seating import seat_at_generic_table

GAMES = tuple(presented_games())  # every game the generic table can present
ON_GENERIC_TABLE = GAMES  # those with a table of their own too are seated at the fallback (on_generic_table)
WITH_ART = tuple(game_id for game_id in GAMES if registration(game_id).art)  # those that declare card art
NAMES = ("Ada", "Bo", "Cy", "Di", "Ed")
GAME_NAMES = re.compile(r"\b(Player|Chef) \d")


def sample_views(game_id: str, seeds=range(4), every: int = 7):
    """(players, seat, view) for every seat and the spectator, at many points of seeded random games."""
    game = get_game(game_id)
    for seed in seeds:
        players = game.min_players + seed % (game.max_players + 1 - game.min_players)
        states: list = []
        play(
            game,
            players,
            seed,
            random_chooser(seed),
            observe=lambda state, _entry, kept=states: kept.append(state),
        )
        for state in states[::every] + states[-1:]:
            for seat in [*range(players), None]:
                yield players, seat, game.view(state, seat)


@pytest.mark.parametrize("game_id", GAMES)
def test_presenters_read_every_view_with_the_tables_names(game_id):
    checked, ended = 0, False
    for players, seat, view in sample_views(game_id):
        module = presenter_for(game_id)
        assert module is not None, "the game has a presenter"
        found = module.present(view, list(NAMES[:players]))  # straight call: any KeyError fails the test
        keys = [s.key for s in found]
        assert keys[0] == "now" and keys[-1] == "log"
        if get_game(game_id).facts.hidden:  # a seat's own section is what the others are not shown
            assert ("you" in keys) == (seat is not None)  # a spectator is never shown a hand
        else:
            assert "you" not in keys or seat is not None
        for section in found:
            assert section.title
            for line in section.lines:
                limit = (
                    MAX_LINE if section.key != "log" else 3 * MAX_LINE
                )  # the log keeps the game's sentences
                assert line.text.strip() and len(line.text) <= limit, line.text
                assert not GAME_NAMES.search(line.text), line.text  # names come from the table summary
                assert line.seat is None or 0 <= line.seat < players
        asked = [
            line.text for s in found for line in s.lines if line.strong and line.text.startswith("Your move")
        ]
        assert bool(asked) == (bool(view["legal_actions"]) and not view["over"])
        waiting = view["active_seats"]
        assert all(0 <= s < players for s in waiting)
        if view["legal_actions"] and not view["over"]:
            assert seat in waiting  # the chip marks the seat asked to move
        checked += 1
        ended |= view["over"]
    assert ended and checked >= 4 * (get_game(game_id).min_players + 1), "each seat, a spectator, to the end"


@pytest.mark.parametrize("game_id", GAMES)
def test_seats_without_a_name_are_counted_from_one(game_id):
    for players, seat, view in sample_views(game_id, seeds=[1], every=11):
        text = " ".join(line.text for s in sections(game_id, view, []) for line in s.lines)
        assert "Seat 0" not in text
        assert f"Seat {players}" in text or seat == players - 1 or "Seat" not in text
        assert re.search(r"\bSeat [1-5]\b", text)


def test_the_log_uses_the_tables_names_and_a_foreign_view_is_refused():
    view = next(v for _p, s, v in sample_views("pink-soup", seeds=[2], every=5) if s == 0 and v["log"])
    log = next(s for s in sections("pink-soup", view, list(NAMES)) if s.key == "log")
    assert log.lines and all("Chef " not in line.text for line in log.lines)
    assert any(name in line.text for line in log.lines for name in NAMES)
    with pytest.raises(ValidationError):  # the session refuses it before any presenter reads it
        get_game("pink-soup").view_model.validate_python({"pot": 2, "legal_actions": []})
    assert sections("too-many-cooks", view, list(NAMES)) is None


def views_with_moves(game_id: str, count: int):
    """Seated views with the most legal actions, from a few seeded games."""
    found = [
        (len(view["legal_actions"]), players, seat, view)
        for players, seat, view in sample_views(game_id, seeds=range(3), every=3)
        if seat is not None and len(view["legal_actions"]) > 1
    ]
    found.sort(key=lambda item: -item[0])
    longest = max(
        found, key=lambda item: max(len(words(game_id, item[3], a)) for a in item[3]["legal_actions"])
    )
    return [longest, *found[:count]]


def words(game_id: str, view: dict, action: dict) -> str:
    """A move's words with the table's names, as the generic table shows them."""
    return move_words(game_id, view, action, lambda seat: NAMES[seat])


def open_table(app, kit, game_id, players, seat):
    conn = kit.FakeConnection()
    conn.replies["act"] = {"ok": True, "state_id": 2}
    session = TableSession(
        conn,
        kit.summary(
            seats=players, names=NAMES[:players], game=game_id, title=get_game(game_id).title, started=True
        ),
        {seat: "tok"},
    )
    transitions.open_table(app, session)
    return conn, session


def show(app, session, seat, view, state_id=1):
    session.receive_state(
        {
            "table": "t1",
            "seat": seat,
            "state_id": state_id,
            "deadline": None,
            "server_time": 0.0,
            "paused": False,
            "snapshot": False,
            "events": [],
            "view": view,
        }
    )
    app.step(app.clock.t)


@pytest.mark.parametrize("game_id", ON_GENERIC_TABLE)
def test_every_moves_words_are_shown_whole_at_1280x720(app, kit, game_id, on_generic_table):
    assert app.screen_size == (1280, 720)
    for n, (_count, players, seat, view) in enumerate(views_with_moves(game_id, 3)):
        _conn, session = open_table(app, kit, game_id, players, seat)
        show(app, session, seat, view, state_id=n + 1)
        table = app.stack.top
        labels = [words(game_id, view, a) for a in view["legal_actions"]]
        seen: dict[int, list[str]] = {}
        for _ in labels:
            seen.update(table.list.drawn)
            kit.press(app, "navigate", dy=1)
            app.step(app.clock.t)
        seen.update(table.list.drawn)
        f = theme.layout(app.screen_size).font(table.list.kind)
        row_h = table.list.rect.height // table.list.visible_rows
        for i, label in enumerate(labels):
            lines = seen[i]
            assert " ".join(lines) == label  # nothing cut, nothing replaced by "..."
            assert all(f.size(line)[0] <= table.list.text_width for line in lines), lines
            assert len(lines) * f.get_linesize() <= row_h
        described = table.describe()
        assert described["sections"] and described["sections"][0][0] == "Now"


async def test_a_wrapped_move_is_played_by_mouse_and_by_keyboard(app, kit, monkeypatch):
    seat_at_generic_table(monkeypatch, "pot-pourri")  # its long labels, on the generic table
    _count, players, seat, view = views_with_moves("pot-pourri", 1)[0]
    conn, session = open_table(app, kit, "pot-pourri", players, seat)
    show(app, session, seat, view)
    table = app.stack.top
    kit.press(app, "click", device="mouse", pos=table.list.row_rect(1).center)
    await kit.settle(app)
    kit.press(app, "navigate", dy=-1)
    kit.press(app, "select")
    await kit.settle(app)
    sent = [payload["action"] for payload in conn.events("act")]
    assert sent == [view["legal_actions"][1], view["legal_actions"][0]]


def test_sections_too_long_for_the_panel_scroll_with_q_and_e(app, kit, monkeypatch):
    seat_at_generic_table(monkeypatch, "pot-pourri")  # its long sections, on the generic table
    _count, players, seat, view = views_with_moves("pot-pourri", 1)[0]
    offered = [dict(card, id=i) for i, card in enumerate((view["book"] or view["choosing_from"]) * 20)]
    _conn, session = open_table(app, kit, "pot-pourri", players, seat)
    show(app, session, seat, {**view, "choosing_from": offered})
    table = app.stack.top
    assert table._rows_total > 40  # more rows than the panel holds
    kit.press(app, "rotate_right")
    kit.press(app, "rotate_right")
    app.step(app.clock.t)
    assert table.facts_from == 6
    for _ in range(table._rows_total // 3 + 2):
        kit.press(app, "rotate_right")
    app.step(app.clock.t)
    assert table.facts_from == table._rows_total - 1  # never past the last row
    kit.press(app, "rotate_left")
    assert table.facts_from == table._rows_total - 4


def busiest_views(game_id: str, count: int):
    """The seated and spectator views with the most lines and card pictures, from seeded games."""

    def weight(item):
        players, _seat, view = item
        found = [s for s in sections(game_id, view, list(NAMES[:players])) if s.key != "log"]
        return sum(len(s.lines) + 1 for s in found) * 3 + sum(
            len(line.cards) for s in found for line in s.lines
        )

    return sorted(sample_views(game_id, seeds=range(8), every=5), key=weight, reverse=True)[:count]


@pytest.mark.slow
@pytest.mark.parametrize("game_id", ON_GENERIC_TABLE)
def test_the_busiest_views_fit_the_panel_at_1280x720_without_scrolling(app, kit, game_id, on_generic_table):
    assert app.screen_size == (1280, 720)
    for n, (players, seat, view) in enumerate(busiest_views(game_id, 8)):
        _conn, session = open_table(app, kit, game_id, players, seat)
        show(app, session, seat, view, state_id=n + 1)
        table = app.stack.top
        assert table.rows_hidden == 0, (players, seat, table.describe()["sections"])
        assert table.describe()["cards_shown"] or game_id not in WITH_ART
