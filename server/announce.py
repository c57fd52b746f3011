"""What a table's runner tells the connections at the table: the ``lobby`` and ``state`` pushes,
each seat's own view and nothing more. Reads the table, never changes it."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any

from soupkitchen.server.table import StateAnnouncement, Table

Push = Callable[[list[str], str, Any, "str | None"], None]  # (connections, event, payload, the table it tells of)


class Announcer:
    """The pushes about one table, in the order its changes were made."""

    def __init__(self, table: Table, push: Push, clock: Callable[[], float],
                 summary: Callable[[], dict[str, Any]]) -> None:
        self.table = table
        self.push = push
        self.clock = clock
        self.summary = summary
        self.outbox: tuple[StateAnnouncement, list[tuple[list[str], int | None]]] | None = None  # pushes still to make

    def audience(self) -> list[str]:
        table = self.table
        return sorted({sid for seat in table.seats for sid in seat.sids} | table.spectators)

    def lobby(self) -> None:
        self.push(self.audience(), "lobby", {"table": self.summary()}, self.table.id)

    def to_audience(self, event: str, payload: dict[str, Any]) -> None:
        self.flush()
        self.push(self.audience(), event, payload, self.table.id)

    def state(self, snapshot: bool = False, actor: int | None = None) -> None:
        """One ``state`` per seat each connection holds, and the spectator view to spectators.

        The seat that acted is answered at once; the other views are made just after (the next
        round of the event loop, once the actor's view is on its way), and always before anything
        else is pushed about this table, so every connection still gets the states in order.
        """
        self.flush()
        table = self.table
        moment = table.moment(self.clock(), snapshot)
        rest: list[tuple[list[str], int | None]] = []
        for index, seat in enumerate(table.seats):
            if seat.sids and index == actor:
                self.push(sorted(seat.sids), "state", moment.payload(index), table.id)
            elif seat.sids:
                rest.append((sorted(seat.sids), index))
        if table.spectators:
            rest.append((sorted(table.spectators), None))
        self.outbox = (moment, rest)
        if actor is None:
            self.flush()
        else:
            asyncio.get_running_loop().call_soon(self.flush)

    def flush(self) -> None:
        """Make the pushes a broadcast left for later."""
        if self.outbox is None:
            return
        moment, rest = self.outbox
        self.outbox = None
        for sids, index in rest:
            self.push(sids, "state", moment.payload(index), self.table.id)

    async def snapshot(self, seat: int | None, sid: str) -> None:
        """The current state for one connection (run as a task, so it follows the request's ack)."""
        self.flush()
        self.push([sid], "state", self.table.state_payload(seat, self.clock(), True), self.table.id)
