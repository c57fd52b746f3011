"""The lobby of a table: seats, bots, game options, and the host's start button."""

from __future__ import annotations

from typing import Any

from client import theme
from client.scenes import flows
from client.scenes.common import FormScene, MessageDialog
from client.scenes.setup import option_name, option_values
from client.session import TableSession
from client.widgets import Button, Choice, Label, ListView, Toggle, Widget


class LobbyScene(FormScene):
    name = "lobby"
    column_scale = 1.2

    def __init__(self, app, session: TableSession) -> None:
        self.session = session
        self._started = False
        session.lobby_listeners.append(self._lobby_changed)
        session.conn.kicked_listeners.append(self._kicked)
        super().__init__(app)

    @property
    def table(self) -> dict[str, Any]:
        return self.session.table

    def _specs(self) -> list[dict[str, Any]]:
        for game in self.session.conn.games:
            if game.get("id") == self.session.game_id:
                return list(game.get("options", []))
        return []

    def seat_row(self, info: dict[str, Any]) -> str:
        seat = info.get("seat", 0)
        if info.get("bot"):
            who = "Bot"
        elif info.get("name"):
            who = info["name"]
            if not info.get("connected", True):
                who += " (away)"
        else:
            who = "empty - a bot will cook here"
        tags = []
        if seat == self.table.get("host_seat"):
            tags.append("host")
        if seat in self.session.tokens:
            tags.append("you")
        symbol = f"{theme.seat_symbol(seat)} " if self.app.settings.colour_blind_symbols else ""
        return f"{symbol}Seat {seat + 1}   {who}" + (f"\t{', '.join(tags)}" if tags else "")

    def build(self) -> list[Widget]:
        table = self.table
        self.heading = f"{table.get('title', self.session.game_id)} - lobby"
        host = self.session.is_host
        if host and self.app.server_address:
            self.subheading = f"Friends join at  {self.app.server_address}"
        elif host:
            self.subheading = "Add bots or wait for friends, then start."
        else:
            self.subheading = "Waiting for the host to start the game."
        seats = table.get("seats", [])
        hint = "Choose a seat to add or remove a bot." if host else ""
        seat_list = ListView([self.seat_row(s) for s in seats], self.pick_seat, key="seats",
                             visible_rows=max(2, min(6, len(seats))))
        seat_list.colours = [theme.seat_colour(s.get("seat")) if (s.get("name") or s.get("bot")) else theme.PANEL_EDGE
                             for s in seats]
        widgets: list[Widget] = [seat_list]
        if hint:
            widgets.append(Label(hint, "small", theme.TEXT_DIM, key="hint"))
        options = table.get("options", {})
        for spec in self._specs():
            key = spec["key"]
            value = options.get(key, spec["default"])
            if host:
                widgets.append(Choice(spec["label"], option_values(spec), value,
                                      lambda v, k=key: self.set_option(k, v), key=f"opt:{key}", names=option_name))
            else:
                widgets.append(Label(f"{spec['label']}: {option_name(value)}", key=f"opt:{key}"))
        settings = table.get("settings", {})
        if host:
            widgets.append(Toggle("Hand-off pauses the timer", bool(settings.get("handoff_pauses_timer", True)),
                                  self.set_pause, key="pause"))
            widgets.append(Button("Start the game", self.start, key="start", primary=True))
        widgets.append(Button("Leave table", self.leave, key="leave"))
        return widgets

    def _lobby_changed(self, table: dict[str, Any]) -> None:
        if table.get("started") and not self._started:
            self._started = True
            self._detach()
            flows.open_table(self.app, self.session)
            return
        self.rebuild()

    def _kicked(self, table_id: str) -> None:
        if table_id == self.table.get("id"):
            self._detach()
            flows.leave(self.app, self.session)
            self.app.stack.push(MessageDialog(self.app, "Removed", "The host removed you from the table."))

    def _detach(self) -> None:
        if self._lobby_changed in self.session.lobby_listeners:
            self.session.lobby_listeners.remove(self._lobby_changed)
        if self._kicked in self.session.conn.kicked_listeners:
            self.session.conn.kicked_listeners.remove(self._kicked)

    def pick_seat(self, index: int) -> None:
        if not self.session.is_host:
            return
        seats = self.table.get("seats", [])
        if index >= len(seats):
            return
        info = seats[index]
        seat = info["seat"]
        if info.get("bot"):
            self.app.spawn(self.session.request("remove_bot", seat=seat))
        elif not info.get("name"):
            self.app.spawn(self.session.request("add_bot", seat=seat))
        elif seat not in self.session.tokens:
            self.app.stack.push(MessageDialog(self.app, "Remove player?", f"Remove {info['name']} from the table?", [
                ("Remove", lambda: self.app.spawn(self.session.request("kick", seat=seat))),
                ("Keep", None)]))

    def set_option(self, key: str, value: Any) -> None:
        options = {**self.table.get("options", {}), key: value}
        self.app.spawn(self.session.request("set_options", options=options))

    def set_pause(self, on: bool) -> None:
        settings = {**self.table.get("settings", {}), "handoff_pauses_timer": on}
        self.app.spawn(self.session.request("set_options", options=self.table.get("options", {}), settings=settings))

    def start(self) -> None:
        self.app.spawn(self.session.request("start"))

    def leave(self) -> None:
        self._detach()
        flows.leave(self.app, self.session)

    def on_back(self) -> None:
        self.leave()
