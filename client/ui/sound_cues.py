"""The sounds a table makes: each event's, as its game's client registration names them (cards
placed, flipped, slid and shuffled, a row rotating, "stone soup!", the reveal), and from the views
faces turning happy or unhappy, stars won or lost, a game won or lost, the clock ticking through
its last ten seconds, and the chime of a turn again for a player the server nudges. Listens to a
table session; tables need not know about it."""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

from soupkitchen.client.games import client_registration
from soupkitchen.client.tables.feed import TableFeed

TICK_FROM = 10  # the clock ticks through its last this many seconds


def event_sound(game_id: str, event: dict[str, Any]) -> str | None:
    """The sound one event makes (None: a silent event)."""
    entry = client_registration(game_id)
    sound = entry.sounds.get(str(event.get("type"))) if entry is not None else None
    return sound(event) if callable(sound) else sound


def happy_faces(game_id: str, view: dict[str, Any]) -> int | None:
    """How many faces smile in the view, for a game whose registration counts them (else None)."""
    entry = client_registration(game_id)
    return entry.smiles(view) if entry is not None and entry.smiles is not None else None


def outcome_sound(view: dict[str, Any], seats: list[int]) -> str | None:
    """``game_won`` or ``game_lost`` for the players at this screen, once the game is over."""
    if not view.get("over"):
        return None
    result: dict[str, Any] = view["result"] if isinstance(view.get("result"), dict) else view
    if "won" in result:
        return "game_won" if result["won"] else "game_lost"
    winners = result.get("winners")
    if isinstance(winners, list):
        return (
            "game_won" if any(seat in winners for seat in seats) or (winners and not seats) else "game_lost"
        )
    return None


class SoundCues:
    """Plays a session's sounds through ``play(name)``."""

    def __init__(self, session: TableFeed, play: Callable[[str], None]) -> None:
        self.session, self.play = session, play
        self._faces: int | None = None
        self._stars: int | None = None
        self._over = False
        self._last_left: int | None = None
        self._seen: int | None = None
        self._deadline: float | None = None
        self._long_timer = False
        session.listeners.append(self.on_state)
        nudges = getattr(session, "nudge_listeners", None)
        if nudges is not None:
            nudges.append(self.on_nudge)

    def detach(self) -> None:
        if self.on_state in self.session.listeners:
            self.session.listeners.remove(self.on_state)
        nudges = getattr(self.session, "nudge_listeners", None)
        if nudges is not None and self.on_nudge in nudges:
            nudges.remove(self.on_nudge)

    def on_nudge(self, words: str) -> None:
        """A player sat on their turn: the chime of a turn, again."""
        self.play("turn")

    def on_state(self, seat: int | None, view: dict[str, Any], events: list[dict[str, Any]]) -> None:
        state_id = self.session.state_id
        if state_id == self._seen:
            return  # couch play: the same state again, for another seat at this screen
        self._seen = state_id
        for event in events:
            sound = event_sound(self.session.game_id, event)
            if sound:
                self.play(sound)
        faces = happy_faces(self.session.game_id, view)
        if self._faces is not None and faces is not None and faces != self._faces:
            self.play("happy" if faces > self._faces else "unhappy")
        self._faces = faces
        stars = view.get("stars") if isinstance(view.get("stars"), int) else None
        if self._stars is not None and stars is not None and stars != self._stars:
            self.play("star_won" if stars > self._stars else "star_lost")
        self._stars = stars
        ending = outcome_sound(view, list(self.session.tokens))
        if ending and not self._over:
            self.play(ending)
        self._over = bool(ending)

    def tick(self, now: float) -> None:
        """Call every frame: a tick as each of the last TICK_FROM seconds of a round's timer begins
        (a short window, such as the seconds to call "stone soup!", stays quiet)."""
        left = self.session.remaining(now) if not self.session.over else None
        deadline = self.session.deadline
        if deadline != self._deadline:
            self._deadline, self._long_timer = deadline, left is not None and left > TICK_FROM * 2
        whole = math.ceil(left) if left is not None and left > 0 else None
        if (
            self._long_timer
            and whole is not None
            and whole != self._last_left
            and whole <= TICK_FROM
            and self._last_left is not None
        ):
            self.play("tick")
        self._last_left = whole
