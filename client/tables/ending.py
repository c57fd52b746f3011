"""The end of a game as the end screen shows it, left of its buttons: each game's table can give its
own end panel (``TableScene.end_panel``); a game without one gets the ranking by the scores of its
result.

A panel draws on the 1920 x 1080 board scaled to the window, left of ``SIDE_X`` (the end screen's
buttons stand in the column right of it), and says its verdict in one line."""

from __future__ import annotations

from typing import Any

import pygame

from soupkitchen.client.tables.kit.board import BODY, HEADING, LABEL, Board
from soupkitchen.client.ui import coverage, theme
from soupkitchen.client.ui.input import InputAction
from soupkitchen.client.words import _, ngettext
from soupkitchen.shared.words import and_list

SIDE_X = 1500  # the end screen's column of buttons starts here on the board


def final_result(view: dict[str, Any] | None) -> dict[str, Any]:
    """The ``result`` of a finished game as its view carries it (``winners``, ``scores``), if at all."""
    if not view:
        return {}
    result = view.get("result")
    if isinstance(result, dict):
        return result
    return {k: view[k] for k in ("winners", "scores") if k in view}


class EndPanel:
    """One game's end, drawn on the end screen."""

    def verdict(self) -> str:
        """How the game ended, in one line."""
        return _("The game is over.")

    def next_game(self) -> tuple[str, dict[str, Any]] | None:
        """What comes next, when the result says (a button's words and the new table's options)."""
        return None

    def handle(self, action: InputAction) -> bool:
        """Input the panel uses itself (a long list scrolled); True if used."""
        return False

    def notes(self) -> list[str]:
        """Lines told beside the panel, under the end screen's buttons (each round of the game)."""
        return []

    def draw(self, surface: pygame.Surface) -> None:
        """The panel, on the board left of ``SIDE_X``."""

    def lines(self, size: tuple[int, int] = (1920, 1080)) -> list[str]:
        """What the panel shows, in the order it is drawn: every line of text and every card."""
        with coverage.capture() as drawn:
            self.draw(pygame.Surface(size))
        return [event[2] for event in drawn if event[0] == "note"]


def seat_names(session: Any) -> dict[int, str]:
    """Every seat's name at the table, the viewer's own marked."""
    seats = [s.get("seat") for s in session.table.get("seats", []) if isinstance(s.get("seat"), int)]
    return {seat: session.seat_name(seat) + (" (you)" if seat in session.tokens else "") for seat in seats}


def ranked(result: dict[str, Any]) -> list[tuple[int, int, Any]]:
    """(place, seat, score) from the best score down; equal scores share a place."""
    scores = result.get("scores")
    if not isinstance(scores, list):
        return []
    order = sorted(
        range(len(scores)),
        key=lambda seat: (-scores[seat] if isinstance(scores[seat], int | float) else 0, seat),
    )
    rows, place = [], 0
    for i, seat in enumerate(order):
        if i == 0 or scores[seat] != scores[order[i - 1]]:
            place = i + 1
        rows.append((place, seat, scores[seat]))
    return rows


class GenericEnd(EndPanel):
    """A game without a panel of its own: the winners, then every seat ranked by its score."""

    def __init__(self, session: Any) -> None:
        self.session = session
        view = session.public_view if session.shown_seat is None else session.view(session.shown_seat)
        self.result = final_result(view)
        self.names = seat_names(session)

    def together(self) -> bool:
        winners = self.result.get("winners")
        return isinstance(winners, list) and bool(winners) and sorted(winners) == sorted(self.names)

    def verdict(self) -> str:
        winners = self.result.get("winners")
        if not isinstance(winners, list):
            return _("The game is over.")
        if not winners:
            return _("Nobody won this time.")
        if self.together():
            return _("Everyone wins together!")
        who = and_list([self.names.get(w, _("Player %(number)d") % {"number": w + 1}) for w in winners])
        return ngettext("%(winners)s wins!", "%(winners)s win!", len(winners)) % {"winners": who}

    def rows(self) -> list[tuple[str, bool]]:
        """Each line of the ranking, and whether it names a winner."""
        scores = self.result.get("scores")
        if not isinstance(scores, list):
            return []
        if len(set(map(str, scores))) == 1 and self.together():
            return [(_("The kitchen's score: %(score)s") % {"score": scores[0]}, True)]
        winners = self.result.get("winners") or []
        return [
            (
                f"{place}. {self.names.get(seat, _('Player %(number)d') % {'number': seat + 1})}: {score}",
                seat in winners,
            )
            for place, seat, score in ranked(self.result)
        ]

    def draw(self, surface: pygame.Surface) -> None:
        b = Board(surface.get_size())
        sheet = b.rect(12, 72, SIDE_X - 24, 1000)
        theme.draw_panel(surface, sheet, theme.layout(surface.get_size()), colour=theme.SHEET)
        b.text(
            surface,
            self.verdict(),
            HEADING,
            theme.MUSTARD,
            b.rect(44, 90, 1, 1).topleft,
            max_width=sheet.w - b.px(64),
        )
        rows = self.rows()
        step = min(90, 760 / max(1, len(rows)))
        for i, (words, winner) in enumerate(rows):
            size = LABEL if b.fits(words, LABEL, sheet.w - b.px(120)) else BODY
            b.text(
                surface,
                words,
                size,
                theme.MUSTARD if winner else theme.TEXT,
                b.rect(80, 200 + i * step, 1, 1).topleft,
                max_width=sheet.w - b.px(120),
            )
