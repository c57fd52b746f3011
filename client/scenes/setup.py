"""Choosing a game, its options and the players before solo, couch, hosted or remote play."""

from __future__ import annotations

from typing import Any

from soupkitchen.client import ways_in
from soupkitchen.client.choice import (
    Choice,
    level_name,
    option_label,
    option_values,
    shown_options,
    value_names,
)
from soupkitchen.client.scenes import transitions
from soupkitchen.client.scenes.common import FormScene
from soupkitchen.client.textfield import TextField
from soupkitchen.client.widgets import Button, Label, Toggle, Widget
from soupkitchen.client.words import N_, _, worded
from soupkitchen.shared.levels import LEVELS, NORMAL

MODES = {
    "solo": (N_("Play solo"), N_("Bots take every other seat.")),
    "couch": (N_("Couch play"), N_("Several players share this screen; a hand-off screen keeps secrets secret.")),
    "host": (N_("Host a LAN game"), N_("Friends on this network can join your table.")),
    "remote": (N_("New table"), N_("Create a table on this server.")),
}


class GameSetupScene(FormScene):
    name = "setup"
    column_scale = 1.2

    def __init__(self, app, mode: str, games: list[dict[str, Any]], conn=None) -> None:
        self.mode, self.games, self.conn = mode, games, conn
        self.heading, self.subheading = MODES[mode]
        self.game = games[0]
        self.options: dict[str, Any] = {}
        self.players = 0
        self.local_players = 2 if mode == "couch" else 1
        self.password = ""
        self.pads: dict[int, str] = {}   # local player index -> device
        self.pause_on_handoff = True
        self.bot_levels: list[str] = []   # the level of each bot, in seat order after the local players
        self.listed = True  # a table on a server: listed for everyone there, or found only by its code
        self.online = False  # hosting: the port also opened on the router for friends elsewhere
        self._reset_game()
        super().__init__(app)

    def _reset_game(self) -> None:
        self.options = {spec["key"]: spec["default"] for spec in self.game.get("options", [])}
        if self.mode == "solo":
            self.options.update(self.game.get("solo_options") or {})
        low, high = self.game["min_players"], self.game["max_players"]
        self.players = max(low, min(high, 4 if self.mode != "couch" else max(2, low)))
        self.local_players = min(self.local_players, self.players)
        self._fit_bots()

    def _fit_bots(self) -> None:
        """One level per bot seat: the ones chosen are kept, new seats start at normal."""
        bots = self.players - self.local_players if self.mode in ("solo", "couch") else 0
        self.bot_levels = (self.bot_levels + [NORMAL] * bots)[:bots]

    def _pick_game(self, game_id: str) -> None:
        self.game = next(g for g in self.games if g["id"] == game_id)
        self._reset_game()
        self.rebuild()

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

    def _bind(self, index: int, device: str) -> None:
        if device == "any":
            self.pads.pop(index, None)
        else:
            self.pads[index] = device

    def build(self) -> list[Widget]:
        titles = {g["id"]: worded(g["title"]) for g in self.games}
        widgets: list[Widget] = [
            Choice(_("Game"), list(titles), self.game["id"], self._pick_game, key="game", names=titles.get)]
        counts = list(range(self.game["min_players"], self.game["max_players"] + 1))
        widgets.append(Choice(_("Players"), counts, self.players, self._set_players, key="players"))
        if self.mode == "couch":
            widgets.append(Choice(_("At this screen"), list(range(1, self.players + 1)), self.local_players,
                                  self._set_local, key="local"))
            devices = ["any"] + [f"pad:{i}" for i in sorted(self.app.input.pads)]
            if len(devices) > 1:
                names = {"any": _("any controls"), **{f"pad:{i}": n for i, n in self.app.input.pads.items()}}
                for i in range(self.local_players):
                    widgets.append(Choice(_("Player {number} uses").format(number=i + 1), devices, self.pads.get(i, "any"),
                                          lambda v, i=i: self._bind(i, v), key=f"pad{i}", names=names.get))
        specs = self.game.get("options", [])
        learner = [spec for spec in specs if spec.get("learner")]   # at the foot: see below
        specs = shown_options([spec for spec in specs if spec not in learner], self.options)
        primary = self.game.get("primary_option")
        for spec in specs:   # the option the game asks first (a difficulty, where it has one), then the bots
            if spec["key"] == primary:
                widgets.append(self._option(spec))
        for index, level in enumerate(self.bot_levels):
            seat = self.local_players + index + 1
            widgets.append(Choice(_("Bot at seat {seat}").format(seat=seat), list(LEVELS), level,
                                  lambda v, i=index: self._set_level(i, v), key=f"bot{index}", names=level_name))
        for spec in specs:
            if spec["key"] != primary:
                widgets.append(self._option(spec))
        if self.mode == "couch" and ways_in.timed(self.game["id"]):   # a game with no clock has nothing to pause
            widgets.append(Toggle(_("Hand-off pauses the timer"), self.pause_on_handoff,
                                  lambda v: setattr(self, "pause_on_handoff", v), key="pause"))
        if self.mode in ("host", "remote"):
            widgets.append(TextField(_("Password"), self.password, lambda v: setattr(self, "password", v),
                                     key="password", placeholder=_("none"), secret=True))
        if self.mode == "remote":
            widgets.append(Toggle(_("Listed for everyone on the server"), self.listed,
                                  lambda v: setattr(self, "listed", v), key="listed"))
        if self.mode == "host":
            widgets.append(Toggle(_("Also for friends online (router, UPnP)"), self.online,
                                  lambda v: setattr(self, "online", v), key="online"))
        if self.mode in ("solo", "couch") and not self.bot_levels:
            widgets.append(Label(_("No bots: every seat is here."), colour=(196, 172, 140), key="bots"))
        start = {"solo": _("Start cooking"), "couch": _("Start cooking"), "host": _("Open the table"),
                 "remote": _("Create table")}[self.mode]
        howto = Button(_("How to play (F1)"), self.howto, key="howto")
        howto.corner = True
        widgets.append(howto)
        # the learner's option (where a game has one), Start and Back at the foot: in the same places
        # for every game, however many rows the game's options and bots take above them
        footer: list[Widget] = [self._option(spec) for spec in learner]
        footer += [Button(start, self.start, key="start", primary=True),
                   Button(_("Back"), self.on_back, key="back")]
        for widget in footer:
            widget.footer = True
        return widgets + footer

    def _option(self, spec: dict[str, Any]) -> Choice:
        key = spec["key"]
        return Choice(option_label(spec), option_values(spec), self.options[key],
                      lambda v, k=key: self._set_option(k, v), key=f"opt:{key}", names=value_names(spec))

    def _set_option(self, key: str, value: Any) -> None:
        self.options[key] = value
        if any((spec.get("shown_if") or [None])[0] == key for spec in self.game.get("options", [])):
            self.rebuild()     # an option that matters only with this one's value comes or goes

    def howto(self) -> None:
        transitions.open_howto(self.app, self.game["id"])

    def start(self) -> None:
        game_id, options = self.game["id"], dict(self.options)
        if self.mode in ("solo", "couch"):
            transitions.start_local(self.app, game_id, options, self.players, self.local_players,
                              dict(self.pads), self.pause_on_handoff, list(self.bot_levels))
        elif self.mode == "host":
            transitions.host(self.app, game_id, options, self.players, self.password or None, self.online)
        else:
            transitions.create_remote(self.app, self.conn, game_id, options, self.players, self.password or None,
                                self.listed)
