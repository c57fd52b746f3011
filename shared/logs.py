"""Log lines that a stranger's words cannot forge or hide in: every control character (a line
break, an escape sequence, NUL), every invisible format character (zero-width, tags) and every
character that reorders text (bidi overrides such as U+202E) in a logged message is written as an
escape (``\\n``, ``\\x1b``, ``\\u202e``), so a name or a payload stays on its own line and reads in
the order it was sent. Both the server and the client log through ``EscapingFormatter``."""

from __future__ import annotations

import logging
import re
import traceback
import unicodedata

ESCAPED = frozenset(
    ("Cc", "Cf", "Cs", "Zl", "Zp", "Co", "Cn")
)  # controls, formats, surrogates, separators...
_SUSPECT = re.compile(r"[^\x20-\x7e]")  # only these are looked at: a line of plain ASCII costs one scan


def _escape(match: re.Match[str]) -> str:
    char = match.group()
    if unicodedata.category(char) not in ESCAPED:
        return char
    point = ord(char)
    return f"\\x{point:02x}" if point < 0x100 else f"\\u{point:04x}" if point < 0x10000 else f"\\U{point:08x}"


# How the chunks of a traceback that are its structure begin: a frame, its heading, the words that
# chain one exception to another. Any other chunk is an exception's type and message.
STRUCTURE = ("  ", "Traceback (most recent call last)", "\nDuring handling", "\nThe above exception")


def _lines_kept(chunk: str) -> str:
    return "\n".join(escaped(line) for line in chunk.split("\n"))


def escaped(text: str) -> str:
    """``text`` with every control, format, bidi, separator, private-use or unassigned character
    written as its escape; everything else (accents, other scripts, emoji) as it is."""
    return _SUSPECT.sub(_escape, text)


class EscapingFormatter(logging.Formatter):
    """A formatter whose messages are ``escaped``; a traceback keeps its line breaks, its words escaped."""

    def formatMessage(self, record: logging.LogRecord) -> str:  # noqa: N802 - logging's own name
        return escaped(super().formatMessage(record))

    def formatException(self, ei) -> str:  # noqa: N802
        """The traceback's own lines kept (its frames come from the program's files); an exception's
        message, which may hold anyone's words, one escaped line."""
        chunks = traceback.TracebackException(*ei[:3]).format()
        text = "".join(
            _lines_kept(chunk) if chunk.startswith(STRUCTURE) else escaped(chunk.rstrip("\n")) + "\n"
            for chunk in chunks
        )
        return text.removesuffix("\n")

    def formatStack(self, stack_info: str) -> str:  # noqa: N802
        return "\n".join(escaped(line) for line in super().formatStack(stack_info).split("\n"))
