"""The title screen: every way into a game starts here."""

from __future__ import annotations

import math
import time
from pathlib import Path

import pygame

from soupkitchen.client.net import ways_in
from soupkitchen.client.scenes import transitions
from soupkitchen.client.scenes.common import FormScene
from soupkitchen.client.ui import theme
from soupkitchen.client.ui.input import InputAction
from soupkitchen.client.ui.widgets import Button, ListView, Widget
from soupkitchen.client.words import N_, _, day_and_month, ngettext, worded
from soupkitchen.shared.registry import left_out

STEAM_FPS = 8


MAIN_ROWS = 8  # the title's column has room for one more entry than it shows
UNFINISHED_ROWS = 4  # unfinished games in sight at once (the list scrolls past that)
UNFINISHED_ROW_H = 1.5  # each row's height in button heights: the game, and under it who plays and how far
KITCHEN_ASK = 5.0  # seconds between two asks of who is still at this client's LAN kitchen


def saved_when(saved: dict, stamp: float | None = None) -> str:
    """When a game was last played (``stamp``, else when it was saved), briefly: the time today,
    else the day."""
    stamp = stamp if stamp is not None else saved.get("saved")
    if not isinstance(stamp, int | float):
        return ""
    when = time.localtime(stamp)
    if time.strftime("%Y%m%d", when) == time.strftime("%Y%m%d"):
        return time.strftime("%H:%M", when)
    return day_and_month(when)


def game_title(saved: dict) -> str:
    """The game of an unfinished game, in the player's words."""
    return worded(saved.get("title")) or _("Your game")


def unfinished_row(kind: str, saved: dict) -> tuple[str, str | tuple[str, ...]]:
    """An unfinished game's row ("Pink Soup") and the line under it: when it was last played, how far
    it got and who plays it ("10:32 · 14 moves · Ada and 2 bots"; where the list is too narrow, the
    moves go first, then the time: the players stay)."""
    if kind == "host":
        return game_title(saved), _("hosting")
    if kind == "kitchen":  # the LAN kitchen this client still runs for the guests its host left
        people = saved["people"]
        return _("Your LAN kitchen is still open"), ngettext(
            "{names} is still at its tables", "{names} are still at its tables", len(people)
        ).format(names=_(" and ").join([", ".join(people[:-1]), people[-1]] if len(people) > 1 else people))
    progress = ways_in.saved_progress(saved)
    names = ", ".join(progress["names"])
    if progress["bots"]:
        bots = ngettext("{count} bot", "{count} bots", progress["bots"]).format(count=progress["bots"])
        names = _("{people} and {bots}").format(people=names, bots=bots) if names else bots
    moves = progress["moves"]
    done = ngettext("{count} move", "{count} moves", moves).format(count=moves) if moves is not None else ""
    when = saved_when(saved, progress["last"])
    fuller = [" · ".join(part for part in parts if part) for parts in ((when, done, names), (when, names))]
    return game_title(saved), (*fuller, names or when)  # the last is cut to the room where nothing fits


class TitleScene(FormScene):
    """The ways into a game in a column that never moves; every unfinished game (and a LAN table
    this client was hosting) in a list beside it, to resume any of them."""

    name = "title"
    heading = ""
    hints = N_("Arrows / D-pad: move    Enter / A: choose")  # nothing to go back to from here

    def __init__(self, app) -> None:
        self.t = 0.0
        self.unfinished: list[tuple[str, dict]] = []
        self.kitchen: list[str] = []  # who is at the tables of this client's LAN kitchen, still open
        self.since_asked = 0.0  # seconds since the kitchen was last asked
        self.leaving = False  # this player is leaving a table (transitions.leave)
        super().__init__(app)
        ways_in.warm_up()

    def build(self) -> list[Widget]:
        at_table = self.leaving or any(
            scene.is_table or scene.name == "lobby" for scene in self.app.stack.scenes
        )
        self.kitchen = [] if at_table else ways_in.kitchen_people(self.app)
        hosted = ways_in.saved_hosting() if self.app.server is None else None
        open_kitchen = self.kitchen and ways_in.own_kitchen_open(self.app)
        kitchen = [("kitchen", {"people": self.kitchen})] if open_kitchen else []
        self.unfinished = (
            kitchen
            + ([("host", hosted)] if hosted is not None else [])
            + [("solo", s) for s in ways_in.saved_games()]
        )
        rows = [unfinished_row(kind, saved) for kind, saved in self.unfinished]
        widgets: list[Widget] = []
        if rows:
            listed = ListView(
                [row for row, _detail in rows],
                self.resume,
                key="unfinished",
                visible_rows=min(UNFINISHED_ROWS, len(rows)),
            )
            listed.details = [detail for _row, detail in rows]
            listed.row_scale = UNFINISHED_ROW_H
            listed.right_kind = "small"
            listed.removable = set(range(len(rows)))  # each has a Forget button (Backspace on it)
            listed.remove_icon = True  # a small cross: the list is narrow
            listed.on_remove = self.ask_forget
            widgets.append(listed)
        widgets += [
            Button(
                _("Play solo"), lambda: transitions.open_setup(self.app, "solo"), key="solo", primary=not rows
            ),
            Button(_("Couch play"), lambda: transitions.open_setup(self.app, "couch"), key="couch"),
            Button(_("Host a LAN game"), lambda: transitions.open_setup(self.app, "host"), key="host"),
            Button(_("Join a game"), lambda: transitions.open_join(self.app), key="join"),
            Button(_("Replays"), lambda: self.app.stack.open("replays"), key="replays"),
            Button(_("How to play"), lambda: transitions.open_howto(self.app, pick_game=True), key="howto"),
            Button(_("Settings"), lambda: transitions.open_settings(self.app), key="settings"),
            Button(_("Quit"), self.quit, key="quit"),
        ]
        return widgets

    def handle(self, action: InputAction) -> bool:
        """The arrows go where they point: Left from the unfinished games to the column beside them,
        Right from the column to the list (never round the form's ends, to Quit and back)."""
        focused = self.form.focused
        if action.kind == "navigate" and action.dx and not action.dy and self.unfinished:
            on_list = focused is not None and focused.key == "unfinished"
            if on_list and action.dx < 0:
                self.form.focus_on("solo")
                return True
            if not on_list and action.dx > 0:
                self.form.focus_on("unfinished")
                return True
        return super().handle(action)

    def resume(self, index: int) -> None:
        kind, saved = self.unfinished[index]
        if kind == "kitchen":  # its tables: to watch them, or sit at one again
            conn = self.app.conn
            if conn is not None and conn.connected and conn.url == ways_in.kitchen_url(self.app):
                self.app.stack.open("tables", conn)
            else:
                transitions.run_with_wait(
                    self.app,
                    _("Knocking on the kitchen door..."),
                    ways_in.connect(self.app, ways_in.kitchen_url(self.app)),
                    lambda conn: self.app.stack.open("tables", conn),
                )
        elif kind == "host":
            resume_hosting(self.app)
        else:
            transitions.resume(self.app, saved)

    def ask_forget(self, index: int) -> None:
        """Forget an unfinished game, once the player says so: it cannot be resumed afterwards."""
        kind, saved = self.unfinished[index]
        if kind == "kitchen":
            self.app.stack.open(
                "message",
                _("Close your kitchen?"),
                _("The games at its tables end for everyone still there."),
                [(_("Close it"), self.close_kitchen), (_("Keep it open"), None)],
            )
            return
        words = _("{game} cannot be resumed once it is forgotten.").format(game=game_title(saved))
        self.app.stack.open(
            "message",
            _("Forget this game?"),
            words,
            [(_("Forget it"), lambda: self.forget(kind, saved)), (_("Keep it"), None)],
        )

    def forget(self, kind: str, saved: dict) -> None:
        ways_in.forget_saved_game(ways_in.hosting_file() if kind == "host" else Path(saved["record"]))
        self.rebuild()
        self.form.focus_on("unfinished" if len(self.unfinished) else "solo")

    def column(self, lay: theme.Layout) -> pygame.Rect:
        """The title's column of entries, centred, as wide as leaves the unfinished games room."""
        width = min(lay.column_w, round(lay.width * 0.3))
        return pygame.Rect((lay.width - width) // 2, 0, width, 0)

    def place(self, lay: theme.Layout, top: int, bottom: int, width: int) -> None:
        """The entries at fixed places in the column (an unfinished game never moves them), the
        unfinished games in a list right of it."""
        column = self.column(lay)
        step = min(lay.button_h + lay.gap, (bottom - top) // MAIN_ROWS)
        entries = [w for w in self.form.widgets if w.key != "unfinished"]
        for i, widget in enumerate(entries):
            widget.rect = pygame.Rect(column.x, top + i * step, column.width, step - lay.gap)
        listed = next((w for w in self.form.widgets if w.key == "unfinished"), None)
        if listed is not None:
            left = column.right + lay.margin
            heading = lay.font("small").get_linesize() + lay.gap // 2
            listed.rect = pygame.Rect(
                left,
                top + heading,
                lay.width - lay.margin - left,
                listed.visible_rows * round(lay.button_h * listed.row_scale),
            )

    def draw_hints(self, surface: pygame.Surface, lay: theme.Layout) -> int:
        """The hints, and above them a sentence for each game package left out for a fault (the
        others play on); the column stands above both."""
        bottom = super().draw_hints(surface, lay)
        for missing in reversed(left_out()):
            said = _('The game in "{package}" is left out: {problem}.').format(
                package=missing.package, problem=missing.problem
            )
            for line in reversed(theme.wrap(said, lay.font("small"), lay.width - 2 * lay.margin)):
                bottom = theme.text(
                    surface, line, "small", theme.MUSTARD, (lay.width // 2, bottom), lay, anchor="midbottom"
                ).top
        return bottom - (lay.gap if left_out() else 0)

    def draw_extra(self, surface: pygame.Surface, lay: theme.Layout) -> None:
        listed = next((w for w in self.form.widgets if w.key == "unfinished"), None)
        if listed is not None:
            theme.text(
                surface,
                _("Unfinished games: choose one to go on"),
                "small",
                theme.TEXT_DIM,
                (listed.rect.x, listed.rect.y - lay.gap // 2),
                lay,
                anchor="bottomleft",
                max_width=listed.rect.width,
            )
            y = listed.rect.bottom + lay.gap // 2
            hint = _("Enter: go on    Backspace: forget")
            fits = lay.font("small").size(hint)[0] <= listed.rect.width
            for line in [hint] if fits else theme.wrap(hint, lay.font("small"), listed.rect.width):
                y = theme.text(
                    surface,
                    line,
                    "small",
                    theme.TEXT_DIM,
                    (listed.rect.x, y),
                    lay,
                    max_width=listed.rect.width,
                ).bottom

    def on_enter(self) -> None:
        self.rebuild()

    def quit(self) -> None:
        self.app.running = False

    def on_back(self) -> None:
        pass  # the title is the bottom of the stack; Quit is a button

    def close_kitchen(self) -> None:
        def closed(_result) -> None:
            self.kitchen = []
            self.rebuild()

        self.app.spawn(ways_in.close_kitchen(self.app), closed)

    def update(self, dt: float, now: float) -> None:
        self.t += dt
        self.since_asked += dt
        if self.since_asked >= KITCHEN_ASK and self.stack is not None and self.stack.top is self:
            self.since_asked = 0.0
            if ways_in.own_kitchen_open(self.app):
                people = ways_in.kitchen_people(self.app)
                if not people:  # the last guest left this client's LAN kitchen: it closes
                    self.close_kitchen()
                elif people != self.kitchen:
                    self.rebuild()

    def redraw_at(self, now: float) -> float | None:
        return now + 1 / STEAM_FPS  # the steam drifts gently; nothing else moves

    def draw_heading(self, surface: pygame.Surface, lay: theme.Layout) -> int:
        cx = lay.width // 2
        top = int(lay.height * 0.07)
        title = lay.font("title")
        shadow = title.render("Soup Kitchen", True, theme.SHADOW)
        words = title.render("Soup Kitchen", True, theme.MUSTARD)
        rect = words.get_rect(midtop=(cx, top))
        surface.blit(shadow, rect.move(0, max(2, lay.ring)))
        surface.blit(words, rect)
        self._draw_pot(surface, lay, rect)
        y = theme.text(
            surface,
            _("Four soup games for friends at one table or across the room"),
            "body",
            theme.TEXT_DIM,
            (cx, rect.bottom + lay.gap),
            lay,
            anchor="midtop",
        ).bottom
        return y + lay.margin

    def _draw_pot(self, surface: pygame.Surface, lay: theme.Layout, title: pygame.Rect) -> None:
        """A steaming pot on each side of the title."""
        r = int(title.height * 0.42)
        for side, x in ((-1, title.left - r * 2), (1, title.right + r * 2)):
            cy = title.centery + r // 3
            body = pygame.Rect(0, 0, r * 2, int(r * 1.4))
            body.midtop = (x, cy - r // 3)
            pygame.draw.rect(surface, theme.SHADOW, body.move(0, lay.ring), border_radius=r // 2)
            pygame.draw.rect(surface, theme.ACCENT, body, border_radius=r // 2)
            pygame.draw.rect(
                surface,
                theme.ACCENT_DARK,
                (body.x - r // 4, body.y, body.width + r // 2, r // 3),
                border_radius=r // 6,
            )
            pygame.draw.ellipse(
                surface, theme.BROTH, (body.x + r // 6, body.y - r // 5, body.width - r // 3, r // 2)
            )
            for i in range(3):
                phase = self.t * 1.6 + i * 2.1 + side
                sx = body.x + body.width * (i + 1) // 4 + int(math.sin(phase) * r / 6)
                top = body.y - r // 2 - int((phase % 3) * r / 5)
                pygame.draw.circle(
                    surface, (*theme.TEXT_DIM,), (sx, top), max(2, r // 7), width=max(1, r // 14)
                )


def resume_hosting(app) -> None:
    """Reopen the LAN table this client hosted: its table if the game had started, else its lobby."""

    def landed(session) -> None:
        (transitions.open_table if session.started else transitions.open_lobby)(app, session)

    transitions.run_with_wait(
        app,
        _("Reopening your kitchen to the LAN..."),
        transitions.with_art(app, ways_in.resume_hosting(app)),
        landed,
    )
