"""The base of a kit table's model: a game's view read safely (a missing or null field reads as its
default), with the fields every card game's view shares: seat, turn, over, the legal actions and
the seating around the table. The log is structure, worded by the game's ``describe``."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any


class Field:
    """A plain field of the view, read as ``kind`` (``default`` when it is missing or null):
    ``step = Field("step", str, "")``."""

    def __init__(self, key: str, kind: Callable[[Any], Any], default: Any) -> None:
        self.key, self.kind, self.default = key, kind, default

    def __get__(self, model: ViewModel | None, owner: type | None = None) -> Any:
        if model is None:
            return self
        return self.kind(model._get(self.key, self.default))


class ViewModel:
    """One view, read for drawing."""

    def __init__(self, view: dict[str, Any] | None) -> None:
        self.view = view or {}

    def _get(self, key: str, default: Any) -> Any:
        value = self.view.get(key, default)
        return default if value is None else value

    @property
    def seat(self) -> int | None:
        seat = self.view.get("seat")
        return seat if isinstance(seat, int) else None

    @property
    def turn(self) -> int | None:
        turn = self.view.get("turn")
        return turn if isinstance(turn, int) else None

    @property
    def over(self) -> bool:
        return bool(self.view.get("over"))

    def seating(self) -> tuple[int, list[int]]:
        """The seat drawn at the bottom (the viewer, else seat 0) and the others clockwise from it."""
        count = len(self._get("players", []))
        me = self.seat if self.seat is not None else 0
        return me, [(me + k) % count for k in range(1, count)]

    def actions(self) -> list[dict[str, Any]]:
        return [a for a in self._get("legal_actions", []) if isinstance(a, dict)]
