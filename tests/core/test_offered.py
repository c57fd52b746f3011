"""A move is found among the listed moves by its comparable form, quickly when the listing spells it
so, and as before when it does not (its numbers in another order); never by ``True`` for ``1``."""

from __future__ import annotations

from soupkitchen.shared.core import comparable, offered


def test_a_listed_move_is_found_in_the_listing_s_own_spelling_and_in_another():
    listed = [{"type": "play", "cards": [3, 1]}, {"type": "change", "row": 1, "col": 2}]
    assert offered(comparable({"type": "change", "col": 2, "row": 1}), listed)
    assert offered(comparable({"type": "play", "cards": [1, 3]}), listed)  # sorted: the listing's is not
    assert offered(comparable({"type": "change", "row": 1, "col": 2, "label": "words"}), listed)
    assert not offered(comparable({"type": "change", "row": 2, "col": 1}), listed)


def test_a_listed_flag_is_no_number_and_a_later_match_is_still_found():
    flag = {"type": "call", "on": True}
    assert comparable(flag) is None  # a listed move the rules spell with a flag is never matched
    assert not offered({"type": "call", "on": 1}, [flag])
    assert offered({"type": "call", "on": 1}, [flag, {"type": "call", "on": 1}])
