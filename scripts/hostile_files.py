"""Hostile replay files and listings thrown at the real entry points, one process each: what a
player is told, whether a traceback or a hang came instead, and the process's peak RSS.

The entry points: ``soupkitchen --replay FILE``; the Replays screen's scan of the replays folder (a
headless window opens the screen on a data folder holding every hostile file at once); and another
server's ``GET /replays`` listing and ``GET /replays/<id>`` record (a server on 127.0.0.1 answers
each with a hostile body). The files: a 100,000-digit number, a FIFO, a device (/dev/zero), a count
of 10^9 players, 200,000 names, 60,001 moves, a name of 3 MB, 30 MB of ``{},``, nesting 100,000 deep, NaN,
bytes that are not text. The aims (issue 44): a clear sentence each, 0 tracebacks, 0 hangs, peak RSS at
most 200 MB.

    .venv/bin/python scripts/hostile_files.py
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

HANG = 30.0  # seconds after which a case counts as a hang (and is killed)
PEAK = "peak-rss-mb"  # the line a case's process ends with: its own peak RSS
MOST_RSS_MB = 200.0


def good_replay() -> dict:
    from soupkitchen.shared.playout import bot_chooser, play
    from soupkitchen.shared.registry import get_game
    from soupkitchen.shared.replay import ReplayFile

    game = get_game("stone-soup")
    outcome = play(game, 3, 4, bot_chooser(game, 3, 4))
    return json.loads(ReplayFile(outcome.record, ("Ann", "Bob", "Cy")).dumps())


def hostile_bodies(good: dict) -> dict[str, bytes]:
    """Each hostile replay's bytes, by name."""
    text = json.dumps(good)
    moves = '{"seat":0,"action":{},"t":1},'
    return {
        "digits": text.replace('"seed":', '"seed":' + "9" * 100_000 + ',"x":', 1).encode(),
        "players-1e9": json.dumps({**good, "players": 10**9}).encode(),
        "names-1e9": json.dumps({**good, "names": "x"})
        .replace('"names": "x"', '"names": [' + '"a",' * 200_000 + '"a"]')
        .encode(),
        "moves-many": json.dumps({**good, "log": []})
        .replace('"log": []', '"log": [' + moves * 60_000 + moves[:-1] + "]")
        .encode(),
        "long-name": json.dumps({**good, "names": ["Ann", "x" * 3_000_000]}).encode(),
        "thirty-mb": b"[" + b"{}," * 10_000_000 + b"{}]",
        "deep": b"[" * 100_000 + b"]" * 100_000,
        "nan": text.replace('"finished":', '"finished":NaN,"y":', 1).encode(),
        "not-text": b"\xff\xfe" * 1000,
        "not-an-object": b"[1, 2, 3]",
    }


# --- one case, in a process of its own -------------------------------------------------------------
def peak_rss_mb(pid: int | str = "self") -> float | None:
    """The process's peak RSS (VmHWM) since it started its program, in MB (Linux)."""
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmHWM:"):
                return int(line.split()[1]) / 1024
    except (OSError, ValueError):
        pass
    return None


def child(kind: str, arg: str) -> int:
    import atexit

    atexit.register(lambda: print(f"{PEAK} {peak_rss_mb()}", file=sys.stderr, flush=True))
    if kind == "cli":
        from soupkitchen.client.__main__ import main

        shot = Path(tempfile.gettempdir(), f"hostile-files-{os.getpid()}.png")
        try:
            return main(["--replay", arg, "--screenshot", str(shot), "--after", "0"])
        finally:
            shot.unlink(missing_ok=True)
    if kind == "scan":
        from soupkitchen.client.app import App
        from soupkitchen.client.settings import Settings

        async def scan() -> None:
            app = App(Settings(), size=(1280, 720), fullscreen=False)
            scene = app.stack.open("replays")
            await asyncio.sleep(1.0)  # the endings worked out meanwhile, as on screen
            label = next((w for w in scene.form.widgets if w.key == "skipped"), None)
            print(
                f"listed {len(scene.entries)} file(s); "
                + (label.words if label is not None else "skipped none")
            )

        asyncio.run(scan())
        return 0
    if kind in ("listing", "record"):
        from soupkitchen.client.replay.sources import finished_table, server_listing
        from soupkitchen.shared.replay import ReplayError

        async def ask() -> str:
            try:
                if kind == "listing":
                    listing = await server_listing(arg, timeout=5.0)
                    return f"listed {len(listing.entries)}, skipped {len(listing.skipped)}" + (
                        f": {listing.skipped[0].reason}" if listing.skipped else ""
                    )
                timeline = await finished_table(arg, "t1")
                return f"opened a game of {timeline.length} moves"
            except ReplayError as err:
                return str(err)

        print(asyncio.run(ask()))
        return 0
    raise SystemExit(f"unknown case {kind}")


# --- a server with hostile answers -----------------------------------------------------------------
def hostile_server(bodies: dict[str, bytes]) -> tuple[str, threading.Event]:
    """A server on 127.0.0.1 whose /<name>/replays (and /<name>/replays/t1) answers ``bodies[name]``;
    /drip/... sends a byte a second for ever, /chunked/... 30 MB without a length. Its URL base and an event
    that stops it."""
    from aiohttp import web

    stop = threading.Event()
    ready = threading.Event()
    where: list[str] = []

    async def answer(request: web.Request) -> web.StreamResponse:
        name = request.match_info["name"]
        if name == "drip":
            response = web.StreamResponse()
            await response.prepare(request)
            try:
                for _ in range(600):
                    await response.write(b" ")
                    await asyncio.sleep(1.0)
            except ConnectionError:  # the client gave up, as it should
                pass
            return response
        if name == "chunked":  # 30 MB with no length said beforehand
            response = web.StreamResponse()
            await response.prepare(request)
            try:
                for _ in range(100):
                    await response.write(b"{}," * 100_000)
            except ConnectionError:
                pass
            return response
        return web.Response(body=bodies[name], content_type="application/json")

    async def serve() -> None:
        app = web.Application()
        app.router.add_get("/{name}/replays", answer)
        app.router.add_get("/{name}/replays/{table}", answer)
        runner = web.AppRunner(app, access_log=None)
        await runner.setup()
        site = web.TCPSite(runner, "127.0.0.1", 0)
        await site.start()
        port = site._server.sockets[0].getsockname()[1]  # noqa: SLF001 - the port the system chose
        where.append(f"http://127.0.0.1:{port}")
        ready.set()
        while not stop.is_set():
            await asyncio.sleep(0.1)
        await runner.cleanup()

    threading.Thread(target=lambda: asyncio.run(serve()), daemon=True).start()
    ready.wait(10)
    return where[0], stop


def listing_bodies(good: dict) -> dict[str, bytes]:
    match = {"id": "t1", "game": "stone-soup", "players": 3, "created": 1.7e9, "finished": 1.7e9}
    record = {key: good[key] for key in ("game", "players", "options", "seed", "log", "names", "finished")}
    return {
        "players-1e9": json.dumps({"matches": [{**match, "players": 10**9}]}).encode(),
        "players-abc": json.dumps({"matches": [{**match, "players": "abc"}]}).encode(),
        "not-an-object": b"[1, 2, 3]",
        "thirty-mb": b'{"matches": [' + b"{}," * 10_000_000 + b"{}]}",
        "digits": b'{"matches": [{"id": "t1", "game": "stone-soup", "players": ' + b"9" * 100_000 + b"}]}",
        "names-1e9": b'{"matches": [{"id": "t1", "game": "stone-soup", "names": ['
        + b'"a",' * 100_000
        + b'"a"]}]}',
        "good": json.dumps({"matches": [match]}).encode(),
        "record-digits": json.dumps(record)
        .replace('"seed":', '"seed":' + "9" * 100_000 + ',"x":', 1)
        .encode(),
        "record-thirty-mb": b"[" + b"{}," * 10_000_000 + b"{}]",
        "record-good": json.dumps(record).encode(),
    }


# --- running the cases ----------------------------------------------------------------------------
def run(kind: str, arg: str, env: dict[str, str]) -> tuple[str, bool, bool, float, float]:
    """(the last line the player was told, a traceback?, a hang?, peak RSS in MB, seconds)."""
    started = time.monotonic()
    process = subprocess.Popen(
        [sys.executable, __file__, "--child", kind, arg],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=env,
        text=True,
    )
    try:
        out, err = process.communicate(timeout=HANG)
        hang = False
        rss = 0.0
    except subprocess.TimeoutExpired:
        rss = peak_rss_mb(process.pid) or 0.0
        process.kill()
        out, err = process.communicate()
        hang = True
    seconds = time.monotonic() - started
    for line in err.splitlines():
        if line.startswith(PEAK) and line.split()[1] != "None":
            rss = float(line.split()[1])
    told = [line for line in out.splitlines() if line.strip()] or [
        line
        for line in err.splitlines()
        if line.strip() and not line.startswith(PEAK) and " WARNING " not in line
    ]
    said = f"exit {process.returncode}: " + (told[-1] if told else "(nothing said)")
    traceback = "Traceback (most recent call last)" in out + err
    return said[:300], traceback, hang, rss, seconds


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--child", nargs=2, metavar=("KIND", "ARG"), help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        return child(*args.child)

    good = good_replay()
    rows: list[tuple[str, tuple[str, bool, bool, float, float]]] = []
    with tempfile.TemporaryDirectory(prefix="hostile-") as home:
        env = {
            **os.environ,
            "SDL_VIDEODRIVER": "dummy",
            "SDL_AUDIODRIVER": "dummy",
            "XDG_DATA_HOME": f"{home}/data",
            "XDG_CONFIG_HOME": f"{home}/config",
            "XDG_STATE_HOME": f"{home}/state",
            "XDG_CACHE_HOME": f"{home}/cache",
        }
        folder = Path(home, "data", "soupkitchen", "replays")
        folder.mkdir(parents=True)
        files: list[Path] = []
        for name, body in hostile_bodies(good).items():
            path = folder / f"{name}.soupreplay.json"
            path.write_bytes(body)
            files.append(path)
        os.mkfifo(folder / "fifo.soupreplay.json")
        os.symlink("/dev/zero", folder / "device.soupreplay.json")
        files += [folder / "fifo.soupreplay.json", folder / "device.soupreplay.json"]
        (folder / "good.soupreplay.json").write_text(json.dumps(good))
        for path in [*files, folder / "good.soupreplay.json"]:
            rows.append((f"soupkitchen --replay {path.name}", run("cli", str(path), env)))
        rows.append(("Replays screen, folder of all the above", run("scan", "-", env)))
        base, stop = hostile_server(listing_bodies(good))
        try:
            for name in (
                "players-1e9",
                "players-abc",
                "not-an-object",
                "thirty-mb",
                "digits",
                "names-1e9",
                "drip",
                "chunked",
                "good",
            ):
                rows.append((f"GET /replays: {name}", run("listing", f"{base}/{name}", env)))
            for name in ("record-digits", "record-thirty-mb", "drip", "record-good"):
                rows.append((f"GET /replays/<id>: {name}", run("record", f"{base}/{name}", env)))
        finally:
            stop.set()
    width = max(len(case) for case, _ in rows)
    for case, (said, traceback, hang, rss, seconds) in rows:
        flags = ("TRACEBACK " if traceback else "") + ("HANG " if hang else "")
        print(f"{case:<{width}}  {rss:6.1f} MB  {seconds:5.2f} s  {flags}{said}")
    tracebacks = sum(row[1] for _, row in rows)
    hangs = sum(row[2] for _, row in rows)
    peak = max(row[3] for _, row in rows)
    print(
        f"\n{len(rows)} cases: {tracebacks} tracebacks, {hangs} hangs, peak RSS {peak:.1f} MB "
        f"(aim: 0, 0, at most {MOST_RSS_MB:.0f} MB)"
    )
    return 0 if not tracebacks and not hangs and peak <= MOST_RSS_MB else 1


if __name__ == "__main__":
    sys.exit(main())
