"""Pink Soup's log says "you" to the seat reading it about its own moves, and names the others."""

from soupkitchen.client.tables.wording import event_words


def name(seat: int) -> str:
    return f"Chef {seat + 1}"


def test_your_own_moves_and_moves_on_your_pot_say_you_others_read_as_before():
    draws = {"type": "draws", "seat": 0, "count": 2}
    into = {"type": "to_pot", "seat": 1, "target": 0, "card": None}
    assert event_words("pink-soup", draws, name, 0) == "You draw 2 cards."
    assert event_words("pink-soup", into, name, 0) == "Chef 2 puts a card face down into your pot."
    assert event_words("pink-soup", draws, name, 1) == "Chef 1 draws 2 cards."
    assert event_words("pink-soup", draws, name) == "Chef 1 draws 2 cards."  # a spectator
    swap = {"type": "swaps", "seat": 2, "first": 0, "second": 1, "slot": 0, "other_slot": 3}
    assert event_words("pink-soup", swap, name, 0) == (
        "Chef 3's Mouse swaps card 1 of your pot with card 4 of Chef 2's pot."
    )
