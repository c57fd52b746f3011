"""A table session that plays Too Many Cooks in-process on a hand-driven clock.

It has the surface table scenes use (views, public view, countdown, emotes, act) and applies
actions with the real rules, so a scene can be driven through a whole round without a server.
"""

from __future__ import annotations

from collections import deque
from typing import Any

from soupkitchen.shared.core import TIMEOUT
from soupkitchen.shared.too_many_cooks import GAME


class FakeSession:
    game_id = "too-many-cooks"

    def __init__(self, players: int = 3, seat: int = 0, seed: int = 7, options: dict[str, Any] | None = None) -> None:
        self.state = GAME.setup(players, GAME.normalise_options(options or {}, players), seed)
        self.players = players
        self.seats_held = [seat]
        self.shown_seat: int | None = seat
        self.now = 0.0
        self.listeners: list = []
        self.lobby_listeners: list = []
        self.events: deque = deque(maxlen=40)
        self.emotes: deque = deque(maxlen=12)
        self.pads: dict[int, str] = {}
        self.acted: list[tuple[int, dict[str, Any]]] = []
        self.refused: list[str] = []
        self.table = {"id": "t1", "game": self.game_id, "settings": {},
                      "seats": [{"seat": s, "name": n} for s, n in enumerate(["Ada", "Bert", "Cleo", "Dev", "Eve", "Fay"])]}
        self.connected = True

    # --- what scenes read ------------------------------------------------------------------------
    def clock(self) -> float:
        return self.now

    def view(self, seat: int | None) -> dict[str, Any] | None:
        return GAME.view(self.state, seat) if seat in self.seats_held else None

    @property
    def public_view(self) -> dict[str, Any]:
        return GAME.view(self.state, None)

    @property
    def over(self) -> bool:
        return GAME.is_over(self.state)

    def remaining(self, now: float) -> float | None:
        deadline = GAME.next_deadline(self.state)
        return None if deadline is None else max(0.0, deadline - now)

    def seat_name(self, seat: int | None) -> str:
        return "Spectator" if seat is None else self.table["seats"][seat]["name"]

    def pass_controls(self) -> bool:
        return False

    def seat_changes(self, seat: int, **info: Any) -> None:
        """The server's lobby summary says something new about ``seat`` (connected, stand_in)."""
        self.table["seats"][seat] = {**self.table["seats"][seat], **info}
        for listener in list(self.lobby_listeners):
            listener(self.table)

    # --- playing -----------------------------------------------------------------------------------
    def apply(self, seat: int | None, action: dict[str, Any]) -> list[dict[str, Any]]:
        """Play ``action`` at the current time and tell the listeners, as the server would."""
        self.state, events = GAME.apply(self.state, seat, action, self.now)
        self.events.extend(events)
        self.push(events)
        return events

    def push(self, events: list[dict[str, Any]] | None = None) -> None:
        """Send every held seat's view to the listeners, as the server does after each change (the
        events come with the first view of the new state only, as a real session passes them on)."""
        for listener in list(self.listeners):
            for i, held in enumerate(self.seats_held):
                listener(held, GAME.view(self.state, held), (events or []) if i == 0 else [])

    def expire(self) -> None:
        """The round's clock runs out."""
        deadline = GAME.next_deadline(self.state)
        assert deadline is not None
        self.now = max(self.now, deadline)
        self.apply(None, TIMEOUT)

    async def act(self, seat: int, action: dict[str, Any], quiet: bool = False) -> dict[str, Any]:
        self.acted.append((seat, action))
        reason = GAME.validate(self.state, seat, action, self.now)
        if reason is not None:
            self.refused.append(reason)
            return {"ok": False, "error": {"code": "illegal", "message": reason}}
        self.apply(seat, action)
        return {"ok": True}

    async def emote(self, seat: int, name: str) -> None:
        self.emotes.append((seat, name, self.now))

    def everyone_ready(self) -> None:
        for seat in range(self.players):
            if {"type": "ready"} in GAME.legal_actions(self.state, seat):
                self.apply(seat, {"type": "ready"})
