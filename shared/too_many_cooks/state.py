"""The whole Too Many Cooks table as one value (copied and turned into JSON by ``shared.plain``)."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from soupkitchen.shared.plain import Plain
from soupkitchen.shared.too_many_cooks.tastes import satisfied

Soup = tuple[int, ...]


@dataclass
class TmcState(Plain):
    """One moment of a game. Cards are ids 0..31 (see ``cards``); seats are 0..players-1."""

    players: int
    seed: int
    mode: str  # "standard" | "all-day" | "unreasonable"
    difficulty: str  # chosen difficulty (standard); the round's difficulty is ``round_difficulty``
    taste_goal: int  # Unreasonable: tastes in its single round
    round_seconds: int
    rounds: int
    phase: str  # "ready" | "playing" | "reveal" | "over"
    round: int  # 1-based
    round_difficulty: str
    stars: int
    first_player: int
    turn: int | None
    base: str  # soup base id of this round
    soup: Soup  # 16 card ids, row by row
    spares: tuple[int, ...]  # count of each of the 32 cards outside the soup
    tastes: tuple[str, ...]  # this round's taste ids: personal ones first, then shared
    owners: tuple[int | None, ...]  # owner seat of each taste (None: shared)
    ready: tuple[bool, ...]
    passed: tuple[bool, ...]
    started_at: float | None  # game clock when this round's timer started
    reveal: dict[str, Any] | None  # the last finished round, all tastes shown
    outcome: dict[str, Any] | None  # the result once the game is over
    history: tuple[tuple[int, int, int], ...] = ()  # (round, unsatisfied, stars after) per round
    moves: int = 0  # changes and rotations made in the game so far: the number of the latest
    last_move: dict[str, Any] | None = None  # the latest change or rotation of the round while chefs may
    # react to it: its event ("changed" or "rotated") with its ``number`` and the clock time ``at`` of it
    reactions: tuple[tuple[int, str], ...] = ()  # (seat, emote) of each reaction to ``last_move``

    def with_(self, **changes: Any) -> TmcState:
        """A copy with some fields changed."""
        return replace(self.copy(), **changes)

    def personal(self, seat: int) -> list[str]:
        """Taste ids dealt to ``seat`` this round."""
        return [taste for taste, owner in zip(self.tastes, self.owners, strict=True) if owner == seat]

    def shared(self) -> list[str]:
        return [taste for taste, owner in zip(self.tastes, self.owners, strict=True) if owner is None]


def chef_satisfied(state: TmcState, seat: int) -> bool:
    """True when the chef's personal tastes and every shared taste are satisfied."""
    return all(
        satisfied(taste, state.soup)
        for taste, owner in zip(state.tastes, state.owners, strict=True)
        if owner in (seat, None)
    )
