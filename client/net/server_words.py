"""The server's refusals in the player's language: the server words each error for its host's log in
English, and sends its code; the client says what the code means. English keeps the server's own,
more particular sentence; another language says the code's sentence, declared beside the code
(``shared.wire.protocol.ERRORS``), so no English reaches a player who reads German or
Lithuanian. (A game's refusal of a move travels as its own code and values, and
the session words it from the game's describe module.)"""

from __future__ import annotations

from soupkitchen.client import words
from soupkitchen.client.words import _
from soupkitchen.shared.wire import protocol

SAID = protocol.ERRORS  # each code's sentence, declared once beside the code


def said(code: str, message: str) -> str:
    """What the player reads of the server's error ``code`` (``message``: the server's English)."""
    if words.current() == "en" and message:
        return message
    return _(SAID[code]) if code in SAID else _("The server refused that.")
