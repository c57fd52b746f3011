"""Helpers for the server tests: a recording socket.io client and the replay-based view oracle."""

from __future__ import annotations

import asyncio
import json
import random
import ssl
import time
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

import aiohttp
import socketio
from pydantic import ValidationError

from soupkitchen.server.storage.store import Store
from soupkitchen.shared.core import Game
from soupkitchen.shared.registry import game_ids, get_game
from soupkitchen.shared.wire import protocol
from soupkitchen.shared.wire.protocol import check_push

if TYPE_CHECKING:
    from soupkitchen.client.net.session import TableSession

# A module with ``pytestmark = pytest.mark.asyncio(loop_factories=LOOPS)`` runs each test on asyncio's
# own event loop and on uvloop (see the ``pytest_asyncio_loop_factories`` hook in conftest.py).
LOOPS = ["asyncio", "uvloop"]


def unreadable(event: str, data: Any) -> str | None:
    """Why a push does not match its declared model (a ``state`` push: also its game's view and
    event models), or None."""
    try:
        check_push(event, data)
        if event == "state":
            game = get_game(data["view"]["game"])
            game.view_model.validate_python(data["view"])
            game.events_model.validate_python(data["events"])
    except (ValidationError, KeyError) as err:
        return f"{event}: {err}"
    return None


class Client:
    """A real ``socketio.AsyncClient`` that says hello and records every push it receives; a push
    that does not match its declared model fails the test waiting on this client."""

    def __init__(
        self, url: str, reconnect: bool = False, tls: ssl.SSLContext | None = None, deltas: bool = False
    ) -> None:
        self.url = url
        self.deltas = deltas  # says so in its hello: ``delta`` pushes come after a first view
        # an https:// server: over TLS, with the certificates ``tls`` trusts
        self.http = (
            aiohttp.ClientSession(connector=aiohttp.TCPConnector(ssl=tls)) if tls is not None else None
        )
        self.sio = socketio.AsyncClient(
            reconnection=reconnect,
            reconnection_delay=0.1,
            reconnection_delay_max=0.3,
            **({"http_session": self.http} if self.http is not None else {}),
        )
        self.states: list[dict[str, Any]] = []
        self.lobbies: list[dict[str, Any]] = []
        self.emotes: list[dict[str, Any]] = []
        self.kicked: list[dict[str, Any]] = []
        self.nudges: list[dict[str, Any]] = []
        self.told: list[float] = []  # when each ``tables_changed`` push arrived (time.monotonic())
        self.tokens: list[str] = []
        self.unreadable: list[str] = []
        self.connects = 0
        self.changed = asyncio.Event()
        self.sio.on("state", self._push("state", self.states))
        self.patches: list[dict[str, Any]] = []
        self.pushes: list[tuple[str, dict[str, Any]]] = []  # every state and delta push, in arrival order
        self.sio.on("delta", self._push("delta", self.patches))
        self.sio.on("lobby", self._push("lobby", self.lobbies))
        self.sio.on("emote", self._push("emote", self.emotes))
        self.sio.on("kicked", self._push("kicked", self.kicked))
        self.sio.on("nudge", self._push("nudge", self.nudges))
        self.sio.on("tables_changed", self._told)
        self.sio.on("connect", self._on_connect)

    def _push(self, event: str, into: list[dict[str, Any]]) -> Callable[[Any], Any]:
        async def handler(data: Any) -> None:
            reason = unreadable(event, data)
            if reason is not None:
                self.unreadable.append(reason)
            into.append(data)
            if event in ("state", "delta"):
                self.pushes.append((event, data))
            self.changed.set()

        return handler

    def views(self) -> dict[Any, tuple[int, dict[str, Any]]]:
        """Each seat's view (None: the spectator view) as this client holds it after every ``state``
        and ``delta`` push in order, with its state id: a delta applies (JSON Patch) to the view of its
        ``base``, which must be the one held."""
        import jsonpatch

        held: dict[Any, tuple[int, dict[str, Any]]] = {}
        for event, data in self.pushes:
            if event == "state":
                held[data["seat"]] = (data["state_id"], data["view"])
                continue
            state_id, view = held[data["seat"]]
            assert data["base"] == state_id, f"a delta on {data['base']} came to a view of {state_id}"
            held[data["seat"]] = (data["state_id"], jsonpatch.apply_patch(view, data["patch"]))
        return held

    async def _told(self, data: Any) -> None:
        reason = unreadable("tables_changed", data)
        if reason is not None:
            self.unreadable.append(reason)
        self.told.append(time.monotonic())
        self.changed.set()

    async def _on_connect(self) -> None:
        self.connects += 1
        if self.connects > 1:  # came back by itself: say hello and take the seats back
            asyncio.ensure_future(self._rejoin())

    async def _rejoin(self) -> None:
        await self.sio.call("hello", self.greeting(), timeout=5)
        for token in self.tokens:
            await self.sio.call("resume", {"token": token}, timeout=5)

    async def connect(self, hello: bool = True) -> Client:
        await self.sio.connect(self.url, transports=["websocket"], wait_timeout=5)
        if hello:
            await self.ok("hello", self.greeting())
        return self

    def greeting(self) -> dict[str, Any]:
        return {"protocol": 1, "client": "test"} | ({"deltas": True} if self.deltas else {})

    async def close(self) -> None:
        await self.sio.disconnect()
        if self.http is not None:
            await self.http.close()

    async def call(self, event: str, payload: Any = None) -> dict[str, Any]:
        # a busy machine: up to 30 s
        reply = await self.sio.call(event, payload if payload is not None else {}, timeout=30)
        if isinstance(event, str):
            protocol.check_reply(event, reply)  # every answer has its request's typed reply (or is an error)
        return reply

    async def ok(self, event: str, payload: Any = None) -> dict[str, Any]:
        reply = await self.call(event, payload)
        assert reply.get("ok") is True, f"{event} {payload} -> {reply}"
        if "token" in reply:
            self.tokens.append(reply["token"])
        return reply

    async def error(self, event: str, payload: Any, code: str) -> dict[str, Any]:
        reply = await self.call(event, payload)
        assert reply.get("ok") is False and reply["error"]["code"] == code, f"{event} -> {reply}"
        assert isinstance(reply["error"]["message"], str) and reply["error"]["message"]
        return reply

    async def settled(self) -> None:
        """Return once every push the server made to this client before now has arrived: the server
        queues each push ahead of the answer to any later request. (Nothing pushed by then is a push
        that was never made, not one that is late.)"""
        await self.ok("time_sync", {"client_time": 0.0})

    async def wait_for(self, check: Callable[[], Any], timeout: float = 10.0) -> Any:
        end = time.monotonic() + timeout
        while True:
            assert not self.unreadable, f"a push does not match its model: {self.unreadable[0]}"
            value = check()
            if value:
                return value
            if time.monotonic() > end:
                raise AssertionError(
                    f"timed out waiting; last state ids {[s['state_id'] for s in self.states[-3:]]}"
                )
            self.changed.clear()
            try:
                await asyncio.wait_for(self.changed.wait(), max(0.01, end - time.monotonic()))
            except TimeoutError:
                pass

    def latest(self, seat: int | None = None) -> dict[str, Any] | None:
        mine = [s for s in self.states if s["seat"] == seat]
        return mine[-1] if mine else None


async def fetch_json(url: str) -> Any:
    async with aiohttp.ClientSession() as session, session.get(url) as response:
        response.raise_for_status()
        return await response.json()


def stored_record(store: Store | str | Path, table_id: str) -> dict[str, Any]:
    """A table's match record as the database holds it, finished or not (``/replays/<table>``
    serves finished games only). ``store``: the hub's, or a server's database (a SQLite file's path
    or a PostgreSQL address)."""
    own = not isinstance(store, Store)
    if own and str(store).startswith("postgresql://"):
        from soupkitchen.server.storage.store_pg import PostgresStore

        db: Store = PostgresStore(str(store))
    else:
        db = Store(store) if own else store
    try:
        row = db.load_table(table_id)
    finally:
        if own:
            db.close()
    assert row is not None, f"no table {table_id} in the database"
    return {key: row[key] for key in ("game", "players", "options", "seed", "log", "over")}


def loadable_game_ids() -> list[str]:
    """Every registered game, each loaded with a bot made (a game that fails to load fails the test)."""
    for game_id in game_ids():
        get_game(game_id).make_bot(0, 1)
    return list(game_ids())


def quick_options(game: Game) -> dict[str, Any]:
    """The shortest timers each timed option allows, so whole games finish quickly."""
    options = {}
    for spec in game.option_specs:
        if any(word in spec.key for word in ("second", "time", "timer")):
            if spec.choices:
                options[spec.key] = min(spec.choices)
            elif spec.minimum is not None:
                options[spec.key] = spec.minimum
    return options


def as_json(data: Any) -> Any:
    return json.loads(json.dumps(data))


def check_received(record: dict[str, Any], received: list[dict[str, Any]]) -> int:
    """Every ``state`` push equals, exactly, the rules' view of its own seat at that state id, and
    each seat's pushes come in log order (pass one connection's pushes, in arrival order).

    ``record`` is the match record served at ``/replays/<table>`` (or ``stored_record``). Returns how many
    were checked.
    """
    game = get_game(record["game"])
    state = game.setup(
        record["players"], game.normalise_options(record["options"], record["players"]), record["seed"]
    )
    states, events = [state], [[]]
    for entry in record["log"]:
        state, new_events = game.apply(state, entry["seat"], entry["action"], entry["t"])
        states.append(state)
        events.append(new_events)
    last_seen: dict[Any, int] = {}
    for push in received:
        k = push["state_id"]
        assert k >= last_seen.get(push["seat"], 0), f"seat {push['seat']} got state {k} after a later one"
        last_seen[push["seat"]] = k
        assert 0 <= k < len(states), f"state id {k} was never logged"
        assert push["view"] == as_json(game.view(states[k], push["seat"])), (
            f"seat {push['seat']} got a view at state {k} that is not its own view"
        )
        assert push["view"]["seat"] == push["seat"]
        assert push["events"] == ([] if push["snapshot"] else as_json(events[k]))
    return len(received)


async def until(check: Callable[[], bool], timeout: float = 20.0, what: str = "the condition") -> None:
    """Wait until ``check()`` holds, polling; fails after ``timeout`` seconds, long enough for a busy
    machine (only a fault takes that long)."""
    end = time.monotonic() + timeout
    while not check():
        assert time.monotonic() < end, f"timed out waiting for {what}"
        await asyncio.sleep(0)  # look again once the event loop has gone round


async def play(session: TableSession, seat: int, rng: random.Random) -> None:
    """A player who moves whenever their view offers a move, looking again at each push, until the
    game is over."""
    changed = asyncio.Event()

    def seen(*_news: Any) -> None:
        changed.set()

    session.listeners.append(seen)
    session.lobby_listeners.append(seen)
    try:
        while not session.over:
            changed.clear()
            view = session.view(seat)
            if session.connected and view and view["legal_actions"]:
                ack = await session.act(seat, rng.choice(view["legal_actions"]), quiet=True)
                if ack.get("ok"):
                    continue  # its own view came before the answer
            try:  # the next push; or, after a second without one, a look at a link that came back
                await asyncio.wait_for(changed.wait(), 1.0)
            except TimeoutError:
                pass
    finally:
        session.listeners.remove(seen)
        session.lobby_listeners.remove(seen)
