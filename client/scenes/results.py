"""The end of a game: the game's own end (its ranking, scoring sheet, worked score or verdict, from
its table's end panel) with Play again and Back to title beside it."""

from __future__ import annotations

from typing import Any

import pygame

from soupkitchen.client.access.timing import result_rows
from soupkitchen.client.net import ways_in
from soupkitchen.client.net.session import TableSession
from soupkitchen.client.scenes import transitions
from soupkitchen.client.scenes.common import FormScene
from soupkitchen.client.tables.ending import SIDE_X, EndPanel, GenericEnd
from soupkitchen.client.tables.kit.board import HEADING, LABEL, SMALL, Board
from soupkitchen.client.ui import theme
from soupkitchen.client.ui.input import InputAction
from soupkitchen.client.ui.widgets import Button, Widget
from soupkitchen.client.words import _, worded
from soupkitchen.shared.levels import NORMAL

SIDE_W = 400  # the column of buttons on the board, right of the game's end
BUTTON_H, BUTTON_GAP = 84, 18


class ResultsScene(FormScene):
    name = "results"
    hints = ""

    def __init__(self, app, session: TableSession, panel: EndPanel | None = None) -> None:
        self.session = session
        self.panel = panel if panel is not None else GenericEnd(session)
        super().__init__(app)
        self.carry_on()

    def carry_on(self) -> None:
        """What the result says comes next (Too Many Cooks: ready for Moderate) becomes the game's
        set-up for next time, so the set-up screen opens on it."""
        coming = self.panel.next_game() if self.session.local else None
        if coming is None:
            return
        mode, game = ("couch" if self.session.couch else "solo"), self.session.game_id
        kept = self.app.settings.setup(mode)["games"].get(game)
        options = kept.get("options") if isinstance(kept, dict) else None
        options = options if isinstance(options, dict) else {}
        self.app.settings.remember_setup(mode, game, options={**options, **coming[1]})

    def on_enter(self) -> None:
        if self.session.local and self.session.over:
            ways_in.forget_saved_game(
                table=self.session.table.get("id")
            )  # a finished game is not offered for resuming

    @property
    def title(self) -> str:
        return str(self.session.table.get("title") or self.session.game_id)

    def build(self) -> list[Widget]:
        widgets: list[Widget] = []
        coming = self.panel.next_game() if self.session.local else None
        if coming is not None:
            words, options = coming
            widgets.append(Button(words, lambda: self.again(options), key="next", primary=True))
        if self.session.local:
            widgets.append(Button(_("Play again"), self.again, key="again", primary=coming is None))
        widgets.append(Button(_("Replay and review"), self.review, key="review"))
        widgets += [
            Button(_("Back to title"), self.leave, key="title", primary=not self.session.local),
            Button(_("Look at the table"), self.on_back, key="table"),
        ]
        return widgets + result_rows(self.session)  # client/access: played with a longer round or window

    def again(self, options: dict[str, Any] | None = None) -> None:
        """The same game and players (with ``options`` changed, for what comes next) at a fresh table
        on the same local server."""
        session = self.session
        session.conn.sessions.pop(session.table["id"], None)
        transitions.start_local(
            self.app,
            session.game_id,
            {**session.table.get("options", {}), **(options or {})},
            len(session.table.get("seats", [])) or 2,
            max(1, len(session.tokens)),
            {i: session.pads[seat] for i, seat in enumerate(session.seats_held) if seat in session.pads},
            bool(session.table.get("settings", {}).get("handoff_pauses_timer", True)),
            [seat.get("level") or NORMAL for seat in session.table.get("seats", []) if seat.get("bot")],
        )

    def review(self) -> None:
        """The finished game in the replay viewer, its review open (worked out from the server's record)."""
        from soupkitchen.client.replay.sources import finished_table

        transitions.run_with_wait(
            self.app,
            _("Fetching the game's record..."),
            finished_table(self.session.conn.url, self.session.table["id"]),
            lambda timeline: self.app.stack.open("replay", timeline, "review"),
        )

    def leave(self) -> None:
        transitions.leave(self.app, self.session)

    def handle(self, action: InputAction) -> bool:
        if action.kind == "scroll" and self.panel.handle(action):
            return True
        return super().handle(action)

    # --- drawing -------------------------------------------------------------------------------
    def place(self, lay: theme.Layout, top: int, bottom: int, width: int) -> None:
        """The buttons in a column right of the game's end, from under its title down."""
        b = Board((lay.width, lay.height))
        y = 200
        for widget in self.form.widgets:
            widget.rect = b.rect(SIDE_X, y, SIDE_W, BUTTON_H)
            y += BUTTON_H + BUTTON_GAP

    def draw(self, surface: pygame.Surface) -> None:
        lay = theme.layout(surface.get_size())
        theme.draw_background(surface)
        self.panel.draw(surface)
        b = Board(surface.get_size())
        title = worded(self.title)
        size = next((s for s in (HEADING, LABEL) if b.fits(title, s, b.px(SIDE_W))), LABEL)
        b.text(surface, title, size, theme.MUSTARD, b.rect(SIDE_X, 84, 1, 1).topleft, max_width=b.px(SIDE_W))
        b.text(
            surface,
            _("The end"),
            LABEL,
            theme.TEXT_DIM,
            b.rect(SIDE_X, 140, 1, 1).topleft,
            max_width=b.px(SIDE_W),
        )
        self.place(lay, 0, lay.height, 0)
        self.form.draw(surface, lay)
        if self.form.widgets:  # the game's own lines beside (each round), under the buttons
            y = max(w.rect.bottom for w in self.form.widgets) + b.px(BUTTON_GAP * 2)
            column = b.rect(SIDE_X, 0, SIDE_W, 1060)
            for note in self.panel.notes():
                room = pygame.Rect(column.x, y, column.width, column.bottom - y)
                if room.height < b.font(SMALL).get_linesize():
                    break
                y += b.paragraph(surface, note, SMALL, theme.TEXT, room, max_lines=3) + b.px(12)

    def occupied_rects(self) -> list[pygame.Rect]:
        b = Board(self.app.screen_size)
        return [*super().occupied_rects(), b.rect(0, 0, SIDE_X, 1080)]

    def describe(self) -> dict[str, Any]:
        return {
            **super().describe(),
            "verdict": self.panel.verdict(),
            "lines": self.panel.lines(),
            "notes": self.panel.notes(),
        }
