"""A gentle word to a person who sits on their turn: once a seat the table waits for has done nothing
for ``nudge_after`` seconds while the round's clock runs towards its deadline, its connections get
a ``nudge`` push (the client says so and chimes). Nothing is played for them. Part of a table's
runner (``server.tables.runner``), which sends the push.

Seconds are counted on the game clock, which stands still while the clock is held, so a hold
never earns a nudge; a seat's own action (a reaction too) starts its count again."""

from __future__ import annotations

from collections.abc import Callable

from soupkitchen.server.config import ServerConfig
from soupkitchen.server.tables.table import Table


class Nudges:
    """Since when each seat the table waits for has waited, and which of them were nudged."""

    def __init__(
        self, table: Table, config: ServerConfig, clock: Callable[[], float], stands_in: Callable[[int], bool]
    ) -> None:
        self.table = table
        self.config = config
        self.clock = clock
        self.stands_in = stands_in  # whether a bot plays the seat for now
        self.since: dict[int, float] = {}  # seat -> game time since which the table has waited for it
        self.nudged: set[int] = set()  # seats nudged since they last acted

    def after_action(self, actor: int | None) -> None:
        """The table's state changed (``actor`` acted, None: the clock or a restart)."""
        table = self.table
        active = set(table.game.active_seats(table.state)) if table.started and not table.over else set()
        now = table.game_now(self.clock())
        for seat in set(self.since) - active:
            del self.since[seat]
            self.nudged.discard(seat)
        for seat in active:
            if seat not in self.since or seat == actor:
                self.since[seat] = now
                self.nudged.discard(seat)

    def waiting(self) -> dict[int, float]:
        """Each person who may be nudged and the game time they have waited since."""
        table, after = self.table, self.config.nudge_after
        if after <= 0 or table.paused_at is not None or table.deadline() is None:
            return {}
        return {
            seat: since
            for seat, since in self.since.items()
            if seat not in self.nudged
            and table.seats[seat].human
            and table.seats[seat].sids
            and not self.stands_in(seat)
        }

    def due(self) -> float | None:
        """Monotonic time of the next nudge, if one is to come."""
        waiting = self.waiting()
        if not waiting:
            return None
        mono = self.clock()
        return mono + min(waiting.values()) + self.config.nudge_after - self.table.game_now(mono)

    def fire(self) -> list[int]:
        """The seats whose nudge is due now (each is nudged once until it acts)."""
        now = self.table.game_now(self.clock())
        after = self.config.nudge_after
        seats = sorted(seat for seat, since in self.waiting().items() if now >= since + after - 1e-6)
        self.nudged.update(seats)
        return seats
