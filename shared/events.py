"""The move's side of the game contract: what a move is handed (``MoveContext``) and the log of
public events a table keeps for its views (``EventLog``). Moves and events are structure: a
game's ``describe`` module words them for a reader."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Annotated, Any, Generic, TypeVar

from soupkitchen.shared.plain import FROZEN, Plain, json_dump

State = TypeVar("State")
Action = dict[str, Any]
Event = dict[str, Any]


@dataclass
class EventLog(Plain):
    """The recent public events a table keeps for its views (a game with a ``log_length``)."""

    entries: list[Annotated[dict[str, Any], FROZEN]] = field(
        default_factory=list
    )  # oldest first, never changed
    count: int = 0  # events ever logged: the first entry is number ``count - len(entries)``
    fresh: int = 0  # the events the last action logged: what happens "now"

    @classmethod
    def starting(cls, *entries: Event) -> EventLog:
        """A log that begins with ``entries`` (logged by the setup)."""
        return cls([json_dump(entry) for entry in entries], len(entries), len(entries))

    @property
    def first(self) -> int:
        """The number of the oldest entry kept."""
        return self.count - len(self.entries)

    def add(self, events: list[Event], keep: int) -> None:
        """Log one action's events, keeping the last ``keep`` entries."""
        self.entries.extend(json_dump(event) for event in events)
        del self.entries[:-keep]
        self.count += len(events)
        self.fresh = len(events)


@dataclass
class MoveContext(Generic[State]):
    """What a move is handed: its own copy of the state to change, who acts, the action and the
    time. What happened goes out as structured public events, made with ``emit``."""

    state: State
    seat: int | None
    action: Action
    now: float
    events: list[Event] = field(default_factory=list)
    logged: list[Event] = field(default_factory=list)  # the events the table's log keeps

    def emit(self, kind: str, *, logged: bool = True, **facts: Any) -> Event:
        """One public event, ``{"type": kind, **facts}``: only what every seat saw happen. The
        table's log keeps it too unless ``logged`` is False. The facts are copied: the event never
        changes with the state it tells of."""
        event = {"type": kind, **json_dump(facts)}
        self.events.append(event)
        if logged:
            self.logged.append(event)
        return event
