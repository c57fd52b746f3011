"""Joining by invite code through a real server: a code typed with the server's address, or an
invite link, brings a friend to the table's lobby (over TLS for a server put online, which the join
screen then offers again); a wrong code is said under the fields and nothing changes."""

from __future__ import annotations

import pytest

from soupkitchen.client.net import links, tls
from soupkitchen.client.scenes.join import JoinScene, destination
from soupkitchen.client.scenes.lobby import LobbyScene
from soupkitchen.client.settings import Settings
from soupkitchen.server.embedded import EmbeddedServer
from soupkitchen.server.net.tls import server_context
from tests.server.certs import make_certificate
from tests.server.server_testkit import Client


async def nobody() -> list:
    return []


@pytest.fixture
async def hosted(tmp_path, request):
    """A server (over TLS when the test asks for it) with one code-only Stone Soup table hosted by Ada."""
    secure = getattr(request, "param", False)
    made = make_certificate(tmp_path / "certs") if secure else None
    server = EmbeddedServer(
        tmp_path / "server.sqlite3", bot_delay=0.05, tls=server_context(made.cert, made.key) if made else None
    )
    await server.start()
    host = Client(server.url, tls=made.client_context() if made else None)
    await host.connect()
    created = await host.ok(
        "create_table", {"game": "stone-soup", "seats": 3, "name": "Ada", "settings": {"listed": False}}
    )
    yield server, created["table"], made
    await host.close()
    await server.stop()


def type_into(app, kit, scene, key: str, words: str) -> None:
    scene.form.focus_on(key)
    for _ in range(60):
        kit.press(app, "erase")
    for ch in words:
        kit.press(app, "text", text=ch)


async def test_a_code_typed_with_the_address_brings_a_friend_to_the_lobby(app, kit, hosted):
    server, table, _made = hosted
    join = app.stack.push(JoinScene(app, nobody))
    type_into(app, kit, join, "address", f"127.0.0.1:{server.port}")
    type_into(app, kit, join, "code", table["code"].lower().replace("-", " "))
    kit.press(app, "select")
    try:
        await kit.settle(app, lambda: isinstance(app.stack.top, LobbyScene), timeout=15)
        lobby = app.stack.top
        assert lobby.table["id"] == table["id"] and lobby.session.tokens
        assert lobby.subheading.startswith(f"Invite code {table['code']}.")
        assert app.settings.online_servers == []  # a LAN server is found again on the LAN
    finally:
        await app.shutdown()


@pytest.mark.parametrize("hosted", [True], indirect=True)
async def test_an_invite_link_joins_over_tls_and_the_server_is_offered_again(app, kit, hosted, monkeypatch):
    server, table, made = hosted
    monkeypatch.setattr(tls, "TRUSTED", [])
    tls.trust(made.cert)  # as soupkitchen --trust-cert does
    link = links.link(server.url, table["code"])
    assert link == f"soupkitchen://127.0.0.1:{server.port}/{table['code']}"
    join = app.stack.push(JoinScene(app, nobody))
    type_into(app, kit, join, "address", link)
    kit.press(app, "select")
    try:
        await kit.settle(app, lambda: isinstance(app.stack.top, LobbyScene), timeout=15)
        assert app.stack.top.table["id"] == table["id"] and app.conn.url == server.url
        assert app.settings.online_servers == [server.url]
        again = JoinScene(app, nobody)
        assert again.choices == [server.url]
        assert f"Online   127.0.0.1:{server.port}" in again.describe()["widgets"][0]
    finally:
        await app.shutdown()


async def test_a_wrong_code_is_said_under_the_fields_and_nothing_changes(app, kit, hosted):
    server, table, _made = hosted
    join = app.stack.push(JoinScene(app, nobody))
    type_into(app, kit, join, "address", f"127.0.0.1:{server.port}")
    wrong = "SOUP-0000-0000" if table["code"] != "SOUP-0000-0000" else "SOUP-0000-0001"
    type_into(app, kit, join, "code", wrong)
    kit.press(app, "select")
    try:
        await kit.settle(app, lambda: bool(join.error) and app.stack.top is join, timeout=15)
        assert f"No table here has the code {wrong}" in join.error and join.form.focused.key == "code"
        assert table["id"] not in join.error
        assert [
            s["name"]
            for s in server.hub.roster.runner_of(table["id"]).table.summary()["seats"]
            if s.get("name")
        ] == ["Ada"]
    finally:
        await app.shutdown()


def test_what_is_not_a_code_or_a_link_is_explained_before_anything_is_sent():
    assert destination("10.0.0.7", "peas 4821 7730") == ("http://10.0.0.7:8765", "PEAS-4821-7730")
    assert destination("soupkitchen://kitchen.example.org/PEAS-4821-7730", "") == (
        "https://kitchen.example.org:8765",
        "PEAS-4821-7730",
    )
    assert destination("", "soupkitchen://10.0.0.7:9000/peas-4821-7730?tls=no") == (
        "http://10.0.0.7:9000",
        "PEAS-4821-7730",
    )
    for address, code, words in (
        ("10.0.0.7", "PEAS-4821", "a kitchen word and eight digits"),
        ("10.0.0.7", "QWERTY-4821-7730", "a kitchen word and eight digits"),
        ("soupkitchen://kitchen.example.org/", "", "no table code after the server"),
        ("soupkitchen://user@kitchen.example.org/PEAS-4821-7730", "", "not an invite link"),
        ("soupkitchen://kit chen.example.org/PEAS-4821-7730", "", "kit chen.example.org is not a computer"),
        ("soupkitchen://kit\x00chen:9000/PEAS-4821-7730", "", r"kit\\x00chen is not a computer"),
        ("soupkitchen://kitchen%20org/PEAS-4821-7730", "", "is not a computer's address"),
        ("10.0.0.7", "PEAS-٤٨٢١-7730", "a kitchen word and eight digits"),
        ("kit chen:9000", "", "is not a computer's address"),
    ):
        with pytest.raises(ValueError, match=words):
            destination(address, code)


async def test_an_online_server_joined_before_can_be_forgotten(app, kit):
    """Each online row has a Forget button of its own (Backspace on the row does the same); a
    kitchen found on the LAN has none, as it is found again on the next search."""

    async def one_lan_kitchen():
        return [{"name": "Soup Kitchen on pantry", "host": "192.168.1.20", "port": 8765}]

    app.settings.online_servers = ["https://kitchen.example.org:8765", "https://soup.example.net:8765"]
    join = app.stack.push(JoinScene(app, one_lan_kitchen))
    await kit.settle(app, lambda: bool(join.servers))
    app.stack.draw(app.screen)
    assert sorted(join.list.remove_rects) == [1, 2]  # the two online rows, not the LAN one
    kit.press(app, "click", device="mouse", pos=join.list.remove_rects[1].center)
    assert app.settings.online_servers == ["https://soup.example.net:8765"]
    assert not any("kitchen.example.org" in row for row in join.list.rows)
    assert join.form.focused.key == "servers"
    join.list.selected = 1
    kit.press(app, "erase")
    assert app.settings.online_servers == [] and len(join.list.rows) == 1
    join.list.selected = 0
    kit.press(app, "erase")  # the LAN kitchen stays
    assert len(join.list.rows) == 1
    assert Settings.load(app.settings.path).online_servers == []
