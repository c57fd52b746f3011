"""A baseline chef: greedy over the tastes it can read (its own and the shared ones)."""

from __future__ import annotations

import random
from typing import Any

from shared.core import Bot
from shared.too_many_cooks.cards import SIZE, card_id
from shared.too_many_cooks.moves import change, rotate, spares_from_view
from shared.too_many_cooks.tastes import judge_for

Soup = tuple[int, ...]


def soup_from_view(view: dict[str, Any]) -> Soup:
    return tuple(card_id(card["veg"], card["colour"]) for row in view["soup"] for card in row)


def after(soup: Soup, spares: tuple[int, ...], action: dict[str, Any]) -> Soup:
    """The soup once ``action`` (a legal change or rotate) is played."""
    if action["type"] == "rotate":
        return rotate(soup, action["line"], action["index"], action["step"])
    cell = action["row"] * SIZE + action["col"]
    return change(soup, spares, cell, card_id(action["veg"], action["colour"]))[0]


class GreedyChef(Bot):
    """Readies up at once, passes when it must, and otherwise plays the move that breaks none of the
    tastes it sees satisfied if it can, then satisfies the most of them, then comes closest to the
    rest; ties are broken by its own seeded random generator."""

    def __init__(self, seat: int, seed: int) -> None:
        super().__init__(seat, seed)
        self.rng = random.Random(f"tmc-bot:{seed}")

    def choose(self, view: dict[str, Any], now: float) -> dict[str, Any] | None:
        legal = view["legal_actions"]
        if not legal:
            return None
        if len(legal) == 1:
            return legal[0]  # ready, or the pass a satisfied chef must make
        judges = [judge_for(taste["id"]) for taste in view["my_tastes"] + view["shared_tastes"]]
        soup = soup_from_view(view)
        spares = spares_from_view(view["spares"])
        happy_now = [judge(soup) == 0 for judge in judges]
        best_key: tuple[float, ...] | None = None
        best: dict[str, Any] | None = None
        for action in legal:
            new = after(soup, spares, action)
            broken = satisfied_count = distance = 0
            for judge, was_happy in zip(judges, happy_now, strict=True):
                far = judge(new)
                if far == 0:
                    satisfied_count += 1
                elif was_happy:
                    broken += 1
                distance += far
            key = (-broken, satisfied_count, -distance, self.rng.random())
            if best_key is None or key > best_key:
                best_key, best = key, action
        return best
