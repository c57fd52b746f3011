"""The guided first round of Too Many Cooks: a short hint of what to do next (read your tastes, change
a card, rotate a row, pass), pointing at that part of the table; the table shows the words in the
place above its pot that it keeps for a notice. A learner's option, off by default (Settings), or for
one game ("Play a guided first round" in How to play, which leaves the setting as it was), turned off
from the table's menu.

The hints come from the seat's own view only, and end with the first round."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pygame

from soupkitchen.client.ui import theme
from soupkitchen.client.words import N_, _

GAME = "too-many-cooks"
TURN_OFF = N_("Menu (Esc): turn the hints off")


@dataclass(frozen=True)
class Hint:
    words: str
    target: str | None  # "tastes", "soup", "chefs", "main" (the Ready / Pass button) or None


def all_happy(view: dict[str, Any]) -> bool:
    """True if the seat's own tastes and every shared taste are satisfied."""
    tastes = list(view.get("my_tastes") or []) + list(view.get("shared_tastes") or [])
    return all(t.get("satisfied") for t in tastes if isinstance(t, dict))


def next_hint(view: dict[str, Any] | None, seat: int | None, my_turns: int) -> Hint | None:
    """What to do next at ``seat``'s table in the first round (None: nothing to say, or the guided
    round is over). ``my_turns`` counts the seat's turns so far: the hints take turns explaining a
    change and a rotation."""
    if not view or seat is None or view.get("over") or view.get("round", 1) != 1:
        return None
    phase = view.get("phase")
    chefs = view.get("chefs") or []
    me = next((c for c in chefs if isinstance(c, dict) and c.get("seat") == seat), {})
    if phase == "ready":
        if me.get("ready"):
            return Hint(_("Waiting for the other chefs to say they are ready."), None)
        return Hint(
            _("Read your tastes on the left: the shared ones and your secret ones. Then press Ready."),
            "tastes",
        )
    if phase == "reveal":
        return Hint(_("Every taste is shown. All happy earns a star; two or more unhappy lose one."), "main")
    if phase != "playing":
        return None
    if view.get("turn") != seat:
        return Hint(
            _("Another chef is cooking. The faces by each name show whose secret tastes are happy."), "chefs"
        )
    if me.get("passed"):
        return None
    if all_happy(view):
        return Hint(
            _("Every taste you can read is happy: press Pass. You sit out unless someone breaks one."), "main"
        )
    if my_turns % 2 == 0:
        return Hint(
            _(
                "Your turn: change a card. Click it, then a spare ringed in green (same vegetable or "
                "same colour)."
            ),
            "soup",
        )
    return Hint(
        _("Your turn. You may also slide a row or column one place: click an arrow on the pot's rim."), "soup"
    )


class GuidedRound:
    """Draws the current hint over a Too Many Cooks table while the learner's option is on."""

    def __init__(self, app) -> None:
        self.app = app
        self.once = False  # the guided first round asked for in How to play: this game's only
        self.my_turns = 0
        self._last_turn: Any = None
        self.hint: Hint | None = None
        self.bubble = pygame.Rect(0, 0, 0, 0)

    @property
    def on(self) -> bool:
        """Whether hints are shown: the learner's setting, or a guided first round asked for once."""
        return bool(self.app.settings.guided_round or self.once)

    def off(self) -> None:
        """The hints turned off from the table's menu: the setting, and a guided round asked for."""
        self.once = False
        self.app.settings.guided_round = False

    def table(self):
        """The Too Many Cooks table on top of the stack, if any."""
        top = self.app.stack.top
        if top is not None and top.is_table and top.session.game_id == GAME and self.on:
            return top
        return None

    def update(self) -> Hint | None:
        table = self.table()
        if table is None:
            self.hint = None
            return None
        seat = table.session.shown_seat
        view = table.session.view(seat) if seat is not None else None
        if view and (view.get("over") or view.get("round", 1) != 1):
            self.once = False  # the guided round is over: a later game has no hints unless set
        turn = view.get("turn") if view else None
        if turn != self._last_turn:
            if self._last_turn == seat and seat is not None:
                self.my_turns += 1  # the seat's turn just ended
            self._last_turn = turn
        self.hint = next_hint(view, seat, self.my_turns)
        return self.hint

    def targets(self, table) -> dict[str, pygame.Rect]:
        """Where each thing a hint points at lies on ``table``."""
        lay = table.board
        chefs = len(table.model.chefs())
        return {
            "tastes": lay.left_panel,
            "soup": lay.pot,
            "main": lay.button("main"),
            "chefs": lay.chef_row(0, chefs).union(lay.chef_row(max(0, chefs - 1), chefs)),
        }

    def draw(self, surface: pygame.Surface) -> None:
        """A ring around what the hint points at; the table shows the hint's words above its pot, in
        the place it keeps for a notice (so the hint covers nothing)."""
        hint = self.update()
        table = self.table()
        if hint is None or table is None:
            return
        if hint.target is not None:
            theme.draw_focus_ring(surface, self.targets(table)[hint.target], theme.layout(surface.get_size()))
        self.bubble = table.board.notice
