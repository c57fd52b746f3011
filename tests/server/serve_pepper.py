"""Runs ``soupkitchen-server`` with the test game registered (the restart tests start it as a process)."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

import toy_game  # noqa: E402

from soupkitchen.server.__main__ import main  # noqa: E402

if __name__ == "__main__":
    toy_game.install()
    raise SystemExit(main(sys.argv[1:]))
