"""scripts/soak_memory.py end to end, small: a real server (the single process with SQLite, or one
node on the tests' own Redis and PostgreSQL), two tables of four socket.io clients playing six
whole games between them, and the server's memory read and printed after every three.

It checks that the games were played and the readings printed in the form the last line is parsed
in; never a memory or time figure (those are the soak's to report, not a test's to hold)."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "scripts" / "soak_memory.py"
SECONDS = 120  # at most, on a busy machine; a few seconds here
READING = re.compile(r"^games=(\d+) rss_mb=(\d+\.\d) tables=(\d+)(?: elapsed_s=(\d+))?$")
LAST = re.compile(r"^games=(\d+) game=(\S+) server=(\w+) rss_mb_start=(\d+\.\d) rss_mb_first_half=(\d+\.\d) "
                  r"\(after (\d+)\) rss_mb_end=(\d+\.\d) growth_second_half_pct=(-?\d+\.\d) "
                  r"second_half_kb_per_game=(-?\d+\.\d) tables=(\d+) wall_s=(\d+)$")


def soak(*extra: str) -> list[str]:
    """The soak's own lines (not the server's), having played six Pink Soup games (short ones) at two tables."""
    done = subprocess.run([sys.executable, str(SCRIPT), "--games", "6", "--every", "3", "--tables", "2",
                           "--game", "pink-soup", *extra],
                          cwd=ROOT, capture_output=True, text=True, timeout=SECONDS)
    assert done.returncode == 0, done.stderr[-3000:]
    return [line for line in done.stdout.splitlines() if line.startswith(("games=", "  trace "))]


def check(lines: list[str], server: str) -> None:
    *readings, last = [line for line in lines if line.startswith("games=")]
    matched = [READING.match(line) for line in readings]
    assert all(matched), readings
    assert [int(m[1]) for m in matched] == [0, 3, 6]
    assert matched[0][4] is None and all(m[4] is not None for m in matched[1:])
    assert all(int(m[3]) >= int(m[1]) for m in matched)  # a finished table stays a while for its players
    summary = LAST.match(last)
    assert summary, last
    assert summary[1] == "6" and summary[2] == "pink-soup" and summary[3] == server and summary[10] == "2"
    assert summary[6] == "3"  # the reading closest to half the games
    by_games = {int(m[1]): m[2] for m in matched}
    assert (summary[4], summary[5], summary[7]) == (by_games[0], by_games[3], by_games[6])
    start, half, end = float(summary[4]), float(summary[5]), float(summary[7])
    assert start > 0 and end > 0
    assert float(summary[8]) == pytest.approx(100 * (end - half) / half, abs=0.06)
    assert float(summary[9]) == pytest.approx(1024 * (end - half) / 3, abs=0.06)


def test_single_process_soak():
    check(soak(), "single")


def test_node_soak(redis_server, postgres_dsn):
    check(soak("--node", "--redis", redis_server.url, "--postgres", postgres_dsn), "node")


def test_traced_soak():
    """With --trace, each reading is followed by what the server's memory holds by line and by type."""
    lines = soak("--trace")
    check(lines, "single")
    traces = [json.loads(line.removeprefix("  trace ")) for line in lines if line.startswith("  trace ")]
    assert len(traces) == 3
    assert all(trace["traced_mb"] > 0 and trace["objects"] for trace in traces)
    assert all(trace["growth_kb"] for trace in traces[1:])  # since the reading before
