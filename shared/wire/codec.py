"""The JSON module both ends of the wire give python-socketio (``json=``)."""

from __future__ import annotations

import json
from typing import Any

import orjson

_DIGITS = bytes(48 if byte in b"0123456789" else 32 for byte in range(256))  # every digit a 0, the rest blank
_LONG_INT = (
    b"0" * 19
)  # after _DIGITS: nineteen digits in a row, a number orjson may read as a float (below -2**63)


class WireJson:
    """The JSON module both ends give python-socketio (``json=``): orjson where it gives exactly
    what :mod:`json` would, :mod:`json` itself otherwise (integers beyond 64 bits, lone surrogates,
    anything orjson refuses, and ``NaN``/``Infinity`` when reading), so a decoded message never
    differs from before. Writing a non-finite float gives ``null``: no message carries one (views
    are checked to be finite JSON, and requests with one are refused)."""

    @staticmethod
    def dumps(obj: Any, **_options: Any) -> str:
        try:
            return orjson.dumps(obj, option=orjson.OPT_NON_STR_KEYS).decode()
        except TypeError:
            return json.dumps(obj, separators=(",", ":"))

    @staticmethod
    def loads(text: str | bytes) -> Any:
        raw = text.encode() if isinstance(text, str) else bytes(text)
        if _LONG_INT not in raw.translate(_DIGITS):
            try:
                return orjson.loads(text)
            except orjson.JSONDecodeError:
                pass
        return json.loads(text)
