"""Time from launching ``scripts/play`` to the client's first frame, headless, when nothing needs
installing (the second start onwards). Each run prints a line; the last line gives the medians.

    .venv/bin/python scripts/bench_start.py --runs 7
"""

from __future__ import annotations

import argparse
import os
import re
import statistics
import subprocess
import tempfile
import time
from datetime import datetime
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
FIRST_FRAME = re.compile(r"^(\S+ \S+) INFO client: first frame after", re.MULTILINE)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--game", default="too-many-cooks")
    args = parser.parse_args()
    home = Path(tempfile.mkdtemp(prefix="bench-start-"))
    env = {**os.environ, "HOME": str(home), "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    env = {key: value for key, value in env.items() if not key.startswith("XDG_")}
    command = [str(ROOT / "scripts" / "play"), "--solo", args.game, "--screenshot", str(home / "shot.png"),
               "--after", "0"]
    subprocess.run(command, env=env, capture_output=True, check=True)   # installs if anything changed
    firsts, wholes = [], []
    for run in range(args.runs):
        started = time.time()
        subprocess.run(command, env=env, capture_output=True, check=True)
        wholes.append(time.time() - started)
        log = next(home.rglob("client.log")).read_text(encoding="utf-8")
        stamp = datetime.strptime(FIRST_FRAME.search(log).group(1), "%Y-%m-%d %H:%M:%S,%f").timestamp()
        firsts.append(stamp - started)
        print(f"run={run} first_frame_s={firsts[-1]:.2f} whole_run_s={wholes[-1]:.2f}")
    print(f"runs={args.runs} first_frame_p50_s={statistics.median(firsts):.2f} "
          f"whole_run_p50_s={statistics.median(wholes):.2f}")


if __name__ == "__main__":
    main()
