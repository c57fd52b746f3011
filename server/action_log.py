"""A table's action log in memory, each entry kept as its JSON text.

A logged action as Python objects (the entry's dict, the action's dict, its strings and numbers)
takes some 450 bytes; as JSON text about a tenth of that. A Stone Soup game of 800 moves held
350 KB of log, a Too Many Cooks round played to its clock much more, and a finished game keeps its
log for as long as it lingers. The log is read rarely (a bot catching up on the views of the game
so far, a restore, the tests) and only appended to while the game is played, so each entry is
encoded once and decoded only when read.
"""

from __future__ import annotations

from array import array
from collections.abc import Iterable, Iterator, Sequence
from typing import Any, overload

import orjson

Entry = dict[str, Any]  # {"seat": int | None, "action": {...}, "t": float}


class ActionLog(Sequence[Entry]):
    """The entries of a match's log in order; reading one gives a new dict equal to the one logged
    (its tuples read as lists, as from the database)."""

    __slots__ = ("_text", "_ends")

    def __init__(self, entries: Iterable[Entry] = ()) -> None:
        self._text = bytearray()
        self._ends = array("I")  # where each entry's text ends
        for entry in entries:
            self.append(entry)

    def append(self, entry: Entry) -> None:
        self._text += orjson.dumps((entry["seat"], entry["action"], entry["t"]),
                                   option=orjson.OPT_NON_STR_KEYS)
        self._ends.append(len(self._text))

    def __len__(self) -> int:
        return len(self._ends)

    def _entry(self, index: int) -> Entry:
        start = self._ends[index - 1] if index else 0
        seat, action, t = orjson.loads(memoryview(self._text)[start:self._ends[index]])
        return {"seat": seat, "action": action, "t": t}

    @overload
    def __getitem__(self, index: int) -> Entry: ...

    @overload
    def __getitem__(self, index: slice) -> list[Entry]: ...

    def __getitem__(self, index: int | slice) -> Entry | list[Entry]:
        if isinstance(index, slice):
            return [self._entry(i) for i in range(*index.indices(len(self)))]
        if index < 0:
            index += len(self)
        if not 0 <= index < len(self):
            raise IndexError("action log index out of range")
        return self._entry(index)

    def __iter__(self) -> Iterator[Entry]:
        return (self._entry(i) for i in range(len(self)))

    def __eq__(self, other: object) -> bool:
        if isinstance(other, ActionLog):
            return self._text == other._text and self._ends == other._ends
        if isinstance(other, Sequence) and not isinstance(other, (str, bytes)):
            return len(other) == len(self) and all(mine == theirs
                                                   for mine, theirs in zip(self, other, strict=True))
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"ActionLog({list(self)!r})"
