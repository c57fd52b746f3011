"""Who is really playing each seat, from the table's lobby summaries: a person who went away
("away 0:12"), a bot standing in for them ("bot playing for Ada"), and their return."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from soupkitchen.client.words import _


class SeatWatch:
    """Remembers since when each person's seat has been away: on the server's clock where the
    summary says (``away_since``), so every client counts the same time; else from when this client
    first saw it (on the scene's clock ``now``)."""

    def __init__(self) -> None:
        self.away_since: dict[int, float] = {}  # the scene's clock
        self.away_on_server: dict[int, float] = {}  # the server's clock
        self.stand_ins: set[int] = set()

    def update(self, table: dict[str, Any], now: float) -> list[int]:
        """Read a new summary; the seats whose person has just taken them back from a stand-in bot."""
        back = []
        for info in table.get("seats") or []:
            seat = info.get("seat")
            if not isinstance(seat, int) or info.get("bot") or not info.get("name"):
                self.back(seat)
                continue
            if info.get("connected", True):
                self.back(seat)
            else:
                self.away_since.setdefault(seat, now)
                since = info.get("away_since")
                if isinstance(since, int | float) and not isinstance(since, bool):
                    self.away_on_server[seat] = float(since)
            if info.get("stand_in"):
                self.stand_ins.add(seat)
            elif seat in self.stand_ins and info.get("connected", True):
                self.stand_ins.discard(seat)
                back.append(seat)
        return back

    def notes(
        self, now: float, name: Callable[[int], str], server_now: float | None = None
    ) -> dict[int, str]:
        """The note at each seat whose person is not playing it themselves (``server_now``: the
        server's clock now, if this client knows it)."""
        notes = {
            seat: _("away %(time)s") % {"time": _minutes(self.away_for(seat, now, server_now))}
            for seat in self.away_since
        }
        notes.update({seat: _("bot playing for %(chef)s") % {"chef": name(seat)} for seat in self.stand_ins})
        return notes

    def back(self, seat: Any) -> None:
        """The seat is not (or no longer) a person's who is away."""
        self.away_since.pop(seat, None)
        self.away_on_server.pop(seat, None)

    def away_for(self, seat: int, now: float, server_now: float | None) -> float:
        """Seconds the seat has been away."""
        if server_now is not None and seat in self.away_on_server:
            return server_now - self.away_on_server[seat]
        return now - self.away_since[seat]


def _minutes(seconds: float) -> str:
    minutes, secs = divmod(max(0, int(seconds)), 60)
    return f"{minutes}:{secs:02d}"
