"""A challenge told as a moment at the top of the side column, where it covers nothing of the table:
the challenged cards turn face up one by one, the verdict is shown under them, then the pot's cards
fly to the hand that takes them, counted. It stays there, face up, until a while after the next play
is made (``dock``), so that it can be read while the next claim is judged."""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

FIRST_FLIP = 0.6  # the call heard, before the first card turns
FLIP_SECONDS = 0.8  # between two cards turning over: each can be read as it turns
VERDICT_SECONDS = 1.4  # the verdict alone, before the cards fly
FLY_SECONDS = 0.8
HOLD_SECONDS = 0.9  # the count stays a moment where the cards landed
DOCK_SECONDS = 6.0  # the verdict stays this long once its moment is over and the next play is made


@dataclass
class Reveal:
    """One challenge being shown, from ``start`` on the table's clock."""

    reveal: dict[str, Any]
    start: float
    docked: float | None = None  # when the next play was made

    def dock(self, now: float) -> None:
        """The next play is made: the moment is over, its verdict stays a while (once)."""
        if self.docked is None:
            self.docked = now

    @property
    def cards(self) -> list[str]:
        return [str(kind) for kind in self.reveal.get("cards") or []]

    @property
    def flipped_by(self) -> float:
        """Seconds after the start when the last card is face up."""
        return FIRST_FLIP + FLIP_SECONDS * len(self.cards)

    @property
    def length(self) -> float:
        return self.flipped_by + VERDICT_SECONDS + FLY_SECONDS + HOLD_SECONDS

    def face_up(self, now: float) -> int:
        """How many of the cards are face up at ``now`` (the moment plays out whole, the next play
        or not: it covers nothing)."""
        return max(0, min(len(self.cards), math.floor((now - self.start - FIRST_FLIP) / FLIP_SECONDS) + 1))

    def verdict_shown(self, now: float) -> bool:
        return now - self.start >= self.flipped_by

    def flight(self, now: float) -> float:
        """How far the penalty cards have flown, 0 (over the pot) to 1 (in the taker's hand)."""
        t = (now - self.start - self.flipped_by - VERDICT_SECONDS) / FLY_SECONDS
        t = max(0.0, min(1.0, t))
        return 1 - (1 - t) ** 3

    def over(self, now: float) -> bool:
        """Gone from the table: a while after both its moment and the next play (the log keeps it)."""
        return self.docked is not None and now - max(self.docked, self.start + self.length) >= DOCK_SECONDS
