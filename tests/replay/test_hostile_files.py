"""Hostile replay files and listings at the real loaders: a number of 100,000 digits, a FIFO, a
device, counts of 10^9, 30 MB, nesting 100,000 deep. Each is answered with one sentence that names
the file, at once, without building what it claims, and leaves the file and the folder as they were;
the Replays screen lists what it can and says, in the player's language, which files it skipped."""

from __future__ import annotations

import json
import os
import threading
from pathlib import Path

import pytest

from soupkitchen.client.replay.sources import finished_table, local_listing, server_listing
from soupkitchen.shared import outside
from soupkitchen.shared.replay import MOST_MOVES, NOT_REPLAY, ReplayError, load
from tests.replay.test_files import good_data

pytestmark = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="FIFOs are a POSIX thing")


def hostile(good: dict) -> dict[str, tuple[bytes, str, str]]:
    """name -> (the file's bytes, words its sentence holds, its kind)."""
    text = json.dumps(good)
    move = '{"seat":0,"action":{},"t":1},'
    return {
        "digits": (
            text.replace('"seed": ', '"seed": ' + "9" * 100_000 + ', "x": ', 1).encode(),
            "holds a number of 100,000 characters",
            outside.OUT_OF_BOUNDS,
        ),
        "players": (json.dumps({**good, "players": 10**9}).encode(), "1000000000 players", "damaged"),
        "names": (
            json.dumps({**good, "names": ["a"] * 100_000}).encode(),
            '"names" that are not a list',
            "damaged",
        ),
        "moves": (
            json.dumps({**good, "log": []})
            .replace('"log": []', '"log": [' + move * MOST_MOVES + move[:-1] + "]")
            .encode(),
            f"{MOST_MOVES + 1:,} moves; a replay has at most",
            "damaged",
        ),
        "long-name": (
            json.dumps({**good, "names": ["Ann", "x" * 3_000_000]}).encode(),
            "a name of 3,000,000 characters",
            "damaged",
        ),
        "thirty-mb": (
            b"[" + b"{}," * 10_000_000 + b"{}]",
            "is too large to read: 28.6 MB",
            outside.TOO_LARGE,
        ),
        "deep": (b"[" * 100_000 + b"]" * 100_000, "nested too deep", outside.OUT_OF_BOUNDS),
        "nan": (
            text.replace('"finished": ', '"finished": NaN, "y": ', 1).encode(),
            "holds NaN",
            outside.OUT_OF_BOUNDS,
        ),
        "far-future": (
            json.dumps({**good, "finished": 1e300}).encode(),
            "",
            "",
        ),  # opens; no date is made of it
    }


def refused(path: Path) -> ReplayError:
    with pytest.raises(ReplayError) as caught:
        load(path)
    return caught.value


@pytest.mark.parametrize(
    "name", ["digits", "players", "names", "long-name", "moves", "thirty-mb", "deep", "nan"]
)
def test_a_hostile_file_gets_one_sentence_naming_it_and_changes_nothing(tmp_path, name):
    body, words, kind = hostile(good_data())[name]
    path = tmp_path / f"{name}.soupreplay.json"
    path.write_bytes(body)
    err = refused(path)
    assert str(path) in str(err) and words in str(err) and err.kind == kind, str(err)
    assert path.read_bytes() == body and os.listdir(tmp_path) == [path.name]


def without_hanging(call, release: Path | None = None):
    """``call()``'s outcome from a thread, within 10 s; if it is still blocked then, the FIFO
    ``release`` is opened for writing so that the thread ends, and the test fails."""
    outcome: list = []

    def run():
        try:
            outcome.append(call())
        except Exception as err:  # noqa: BLE001 - handed to the test
            outcome.append(err)

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    thread.join(10)
    if thread.is_alive():
        if release is not None:
            os.close(os.open(release, os.O_WRONLY | os.O_NONBLOCK))
        pytest.fail("reading it blocked")
    return outcome[0]


def test_a_fifo_or_a_device_is_named_and_never_read(tmp_path):
    fifo = tmp_path / "x.soupreplay.json"
    os.mkfifo(fifo)
    device = tmp_path / "zero.soupreplay.json"
    device.symlink_to("/dev/zero")
    err = without_hanging(lambda: refused(fifo), release=fifo)
    assert isinstance(err, ReplayError) and "is a named pipe (FIFO), not a regular file" in str(err)
    assert err.kind == outside.NOT_REGULAR and str(fifo) in str(err)
    err = without_hanging(lambda: refused(device))
    assert "is a device, not a regular file" in str(err) and err.kind == outside.NOT_REGULAR
    assert "is a folder" in str(refused(tmp_path))


def test_soupkitchen_replay_on_a_fifo_says_so_and_opens_nothing(tmp_path, data_folder, capsys):
    from soupkitchen.client.__main__ import main

    fifo = tmp_path / "x.soupreplay.json"
    os.mkfifo(fifo)
    assert without_hanging(lambda: main(["--replay", str(fifo)]), release=fifo) == 2
    assert f"soupkitchen: {fifo} cannot be read: it is a named pipe (FIFO)" in capsys.readouterr().err


async def test_the_replays_screen_lists_what_it_can_and_says_what_it_skipped(app, data_folder):
    from soupkitchen.client import words
    from soupkitchen.client.scenes.replays import when_words

    folder = data_folder / "replays"
    folder.mkdir(parents=True)
    good = good_data()
    (folder / "good.soupreplay.json").write_text(json.dumps(good))
    (folder / "far-future.soupreplay.json").write_bytes(hostile(good)["far-future"][0])
    for name in ("digits", "players", "thirty-mb"):
        (folder / f"{name}.soupreplay.json").write_bytes(hostile(good)[name][0])
    os.mkfifo(folder / "fifo.soupreplay.json")
    listing = without_hanging(local_listing, release=folder / "fifo.soupreplay.json")
    assert sorted(skip.name for skip in listing.skipped) == [
        "digits.soupreplay.json",
        "fifo.soupreplay.json",
        "players.soupreplay.json",
        "thirty-mb.soupreplay.json",
    ]
    scene = app.stack.open("replays")
    app.step(app.clock.t + 0.1)
    assert len(scene.entries) == 2
    far = next(entry for entry in scene.entries if entry.key.endswith("far-future.soupreplay.json"))
    assert far.when == (folder / "far-future.soupreplay.json").stat().st_mtime  # 1e300 s is no date
    assert when_words(1e300) == when_words(None) == "some time"
    assert all(scene.row(entry).count("\t") == 1 for entry in scene.entries)  # the list draws one tab's sides
    note = next(w for w in scene.form.widgets if w.key == "skipped").words
    assert note.startswith(
        "Skipped 4 files: digits.soupreplay.json (holds more than a replay can), "
        "fifo.soupreplay.json (not a regular file), players.soupreplay.json (damaged)"
    )
    assert note.endswith("and 1 more")
    try:
        words.install("de")
        scene.rebuild()
        note = next(w for w in scene.form.widgets if w.key == "skipped").words
        assert note.startswith("4 Dateien übersprungen: ") and "(keine gewöhnliche Datei)" in note
        assert "(Datei)" in scene.detail(far)
    finally:
        words.install("en")


# --- another server's listing ---------------------------------------------------------------------
def _script():
    """scripts/hostile_files.py, whose server with hostile answers these tests use too."""
    import importlib.util

    spec = importlib.util.spec_from_file_location(
        "hostile_files", Path(__file__).parents[2] / "scripts" / "hostile_files.py"
    )
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture
def answering():
    """``answering(body)``: the URL of a server on 127.0.0.1 whose /replays and /replays/<id> answer
    ``body`` (bytes, or "drip": a byte a second, or "chunked": 30 MB without a length)."""
    bodies: dict[str, bytes] = {}
    base, stop = _script().hostile_server(bodies)

    def serve(body) -> str:
        if body in ("drip", "chunked"):
            return f"{base}/{body}"
        name = f"body{len(bodies)}"
        bodies[name] = body
        return f"{base}/{name}"

    yield serve
    stop.set()


MATCH = {"id": "t1", "game": "stone-soup", "players": 3, "created": 1.7e9, "finished": 1.7e9}


@pytest.mark.parametrize(
    "match",
    [
        {**MATCH, "players": 10**9},
        {**MATCH, "players": "abc"},
        "a game",
        {"game": "stone-soup", "players": 2},
        {**MATCH, "names": ["a"] * 1000},
    ],
)
async def test_a_game_the_list_describes_wrongly_is_skipped_and_the_rest_listed(answering, match):
    url = answering(json.dumps({"matches": [match, MATCH]}).encode())
    listing = await server_listing(url)
    assert [entry.key for entry in listing.entries] == [f"{url}:t1"] and listing.entries[0].names == (
        "Player 1",
        "Player 2",
        "Player 3",
    )
    assert (
        len(listing.skipped) == 1
        and listing.skipped[0].kind == NOT_REPLAY
        and "game 1:" in listing.skipped[0].reason
    )


@pytest.mark.parametrize(
    "body, words, kind",
    [
        (b"[1, 2, 3]", 'is not a list of games (no "matches" list', NOT_REPLAY),
        (b'"matches"', "is not a list of games", NOT_REPLAY),
        (b"nope", "is not JSON", NOT_REPLAY),
        (
            b'{"matches": [' + b"{}," * 10_000_000 + b"{}]}",
            "is too large: 30,000,017 bytes",
            outside.TOO_LARGE,
        ),
        ("chunked", "is too large: more than 524,288 bytes", outside.TOO_LARGE),
        (
            b'{"matches": [{"players": ' + b"9" * 100_000 + b"}]}",
            "holds a number of 100,000 characters",
            outside.OUT_OF_BOUNDS,
        ),
        (b'{"matches": [' + b"[]," * 60_000 + b"[]]}", "holds too many values", outside.OUT_OF_BOUNDS),
    ],
)
async def test_a_list_that_cannot_be_read_is_one_sentence_naming_the_server(answering, body, words, kind):
    url = answering(body)
    with pytest.raises(ReplayError) as caught:
        await server_listing(url)
    assert str(caught.value).startswith(f"the list of replays of {url} ") and words in str(caught.value)
    assert caught.value.kind == kind


async def test_a_server_that_never_finishes_its_answer_is_given_up_on(answering):
    url = answering("drip")
    with pytest.raises(ReplayError, match=r"did not come within 0\.5 s") as caught:
        await server_listing(url, timeout=0.5)
    assert caught.value.kind == outside.UNREADABLE


@pytest.mark.parametrize(
    "body, words",
    [
        (b"[" + b"{}," * 10_000_000 + b"{}]", "is too large"),
        (
            b'{"game": "stone-soup", "players": 3, "seed": ' + b"9" * 100_000 + b"}",
            "holds a number of 100,000",
        ),
    ],
)
async def test_a_hostile_record_from_a_server_is_one_sentence(answering, body, words):
    url = answering(body)
    with pytest.raises(ReplayError) as caught:
        await finished_table(url, "t1")
    assert f"the game t1 from {url}" in str(caught.value) and words in str(caught.value)
