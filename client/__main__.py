"""``soupkitchen``: open the Soup Kitchen window (title screen, or straight into a game)."""

from __future__ import annotations

import argparse
import asyncio
import logging
import sys
import time
from pathlib import Path

from soupkitchen.client.words import _
from soupkitchen.shared.logs import EscapingFormatter

log = logging.getLogger("client")


def parse_size(text: str) -> tuple[int, int]:
    try:
        w, h = (int(part) for part in text.lower().split("x"))
    except ValueError:
        raise argparse.ArgumentTypeError("use WIDTHxHEIGHT, like 1280x720") from None
    if not (320 <= w <= 16384 and 240 <= h <= 16384):
        raise argparse.ArgumentTypeError("window size out of range")
    return w, h


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="soupkitchen",
        description="Soup Kitchen: four soup games to play together on one screen or over a LAN.",
    )
    p.add_argument(
        "invite",
        nargs="?",
        metavar="LINK",
        help="an invite link a host shared "
        "(soupkitchen://HOST:PORT/PEAS-4821-7730): go straight to that table",
    )
    p.add_argument(
        "--solo",
        metavar="GAME",
        help="go straight into a solo game of GAME against bots (e.g. too-many-cooks)",
    )
    p.add_argument(
        "--players",
        type=int,
        default=None,
        metavar="N",
        help="seats at the solo table (default 4, or the game's limit)",
    )
    p.add_argument(
        "--replay",
        type=Path,
        metavar="FILE",
        help="open a replay file (a finished game) in the replay viewer",
    )
    p.add_argument(
        "--connect",
        metavar="URL",
        help="connect to a server (host:port or URL; https://HOST:PORT for "
        "a server put online) and list its tables",
    )
    p.add_argument(
        "--trust-cert",
        action="append",
        default=[],
        metavar="FILE",
        help="trust this certificate (PEM) besides the system's, for a server whose host gave it to you "
        "(a self-signed one); may be given more than once",
    )
    p.add_argument("--windowed", type=parse_size, metavar="WxH", help="open a window of this size")
    p.add_argument("--fullscreen", action="store_true", help="open full screen")
    p.add_argument("--verbose", action="store_true", help="log debug messages (also to the console)")
    p.add_argument("--screenshot", type=Path, metavar="PATH", help="save a PNG of the window, then quit")
    p.add_argument(
        "--accessibility-tree",
        type=Path,
        metavar="FILE",
        help="write the screen-reader tree of the screen shown as JSON (id, role, name, value, "
        "actions, children), then quit; with --screenshot, at the same moment",
    )
    p.add_argument(
        "--after",
        type=float,
        default=3.0,
        metavar="SECONDS",
        help="when to take --screenshot or "
        "--accessibility-tree (default 3; with --solo, not before the table is shown)",
    )
    p.add_argument(
        "--at",
        type=int,
        default=None,
        metavar="MOVE",
        help="with --replay: open at this move (default: the end)",
    )
    p.add_argument(
        "--eyes",
        default=None,
        metavar="SEAT",
        help="with --replay: whose eyes, a seat number from 1, "
        "'spectator' or 'face-up' (default: the spectator's)",
    )
    p.add_argument(
        "--tab",
        choices=("moves", "review", "face_up"),
        default=None,
        help="with --replay: open the column on this tab (default: closed, the table the whole width)",
    )
    return p


def eye_of(words: str) -> int | str | None:
    """``--eyes``: a seat number counted from 1, "spectator" or "face-up"."""
    if words.isdigit():
        return int(words) - 1
    return "face_up" if words.replace("-", "_") == "face_up" else None


def setup_logging(verbose: bool) -> Path | None:
    from soupkitchen.client.settings import log_dir

    handlers: list[logging.Handler] = []
    path = None
    try:
        log_dir().mkdir(parents=True, exist_ok=True)
        path = log_dir() / "client.log"
        handlers.append(logging.FileHandler(path, mode="w", encoding="utf-8"))
    except OSError:
        pass
    if verbose or not handlers:
        handlers.append(logging.StreamHandler(sys.stderr))
    for handler in handlers:  # a name or a server's words cannot forge a line or reorder one
        handler.setFormatter(EscapingFormatter("%(asctime)s %(levelname)s %(name)s: %(message)s"))
    logging.basicConfig(level=logging.DEBUG if verbose else logging.INFO, handlers=handlers)
    for noisy in ("socketio", "engineio", "aiohttp.access", "zeroconf"):
        logging.getLogger(noisy).setLevel(logging.INFO if verbose else logging.WARNING)
    return path


async def run(args: argparse.Namespace) -> int:
    import pygame

    from soupkitchen.client.app import App
    from soupkitchen.client.net import links, tls, ways_in
    from soupkitchen.client.net.connection import normalise_url
    from soupkitchen.client.scenes import transitions
    from soupkitchen.client.settings import Settings

    started = time.perf_counter()
    game = None
    if args.solo:
        games = ways_in.local_games()
        game = next((g for g in games if g["id"] == args.solo), None)
        if game is None:
            log.error("unknown or unavailable game %r", args.solo)
            print(
                f"soupkitchen: no game {args.solo!r}; try one of: {', '.join(g['id'] for g in games)}",
                file=sys.stderr,
            )
            return 2
    timeline = None
    if args.replay:
        from soupkitchen.shared.replay import ReplayError, load

        try:
            timeline = load(args.replay)
        except ReplayError as err:
            print(f"soupkitchen: {err}", file=sys.stderr)
            return 2
    invite = None
    if args.invite:
        try:
            invite = links.parse(args.invite)
        except ValueError as err:
            print(f"soupkitchen: {err}", file=sys.stderr)
            return 2
    url = None
    if args.connect:
        try:
            url = normalise_url(args.connect)
        except ValueError as err:
            print(f"soupkitchen: {err}", file=sys.stderr)
            return 2
    for file in args.trust_cert:
        try:
            tls.trust(file)
        except ValueError as err:
            print(f"soupkitchen: --trust-cert: {err}", file=sys.stderr)
            return 2
    settings = Settings.load()
    app = App(
        settings,
        size=args.windowed,
        fullscreen=True if args.fullscreen else (False if args.windowed else None),
    )
    app.stack.open("title")
    if timeline is not None:
        viewer = app.stack.open("replay", timeline, args.tab)
        viewer.player.seek(timeline.length if args.at is None else args.at)
        if args.eyes is not None:
            viewer.set_eye(eye_of(args.eyes))
    elif game is not None:
        players = max(game["min_players"], min(game["max_players"], args.players or 4))
        transitions.start_local(app, game["id"], {}, players)
    elif invite is not None:
        transitions.join_by_code(app, invite.url, invite.code)
    elif url is not None:
        transitions.run_with_wait(
            app,
            _("Knocking on the kitchen door..."),
            ways_in.connect(app, url),
            lambda conn: app.stack.open("tables", conn),
        )

    first_frame: list[float] = []

    def on_frame(app_: App) -> None:
        if not first_frame:
            first_frame.append(time.perf_counter())
            log.info("first frame after %.0f ms", (first_frame[0] - started) * 1000)
        # With --solo, the table must be on screen first (with an invite link, its lobby or table),
        # however long a busy machine takes to get there.
        top = app_.stack.top
        at_table = (
            game is None
            and invite is None
            or top is not None
            and (top.is_table or invite is not None and top.name == "lobby")
        )
        wanted = args.screenshot or args.accessibility_tree
        if wanted and at_table and time.perf_counter() - started >= args.after:
            if args.screenshot:
                args.screenshot.parent.mkdir(parents=True, exist_ok=True)
                pygame.image.save(app_.screen, str(args.screenshot))
                log.info("screenshot saved to %s", args.screenshot)
            if args.accessibility_tree:
                app_.access.dump(args.accessibility_tree)
            app_.running = False

    app.on_frame = on_frame
    await app.run()
    pygame.quit()
    return 0


def main(argv: list[str] | None = None) -> int:
    args = parser().parse_args(argv)
    path = setup_logging(args.verbose)
    if path is not None:
        log.info("logging to %s", path)
    try:
        return asyncio.run(run(args))
    except KeyboardInterrupt:
        return 130


if __name__ == "__main__":
    sys.exit(main())
