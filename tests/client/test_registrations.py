"""Every game's client side is registered in one place: a table of its own or the generic table's
presenter, How to play pages, words for its options and the sounds its events make."""

from __future__ import annotations

import importlib

import pytest

from soupkitchen.client import sound
from soupkitchen.client.games import client_registrations
from soupkitchen.client.tables import table_scene_for
from soupkitchen.client.tables.base import TableScene
from soupkitchen.shared.registry import game_ids, get_game, resolve

ENTRIES = client_registrations()


def test_every_game_registers_its_client_side_in_menu_order():
    assert list(ENTRIES) == game_ids()


@pytest.mark.parametrize("game_id", list(ENTRIES))
def test_a_client_registration_names_a_table_or_presenter_pages_and_sounds(game_id):
    entry = ENTRIES[game_id]
    assert entry.table or entry.presenter, "a game is drawn by a table of its own or the generic table"
    if entry.table:
        assert issubclass(resolve(entry.table), TableScene) and table_scene_for(game_id) is resolve(entry.table)
    if entry.presenter:
        module = importlib.import_module(entry.presenter)
        assert callable(module.present) and callable(module.move_cards)
    assert entry.pages and all(page.title and page.text for page in entry.pages)
    keys = [spec.key for spec in get_game(game_id).option_specs]
    assert set(entry.option_words) <= set(keys), "words for the game's own options only"
    named = {sound_name for sound_name in entry.sounds.values() if isinstance(sound_name, str)}
    assert named <= set(sound.NAMES)
