"""Joining: servers found on the LAN, online servers joined before, or one typed by hand (or an
invite link); then the open tables of the chosen server, or straight to the table of a code."""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from typing import Any

from pydantic import ValidationError

from soupkitchen.client.net import links, ways_in
from soupkitchen.client.net.connection import EXAMPLE_ADDRESS, ServerError, normalise_url
from soupkitchen.client.scenes import transitions
from soupkitchen.client.scenes.common import FormScene
from soupkitchen.client.ui import theme
from soupkitchen.client.ui.textfield import TextField
from soupkitchen.client.ui.widgets import Button, Label, ListView, Widget
from soupkitchen.client.words import N_, _, ngettext, worded
from soupkitchen.shared.logs import escaped
from soupkitchen.shared.wire import codes
from soupkitchen.shared.wire.protocol import check_push

log = logging.getLogger(__name__)

Browse = Callable[[], Awaitable[list[dict[str, Any]]]]
REFRESH_TABLES = 3.0  # seconds between two asks for the table list of a server that does not push changes
REFRESH_WATCHED = 30.0  # ... of one that does (a push lost on the way is caught up with then)
SOONEST_REFRESH = 0.5  # seconds between two asks at the least, however many changes are pushed
REFRESH_SERVERS = 8.0


async def browse_lan() -> list[dict[str, Any]]:
    """Servers advertised on the LAN (empty if discovery is unavailable here)."""
    try:
        from soupkitchen.client.net.lan import browse
    except ImportError:
        return []
    try:
        return await browse(timeout=1.5)
    except Exception as err:  # noqa: BLE001 - no LAN, no multicast: just nothing found
        log.info("LAN browse failed: %s", err)
        return []


MOST_TABLES = 2_000  # tables a list shows: a server has at most 2,000 open (ServerConfig.max_tables)


def readable_tables(ack: Any) -> list[dict[str, Any]]:
    """The tables of a ``list_tables`` answer that this client can read, each checked as a lobby push
    is (a server's answer is a stranger's words): at most ``MOST_TABLES``, others skipped and logged."""
    tables = ack.get("tables") if isinstance(ack, dict) else None
    if not isinstance(tables, list):
        log.error("a list of tables this client cannot read (%s)", type(tables).__name__)
        return []
    readable = []
    for table in tables[:MOST_TABLES]:
        try:
            readable.append(check_push("lobby", {"table": table})["table"])
        except ValidationError as err:
            log.error("skipped a table this client cannot read (%s)", str(err).splitlines()[0])
    return readable


def check_address(text: str) -> str:
    """The server URL for ``host``, ``host:port`` or ``http(s)://host:port`` typed by a player;
    ValueError in plain words if it is not a host and port."""
    words = text.strip()
    if not words:
        raise ValueError(
            _("Type the address the host shared, like {example}").format(example=EXAMPLE_ADDRESS)
        )
    url = normalise_url(words)
    scheme, rest = url.split("://", 1)
    if scheme not in ("http", "https"):
        raise ValueError(
            _("{typed} is not an address: type it like {example}").format(
                typed=words, example=EXAMPLE_ADDRESS
            )
        )
    host, _colon, port = rest.rpartition(":")
    if not port.isdigit() or not 1 <= int(port) <= 65535:
        raise ValueError(
            _("The port after ':' must be a number from 1 to 65535, like {example}").format(
                example=EXAMPLE_ADDRESS
            )
        )
    if not links.is_host(host):
        raise ValueError(
            _("{host} is not a computer's address: type it like {example}").format(
                host=escaped(host), example=EXAMPLE_ADDRESS
            )
        )
    return url


def check_code(text: str) -> str | None:
    """The invite code a player typed, as the server writes it (None if none was typed);
    ValueError in plain words if it is not one."""
    if not text.strip():
        return None
    code = codes.normalise(text)
    if code is None:
        raise ValueError(
            _("A table's code is a kitchen word and eight digits, like {example}").format(
                example=codes.EXAMPLE
            )
        )
    return code


def destination(address: str, code: str) -> tuple[str, str | None]:
    """The server URL and invite code (if any) of what a player typed in the two fields: an address
    and a code, or an invite link in either; ValueError in plain words."""
    for text in (address, code):
        if links.is_link(text):
            invite = links.parse(text)
            return invite.url, invite.code
    return check_address(address), check_code(code)


class JoinScene(FormScene):
    name = "join"
    heading = N_("Join a game")
    column_scale = 1.3
    subheading = N_(
        "Kitchens on this network or online, or the address or invite link a host shared with you; "
        "with a table's code you go straight to its table."
    )

    def __init__(self, app, browse: Browse | None = None) -> None:
        self.browse = browse or browse_lan
        self.servers: list[dict[str, Any]] = []
        self.searching = False
        self.since_search = 0.0
        self.address = app.settings.last_server
        self.error = ""
        self.field: TextField | None = None
        self.code_field: TextField | None = None
        super().__init__(app)

    @property
    def choices(self) -> list[str]:
        """The server of each row of the list: those on the LAN, then the online ones joined before."""
        lan = [f"http://{s['host']}:{s['port']}" for s in self.servers]
        return lan + [url for url in self.app.settings.online_servers if url not in lan]

    def build(self) -> list[Widget]:
        rows = [
            f"{kitchen_name(s)}\t{s['host']}:{s['port']}"
            + (f" (+{len(s['hosts']) - 1})" if len(s.get("hosts") or []) > 1 else "")
            for s in self.servers
        ]
        online = _("Online")
        rows += [f"{online}\t{url.split('://', 1)[1]}" for url in self.choices[len(rows) :]]
        empty = (
            _("Looking for kitchens on the LAN...") if self.searching else _("No kitchens found on the LAN.")
        )
        self.list = ListView(rows, self.pick, key="servers", empty=empty, visible_rows=4)
        self.list.removable = set(range(len(self.servers), len(rows)))  # the online ones joined before
        self.list.on_remove = self.forget
        if self.field is None:
            self.field = TextField(
                _("Address"),
                self.address,
                self._typed,
                key="address",
                placeholder=_("e.g. {example}").format(example=EXAMPLE_ADDRESS),
                on_submit=lambda _v: self.connect_typed(),
            )
        if self.code_field is None:
            self.code_field = TextField(
                _("Table code"),
                "",
                self._typed,
                key="code",
                placeholder=_("e.g. {example}").format(example=codes.EXAMPLE),
                on_submit=lambda _v: self.connect_typed(),
            )
        problem = Label(self.error, "body", theme.MUSTARD, key="problem")
        problem.visible = bool(self.error)
        buttons = [
            Button(_("Join"), self.connect_typed, key="connect", primary=True),
            Button(_("Search again"), self.search, key="search"),
            Button(_("Back"), self.on_back, key="back"),
        ]
        for button in buttons:  # at the foot, where a problem said above them never moves them
            button.footer = True
        return [self.list, self.field, self.code_field, problem, *buttons]

    def _typed(self, _value: str) -> None:
        if self.field is not None:
            self.address = self.field.value
        if self.error:
            self.error = ""
            self.rebuild()

    def show_problem(self, words: str, field: str = "address") -> None:
        """Say what went wrong under the fields, and give the address (or the code) the focus again
        (typing goes on into the field: nothing modal is in the way)."""
        self.error = words
        self.rebuild()
        self.form.focus_on(field)

    def on_enter(self) -> None:
        if not self.servers and not self.searching:
            self.search()

    def update(self, dt: float, now: float) -> None:
        self.since_search += dt
        if (
            self.since_search >= REFRESH_SERVERS
            and not self.searching
            and self.stack is not None
            and self.stack.top is self
        ):
            self.search()

    def search(self) -> None:
        self.since_search = 0.0
        self.searching = True
        self.rebuild()

        def found(servers: list[dict[str, Any]]) -> None:
            self.searching = False
            self.servers = [s for s in servers if isinstance(s, dict) and "host" in s and "port" in s]
            self.rebuild()

        self.app.spawn(self.browse(), found)

    def pick(self, index: int) -> None:
        """A server of the list: its tables, or the table of the code typed; a kitchen found on the
        LAN is tried at each address it advertised until one answers."""
        typed = self.code_field.value if self.code_field is not None else ""
        try:
            code = check_code(typed)
        except ValueError as err:
            self.show_problem(str(err), "code")
            return
        if index < len(self.servers):
            server = self.servers[index]
            hosts = [h for h in server.get("hosts") or [] if isinstance(h, str)] or [server["host"]]
            self.open([f"http://{host}:{server['port']}" for host in hosts], code)
        else:
            self.open([self.choices[index]], code)

    def forget(self, index: int) -> None:
        """Take an online server joined before out of the list (and out of the settings)."""
        self.app.settings.forget_server(self.choices[index])
        self.rebuild()
        self.form.focus_on("servers")

    def connect_typed(self) -> None:
        if self.field is not None:
            self.address = self.field.value
        typed = self.code_field.value if self.code_field is not None else ""
        try:
            url, code = destination(self.address, typed)
        except ValueError as err:
            self.show_problem(
                str(err), "code" if typed.strip() and not links.is_link(self.address) else "address"
            )
            return
        self.app.settings.last_server = (
            url.removeprefix("http://") if links.is_link(self.address) else self.address.strip()
        )
        self.app.settings.save()
        self.open([url], code)

    def open(self, urls: list[str], code: str | None = None) -> None:
        self.error = ""
        self.rebuild()
        if code is not None:
            url = urls[0]

            def failed(words: str) -> None:  # reached, the server knew no such code; or not reached at all
                reached = self.app.conn is not None and self.app.conn.url == url and self.app.conn.connected
                self.show_problem(words, "code" if reached else "address")

            transitions.join_by_code(self.app, url, code, on_error=failed)
            return
        transitions.run_with_wait(
            self.app,
            _("Knocking on the kitchen door..."),
            ways_in.connect_first(self.app, urls),
            lambda conn: self.app.stack.open("tables", conn),
            on_error=self.show_problem,
        )


def kitchen_name(server: dict[str, Any]) -> str:
    """A kitchen found on the LAN, named by the computer it runs on ("The kitchen on ada-laptop"),
    not by the server's id."""
    machine = str(server.get("machine") or "").strip()
    if not machine:
        return _("A kitchen on this network")
    return _("The kitchen on {machine}").format(machine=machine)


def table_row(table: dict[str, Any]) -> str:
    """One line about a table: game, seats, state, password."""
    seats = table.get("seats", [])
    people = sum(1 for s in seats if s.get("name") and not s.get("bot"))
    bots = sum(1 for s in seats if s.get("bot"))
    state = (
        _("finished") if table.get("over") else _("playing - watch") if table.get("started") else _("waiting")
    )
    host = next((s.get("name") for s in seats if s.get("seat") == table.get("host_seat")), None) or _(
        "someone"
    )
    lock = "  " + _("(password)") if table.get("has_password") else ""
    title = worded(table.get("title", table.get("game")))
    if bots:
        who = ngettext("{people} + {bots} bot of {seats}", "{people} + {bots} bots of {seats}", bots)
    else:
        who = _("{people} of {seats}")
    who = who.format(people=people, bots=bots, seats=len(seats))
    name = _("{title} - {host}'s table").format(title=title, host=host)
    return f"{name}{lock}\t{who}, {state}"


class TablesScene(FormScene):
    """The open tables of a server. While it is on screen the connection watches the list: the
    server pushes each change (``tables_changed``, from any node of a cluster) and the list is asked
    for again at once (at most every ``SOONEST_REFRESH`` seconds); a server that does not push is
    asked every ``REFRESH_TABLES`` seconds. Covered by another screen or left, it watches no more."""

    name = "tables"
    heading = N_("Open tables")
    column_scale = 1.5

    def __init__(self, app, conn, tables: list[dict[str, Any]] | None = None) -> None:
        self.conn = conn
        self.tables = tables or []
        self.since_refresh = 0.0
        self.loading = False
        self.watching = False  # this screen has asked the connection to watch the list
        self.pushed = False  # ... and the server pushes its changes
        self.stale = False  # a change was pushed that the list shown does not have yet
        super().__init__(app)

    def build(self) -> list[Widget]:
        self.subheading = _("On {server}").format(server=self.conn.url.split("://", 1)[-1])
        self.list = ListView(
            [table_row(t) for t in self.tables],
            self.pick,
            key="tables",
            empty=_("No open tables yet. Create one!"),
            visible_rows=5,
        )
        return [
            self.list,
            Button(_("New table"), self.create, key="create", primary=True),
            Button(_("Refresh"), self.refresh, key="refresh"),
            Button(_("Back"), self.on_back, key="back"),
        ]

    def on_enter(self) -> None:
        self.watch(True)
        self.refresh()

    def on_exit(self) -> None:
        self.watch(False)

    def on_back(self) -> None:
        self.app.stack.pop()
        self.app.spawn(ways_in.disconnect(self.app))

    def watch(self, on: bool) -> None:
        """Have the connection watch the list (or not), its pushes marking the list stale."""
        if on == self.watching:
            return
        self.watching = on
        listeners = self.conn.tables_listeners
        if on and self._changed not in listeners:
            listeners.append(self._changed)
        elif not on:
            if self._changed in listeners:
                listeners.remove(self._changed)
            self.pushed = False

        async def ask() -> bool:
            try:
                return await self.conn.watch_tables(on)
            except ServerError as err:  # not reached now: the connection watches again once back
                log.info("could not %s watching the table list: %s", "start" if on else "stop", err)
                return False

        def answered(pushes: Any) -> None:
            if on and self.watching:
                self.pushed = bool(pushes)

        self.app.spawn(ask(), answered)

    def _changed(self) -> None:
        self.stale = True

    def update(self, dt: float, now: float) -> None:
        self.since_refresh += dt
        on_top = self.stack is not None and self.stack.top is self
        if not on_top:
            if self.watching and self.stack is not None:  # covered by another screen
                self.watch(False)
            return
        if not self.watching:
            self.watch(True)
            self.stale = True  # it may have changed while covered
        if self.pushed:
            due = (
                self.stale and self.since_refresh >= SOONEST_REFRESH
            ) or self.since_refresh >= REFRESH_WATCHED
        else:
            due = self.since_refresh >= REFRESH_TABLES
        if due:
            self.refresh()

    def refresh(self) -> None:
        self.since_refresh = 0.0
        if self.loading or not self.conn.connected:
            return
        self.stale = False
        self.loading = True

        def got(ack: dict[str, Any] | None) -> None:
            self.loading = False
            if ack is not None:
                self.tables = [t for t in readable_tables(ack) if not t["over"]]
                self.rebuild()

        async def fetch():
            try:
                return await self.conn.request("list_tables", {})
            finally:
                self.loading = False

        self.app.spawn(fetch(), got)

    def create(self) -> None:
        transitions.open_setup(self.app, "remote", self.conn)

    def pick(self, index: int) -> None:
        transitions.sit_at(self.app, self.conn, self.tables[index])
