"""What happened this round, move by move, read from the rules' public events, in the kit's history.

Each move the table is told of becomes an :class:`Entry`: who did it, what changed (the card from
what to what, or the line that rotated, or a pass) and its effect on the faces (how many of each
chef's taste backs turned happy or unhappy, and how many shared tastes became satisfied), found by
comparing the faces before and after. Reactions ("How delicious!") are entries too, so the round
reads as it was played. What the others did since a chef's own last move is summed up for them
(:meth:`History.summary`).

Only public things are kept: the events every seat is sent and the faces every seat sees, so a
history rebuilt from the public record (``rebuild``) is the same for every seat at the table.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from soupkitchen.client.tables.kit import history as kit
from soupkitchen.client.tables.too_many_cooks.things import cell_key, spare_key
from soupkitchen.client.words import ngettext
from soupkitchen.shared.too_many_cooks import describe

MOVES = ("changed", "rotated", "passed")
REACTED = "reacted"
Faces = tuple[tuple[int, ...], int]  # (happy taste backs of each chef, satisfied shared tastes)
Looks = dict[str, str]  # the key of a soup card or a spare pile -> how it looks


@dataclass(frozen=True)
class Entry(kit.Entry):
    """One move of the round (or a reaction, or the round's end: ``seat`` None), with its effect on
    the faces."""

    faces: tuple[tuple[int, int], ...] = ()  # (seat, change in happy taste backs), changes only
    shared: int = 0  # change in satisfied shared tastes

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
    def emote(self) -> str:
        return str(self.event.get("emote", ""))

    @property
    def is_move(self) -> bool:
        return self.kind in MOVES

    @property
    def is_reaction(self) -> bool:
        return self.kind == REACTED

    def words(self, name) -> str:
        """The whole entry in the game's words, ``name(seat)`` naming the chefs."""
        return describe.event_words(self.event, name)

    def effect_words(self, name) -> str:
        """Whose faces turned with this move: "Cleo: 1 more happy face; 1 shared taste met"."""
        return effect_words(self.faces, self.shared, name)


reaction_words = describe.emote_words


def effect_words(faces: Sequence[tuple[int, int]], shared: int, name) -> str:
    """Faces turned happy or unhappy and shared tastes met or broken, in words ("" : none)."""
    parts = [
        (
            ngettext("%(chef)s: %(count)d more happy face", "%(chef)s: %(count)d more happy faces", delta)
            if delta > 0
            else ngettext(
                "%(chef)s: %(count)d more unhappy face", "%(chef)s: %(count)d more unhappy faces", -delta
            )
        )
        % {"chef": name(seat), "count": abs(delta)}
        for seat, delta in faces
    ]
    if shared:
        count = abs(shared)
        parts.append(
            (
                ngettext("%(count)d shared taste met", "%(count)d shared tastes met", count)
                if shared > 0
                else ngettext("%(count)d shared taste broken", "%(count)d shared tastes broken", count)
            )
            % {"count": count}
        )
    return "; ".join(parts)


@dataclass(frozen=True)
class Summary:
    """What the others did since a chef's own last move, summed up."""

    moves: int  # changes, rotations and passes by the others
    reactions: int
    faces: tuple[tuple[int, int], ...]  # (seat, net change in happy faces), changes only
    shared: int  # net change in satisfied shared tastes
    since_own: bool  # the chef has moved this round (else: since the round began)
    turned: bool = False  # some face or shared taste turned on the way, though it came back


def _looks(view: dict[str, Any]) -> Looks:
    """Each soup card ("cell:row:col") and spare pile ("spare:veg:colour") of a view, as it looks."""
    looks: Looks = {
        cell_key(r, c): f"{card.get('veg')}-{card.get('colour')}"
        for r, row in enumerate(view.get("soup") or [])
        for c, card in enumerate(row)
    }
    looks.update(
        {
            spare_key(str(spare.get("veg")), str(spare.get("colour"))): str(spare.get("count"))
            for spare in view.get("spares") or []
        }
    )
    return looks


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
    kept = frozenset((*MOVES, REACTED, "rejoined", "all_passed", "time_up"))
    restart = frozenset(("round_dealt", "round_started"))  # the new round's tastes are read with an empty log

    def __init__(self) -> None:
        super().__init__()
        self._faces: Faces | None = None
        self._before: Faces | None = None
        self._start: Looks | None = None  # the soup and spares as the round began
        self._after_own: dict[int, Looks] = {}  # ... as each chef left them with their last move
        self._now: Looks = {}

    def observe(self, view: dict[str, Any], events: list[dict[str, Any]]) -> None:
        self._before, self._faces = self._faces, _faces(view)
        super().observe(view, events)
        self._now = _looks(view)
        if self._start is None or any(e.get("type") in self.restart for e in events):
            self._start, self._after_own = self._now, {}
        for event in events:
            if event.get("type") in MOVES and isinstance(event.get("seat"), int):
                self._after_own[event["seat"]] = self._now

    def changed_since_own(self, seat: int | None) -> set[str]:
        """The soup's cards and the spares that differ from what ``seat`` left with their own last move
        this round (from the round's start if they have not moved): every card changed since."""
        if seat is None:
            return set()
        then = self._after_own.get(seat, self._start or {})
        return {key for key, look in self._now.items() if then.get(key, look) != look}

    def entry(self, number: int, event: dict[str, Any], view: dict[str, Any]) -> Entry:
        faces, shared = (
            _difference(self._before, self._faces) if event["type"] in ("changed", "rotated") else ((), 0)
        )
        return Entry(number, event, faces, shared)

    def rebuild(self, steps: Sequence[tuple[dict[str, Any], list[dict[str, Any]]]], seat: int | None) -> None:
        """The round so far told afresh from the public record (each state's public view and the events
        that led to it, oldest first): a table opened in the middle of a round (a resumed game, a
        replay's jump); ``seat`` has seen all of it."""
        self.entries.clear()
        self._faces = self._before = None
        for view, events in steps:
            self.observe(view, events)
        self.look(seat)

    def since(self, seat: int | None) -> list[Entry]:
        return [entry for entry in super().since(seat) if isinstance(entry, Entry)]

    def own_last(self, seat: int | None) -> Entry | None:
        """``seat``'s newest move this round."""
        return next(
            (e for e in reversed(self.kept_entries()) if e.is_move and e.seat == seat and seat is not None),
            None,
        )

    def last_change(self) -> Entry | None:
        """The round's newest change of the soup (a card changed or a line rotated)."""
        return next((e for e in reversed(self.kept_entries()) if e.kind in ("changed", "rotated")), None)

    def kept_entries(self) -> list[Entry]:
        """The round's entries with their effects, oldest first."""
        return [e for e in self.entries if isinstance(e, Entry)]

    def news(self, seat: int | None) -> list[Entry]:
        """What happened after ``seat``'s own last move this round (all of the round if it has not moved)."""
        own = self.own_last(seat)
        return [e for e in self.kept_entries() if own is None or e.number > own.number]

    def summary(self, seat: int | None) -> Summary:
        """The others' moves and reactions since ``seat``'s own last move, and their net effect."""
        news = self.news(seat)
        net: dict[int, int] = {}
        for entry in news:
            for who, delta in entry.faces:
                net[who] = net.get(who, 0) + delta
        return Summary(
            moves=sum(1 for e in news if e.is_move),
            reactions=sum(1 for e in news if e.is_reaction),
            faces=tuple((who, delta) for who, delta in sorted(net.items()) if delta),
            shared=sum(e.shared for e in news),
            since_own=self.own_last(seat) is not None,
            turned=any(e.faces or e.shared for e in news),
        )

    def last_reaction(self, seat: int) -> Entry | None:
        return next((e for e in reversed(self.kept_entries()) if e.is_reaction and e.seat == seat), None)


def _difference(before: Faces | None, after: Faces | None) -> tuple[tuple[tuple[int, int], ...], int]:
    if before is None or after is None or len(before[0]) != len(after[0]):
        return (), 0
    faces = tuple(
        (seat, new - old)
        for seat, (old, new) in enumerate(zip(before[0], after[0], strict=True))
        if new != old
    )
    return faces, after[1] - before[1]
