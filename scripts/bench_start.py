"""Two waits a player feels at start-up, headless, when nothing needs installing:

- ``first-frame``: from launching ``scripts/play`` to the client's first frame (the second start onwards);
- ``solo``: from pressing Start cooking to the table on screen ("Warming up the kitchen..."), for
  every game, at the first solo game after launch (the client opened on the title, as a player does)
  and at a game played after it (the player left the first one), in a fresh process each run.

Each run prints a line; the last lines give the medians.

    .venv/bin/python scripts/bench_start.py --runs 7
    .venv/bin/python scripts/bench_start.py --runs 5 --only solo --title-seconds 0
"""

from __future__ import annotations

import argparse
import json
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time
from datetime import datetime
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
FIRST_FRAME = re.compile(r"^(\S+ \S+) INFO client: first frame after", re.MULTILINE)
GAMES = ("too-many-cooks", "pink-soup", "stone-soup", "pot-pourri")


def headless_env(home: Path) -> dict[str, str]:
    env = {**os.environ, "HOME": str(home), "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    return {key: value for key, value in env.items() if not key.startswith("XDG_")}


def first_frame(runs: int, game: str) -> None:
    home = Path(tempfile.mkdtemp(prefix="bench-start-"))
    env = headless_env(home)
    command = [
        str(ROOT / "scripts" / "play"),
        "--solo",
        game,
        "--screenshot",
        str(home / "shot.png"),
        "--after",
        "0",
    ]
    subprocess.run(command, env=env, capture_output=True, check=True)  # installs if anything changed
    firsts, wholes = [], []
    for run in range(runs):
        started = time.time()
        subprocess.run(command, env=env, capture_output=True, check=True)
        wholes.append(time.time() - started)
        log = next(home.rglob("client.log")).read_text(encoding="utf-8")
        stamp = datetime.strptime(FIRST_FRAME.search(log).group(1), "%Y-%m-%d %H:%M:%S,%f").timestamp()
        firsts.append(stamp - started)
        print(f"run={run} first_frame_s={firsts[-1]:.2f} whole_run_s={wholes[-1]:.2f}")
    print(
        f"runs={runs} first_frame_p50_s={statistics.median(firsts):.2f} "
        f"whole_run_p50_s={statistics.median(wholes):.2f}"
    )


async def solo_waits(title_seconds: float) -> dict[str, tuple[float, float]]:
    """In this process: the client on its title for ``title_seconds``, then each game started from
    its set-up twice (left in between); the seconds from Start to its table, first and second."""
    import asyncio

    from soupkitchen.client.app import App
    from soupkitchen.client.scenes import transitions
    from soupkitchen.client.settings import Settings

    app = App(Settings(path=None), size=(1280, 720), fullscreen=False)
    app.stack.open("title")
    loop = asyncio.get_running_loop()
    runner = asyncio.ensure_future(app.run())
    await asyncio.sleep(title_seconds)  # the player reads the title and picks a game

    async def wait_for(test) -> None:
        while not test():
            await asyncio.sleep(0.005)

    waits: dict[str, tuple[float, float]] = {}
    for game in GAMES:
        pair = []
        for _ in range(2):
            top = app.stack.top
            asked = loop.time()
            transitions.start_local(app, game, {}, 4 if game != "pink-soup" else 3)
            await wait_for(lambda top=top: app.stack.top is not None and app.stack.top.is_table)
            pair.append(loop.time() - asked)
            table = app.stack.top
            transitions.leave(app, table.session)
            await wait_for(lambda: app.server is None and not any(t for t in app.tasks if not t.done()))
        waits[game] = (pair[0], pair[1])
    app.running = False
    await runner
    return waits


def solo(runs: int, title_seconds: float) -> None:
    per_game: dict[str, list[tuple[float, float]]] = {game: [] for game in GAMES}
    code = (
        f"import asyncio, json, sys; sys.path.insert(0, {str(ROOT / 'scripts')!r}); import bench_start; "
        f"print(json.dumps(asyncio.run(bench_start.solo_waits({title_seconds!r}))))"
    )
    for run in range(runs):
        home = Path(tempfile.mkdtemp(prefix="bench-solo-"))
        done = subprocess.run(
            [sys.executable, "-c", code], env=headless_env(home), capture_output=True, text=True, check=True
        )
        waits = json.loads(done.stdout.strip().splitlines()[-1])
        for game, (first, later) in waits.items():
            per_game[game].append((first, later))
        pairs = " ".join(f"{game}={first:.2f}/{later:.2f}" for game, (first, later) in waits.items())
        print(f"run={run} {pairs}")
    firsts = [pair[0] for pair in per_game[GAMES[0]]]  # the first game after launch
    laters = " ".join(
        f"{game}_later_p50_s={statistics.median(p[1] for p in per_game[game]):.2f}" for game in GAMES
    )
    print(
        f"runs={runs} title_s={title_seconds:g} "
        f"first_solo_start_p50_s={statistics.median(firsts):.2f} {laters}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--game", default="too-many-cooks", help="the game of the first-frame runs")
    parser.add_argument("--only", choices=("first-frame", "solo"), help="one of the two measures")
    parser.add_argument(
        "--title-seconds",
        type=float,
        default=3.0,
        help="how long the client shows its title before the first solo start (default 3)",
    )
    args = parser.parse_args()
    if args.only != "solo":
        first_frame(args.runs, args.game)
    if args.only != "first-frame":
        solo(args.runs, args.title_seconds)


if __name__ == "__main__":
    main()
