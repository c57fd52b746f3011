"""Every game's client side is registered in one place: a table of its own or the generic table's
presenter, How to play pages, words for its options, the sounds its events make and the replay
viewer's words for its review and secrets."""

from __future__ import annotations

import importlib

import pytest

from soupkitchen.client.games import client_registrations
from soupkitchen.client.replay.words import face_up_lines, review_lines
from soupkitchen.client.tables import table_scene_for
from soupkitchen.client.tables.base import TableScene
from soupkitchen.client.ui import sound
from soupkitchen.shared.playout import bot_chooser, play
from soupkitchen.shared.registry import game_ids, get_game, resolve
from soupkitchen.shared.replay import ReplayFile, Timeline, face_up, review_of

ENTRIES = client_registrations()


@pytest.mark.every_game
def test_every_game_registers_its_client_side_in_menu_order():
    assert list(ENTRIES) == game_ids()


@pytest.mark.parametrize("game_id", list(ENTRIES))
def test_a_client_registration_names_a_table_or_presenter_pages_and_sounds(game_id):
    entry = ENTRIES[game_id]
    assert entry.table or entry.presenter, "a game is drawn by a table of its own or the generic table"
    if entry.table:
        assert issubclass(resolve(entry.table), TableScene) and table_scene_for(game_id) is resolve(
            entry.table
        )
    if entry.presenter:
        module = importlib.import_module(entry.presenter)
        assert callable(module.present) and callable(module.move_cards)
    assert entry.pages and all(page.title and page.text for page in entry.pages)
    keys = [spec.key for spec in get_game(game_id).option_specs]
    assert set(entry.option_words) <= set(keys), "words for the game's own options only"
    named = {sound_name for sound_name in entry.sounds.values() if isinstance(sound_name, str)}
    assert named <= set(sound.NAMES)


@pytest.mark.parametrize("game_id", [game_id for game_id, entry in ENTRIES.items() if entry.replay_words])
def test_the_replay_viewer_words_each_games_review_and_secrets(game_id):
    game = get_game(game_id)
    players = max(3, game.min_players)
    outcome = play(game, players, 2, bot_chooser(game, players, 2))
    line = Timeline(ReplayFile(outcome.record))
    names = ("Ann", "Bob", "Cy")
    review = review_lines(
        game_id, review_of(line), lambda seat: names[seat] if seat is not None else "nobody"
    )
    assert review and review[0].text != "This game has no review." and all(entry.text for entry in review)
    for moment in (0, line.length // 2, line.length):
        shown = face_up_lines(game_id, face_up(line, moment), lambda seat: names[seat])
        assert shown and shown[0].text != "This game cannot be shown face up."
