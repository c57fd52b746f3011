"""The lobby of a table: seats and who is ready, bots, game options, and the host's start button."""

from __future__ import annotations

from typing import Any

import pygame

from soupkitchen.client.net import links, ways_in
from soupkitchen.client.net.session import TableSession
from soupkitchen.client.scenes import transitions
from soupkitchen.client.scenes.common import FormScene
from soupkitchen.client.settings import BOT_SPEEDS
from soupkitchen.client.ui import theme
from soupkitchen.client.ui.choice import (
    Choice,
    level_name,
    option_label,
    option_name,
    option_values,
    shown_options,
    value_names,
)
from soupkitchen.client.ui.widgets import Button, Label, ListView, Toggle, Widget
from soupkitchen.client.words import N_, _, worded

BOT_LEVELS = ("easy", "normal", "hard")
SEAT_HINT = N_("Choose an empty seat to add a bot, or a bot to change or remove it.")
BOT_WORDS = N_("An easy bot makes more mistakes; a hard one plays its best.")
COPIED_SECONDS = 3.0  # the copy button says the link was copied this long


class SeatList(ListView):
    """The lobby's seats, each row ending in a ready badge: a tick on green when ready, three dots
    in a mustard ring while the table waits for that player (nothing for an empty seat)."""

    def __init__(self, rows: list[str], ready: list[bool | None], on_activate, visible_rows: int) -> None:
        super().__init__(rows, on_activate, key="seats", visible_rows=visible_rows)
        self.ready = ready
        self.right_kind = "small"  # "ready, host, you": beside the name, which keeps its full size

    def badge_rect(self, i: int, lay: theme.Layout) -> pygame.Rect:
        row = self.row_rect(i).inflate(-lay.gap, -lay.gap // 2)
        size = row.height * 3 // 5
        rect = pygame.Rect(0, 0, size, size)
        rect.midright = (row.right - lay.gap * 2 - self.counter_room(lay), row.centery)
        return rect

    def draw(self, surface, lay, focused) -> None:
        rows = self.rows
        space = max(1, lay.font(self.right_kind).size(" ")[0])
        clear = self.badge_rect(0, lay).width + lay.gap
        room = " " * (
            clear // space + 2
        )  # keeps the words clear of the badge (the list keeps the counter's room)
        self.rows = [
            row
            if i >= len(self.ready) or self.ready[i] is None  # no badge: the words may run on
            else row + room
            if "\t" in row
            else f"{row}\t{room}"
            for i, row in enumerate(rows)
        ]
        try:
            super().draw(surface, lay, focused)
        finally:
            self.rows = rows
        for i in range(self.scroll, min(len(rows), self.scroll + self.visible_rows)):
            if i < len(self.ready) and self.ready[i] is not None:
                draw_ready_badge(surface, self.badge_rect(i, lay), bool(self.ready[i]))


def draw_ready_badge(surface: pygame.Surface, rect: pygame.Rect, ready: bool) -> None:
    r = rect.width // 2
    if ready:
        pygame.draw.circle(surface, theme.HERB, rect.center, r)
        cx, cy = rect.center
        tick = [(cx - r * 0.5, cy), (cx - r * 0.12, cy + r * 0.4), (cx + r * 0.5, cy - r * 0.4)]
        pygame.draw.lines(surface, theme.TEXT_DARK, False, tick, max(2, r // 4))
    else:
        pygame.draw.circle(surface, theme.MUSTARD, rect.center, r, max(2, r // 5))
        for dx in (-1, 0, 1):
            pygame.draw.circle(
                surface, theme.MUSTARD, (rect.centerx + dx * r // 2, rect.centery), max(1, r // 7)
            )


class LobbyScene(FormScene):
    name = "lobby"
    column_scale = 1.2
    left_share = 0.56  # the seats: a long name beside "not ready, you" and its badge

    def __init__(self, app, session: TableSession) -> None:
        self.session = session
        self._started = False
        self.copied_until: float | None = None  # the invite link was copied: the button says so until then
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
            who = _("Bot, {level}").format(level=option_name(info.get("level") or "normal"))
        elif info.get("name"):
            who = info["name"]
            if not info.get("connected", True):
                who = _("{name} (away)").format(name=who)
        else:
            who = _("empty - a bot will cook here")
        tags = []
        if info.get("name") or info.get("bot"):
            tags.append(_("ready") if self.session.is_ready(seat) else _("not ready"))
        if seat == self.table.get("host_seat"):
            tags.append(_("host"))
        if seat in self.session.tokens:
            tags.append(_("you"))
        symbol = f"{theme.seat_symbol(seat)} " if self.app.settings.colour_blind_symbols else ""
        place = _("Seat {number}").format(number=seat + 1)
        return f"{symbol}{place}   {who}" + (f"\t{', '.join(tags)}" if tags else "")

    def build(self) -> list[Widget]:
        table = self.table
        self.heading = _("{title} - lobby").format(title=worded(table.get("title", self.session.game_id)))
        host = self.session.is_host
        guest_seats = self.session.own_guest_seats
        ready = bool(guest_seats) and all(self.session.is_ready(seat) for seat in guest_seats)
        outside = self.app.port_map.address if self.app.port_map is not None else None
        others = [a for a in getattr(self.app, "server_addresses", []) if a != self.app.server_address][:2]
        also = " " + _("(or {addresses})").format(addresses=_(" or ").join(others)) if others else ""
        seat_hint = _(SEAT_HINT)
        if host and outside:
            self.subheading = (
                _("Friends elsewhere join at  {outside},  on this network at  {address}.").format(
                    outside=outside, address=f"{self.app.server_address}{also}"
                )
                + "  "
                + seat_hint
            )
        elif host and self.app.server_address:
            self.subheading = (
                _("Friends join at  {address}.").format(address=f"{self.app.server_address}{also}")
                + "  "
                + seat_hint
            )
        elif host:
            self.subheading = seat_hint
        elif ready:
            self.subheading = _("You are ready. Waiting for the host to start the game.")
        else:
            self.subheading = _("Say you are ready, then the host can start the game.")
        seats = table.get("seats", [])
        seat_list = SeatList(
            [self.seat_row(s) for s in seats],
            [
                self.session.is_ready(s.get("seat", 0)) if (s.get("name") or s.get("bot")) else None
                for s in seats
            ],
            self.pick_seat,
            visible_rows=max(1, len(seats)),
        )  # every seat in sight
        seat_list.colours = [
            theme.seat_colour(s.get("seat")) if (s.get("name") or s.get("bot")) else theme.PANEL_EDGE
            for s in seats
        ]
        widgets: list[Widget] = [Label(_("Seats"), "small", theme.TEXT_DIM, key="seats-heading"), seat_list]
        if host and self.app.online_problem:  # hosting for friends online could not open the port
            widgets.append(Label(self.app.online_problem, "small", theme.MUSTARD, key="online"))
        for widget in widgets:
            widget.column = "left"
        if table.get("code"):  # read out to friends, or sent as a link
            self.subheading = _("Invite code {code}.").format(code=table["code"]) + "  " + self.subheading
            copied = self.copied_until is not None and self.app.clock() < self.copied_until
            words = _("Invite link copied") if copied else _("Copy invite link")
            copy = Button(words, self.copy_link, key="copy")
            copy.corner = True
            widgets.append(copy)
        settings_rows = len(widgets)
        widgets.append(Label(_("Options"), "small", theme.TEXT_DIM, key="options-heading"))
        options = table.get("options", {})
        for spec in shown_options(self._specs(), options):
            key = spec["key"]
            value = options.get(key, spec["default"])
            if host:
                widgets.append(
                    Choice(
                        option_label(spec),
                        option_values(spec),
                        value,
                        lambda v, k=key: self.set_option(k, v),
                        key=f"opt:{key}",
                        names=value_names(spec),
                    )
                )
            else:
                widgets.append(Label(f"{option_label(spec)}: {value_names(spec)(value)}", key=f"opt:{key}"))
        settings = table.get("settings", {})
        speed = bot_speed_of(settings.get("bot_delay"))
        bots = any(s.get("bot") or not s.get("name") for s in seats)  # a bot seat, or one a bot will take
        if host and bots:
            widgets.append(
                Choice(
                    _("Bot speed"),
                    list(BOT_SPEEDS),
                    speed,
                    lambda v: self.set_setting("bot_delay", BOT_SPEEDS[v]),
                    key="bots",
                    names=option_name,
                )
            )
        elif bots:
            widgets.append(Label(_("Bot speed: {speed}").format(speed=option_name(speed)), key="bots"))
        if (
            host and self.session.couch and ways_in.timed(self.session.game_id)
        ):  # only a shared screen hands off
            widgets.append(
                Toggle(
                    _("Hand-off pauses the timer"),
                    bool(settings.get("handoff_pauses_timer", True)),
                    lambda on: self.set_setting("handoff_pauses_timer", on),
                    key="pause",
                )
            )
        for widget in widgets[settings_rows:]:  # the game's options and the table's settings, by the seats
            widget.column = "right"
        if host:
            waiting = self.session.waiting_for
            words = (
                _("Waiting for {names} to be ready").format(names=names_of(waiting))
                if waiting
                else _("Start the game")
            )
            start = Button(words, self.start, key="start", primary=True)
            start.enabled = not waiting
            start.footer = True  # Start and Leave stay in place as rows above come and go
            widgets.append(start)
        elif guest_seats:
            ready_row = Toggle(_("I am ready to cook"), ready, self.set_ready, key="ready")
            ready_row.footer = True
            widgets.append(ready_row)
        leave = Button(_("Leave table"), self.leave, key="leave")
        leave.footer = True
        widgets.append(leave)
        return widgets

    @property
    def invite_link(self) -> str:
        """soupkitchen://HOST:PORT/CODE, the server named as friends reach it (a host's outside address
        when the router opened a port, its own address on the LAN otherwise)."""
        place = self.app.port_map.address if self.app.port_map is not None else self.app.server_address
        url = f"http://{place}" if place else self.session.conn.url
        return links.link(url, self.table["code"])

    def copy_link(self) -> None:
        """The invite link on the clipboard; the button itself says so for a while (a toast would lie
        over the code the host reads out), or where there is no clipboard, a toast gives the link."""
        link = self.invite_link
        try:
            pygame.scrap.put_text(link)
        except pygame.error:
            self.app.toast(_("Could not copy it here: the invite link is {link}").format(link=link))
            return
        self.copied_until = self.app.clock() + COPIED_SECONDS
        self.rebuild()

    def update(self, dt: float, now: float) -> None:
        if self.copied_until is not None and self.app.clock() >= self.copied_until:
            self.copied_until = None
            self.rebuild()

    def redraw_at(self, now: float) -> float | None:
        return self.copied_until

    def _lobby_changed(self, table: dict[str, Any]) -> None:
        if table.get("started") and not self._started:
            self._started = True
            self._detach()
            transitions.open_table(self.app, self.session)
            return
        self.rebuild()

    def _kicked(self, table_id: str) -> None:
        if table_id == self.table.get("id"):
            self._detach()
            transitions.leave(self.app, self.session)
            self.app.stack.open("message", _("Removed"), _("The host removed you from the table."))

    def _detach(self) -> None:
        if self._lobby_changed in self.session.lobby_listeners:
            self.session.lobby_listeners.remove(self._lobby_changed)
        if self._kicked in self.session.conn.kicked_listeners:
            self.session.conn.kicked_listeners.remove(self._kicked)

    def pick_seat(self, index: int) -> None:
        seats = self.table.get("seats", [])
        if index >= len(seats):
            return
        info = seats[index]
        seat = info["seat"]
        if not self.session.is_host:
            if seat in self.session.own_guest_seats:  # choosing one's own seat says ready (or takes it back)
                self.set_ready(not self.session.is_ready(seat))
            return
        if info.get("bot"):
            levels = [
                (level_name(level), lambda level=level: self.app.spawn(self.rebot(seat, level)))
                for level in BOT_LEVELS
                if level != info.get("level")
            ]
            self.app.stack.open(
                "message",
                _("Bot at seat {seat} ({level})").format(
                    seat=seat + 1, level=option_name(info.get("level") or "normal")
                ),
                _(BOT_WORDS),
                [
                    *levels,
                    (_("Remove"), lambda: self.app.spawn(self.session.request("remove_bot", seat=seat))),
                    (_("Keep"), None),
                ],
            )
        elif not info.get("name"):
            levels = [
                (
                    level_name(level),
                    lambda level=level: self.app.spawn(
                        self.session.request("add_bot", seat=seat, level=level)
                    ),
                )
                for level in BOT_LEVELS
            ]
            self.app.stack.open(
                "message",
                _("A bot at seat {seat}").format(seat=seat + 1),
                _(BOT_WORDS),
                [*levels, (_("Cancel"), None)],
            )
        elif seat not in self.session.tokens:
            self.app.stack.open(
                "message",
                _("Remove player?"),
                _("Remove {name} from the table?").format(name=info["name"]),
                [
                    (_("Remove"), lambda: self.app.spawn(self.session.request("kick", seat=seat))),
                    (_("Keep"), None),
                ],
            )

    async def rebot(self, seat: int, level: str) -> None:
        """The bot at ``seat`` replaced by one of ``level``."""
        reply = await self.session.request("remove_bot", seat=seat)
        if reply.get("ok"):
            await self.session.request("add_bot", seat=seat, level=level)

    def set_option(self, key: str, value: Any) -> None:
        options = {**self.table.get("options", {}), key: value}
        self.app.spawn(self.session.request("set_options", options=options))

    def set_setting(self, key: str, value: Any) -> None:
        """Change one of the table's settings (the host's bot speed or hand-off pause)."""
        settings = {**self.table.get("settings", {}), key: value}
        self.app.spawn(
            self.session.request("set_options", options=self.table.get("options", {}), settings=settings)
        )

    def set_ready(self, on: bool) -> None:
        self.app.spawn(self.session.set_ready(on))

    def start(self) -> None:
        self.app.spawn(self.session.request("start"))

    def leave(self) -> None:
        """Leave the table, once the player says so: a host's leaving closes it for every guest."""
        words = (
            _("The table closes: everyone at it goes back to the title.")
            if self.session.is_host
            else _("Your seat is given up for someone else.")
        )
        self.app.stack.open(
            "message", _("Leave the table?"), words, [(_("Leave"), self.leave_now), (_("Stay"), None)]
        )

    def leave_now(self) -> None:
        self._detach()
        transitions.leave(self.app, self.session)

    def on_back(self) -> None:
        self.leave()


def bot_speed_of(delay: Any) -> str:
    """The named bot speed nearest a table's bot delay in seconds ("normal" when it has none)."""
    if not isinstance(delay, int | float):
        return "normal"
    return min(BOT_SPEEDS, key=lambda name: abs(BOT_SPEEDS[name] - delay))


def names_of(names: list[str]) -> str:
    """``["Bo"]`` -> "Bo", ``["Bo", "Cy", "Di"]`` -> "Bo, Cy and Di"."""
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + _(" and ") + names[-1]
