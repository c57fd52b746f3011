"""Hosting for friends online from home: the host's port opened on a router (a small gateway on
127.0.0.1 that the client is pointed at: no discovery multicast), the lobby showing the outside
address and the invite link for it, a friend joining by code through the mapped port, and the
mapping removed when hosting stops; a router that cannot help is said so in the lobby."""

from __future__ import annotations

import pytest

from soupkitchen.client.net import upnp, ways_in
from soupkitchen.client.scenes import transitions
from soupkitchen.client.scenes.lobby import LobbyScene
from soupkitchen.client.scenes.setup import GameSetupScene
from tests.client.igd import Gateway
from tests.server.server_testkit import Client


@pytest.fixture
async def router(monkeypatch):
    made: list[Gateway] = []

    async def start(**kind) -> Gateway:
        gateway = await Gateway(**kind).start()
        monkeypatch.setenv(upnp.GATEWAY_ENV, gateway.description_url)
        made.append(gateway)
        return gateway

    yield start
    for gateway in made:
        await gateway.stop()


async def hosted_lobby(app) -> tuple[LobbyScene, int]:
    """A table hosted on this machine's server (on loopback: the test advertises nothing), its
    port opened for friends online as hosting does, and its lobby open."""
    url = await ways_in.start_embedded(app, lan=False)
    port = int(url.rsplit(":", 1)[-1])
    app.server_address = f"192.168.1.20:{port}"
    await ways_in.open_to_friends_online(app, port)
    conn = await ways_in.connect(app, url)
    session = await ways_in.create_table(app, conn, "stone-soup", {}, 3)
    transitions.open_lobby(app, session)
    return app.stack.top, port


async def test_the_lobby_shows_the_outside_address_and_the_mapping_goes_with_the_server(app, kit, router):
    gateway = await router()
    lobby, port = await hosted_lobby(app)
    try:
        app.step(0.0)
        code = lobby.table["code"]
        assert gateway.mappings[(port, "TCP")]["NewInternalPort"] == str(port)
        assert (
            f"Friends elsewhere join at  81.2.69.142:{port},  on this network at  192.168.1.20:{port}"
            in lobby.subheading
            and lobby.subheading.startswith(f"Invite code {code}.")
        )
        assert lobby.invite_link == f"soupkitchen://81.2.69.142:{port}/{code}?tls=no"
        friend = Client(f"http://127.0.0.1:{port}")  # the mapped port leads to the host's server
        await friend.connect()
        found = await friend.ok("find_table", {"code": code})
        await friend.ok("join_table", {"table": found["table"]["id"], "name": "Bo"})
        await friend.close()
        await kit.settle(app, lambda: "Bo" in str(lobby.describe()["widgets"]))
    finally:
        await app.shutdown()
    assert gateway.mappings == {} and app.port_map is None


async def test_a_router_that_will_not_open_the_port_is_said_so_in_the_lobby(app, kit, router):
    gateway = await router(refuse=True)
    lobby, port = await hosted_lobby(app)
    try:
        app.step(0.0)
        shown = lobby.describe()["widgets"]
        assert any(
            f"The router refused to open port {port}" in str(w) and "server put online" in str(w)
            for w in shown
        ), shown
        assert f"Friends join at  192.168.1.20:{port}" in lobby.subheading  # still hosted on the LAN
        assert lobby.invite_link.startswith(f"soupkitchen://192.168.1.20:{port}/")
    finally:
        await app.shutdown()
    assert gateway.mappings == {}


async def test_hosting_for_friends_online_is_chosen_on_the_set_up_screen(app, kit, monkeypatch):
    asked = []

    async def host_lan(_app, game, options, players, password, online=False):
        asked.append(online)
        raise OSError("not this time")

    monkeypatch.setattr(ways_in, "host_lan", host_lan)
    setup = app.stack.push(GameSetupScene(app, "host", kit.GAMES))
    setup.form.focus_on("online")
    kit.press(app, "select")
    setup.form.focus_on("start")
    kit.press(app, "select")
    await kit.settle(app, lambda: bool(asked))
    assert asked == [True]
