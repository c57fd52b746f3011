"""Pot Pourri's log says "you" to the seat reading it about its own moves, and names the others."""

from soupkitchen.client.tables.wording import event_words


def name(seat: int) -> str:
    return f"Player {seat + 1}"


def test_your_own_moves_say_you_others_read_as_before():
    lid = {"type": "moved_lid", "seat": 1, "pan": 2}
    full = {"type": "must_serve", "cook": 1, "pans": [0]}
    assert event_words("pot-pourri", lid, name, 1) == "You moved the lid onto saucepan 3."
    assert event_words("pot-pourri", full, name, 1) == "Saucepan 1 is full: you must serve."
    assert event_words("pot-pourri", lid, name, 0) == "Player 2 moved the lid onto saucepan 3."
    assert event_words("pot-pourri", full, name) == "Saucepan 1 is full: Player 2 must serve."
