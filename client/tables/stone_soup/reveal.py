"""A challenge told as a moment: the challenged cards turn face up one by one over the pot, the verdict
is shown large, then the penalty cards fly to the hand that takes them, counted. When the next play
is made before the moment is over, the verdict moves aside (``dock``) at once, face up, for a short
while, so that nothing of it covers the sequence card or the pot while the next claim is judged."""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

FLIP_SECONDS = 0.45     # between two cards turning over
VERDICT_SECONDS = 1.4   # the verdict alone, before the cards fly
FLY_SECONDS = 0.8
HOLD_SECONDS = 0.9      # the count stays a moment where the cards landed
DOCK_SECONDS = 2.5      # the verdict stays aside once the next play is made


@dataclass
class Reveal:
    """One challenge being shown, from ``start`` on the table's clock."""

    reveal: dict[str, Any]
    start: float
    docked: float | None = None   # when it moved aside for the next play

    def dock(self, now: float) -> None:
        """The next play is made: show the verdict aside from now on (once)."""
        if self.docked is None:
            self.docked = now

    @property
    def cards(self) -> list[str]:
        return [str(kind) for kind in self.reveal.get("cards") or []]

    @property
    def flipped_by(self) -> float:
        """Seconds after the start when the last card is face up."""
        return 0.3 + FLIP_SECONDS * len(self.cards)

    @property
    def length(self) -> float:
        return self.flipped_by + VERDICT_SECONDS + FLY_SECONDS + HOLD_SECONDS

    def face_up(self, now: float) -> int:
        """How many of the cards are face up at ``now``."""
        if self.docked is not None:
            return len(self.cards)
        return max(0, min(len(self.cards), math.floor((now - self.start - 0.3) / FLIP_SECONDS) + 1))

    def verdict_shown(self, now: float) -> bool:
        return self.docked is not None or now - self.start >= self.flipped_by

    def flight(self, now: float) -> float:
        """How far the penalty cards have flown, 0 (over the pot) to 1 (in the taker's hand)."""
        t = (now - self.start - self.flipped_by - VERDICT_SECONDS) / FLY_SECONDS
        t = max(0.0, min(1.0, t))
        return 1 - (1 - t) ** 3

    def over(self, now: float) -> bool:
        if self.docked is not None:
            return now - self.docked >= DOCK_SECONDS
        return now - self.start >= self.length
