"""The host comes back: a LAN host whose client closed mid-round is offered "Resume hosting" on the
next launch; it restarts its server on the same record and port, takes back its own seat with its
stored token, and the guest, who saw "reconnecting..." meanwhile, reconnects by itself and plays on."""

from __future__ import annotations

import pygame

from soupkitchen.client.app import App
from soupkitchen.client.net import ways_in
from soupkitchen.client.scenes import transitions
from soupkitchen.client.scenes.title import TitleScene
from soupkitchen.client.settings import Settings
from soupkitchen.client.tables.too_many_cooks.scene import TooManyCooksTable
from soupkitchen.client.ui.input import InputAction
from tests.tables.harness import Clock, run_apps


def table_of(app: App):
    return app.stack.top if isinstance(app.stack.top, TooManyCooksTable) else None


async def play_one_move(session) -> int:
    """The seat of ``session`` plays its first legal move; the state id it was played on."""
    seat = session.seats_held[0]
    view = session.view(seat)
    action = next(a for a in view["legal_actions"] if a["type"] in ("rotate", "pass"))
    ack = await session.act(seat, action)
    assert ack["ok"], ack
    return session.state_ids[seat]


async def test_a_host_resumes_hosting_and_takes_back_its_seat_while_the_guest_plays_on(tmp_path, monkeypatch):
    monkeypatch.setattr(ways_in, "data_dir", lambda: tmp_path / "host-data")
    host = App(
        Settings(path=tmp_path / "host.json", name="Ada", bot_speed="relaxed"),
        size=(1280, 720),
        fullscreen=False,
        clock=Clock(),
    )
    guest = App(
        Settings(path=tmp_path / "guest.json", name="Bo"), size=(1280, 720), fullscreen=False, clock=Clock()
    )
    relaunched = None
    try:
        hosting = await ways_in.host_lan(host, "too-many-cooks", {}, 2, None)
        port = host.server.port
        url = f"http://127.0.0.1:{port}"
        transitions.open_lobby(host, hosting)
        joined = await ways_in.join_table(guest, await ways_in.connect(guest, url), hosting.table["id"])
        transitions.open_lobby(guest, joined)
        await joined.set_ready(True)
        await hosting.request("start")
        await run_apps(
            [host, guest], lambda: table_of(host) and table_of(guest) and joined.view(1) is not None
        )
        for session in (hosting, joined):  # both chefs ready: the round starts
            await session.act(session.seats_held[0], {"type": "ready"})
        await run_apps([host, guest], lambda: joined.view(1)["phase"] == "playing")
        turn = joined.view(1)["turn"]
        await play_one_move(hosting if turn == 0 else joined)
        await run_apps([host, guest], lambda: joined.view(1)["turn"] != turn)

        await host.shutdown()  # the host's client closes mid-round
        guest_table = table_of(guest)
        await run_apps([guest], lambda: guest_table.frame().reconnecting)
        assert guest_table.frame().remaining is not None
        await run_apps([guest], lambda: guest.conn.server_gone, timeout=60)  # nothing listens there now
        held = guest_table.frame().remaining
        await run_apps([guest], lambda s=guest.clock.t: guest.clock.t > s + 3)
        assert guest_table.frame().remaining == held  # the host's clock stands: so does the guest's

        relaunched = App(
            Settings(path=tmp_path / "host.json"), size=(1280, 720), fullscreen=False, clock=Clock()
        )
        title = relaunched.stack.push(TitleScene(relaunched))
        assert title.describe()["widgets"][0] == "[Too Many Cooks - hosting]"  # the unfinished games' list
        title.form.focus_on("unfinished")
        relaunched.dispatch(InputAction("select"))
        await run_apps(
            [relaunched, guest],
            lambda: (
                table_of(relaunched) is not None
                and table_of(relaunched).session.view(0) is not None
                and joined.connected
                and not guest_table.frame().reconnecting
            ),
        )
        back = table_of(relaunched).session
        assert [e.kind for e in table_of(relaunched).story.entries if e.is_move] == [
            "rotated"
        ]  # its round so far
        assert relaunched.server.port == port  # the same port: the guest found it by itself
        assert back.seats_held == [0] and back.tokens == hosting.tokens
        seats = back.table["seats"]
        assert seats[0]["name"] == "Ada" and seats[0]["connected"] and not seats[0]["stand_in"]

        for _ in range(2):  # play goes on, each chef at their turn
            turn = joined.view(1)["turn"]
            before = joined.state_id
            await play_one_move(back if turn == 0 else joined)
            await run_apps([relaunched, guest], lambda b=before: joined.state_id > b and back.state_id > b)
        assert [t.message for t in guest.toasts if t.kind == "error"] == []
    finally:
        await guest.shutdown()
        if relaunched is not None:
            await relaunched.shutdown()
        await host.shutdown()
        pygame.display.quit()
