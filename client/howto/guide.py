"""The guided first round of Too Many Cooks: a short hint of what to do next (read your tastes, change
a card, rotate a row, pass), pointing at that part of the table. A learner's option, off by default
(Settings), or for one game ("Play a guided first round" in How to play, which leaves the setting as
it was), turned off from the table's menu.

The hints come from the seat's own view only, and end with the first round."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pygame

from soupkitchen.client import coverage, theme
from soupkitchen.client.words import N_, _

GAME = "too-many-cooks"
TURN_OFF = N_("Menu (Esc): turn the hints off")


@dataclass(frozen=True)
class Hint:
    words: str
    target: str | None    # "tastes", "soup", "chefs", "main" (the Ready / Pass button) or None


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
        return Hint(_("These are your tastes: the secret ones only you can read, and the shared ones. "
                      "Read them, then press Ready."), "tastes")
    if phase == "reveal":
        return Hint(_("The round is over and every taste is shown. All happy earns a star; two or more unhappy "
                      "loses one. Press Ready for the next round."), "main")
    if phase != "playing":
        return None
    if view.get("turn") != seat:
        return Hint(_("Another chef is cooking. The faces on the right show whether each chef's secret tastes "
                      "are happy: watch them change."), "chefs")
    if me.get("passed"):
        return None
    if all_happy(view):
        return Hint(_("Every taste you can read is happy. Press Pass: you sit out until the round ends, unless "
                      "someone breaks one of your tastes."), "main")
    if my_turns % 2 == 0:
        return Hint(_("Your turn. Pick a taste without a smile and change a soup card for it: click the card, "
                      "then a spare with the same vegetable or the same colour."), "soup")
    return Hint(_("Your turn. You can also slide a whole row or column: click an arrow on the rim of the pot. "
                  "The card pushed out comes back in at the other end."), "soup")


class GuidedRound:
    """Draws the current hint over a Too Many Cooks table while the learner's option is on."""

    def __init__(self, app) -> None:
        self.app = app
        self.once = False      # the guided first round asked for in How to play: this game's only
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
            self.once = False     # the guided round is over: a later game has no hints unless set
        turn = view.get("turn") if view else None
        if turn != self._last_turn:
            if self._last_turn == seat and seat is not None:
                self.my_turns += 1      # the seat's turn just ended
            self._last_turn = turn
        self.hint = next_hint(view, seat, self.my_turns)
        return self.hint

    def places(self, size: tuple[int, int]) -> dict[str, tuple[pygame.Rect, str, tuple[int, int]]]:
        """For each target: its rectangle, and where the bubble goes (an anchor and a point) so it
        covers nothing the hint asks for."""
        # loaded with the guided round only, not with the app
        from soupkitchen.client.tables.too_many_cooks.layout import TableLayout

        t = TableLayout(size)
        chefs, main = t.right_panel, t.button("main")
        return {"tastes": (t.left_panel, "center", t.pot.center),
                "soup": (t.pot, "midbottom", (main.centerx, main.top - t.px(12))),
                "chefs": (chefs, "midbottom", (t.left_panel.centerx, t.left_panel.bottom - t.px(12))),
                "main": (main, "midbottom", (main.centerx, main.top - t.px(12))),
                "none": (t.pot, "midbottom", (t.pot.centerx, t.pot.bottom))}

    def draw(self, surface: pygame.Surface) -> None:
        """The hint in a bubble, and a ring around what it points at."""
        hint = self.update()
        if hint is None:
            return
        lay = theme.layout(surface.get_size())
        target, anchor, point = self.places(surface.get_size())[hint.target or "none"]
        width = self.places(surface.get_size())["chefs"][0].width - lay.gap * 2
        lines = lay.lines(hint.words, "body", width - lay.margin)
        step = lay.font("body").get_linesize()
        foot = lay.font("small").get_linesize()
        bubble = pygame.Rect(0, 0, width, step * len(lines) + foot + lay.gap * 3)
        setattr(bubble, anchor, point)
        bubble.clamp_ip(pygame.Rect(0, 0, lay.width, lay.height))
        if hint.target is not None:
            theme.draw_focus_ring(surface, target, lay)
        with coverage.overlay("a learner's hint", bubble, asked=True):   # hints are a learner's option, chosen
            theme.draw_panel(surface, bubble, lay, colour=theme.PANEL_LIGHT, edge=theme.FOCUS)
            y = bubble.y + lay.gap
            for line in lines:
                theme.text(surface, line, "body", theme.TEXT, (bubble.x + lay.margin // 2, y), lay)
                y += step
            theme.text(surface, _(TURN_OFF), "small", theme.TEXT_DIM, (bubble.x + lay.margin // 2, y + lay.gap // 2),
                       lay, max_width=bubble.width - lay.margin)
        self.bubble = bubble
