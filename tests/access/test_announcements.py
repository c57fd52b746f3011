"""What a table says as it happens (moves, reactions, whose turn, the timer's marks), the two keys
("where am I", "what changed since my turn") and speech through the system's speech service, each
on a real client app over an in-process table on an injected clock."""

from __future__ import annotations

import os
import stat
import subprocess
import threading

import pytest

from soupkitchen.client.access.adapter import Recorder
from soupkitchen.client.access.speech import Speaker, Voice, find_voice
from soupkitchen.client.app import App
from soupkitchen.client.settings import Settings
from soupkitchen.client.tables import table_scene_for
from soupkitchen.client.tables.wording import event_words
from soupkitchen.client.ui.input import InputAction
from tests.tables.fake_session import FakeSession


class Spoken:
    """A speech service that records each command instead of speaking."""

    def __init__(self) -> None:
        self.commands: list[list[str]] = []

    def __call__(self, command, **kwargs):
        self.commands.append(command)
        return subprocess.Popen(["true"], **kwargs)


def table_app(
    game: str = "too-many-cooks",
    players: int = 3,
    speech: bool = False,
    spoken: Spoken | None = None,
    **options,
):
    session = FakeSession(game, players=players, seat=0, options=options)
    app = App(
        Settings(speech=speech, speech_rate=50), size=(1280, 720), fullscreen=False, clock=lambda: session.now
    )
    app.access.adapter = Recorder(listening=True)
    if spoken is not None:
        app.access.speaker = Speaker(Voice("espeak-ng", "/usr/bin/espeak-ng"), spawn=spoken)
        app.access._voice_checked = True
    app.stack.open("title")
    app.stack.push(table_scene_for(game)(app, session))
    app.step(session.now)  # the table is heard from here on
    return app, session


def said(app: App, session: FakeSession, now: float | None = None) -> str:
    """Step one frame and return what the live region says now."""
    app.step(session.now if now is None else now)
    return app.access.live


def test_moves_turns_and_reactions_are_announced_as_they_happen():
    app, session = table_app()
    said(app, session)
    session.everyone_ready()
    words = said(app, session)
    assert "Round 1 begins" in words
    session.bots_play()
    words = said(app, session)
    assert "Your turn" in words
    assert (
        any(name in words for name in ("Bert swapped", "Bert rotated", "Cleo swapped", "Cleo rotated"))
        or session.game.view(session.state, 0)["turn"] == 0
    )
    session.emotes.append((2, "delicious", session.now))
    assert said(app, session) == "Cleo: How delicious!"
    chefs = app.access.root.find("chefs")
    assert "last reaction: How delicious!" in chefs.children[2].name


def test_the_timer_is_announced_at_one_minute_thirty_and_ten_seconds_left_once_each():
    app, session = table_app()
    session.everyone_ready()
    marks = []
    for session.now in (100.0, 230.0, 240.5, 245.0, 269.0, 270.5, 280.0, 289.5, 290.2, 295.0):
        before = app.access.live_count
        words = said(app, session)
        if app.access.live_count != before:
            marks.append(words)
    assert [m for m in marks if "left" in m] == ["1 minute left", "30 seconds left", "10 seconds left"]
    assert app.access.root.find("timer").value == "0:05"


def test_where_am_i_and_what_changed_since_my_turn_answer_at_the_table():
    app, session = table_app()
    session.everyone_ready()
    session.bots_play()
    said(app, session)
    app.dispatch(InputAction("where_am_i"))
    summary = app.access.live
    view = session.view(0)
    first = view["soup"][0][0]
    assert summary.startswith("Round 1 of 3") and f"Row 1: {first['colour']} {first['veg']}" in summary
    assert "Your tastes:" in summary and "left." in summary
    mine = next(a for a in view["legal_actions"] if a["type"] == "rotate")
    session.apply(0, mine)
    mark = len(session.events)
    session.bots_play()
    said(app, session)
    app.dispatch(InputAction("what_changed"))
    since = [event_words("too-many-cooks", e, session.seat_name) for e in list(session.events)[mark:]]
    assert since and app.access.live == " ".join(since), "the others' moves since mine, and not mine"
    assert "Ada" not in app.access.live
    app.stack.open("settings")
    app.dispatch(InputAction("where_am_i"))
    assert app.access.live.startswith("Settings")


def test_speech_says_each_announcement_at_the_players_rate_and_never_with_speech_off():
    spoken = Spoken()
    app, session = table_app(speech=True, spoken=spoken)
    session.everyone_ready()
    said(app, session)
    app.access.speaker.flush()
    assert spoken.commands and spoken.commands[-1][0] == "/usr/bin/espeak-ng"
    assert spoken.commands[-1][1:3] == ["-s", str(round(175 * 2**0.5))], "rate 50: half as fast again"
    assert "Round 1 begins" in spoken.commands[-1][-1]
    quiet = Spoken()
    app, session = table_app(speech=False, spoken=quiet)
    session.everyone_ready()
    said(app, session)
    app.access.speaker.flush()
    assert app.access.live and not quiet.commands


def test_the_frame_only_queues_a_sentence_and_the_speakers_thread_starts_the_program():
    gate, seen = threading.Event(), []

    def spawn(command, **kwargs):  # a speech program slow to start: the frame must not wait for it
        seen.append(("frame had gone on" if gate.wait(10) else "the frame waited", command[-1]))
        return subprocess.Popen(["true"])

    speaker = Speaker(Voice("espeak-ng", "/usr/bin/espeak-ng"), spawn=spawn)
    speaker.say("Your turn.")
    gate.set()  # only reached at once if say() did not start the program itself
    speaker.flush()
    assert seen == [("frame had gone on", "Your turn.")]
    speaker.close()


@pytest.fixture
def slow_voice(tmp_path):
    """A speech program that takes a long time to say anything (and a record of how it was called)."""
    program = tmp_path / "espeak-ng"
    program.write_text('#!/bin/sh\necho "$@" >> "$0.said"\nexec sleep 30\n')
    program.chmod(program.stat().st_mode | stat.S_IXUSR)
    return program


def test_speaking_never_waits_for_the_sentence_and_a_new_one_cuts_the_last_short(slow_voice):
    children = []

    def spawn(command, **kwargs):
        children.append(subprocess.Popen(command, **kwargs))
        return children[-1]

    speaker = Speaker(find_voice(lambda name: str(slow_voice) if name == "espeak-ng" else None), spawn=spawn)
    speaker.say("Your turn.")
    speaker.flush()
    assert children[0].poll() is None, "the first sentence is still being said: say() did not wait for it"
    speaker.say("Bert passed.")
    speaker.flush()
    assert children[0].wait(timeout=10) != 0, "the first sentence was cut short"
    assert children[1].poll() is None
    speaker.close()
    assert children[1].wait(timeout=10) != 0
    assert speaker.said == ["Your turn.", "Bert passed."]


def test_speech_dispatcher_is_asked_to_cancel_rather_than_ended():
    spoken = Spoken()
    speaker = Speaker(Voice("spd-say", "/usr/bin/spd-say"), rate=-25, language="de", spawn=spoken)
    speaker.say("Dein Zug.")
    speaker.say("Bert passt.")
    speaker.flush()
    assert spoken.commands == [
        [
            "/usr/bin/spd-say",
            "--rate",
            "-25",
            "--application-name",
            "soupkitchen",
            "--language",
            "de",
            "--",
            "Dein Zug.",
        ],
        ["/usr/bin/spd-say", "--cancel", "--application-name", "soupkitchen"],
        [
            "/usr/bin/spd-say",
            "--rate",
            "-25",
            "--application-name",
            "soupkitchen",
            "--language",
            "de",
            "--",
            "Bert passt.",
        ],
    ]


def test_without_a_speech_service_settings_says_so_and_nothing_is_started(monkeypatch):
    monkeypatch.setattr("soupkitchen.client.access.hub.find_voice", lambda: None)
    app = App(Settings(speech=True), size=(1280, 720), fullscreen=False)
    assert find_voice(lambda name: None) is None
    assert "No speech service found" in app.access.voice_words()
    app.access.announce("Your turn.")
    assert app.access.live == "Your turn." and app.access.speaker.said == []
    app.stack.open("title")
    app.stack.open("settings")
    app.stack.open("accessibility")
    app.access.forced = True
    app.step(1.0)
    words = [node.name for node in app.access.root.walk()]
    assert any("No speech service found" in name for name in words)
    assert os.environ.get("SDL_VIDEODRIVER") == "dummy"


def test_the_readers_focus_follows_the_tables_keyboard_cursor():
    app, session = table_app()
    session.everyone_ready()
    session.bots_play()
    said(app, session)
    assert app.access.focus == "soup.r0c0"
    app.dispatch(InputAction("navigate", dx=1))  # the first arrow shows the ring where it is
    said(app, session)
    assert app.access.focus == "soup.r0c0"
    app.dispatch(InputAction("navigate", dx=1))
    app.dispatch(InputAction("navigate", dy=1))
    said(app, session)
    assert app.access.focus == "soup.r1c1" and app.access.adapter.focus == "soup.r1c1"
    app.dispatch(InputAction("select"))  # that card is picked; the arrows go to a spare it may become
    app.dispatch(InputAction("navigate", dx=-1))
    said(app, session)
    assert (
        app.access.focus.startswith("soup.r1c1.") and app.access.root.find(app.access.focus).role == "button"
    )
    app.dispatch(InputAction("back"))  # put back: the spare is only read now
    said(app, session)
    assert app.access.focus.startswith("spares.")
    app.stack.top.focus = "cell:1:0"
    app.dispatch(InputAction("navigate", dx=-1))  # left of the row: its arrow on the rim
    said(app, session)
    assert app.access.focus == "rotate.row1.back"
