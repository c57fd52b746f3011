"""Choosing a game, its options and the players before solo, couch, hosted or remote play."""

from __future__ import annotations

from typing import Any

from soupkitchen.client.net import ways_in
from soupkitchen.client.scenes import transitions
from soupkitchen.client.scenes.common import FormScene
from soupkitchen.client.ui import theme
from soupkitchen.client.ui.choice import (
    Choice,
    level_name,
    option_label,
    option_values,
    shown_options,
    value_names,
)
from soupkitchen.client.ui.textfield import TextField
from soupkitchen.client.ui.widgets import Button, Label, Toggle, Widget
from soupkitchen.client.words import N_, _, worded
from soupkitchen.shared.levels import LEVELS, NORMAL

MODES = {
    "solo": (N_("Play solo"), N_("Bots take every other seat.")),
    "couch": (
        N_("Couch play"),
        N_("Several players share this screen; a hand-off screen keeps secrets secret."),
    ),
    "host": (N_("Host a LAN game"), N_("Friends on this network can join your table.")),
    "remote": (N_("New table"), N_("Create a table on this server.")),
}


class GameSetupScene(FormScene):
    """The game across the top; under it the seats (players, who sits at this screen, each bot) on
    the left and the game's own options on the right, so changing the game moves no row of either
    column; Start and Back at the foot. It opens on the last set-up of its way to play (Settings),
    each part kept only where the game still allows it."""

    name = "setup"

    def __init__(self, app, mode: str, games: list[dict[str, Any]], conn=None) -> None:
        self.mode, self.games, self.conn = mode, games, conn
        self.heading, self.subheading = MODES[mode]
        self.last = app.settings.setup(mode)
        self.game = next((g for g in games if g["id"] == self.last["game"]), games[0])
        self.options: dict[str, Any] = {}
        self.players = 0
        self.local_players = 2 if mode == "couch" else 1
        self.password = ""
        self.pads: dict[int, str] = {}  # local player index -> device
        self.pause_on_handoff = True
        self.bot_levels: list[str] = []  # the level of each bot, in seat order after the local players
        self.names = list(app.settings.couch_names)  # couch players 2, 3, ... (empty: "Player 2")
        self.listed = True  # a table on a server: listed for everyone there, or found only by its code
        self.online = False  # hosting: the port also opened on the router for friends elsewhere
        self.warmed = ""  # the game whose card art is drawn ahead (see update)
        self._reset_game()
        super().__init__(app)

    def _reset_game(self, seats: dict[str, Any] | None = None) -> None:
        """The game's defaults, then what was chosen for it last time, where the game allows it; the
        seats (players, who sits here, the bots' levels) as ``seats`` says, else as the last set-up
        started in this way of playing (whatever its game), else as chosen for this game last time:
        how many sit at the table is the player's choice more than the game's."""
        specs = self.game.get("options", [])
        self.options = {spec["key"]: spec["default"] for spec in specs}
        if self.mode == "solo":
            self.options.update(self.game.get("solo_options") or {})
        low, high = self.game["min_players"], self.game["max_players"]
        last = self.last["games"].get(self.game["id"])
        last = last if isinstance(last, dict) else {}
        chosen = last.get("options") if isinstance(last.get("options"), dict) else {}
        for spec in specs:
            value = chosen.get(spec["key"])
            if value is not None and value in option_values(spec) and type(value) is type(spec["default"]):
                self.options[spec["key"]] = value
        latest = self.last["games"].get(self.last["game"]) if self.last["game"] else None
        for found in (seats, latest):
            if isinstance(found, dict) and isinstance(found.get("players"), int):
                if low <= found["players"] <= high:
                    last = found
                    break
        players = last.get("players")
        self.players = (
            players
            if isinstance(players, int) and low <= players <= high
            else max(low, min(high, 4 if self.mode != "couch" else max(2, low)))
        )
        local = last.get("local")
        if self.mode == "couch" and isinstance(local, int) and 1 <= local:
            self.local_players = local
        self.local_players = min(self.local_players, self.players)
        bots = last.get("bots")
        self.bot_levels = [b for b in bots if b in LEVELS] if isinstance(bots, list) else []
        self._fit_bots()

    def _fit_bots(self) -> None:
        """One level per bot seat: the ones chosen are kept, new seats start at normal."""
        bots = self.players - self.local_players if self.mode in ("solo", "couch") else 0
        self.bot_levels = (self.bot_levels + [NORMAL] * bots)[:bots]

    def _pick_game(self, game_id: str) -> None:
        self.game = next(g for g in self.games if g["id"] == game_id)
        self._reset_game({"players": self.players, "local": self.local_players, "bots": self.bot_levels})
        self.rebuild()

    def update(self, dt: float, now: float) -> None:
        """Have the chosen game's card art drawn while the player sets the table, so Start has
        nothing left to draw (``transitions.with_art`` then finds it ready)."""
        if self.mode in ("solo", "couch") and self.warmed != self.game["id"] and transitions.loop_running():
            self.warmed = self.game["id"]
            self.app.spawn(transitions.warm_table(self.app, self.warmed))

    def _set_players(self, n: int) -> None:
        self.players = n
        self.local_players = min(self.local_players, n)
        self._fit_bots()
        self.rebuild()

    def _set_local(self, n: int) -> None:
        self.local_players = n
        self.players = max(self.players, n)
        self._fit_bots()
        self.rebuild()

    def _set_level(self, index: int, level: str) -> None:
        self.bot_levels[index] = level

    def _set_name(self, index: int, name: str) -> None:
        """Couch player ``index + 2``'s name ("" keeps "Player N")."""
        self.names += [""] * (index + 1 - len(self.names))
        self.names[index] = name

    def _bind(self, index: int, device: str) -> None:
        if device == "any":
            self.pads.pop(index, None)
        else:
            self.pads[index] = device

    def build(self) -> list[Widget]:
        titles = {g["id"]: worded(g["title"]) for g in self.games}
        widgets: list[Widget] = [
            Choice(_("Game"), list(titles), self.game["id"], self._pick_game, key="game", names=titles.get)
        ]
        seats = self.seat_rows() + self.table_rows()  # a hosted table's own settings, under its seats
        for widget in seats:
            widget.column = "left"
        options = self.option_rows()  # the same rows, at the same size, in every mode
        for widget in options:
            widget.column = "right"
        start = {
            "solo": _("Start cooking"),
            "couch": _("Start cooking"),
            "host": _("Open the table"),
            "remote": _("Create table"),
        }[self.mode]
        howto = Button(_("How to play (F1)"), self.howto, key="howto")
        howto.corner = True
        # Start and Back in one row at the foot, in the same places for every game however many
        # rows its options and bots take above them
        footer: list[Widget] = [
            Button(start, self.start, key="start", primary=True),
            Button(_("Back"), self.on_back, key="back"),
        ]
        if self.mode == "solo" and self.game["id"] == transitions.GUIDED_GAME:  # a first game, led
            footer.insert(
                1, Button(_("Guided first round"), lambda: transitions.start_guided(self.app), key="guided")
            )
        for widget in footer:
            widget.footer = True
        return widgets + seats + options + [howto] + footer

    def seat_rows(self) -> list[Widget]:
        """The left column: how many play, who sits at this screen (couch: their names, their
        controls), and each bot's level."""
        counts = list(range(self.game["min_players"], self.game["max_players"] + 1))
        rows: list[Widget] = [
            Label(_("Seats"), "small", theme.TEXT_DIM, key="seats-heading"),
            Choice(_("Players"), counts, self.players, self._set_players, key="players"),
        ]
        if self.mode == "couch":
            rows.append(
                Choice(
                    _("At this screen"),
                    list(range(1, self.players + 1)),
                    self.local_players,
                    self._set_local,
                    key="local",
                )
            )
            for i in range(1, self.local_players):
                number = i + 1
                name = self.names[i - 1] if i - 1 < len(self.names) else ""
                rows.append(
                    TextField(
                        _("Player {number}").format(number=number),
                        name,
                        lambda v, i=i - 1: self._set_name(i, v),
                        key=f"name{number}",
                        max_length=24,
                        placeholder=_("name"),
                    )
                )
            devices = ["any"] + [f"pad:{i}" for i in sorted(self.app.input.pads)]
            if len(devices) > 1:
                names = {"any": _("any controls"), **{f"pad:{i}": n for i, n in self.app.input.pads.items()}}
                for i in range(self.local_players):
                    rows.append(
                        Choice(
                            _("Player {number} uses").format(number=i + 1),
                            devices,
                            self.pads.get(i, "any"),
                            lambda v, i=i: self._bind(i, v),
                            key=f"pad{i}",
                            names=names.get,
                        )
                    )
        for index, level in enumerate(self.bot_levels):
            seat = self.local_players + index + 1
            rows.append(
                Choice(
                    _("Bot at seat {seat}").format(seat=seat),
                    list(LEVELS),
                    level,
                    lambda v, i=index: self._set_level(i, v),
                    key=f"bot{index}",
                    names=level_name,
                )
            )
        if self.mode in ("solo", "couch") and not self.bot_levels:
            rows.append(Label(_("No bots: every seat is here."), colour=(196, 172, 140), key="bots"))
        return rows

    def table_rows(self) -> list[Widget]:
        """A hosted table's own settings (its password, who finds it), in the left column under the
        seats, so the game's options stand in the right column as they do in every mode."""
        if self.mode not in ("host", "remote"):
            return []
        rows: list[Widget] = [
            Label(_("Table"), "small", theme.TEXT_DIM, key="table-heading"),
            TextField(
                _("Password"),
                self.password,
                lambda v: setattr(self, "password", v),
                key="password",
                placeholder=_("none"),
                secret=True,
            ),
        ]
        if self.mode == "remote":
            rows.append(
                Toggle(
                    _("Listed for everyone on the server"),
                    self.listed,
                    lambda v: setattr(self, "listed", v),
                    key="listed",
                )
            )
        if self.mode == "host":
            rows.append(
                Toggle(
                    _("Also for friends online (router, UPnP)"),
                    self.online,
                    lambda v: setattr(self, "online", v),
                    key="online",
                )
            )
        return rows

    def option_rows(self) -> list[Widget]:
        """The right column: the game's options (the one it asks first on top), the table's own
        settings, and the learner's option (where the game has one) last, right under them."""
        specs = self.game.get("options", [])
        learner = [spec for spec in specs if spec.get("learner")]
        specs = shown_options([spec for spec in specs if spec not in learner], self.options)
        primary = self.game.get("primary_option")
        specs.sort(key=lambda spec: spec["key"] != primary)  # stable: the others keep the game's order
        rows: list[Widget] = [Label(_("Options"), "small", theme.TEXT_DIM, key="options-heading")]
        rows += [self._option(spec) for spec in specs]
        if self.mode == "couch" and ways_in.timed(
            self.game["id"]
        ):  # a game with no clock has nothing to pause
            rows.append(
                Toggle(
                    _("Hand-off pauses the timer"),
                    self.pause_on_handoff,
                    lambda v: setattr(self, "pause_on_handoff", v),
                    key="pause",
                )
            )
        if len(rows) == 1:  # nothing but a learner's helper (at the foot), or nothing at all
            words = (
                _("Played as printed; a learner's helper below.")
                if learner
                else _("This game has no options: it is played as printed.")
            )
            rows.append(Label(words, colour=(196, 172, 140), key="no-options"))
        rows += [self._option(spec) for spec in learner]  # right under the others, not alone far below
        return rows

    def _option(self, spec: dict[str, Any]) -> Choice:
        key = spec["key"]
        return Choice(
            option_label(spec),
            option_values(spec),
            self.options[key],
            lambda v, k=key: self._set_option(k, v),
            key=f"opt:{key}",
            names=value_names(spec),
        )

    def _set_option(self, key: str, value: Any) -> None:
        self.options[key] = value
        if any((spec.get("shown_if") or [None])[0] == key for spec in self.game.get("options", [])):
            self.rebuild()  # an option that matters only with this one's value comes or goes

    def howto(self) -> None:
        transitions.open_howto(self.app, self.game["id"])

    def remember(self) -> None:
        """This set-up, to open on next time (Settings), and the couch players' names."""
        self.app.settings.remember_setup(
            self.mode,
            self.game["id"],
            players=self.players,
            local=self.local_players,
            bots=list(self.bot_levels),
            options=dict(self.options),
        )
        if self.mode == "couch":
            self.app.settings.couch_names = [name.strip()[:24] for name in self.names]
            self.app.settings.save()

    def start(self) -> None:
        game_id, options = self.game["id"], dict(self.options)
        self.remember()
        if self.mode in ("solo", "couch"):
            transitions.start_local(
                self.app,
                game_id,
                options,
                self.players,
                self.local_players,
                dict(self.pads),
                self.pause_on_handoff,
                list(self.bot_levels),
            )
        elif self.mode == "host":
            transitions.host(self.app, game_id, options, self.players, self.password or None, self.online)
        else:
            transitions.create_remote(
                self.app, self.conn, game_id, options, self.players, self.password or None, self.listed
            )
