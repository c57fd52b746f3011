"""The frame every game table plugs into.

A table scene is built as ``TableScene(app, session)``. It draws from ``session`` (views, countdown,
events, emotes: what ``feed.TableFeed`` declares, live or replayed) and sends actions with
``session.act``. The shell around it handles the pause menu,
the couch hand-off screen, the lost-connection banner, error toasts and the results screen;
subclasses only draw the game and turn input into actions.

Draw rules: draw ``session.view(session.shown_seat)`` when ``shown_seat`` is not None, otherwise only
``session.public_view`` (a hand-off is up, or it is nobody local's turn).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import pygame

from soupkitchen.client.scenes.base import Scene
from soupkitchen.client.tables.feed import TableFeed
from soupkitchen.client.ui import coverage, theme
from soupkitchen.client.ui.input import InputAction
from soupkitchen.client.words import _
from soupkitchen.shared.wire.constants import EMOTES

if TYPE_CHECKING:
    from soupkitchen.client.app import App
    from soupkitchen.client.tables.ending import EndPanel

RESULTS_DELAY = 2.0  # seconds the final position stays visible before the results screen
ANSWER_SECONDS = 2.5  # a touch that cannot be used is answered where it was, this long
RECENT_CLICK = 8.0  # a refusal of the move a click made is answered at the click this long after it


@dataclass(frozen=True)
class Answer:
    """Words shown where the player touched the table (why nothing happened)."""

    words: str
    pos: tuple[int, int]
    until: float


class TableScene(Scene):
    """Base class of every game table."""

    name = "table"
    is_table = True
    at_table = True
    results_delay = RESULTS_DELAY  # a table whose last move takes longer to see keeps it longer
    menu_holds_clock = False  # solo and couch: the clock waits while a menu or How to play covers the table
    couch_holds_clock = True  # False: only at a solo table (the one person and bots) does the clock wait

    @classmethod
    def menu_holds(cls, session: Any) -> bool:
        """Whether a menu or How to play over this table holds its clock: at a table on this machine
        (the session holds only such a table's clock) that asks for it, with nobody else to wait
        for (or at a couch table, if it holds there too)."""
        return bool(getattr(session, "local", False)) and cls._holds_for(session)

    @classmethod
    def _holds_for(cls, session: Any) -> bool:
        return cls.menu_holds_clock and (cls.couch_holds_clock or not getattr(session, "couch", False))

    def __init__(self, app: App, session: TableFeed) -> None:
        super().__init__(app)
        self.session = session
        self.now = 0.0
        self._over_since: float | None = None
        self._deadline_seen: float | None = None
        self._countdown_total = 1.0
        self._could_act = False
        self._results_shown = False
        self.answer: Answer | None = None
        self.last_click: tuple[tuple[int, int], float] | None = None  # where and when the player last clicked
        session.listeners.append(self._state_listener)

    # --- hooks for tables ----------------------------------------------------------------------
    @classmethod
    def art_to_preload(cls, size: tuple[int, int]) -> list[tuple[Any, tuple[int, int]]]:
        """(svg path, pixel size) pairs this table will draw in a window of ``size``; the shell
        rasterises them behind its wait screen before the table's first frame."""
        return []

    def on_state(self, seat: int | None, view: dict[str, Any], events: list[dict[str, Any]]) -> None:
        """A new view arrived for ``seat`` (None: spectator); start animations here."""

    def catch_up(self, steps: list[tuple[dict[str, Any], list[dict[str, Any]]]]) -> None:
        """A table made afresh in the middle of a game (a replay's jump) is told the views and events
        of the moves just before, oldest first, to rebuild what it keeps of them (its history)."""

    def handle_table(self, action: InputAction) -> bool:
        """Game-specific input; return True if used. ``shown_seat`` is who acts."""
        return False

    def draw_table(self, surface: pygame.Surface) -> None:
        """Draw the game. The default shows a plain backdrop."""
        theme.draw_background(surface)

    def end_panel(self) -> EndPanel | None:
        """The game's own end for the end screen (None: the ranking by the result's scores)."""
        return None

    # --- helpers for tables --------------------------------------------------------------------
    @property
    def layout(self) -> theme.Layout:
        return theme.layout(self.app.screen_size)

    def current_view(self) -> dict[str, Any] | None:
        """The view that may be drawn right now (the shown seat's, else the public one)."""
        seat = self.session.shown_seat
        if seat is not None and self.session.view(seat) is not None:
            return self.session.view(seat)
        return self.session.public_view

    def answer_at(self, pos: tuple[int, int], words: str) -> None:
        """Answer a touch that does nothing with ``words`` shown where it was."""
        self.answer = Answer(words, (int(pos[0]), int(pos[1])), self.now + ANSWER_SECONDS)
        sound = getattr(self.app, "sound", None)
        if sound is not None:
            sound("error")

    def not_yours(self) -> str:
        """Why the shown seat cannot act now: someone else is playing, or it is not its turn."""
        view = self.current_view() or {}
        turn = view.get("turn")
        if self.session.shown_seat is None:
            return _("Wait for your turn")
        if isinstance(turn, int) and not isinstance(turn, bool) and turn not in self.session.seats_held:
            return _("%(player)s is playing") % {"player": self.session.seat_name(turn)}
        return _("Not your turn")

    def answer_refusal(self, message: str) -> bool:
        """The server refused the move a click of a moment ago made: say why at the click (False:
        no recent click, the app shows it as a toast)."""
        if self.last_click is None or self.now - self.last_click[1] > RECENT_CLICK:
            return False
        self.answer_at(self.last_click[0], message)
        return True

    def draw_answer(self, surface: pygame.Surface) -> None:
        """The answer to the last touch, in a small box beside where it was."""
        answer = self.answer
        if answer is None or self.now >= answer.until:
            return
        lay = self.layout
        f = lay.font("body")
        lines = theme.wrap(answer.words, f, lay.column_w)
        box = pygame.Rect(
            0,
            0,
            max(f.size(line)[0] for line in lines) + lay.margin,
            f.get_linesize() * len(lines) + lay.gap * 2,
        )
        box.bottomleft = (answer.pos[0] + lay.gap, answer.pos[1] - lay.gap)
        box.clamp_ip(surface.get_rect())
        with coverage.overlay("the answer to a touch", box, asked=True):
            theme.draw_panel(surface, box, lay, colour=theme.PANEL_LIGHT, edge=theme.MUSTARD)
            for i, line in enumerate(lines):
                theme.text(
                    surface,
                    line,
                    "body",
                    theme.TEXT,
                    (box.centerx, box.y + lay.gap + i * f.get_linesize()),
                    lay,
                    anchor="midtop",
                )

    def redraw_at(self, now: float) -> float | None:
        return self.answer.until if self.answer is not None and now < self.answer.until else None

    def send(self, action: dict[str, Any]) -> None:
        """Play ``action`` for the shown seat in the background; refusals appear as a toast."""
        seat = self.session.shown_seat
        if seat is None:
            self.app.toast(_("Wait for your turn."))
            return
        self.app.spawn(self.session.act(seat, action))

    def draw_countdown(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        """A countdown bar with minutes and seconds, from the server deadline (nothing if untimed).
        The bar is full when a new deadline is first seen."""
        left = self.session.remaining(self.now)
        if left is None:
            return
        if self.session.deadline != self._deadline_seen:
            self._deadline_seen, self._countdown_total = self.session.deadline, max(left, 1.0)
        lay = self.layout
        pygame.draw.rect(surface, theme.PANEL, rect, border_radius=rect.height // 2)
        fill = rect.copy()
        fill.width = max(rect.height, int(rect.width * min(1.0, left / self._countdown_total)))
        colour = theme.DANGER if left < 10 else theme.MUSTARD if left < 30 else theme.HERB
        pygame.draw.rect(surface, colour, fill, border_radius=rect.height // 2)
        minutes, seconds = divmod(int(left + 0.999), 60)
        theme.text(
            surface, f"{minutes}:{seconds:02d}", "label", theme.TEXT, rect.center, lay, anchor="center"
        )

    # --- the frame -----------------------------------------------------------------------------
    def _state_listener(self, seat, view, events) -> None:
        shown = self.session.shown_seat
        if seat is not None and seat == shown:
            can_act = seat in view["active_seats"]
            sound = getattr(self.app, "sound", None)  # a table may run under a minimal app stand-in
            if can_act and not self._could_act and sound is not None:
                sound("turn")
            self._could_act = can_act
        self.on_state(seat, view, events)

    def handle(self, action: InputAction) -> bool:
        if action.kind in ("menu", "back"):
            self.app.stack.open("pause", self.session, self.show_end if self.session.over else None)
            return True
        seat = self.session.shown_seat
        bound = self.session.pads.get(seat) if seat is not None else None
        if bound is not None and action.device.startswith("pad:") and action.device != bound:
            return False  # another player's pad
        if action.kind == "handoff" and self.session.pass_controls():
            return True
        if action.kind == "emote" and seat is not None and 0 <= action.index < len(EMOTES):
            self.app.spawn(self.session.emote(seat, EMOTES[action.index]))
            return True
        if action.kind == "click" and action.pos is not None:
            self.last_click = (action.pos, self.now)
        return self.handle_table(action)

    def update(self, dt: float, now: float) -> None:
        self.now = now
        if self.session.over and not self._results_shown:
            if self._over_since is None:
                self._over_since = now
            elif (
                now - self._over_since >= self.results_delay
                and self.stack is not None
                and self.stack.top is self
            ):
                self.show_end()
        self._hold_for_menu(
            self.stack is not None
            and self.stack.top not in (self, None)
            and getattr(self.stack.top, "name", "") not in ("handoff", "results")
        )

    def _hold_for_menu(self, covered: bool) -> None:
        """Hold the clock while a menu covers a table that asks for it (``menu_holds_clock``)."""
        hold = getattr(self.session, "hold_for_menu", None)  # a replay's feed has no clock to hold
        if hold is not None and self._holds_for(self.session):  # the session asks only a local table
            hold(covered)

    def show_end(self) -> None:
        """The end screen over the table (Play again, Replay and review, Back to title), again after
        "Look at the table" too."""
        self._results_shown = True
        if self.stack is not None:
            self.stack.open("results", self.session, self.end_panel())

    def draw(self, surface: pygame.Surface) -> None:
        self.draw_table(surface)
        self.draw_answer(surface)

    def on_exit(self) -> None:
        if self.stack is None or self not in self.stack.scenes:
            self._hold_for_menu(False)
            if self._state_listener in self.session.listeners:
                self.session.listeners.remove(self._state_listener)

    def describe(self) -> dict[str, Any]:
        return {"scene": self.name, "game": self.session.game_id, "shown_seat": self.session.shown_seat}
