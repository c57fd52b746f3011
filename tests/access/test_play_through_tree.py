"""Each of the four games played start to end the way a screen-reader user plays it: the title's
Play solo, the setup's game and player count, every move, and the way back to the title, each found
by a node's name in the accessibility tree and made by invoking that node's action (tree_play.py).
Each game is kept short: two chefs (three at Pot Pourri, its least), the easiest options."""

from __future__ import annotations

import asyncio
import re

import pytest
from tree_play import TreePlayer

GAMES = [
    ("too-many-cooks", 2, {"Seconds per round": "60"}),
    ("pink-soup", 2, {}),
    ("stone-soup", 2, {}),
    ("pot-pourri", 3, {}),
]


@pytest.mark.parametrize(("game", "players", "options"), GAMES, ids=[g for g, _p, _o in GAMES])
def test_a_whole_game_is_played_through_the_tree_alone(game, players, options):
    player = TreePlayer(game, players, seed=1, options=options)
    asyncio.run(player.run())
    assert player.moves >= 5
    assert (
        player.by_zone == player.moves if game != "too-many-cooks" else player.by_zone > player.moves // 2
    ), "the moves are made on the table's zones, not only from the list of every move"
    assert player.sent, "every move went to the server as the node said"
    said = " ".join(player.seen)
    assert "Bot 2" in said, "the other seat's moves are announced"
    assert "Your turn" in said


def test_the_soup_is_a_grid_of_named_cells_and_each_swap_is_a_node_of_its_cell():
    from soupkitchen.client.access.table import Seat, table_tree
    from soupkitchen.shared.registry import get_game

    game = get_game("too-many-cooks")
    state = game.setup(2, game.normalise_options({}, 2), 3)
    for seat in (0, 1):
        state, _events = game.apply(state, seat, {"type": "ready"}, 0.0)
    turn = game.view(state, 0)["turn"]
    view = game.view(state, turn)
    root = table_tree(Seat("too-many-cooks", view, turn, lambda s: f"Chef {s + 1}"), "Too Many Cooks")
    grid = root.find("soup")
    assert grid.role == "grid" and [row.role for row in grid.children] == ["row"] * 4
    cells = [cell for row in grid.children for cell in row.children]
    assert len(cells) == 16 and all(cell.role == "cell" for cell in cells)
    card = view["soup"][1][2]
    assert cells[6].name == f"row 2, column 3: {card['colour']} {card['veg']}"
    swaps = [a for a in view["legal_actions"] if a["type"] == "change" and (a["row"], a["col"]) == (1, 2)]
    assert len(cells[6].children) == len(swaps) > 0
    assert all(re.match(r"Swap the .* at row 2, column 3 for a ", move.name) for move in cells[6].children)
    assert {"spares", "chefs", "tastes.shared", "tastes.mine", "log"} <= {n.id for n in root.walk()}
