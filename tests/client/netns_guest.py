"""The guest of the two-namespace LAN test, run inside the guest's namespace: a headless client
finds the kitchen on the Join screen, joins it by the addresses the server advertised (the Join
screen's own code), opens a Pink Soup table against a bot, plays it to the end and prints one JSON
line of what it saw.

    python tests/client/netns_guest.py DATA_DIR
"""

from __future__ import annotations

import asyncio
import json
import os
import random
import sys
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

from soupkitchen.client.app import App  # noqa: E402
from soupkitchen.client.scenes.join import JoinScene  # noqa: E402
from soupkitchen.client.settings import Settings  # noqa: E402

WAIT = 30.0


class QuickSettings(Settings):
    @property
    def bot_delay(self) -> float:  # the bot answers at once: the test plays a whole game
        return 0.0


async def frames(app: App, until, timeout: float = WAIT):
    """Run the client's frames until ``until()`` gives something (returned), or fail."""
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        app.step()
        found = until()
        if found:
            return found
        await asyncio.sleep(0.01)  # real time: the host answers from another network namespace
    raise SystemExit(
        f"timed out waiting; the screen on top: {app.stack.top.describe() if app.stack.top else None}"
    )


async def main(data: Path) -> dict:
    app = App(QuickSettings(path=data / "settings.json", name="Guest"), size=(1280, 720), fullscreen=False)
    seen: dict = {}
    try:
        join = app.stack.push(JoinScene(app))  # it browses the LAN by itself
        servers = await frames(app, lambda: join.servers)
        seen["found"] = [{"hosts": s.get("hosts"), "port": s["port"]} for s in servers]
        join.pick(0)  # tries each advertised address in turn
        tables = await frames(app, lambda: app.stack.top if app.stack.top.name == "tables" else None)
        seen["joined"] = tables.conn.url
        tables.create()  # "New table"
        setup = app.stack.top
        setup._pick_game("pink-soup")
        setup._set_players(2)
        setup.start()
        lobby = await frames(app, lambda: app.stack.top if app.stack.top.name == "lobby" else None)
        lobby.start()  # a bot takes the other seat
        table = await frames(
            app,
            lambda: (
                app.stack.top
                if getattr(app.stack.top, "is_table", False) and app.stack.top.session.views
                else None
            ),
        )
        session, rng, moves = table.session, random.Random(1), 0
        seat = session.seats_held[0]
        while not session.over:
            view = session.view(seat) or {}
            if view.get("legal_actions") and not view.get("over"):
                state = session.state_id
                await session.act(seat, rng.choice(view["legal_actions"]))
                moves += 1
                await frames(app, lambda state=state: session.state_id != state or session.over)
            else:
                await frames(
                    app, lambda seat=seat: (session.view(seat) or {}).get("legal_actions") or session.over
                )
        results = await frames(app, lambda: app.stack.top if app.stack.top.name == "results" else None, 10)
        seen.update(moves=moves, over=True, verdict=results.describe()["verdict"])
    finally:
        await app.shutdown()
    return seen


if __name__ == "__main__":
    print(json.dumps(asyncio.run(main(Path(sys.argv[1])))))
