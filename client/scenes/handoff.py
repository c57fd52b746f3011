"""Couch play: before a seat's private information is shown, its player takes the controls while
everyone else looks away. The whole screen is covered, so nothing private shows through."""

from __future__ import annotations

from typing import Any

import pygame

from soupkitchen.client.net import ways_in
from soupkitchen.client.net.session import TableSession
from soupkitchen.client.scenes.common import FormScene
from soupkitchen.client.ui import theme
from soupkitchen.client.ui.input import InputAction
from soupkitchen.client.ui.widgets import Button, Widget
from soupkitchen.client.words import N_, _, ngettext


class HandoffScene(FormScene):
    name = "handoff"
    at_table = True
    hints = N_("Enter / A: I have the controls    Esc / Start: menu")

    def __init__(self, app, session: TableSession) -> None:
        self.session = session
        self.seat = session.handoff_seat
        super().__init__(app)

    @property
    def player(self) -> str:
        return self.session.seat_name(self.seat) if self.seat is not None else _("the next player")

    def build(self) -> list[Widget]:
        self.heading = _("Pass the controls to {player}").format(player=self.player)
        paused = self.session.table.get("settings", {}).get("handoff_pauses_timer", True)
        if not ways_in.timed(self.session.game_id):  # a game without a clock has no timer to speak of
            self.subheading = _("Everyone else, look away!")
        else:
            self.subheading = (
                _("Everyone else, look away! The timer waits until they are ready.")
                if paused
                else _("Everyone else, look away! The timer keeps running.")
            )
        return [
            Button(
                _("I am {player}: show my cards").format(player=self.player),
                self.confirm,
                key="confirm",
                primary=True,
            )
        ]

    def handle(self, action: InputAction) -> bool:
        bound = self.session.pads.get(self.seat) if self.seat is not None else None
        if bound is not None and action.device.startswith("pad:") and action.device != bound:
            return True  # only the player's own pad (or the keyboard and mouse) may confirm
        if action.kind in ("menu", "back"):
            self.app.stack.open("pause", self.session)
            return True
        return self.form.handle(action)

    def confirm(self) -> None:
        if self.seat is not None and hasattr(self.session, "looked"):
            self.session.looked.add(self.seat)
        self.app.stack.remove(self)
        self.session.confirm_handoff()

    @property
    def first_look(self) -> bool:
        """Whether this player has not taken the controls at this table yet."""
        return self.seat not in getattr(self.session, "looked", set())

    def update(self, dt: float, now: float) -> None:
        if self.session.handoff_seat != self.seat and self.stack is not None:
            if self.session.handoff_seat is None:
                self.stack.remove(self)
            else:
                self.seat = self.session.handoff_seat
                self.rebuild()

    def recap(self) -> list[str]:
        """What happened at the table since this player last looked (the table tells, if it can)."""
        for scene in self.app.stack.scenes:
            recap = getattr(scene, "recap", None)
            if callable(recap) and scene is not self:
                return list(recap(self.seat))
        return []

    def draw_extra(self, surface: pygame.Surface, lay: theme.Layout) -> None:
        if self.seat is None:
            return
        r = lay.button_h
        centre = (lay.width // 2, int(lay.height * 0.38))
        pygame.draw.circle(surface, theme.seat_colour(self.seat), centre, r)
        theme.text(surface, str(self.seat + 1), "heading", theme.TEXT_DARK, centre, lay, anchor="center")
        self.draw_recap(surface, lay, int(lay.height * 0.55) + lay.button_h + 2 * lay.gap)

    def draw_recap(self, surface: pygame.Surface, lay: theme.Layout, top: int) -> None:
        """The moves since this player last looked, newest last, as many as fit above the hints."""
        lines = self.recap()
        font = lay.font("small")
        step = font.get_linesize()
        room = max(0, (lay.height - lay.margin - step - top) // step - 1)
        if not room:
            return
        if self.first_look and lines:
            title = _("Since the game began:")
        elif self.first_look:
            title = _("{player} is about to look for the first time.")
        elif lines:
            title = _("Since {player} last looked:")
        else:
            title = _("Nothing has happened since {player} last looked.")
        title = title.format(player=self.player)
        y = theme.text(surface, title, "body", theme.TEXT, (lay.width // 2, top), lay, anchor="midtop").bottom
        shown = lines[-room:]
        if len(lines) > len(shown):
            before = len(lines) - len(shown) + 1
            shown[0] = ngettext("... and {count} move before", "... and {count} moves before", before).format(
                count=before
            )
        for line in shown:
            y = theme.text(
                surface, line, "small", theme.TEXT_DIM, (lay.width // 2, y), lay, anchor="midtop"
            ).bottom

    def place(self, lay: theme.Layout, top: int, bottom: int, width: int) -> None:
        super().place(lay, int(lay.height * 0.55), bottom, width)

    def describe(self) -> dict[str, Any]:
        return {**super().describe(), "seat": self.seat}
