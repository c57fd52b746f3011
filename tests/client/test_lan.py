"""Two clients over the LAN path: one hosts (server with discovery on this machine), the other types
the shared address, finds the table, gives the password, and both end up at the same started table."""

from __future__ import annotations

import asyncio

from soupkitchen.client.app import App
from soupkitchen.client.scenes import transitions
from soupkitchen.client.scenes.join import JoinScene, TablesScene
from soupkitchen.client.scenes.lobby import LobbyScene
from soupkitchen.client.settings import Settings
from soupkitchen.client.tables.base import TableScene


async def both(host: App, guest: App, until, timeout: float = 15.0) -> None:
    loop = asyncio.get_running_loop()
    end = loop.time() + timeout
    while loop.time() < end:
        for app in (host, guest):
            app.clock.t += 1 / 60
            app.step(app.clock.t)
        await asyncio.sleep(0.005)  # real time: the host's socket answers between frames
        if until():
            return
    raise AssertionError("timed out")


async def test_host_and_guest_meet_at_a_password_table(tmp_path, kit):
    host = App(
        Settings(path=tmp_path / "host.json", name="Ada"),
        size=(1280, 720),
        fullscreen=False,
        clock=kit.FakeClock(),
    )
    guest = App(
        Settings(path=tmp_path / "guest.json", name="Bo"),
        size=(1280, 720),
        fullscreen=False,
        clock=kit.FakeClock(),
    )
    try:
        transitions.host(host, "stone-soup", {}, 3, "soup")
        await both(host, guest, lambda: isinstance(host.stack.top, LobbyScene), timeout=20)
        lobby = host.stack.top
        assert host.server_address and host.server_address in lobby.subheading

        async def nobody():
            return []

        join = guest.stack.push(JoinScene(guest, nobody))
        join.form.focus_on("address")
        for ch in host.server_address:
            kit.press(guest, "text", text=ch)
        kit.press(guest, "select")  # Enter in the field connects
        await both(host, guest, lambda: isinstance(guest.stack.top, TablesScene) and guest.stack.top.tables)
        assert "(password)" in guest.stack.top.describe()["widgets"][0]
        kit.press(guest, "select")  # the table: asks for the password
        assert guest.stack.top.name == "dialog"
        for ch in "wrong":
            kit.press(guest, "text", text=ch)
        kit.press(guest, "select")
        await both(
            host,
            guest,
            lambda: (
                guest.stack.top.name == "dialog"
                and "password" in guest.stack.top.describe().get("message", "").lower()
            ),
        )
        kit.press(guest, "select")  # OK on the refusal
        kit.press(guest, "select")  # the table again
        for ch in "soup":
            kit.press(guest, "text", text=ch)
        kit.press(guest, "select")
        await both(
            host,
            guest,
            lambda: isinstance(guest.stack.top, LobbyScene) and "Bo" in lobby.describe()["widgets"][1],
        )
        assert guest.settings.last_server == host.server_address

        # The host cannot start before Bo says ready, and sees why.
        assert "Waiting for Bo to be ready" in lobby.describe()["widgets"]
        assert not next(w for w in lobby.form.widgets if w.key == "start").enabled
        guest_lobby = guest.stack.top
        guest_lobby.form.focus_on("ready")
        kit.press(guest, "select")  # "I am ready to cook"
        await both(host, guest, lambda: "Waiting for Bo to be ready" not in lobby.describe()["widgets"])
        assert "Seat 2   Bo   ready" in lobby.describe()["widgets"][1]
        lobby.form.focus_on("start")
        kit.press(host, "select")
        await both(
            host,
            guest,
            lambda: all(
                isinstance(a.stack.top, TableScene) and a.stack.top.session.views for a in (host, guest)
            ),
        )
        seats = [s["name"] for s in host.stack.top.session.table["seats"]]
        assert seats[:2] == ["Ada", "Bo"] and host.stack.top.session.table["seats"][2]["bot"]
    finally:
        await guest.shutdown()
        await host.shutdown()  # closes its connection, then its server


async def test_a_host_who_leaves_an_empty_lobby_closes_the_kitchen(tmp_path, kit):
    host = App(
        Settings(path=tmp_path / "host.json", name="Ada"),
        size=(1280, 720),
        fullscreen=False,
        clock=kit.FakeClock(),
    )
    try:
        transitions.host(host, "stone-soup", {}, 3, "")
        await both(host, host, lambda: isinstance(host.stack.top, LobbyScene), timeout=20)
        assert host.server is not None
        transitions.leave(host, host.stack.top.session)
        await both(host, host, lambda: host.server is None)  # nobody is left at its tables
        assert not any(kind == "kitchen" for kind, _saved in host.stack.top.unfinished)
    finally:
        await host.shutdown()
