"""The server's refusals in the player's language: the server words each error for its host's log in
English, and sends its code; the client says what the code means. English keeps the server's own,
more particular sentence; another language says the code's sentence, so no English reaches a player
who reads German or Lithuanian. (A game's refusal of a move travels as its own code and values, and
the session words it from the game's describe module.)"""

from __future__ import annotations

from soupkitchen.client import words
from soupkitchen.client.words import N_, _
from soupkitchen.shared.wire import protocol

SAID = {
    protocol.BAD_REQUEST: N_("The server could not read that request."),
    protocol.VERSION: N_("This game and the server are different versions: please update."),
    protocol.UNKNOWN_TABLE: N_("That table is not there any more."),
    protocol.UNKNOWN_CODE: N_("No table here has that code: check it, and ask the host for it again."),
    protocol.BAD_TOKEN: N_("That seat is not yours at this table."),
    protocol.NOT_HOST: N_("Only the table's host may do that."),
    protocol.TABLE_FULL: N_("That seat is taken, or the table is full."),
    protocol.WRONG_PASSWORD: N_("That is not the table's password."),
    protocol.ILLEGAL: N_("That move is not allowed now."),
    protocol.STALE_STATE: N_("The table moved on before your move arrived. Look again."),
    protocol.RATE_LIMITED: N_("Too many tries at once: wait a moment and try again."),
    protocol.TOO_LARGE: N_("That request is too large for the server."),
    protocol.LIMIT: N_("The server's limit is reached: it cannot take more of that now."),
    protocol.NOT_STARTED: N_("The game at this table has not started yet."),
    protocol.ALREADY_STARTED: N_("The game at this table has already started."),
    protocol.NOT_READY: N_("Not every player is ready yet."),
    protocol.UNKNOWN_EVENT: N_("The server does not know that request."),
    protocol.STORAGE_FULL: N_("The server's disk is full, so nothing was changed."),
    protocol.STORAGE_FAILED: N_("The server could not store that, so nothing was changed. Try again in a moment."),
    protocol.STORAGE_UNAVAILABLE: N_("The server cannot reach its games' records just now, so nothing was changed. "
                                     "Try again in a moment."),
    protocol.FORBIDDEN_ORIGIN: N_("The server refuses connections from this page."),
    protocol.INTERNAL: N_("The server could not do that."),
    protocol.MOVED: N_("Another server runs that table."),
}


def said(code: str, message: str) -> str:
    """What the player reads of the server's error ``code`` (``message``: the server's English)."""
    if words.current() == "en" and message:
        return message
    return _(SAID[code]) if code in SAID else _("The server refused that.")
