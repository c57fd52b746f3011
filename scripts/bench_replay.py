"""How long a seek takes in the replay viewer: the state at a random moment and the view the viewer
then draws, from every seat's eyes and the spectator's, on the longest game the simulator makes.

For each game it plays ``--games`` bot games at the largest table, keeps the longest, and seeks to
``--seeks`` random moments (seeded), each from a random eye; with ``--frame`` each seek also builds
and draws the game's own table on a headless 1920x1080 window, as the viewer does. Prints one line
per game and a last line with the worst p99. The aim: p99 at most 16 ms (one frame at 60 Hz).

    .venv/bin/python scripts/bench_replay.py
    SDL_VIDEODRIVER=dummy .venv/bin/python scripts/bench_replay.py --frame
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from typing import Any

from soupkitchen.shared.playout import bot_chooser, play
from soupkitchen.shared.registry import game_ids, get_game
from soupkitchen.shared.replay import ReplayFile, Timeline


# The replay viewer measured as a player feels a seek: the seek, the game's table built for the new
# moment and the whole window drawn (``--frame``).
class FrameBench:
    """A real client window (headless under SDL's dummy driver) showing one replay at a time."""

    def __init__(self, size: tuple[int, int]) -> None:
        from soupkitchen.client.app import App
        from soupkitchen.client.settings import Settings

        self.app = App(Settings(), size=size, fullscreen=False)

    def open(self, timeline: Timeline) -> Any:
        self.app.stack.scenes.clear()
        return Frame(self.app, self.app.stack.open("replay", timeline))


class Frame:
    def __init__(self, app: Any, scene: Any) -> None:
        self.app, self.scene = app, scene

    def seek(self, moment: int, eye: int | None) -> None:
        self.scene.player.set_eye(eye)
        self.scene.player.seek(moment)
        self.scene.draw(self.app.screen)


def longest(game_id: str, games: int) -> Timeline:
    game = get_game(game_id)
    players = game.max_players
    best = None
    for seed in range(1, games + 1):
        outcome = play(game, players, seed, bot_chooser(game, players, seed))
        if best is None or outcome.actions > len(best.log):
            best = outcome.record
    assert best is not None
    return Timeline(ReplayFile(best))


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * share))]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--games", type=int, default=30, help="bot games per game to find the longest (default 30)"
    )
    parser.add_argument("--seeks", type=int, default=2000, help="seeks per game (default 2000)")
    parser.add_argument("--frame", action="store_true", help="also build and draw the table after each seek")
    parser.add_argument("--only", choices=game_ids(), help="one game only")
    args = parser.parse_args(argv)
    viewer = None
    if args.frame:
        viewer = FrameBench((1920, 1080))
    worst = 0.0
    for game_id in [args.only] if args.only else game_ids():
        timeline = longest(game_id, args.games)
        rng = random.Random(f"seek:{game_id}")
        eyes = [None, *range(timeline.record.players)]
        frame = viewer.open(timeline) if viewer else None
        if (
            frame is not None
        ):  # the card art at the table's sizes is drawn once, as a table's wait screen does
            for moment in range(0, timeline.length + 1, max(1, timeline.length // 20)):
                frame.seek(moment, None)
        times = []
        for _ in range(args.seeks):
            moment, eye = rng.randint(0, timeline.length), rng.choice(eyes)
            started = time.perf_counter()
            if frame is not None:
                frame.seek(moment, eye)
            else:
                timeline.view(moment, eye)
            times.append((time.perf_counter() - started) * 1000)
        p99 = percentile(times, 0.99)
        worst = max(worst, p99)
        print(
            f"game={game_id} players={timeline.record.players} moves={timeline.length} seeks={len(times)} "
            f"seek_p50_ms={percentile(times, 0.5):.2f} seek_p99_ms={p99:.2f} seek_max_ms={max(times):.2f}"
            f"{' with_frame=1' if frame else ''}"
        )
    print(f"worst_seek_p99_ms={worst:.2f} goal_ms=16 {'ok' if worst <= 16 else 'over'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
