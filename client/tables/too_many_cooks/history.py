"""What happened this round, move by move, read from the rules' public events, in the kit's history.

Each move the table is told of becomes an :class:`Entry`: who did it, what changed (the card from
what to what, or the line that rotated, or a pass) and its effect on the faces (how many of each
chef's taste backs turned happy or unhappy, and how many shared tastes became satisfied), found by
comparing the faces before and after. The last move stays marked on the table until the next one.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from soupkitchen.client.tables.kit import history as kit
from soupkitchen.client.words import _, ngettext
from soupkitchen.shared.too_many_cooks import describe

MOVES = ("changed", "rotated", "passed")
Faces = tuple[tuple[int, ...], int]   # (happy taste backs of each chef, satisfied shared tastes)


@dataclass(frozen=True)
class Entry(kit.Entry):
    """One move of the round (or the round's end, ``seat`` None), with its effect on the faces."""

    faces: tuple[tuple[int, int], ...] = ()   # (seat, change in happy taste backs), changes only
    shared: int = 0                  # change in satisfied shared tastes

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


def _faces(view: dict[str, Any]) -> Faces:
    """(happy taste backs of each chef, satisfied shared tastes) of a view."""
    chefs = view.get("chefs") or []
    happy = tuple(sum(1 for back in chef.get("tastes") or [] if back.get("happy")) for chef in chefs)
    shared = sum(1 for taste in view.get("shared_tastes") or [] if taste.get("satisfied"))
    return happy, shared


class History(kit.History):
    """The round's entries, oldest first (a new round starts them afresh), and what each seat has
    last looked at."""

    moves = frozenset(MOVES)
    kept = frozenset((*MOVES, "rejoined", "all_passed", "time_up"))
    restart = frozenset(("round_started",))

    def __init__(self) -> None:
        super().__init__()
        self._faces: Faces | None = None
        self._before: Faces | None = None

    def observe(self, view: dict[str, Any], events: list[dict[str, Any]]) -> None:
        self._before, self._faces = self._faces, _faces(view)
        super().observe(view, events)

    def entry(self, number: int, event: dict[str, Any], view: dict[str, Any]) -> Entry:
        faces, shared = _difference(self._before, self._faces) if event["type"] in ("changed", "rotated") else ((), 0)
        return Entry(number, event, faces, shared)

    def since(self, seat: int | None) -> list[Entry]:
        return [entry for entry in super().since(seat) if isinstance(entry, Entry)]


def _difference(before: Faces | None, after: Faces | None) -> tuple[tuple[tuple[int, int], ...], int]:
    if before is None or after is None or len(before[0]) != len(after[0]):
        return (), 0
    faces = tuple((seat, new - old) for seat, (old, new) in enumerate(zip(before[0], after[0], strict=True))
                  if new != old)
    return faces, after[1] - before[1]
