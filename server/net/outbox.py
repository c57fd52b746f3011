"""Pushes held until the changes they tell of are stored.

A store that writes behind (``server/storage/store_pg.py``) has changes in hand that PostgreSQL has not
confirmed yet. Every push made meanwhile about a table waits here, in the order it was made, for
that table's changes handed over before it (the store's ``issued_for``); then it goes. A push never
waits for another table's changes: on a busy node the other seats' views of a move, made a moment
after it, would otherwise wait for the next batch, holding moves handed over in between. A table
whose change could not be stored is let go, and its held pushes with it: nobody hears of a present
the database does not have.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable
from typing import Any

Send = Callable[[list[str], Any], None]  # (connections, encoded push)


class Outbox:
    """The pushes waiting for the store, by table, each with the changes it waits for and the number
    of changes handed over when it was made."""

    def __init__(self, send: Send) -> None:
        self.send = send
        # table -> its pushes in order: (the changes each waits for, those handed over by then, ...)
        self.held: dict[str | None, deque[tuple[int, int, list[str], Any]]] = {}
        self.stored = 0  # the changes the store has confirmed
        self.unstored: dict[str, int] = {}  # table -> its pushes made up to this change are dropped

    def push(self, sids: list[str], encoded: Any, table: str | None, waits_for: int, made: int) -> None:
        """Send a push about ``table`` now if the changes it waits for (the first ``waits_for``)
        are stored and none of the table's pushes waits, else hold it (``made``: the changes handed
        over by then)."""
        waiting = self.held.get(table)
        if waits_for <= self.stored and not waiting:
            if table is None or made > self.unstored.get(table, -1):
                self.send(sids, encoded)
        elif waiting is not None:
            waiting.append((waits_for, made, sids, encoded))
        else:
            self.held[table] = deque([(waits_for, made, sids, encoded)])

    def let_go(self, table: str, handed: int) -> None:
        """The table's change could not be stored: drop its pushes made so far (``handed`` changes in)."""
        self.unstored[table] = handed

    def release(self, stored: int) -> None:
        """The store has confirmed its changes up to ``stored``: send what waited for them."""
        self.stored = max(self.stored, stored)
        for table in [table for table, waiting in self.held.items() if waiting[0][0] <= self.stored]:
            waiting = self.held[table]
            while waiting and waiting[0][0] <= self.stored:
                _waits_for, made, sids, encoded = waiting.popleft()
                if table is None or made > self.unstored.get(table, -1):
                    self.send(sids, encoded)
            if not waiting:
                del self.held[table]
        if not self.held:
            self.unstored.clear()
