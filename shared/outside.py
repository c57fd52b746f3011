"""Files and JSON that come from outside (a replay someone sent, another server's listing, a
certificate named on the command line), read so that no stranger's file can hang or swell the
program: regular files only, opened so that nothing blocks (a FIFO or a device is named as such,
never read), a size cap, and JSON decoded under caps on its numbers' digits, its nesting and its
count of values, each checked before anything is built. Every refusal is an ``OutsideError``: one
sentence that names the file and says what is wrong, and a ``kind`` a program can word itself."""

from __future__ import annotations

import json
import os
import stat
from pathlib import Path
from typing import Any

# An OutsideError's kinds, for a program that words the refusal in its player's language.
MISSING = "missing"  # no such file
NOT_REGULAR = "not_regular"  # a folder, a FIFO, a device or a socket
TOO_LARGE = "too_large"  # larger than the cap
UNREADABLE = "unreadable"  # the system refused to read it (permissions, an I/O error)
NOT_JSON = "not_json"  # not text, or not JSON
OUT_OF_BOUNDS = "out_of_bounds"  # JSON with a number too long, nesting too deep or too many values

MOST_DIGITS = 40  # characters of one number: a 64-bit whole number or a float's repr fits in 25
MOST_DEPTH = 32  # arrays and objects nested in one another


class OutsideError(ValueError):
    """A file or answer from outside that was not read; ``str(err)`` names it and says why."""

    def __init__(self, message: str, kind: str) -> None:
        super().__init__(message)
        self.kind = kind


def _what_it_is(mode: int) -> str:
    if stat.S_ISDIR(mode):
        return "a folder"
    if stat.S_ISFIFO(mode):
        return "a named pipe (FIFO)"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    if stat.S_ISSOCK(mode):
        return "a socket"
    return "not a plain file"


def read_file(path: str | Path, most: int, what: str = "") -> bytes:
    """The bytes of the regular file ``path``, at most ``most`` of them. The file is opened without
    blocking (a FIFO with no writer, a device) and looked at before it is read: anything but a
    regular file, or a file larger than ``most`` bytes, is an OutsideError that names it (as
    ``what``, "the certificate /x/y", or else its path)."""
    where = what or str(path)
    flags = (
        os.O_RDONLY
        | getattr(os, "O_NONBLOCK", 0)
        | getattr(os, "O_NOCTTY", 0)
        | getattr(os, "O_CLOEXEC", 0)
        | getattr(os, "O_BINARY", 0)
    )
    try:
        fd = os.open(path, flags)
    except FileNotFoundError:
        raise OutsideError(f"{where} cannot be read: there is no such file", MISSING) from None
    except OSError as err:
        raise OutsideError(f"{where} cannot be read: {err.strerror or err}", UNREADABLE) from None
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise OutsideError(
                f"{where} cannot be read: it is {_what_it_is(info.st_mode)}, not a regular file", NOT_REGULAR
            )
        if info.st_size > most:
            raise OutsideError(
                f"{where} is too large to read: {_size(info.st_size)}, and at most {_size(most)} is read",
                TOO_LARGE,
            )
        chunks, left = [], most + 1  # a file that grows while it is read is still cut at the cap
        while left > 0:
            chunk = os.read(fd, min(left, 1 << 20))
            if not chunk:
                break
            chunks.append(chunk)
            left -= len(chunk)
    except BlockingIOError:
        raise OutsideError(f"{where} cannot be read: it did not answer at once", UNREADABLE) from None
    except OSError as err:
        raise OutsideError(f"{where} cannot be read: {err.strerror or err}", UNREADABLE) from None
    finally:
        os.close(fd)
    data = b"".join(chunks)
    if len(data) > most:
        raise OutsideError(f"{where} is too large to read: more than {_size(most)}", TOO_LARGE)
    return data


def _size(count: int) -> str:
    if count >= 2**20:
        return f"{count / 2**20:.1f} MB"
    if count >= 2**10:
        return f"{count / 2**10:.0f} KB"
    return f"{count} bytes"


def loads(
    text: str | bytes,
    where: str,
    most_values: int,
    most_depth: int = MOST_DEPTH,
    most_digits: int = MOST_DIGITS,
) -> Any:
    """JSON decoded under caps, OutsideError naming ``where`` otherwise: at most ``most_values``
    values (counted from the text before anything is built), numbers of at most ``most_digits``
    characters, arrays and objects nested at most ``most_depth`` deep, no NaN or Infinity. Text that
    is not JSON raises json's own JSONDecodeError (its position tells a file cut short)."""
    if isinstance(text, bytes):
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError as err:
            raise OutsideError(f"{where} is not text (byte {err.start} is not UTF-8)", NOT_JSON) from None
    # Every value but the first follows a comma; every array or object opens with a bracket. Those in
    # strings count too, so this is a bound from above, and cheap: it runs in C before any parsing.
    values = text.count(",") + 1
    containers = text.count("[") + text.count("{")
    if values > most_values or containers > most_values:
        raise OutsideError(f"{where} holds too many values: more than {most_values:,}", OUT_OF_BOUNDS)

    def number(kind: type) -> Any:
        def parse(digits: str) -> Any:
            if len(digits) > most_digits:
                raise OutsideError(
                    f"{where} holds a number of {len(digits):,} characters; at most {most_digits} are read",
                    OUT_OF_BOUNDS,
                )
            return kind(digits)

        return parse

    def constant(name: str) -> Any:
        raise OutsideError(f"{where} holds {name}, which is not a number JSON has", OUT_OF_BOUNDS)

    try:
        data = json.loads(text, parse_int=number(int), parse_float=number(float), parse_constant=constant)
    except RecursionError:
        raise OutsideError(
            f"{where} is nested too deep: more than {most_depth} levels", OUT_OF_BOUNDS
        ) from None
    deepest = depth_of(data)
    if deepest > most_depth:
        raise OutsideError(
            f"{where} is nested too deep: {deepest} levels, and at most {most_depth} are read", OUT_OF_BOUNDS
        )
    return data


def depth_of(value: Any) -> int:
    """How deep arrays and objects nest in ``value`` (0 for a plain value); without recursion."""
    deepest = 0
    pending = [(value, 0)]
    while pending:
        item, depth = pending.pop()
        if isinstance(item, dict | list):
            depth += 1
            deepest = max(deepest, depth)
            pending.extend((child, depth) for child in (item.values() if isinstance(item, dict) else item))
    return deepest
