"""Pot Pourri's bot at the three levels a host chooses in the lobby. Every level is shown the same
views; they differ in how they play:

- easy forgets what it saw a few moves ago and settles for the first decent move;
- normal is :class:`PotBot`, forgetting slowly;
- hard is :class:`PlanningPotBot`, remembering every card it was shown and playing the end for the win.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any, TypeVar

from soupkitchen.shared.core import Bot
from soupkitchen.shared.levels import NORMAL, by_level
from soupkitchen.shared.pot_pourri.bot import PotBot
from soupkitchen.shared.pot_pourri.planner import PlanningPotBot

Choice = TypeVar("Choice")
DECENT = 1.5  # an easy bot takes the first move worth no less than the best one less this


def first_decent(
    choices: Iterable[Choice], worth: Callable[[Choice], float], slack: float = DECENT
) -> Choice:
    """The first of ``choices`` worth at least the best less ``slack``."""
    rated = [(worth(choice), choice) for choice in choices]
    best = max(value for value, _choice in rated)
    return next(choice for value, choice in rated if value >= best - slack)


class HastyPotBot(PotBot):
    """Settles for the first decent move: the first kind of turn, recipe or menu change that is
    nearly as good as the best, and serves the first recipe it may."""

    def _turn_plan(self, view: dict[str, Any], legal: list[dict[str, Any]]) -> list[dict[str, Any]]:
        options = self._turn_options(view, legal)
        return first_decent(options, lambda option: option[0])[1] if options else []

    def _keep(self, view: dict[str, Any], legal: list[dict[str, Any]]) -> dict[str, Any]:
        offered = {card["id"]: card for card in view["choosing_from"]}
        return first_decent(
            legal, lambda action: sum(self._potential(view, offered[r]) for r in action["recipes"])
        )

    def _serve(self, view: dict[str, Any], legal: list[dict[str, Any]]) -> dict[str, Any]:
        return legal[0]

    def _menu(self, view: dict[str, Any], legal: list[dict[str, Any]]) -> dict[str, Any]:
        best = super()._menu(view, legal)
        return best if best["type"] == "swap_menu" else legal[-1]


def make_bot(seat: int, seed: int, level: str = NORMAL) -> Bot:
    """The Pot Pourri bot for ``seat`` at ``level``."""
    return by_level(
        level,
        lambda: HastyPotBot(seat, seed),
        lambda: PotBot(seat, seed),
        lambda: PlanningPotBot(seat, seed),
        seat,
        seed,
    )
