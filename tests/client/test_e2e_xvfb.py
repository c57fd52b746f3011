"""End to end: the real ``soupkitchen`` process in a real X window (Xvfb), driven by real key presses
(xdotool) from the title through "Play solo" into a table, a screenshot, and back to the title.

Needs Xvfb and xdotool: ``apt-get install -y xvfb xdotool``. Set ``SOUPKITCHEN_E2E_SHOT=/some/path.png``
to keep the screenshot of the table.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(
        shutil.which("Xvfb") is None or shutil.which("xdotool") is None,
        reason="needs a virtual X server and input tool: apt-get install -y xvfb xdotool",
    ),
]
# Waits are bounded generously: they only end a run that is stuck, and a busy machine is slow.
PATIENCE = 4.0
PNG_END = b"IEND\xaeB`\x82"  # the last chunk of every complete PNG file


def start_xvfb() -> tuple[subprocess.Popen, str]:
    read, write = os.pipe()
    xvfb = subprocess.Popen(
        ["Xvfb", "-displayfd", str(write), "-screen", "0", "1280x720x24", "-nolisten", "tcp"],
        pass_fds=(write,),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    os.close(write)
    with os.fdopen(read) as pipe:
        number = pipe.readline().strip()
    if not number:
        xvfb.kill()
        pytest.fail("Xvfb did not start")
    return xvfb, f":{number}"


def wait_for(condition, timeout: float, what: str):
    """The first true value of ``condition()``, asked every 0.1 s until ``timeout`` (times PATIENCE)."""
    end = time.monotonic() + timeout * PATIENCE
    while time.monotonic() < end:
        value = condition()
        if value:
            return value
        time.sleep(0.1)  # real time: the client is another process on a real X server
    raise AssertionError(f"timed out waiting for {what}")


def test_play_solo_into_a_table_and_back_with_real_keys(tmp_path):
    xvfb, display = start_xvfb()
    env = {
        **os.environ,
        "DISPLAY": display,
        "SDL_VIDEODRIVER": "x11",
        "SDL_AUDIODRIVER": "dummy",
        "XDG_CONFIG_HOME": str(tmp_path / "config"),
        "XDG_DATA_HOME": str(tmp_path / "data"),
        "XDG_STATE_HOME": str(tmp_path / "state"),
        "XDG_CACHE_HOME": str(tmp_path / "cache"),
    }
    log = tmp_path / "state" / "soupkitchen" / "log" / "client.log"
    shots = tmp_path / "data" / "soupkitchen" / "screenshots"
    app = subprocess.Popen(
        [sys.executable, "-m", "soupkitchen.client", "--windowed", "1280x720"],
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
    )

    def xdo(*args: str) -> str:
        try:
            return subprocess.run(
                ["xdotool", *args], env=env, capture_output=True, text=True, timeout=20
            ).stdout
        except subprocess.TimeoutExpired:
            return ""  # asked again by the wait around it

    def shown_window() -> str:
        """The client's window once it is mapped (SDL may make more than one before it shows it)."""
        found = xdo("search", "--onlyvisible", "--classname", "soupkitchen").split()
        return found[-1] if found else ""

    def focused(window: str) -> bool:
        """Whether ``window`` has the keyboard; asks for it if not (never --sync, which can block)."""
        if xdo("getwindowfocus").strip() == window:
            return True
        xdo("windowfocus", window)
        return False

    def scenes() -> list[str]:
        text = log.read_text() if log.exists() else ""
        return [line.rsplit("scene: ", 1)[1].strip() for line in text.splitlines() if "scene: " in line]

    def keys(*names: str) -> None:
        for name in names:
            xdo("key", "--delay", "60", name)
            time.sleep(0.15)  # real time: a person's pace between keys, on a real X server

    try:
        window = wait_for(shown_window, 40, "the window")
        wait_for(lambda: focused(window), 20, "the window to have the keyboard")
        wait_for(lambda: scenes()[-1:] == ["title"], 20, "the title screen")

        keys("Return")  # Play solo
        wait_for(lambda: scenes()[-1:] == ["setup"], 10, "the game setup")
        keys("Up", "Up", "Return")  # focus wraps to Back, then Start cooking
        wait_for(lambda: scenes()[-1:] not in (["setup"], ["busy"]), 30, "the table")
        table = scenes()[-1]
        assert table in ("too-many-cooks", "generic_table"), scenes()
        time.sleep(1.0)  # real time: the table's first frames reach the real screen

        keys("F12")  # screenshot through the real key
        # The client logs the screenshot once it is written; the file must then be a whole PNG.
        wait_for(
            lambda: "screenshot saved to" in (log.read_text() if log.exists() else ""), 10, "the screenshot"
        )
        shot = next(shots.iterdir())
        assert shot.read_bytes().endswith(PNG_END), "the screenshot is not a complete PNG file"
        assert shot.stat().st_size > 10_000
        shutil.copy(shot, os.environ.get("SOUPKITCHEN_E2E_SHOT") or tmp_path / "e2e-table.png")

        keys("F10")  # the menu
        wait_for(lambda: scenes()[-1:] == ["pause"], 10, "the pause menu")
        keys("Up", "Return")  # Save and leave
        wait_for(lambda: scenes()[-1:] == ["title"], 15, "the title again")

        keys("Up", "Return")  # Quit
        assert app.wait(timeout=20 * PATIENCE) == 0
    except AssertionError as failure:
        app.kill()
        output = app.communicate(timeout=10)[0].decode(errors="replace")
        raise AssertionError(f"{failure}; scenes {scenes()}; client output:\n{output[-3000:]}") from None
    finally:
        if app.poll() is None:
            app.kill()
        xvfb.kill()
        xvfb.wait(timeout=10)
    output = app.communicate(timeout=10)[0].decode(errors="replace")
    assert "Traceback" not in output, output
