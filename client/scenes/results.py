"""The end of a game: who won and the scores, read from the final view."""

from __future__ import annotations

from typing import Any

import pygame

from soupkitchen.client import modes, theme
from soupkitchen.client.scenes import flows
from soupkitchen.client.scenes.common import FormScene
from soupkitchen.client.session import TableSession
from soupkitchen.client.widgets import Button, Widget


def final_result(view: dict[str, Any] | None) -> dict[str, Any]:
    """The ``result`` of a finished game as its view carries it (``winners``, ``scores``), if at all."""
    if not view:
        return {}
    result = view.get("result")
    if isinstance(result, dict):
        return result
    return {k: view[k] for k in ("winners", "scores") if k in view}


class ResultsScene(FormScene):
    name = "results"
    heading = "The soup is served"

    def __init__(self, app, session: TableSession) -> None:
        self.session = session
        super().__init__(app)

    def on_enter(self) -> None:
        if self.session.local and self.session.over:
            modes.forget_saved_game()   # a finished game is not offered for resuming

    @property
    def result(self) -> dict[str, Any]:
        return final_result(self.session.public_view if self.session.shown_seat is None
                            else self.session.view(self.session.shown_seat))

    def lines(self) -> list[tuple[str, tuple[int, int, int]]]:
        result = self.result
        winners = result.get("winners")
        seats = [s.get("seat") for s in self.session.table.get("seats", [])]
        lines = []
        if isinstance(winners, list):
            if not winners:
                lines.append(("Nobody won this time.", theme.TEXT))
            elif sorted(winners) == sorted(seats):
                lines.append(("Everyone wins together!", theme.HERB))
            else:
                names = ", ".join(self.session.seat_name(w) for w in winners)
                lines.append((f"Winner{'s' if len(winners) > 1 else ''}: {names}", theme.MUSTARD))
        else:
            lines.append(("The game is over.", theme.TEXT))
        scores = result.get("scores")
        if isinstance(scores, list):
            for seat, score in enumerate(scores):
                you = " (you)" if seat in self.session.tokens else ""
                lines.append((f"{self.session.seat_name(seat)}{you}: {score}", theme.seat_colour(seat)))
        return lines

    def build(self) -> list[Widget]:
        widgets: list[Widget] = []
        if self.session.local:
            widgets.append(Button("Cook again", self.again, key="again", primary=True))
        widgets.append(Button("Replay and review", self.review, key="review"))
        widgets += [Button("Back to title", self.leave, key="title", primary=not self.session.local),
                    Button("Look at the table", self.on_back, key="table")]
        return widgets

    def again(self) -> None:
        """The same game, options and players at a fresh table on the same local server."""
        session = self.session
        session.conn.sessions.pop(session.table["id"], None)
        flows.start_local(self.app, session.game_id, dict(session.table.get("options", {})),
                          len(session.table.get("seats", [])) or 2, max(1, len(session.tokens)),
                          {i: session.pads[seat] for i, seat in enumerate(session.seats_held) if seat in session.pads},
                          bool(session.table.get("settings", {}).get("handoff_pauses_timer", True)))

    def review(self) -> None:
        """The finished game in the replay viewer, its review open (worked out from the server's record)."""
        from soupkitchen.client.replay.sources import finished_table

        flows.run_with_wait(self.app, "Fetching the game's record...",
                            finished_table(self.session.conn.url, self.session.table["id"]),
                            lambda timeline: self.app.stack.open("replay", timeline, "review"))

    def leave(self) -> None:
        flows.leave(self.app, self.session)

    def place(self, lay: theme.Layout, top: int, bottom: int, width: int) -> None:
        rows = len(self.lines())
        super().place(lay, top + (rows + 1) * lay.font("label").get_linesize(), bottom, width)

    def draw_extra(self, surface: pygame.Surface, lay: theme.Layout) -> None:
        y = self.draw_heading(surface, lay) - lay.gap
        for words, colour in self.lines():
            y = theme.text(surface, words, "label", colour, (lay.width // 2, y), lay, anchor="midtop").bottom

    def describe(self) -> dict[str, Any]:
        return {**super().describe(), "lines": [w for w, _c in self.lines()]}
