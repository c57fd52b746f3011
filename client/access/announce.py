"""What a table says out loud as it happens: each move and event (the public events every seat
hears), each reaction, whose turn it is, and the timer at 1:00, 0:30 and 0:10. The announcer listens
to a table's session and keeps the sentences for the hub to put in the live region and speak."""

from __future__ import annotations

from typing import Any

from soupkitchen.client.access.table import clock_words, reaction_words
from soupkitchen.client.tables.feed import TableFeed
from soupkitchen.client.tables.wording import event_words
from soupkitchen.client.words import _
from soupkitchen.shared.registry import describer

TIMER_MARKS = (60.0, 30.0, 10.0)
KEEP = 200  # sentences of a table's history kept for its round log


class Announcer:
    """The sentences one table's session gives rise to, oldest first."""

    def __init__(self, session: TableFeed) -> None:
        self.session = session
        self.pending: list[str] = []  # said since the hub last took them
        self.history: list[str] = []  # every event heard at this table (the last KEEP)
        self.heard: list[str] = []  # since the shown seat's own last move
        self._turn: tuple | None = None
        self._emotes = len(list(session.emotes))
        self._last_emote = self._latest_emote()
        self._left: float | None = None
        self._deadline: float | None = None
        session.listeners.append(self.on_state)
        view = self._shown_view()
        if view is not None:
            self._turn = self._turn_key(view)

    def close(self) -> None:
        if self.on_state in self.session.listeners:
            self.session.listeners.remove(self.on_state)

    def take(self) -> list[str]:
        taken, self.pending = self.pending, []
        return taken

    def say(self, words: str) -> None:
        if words:
            self.pending.append(words)

    # --- what happens --------------------------------------------------------------------------
    def _shown_view(self) -> dict[str, Any] | None:
        seat = self.session.shown_seat
        view = self.session.view(seat) if seat is not None else None
        return view if view is not None else self.session.public_view

    def _turn_key(self, view: dict[str, Any]) -> tuple:
        seat = self.session.shown_seat
        mine = seat is not None and seat in (view.get("active_seats") or [])
        return (view.get("turn"), mine, view.get("phase"), bool(view.get("over")))

    def on_state(self, seat: int | None, view: dict[str, Any], events: list[dict[str, Any]]) -> None:
        game, names, shown = self.session.game_id, self.session.seat_name, self.session.shown_seat
        for event in events:
            if not isinstance(event, dict):
                continue
            try:
                words = event_words(game, event, names, shown)
            except (KeyError, TypeError, ValueError):
                continue
            self.history = [*self.history[-(KEEP - 1) :], words]
            if shown is not None and event.get("seat") == shown:
                self.heard = []  # the seat's own move: what changed is counted from here
            else:
                self.heard = [*self.heard[-(KEEP - 1) :], words]
            self.say(words)
        shown_view = self._shown_view()
        if shown_view is None or (seat != shown and not (shown is None and seat is None)):
            return
        key = self._turn_key(shown_view)
        if key != self._turn and not shown_view.get("over"):
            self.say(self.turn_words(shown_view, key[1]))
        self._turn = key

    def turn_words(self, view: dict[str, Any], mine: bool) -> str:
        words = describer(self.session.game_id)
        try:
            line = words.headline(view, self.session.seat_name) if words is not None else ""
        except (KeyError, TypeError, ValueError):
            line = ""
        if mine and not line.startswith(_("Your turn")):
            return _("Your turn.") + (" " + line if line else "")
        return line

    def _latest_emote(self) -> tuple | None:
        emotes = list(self.session.emotes)
        return emotes[-1] if emotes else None

    def poll(self, now: float) -> None:
        """Reactions that came, and the timer's marks passed, since the last frame."""
        latest = self._latest_emote()
        if latest is not None and latest != self._last_emote:
            emotes = list(self.session.emotes)
            fresh = emotes[emotes.index(self._last_emote) + 1 :] if self._last_emote in emotes else [latest]
            for seat, name, _when in fresh:
                if seat is not None:
                    self.say(
                        _("%(player)s: %(reaction)s")
                        % {"player": self.session.seat_name(seat), "reaction": reaction_words(name)}
                    )
        self._last_emote = latest
        left = self.session.remaining(now)
        if self.session.deadline != self._deadline:
            self._deadline, self._left = self.session.deadline, left
            return
        if left is not None and self._left is not None:
            for mark in TIMER_MARKS:
                if self._left > mark >= left:
                    self.say(clock_words(mark))
        self._left = left
