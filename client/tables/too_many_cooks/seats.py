"""Who is really playing each seat, from the table's lobby summaries: a person who went away
("away 0:12"), a bot standing in for them ("bot playing for Ada"), and their return."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any


class SeatWatch:
    """Remembers since when each person's seat has been away (on the table's clock ``now``)."""

    def __init__(self) -> None:
        self.away_since: dict[int, float] = {}
        self.stand_ins: set[int] = set()

    def update(self, table: dict[str, Any], now: float) -> list[int]:
        """Read a new summary; the seats whose person has just taken them back from a stand-in bot."""
        back = []
        for info in table.get("seats") or []:
            seat = info.get("seat")
            if not isinstance(seat, int) or info.get("bot") or not info.get("name"):
                self.away_since.pop(seat, None)
                continue
            if info.get("connected", True):
                self.away_since.pop(seat, None)
            else:
                self.away_since.setdefault(seat, now)
            if info.get("stand_in"):
                self.stand_ins.add(seat)
            elif seat in self.stand_ins and info.get("connected", True):
                self.stand_ins.discard(seat)
                back.append(seat)
        return back

    def notes(self, now: float, name: Callable[[int], str]) -> dict[int, str]:
        """The note at each seat whose person is not playing it themselves."""
        notes = {seat: f"away {_minutes(now - since)}" for seat, since in self.away_since.items()}
        notes.update({seat: f"bot playing for {name(seat)}" for seat in self.stand_ins})
        return notes


def _minutes(seconds: float) -> str:
    minutes, secs = divmod(max(0, int(seconds)), 60)
    return f"{minutes}:{secs:02d}"
