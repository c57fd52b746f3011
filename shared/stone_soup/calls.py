"""Calling "stone soup!" and letting a play go: each names the play it is for (its serial, as the
view numbers plays), so a call that arrives after that play's window closed is refused with what
became of the play, and never lands on the next one."""

from __future__ import annotations

from typing import Any

from soupkitchen.shared.core import Action, Refusal
from soupkitchen.shared.stone_soup.describe import (
    ALREADY_LET_GO,
    ALREADY_YOURS,
    LET_GONE,
    OWN_PLAY,
    OWN_PLAY_LET_GO,
    SALT_SHOWN,
    already_challenged,
    name_the_play,
    no_such_play,
    settled,
    settled_before,
)
from soupkitchen.shared.stone_soup.registration import FACTS
from soupkitchen.shared.stone_soup.state import StoneSoupState

MOMENT_ACTIONS = FACTS.moment_actions  # challenge and let_go


def named_play(action: Action) -> int | None:
    """The play an action names, or None when it names none."""
    serial = action.get("play")
    return serial if isinstance(serial, int) and not isinstance(serial, bool) else None


def call_reason(state: StoneSoupState, seat: int, action: Action) -> Refusal | None:
    """Why ``seat`` may not ``challenge`` or ``let_go`` the play its action names, or None."""
    kind = action["type"]
    serial = named_play(action)
    window = state.window
    if serial is None:
        return name_the_play(kind, window.serial if window is not None else None)
    if window is not None and window.serial == serial:
        if seat == window.player:
            return OWN_PLAY if kind == "challenge" else OWN_PLAY_LET_GO
        if seat in window.let_go:
            return LET_GONE if kind == "challenge" else ALREADY_LET_GO
        return None
    if not 1 <= serial <= state.plays:
        return no_such_play(kind, serial)
    return closed_reason(state.last_close, serial, seat)


def closed_reason(close: dict[str, Any] | None, serial: int, seat: int) -> Refusal:
    """What became of play ``serial``, whose window has closed, as the reason a call on it is refused."""
    if close is None or close["serial"] != serial:
        return settled_before(serial)
    if close.get("salt"):
        return SALT_SHOWN
    by = close["by"]
    if by is None:
        return settled(close.get("player"), bool(close.get("clock")))
    return ALREADY_YOURS if by == seat else already_challenged(by)
