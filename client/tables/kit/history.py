"""What happened at a table, move by move, as the table was told it: each public event it saw becomes
an :class:`Entry`, numbered for as long as the table lives, and each seat at this screen remembers the
newest entry it looked at, so a couch player handed the controls can be told what they missed
(``since``). A game says which events are its moves (the last move), which start the list afresh (a
new round), and what more an entry holds (by overriding ``entry``)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar

Event = dict[str, Any]


@dataclass(frozen=True)
class Entry:
    """One event the table saw, and its place in the table's story."""

    number: int  # counts every entry ever made at this table, from 1
    event: Event

    @property
    def kind(self) -> str:
        return str(self.event.get("type", ""))

    @property
    def seat(self) -> int | None:
        """Who made the move (None: the game itself, such as a round's end)."""
        seat = self.event.get("seat")
        return seat if isinstance(seat, int) else None


@dataclass
class History:
    """The entries since the list last started afresh, oldest first, and what each seat last saw."""

    moves: ClassVar[frozenset[str]] = frozenset()  # the event types that are a player's move
    kept: ClassVar[frozenset[str] | None] = None  # the event types listed (None: every one)
    restart: ClassVar[frozenset[str]] = frozenset()  # the event types that start the list afresh

    entries: list[Entry] = field(default_factory=list)
    count: int = 0  # entries ever made (the number of the newest)
    seen: dict[int, int] = field(default_factory=dict)  # seat -> number of the newest entry it saw

    def observe(self, view: dict[str, Any], events: list[Event]) -> None:
        """A new state arrived with ``events`` (empty for a repeated or snapshot state)."""
        for event in events:
            kind = event.get("type")
            if kind in self.restart:
                self.entries.clear()
            elif self.kept is None or kind in self.kept:
                self.count += 1
                self.entries.append(self.entry(self.count, dict(event), view))

    def entry(self, number: int, event: Event, view: dict[str, Any]) -> Entry:
        """The entry ``event`` makes, ``view`` being the state it led to."""
        return Entry(number, event)

    @property
    def last_move(self) -> Entry | None:
        """The newest entry that is a player's move."""
        return next((entry for entry in reversed(self.entries) if entry.kind in self.moves), None)

    def look(self, seat: int | None) -> None:
        """``seat`` has seen the table as it is now."""
        if seat is not None:
            self.seen[seat] = self.count

    def since(self, seat: int | None) -> Sequence[Entry]:
        """The entries ``seat`` has not looked at yet (all of them if it never looked)."""
        last = self.seen.get(seat, 0) if seat is not None else 0
        return [entry for entry in self.entries if entry.number > last]
