"""The pause menu over a table, and the settings screen."""

from __future__ import annotations

from collections.abc import Callable

from soupkitchen.client import tables, words
from soupkitchen.client.net.session import TableSession
from soupkitchen.client.scenes import transitions
from soupkitchen.client.scenes.common import Dialog, FormScene
from soupkitchen.client.settings import BOT_SPEEDS
from soupkitchen.client.ui.choice import Choice, option_name
from soupkitchen.client.ui.textfield import TextField
from soupkitchen.client.ui.widgets import Button, Toggle, Widget
from soupkitchen.client.words import LANGUAGES, N_, _, percent


def menu_message(session: TableSession) -> str:
    """What the menu over a table says of the table meanwhile (words to translate)."""
    scene = tables.table_scene_for(session.game_id)
    waits = scene.menu_holds(session)  # a solo table (or a couch one, if the game says so) waits
    return (
        N_("The game is over: the table stays as it ended.")
        if session.over
        else N_("Hand the controls on, or step away: the kitchen keeps cooking for the others.")
        if session.couch and scene.menu_holds_clock and not waits
        else N_("Hand the controls on, or step away from the table.")
        if session.couch
        else N_("The table waits while this menu is open.")
        if waits
        else N_("The kitchen keeps cooking while this menu is open.")
    )


class PauseMenu(Dialog):
    name = "pause"

    def __init__(self, app, session: TableSession, show_end: Callable[[], None] | None = None) -> None:
        self.session = session
        self.show_end = show_end  # the game is over: its end screen (Play again ...) can be opened again
        super().__init__(app, N_("Menu"), menu_message(session))

    def build(self) -> list[Widget]:
        widgets: list[Widget] = [Button(_("Back to the table"), self.on_back, key="resume", primary=True)]
        if self.session.over and (self.show_end is not None or self.table() is not None):
            widgets.append(Button(_("Play again or leave"), self.to_the_end, key="end"))
        if self.session.couch and self.session.shown_seat is not None and not self.session.over:
            widgets.append(Button(_("Hand the controls on"), self.hand_on, key="handoff"))
        widgets.append(
            Button(
                _("How to play (F1)"),
                lambda: transitions.open_howto(self.app, self.session.game_id),
                key="howto",
            )
        )
        if self.session.game_id == "too-many-cooks" and self.app.guide.on:
            widgets.append(Button(_("Turn the hints off"), self.hints_off, key="hints"))
        widgets += [
            Button(_("Settings"), lambda: transitions.open_settings(self.app), key="settings"),
            Button(_("Full screen on/off"), self.app.toggle_fullscreen, key="fullscreen"),
        ]
        leave = _("Save and leave") if self.session.local and not self.session.over else _("Leave table")
        widgets.append(Button(leave, self.leave, key="leave"))
        return widgets

    def table(self):
        """The table scene under this menu, if any."""
        return next((scene for scene in self.app.stack.scenes if scene.is_table), None)

    def to_the_end(self) -> None:
        """The end screen again (Play again, Replay and review, Back to title)."""
        table = self.table()
        self.app.stack.remove(self)
        if self.show_end is not None:
            self.show_end()
        elif table is not None:
            table.show_end()

    def hints_off(self) -> None:
        self.app.guide.off()
        self.app.settings.save()
        self.app.stack.remove(self)

    def hand_on(self) -> None:
        self.app.stack.remove(self)
        if not self.session.pass_controls():
            self.app.toast(_("Nobody else at this screen can play right now."))

    def leave(self) -> None:
        if self.session.local or self.session.over or not self.session.tokens:  # watching: no seat to lose
            transitions.leave(self.app, self.session)
            return
        self.app.stack.open(
            "message",
            _("Leave the table?"),
            _("A bot will take your seat. You can come back with Join."),
            [(_("Leave"), lambda: transitions.leave(self.app, self.session)), (_("Stay"), None)],
        )


class SettingsScene(FormScene):
    name = "settings"
    heading = N_("Settings")
    subheading = N_("Saved for next time.")

    def build(self) -> list[Widget]:
        s = self.app.settings
        return [
            TextField(_("Your name"), s.name, self.set_name, key="name", max_length=24),
            Choice(
                _("Language"),
                [code for code in LANGUAGES if code in words.available()],
                words.current(),
                self.app.set_language,
                key="language",
                names=LANGUAGES.get,
            ),
            Toggle(_("Sound"), not s.muted, self.set_sound, key="sound"),
            Choice(
                _("Volume"),
                list(range(0, 101, 10)),
                s.volume - s.volume % 10,
                self.set_volume,
                key="volume",
                names=percent,
            ),
            Toggle(
                _("Colour-blind symbols"),
                s.colour_blind_symbols,
                self.set("colour_blind_symbols"),
                key="symbols",
            ),
            Toggle(_("Animations"), s.animations, self.set("animations"), key="animations"),
            Choice(
                _("Bot speed"),
                list(BOT_SPEEDS),
                s.bot_speed,
                self.set("bot_speed"),
                key="bots",
                names=option_name,
            ),
            Toggle(
                _("Hints in the first round: {game}").format(game=_("Too Many Cooks")),
                s.guided_round,
                self.set("guided_round"),
                key="guided",
            ),
            Toggle(
                _("Full screen"),
                self.app.fullscreen,
                lambda _v: self.app.toggle_fullscreen(),
                key="fullscreen",
            ),
            Button(
                _("Accessibility"), lambda: self.app.stack.open("accessibility"), key="accessibility"
            ),  # client/access/settings_scene.py: speech, large text, contrast
            Button(_("Done"), self.on_back, key="done", primary=True),
        ]

    def set(self, attribute: str):
        def change(value) -> None:
            setattr(self.app.settings, attribute, value)

        return change

    def set_sound(self, on: bool) -> None:
        self.app.settings.muted = not on
        self.app.sound("select")

    def set_volume(self, value: int) -> None:
        """A new volume is heard at once (a muted client stays silent)."""
        self.app.settings.volume = value
        self.app.sound("select")

    def set_name(self, value: str) -> None:
        self.app.settings.name = value

    def on_back(self) -> None:
        self.app.settings.name = self.app.settings.name.strip()[:24] or "Chef"
        self.app.settings.save()
        self.app.stack.pop()
