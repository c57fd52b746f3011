#!/usr/bin/env python3
"""The baseline of ``bench_server.py``: a bare python-socketio server doing the same fan-out as ours.

scripts/bench_bare.py --port 8766 --view-bytes 3600,14000,3600
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

GAME = "too-many-cooks"
SEATS = 4


def run_bare_server(port: int, sizes: list[int]) -> None:
    """Stock python-socketio (given the same JSON module and garbage collector settings as ours): ``sit`` puts
    a client at a table; ``act`` from the seat whose turn it is is answered, and every client at the table is
    sent a payload of a view's size, the actor's first. ``sizes``: the acting seat's push, the next seat's
    (whose turn it becomes), the others'."""
    import socketio
    from aiohttp import web

    from soupkitchen.server.gc_pauses import settle_heap
    from soupkitchen.shared.wire.codec import WireJson

    sio = socketio.AsyncServer(async_mode="aiohttp", json=WireJson)
    app = web.Application()
    sio.attach(app)
    tables: dict[str, dict[int, str]] = {}
    states: dict[str, tuple[int, int]] = {}  # table -> (state id, seat to move)
    views = (
        sample_views()
    )  # real views, so that they compress as ours do: the actor's, the mover's, another's

    async def fan_out(table: str, actor: int | None) -> None:
        state_id, turn = states[table]
        order = sorted(tables[table], key=lambda seat: seat != actor)  # the actor first
        for seat in order:
            role = 0 if seat == actor else 1 if seat == turn else 2
            view = {**views[role], "legal_actions": [{"type": "move"}] if seat == turn else [], "pad": ""}
            push = {"table": table, "seat": seat, "state_id": state_id, "view": view}
            view["pad"] = "x" * max(0, sizes[role] - len(json.dumps(push, separators=(",", ":"))))
            await sio.emit("state", push, to=tables[table][seat])

    @sio.on("sit")
    async def sit(sid: str, data: dict) -> dict:
        tables.setdefault(data["table"], {})[data["seat"]] = sid
        if len(tables[data["table"]]) == SEATS:
            states[data["table"]] = (0, 0)
            await fan_out(data["table"], None)
        return {"ok": True}

    @sio.on("act")
    async def act(sid: str, data: dict) -> dict:
        table = data["table"]
        state_id, turn = states[table]
        if tables[table].get(turn) != sid or data["state_id"] != state_id:
            return {"ok": False}
        states[table] = (state_id + 1, (turn + 1) % SEATS)
        await fan_out(table, turn)
        return {"ok": True, "state_id": state_id + 1}

    async def settle(app: web.Application) -> None:  # the same collector settings as our server's
        settle_heap()

    app.on_startup.append(settle)
    web.run_app(app, host="127.0.0.1", port=port, print=None, access_log=None)


def fresh_views() -> list[dict]:
    """Each seat's view of a table whose chefs have all said ready (asked of the rules directly)."""
    from soupkitchen.shared.registry import get_game

    game = get_game(GAME)
    state = game.setup(SEATS, game.normalise_options({"mode": "all-day"}, SEATS), 1)
    for seat in range(SEATS):
        state, _ = game.apply(state, seat, {"type": "ready"}, 0.0)
    return [game.view(state, seat) for seat in range(SEATS)]


def sample_views() -> list[dict]:
    """A view of a seat that has just moved, of the seat to move next (its legal moves kept as
    ballast: the bare server's clients do not read them) and of another seat."""
    views = sorted(fresh_views(), key=lambda view: len(view["legal_actions"]))
    mover = {**views[-1], "moves": views[-1]["legal_actions"]}
    return [views[0], mover, views[1]]


def legal_share() -> str:
    """How much of a fresh table's views is the list of legal moves."""
    import orjson

    parts = []
    for seat, view in enumerate(fresh_views()):
        whole, legal = len(orjson.dumps(view)), len(orjson.dumps(view["legal_actions"]))
        parts.append(f"seat {seat}: {whole} B, legal moves {legal} B ({len(view['legal_actions'])})")
    return "; ".join(parts)


def push_sizes(game_id: str, players: int = SEATS, seed: int = 7) -> dict[str, list[tuple[int, int, int]]]:
    """A game played by its bots: the ``state`` push of each seat after every move as (raw JSON bytes,
    bytes deflated as permessage-deflate sends them, legal moves), for a seat with legal moves (``to
    move``) and one without (``waiting``). Each seat has one compressor, which remembers its pushes
    before, as a connection's does."""
    import zlib

    import orjson

    from soupkitchen.shared.playout import bot_chooser, play
    from soupkitchen.shared.registry import get_game

    game = get_game(game_id)
    streams = [zlib.compressobj(wbits=-15) for _ in range(players)]
    sizes: dict[str, list[tuple[int, int, int]]] = {"to move": [], "waiting": []}

    def observe(state: object, _entry: object) -> None:
        for seat, stream in enumerate(streams):
            view = game.view(state, seat)
            raw = orjson.dumps(
                {
                    "table": "Xy3_ab12",
                    "seat": seat,
                    "state_id": 1,
                    "view": view,
                    "events": [],
                    "deadline": None,
                    "server_time": 0.0,
                    "paused": False,
                    "snapshot": False,
                }
            )
            deflated = len(stream.compress(raw) + stream.flush(zlib.Z_SYNC_FLUSH))
            moves = len(view["legal_actions"])
            sizes["to move" if moves else "waiting"].append((len(raw), deflated, moves))

    play(game, players, seed, bot_chooser(game, players, seed), observe=observe, max_actions=400)
    return sizes


def view_sizes() -> list[str]:
    """Each game's push sizes per seat (:func:`push_sizes`), summed up in words."""
    from soupkitchen.shared.registry import game_ids

    lines = []
    for game_id in game_ids():
        for role, pushes in push_sizes(game_id).items():
            raw, deflated = sorted(push[0] for push in pushes), sorted(push[1] for push in pushes)
            largest = max(pushes)
            lines.append(
                f"{game_id}, {role} ({len(pushes)} pushes): raw median {statistics.median(raw):.0f} B, "
                f"largest {largest[0]} B ({largest[2]} legal moves) deflated to {largest[1]} B; deflated "
                f"median {statistics.median(deflated):.0f} B, p90 {deflated[int(0.9 * len(deflated))]} B"
            )
    return lines


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--port", type=int, required=True)
    parser.add_argument(
        "--view-bytes",
        default="0,0,0",
        help="bytes of the acting seat's push, the next seat's and the others' (default 0,0,0)",
    )
    args = parser.parse_args()
    run_bare_server(args.port, [int(n) for n in args.view_bytes.split(",")])


if __name__ == "__main__":
    main()
