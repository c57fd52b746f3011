"""``soupkitchen-server --verbose`` logs every request's payload: a payload holding a right-to-left
override, a line break, an escape sequence or a zero-width character is written with those as
escapes, so that it can neither forge a log line nor reorder one; the request itself is answered as
before."""

from __future__ import annotations

import logging
import subprocess
import sys
from pathlib import Path

from server_testkit import Client

from soupkitchen.shared.logs import EscapingFormatter, escaped

LAUNCHER = Path(__file__).with_name("serve_pepper.py")
HOSTILE = "Eve\u202egnp.exe\n2026-01-01 00:00:00 server INFO forged line\x1b[2J\u200b\U000e0041"


def test_escaped_keeps_what_is_text_and_escapes_what_is_not():
    assert escaped("Amélie 🍲 李雷 Юрий") == "Amélie 🍲 李雷 Юрий"
    assert escaped(HOSTILE) == (
        "Eve\\u202egnp.exe\\x0a2026-01-01 00:00:00 server INFO forged line\\x1b[2J\\u200b\\U000e0041"
    )
    assert escaped("a\u2028b\x00c\x7f\x85") == "a\\u2028b\\x00c\\x7f\\x85"


def test_a_traceback_keeps_its_lines_and_escapes_its_words():
    formatter = EscapingFormatter("%(message)s")
    try:
        raise ValueError(HOSTILE)
    except ValueError:
        record = logging.LogRecord(
            "x", logging.ERROR, __file__, 1, "failed for %s", (HOSTILE,), sys.exc_info()
        )
    text = formatter.format(record)
    assert (
        text.startswith("failed for Eve\\u202egnp.exe\\x0a2026")
        and "Traceback (most recent call last):\n" in text
    )
    assert "\u202e" not in text and "\x1b" not in text and "\nforged" not in text and "\n2026" not in text


async def test_the_verbose_log_of_a_hostile_payload_is_one_escaped_line(tmp_path):
    process = subprocess.Popen(
        [
            sys.executable,
            str(LAUNCHER),
            "--host",
            "127.0.0.1",
            "--port",
            "0",
            "--db",
            str(tmp_path / "db.sqlite3"),
            "--no-discovery",
            "--verbose",
        ],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        cwd=Path(__file__).parents[2],
    )
    try:
        line = process.stdout.readline()
        assert "listening on" in line, line
        eve = await Client(f"http://127.0.0.1:{int(line.rsplit(':', 1)[1])}").connect()
        reply = await eve.call("create_table", {"game": "pepper", "seats": 2, "name": HOSTILE})
        assert reply["error"]["code"] == "bad_request"  # a line break is no name
        await eve.close()
    finally:
        process.terminate()
        _out, err = process.communicate(timeout=30)
    logged = [line for line in err.splitlines() if "create_table" in line]
    assert len(logged) == 1 and "Eve\\u202egnp.exe" in logged[0] and "forged line" in logged[0], err
    assert not any(char in err for char in "\u202e\x1b\u200b\U000e0041") and "\nforged" not in err
