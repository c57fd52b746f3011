"""Client performance: frame times of a busy table scene at 1920x1080 (headless), start-up time to the
first frame, and peak memory.

The table is the game's own (the generic table for a game without one), in the middle of a game
with the most chefs it seats (four at Too Many Cooks): bots have played a while, the countdown runs
where the game is timed, and a new state arrives every half second (its cards gliding into place)
while the mouse sweeps over the board. Pink Soup is measured with five chefs late in the game, every
pot nearly full and the kitchen's five piles deep. Run with:

    .venv/bin/python scripts/bench_client.py [--frames 600] [--game pink-soup] [--access]

``--access`` measures with the accessibility tree and speech on (client/access): the tree is built
and handed to an adapter as if a screen reader read it (with AccessKit installed, each push is turned
into AccessKit's update of the changed nodes, as a listening platform would ask), and every
announcement is spoken through a speech command (the machine's spd-say or espeak-ng, else ``true``,
so that starting it is counted).

The last line is ``frame_p50_ms=.. frame_p99_ms=.. startup_ms=.. rss_mb=.. idle_cpu_pct=..``; the
last figure is the CPU the real frame loop uses (per cent of one core) when nothing happens: on the
title screen and at a table waiting for another player, the higher of the two.
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

SIZE = (1920, 1080)
BUSY = {"too-many-cooks": (4, 10), "pink-soup": (5, 90)}  # game: (chefs, bot moves played before measuring)


class OfflineConnection:
    """Just enough of a connection for a table session fed by the benchmark itself."""

    def __init__(self) -> None:
        from soupkitchen.client.net.clock import SlewedOffset

        self.url = "bench"
        self.connected = True
        self.offset = SlewedOffset()
        self.sessions: dict = {}
        self.games: list = []
        self.lobby_listeners: list = []
        self.kicked_listeners: list = []
        self.status_listeners: list = []
        self.reconnect_attempts = 0
        self._closing = False

    async def request(self, event, payload, timeout=10.0):
        return {"ok": True}

    async def close(self) -> None:
        pass


def mid_round(game_id: str, players: int, seed: int, turns: int):
    """A game state after every chef is ready and ``turns`` bot moves, and a function to play one more."""
    from soupkitchen.shared.registry import get_game

    game = get_game(game_id)
    state = game.setup(players, game.normalise_options({}, players), seed)
    bots = [game.make_bot(seat, seed + seat) for seat in range(players)]
    clock = [0.0]
    events: list[dict] = []  # the last action's events, sent with the next view as the server would

    def advance():
        nonlocal state
        for _ in range(players * 4):
            for seat in range(players):
                action = bots[seat].choose(game.view(state, seat), clock[0])
                if action is not None and game.validate(state, seat, action, clock[0]) is None:
                    clock[0] += 1.0
                    state, events[:] = game.apply(state, seat, action, clock[0])
                    return state
            deadline = game.next_deadline(state)
            if deadline is not None and not game.is_over(state):
                clock[0] = max(clock[0], deadline)
                state, events[:] = game.apply(state, None, {"type": "timeout"}, clock[0])
                return state
        return state

    for _ in range(turns):
        advance()
    advance.events = events
    return game, (lambda: state), advance, clock


def offline_session(game, players: int, clock: list[float]):
    """A table session of seat 0 at a started table of ``players`` (the others bots), on a connection
    that goes nowhere; the benchmark hands it the views."""
    from soupkitchen.client.net.session import TableSession

    conn = OfflineConnection()
    conn.offset.add_sample(0.0, clock[0], 0.0)
    table = {
        "id": "bench",
        "game": game.id,
        "title": game.title,
        "options": {},
        "host_seat": 0,
        "seats": [
            {"seat": s, "name": "Chef" if s == 0 else None, "bot": s > 0, "connected": True}
            for s in range(players)
        ],
        "started": True,
        "over": False,
        "has_password": False,
        "spectators": 0,
        "settings": {},
    }
    session = TableSession(conn, table, {0: "tok"})
    conn.sessions["bench"] = session
    return conn, session


def hand_view(session, game, state, state_id: int, clock: list[float], events: list | None = None) -> None:
    """Seat 0's view of ``state`` arrives with the events that led to it, as the server would send it."""
    session.receive_state(
        {
            "table": "bench",
            "seat": 0,
            "state_id": state_id,
            "view": game.view(state, 0),
            "events": list(events or []),
            "deadline": game.next_deadline(state),
            "server_time": clock[0],
            "paused": False,
            "snapshot": False,
        }
    )


def with_access(app) -> None:
    """The tree built and handed over as if a screen reader read it, speech on (``--access``)."""
    import shutil

    from soupkitchen.client.access.adapter import AccessKitAdapter, Recorder, fenced_accesskit
    from soupkitchen.client.access.speech import Speaker, Voice, find_voice

    class Listened(AccessKitAdapter):
        """AccessKit's adapter with no platform under it, but listened to: each push is converted."""

        pushes = 0

        def _platform_adapter(self, window):
            return None

        def push(self, root, focus) -> None:
            self.pushes += 1
            self._snapshot = (root, focus)
            self._update(root, focus, full=False)

    accesskit = fenced_accesskit()
    app.settings.speech = True
    app.access.adapter = Recorder(listening=True)
    if accesskit is not None:
        app.access.adapter = Listened(accesskit, "Soup Kitchen")
        app.access.adapter._active = True
    app.access.speaker = Speaker(find_voice() or Voice("espeak-ng", shutil.which("true") or "/bin/true"))
    app.access._voice_checked = True
    tick, app.access_ms = app.access.tick, []

    def timed(now: float) -> None:  # the hub's own share of each frame, on the CPU clock
        start = time.process_time()
        tick(now)
        app.access_ms.append((time.process_time() - start) * 1000)

    app.access.tick = timed


def frames(
    count: int, game_id: str = "too-many-cooks", access: bool = False
) -> tuple[list[float], str, list[float]]:
    """Per-frame wall times (ms) of the busy table, which table scene drew it, and per-frame CPU
    times (ms: less disturbed by other work on a busy machine)."""
    import pygame

    from soupkitchen.client.app import App
    from soupkitchen.client.settings import Settings
    from soupkitchen.client.tables import table_scene_for
    from soupkitchen.client.ui.input import InputAction

    players, turns = BUSY.get(game_id, (4, 10))
    game, current, advance, clock = mid_round(game_id, players, seed=7, turns=turns)
    app = App(Settings(), size=SIZE, fullscreen=False)
    if access:
        with_access(app)
    _conn, session = offline_session(game, players, clock)
    state_id = [0]

    def push() -> None:
        state_id[0] += 1
        hand_view(session, game, current(), state_id[0], clock, advance.events)

    push()
    scene = table_scene_for(game_id)(app, session)
    app.stack.push(scene)
    times = []
    cpu = []
    now = 0.0
    for i in range(count + 30):
        now += 1 / 60
        if i % 30 == 0:
            advance()
            push()
        x = int(SIZE[0] * (0.25 + 0.5 * ((i * 7) % 100) / 100))
        y = int(SIZE[1] * (0.2 + 0.6 * ((i * 3) % 100) / 100))
        start, start_cpu = time.perf_counter(), time.process_time()
        app.dispatch(InputAction("point", "mouse", pos=(x, y)))
        app.step(now)
        pygame.display.flip()
        if i >= 30:  # the first frames warm caches (art, fonts)
            times.append((time.perf_counter() - start) * 1000)
            cpu.append((time.process_time() - start_cpu) * 1000)
    name = type(scene).__name__
    if access:
        spent = sorted(app.access_ms[30:])
        print(
            f"access: tick_cpu_p50_ms={statistics.median(spent):.3f} "
            f"tick_cpu_p99_ms={spent[min(len(spent) - 1, int(len(spent) * 0.99))]:.3f} "
            f"tick_cpu_max_ms={spent[-1]:.3f} tree pushes={app.access.adapter.pushes} "
            f"adapter={type(app.access.adapter).__name__} "
            f"spoken={len(app.access.speaker.said)} "
            f"voice={app.access.speaker.voice.path if app.access.speaker.voice else None}",
            file=sys.stderr,
        )
        app.access.close()
    pygame.display.quit()
    return times, name, cpu


def waiting_table(app, game_id: str = "stone-soup", players: int = 3):
    """A table scene of ``game_id`` at which seat 0 waits for another player (no state will arrive)."""
    from soupkitchen.client.tables import table_scene_for

    game, current, advance, clock = mid_round(game_id, players, seed=3, turns=0)
    for _ in range(200):
        view = game.view(current(), 0)
        if not view.get("legal_actions") and not view.get("over"):
            break
        advance()
    conn, session = offline_session(game, players, clock)
    hand_view(session, game, current(), 1, clock)
    return conn, table_scene_for(game_id)(app, session)


def idle_cpu_pct(seconds: float = 6.0) -> tuple[float, float]:
    """CPU per cent of one core used by the real frame loop while nothing happens: (title screen,
    table waiting for another player). The first second of each (first frames, caches) is not counted."""
    import asyncio

    import pygame

    from soupkitchen.client.app import App
    from soupkitchen.client.scenes.title import TitleScene
    from soupkitchen.client.settings import Settings

    async def measure(app) -> float:
        task = asyncio.get_running_loop().create_task(app.run())
        await asyncio.sleep(1.0)
        wall, cpu = time.perf_counter(), time.process_time()
        await asyncio.sleep(seconds)
        used = (time.process_time() - cpu) / (time.perf_counter() - wall) * 100
        app.running = False
        await task
        return used

    figures = []
    for place in ("title", "table"):
        app = App(Settings(), size=SIZE, fullscreen=False)
        app.stack.push(TitleScene(app))
        if place == "table":
            app.conn, scene = waiting_table(app)
            app.stack.push(scene)
        figures.append(asyncio.run(measure(app)))
        pygame.display.quit()
    return figures[0], figures[1]


def startup_ms() -> float:
    """Wall time from starting ``soupkitchen`` to its first drawn frame (title screen, headless)."""
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    start = time.perf_counter()
    proc = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "soupkitchen.client",
            "--verbose",
            "--windowed",
            "1920x1080",
            "--screenshot",
            "/tmp/soupkitchen-bench.png",
            "--after",
            "0.5",
        ],
        cwd=ROOT,
        env=env,
        stderr=subprocess.PIPE,
        text=True,
    )
    elapsed = float("nan")
    for line in proc.stderr:
        if "first frame" in line:
            elapsed = (time.perf_counter() - start) * 1000
            break
    proc.stderr.read()
    proc.wait(timeout=30)
    return elapsed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--frames", type=int, default=600)
    parser.add_argument("--game", default="too-many-cooks", help="the game whose table is measured")
    parser.add_argument("--access", action="store_true", help="with the accessibility tree and speech on")
    args = parser.parse_args()
    startup = startup_ms()
    times, scene, cpu = frames(args.frames, args.game, args.access)
    times.sort()
    cpu.sort()
    p50 = statistics.median(times)
    p99 = times[min(len(times) - 1, int(len(times) * 0.99))]
    rss_mb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    idle_title, idle_table = idle_cpu_pct()
    print(
        f"table={scene} access={'on' if args.access else 'off'} size={SIZE[0]}x{SIZE[1]} "
        f"frames={len(times)} mean_ms={statistics.fmean(times):.2f} "
        f"max_ms={times[-1]:.2f} cpu_p50_ms={statistics.median(cpu):.2f} "
        f"cpu_p99_ms={cpu[min(len(cpu) - 1, int(len(cpu) * 0.99))]:.2f} load={os.getloadavg()[0]:.1f} "
        f"idle_title_pct={idle_title:.1f} idle_table_pct={idle_table:.1f}"
    )
    print(
        f"frame_p50_ms={p50:.2f} frame_p99_ms={p99:.2f} startup_ms={startup:.0f} rss_mb={rss_mb:.0f} "
        f"idle_cpu_pct={max(idle_title, idle_table):.1f}"
    )


if __name__ == "__main__":
    main()
