"""Pink Soup and Pot Pourri in German and Lithuanian: a whole game's presenter sections (every
seat's view as it went, and the end), the replay viewer's lines and the How to play pages all come
from the catalog, with not one message left to English."""

from __future__ import annotations

import gettext

import pytest

from soupkitchen.client import words as client_words
from soupkitchen.client.games import client_registration
from soupkitchen.client.howto.pages import pages_for
from soupkitchen.client.net import ways_in
from soupkitchen.client.replay.words import face_up_lines, review_lines
from soupkitchen.client.tables.pink_soup import present as pink_present
from soupkitchen.client.tables.pot_pourri import present as pot_present
from soupkitchen.client.tables.pot_pourri.model import PotModel
from soupkitchen.shared.playout import bot_chooser, play
from soupkitchen.shared.pot_pourri.cards import CUISINES
from soupkitchen.shared.registry import get_game
from soupkitchen.shared.replay import ReplayFile, Timeline, face_up, review_of
from tests.core.test_refusal_words import catalog

PRESENTERS = {"pink-soup": pink_present, "pot-pourri": pot_present}
NAMES = ["Ann", "Bob", "Cy"]


@pytest.mark.parametrize("language", ["de", "lt"])
@pytest.mark.parametrize("game_id", sorted(PRESENTERS))
def test_every_word_of_the_game_comes_from_the_catalog(monkeypatch, game_id, language):
    game = get_game(game_id)
    views: list[dict] = []
    outcome = play(
        game,
        3,
        1,
        bot_chooser(game, 3, 1),
        {"learner_memory": True},
        observe=lambda state, entry: views.extend(game.view(state, seat) for seat in (0, None)),
    )
    views += [game.view(outcome.state, seat) for seat in (0, 1, None)]
    line = Timeline(ReplayFile(outcome.record))
    found, misses = catalog(language)
    monkeypatch.setattr(gettext, "translation", lambda *args, **kwargs: found)
    assert client_words.install(language) == language
    try:
        sections = [
            section
            for view in views[::7] + views[-3:]
            for section in PRESENTERS[game_id].present(view, NAMES)
        ]
        said = [section.title for section in sections] + [
            shown.text for section in sections for shown in section.lines
        ]
        said += [entry.text for entry in review_lines(game_id, review_of(line), lambda seat: NAMES[seat])]
        said += [
            entry.text
            for moment in (0, line.length // 2)
            for entry in face_up_lines(game_id, face_up(line, moment), lambda seat: NAMES[seat])
        ]
        options = next(g["options"] for g in ways_in.local_games() if g["id"] == game_id)
        for page in client_registration(game_id).pages:
            said += [client_words._(page.title), client_words._(page.text)]
            said += [client_words._(picture.caption) for picture in page.pictures]
        said.append(pages_for(game_id, options)[-1].text)  # the options page, worded as it is made
        said += [client_words.worded(words) for words in client_registration(game_id).option_words.values()]
        assert said and all(said)
        assert not misses.missed, sorted(misses.missed)
    finally:
        monkeypatch.undo()
        client_words.install("en")


def test_pot_pourris_scoring_sheet_finds_each_served_cuisine_in_any_language(monkeypatch):
    """The sheet pictures and counts a served recipe by its cuisine: the view's own, not read back
    out of the title the reader sees ("Paella (Mittelmeer)")."""
    game = get_game("pot-pourri")
    outcome = play(game, 3, 1, bot_chooser(game, 3, 1))
    found, _misses = catalog("de")
    monkeypatch.setattr(gettext, "translation", lambda *args, **kwargs: found)
    client_words.install("de")
    try:
        chefs = PotModel(game.view(outcome.state, None)).chefs()
        served = [cuisine for chef in chefs for cuisine in chef.served]
        assert served and set(served) <= set(CUISINES)
        assert all(len(chef.served) == len(chef.redeemed) for chef in chefs)
    finally:
        monkeypatch.undo()
        client_words.install("en")
