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


def test_a_settled_state_lists_each_seat_s_moves_once_for_its_view_and_its_check():
    from soupkitchen.shared.registry import get_game

    game = get_game("too-many-cooks")
    state = game.setup(4, game.normalise_options({"mode": "all-day"}, 4), 1)
    for seat in range(4):
        state, _ = game.apply(state, seat, {"type": "ready"}, 0.0)
    calls: list[int] = []
    listing = type(game).list_moves

    def counted(self, state, seat):
        calls.append(seat)
        return listing(self, state, seat)

    type(game).list_moves = counted
    try:
        mover = game.active_seats(state)[0]
        game.view(state, mover), game.validate(state, mover, {"type": "pass"}, 1.0)
        assert calls == [mover, mover]  # a state not settled is asked each time
        game.settle(state)
        calls.clear()
        first, second = game.view(state, mover), game.view(state, mover)
        move = first["legal_actions"][0]
        assert game.validate(state, mover, move, 1.0) is None and calls == [mover]
        assert first["legal_actions"] == second["legal_actions"]
        assert first["legal_actions"] is not second["legal_actions"]  # a list of each view's own
        moved, _ = game.apply(state, mover, move, 1.0)
        calls.clear()
        game.view(moved, game.active_seats(moved)[0])
        assert len(calls) == 1  # the next state is its own: nothing of the last one's moves carries over
    finally:
        type(game).list_moves = listing
