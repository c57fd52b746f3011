"""Bot levels for people: easy, normal and hard, chosen per bot seat in the lobby.

A level changes how a bot plays, never what it may see: every level is shown the same views. For a
game whose bot has no levels of its own, :func:`at_level` wraps it: an easy bot forgets what it saw
a while ago and often settles for the first move of the kind it wanted; a normal bot forgets slowly;
a hard bot is the game's bot as it is, remembering everything it was shown.
"""

from __future__ import annotations

import random
from collections import deque
from collections.abc import Callable
from typing import Any

from soupkitchen.shared.core import Action, Bot

LEVELS: tuple[str, ...] = ("easy", "normal", "hard")
NORMAL = "normal"
MEMORY = {"easy": 8, "normal": 40}
"""Views a bot at that level keeps in mind: it forgets everything older than between half this and
this many views (a hard bot forgets nothing)."""
SETTLES = {"easy": 0.5, "normal": 0.0, "hard": 0.0}
"""How often a bot at that level plays the first legal action of the kind it chose instead."""


def check_level(level: Any) -> str:
    """``level`` if it is one of LEVELS; ValueError otherwise."""
    if level not in LEVELS:
        raise ValueError(f"a bot's level is one of {', '.join(LEVELS)}")
    return level


class LevelledBot(Bot):
    """A game's bot played at a level: it keeps only its recent views in mind (rebuilding the bot
    from them when its memory is full) and sometimes settles for the first action of the kind the
    bot chose."""

    def __init__(self, make: Callable[[], Bot], seat: int, seed: int, level: str) -> None:
        super().__init__(seat, seed)
        self.make = make
        self.level = check_level(level)
        self.inner = make()
        self.memory = MEMORY.get(level)
        self.recent: deque[dict[str, Any]] = deque(maxlen=self.memory or 1)
        self.rng = random.Random(f"level:{level}:{seed}")
        self.last: dict[str, Any] | None = None

    def observe(self, view: dict[str, Any]) -> None:
        if view is self.last:
            return
        self.last = view
        if self.memory is not None:
            self.recent.append(view)
            if len(self.recent) == self.memory:  # memory full: forget the older half
                self.inner = self.make()
                for _ in range(self.memory // 2):
                    self.recent.popleft()
                for kept in self.recent:
                    self.inner.observe(kept)
                return
        self.inner.observe(view)

    def choose(self, view: dict[str, Any], now: float) -> Action | None:
        self.observe(view)
        action = self.inner.choose(view, now)
        if action is None or not self.rng.random() < SETTLES[self.level]:
            return action
        return next((legal for legal in view["legal_actions"] if legal.get("type") == action.get("type")), action)


def at_level(make: Callable[[], Bot], seat: int, seed: int, level: str = NORMAL) -> Bot:
    """The bot ``make()`` played at ``level`` (hard: as it is)."""
    return make() if check_level(level) == "hard" else LevelledBot(make, seat, seed, level)
