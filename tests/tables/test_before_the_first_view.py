"""A table may be drawn before the server's first state reaches it (a slow link, a LAN without a
router): every game's table then draws its bare cloth instead of failing."""

from __future__ import annotations

import pytest

from soupkitchen.shared.registry import game_ids, get_game
from tests.sweeps import seated
from tests.tables.fake_session import FakeSession
from tests.tables.harness import make_table, render


class NoViewYet(FakeSession):
    """A session whose first state has not arrived."""

    def view(self, seat):
        return None

    @property
    def public_view(self):
        return None


@pytest.mark.parametrize("game_id", game_ids())
def test_a_table_drawn_before_its_first_view_draws_without_failing(game_id):
    app, scene = make_table(NoViewYet(game_id, players=seated(get_game(game_id), 4)))
    surface = render(app, scene, 0.0)
    assert surface.get_size() == (1280, 720)
