"""What a table's runner tells the connections at the table: the ``lobby`` and ``state`` pushes,
each seat's own view and nothing more. Reads the table, never changes it.

Each state's view is made once per audience (a seat, or every spectator together). A connection
that said ``deltas`` in its hello gets, after the first view, a ``delta`` push: what changed in its
audience's view since the view it was sent before (``server.net.deltas``), with that view's state id as
its base; every other connection, and every snapshot, gets the whole view in a ``state`` push
(docs/protocol.md, Deltas).
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any

from soupkitchen.server.net.deltas import Encoded, Parts, Patch, view_parts, view_patch
from soupkitchen.server.tables.table import StateAnnouncement, Table

Push = Callable[
    [list[str], str, Any, "str | None"], None
]  # (connections, event, payload, the table it tells of)
Audience = int | None  # a seat, or None: the spectators


class Announcer:
    """The pushes about one table, in the order its changes were made."""

    def __init__(
        self,
        table: Table,
        push: Push,
        clock: Callable[[], float],
        summary: Callable[[], dict[str, Any]],
        deltas: Callable[[str], bool] = lambda sid: False,
    ) -> None:
        self.table = table
        self.push = push
        self.clock = clock
        self.summary = summary
        self.deltas = deltas  # whether a connection takes delta pushes
        # the pushes still to make
        self.outbox: tuple[StateAnnouncement, list[tuple[list[str], Audience]]] | None = None
        # each audience's view as last sent to all its connections, with its state id: the base of its next
        # delta (kept only for an audience with a connection that takes deltas). Kept as JSON, a field at
        # a time: views kept as objects outlived the collector's young generations, a few hundred objects
        # a move, and made it walk the whole heap every few seconds (0.65 s each at 1,000 tables)
        self.sent: dict[Audience, tuple[int, Parts]] = {}
        self.known: tuple[int, dict[tuple[str, bytes, bytes], Patch]] = (-1, {})  # a state's fields' patches
        self.encoded: tuple[int, Encoded] = (-1, {})  # a state's views' fields as JSON, by the object

    def audience(self) -> list[str]:
        table = self.table
        return sorted({sid for seat in table.seats for sid in seat.sids} | table.spectators)

    def lobby(self) -> None:
        self.push(self.audience(), "lobby", {"table": self.summary()}, self.table.id)

    def to_audience(self, event: str, payload: dict[str, Any]) -> None:
        self.flush()
        self.push(self.audience(), event, payload, self.table.id)

    def state(self, snapshot: bool = False, actor: int | None = None) -> None:
        """One ``state`` (or ``delta``) per seat each connection holds, and the spectator view to spectators.

        The seat that acted is answered at once; the other views are made just after (the next
        round of the event loop, once the actor's view is on its way), and always before anything
        else is pushed about this table, so every connection still gets the states in order.
        """
        self.flush()
        table = self.table
        moment = table.moment(self.clock(), snapshot)
        rest: list[tuple[list[str], Audience]] = []
        for index, seat in enumerate(table.seats):
            if seat.sids and index == actor:
                self.tell(moment, index, sorted(seat.sids))
            elif seat.sids:
                rest.append((sorted(seat.sids), index))
            else:
                self.sent.pop(index, None)  # nobody holds its last view: the next connection gets a whole one
        if table.spectators:
            rest.append((sorted(table.spectators), None))
        else:
            self.sent.pop(None, None)
        self.outbox = (moment, rest)
        if actor is None:
            self.flush()
        else:
            asyncio.get_running_loop().call_soon(self.flush)

    def tell(self, moment: StateAnnouncement, audience: Audience, sids: list[str]) -> None:
        """The audience's view of ``moment``: as a delta to the connections that take them (they hold
        its last view), whole to the others."""
        view = moment.view(audience)
        takers = [sid for sid in sids if self.deltas(sid)]
        before = self.sent.pop(audience, None)
        now = self.keep(moment.state_id, audience, view) if takers else None
        if before is not None and now is not None and not moment.snapshot:
            if self.known[0] != moment.state_id:
                self.known = (moment.state_id, {})
            patch = view_patch(before[1], view, now, self.known[1])
            self.push(takers, "delta", moment.delta(audience, before[0], patch), self.table.id)
            if len(takers) == len(sids):
                return
            sids = [sid for sid in sids if sid not in takers]
        self.push(sids, "state", moment.payload(audience, view), self.table.id)

    def keep(self, state_id: int, audience: Audience, view: dict[str, Any]) -> Parts | None:
        """Keep the audience's view, encoded, as the base of its next delta, and return it (a view that
        orjson cannot write, none: the next view goes whole)."""
        if self.encoded[0] != state_id:
            self.encoded = (state_id, {})
        parts = view_parts(view, self.encoded[1])
        if parts is None:
            self.sent.pop(audience, None)
        else:
            self.sent[audience] = (state_id, parts)
        return parts

    def flush(self) -> None:
        """Make the pushes a broadcast left for later."""
        if self.outbox is None:
            return
        moment, rest = self.outbox
        self.outbox = None
        for sids, audience in rest:
            self.tell(moment, audience, sids)

    def snapshot(self, audience: Audience, sid: str) -> None:
        """The current state, whole, for one connection (after a request's answer: ``resume``,
        ``spectate``, ``resync``). Every other connection of its audience holds this state's view
        already (each state is announced as it is made) or waits for a snapshot of its own, so the
        audience's next delta may be based on it."""
        self.flush()
        moment = self.table.moment(self.clock(), True)
        view = moment.view(audience)
        self.push([sid], "state", moment.payload(audience, view), self.table.id)
        if self.deltas(sid):
            self.keep(moment.state_id, audience, view)
