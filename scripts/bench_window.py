"""How much of Stone Soup's challenge window a person really gets, at every seat a person sits in.

For each claim another player makes, a person's desktop client (the real ``Connection`` and
``TableSession``) notes when the push that opens the window reaches it, then sends a let-go at
once, as a call would be sent. The server (embedded, in this process, on the same monotonic clock)
logs when that let-go arrived. So, on the table's game clock:

- ``late``: from the claim being made (the window opening) to its push reaching the client;
- ``trip``: from the client sending its answer to the server receiving it;
- ``gets``: the window's length less both, the time the person has to read the claim and decide,
  so that a call sent at the end still reaches the server before the window closes.

The tables: one person among bots at 2-5 players (the options a solo table starts from), three
people, and two people with two bots (the game's default options), each on loopback and over a slow
link (``tests/server/bad_link.py``: 90-110 ms each way, so 200 ms round trips, 5% of packets lost
and resent 250 ms later; every person on a link of their own). All tables play at once. Figures per
table (every seat of a person together), then a last line with the least any person got.

    .venv/bin/python scripts/bench_window.py --windows 40
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests" / "server"))

from bad_link import BadLink, LinkShape  # noqa: E402 - the tests' poor network

from soupkitchen.client.net.connection import Connection  # noqa: E402
from soupkitchen.client.net.session import TableSession  # noqa: E402
from soupkitchen.server.embedded import EmbeddedServer  # noqa: E402
from soupkitchen.shared.registry import registration  # noqa: E402
from soupkitchen.shared.stone_soup import GAME  # noqa: E402

SLOW = LinkShape(delay=(0.09, 0.11), loss=0.05, resend=0.25)
PATIENCE = 60.0  # seconds without a single window at a table before the run gives up on it
TABLES = (
    ("one person, 2 players", 1, 2),
    ("one person, 3 players", 1, 3),
    ("one person, 4 players", 1, 4),
    ("one person, 5 players", 1, 5),
    ("three people", 3, 3),
    ("two people, two bots", 2, 4),
)


def table_options(people: int, players: int) -> dict[str, Any]:
    """The options such a table starts from: a solo set-up's own for one person among bots, if the
    game has any (as the client's solo set-up reads them), else the defaults."""
    entry = registration(GAME.id)
    solo = dict(entry.solo_options) if people == 1 and entry is not None else {}
    return dict(GAME.normalise_options(solo, players))


@dataclass
class Sample:
    late: float
    trip: float
    gets: float


@dataclass
class Person:
    """One person's client: lets every other player's claim go as soon as it shows, plays on its turn."""

    session: TableSession
    seat: int
    server: EmbeddedServer
    samples: list[Sample]
    seen: set[int] = field(default_factory=set)
    busy_at: int = -1  # the state id this person is acting on

    def __post_init__(self) -> None:
        self.session.listeners.append(self.on_state)

    def on_state(self, seat: int | None, view: dict[str, Any], events: list) -> None:
        arrived = time.monotonic()
        if seat != self.seat or view.get("over"):
            return
        window = view.get("window")
        kinds = {action["type"] for action in view["legal_actions"]}
        if window is not None and "let_go" in kinds and window["serial"] not in self.seen:
            self.seen.add(window["serial"])
            asyncio.ensure_future(self.let_go(view, arrived))
        elif kinds & {"play", "salt"} and self.busy_at != self.session.state_ids[seat]:
            self.busy_at = self.session.state_ids[seat]
            plays = [a for a in view["legal_actions"] if a["type"] == "play"] or view["legal_actions"]
            asyncio.ensure_future(self.session.act(seat, plays[0], quiet=True))

    async def let_go(self, view: dict[str, Any], arrived: float) -> None:
        table = self.server.hub.tables[self.session.table["id"]]
        serial, closes = view["window"]["serial"], view["deadline"]
        opened = closes - view["challenge_seconds"]
        sent = table.game_now(time.monotonic())
        ack = await self.session.act(self.seat, {"type": "let_go", "play": serial}, quiet=True)
        if not ack.get("ok"):
            return  # the window closed before the let-go arrived (the figures would say so)
        landed = next(
            entry["t"]
            for entry in reversed(table.record.log)
            if entry["seat"] == self.seat and entry["action"] == {"type": "let_go", "play": serial}
        )
        shown = table.game_now(arrived)
        self.samples.append(Sample(shown - opened, landed - sent, closes - shown - (landed - sent)))


async def seat_people(
    server: EmbeddedServer,
    url_of,
    people: int,
    players: int,
    options: dict[str, Any],
    samples: list[Sample],
    conns: list[Connection],
) -> list[Person]:
    """A started table of ``people`` clients and bots in the other seats."""
    host = Connection(url_of(0))
    await host.connect()
    conns.append(host)
    created = await host.request(
        "create_table", {"game": "stone-soup", "seats": players, "name": "Person 1", "options": options}
    )
    tid = created["table"]["id"]
    sessions = [TableSession(host, created["table"], {0: created["token"]})]
    for index in range(1, people):
        conn = Connection(url_of(index))
        await conn.connect()
        conns.append(conn)
        joined = await conn.request("join_table", {"table": tid, "name": f"Person {index + 1}"})
        sessions.append(TableSession(conn, joined["table"], {joined["seat"]: joined["token"]}))
    for seat in range(people, players):
        await host.request("add_bot", {"token": created["token"], "seat": seat})
    for session in sessions[1:]:
        await session.set_ready(True)
    persons = [Person(session, session.seats_held[0], server, samples) for session in sessions]
    await sessions[0].request("start")
    return persons


async def measure(
    server: EmbeddedServer, link: LinkShape | None, people: int, players: int, windows: int
) -> list[Sample]:
    """Play tables (a new one when a game ends) until ``windows`` claims were measured."""
    options = table_options(people, players)
    links = (
        [await BadLink(server.port, LinkShape(**{**vars(link), "seed": i})).start() for i in range(people)]
        if link is not None
        else []
    )
    samples: list[Sample] = []
    conns: list[Connection] = []
    try:
        while len(samples) < windows:
            persons = await seat_people(
                server,
                lambda i: links[i].url if links else server.url,
                people,
                players,
                options,
                samples,
                conns,
            )
            count, waited = len(samples), 0.0
            while len(samples) < windows and not persons[0].session.over:
                await asyncio.sleep(0.1)
                waited = 0.0 if len(samples) > count else waited + 0.1
                count = len(samples)
                if waited > PATIENCE:
                    raise RuntimeError("no window measured for a minute")
            for conn in conns:
                await conn.close()
            conns.clear()
    finally:
        for conn in conns:
            await conn.close()
        for bad in links:
            await bad.stop()
    return samples[:windows]


def line(name: str, link: str, seconds: int, samples: list[Sample]) -> str:
    late = [s.late * 1000 for s in samples]
    trip = [s.trip * 1000 for s in samples]
    gets = [s.gets for s in samples]
    return (
        f'table="{name}" link={link} window_s={seconds} windows={len(samples)} '
        f"late_p50_ms={statistics.median(late):.0f} late_max_ms={max(late):.0f} "
        f"trip_p50_ms={statistics.median(trip):.0f} trip_max_ms={max(trip):.0f} "
        f"gets_p50_s={statistics.median(gets):.2f} gets_min_s={min(gets):.2f}"
    )


async def main(windows: int, bot_delay: float) -> None:
    with tempfile.TemporaryDirectory() as folder:
        server = EmbeddedServer(
            Path(folder) / "window.sqlite3",
            bot_delay=bot_delay,
            rate=500.0,
            burst=500.0,
            max_tables_per_address=0,
            max_connections_per_address=0,
        )
        await server.start()
        try:
            runs = [
                (name, link_name, people, players, link)
                for name, people, players in TABLES
                for link_name, link in (("loopback", None), ("slow", SLOW))
            ]
            results = await asyncio.gather(
                *(measure(server, link, people, players, windows) for _, _, people, players, link in runs)
            )
        finally:
            await server.stop()
    least = None
    for (name, link_name, people, players, _), samples in zip(runs, results, strict=True):
        seconds = table_options(people, players)["challenge_seconds"]
        print(line(name, link_name, seconds, samples), flush=True)
        worst = min(s.gets for s in samples)
        if least is None or worst < least[0]:
            least = (worst, name, link_name)
    assert least is not None
    print(f'least_gets_s={least[0]:.2f} at="{least[1]}" link={least[2]}')


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--windows", type=int, default=40, help="claims measured per table and link")
    parser.add_argument(
        "--bot-delay", type=float, default=1.0, help="seconds a bot thinks (the server's default)"
    )
    args = parser.parse_args()
    asyncio.run(main(args.windows, args.bot_delay))
