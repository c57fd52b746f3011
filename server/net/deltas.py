"""What changed in a seat's view since the one it was sent before, as a JSON Patch (RFC 6902).

A ``delta`` push carries the operations that turn the view a connection holds into the new one
(docs/protocol.md, Deltas), so any client applies it with a JSON Patch library. Only ``add``,
``remove`` and ``replace`` are made: an object's changed, added and removed keys, a list's changed
items where it kept its length, the items appended to a list that only grew, and anything else
replaced whole.

Made here rather than by ``jsonpatch.make_patch``: on the views of a Too Many Cooks table that
took 2.9 ms a view, this 41 us, and a move makes one per seat. The server keeps each audience's
last view encoded and decodes it for the walk (49 us of CPU time a view with the new view's
encoding, against 28 for views kept as objects): views kept as objects lived long enough for the
garbage collector to carry them into its oldest generation, which it then walked whole every few
seconds.

Two values are equal when they have the same type and Python finds them equal, so a number whose
JSON spelling changes but not its value inside a container (``1`` and ``1.0`` in a list) is not
sent again; the views' typed models (strict: ``True`` is no number) keep their fields to one type.
"""

from __future__ import annotations

from typing import Any

import orjson

Patch = list[dict[str, Any]]
Parts = dict[str, Any]  # a view's top-level fields: a plain value as itself, a list or object as JSON
Encoded = dict[int, tuple[Any, bytes]]  # id of a field's value -> the value and its JSON
WHOLE = frozenset({"legal_actions"})  # fields replaced whole when they change, never walked
PLAIN = frozenset({str, int, float, bool, type(None)})  # kept as they are (the collector looks at none)
MISSING = object()


def view_parts(view: dict[str, Any], encoded: Encoded | None = None) -> Parts | None:
    """A view as it is kept for its next patch: each top-level field, a list or object as JSON and a
    plain value (a word, a number, a flag, nothing) as itself (None: a view that orjson cannot
    write, whose next view goes whole).

    The JSON is kept as a copy: orjson writes into a buffer of a kilobyte and shrinks it, and
    thousands of such small strings kept for seconds pinned the freed rest of each (100,000 of them
    held 534 MB of memory for 3 MB of text, copies 29 MB).

    ``encoded`` holds the fields already written for other views of the same state, by the object
    itself (views are read and never changed): a field that several seats' views share (the soup,
    kept with a settled state) is written once, and its JSON kept once."""
    parts: Parts = {}
    try:
        for key, value in view.items():
            if type(value) in PLAIN:
                parts[key] = value
                continue
            known = encoded.get(id(value)) if encoded is not None else None
            if known is not None and known[0] is value:
                parts[key] = known[1]
                continue
            data = parts[key] = bytes(memoryview(orjson.dumps(value, option=orjson.OPT_NON_STR_KEYS)))
            if encoded is not None:
                encoded[id(value)] = (value, data)  # the object held: its id names no other meanwhile
    except TypeError:
        return None
    return parts


def view_patch(
    before: Parts,
    view: dict[str, Any],
    now: Parts,
    known: dict[tuple[str, bytes, bytes], Patch] | None = None,
) -> Patch:
    """``json_patch`` of the view kept as ``before`` and the new ``view`` (kept as ``now``), with the
    same operations, but for ``WHOLE`` fields: replaced whole when they change.

    A field whose JSON did not change is not looked at; only a changed one is read back and walked.
    The seat to move's legal moves (10 KB of a 14 KB Too Many Cooks view, changed whole by nearly
    every move) are never read back: each move read and walked every seat's whole last view before.
    ``known`` holds the operations of each field's change already walked (for another seat's view
    of the same two states: the soup every seat sees), so each is walked once."""
    ops: Patch = []
    for key, value in view.items():
        old, new = before.get(key, MISSING), now[key]
        if old is MISSING:
            ops.append({"op": "add", "path": f"/{_step(key)}", "value": value})
        elif type(old) is bytes and type(new) is bytes:
            if old == new:
                continue
            if key in WHOLE:
                ops.append({"op": "replace", "path": f"/{_step(key)}", "value": value})
                continue
            change = (key, old, new)
            walked = known.get(change) if known is not None else None
            if walked is None:
                walked = []
                _diff(orjson.loads(old), value, f"/{_step(key)}", walked)
                if known is not None:
                    known[change] = walked
            ops.extend(walked)
        elif type(old) is bytes or type(new) is bytes or not _same(old, new):
            ops.append({"op": "replace", "path": f"/{_step(key)}", "value": value})
    ops.extend({"op": "remove", "path": f"/{_step(key)}"} for key in before if key not in view)
    return ops


def json_patch(old: Any, new: Any) -> Patch:
    """The operations that turn ``old`` into ``new`` (both JSON-like: dicts, lists and scalars)."""
    ops: Patch = []
    _diff(old, new, "", ops)
    return ops


def _step(key: Any) -> str:
    """One reference token of a JSON Pointer (RFC 6901): ``~`` and ``/`` escaped."""
    text = key if type(key) is str else str(key)
    if "~" in text or "/" in text:
        text = text.replace("~", "~0").replace("/", "~1")
    return text


def _same(before: Any, after: Any) -> bool:
    return before is after or (type(before) is type(after) and before == after)


def _diff(old: Any, new: Any, path: str, ops: Patch) -> None:
    if type(old) is dict and type(new) is dict:
        for key, value in new.items():
            if key in old:
                before = old[key]
                if not _same(before, value):
                    _diff(before, value, f"{path}/{_step(key)}", ops)
            else:
                ops.append({"op": "add", "path": f"{path}/{_step(key)}", "value": value})
        ops.extend({"op": "remove", "path": f"{path}/{_step(key)}"} for key in old if key not in new)
    elif type(old) is list and type(new) is list and len(old) == len(new):
        for index, (before, value) in enumerate(zip(old, new, strict=True)):
            if not _same(before, value):
                _diff(before, value, f"{path}/{index}", ops)
    elif type(old) is list and type(new) is list and old and len(old) < len(new) and new[: len(old)] == old:
        ops.extend({"op": "add", "path": f"{path}/-", "value": value} for value in new[len(old) :])  # it grew
    else:
        ops.append({"op": "replace", "path": path, "value": new})
