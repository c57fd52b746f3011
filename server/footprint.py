"""What a table costs in memory: the bytes of the objects that only it reaches, for ``GET /metrics``.

A table's footprint is the sum of ``sys.getsizeof`` over every object reachable from its runner,
except what all tables share: classes, modules, functions and methods, the game's rules and the
server's parts (its settings, store, clock, metrics), and the objects the rules' modules hold (the
cards, the constants). Reading it walks the objects, so ``/metrics`` reads a few tables of each
kind, not all of them.
"""

from __future__ import annotations

import gc
import sys
import types
from collections.abc import Iterable
from typing import Any

from soupkitchen.shared.core import Game

RULES = "soupkitchen.shared"
MEASURED = 4  # tables of each kind measured for one reading (each walk takes a millisecond or so)
# what no table owns: the rules, classes, modules, code and callables (a method leads to its object),
# and the event loop's timers, futures and contexts (they lead to the loop and to other tables)
SHARED_TYPES: tuple[type, ...] = (
    Game,
    type,
    types.ModuleType,
    types.FunctionType,
    types.BuiltinFunctionType,
    types.MethodType,
    types.CodeType,
    types.FrameType,
    types.CoroutineType,
)
LOOP_MODULES = {"asyncio", "_asyncio", "uvloop", "_contextvars", "contextvars"}


class Footprints:
    """Measures tables; the objects ``stop_at`` (the server's parts a table refers to) and what the
    rules' modules hold are never counted."""

    def __init__(self, stop_at: Iterable[Any] = ()) -> None:
        self.stop_at = {id(thing) for thing in stop_at}
        self.shared: set[int] | None = None
        self.modules = 0  # the rules' modules loaded when ``shared`` was made

    def _shared(self) -> set[int]:
        """The ids of what every table may reach and none owns (made on the first reading, and again
        once more rules' modules are loaded)."""
        modules = [
            module
            for name, module in list(sys.modules.items())
            if name.startswith(RULES) and module is not None
        ]
        if self.shared is None or self.modules != len(modules):
            self.modules = len(modules)
            self.shared = self.stop_at | held_by_rules(modules)
        return self.shared

    def bytes_of(self, root: Any) -> int:
        """The bytes of what ``root`` reaches that no other table shares."""
        return sum(sys.getsizeof(thing) for thing in reachable([root], self._shared()).values())


def reachable(roots: list[Any], shared: set[int]) -> dict[int, Any]:
    """Every object reachable from ``roots`` (by id), not entering ``shared`` ones nor those of the
    kinds all tables share."""
    seen: dict[int, Any] = {}
    stack = list(roots)
    while stack:
        thing = stack.pop()
        key = id(thing)
        if (
            key in seen
            or key in shared
            or isinstance(thing, SHARED_TYPES)
            or type(thing).__module__.partition(".")[0] in LOOP_MODULES
        ):
            continue
        seen[key] = thing
        stack.extend(gc.get_referents(thing))
    return seen


def held_by_rules(modules: list[types.ModuleType]) -> set[int]:
    """The ids of the objects the rules' modules hold: their constants, their functions' constants
    and defaults, their classes' attributes, and what those hold (never leaving the rules' own
    objects and plain data, so a module's logger does not lead to the server)."""
    seen: set[int] = set()
    stack: list[Any] = [vars(module) for module in modules]
    while stack:
        thing = stack.pop()
        if id(thing) in seen or not _of_the_rules(thing):
            continue
        seen.add(id(thing))
        stack.extend(gc.get_referents(thing))
    return seen


def _of_the_rules(thing: Any) -> bool:
    if isinstance(
        thing,
        (
            dict,
            list,
            tuple,
            set,
            frozenset,
            str,
            bytes,
            int,
            float,
            types.FunctionType,
            types.CodeType,
            types.CellType,
        ),
    ):
        return True
    kind = thing if isinstance(thing, type) else type(thing)
    return kind.__module__.startswith(RULES)


def table_memory(runners: Iterable[Any], footprints: Footprints, sample: int = MEASURED) -> dict[str, Any]:
    """The bytes a table holds, by kind (a lobby, a game being played, a finished game lingering for
    its players), each the mean of at most ``sample`` of its tables spread over the roster, and
    ``bytes_per_table`` over all the tables in memory."""
    kinds: dict[str, list[Any]] = {"lobby": [], "playing": [], "finished": []}
    for runner in runners:
        table = runner.table
        if not table.closed:
            kinds["finished" if table.over else "playing" if table.started else "lobby"].append(runner)
    report: dict[str, Any] = {}
    total = 0
    for kind, found in kinds.items():
        picked = found[:: max(1, len(found) // sample)][:sample]
        each = round(sum(footprints.bytes_of(runner) for runner in picked) / len(picked)) if picked else None
        report[kind] = {"tables": len(found), "bytes_each": each}
        total += (each or 0) * len(found)
    tables = sum(len(found) for found in kinds.values())
    return {"bytes_per_table": round(total / tables) if tables else None, **report}
