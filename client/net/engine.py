"""The client's only reach into python-socketio's Engine.IO client (``AsyncClient.eio``), fenced as
the server's fast path is (``server/net/push.py``): used only with the python-engineio releases in
:data:`TESTED`, and never with ``SOUPKITCHEN_STOCK_SOCKETS=1``; otherwise the public path, which
plays the same but for what each function says it gives up."""

from __future__ import annotations

import os
from importlib import metadata
from typing import Any

STOCK_ENV = "SOUPKITCHEN_STOCK_SOCKETS"
TESTED = ((4, 11), (4, 16))  # python-engineio: lowest, first untested release


def _release(version: str) -> tuple[int, ...]:
    parts = []
    for part in version.split("."):
        if not part.isdigit():
            break
        parts.append(int(part))
    return tuple(parts)


def fenced(version: str | None = None) -> bool:
    """Whether the private parts may be used: the installed (or given) python-engineio is tested."""
    if os.environ.get(STOCK_ENV, "") not in ("", "0"):
        return False
    try:
        version = version or metadata.version("python-engineio")
    except metadata.PackageNotFoundError:
        return False
    lowest, untested = TESTED
    return lowest <= _release(version)[:2] < untested


async def close_unopened(sio: Any) -> None:
    """After a websocket that never opened, Engine.IO's client keeps its aiohttp session open (and
    Python warns of an unclosed session at exit): close it. The public path leaves it to be closed
    when collected."""
    http = getattr(getattr(sio, "eio", None), "http", None) if fenced() else None
    if http is not None and not http.closed:
        await http.close()


async def break_link(sio: Any) -> None:
    """End the link as a network failure would, without a goodbye to the server (the server then
    finds the link gone by its ping). The public path says goodbye (``disconnect``): the client
    reconnects just the same, and the server learns at once rather than by its ping."""
    eio = getattr(sio, "eio", None) if fenced() else None
    if eio is not None:
        await eio.disconnect(abort=True)
    else:
        await sio.disconnect()
