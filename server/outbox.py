"""Pushes held until the changes they tell of are stored.

A store that writes behind (``server/store_pg.py``) has changes in hand that PostgreSQL has not
confirmed yet. Every push made meanwhile waits here, in the order it was made, for the changes
handed over before it; then it goes. A table whose change could not be stored is let go, and its
held pushes with it: nobody hears of a present the database does not have.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable
from typing import Any

Send = Callable[[list[str], Any], None]  # (connections, encoded push)


class Outbox:
    """The pushes waiting for the store, each with the number of changes handed over before it."""

    def __init__(self, send: Send) -> None:
        self.send = send
        self.held: deque[tuple[int, str | None, list[str], Any]] = deque()
        self.stored = 0  # the changes the store has confirmed
        self.unstored: dict[str, int] = {}  # table -> its pushes made up to this change are dropped

    def push(self, sids: list[str], encoded: Any, table: str | None, handed: int) -> None:
        """Send a push now if every change handed over (``handed``) is stored, else hold it."""
        if handed <= self.stored and not self.held:
            self.send(sids, encoded)
        else:
            self.held.append((handed, table, sids, encoded))

    def let_go(self, table: str, handed: int) -> None:
        """The table's change could not be stored: drop its pushes made so far (``handed`` changes in)."""
        self.unstored[table] = handed

    def release(self, stored: int) -> None:
        """The store has confirmed its changes up to ``stored``: send what waited for them."""
        self.stored = max(self.stored, stored)
        held = self.held
        while held and held[0][0] <= self.stored:
            handed, table, sids, encoded = held.popleft()
            if table is None or handed > self.unstored.get(table, -1):
                self.send(sids, encoded)
        if not held:
            self.unstored.clear()
