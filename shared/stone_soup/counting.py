"""Counting what a Stone Soup seat cannot see: hypergeometric odds and hand sizes followed by eye."""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from soupkitchen.shared.stone_soup.cards import DECK_SIZE, EXTRA_HANDS


def hypergeometric(population: int, successes: int, draws: int, k: int) -> float:
    """Chance that ``draws`` cards from ``population`` (``successes`` good ones) hold exactly ``k``."""
    if population <= 0 or not (0 <= k <= draws <= population) or not 0 <= successes <= population:
        return 1.0 if k == 0 and draws <= 0 else 0.0
    return (
        math.comb(successes, k) * math.comb(population - successes, draws - k) / math.comb(population, draws)
    )


def holds_at_least(population: int, successes: int, draws: int, wanted: int) -> float:
    """Chance that ``draws`` cards taken from ``population`` (with ``successes`` good ones) hold at
    least ``wanted`` good ones (hypergeometric tail)."""
    if wanted <= 0:
        return 1.0
    draws = min(draws, population)
    successes = max(0, min(successes, population))
    if wanted > min(draws, successes):
        return 0.0
    total = math.comb(population, draws)
    miss = sum(math.comb(successes, k) * math.comb(population - successes, draws - k) for k in range(wanted))
    return max(0.0, 1.0 - miss / total)


def in_band(size: int, band: dict[str, Any]) -> bool:
    return band["least"] <= size and (band["most"] is None or size <= band["most"])


def clamp(size: float, band: dict[str, Any]) -> int:
    most = band["most"] if band["most"] is not None else max(band["least"], round(size))
    return max(band["least"], min(most, round(size)))


@dataclass
class SizeBook:
    """Hand sizes as a player at the table follows them: exact from the deal until a play of unseen
    size makes them rough, then an estimate kept inside the band the view shows."""

    sure: list[int | None]
    guess: list[float]

    @classmethod
    def first_seen(cls, view: dict[str, Any]) -> SizeBook:
        """The book of a bot whose first view is ``view``: the deal's sizes if nothing was played yet."""
        players, dealer = len(view["players"]), view["dealer"]
        piles = players + EXTRA_HANDS[players]
        dealt = [DECK_SIZE // piles + (i < DECK_SIZE % piles) for i in range(piles)]
        sure: list[int | None] = [
            dealt[(seat - dealer - 1) % players] if view["plays"] == 0 else None for seat in range(players)
        ]
        guess = [
            float(size if size is not None else p["cards"]["least"] + 2)
            for size, p in zip(sure, view["players"], strict=True)
        ]
        return cls(sure, guess)

    def played(self, seat: int, count: int, band: dict[str, Any]) -> bool:
        """A play declared ``count``; True when the hand left cannot be the one an honest play leaves."""
        before = self.sure[seat]
        caught = before is not None and not in_band(before - count, band)
        self.sure[seat] = None
        self.guess[seat] -= count
        return caught

    def change(self, seat: int, by: int | None, guess: float) -> None:
        """A hand grew or shrank by ``by`` cards (None: by about ``guess``)."""
        self.sure[seat] = None if by is None or self.sure[seat] is None else self.sure[seat] + by
        self.guess[seat] += guess if by is None else by

    def settle(self, sizes: list[dict[str, Any]]) -> None:
        """Fit the book to the bands shown: an exact band is a sure size."""
        for seat, band in enumerate(sizes):
            if band["least"] == band["most"]:
                self.sure[seat] = band["least"]
            elif self.sure[seat] is not None and not in_band(self.sure[seat], band):
                self.sure[seat] = None  # followed wrongly: judge it like the others
            self.guess[seat] = (
                self.sure[seat] if self.sure[seat] is not None else clamp(self.guess[seat], band)
            )

    def size(self, seat: int) -> int:
        return max(0, round(self.guess[seat]))
