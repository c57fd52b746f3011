"""Pink Soup's bot at the three levels a host chooses in the lobby. Every level is shown the same
views; they differ in how they play:

- easy forgets what it saw a few moves ago and settles for the first decent move;
- normal is :class:`PinkSoupBot`, forgetting slowly;
- hard is :class:`HardPinkBot`, remembering every card its seat was shown and thinking a move further.
"""

from __future__ import annotations

from typing import Any

from soupkitchen.shared.core import Bot
from soupkitchen.shared.levels import NORMAL, by_level
from soupkitchen.shared.pink_soup.bot import PinkSoupBot
from soupkitchen.shared.pink_soup.hard_bot import HardPinkBot

DECENT = 2.0  # an easy bot takes the first move worth no less than the best one less this


class HastyPinkBot(PinkSoupBot):
    """Takes the first legal move that is nearly as good as the best."""

    def pick(self, legal: list[dict[str, Any]]) -> dict[str, Any]:
        rated = [self.rate(action) for action in legal]
        best = max(rated)
        return next(action for action, worth in zip(legal, rated, strict=True) if worth >= best - DECENT)


def make_bot(seat: int, seed: int, level: str = NORMAL) -> Bot:
    """The Pink Soup bot for ``seat`` at ``level``."""
    return by_level(
        level,
        lambda: HastyPinkBot(seat, seed),
        lambda: PinkSoupBot(seat, seed),
        lambda: HardPinkBot(seat, seed),
        seat,
        seed,
    )
