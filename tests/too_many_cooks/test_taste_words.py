"""Each taste card's sentence for the catalog is the one its grammar makes in English."""

from soupkitchen.shared.too_many_cooks.taste_words import TASTE_WORDS, taste_words
from soupkitchen.shared.too_many_cooks.tastes import TASTES_BY_ID


def test_every_taste_card_has_its_english_sentence_marked_for_the_catalog():
    assert set(TASTE_WORDS) == set(TASTES_BY_ID)
    assert all(taste_words(taste_id) == taste["text"] for taste_id, taste in TASTES_BY_ID.items())
    assert taste_words("X99", "a newer card") == "a newer card"
