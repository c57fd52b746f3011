"""What happened this round, move by move, read from the rules' public events.

Each move the table is told of becomes an :class:`Entry`: who did it, what changed (the card from
what to what, or the line that rotated, or a pass) and its effect on the faces (how many of each
chef's taste backs turned happy or unhappy, and how many shared tastes became satisfied), found by
comparing the faces before and after. The last move stays marked on the table until the next one.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

MOVES = ("changed", "rotated", "passed")
DIRECTIONS = {("row", 1): "east", ("row", -1): "west", ("col", -1): "north", ("col", 1): "south"}


@dataclass(frozen=True)
class Entry:
    """One move of the round (or the round's end, ``seat`` None)."""

    number: int                      # counts every entry ever made at this table, from 1
    kind: str                        # "changed" | "rotated" | "passed" | "rejoined" | "all_passed" | "time_up"
    seat: int | None = None
    row: int = 0
    col: int = 0
    old: dict[str, str] | None = None
    new: dict[str, str] | None = None
    line: str = ""
    index: int = 0
    step: int = 0
    faces: tuple[tuple[int, int], ...] = ()   # (seat, change in happy taste backs), changes only
    shared: int = 0                  # change in satisfied shared tastes

    @property
    def is_move(self) -> bool:
        return self.kind in MOVES

    def action(self) -> str:
        """The move in words, without the chef's name: "swapped green pepper for red pepper"."""
        if self.kind == "changed":
            return f"swapped {card_words(self.old)} for {card_words(self.new)}"
        if self.kind == "rotated":
            return f"rotated {self.line if self.line == 'row' else 'column'} {self.index + 1} " \
                   f"{DIRECTIONS.get((self.line, self.step), '')}".rstrip()
        if self.kind == "passed":
            return "passed"
        if self.kind == "rejoined":
            return "is unhappy again and back in the round"
        if self.kind == "all_passed":
            return "Every chef passed: the round is over"
        return "Time is up: the round is over"

    def words(self, name) -> str:
        """The whole entry in words, ``name(seat)`` naming the chefs."""
        if self.seat is None:
            return self.action()
        return f"{name(self.seat)} {self.action()}"

    def effect_words(self, name) -> str:
        """Who became happy or unhappy with this move: "Cleo 1 happier, 1 shared taste met"."""
        parts = [f"{name(seat)} {abs(delta)} {'happier' if delta > 0 else 'unhappier'}" for seat, delta in self.faces]
        if self.shared:
            parts.append(f"{abs(self.shared)} shared {'taste' if abs(self.shared) == 1 else 'tastes'} "
                         f"{'met' if self.shared > 0 else 'broken'}")
        return ", ".join(parts)


def card_words(card: dict[str, Any] | None) -> str:
    card = card or {}
    return f"{card.get('colour', '?')} {card.get('veg', '?')}"


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
            if not isinstance(event, dict):
                continue
            kind = event.get("type")
            if kind == "round_started":
                self.entries.clear()
            elif kind in MOVES or kind in ("rejoined", "all_passed", "time_up"):
                faces, shared = _difference(before, after) if kind in ("changed", "rotated") else ((), 0)
                self._add(event, faces, shared)

    def _add(self, event: dict[str, Any], faces: tuple[tuple[int, int], ...], shared: int) -> None:
        self.count += 1
        seat = event.get("seat")
        self.entries.append(Entry(
            number=self.count, kind=str(event.get("type")), seat=seat if isinstance(seat, int) else None,
            row=int(event.get("row", 0)), col=int(event.get("col", 0)), old=event.get("old"), new=event.get("new"),
            line=str(event.get("line", "")), index=int(event.get("index", 0)), step=int(event.get("step", 0)),
            faces=faces, shared=shared))

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
