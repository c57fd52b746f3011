"""scripts/soak_memory.py end to end, small: a real server (the single process with SQLite, or one
node on the tests' own Redis and PostgreSQL), two tables of new players each game, Pink Soup and
Pot Pourri in turn, six whole games between them, and the server's memory read and printed after
every three.

It checks that the games were played as an evening plays them and the readings printed in the form
the last lines are parsed in; never a memory or time figure (those are the soak's to report, not a
test's to hold)."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "scripts" / "soak_memory.py"
SECONDS = 180  # at most, on a busy machine; some seconds here
READING = re.compile(r"^games=(\d+) rss_mb=(\d+\.\d) tables=(\d+) table_kb=(\d+\.\d|-)(?: elapsed_s=(\d+))?$")
QUARTER = re.compile(r"^quarter=(\d) games=(\d+) rss_mb=(\d+\.\d)$")
LAST = re.compile(
    r"^games=(\d+) game=(\S+) server=(\w+) rss_mb_start=(\d+\.\d) rss_mb_settled=(\d+\.\d) "
    r"\(after (\d+)\) rss_mb_end=(\d+\.\d) growth_after_settled_mb=(-?\d+\.\d) "
    r"kb_per_game=(-?\d+\.\d) tables=(\d+) wall_s=(\d+)$"
)
pytestmark = pytest.mark.slow  # a soak: run once, not again on the stock socket path

IDLE = re.compile(r"^idle_s=(\d+) rss_mb=(\d+\.\d) tables=(\d+)$")


def soak(*extra: str) -> list[str]:
    """The soak's own lines (not the server's), having played six games (short ones) at two tables."""
    done = subprocess.run(
        [
            sys.executable,
            str(SCRIPT),
            "--games",
            "6",
            "--every",
            "3",
            "--tables",
            "2",
            "--settle",
            "3",
            "--game",
            "pink-soup,pot-pourri",
            "--idle",
            "1",
            *extra,
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=SECONDS,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    return [
        line
        for line in done.stdout.splitlines()
        if line.startswith(("games=", "quarter=", "  trace ", "idle_s="))
    ]


def check(lines: list[str], server: str) -> None:
    *readings, last = [line for line in lines if line.startswith("games=")]
    idle = [line for line in lines if line.startswith("idle_s=")]
    assert len(idle) == 1 and IDLE.match(idle[0]), idle  # --idle 1: read once, left alone a second
    assert lines.index(idle[0]) > lines.index(last), "the server is left alone after the last game"
    matched = [READING.match(line) for line in readings]
    assert all(matched), readings
    assert [int(m[1]) for m in matched] == [0, 3, 6]
    assert matched[0][5] is None and all(m[5] is not None for m in matched[1:])
    assert matched[0][4] == "-" and all(float(m[4]) > 0 for m in matched[1:] if int(m[3]))
    quarters = [QUARTER.match(line) for line in lines if line.startswith("quarter=")]
    assert all(quarters) and [int(q[1]) for q in quarters] == [0, 1, 2, 3, 4]
    by_games = {int(m[1]): m[2] for m in matched}
    assert all(q[3] == by_games[int(q[2])] for q in quarters), "each quarter is the reading nearest to it"
    summary = LAST.match(last)
    assert summary, last
    assert summary[1] == "6" and summary[2] == "pink-soup,pot-pourri" and summary[3] == server
    assert summary[6] == "3" and summary[10] == "2"
    assert (summary[4], summary[5], summary[7]) == (by_games[0], by_games[3], by_games[6])
    assert float(summary[8]) == pytest.approx(float(by_games[6]) - float(by_games[3]), abs=0.06)
    assert float(summary[9]) == pytest.approx(1024 * (float(by_games[6]) - float(by_games[3])) / 3, abs=0.06)


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
