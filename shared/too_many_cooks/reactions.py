"""Making some noise: a chef's reaction to the move just made ("That's disgusting!", "How
delicious!", "That's fine by me"), as the rulebook asks, and what a reaction honestly says.

A reaction names no card, colour or place: it is one of three words, about the latest move of the
round, by a chef who did not make it, once, and only in the moments after it ("keep a poker face
until each chef has finished their move": the next move, a pass or REACTION_SECONDS close the
chance). It is part of the game's log, so every seat sees it and a replay shows it.

What a move did to a chef is read from their secret tastes: each one the move turned satisfied or
unsatisfied (the faces everyone sees), or only brought closer or further (how many cards it still
needs, which only the chef can tell). An honest reaction agrees with both: "disgusting" when some
taste of theirs got worse and none turned happy, "delicious" when some got better and none turned
unhappy, "fine" when none got worse.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from soupkitchen.shared.too_many_cooks.tastes import distance

Soup = tuple[int, ...]
EMOTES = ("disgusting", "delicious", "fine")
"""The rulebook's three exclamations, in the order of the table's buttons (and of the wire's emotes)."""
REACTION_SECONDS = 10.0
"""How long after a move a chef may react to it (on the round's clock), unless the next move comes first."""


@dataclass(frozen=True)
class Feeling:
    """What one move did to one chef's secret tastes."""

    worse: int = 0  # tastes it took further from satisfied (turned unhappy among them)
    better: int = 0  # tastes it brought closer (turned happy among them)
    soured: int = 0  # tastes it turned from satisfied to unsatisfied
    pleased: int = 0  # tastes it turned from unsatisfied to satisfied

    @property
    def untouched(self) -> bool:
        return not (self.worse or self.better)


def feeling(tastes: Iterable[str], before: Soup, after: Soup) -> Feeling:
    """What the move from ``before`` to ``after`` did to these tastes."""
    worse = better = soured = pleased = 0
    for taste in tastes:
        was, now = distance(taste, before), distance(taste, after)
        if now > was:
            worse += 1
            soured += was == 0
        elif now < was:
            better += 1
            pleased += now == 0
    return Feeling(worse, better, soured, pleased)


def honest(emote: str, felt: Feeling) -> bool:
    """Whether ``emote`` is true to what the move did to the chef (see the module)."""
    if emote == "disgusting":
        return felt.worse > 0 and felt.pleased == 0
    if emote == "delicious":
        return felt.better > 0 and felt.soured == 0
    return emote == "fine" and felt.worse == 0
