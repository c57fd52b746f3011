"""The named option "longer" of a timed game, for players who need more time (the Game Accessibility
Guidelines' advice for timed games): off by default, or the printed time half as long again, or twice
as long. The lobby, the setup and the result show it by its name."""

from __future__ import annotations

import math

from soupkitchen.shared.words import N_

CHOICES = ("off", "1.5x", "2x")
FACTORS = {"off": 1.0, "1.5x": 1.5, "2x": 2.0}
WORDS = {
    "off": N_("off"),
    "1.5x": N_("1.5x the time"),
    "2x": N_("2x the time"),
}  # the values as a Choice shows them: what they do to the seconds set beside them


def longer(seconds: int, choice: str) -> int:
    """``seconds`` made longer as ``choice`` says (whole seconds, never less)."""
    return math.ceil(seconds * FACTORS.get(choice, 1.0))
