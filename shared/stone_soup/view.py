"""What one seat may know of a Stone Soup game: the single place where secrets are removed.

Secret: every hand but the viewer's own, the cards a player has picked but not yet added, the extra
hands set aside, and the face-down pot. Public: hand sizes, the pot's size, the salt pile, every
declaration and every card turned over by a challenge. The log names seat ``s`` "Player s+1".
"""

from __future__ import annotations

from typing import Any

from soupkitchen.shared.core import Game
from soupkitchen.shared.stone_soup.cards import SEQUENCE, count_kinds
from soupkitchen.shared.stone_soup.rules import PLAYER_NAMES, next_seat
from soupkitchen.shared.stone_soup.state import StoneSoupState


def build_view(game: Game, state: StoneSoupState, seat: int | None) -> dict[str, Any]:
    """The JSON view for ``seat`` (None: a spectator)."""
    window = state.window
    over = state.winner is not None
    if over:
        phase, upcoming = "over", None
    elif window is not None:
        phase, upcoming = "challenge", next_seat(state, window.player)
    else:
        phase, upcoming = "play", state.turn
    sizes = [len(hand) for hand in state.hands]
    if state.turn is not None:
        sizes[state.turn] += len(state.staged)
    mine = isinstance(seat, int) and 0 <= seat < state.players
    view: dict[str, Any] = {"seat": seat}
    if mine:
        view["hand"] = count_kinds(state.hands[seat])
        view["picked"] = count_kinds(state.staged) if state.turn == seat else {}
    view.update({
        "due": SEQUENCE[state.due],
        "phase": phase,
        "turn": state.turn,
        "next_player": upcoming,
        "window": None if window is None else {
            "player": window.player, "food": SEQUENCE[window.food], "count": window.count,
            "added": window.added, "empties_hand": sizes[window.player] == 0, "serial": window.serial,
        },
        "pot": len(state.pot),
        "salt_pile": len(state.salt_pile),
        "players": [{"seat": s, "name": PLAYER_NAMES[s], "cards": size} for s, size in enumerate(sizes)],
        "last_reveal": dict(state.reveals[-1], cards=list(state.reveals[-1]["cards"])) if state.reveals else None,
        "sequence": list(SEQUENCE),
        "dealer": state.dealer,
        "set_aside": [len(hand) for hand in state.set_aside],
        "plays": state.plays,
        "challenge_seconds": state.options["challenge_seconds"],
        "log": list(state.log),
        "deadline": None if window is None or over else window.closes_at,
        "over": over,
        "legal_actions": game.legal_actions(state, seat),
    })
    if over:
        view["result"] = game.result(state)
    return view
