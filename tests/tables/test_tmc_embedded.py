"""The Too Many Cooks table against the real embedded server and bots: ready up, then change a
card and rotate a line with injected input, and see the server's views come back; let the round
timer run out on the server's (injected) clock and see the reveal."""

from __future__ import annotations

import pygame
import pytest

from soupkitchen.client.app import App
from soupkitchen.client.net import ways_in
from soupkitchen.client.settings import Settings
from soupkitchen.client.tables.too_many_cooks.scene import TooManyCooksTable
from soupkitchen.client.ui.input import InputAction
from soupkitchen.server import hub as hub_module
from soupkitchen.server.embedded import EmbeddedServer
from soupkitchen.shared.registry import get_game
from soupkitchen.shared.too_many_cooks import describe
from soupkitchen.shared.too_many_cooks.rounds import score_round
from tests.tables.harness import Clock, run_apps


class ServerClock:
    """The server's monotonic clock: the same passing time as the client's ``Clock``, read from
    another zero, as on another machine."""

    def __init__(self, local: Clock, skew: float) -> None:
        self.local = local
        self.skew = skew

    def __call__(self) -> float:
        return self.local.t + self.skew


@pytest.fixture
def app(tmp_path, monkeypatch):
    monkeypatch.setattr(ways_in, "data_dir", lambda: tmp_path / "data")
    settings = Settings(path=tmp_path / "settings.json", bot_speed="fast")
    application = App(settings, size=(1280, 720), fullscreen=False, clock=Clock())
    yield application
    pygame.display.quit()


async def settle(app: App, until, timeout: float = 15.0, session=None) -> None:
    def failure() -> str:
        view = session.view(0) if session is not None else {}
        return (
            f"timed out waiting for the table; toasts: {[t.message for t in app.toasts]}; "
            f"phase {view.get('phase')}, turn {view.get('turn')}, chefs {view.get('chefs')}"
        )

    await run_apps([app], until, timeout, failure)


async def cooking(app: App, session) -> TooManyCooksTable:
    """The session's table on the screen, the chef ready (Enter), the round under way."""
    table = TooManyCooksTable(app, session)
    app.stack.push(table)
    await settle(app, lambda: session.view(0) is not None)
    app.dispatch(InputAction("select"))
    await settle(app, lambda: session.view(0)["phase"] == "playing", session=session)
    return table


async def test_a_round_against_the_embedded_server(app):
    session = await ways_in.play_local(app, "too-many-cooks", {"difficulty": "easy"}, players=3)
    try:
        table = TooManyCooksTable(app, session)
        app.stack.push(table)
        await settle(app, lambda: session.view(0) is not None)
        assert table.describe()["phase"] == "ready"
        assert len(session.view(0)["my_tastes"]) == 2
        app.dispatch(InputAction("select"))  # Ready: the bots are ready already
        await settle(app, lambda: session.view(0)["phase"] == "playing")
        assert session.remaining(app.clock.t) is not None

        moves = 0
        while moves < 2:
            await settle(
                app,
                lambda: table.model.my_turn or table.model.must_pass or table.model.ready_action,
                timeout=30,
                session=session,
            )
            before = session.view(0)["soup"]
            if table.model.ready_action:  # every chef passed: on to the next round
                app.dispatch(InputAction("select"))
                await settle(app, lambda: not table.model.ready_action, session=session)
                continue
            if table.model.must_pass:
                app.dispatch(InputAction("pass"))
                await settle(app, lambda: not table.model.my_turn, timeout=10)
                continue
            if moves == 0:  # change the card top left
                table.focus = "cell:0:0"  # where the keys' focus is at the turn's start
                app.dispatch(InputAction("select"))  # picked: the spares it may become are ringed
                assert table.describe()["picked"] == ["cell:0:0"]
                app.dispatch(InputAction("navigate", dx=-1))  # to the nearest of them
                spare = table.describe()["focus"]
                assert spare in table.describe()["usable"]
                app.dispatch(InputAction("select"))
                await settle(
                    app, lambda b=before: session.view(0)["soup"][0][0] != b[0][0] or not table.model.my_turn
                )
                veg, colour = spare.split(":")[1:]
                assert table.sent[-1] == {"type": "change", "row": 0, "col": 0, "veg": veg, "colour": colour}
                assert (
                    session.view(0)["soup"][0][0] == {"veg": veg, "colour": colour}
                    or session.view(0)["round"] > 1
                )
                table.focus = "cell:0:0"
            else:  # rotate row 0 east with a shoulder button: the first press shows it, the second makes it
                sent = len(table.sent)
                app.dispatch(InputAction("rotate_right", "pad:0"))
                assert len(table.sent) == sent and table.describe()["notice"] == "rotate"
                app.dispatch(InputAction("rotate_right", "pad:0"))
                await settle(app, lambda b=before: session.view(0)["soup"] != b or not table.model.my_turn)
                assert table.sent[-1] == {"type": "rotate", "line": "row", "index": 0, "step": 1}
            moves += 1
        assert [t.message for t in app.toasts if t.kind == "error"] == []
    finally:
        await ways_in.leave_table(app, session)
        await ways_in.disconnect(app)
        await ways_in.stop_embedded(app)


async def test_couch_play_hides_tastes_until_the_chef_takes_the_controls(app):
    session = await ways_in.play_local(app, "too-many-cooks", {}, players=3, local_players=2)
    try:
        table = TooManyCooksTable(app, session)
        app.stack.push(table)
        await settle(app, lambda: all(session.view(s) is not None for s in session.seats_held))
        await settle(app, lambda: session.handoff_seat is not None or session.shown_seat is not None)
        if session.shown_seat is not None:
            session.request_handoff(session.seats_held[0])
        assert session.shown_seat is None
        view = table.current_view()
        assert not view.get("my_tastes") and view["legal_actions"] == []
        app.step(app.clock.t)  # drawn from the public view
        waiting = session.handoff_seat
        session.confirm_handoff()
        assert session.shown_seat == waiting
        assert len(table.current_view()["my_tastes"]) == 2
        app.step(app.clock.t)
    finally:
        await ways_in.leave_table(app, session)
        await ways_in.disconnect(app)
        await ways_in.stop_embedded(app)


def a_seed_scoring(options: dict, players: int, fits) -> tuple[int, dict]:
    """The first seed whose dealt soup, scored untouched, gives a reveal that ``fits``; that reveal."""
    game = get_game("too-many-cooks")
    options = game.normalise_options(options, players)
    for seed in range(10_000):
        reveal, _stars, _lost = score_round(game.setup(players, options, seed))
        if fits(reveal):
            return seed, reveal
    raise AssertionError("no such deal")


async def test_the_round_timer_runs_out_on_the_server(app, tmp_path, monkeypatch):
    options = {"round_seconds": 60}
    # A deal the kitchen survives if nobody touches the soup: the round ends in a reveal, not a loss.
    seed, expected = a_seed_scoring(
        options, 3, lambda reveal: not reveal["lost"] and reveal["unsatisfied"] >= 2
    )
    monkeypatch.setattr(hub_module.secrets, "randbelow", lambda _n: seed)  # the hub deals from this seed
    app.settings.bot_speed = "relaxed"  # no bot moves before the jump below
    skew = 5000.0
    server = EmbeddedServer(
        tmp_path / "timer.sqlite3", bot_delay=app.settings.bot_delay, clock=ServerClock(app.clock, skew)
    )
    await server.start()
    server.lan = False
    app.server = server  # play_local plays on this server
    try:
        session = await ways_in.play_local(app, "too-many-cooks", options, players=3)
    except BaseException:
        await ways_in.stop_embedded(app)
        raise
    try:
        table = await cooking(app, session)  # Ready: the bots get ready too
        offset = session.conn.offset.estimate
        assert abs(offset.offset - skew) <= offset.rtt / 2 + 1e-9  # the client knows the server's clock
        left = session.remaining(app.clock.t)
        assert left is not None and 0 < left <= 60
        before = session.view(0)
        assert before["reveal"] is None  # other chefs' tastes: only faces
        assert all(set(face) == {"happy"} for chef in before["chefs"] for face in chef["tastes"])

        app.clock.t += 61  # a minute passes on both machines
        assert session.remaining(app.clock.t) == 0
        hub = server.hub
        assert hub is not None
        hub.reschedule(hub.tables[session.table["id"]])  # the hub looks at its deadlines again
        await settle(app, lambda: session.view(0)["phase"] != "playing", session=session)

        view = session.view(0)
        assert {"type": "time_up", "round": 1} in session.events  # the timer ended it, not the chefs
        assert view["phase"] == "reveal" and view["round"] == 1
        reveal = view["reveal"]
        tastes = reveal["tastes"]
        assert [[t["id"], t["owner"], t["satisfied"]] for t in tastes] == expected["tastes"]
        assert all(t["text"] for t in tastes)
        assert reveal["unsatisfied"] == sum(not t["satisfied"] for t in tastes) >= 2
        assert (
            reveal["stars_before"] == before["stars"]
            and view["stars"] == reveal["stars_after"] == before["stars"] - 1
        )
        assert describe.round_explanation(view["mode"], reveal).endswith("the kitchen loses a star.")
        assert [(t["id"], t["satisfied"]) for t in view["shared_tastes"]] == [
            (t["id"], t["satisfied"]) for t in tastes if t["owner"] is None
        ]
        assert [(t["id"], t["satisfied"]) for t in view["my_tastes"]] == [
            (t["id"], t["satisfied"]) for t in tastes if t["owner"] == 0
        ]
        for chef in view["chefs"]:  # every chef's tastes, spelled out
            owned = [t["satisfied"] for t in tastes if t["owner"] == chef["seat"]]
            assert len(owned) == 2 and owned == [face["happy"] for face in chef["tastes"]]

        app.step(app.clock.t)  # the reveal panel is drawn
        assert table.describe()["phase"] == "reveal"
        assert table.model.ready_action is not None  # "Next round" is offered
        assert session.remaining(app.clock.t) is None  # no countdown until the next round
        assert [t.message for t in app.toasts if t.kind == "error"] == []
    finally:
        await ways_in.leave_table(app, session)
        await ways_in.disconnect(app)
        await ways_in.stop_embedded(app)


async def test_a_resumed_game_tells_the_rounds_moves_again(app):
    """Leaving a solo game mid-round and resuming it: the new table's round log has the round's moves,
    rebuilt from what everyone at the table saw (the public views), not an empty list."""
    session = await ways_in.play_local(app, "too-many-cooks", {"difficulty": "easy"}, players=3)
    try:
        table = await cooking(app, session)
        for _ in range(6):  # a few moves, Ada's when it is her turn
            await settle(
                app,
                lambda: sum(e.is_move for e in table.story.entries) >= 3 or table.actions,
                timeout=30,
                session=session,
            )
            if sum(e.is_move for e in table.story.entries) >= 3:
                break
            await session.act(0, next(a for a in table.actions if a["type"] in ("rotate", "pass", "ready")))
        assert sum(e.is_move for e in table.story.entries) >= 3
        app.stack.remove(table)
        await ways_in.leave_table(app, session)  # saved, its kitchen closed
    except BaseException:
        await ways_in.stop_embedded(app)
        raise
    seen = [(e.kind, e.seat, e.faces) for e in table.story.entries if e.is_move]
    resumed = await ways_in.resume_local(app)
    try:
        again = TooManyCooksTable(app, resumed)
        told = [(e.kind, e.seat, e.faces) for e in again.story.entries if e.is_move]
        assert told[: len(seen)] == seen and again.story.since(0) == []  # the round so far, already seen
    finally:
        await ways_in.leave_table(app, resumed)
        await ways_in.disconnect(app)
        await ways_in.stop_embedded(app)
