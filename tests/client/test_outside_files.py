"""The client's other doors for files and answers from outside, attacked for real: a settings file,
a saved game or a certificate that is a FIFO, a device, a folder or a 10,000-digit number is named and
never read (no hang), the defaults kept and nothing written; a server's list of tables that is not
one is skipped table by table."""

from __future__ import annotations

import json
import os
import threading

import pytest

from soupkitchen.client.net import tls, ways_in
from soupkitchen.client.scenes.join import MOST_TABLES, readable_tables
from soupkitchen.client.settings import Settings

pytestmark = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="FIFOs are a POSIX thing")


def within_bound(call, fifo):
    """``call()`` from a thread, which must end within 10 s; a thread blocked on the FIFO is let go
    (the FIFO opened for writing) and the test fails."""
    outcome: list = []

    def run():
        try:
            outcome.append(call())
        except Exception as err:  # noqa: BLE001 - raised again in the test
            outcome.append(err)

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    thread.join(10)
    if thread.is_alive():
        os.close(os.open(fifo, os.O_WRONLY | os.O_NONBLOCK))
        pytest.fail("reading it blocked")
    if isinstance(outcome[0], Exception):
        raise outcome[0]
    return outcome[0]


def hostile_places(tmp_path, name: str):
    """The same file name as a FIFO, a link to /dev/zero, a folder and a 10,000-digit number."""
    made = {}
    for kind in ("fifo", "device", "folder", "digits"):
        path = tmp_path / kind / name
        path.parent.mkdir()
        if kind == "fifo":
            os.mkfifo(path)
        elif kind == "device":
            path.symlink_to("/dev/zero")
        elif kind == "folder":
            path.mkdir()
        else:
            path.write_text('{"name": "Ann", "volume": ' + "9" * 10_000 + "}")
        made[kind] = path
    return made


def test_settings_that_are_no_file_leave_the_defaults_and_are_not_overwritten(tmp_path, caplog):
    for kind, path in hostile_places(tmp_path, "settings.json").items():
        loaded = within_bound(lambda path=path: Settings.load(path), path)
        assert loaded == Settings(), kind
        said = {
            "fifo": "is a named pipe (FIFO), not a regular file",
            "device": "is a device, not a regular file",
            "folder": "is a folder",
            "digits": "holds a number of 10,000 characters",
        }[kind]
        assert f"the settings {path}" in caplog.text and said in caplog.text, kind
    assert (tmp_path / "digits" / "settings.json").read_text().startswith('{"name": "Ann"')


def test_a_saved_game_that_is_no_file_is_not_offered(tmp_path, monkeypatch):
    for kind, path in hostile_places(tmp_path, "t1.json").items():
        assert within_bound(lambda path=path: ways_in.saved_game(path), path) is None, kind
    monkeypatch.setattr(ways_in, "unfinished_dir", lambda: tmp_path / "fifo")
    monkeypatch.setattr(ways_in, "resume_file", lambda: tmp_path / "nowhere.json")
    assert within_bound(ways_in.saved_games, tmp_path / "fifo" / "t1.json") == []


def test_a_certificate_to_trust_that_is_no_file_is_named(tmp_path, monkeypatch):
    monkeypatch.setattr(tls, "TRUSTED", [])
    for kind, path in hostile_places(tmp_path, "cert.pem").items():
        with pytest.raises(ValueError) as caught:
            within_bound(lambda path=path: tls.trust(path), path)
        said = {
            "fifo": "is a named pipe (FIFO)",
            "device": "is a device",
            "folder": "is a folder",
            "digits": "is not a certificate file (PEM)",
        }[kind]
        assert str(path) in str(caught.value) and said in str(caught.value), kind
    assert tls.TRUSTED == []


def test_a_list_of_tables_that_is_no_list_is_read_table_by_table():
    good = {
        "id": "t1",
        "game": "stone-soup",
        "title": "Stone Soup",
        "options": {},
        "seats": [
            {
                "seat": 0,
                "name": "Ann",
                "bot": False,
                "level": None,
                "connected": True,
                "away_since": None,
                "stand_in": False,
                "holding": False,
                "ready": False,
            }
        ],
        "started": False,
        "over": False,
        "closed": False,
        "has_password": False,
        "host_seat": 0,
        "spectators": 0,
        "settings": {},
        "paused": False,
        "state_id": 0,
        "code": None,
    }
    assert (
        readable_tables({"tables": "abc"}) == []
        and readable_tables([1, 2]) == []
        and readable_tables(None) == []
    )
    odd = [7, "x", {**good, "seats": "many"}, {**good, "spectators": "abc"}, {**good, "extra": 1}, {}]
    assert readable_tables({"tables": [*odd, good]}) == [good]
    many = readable_tables({"tables": [good] * (MOST_TABLES + 5000)})
    assert len(many) == MOST_TABLES
    json.dumps(many)
