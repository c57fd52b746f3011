"""A table's action log in memory, each entry kept as its JSON text, and compressed once the game is over.

A logged action as Python objects (the entry's dict, the action's dict, its strings and numbers)
takes some 450 bytes; as JSON text about a tenth of that. A Stone Soup game of 800 moves held
350 KB of log, and a finished game keeps its log for as long as it lingers for its players. The
log is read rarely (a bot catching up on the views of the game so far, a restore, the tests) and
only appended to while the game is played, so each entry is encoded once and decoded only when
read; a finished game's log (``seal``) is kept deflated, a further sixth or so of its text.
"""

from __future__ import annotations

import zlib
from array import array
from collections.abc import Iterable, Iterator, Sequence
from typing import Any, overload

import orjson

Entry = dict[str, Any]  # {"seat": int | None, "action": {...}, "t": float}


class ActionLog(Sequence[Entry]):
    """The entries of a match's log in order; reading one gives a new dict equal to the one logged
    (its tuples read as lists, as from the database)."""

    __slots__ = ("_text", "_ends", "_sealed")

    def __init__(self, entries: Iterable[Entry] = ()) -> None:
        self._text = bytearray()
        self._ends = array("I")  # where each entry's text ends
        self._sealed: tuple[bytes, int] | None = None  # the deflated text and ends, and how many entries
        for entry in entries:
            self.append(entry)

    def append(self, entry: Entry) -> None:
        self._unseal()
        self._text += orjson.dumps(
            (entry["seat"], entry["action"], entry["t"]), option=orjson.OPT_NON_STR_KEYS
        )
        self._ends.append(len(self._text))

    def seal(self) -> None:
        """Keep the log deflated (the game is over: it is read rarely, and appended to no more)."""
        if self._sealed is None:
            self._sealed = (zlib.compress(self._ends.tobytes() + self._text), len(self._ends))
            self._text, self._ends = bytearray(), array("I")

    def _unseal(self) -> None:
        if self._sealed is not None:
            self._text, self._ends = self._opened()
            self._sealed = None

    def _opened(self) -> tuple[bytearray, array[int]]:
        """The text and ends, inflated for one reading if the log is sealed."""
        if self._sealed is None:
            return self._text, self._ends
        packed, count = self._sealed
        raw = zlib.decompress(packed)
        ends = array("I")
        ends.frombytes(raw[: count * ends.itemsize])
        return bytearray(raw[count * ends.itemsize :]), ends

    def __len__(self) -> int:
        return len(self._ends) if self._sealed is None else self._sealed[1]

    @staticmethod
    def _entry(text: bytearray, ends: array[int], index: int) -> Entry:
        start = ends[index - 1] if index else 0
        seat, action, t = orjson.loads(memoryview(text)[start : ends[index]])
        return {"seat": seat, "action": action, "t": t}

    @overload
    def __getitem__(self, index: int) -> Entry: ...

    @overload
    def __getitem__(self, index: slice) -> list[Entry]: ...

    def __getitem__(self, index: int | slice) -> Entry | list[Entry]:
        text, ends = self._opened()
        if isinstance(index, slice):
            return [self._entry(text, ends, i) for i in range(*index.indices(len(ends)))]
        if index < 0:
            index += len(ends)
        if not 0 <= index < len(ends):
            raise IndexError("action log index out of range")
        return self._entry(text, ends, index)

    def __iter__(self) -> Iterator[Entry]:
        text, ends = self._opened()
        return (self._entry(text, ends, i) for i in range(len(ends)))

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Sequence) and not isinstance(other, (str, bytes)):
            return len(other) == len(self) and all(
                mine == theirs for mine, theirs in zip(self, other, strict=True)
            )
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"ActionLog({list(self)!r})"
