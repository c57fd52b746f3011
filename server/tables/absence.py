"""Players who went away from a table: the grace a seat waits for its player before a bot stands
in, and the countdown that closes a lobby no connection holds a seat of. Part of a table's runner
(``server.tables.runner``), which seats the stand-in and closes the lobby."""

from __future__ import annotations

import logging
from collections.abc import Callable

from soupkitchen.server.config import ServerConfig
from soupkitchen.server.tables.scheduler import Scheduler, Timer
from soupkitchen.server.tables.table import Table

log = logging.getLogger(__name__)


class Absence:
    """The stand-ins' timers and the idle lobby's countdown of one table."""

    def __init__(
        self,
        table: Table,
        config: ServerConfig,
        scheduler: Scheduler,
        stopping: Callable[[], bool],
        stands_in: Callable[[int], bool],
        stand_in: Callable[[int], None],
        close: Callable[[], None],
    ) -> None:
        self.table = table
        self.config = config
        self.scheduler = scheduler
        self.clock = scheduler.clock
        self.stopping = stopping
        self.stands_in = stands_in  # whether a bot already stands in at a seat
        self.seat_stand_in = stand_in  # a bot takes the seat
        self.close = close  # close the lobby for good
        self.live = True
        self.idle_since: float | None = None  # monotonic time the lobby was left with no seat held
        self.idle_timer: Timer | None = None  # closes the lobby when left so
        self.graces: dict[int, Timer] = {}  # seat -> the end of its player's grace

    def stop(self) -> None:
        self.live = False
        if self.idle_timer is not None:
            self.idle_timer.cancel()
        for timer in self.graces.values():
            timer.cancel()
        self.graces.clear()

    # --- the seats whose players went away -----------------------------------------------------
    def grace(self) -> float:
        """Seconds a seat whose player went away waits for them before a bot stands in: the table's
        ``stand_in_seconds`` setting if the host chose one; otherwise, while a clock runs towards a
        deadline or between the rounds of a timed game (whose table waits for every seat's ready),
        ``timed_grace`` (when shorter than ``grace``), else ``grace``."""
        table, config = self.table, self.config
        chosen = table.settings.get("stand_in_seconds")
        if chosen is not None:
            return float(chosen)
        real_time = table.game.facts.real_time
        if table.started and (table.deadline() is not None or real_time):
            return min(config.grace, config.timed_grace)
        return config.grace

    def seat_away(self, seat: int, since: float) -> None:
        """Start the grace period; after it a bot stands in if the player has not come back."""
        self.table.seats[seat].away_since = since
        due = since + self.grace()  # decided now: a round ending meanwhile does not move it
        earlier = self.graces.pop(seat, None)
        if earlier is not None:  # the grace of an absence before this one (its player came back)
            earlier.cancel()
        self.graces[seat] = self.scheduler.call_at(due, self.grace_over, seat, since, due)

    def grace_over(self, seat: int, since: float, due: float) -> None:
        """At ``due``: a bot takes the seat of a player away since ``since`` who has not come back."""
        self.graces.pop(seat, None)
        table = self.table
        holder = table.seats[seat]
        if (
            not self.live
            or self.stopping()
            or table.closed
            or not table.started
            or table.over
            or holder.sids
            or not holder.human
            or self.stands_in(seat)
            or holder.away_since != since
            or self.clock() < due - 1e-3
        ):
            return
        log.info("table %s seat %s: a bot stands in for the player who went away", table.id, seat)
        self.seat_stand_in(seat)

    # --- an abandoned lobby --------------------------------------------------------------------
    def abandoned(self) -> bool:
        """An open lobby that no connection holds a seat of, on a server that closes such lobbies."""
        table = self.table
        return (
            self.config.lobby_idle > 0
            and not self.stopping()
            and not table.closed
            and not table.started
            and not table.attended
        )

    def watch_lobby(self) -> None:
        """Count down ``lobby_idle`` seconds for an abandoned lobby (from when it was first left so),
        or stop counting once a connection holds one of its seats again."""
        if not self.abandoned():
            self.idle_since = None
            if self.idle_timer is not None:
                self.idle_timer.cancel()
                self.idle_timer = None
            return
        if self.idle_since is None:
            self.idle_since = self.clock()
        if self.idle_timer is None:
            self.idle_timer = self.scheduler.call_at(
                self.idle_since + self.config.lobby_idle, self.expire_lobby
            )

    def expire_lobby(self) -> bool:
        """Close the lobby if it has been abandoned for ``lobby_idle`` seconds of the server's clock;
        True if it closed. Its countdown calls this; so may whoever moved the clock by hand."""
        if self.idle_timer is not None:
            self.idle_timer.cancel()
            self.idle_timer = None
        if not self.live:
            return False
        idle = self.config.lobby_idle
        if self.abandoned() and self.idle_since is not None and self.clock() - self.idle_since >= idle:
            log.info("table %s closes: nobody has held a seat for %.0f s", self.table.id, idle)
            self.close()
            return True
        self.watch_lobby()  # not yet (the timer woke early), or no longer abandoned
        return False
