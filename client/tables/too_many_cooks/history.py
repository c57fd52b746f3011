"""What happened this round, move by move, read from the rules' public events.

Each move the table is told of becomes an :class:`Entry`: who did it, what changed (the card from
what to what, or the line that rotated, or a pass) and its effect on the faces (how many of each
chef's taste backs turned happy or unhappy, and how many shared tastes became satisfied), found by
comparing the faces before and after. The last move stays marked on the table until the next one.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from soupkitchen.client.words import _, ngettext
from soupkitchen.shared.too_many_cooks import describe

MOVES = ("changed", "rotated", "passed")


@dataclass(frozen=True)
class Entry:
    """One move of the round (or the round's end, ``seat`` None)."""

    number: int                      # counts every entry ever made at this table, from 1
    event: dict[str, Any]            # the rules' event: "changed", "rotated", "passed", "reacted",
    #                                  "rejoined", "all_passed", "time_up"
    faces: tuple[tuple[int, int], ...] = ()   # (seat, change in happy taste backs), changes only
    shared: int = 0                  # change in satisfied shared tastes

    @property
    def kind(self) -> str:
        return self.event["type"]

    @property
    def seat(self) -> int | None:
        """The chef who made the move (None: the round's end)."""
        return self.event.get("seat")

    @property
    def row(self) -> int:
        return self.event.get("row", 0)

    @property
    def col(self) -> int:
        return self.event.get("col", 0)

    @property
    def line(self) -> str:
        return self.event.get("line", "")

    @property
    def index(self) -> int:
        return self.event.get("index", 0)

    @property
    def step(self) -> int:
        return self.event.get("step", 0)

    @property
    def old(self) -> dict[str, str] | None:
        """The card a change took out of the soup."""
        return self.event.get("old")

    @property
    def new(self) -> dict[str, str] | None:
        return self.event.get("new")

    @property
    def is_move(self) -> bool:
        return self.kind in MOVES

    def words(self, name) -> str:
        """The whole entry in the game's words, ``name(seat)`` naming the chefs."""
        return describe.event_words(self.event, name)

    def effect_words(self, name) -> str:
        """Who became happy or unhappy with this move: "Cleo 1 happier, 1 shared taste met"."""
        parts = [(_("%(chef)s %(count)d happier") if delta > 0 else _("%(chef)s %(count)d unhappier"))
                 % {"chef": name(seat), "count": abs(delta)} for seat, delta in self.faces]
        if self.shared:
            count = abs(self.shared)
            parts.append((ngettext("%(count)d shared taste met", "%(count)d shared tastes met", count) if self.shared > 0 else
                          ngettext("%(count)d shared taste broken", "%(count)d shared tastes broken", count)) % {"count": count})
        return ", ".join(parts)


def _faces(view: dict[str, Any]) -> tuple[tuple[int, ...], int]:
    """(happy taste backs of each chef, satisfied shared tastes) of a view."""
    chefs = view.get("chefs") or []
    happy = tuple(sum(1 for back in chef.get("tastes") or [] if back.get("happy")) for chef in chefs)
    shared = sum(1 for taste in view.get("shared_tastes") or [] if taste.get("satisfied"))
    return happy, shared


@dataclass
class History:
    """The round's entries, oldest first, and what each seat has last looked at."""

    entries: list[Entry] = field(default_factory=list)
    count: int = 0                   # entries ever made (the number of the newest)
    seen: dict[int, int] = field(default_factory=dict)   # seat -> number of the newest entry it saw
    _faces: tuple[tuple[int, ...], int] | None = None

    def observe(self, view: dict[str, Any], events: list[dict[str, Any]]) -> None:
        """A new state arrived with ``events`` (empty for a repeated or snapshot state)."""
        before, after = self._faces, _faces(view)
        self._faces = after
        for event in events:
            kind = event["type"]
            if kind == "round_started":
                self.entries.clear()
            elif kind in MOVES or kind in ("reacted", "rejoined", "all_passed", "time_up"):
                faces, shared = _difference(before, after) if kind in ("changed", "rotated") else ((), 0)
                self._add(event, faces, shared)

    def _add(self, event: dict[str, Any], faces: tuple[tuple[int, int], ...], shared: int) -> None:
        self.count += 1
        self.entries.append(Entry(number=self.count, event=dict(event), faces=faces, shared=shared))

    @property
    def last_move(self) -> Entry | None:
        """The newest move of the round (a change, a rotation or a pass)."""
        return next((entry for entry in reversed(self.entries) if entry.is_move), None)

    def look(self, seat: int | None) -> None:
        """``seat`` has seen the table as it is now."""
        if seat is not None:
            self.seen[seat] = self.count

    def since(self, seat: int | None) -> list[Entry]:
        """The entries of this round ``seat`` has not looked at yet (all of them if it never looked)."""
        last = self.seen.get(seat, 0) if seat is not None else 0
        return [entry for entry in self.entries if entry.number > last]


def _difference(before, after) -> tuple[tuple[tuple[int, int], ...], int]:
    if before is None or len(before[0]) != len(after[0]):
        return (), 0
    faces = tuple((seat, new - old) for seat, (old, new) in enumerate(zip(before[0], after[0], strict=True))
                  if new != old)
    return faces, after[1] - before[1]
