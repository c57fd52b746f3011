"""The language the client installs reaches the games' own words: the headline, a move, a log
line and a refusal come out of each game's describe module in German once German is installed,
and in English again after."""

from __future__ import annotations

import gettext

from soupkitchen.client import words as client_words
from soupkitchen.shared import refusals
from soupkitchen.shared.pink_soup import describe as pink
from soupkitchen.shared.stone_soup import describe as stone
from tests.core.test_refusal_words import catalog


def test_installing_a_language_words_the_games_in_it(monkeypatch):
    german, misses = catalog("de")
    monkeypatch.setattr(gettext, "translation", lambda *args, **kwargs: german)
    assert client_words.install("de") == "de"
    try:
        assert pink.chef(1) == "Koch 2"
        assert pink.event_words({"type": "draws", "seat": 0, "count": 2}) == "Koch 1 zieht 2 Karten."
        assert (
            stone.play_words({"potato": 1, "stone": 1}, 2, "potato")
            == "1 Kartoffel und 1 Stein dazugeben, „2 Kartoffeln“ sagen"
        )
        refused = pink.closed_pot(1, 0)
        assert str(refused) == "Chef 2's pot is closed"  # the host's log stays English
        worded = refusals.refusal_words(refused.to_json(), pink.REFUSAL_WORDS)
        assert worded == "Der Topf von Koch 2 ist geschlossen"
        assert not misses.missed
    finally:
        monkeypatch.undo()
        client_words.install("en")
    assert pink.chef(1) == "Chef 2"
