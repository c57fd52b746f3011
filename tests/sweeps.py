"""How many seeded random games each game's sweep plays.

The default keeps the whole suite within its ten minutes on two cores; SOUPKITCHEN_SWEEP_SCALE
multiplies every sweep for a deeper run, e.g. ``SOUPKITCHEN_SWEEP_SCALE=5 scripts/test -m slow``.
"""

from __future__ import annotations

import os


def sweep_games(default: int) -> int:
    """``default`` games, times the scale asked for in the environment (at least one game)."""
    return max(1, round(default * float(os.environ.get("SOUPKITCHEN_SWEEP_SCALE") or 1)))


def seated(game, wanted: int = 3) -> int:
    """The table size nearest ``wanted`` that ``game`` declares (a test asks a game for no more seats
    than its facts promise)."""
    return min(max(wanted, game.min_players), game.max_players)
