"""Bot levels for people: easy, normal and hard, chosen per bot seat in the lobby.

A level changes how a bot plays, never what it may see: every level is shown the same views. For a
game whose bot has no levels of its own, :func:`at_level` wraps it: an easy bot forgets what it saw
a few moves ago, a normal bot forgets slowly, and a hard bot is the game's bot as it is, remembering
everything it was shown. (Settling for the first move of the kind the bot wanted was tried and
dropped: in Stone Soup, which builds a play card by card, it picked and put back the same card
for ever.)
"""

from __future__ import annotations

import pickle
from collections import deque
from collections.abc import Callable
from typing import Any

from soupkitchen.shared.core import Action, Bot

LEVELS: tuple[str, ...] = ("easy", "normal", "hard")
NORMAL = "normal"
MEMORY = {"easy": 8, "normal": 40}
"""Views a bot at that level keeps in mind: it forgets everything older than between half this and
this many views (a hard bot forgets nothing)."""


def check_level(level: Any) -> str:
    """``level`` if it is one of LEVELS; ValueError otherwise."""
    if level not in LEVELS:
        raise ValueError(f"a bot's level is one of {', '.join(LEVELS)}")
    return level


class LevelledBot(Bot):
    """A game's bot played at a level: it keeps only its recent views in mind, rebuilding the bot
    from them when its memory is full (never while it is its turn, so a move it is putting
    together is not forgotten half-way)."""

    def __init__(self, make: Callable[[], Bot], seat: int, seed: int, level: str) -> None:
        super().__init__(seat, seed)
        self.make = make
        self.level = check_level(level)
        self.inner = make()
        self.memory = MEMORY.get(level)
        # the views kept in mind, pickled: a view's objects take five to eight times its pickle's
        # bytes, and a server keeps these for every bot seat of every table
        self.recent: deque[bytes] = deque(maxlen=self.memory or 1)
        self.since = 0  # views observed since the bot was last rebuilt
        self.last: dict[str, Any] | None = None

    def observe(self, view: dict[str, Any]) -> None:
        if view == self.last:  # the same view again (choose is handed the view last observed)
            return
        self.last = view
        self.recent.append(pickle.dumps(view, pickle.HIGHEST_PROTOCOL))
        self.since += 1
        if self.memory is not None and self.since >= self.memory and not view.get("legal_actions"):
            # Memory full, and not in the middle of its own turn: keep only the newer half in mind.
            self.inner, self.since = self.make(), 0
            for kept in list(self.recent)[-(self.memory // 2) :]:
                self.inner.observe(pickle.loads(kept))
            return
        self.inner.observe(view)

    def kept_views(self) -> list[dict[str, Any]]:
        """The views the bot keeps in mind, oldest first."""
        return [pickle.loads(kept) for kept in self.recent]

    def choose(self, view: dict[str, Any], now: float) -> Action | None:
        self.observe(view)
        return self.inner.choose(view, now)

    def thinking(self, view: dict[str, Any], action: Action) -> float:
        """As long as the game's bot says a person would take (its level changes what it remembers)."""
        return self.inner.thinking(view, action)

    def looks(self, view: dict[str, Any]) -> float:
        """As long as the game's bot takes in the table before it decides."""
        return self.inner.looks(view)


def at_level(make: Callable[[], Bot], seat: int, seed: int, level: str = NORMAL) -> Bot:
    """The bot ``make()`` played at ``level`` (hard: as it is)."""
    return make() if check_level(level) == "hard" else LevelledBot(make, seat, seed, level)


def by_level(
    level: str,
    easy: Callable[[], Bot],
    normal: Callable[[], Bot],
    hard: Callable[[], Bot],
    seat: int,
    seed: int,
) -> Bot:
    """A game's own bot for each level: ``hard()`` as it is, ``easy()`` and ``normal()`` with the
    memory of their level."""
    if check_level(level) == "hard":
        return hard()
    return at_level(easy if level == "easy" else normal, seat, seed, level)
