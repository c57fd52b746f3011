"""The whole log of a game as a table has seen it: a view carries only its last few entries, each
with its number (``log_first``), so the entries are kept by number, each in the words of the newest
view that held it (a game that stops naming a card in older entries is followed). What the others
did since a seat's own last entry is news to that seat."""

from __future__ import annotations

from typing import Any


class LogBook:
    """Every log entry the views have shown, by number."""

    def __init__(self) -> None:
        self.entries: dict[int, dict[str, Any]] = {}
        self.start: int | None = None  # the first entry after what the table saw when it opened

    @property
    def end(self) -> int:
        """The number the next entry will have."""
        return max(self.entries) + 1 if self.entries else 0

    def read(self, view: dict[str, Any]) -> None:
        """Keep the entries of ``view``'s log."""
        log = [entry for entry in view.get("log") or [] if isinstance(entry, dict)]
        first = view.get("log_first")
        if not isinstance(first, int) or isinstance(first, bool):
            first = None
        if first is None or first + len(log) < self.end:  # unnumbered, or an earlier moment: start again
            self.entries, self.start = {}, None
        for number, entry in enumerate(log, start=first or 0):
            self.entries[number] = entry
        if self.start is None:
            self.start = self.end  # what the table saw first is not news

    def last_own(self, seat: int | None) -> int | None:
        """The number of ``seat``'s latest entry, if it has one."""
        return max(
            (n for n, entry in self.entries.items() if seat is not None and entry.get("seat") == seat),
            default=None,
        )

    def news_from(self, seat: int | None) -> int:
        """The number of the first entry that is news to ``seat``: the first after its own latest."""
        own = self.last_own(seat)
        return max(self.start or 0, own + 1 if own is not None else 0)

    def ordered(self) -> list[tuple[int, dict[str, Any]]]:
        """(number, entry) of every entry kept, oldest first."""
        return sorted(self.entries.items())
