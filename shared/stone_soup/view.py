"""What one seat may know of a Stone Soup game: the single place where secrets are removed.

Secret: every hand but the viewer's own, the extra hands set aside, the face-down pot, how many
cards a play added, and the exact size of other hands and of the pot: those are shown only as a
person judges them across a table (``size_band``: exact up to three cards, then a range). Public:
the salt under the pot, every declaration and every card turned over by a challenge. The log names
seat ``s`` "Player s+1".
"""

from __future__ import annotations

from typing import Any

from soupkitchen.shared.stone_soup.cards import SEQUENCE, count_kinds, exact_size, size_band
from soupkitchen.shared.stone_soup.describe import PLAYER_NAMES
from soupkitchen.shared.stone_soup.plays import most_declared
from soupkitchen.shared.stone_soup.state import StoneSoupState, next_seat


def build_view(state: StoneSoupState, seat: int | None) -> dict[str, Any]:
    """The game's part of the view for ``seat`` (None: a spectator)."""
    window = state.window
    over = state.winner is not None
    if over:
        phase, upcoming = "over", None
    elif window is not None:
        phase, upcoming = "challenge", next_seat(state, window.player)
    else:
        phase, upcoming = "play", state.turn
    sizes = [len(hand) for hand in state.hands]
    mine = isinstance(seat, int) and 0 <= seat < state.players
    view: dict[str, Any] = {}
    if mine:
        view["hand"] = count_kinds(state.hands[seat])
    view.update({
        "due": SEQUENCE[state.due],
        "phase": phase,
        "turn": state.turn,
        "next_player": upcoming,
        "window": None if window is None else {
            "player": window.player, "food": SEQUENCE[window.food], "count": window.count,
            "empties_hand": sizes[window.player] == 0, "serial": window.serial,
            "let_go": list(window.let_go),
        },
        "most_declared": most_declared(state.due),
        "pot": size_band(len(state.pot)),
        "salt_pile": len(state.salt_pile),
        "players": [{"seat": s, "name": PLAYER_NAMES[s],
                     "cards": exact_size(size) if s == seat or over else size_band(size)}
                    for s, size in enumerate(sizes)],
        "last_reveal": _reveal(state.reveals[-1]) if state.reveals else None,
        "sequence": list(SEQUENCE),
        "dealer": state.dealer,
        "set_aside": [len(hand) for hand in state.set_aside],
        "plays": state.plays,
        "salted": _salted(state),
        "challenge_seconds": state.options["challenge_seconds"],
        "log": list(state.log),
    })
    return view


def _reveal(reveal: dict[str, Any]) -> dict[str, Any]:
    """The last challenge as everyone saw it: a whole pot's size is not told."""
    return dict(reveal, cards=list(reveal["cards"]), taken=None if reveal["whole_pot"] else reveal["taken"])


def _salted(state: StoneSoupState) -> bool:
    """Whether the last play was a dash of salt, so the food owed is still the one owed before it."""
    close = state.last_close
    return state.turn is not None and bool(close and close.get("salt") and close["serial"] == state.plays)
