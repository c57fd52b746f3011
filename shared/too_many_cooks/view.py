"""The per-seat view: the one place where other chefs' personal tastes are kept out."""

from __future__ import annotations

from typing import Any

from soupkitchen.shared.too_many_cooks.cards import COLOURS, KINDS, MAX_STARS, VEGETABLES, soup_rows
from soupkitchen.shared.too_many_cooks.state import TmcState
from soupkitchen.shared.too_many_cooks.tastes import TASTES_BY_ID, icon_parts, public_taste, satisfied

SPARE_KEYS = tuple((VEGETABLES[card // len(COLOURS)], COLOURS[card % len(COLOURS)]) for card in range(KINDS))


def build_view(state: TmcState, seat: int | None) -> dict[str, Any]:
    """The game's part of what ``seat`` (None: a spectator) may know. Personal tastes of other chefs
    show only as happy/unhappy faces until the round's reveal."""
    is_chef = isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < state.players
    faces: list[list[dict[str, bool]]] = [[] for _ in range(state.players)]
    for taste, owner in zip(state.tastes, state.owners, strict=True):
        if owner is not None:
            faces[owner].append({"happy": satisfied(taste, state.soup)})
    showing_reveal = state.phase in ("reveal", "over")
    return {
        "players": state.players,
        "phase": state.phase,
        "mode": state.mode,
        "difficulty": state.round_difficulty,
        "round": state.round,
        "rounds": state.rounds,
        "stars": state.stars,
        "max_stars": MAX_STARS,
        "round_seconds": state.round_seconds,
        "turn": state.turn,
        "first_player": state.first_player,
        "base": state.base,
        "soup": soup_rows(state.soup),
        "spares": [{"veg": veg, "colour": colour, "count": count}
                   for (veg, colour), count in zip(SPARE_KEYS, state.spares, strict=True)],
        "shared_tastes": [public_taste(taste, state.soup) for taste in state.shared()],
        "chefs": [{"seat": chef, "ready": state.ready[chef], "passed": state.passed[chef], "tastes": faces[chef]}
                  for chef in range(state.players)],
        "my_tastes": [public_taste(taste, state.soup) for taste in state.personal(seat)] if is_chef else [],
        "reveal": _reveal(state.reveal) if showing_reveal and state.reveal else None,
    }


def _reveal(reveal: dict[str, Any]) -> dict[str, Any]:
    """The stored reveal with every taste spelled out for the table."""
    tastes = [{"id": taste, "text": TASTES_BY_ID[taste]["text"], "icon": icon_parts(TASTES_BY_ID[taste]),
               "owner": owner, "satisfied": ok} for taste, owner, ok in reveal["tastes"]]
    return {**reveal, "tastes": tastes}
