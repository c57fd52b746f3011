"""What a chef can tell of face-down menu tiles (Cooking Pros) from what they were shown: the tiles
they looked at, and that two tiles another chef handled went back onto the same two squares, in an
order they could not see. Kept as the chance of each cuisine lying on each square."""

from __future__ import annotations

from dataclasses import dataclass, field

from soupkitchen.shared.pot_pourri.cards import CUISINES, MENU_STARS

SQUARES = len(MENU_STARS)
ROUNDS = 8  # rounds of rescaling that keep every square and every cuisine summing to one


def _even() -> list[list[float]]:
    return [[1.0 / SQUARES] * SQUARES for _ in range(SQUARES)]


@dataclass
class MenuBelief:
    """The chance of each cuisine's tile lying on each menu square."""

    chance: list[list[float]] = field(default_factory=_even)  # [square][cuisine]

    def seen(self, square: int, cuisine: str) -> None:
        """The tile on ``square`` was seen face up."""
        known = CUISINES.index(cuisine)
        if self.chance[square][known] == 1.0:
            return
        for row in range(SQUARES):
            for column in range(SQUARES):
                if (row == square) != (column == known):
                    self.chance[row][column] = 0.0
        self.chance[square][known] = 1.0
        self._rescale()

    def swapped(self, a: int, b: int) -> None:
        """This chef swapped the tiles on squares ``a`` and ``b``."""
        self.chance[a], self.chance[b] = self.chance[b], self.chance[a]

    def handled(self, a: int, b: int) -> None:
        """Another chef put the tiles on squares ``a`` and ``b`` back, swapped or not."""
        mixed = [(x + y) / 2 for x, y in zip(self.chance[a], self.chance[b], strict=True)]
        self.chance[a], self.chance[b] = list(mixed), list(mixed)

    def doubt(self) -> list[float]:
        """Per square, the chance of being wrong about its tile when naming the likeliest cuisine."""
        return [1.0 - max(row) for row in self.chance]

    def stars(self) -> dict[str, float]:
        """Each cuisine's expected star value."""
        return {
            cuisine: sum(self.chance[square][column] * MENU_STARS[square] for square in range(SQUARES))
            for column, cuisine in enumerate(CUISINES)
        }

    def _rescale(self) -> None:
        for _round in range(ROUNDS):
            for row in self.chance:
                total = sum(row)
                if total:
                    row[:] = [value / total for value in row]
            for column in range(SQUARES):
                total = sum(row[column] for row in self.chance)
                if total:
                    for row in self.chance:
                        row[column] /= total
