"""The sounds: every one is a small, soft WAV file we make ourselves, each table event makes its
sound, the clock ticks through its last ten seconds, and no audio device means silence."""

from __future__ import annotations

import array
import importlib.util
import math
import wave
from pathlib import Path

import pygame

from soupkitchen.client.ui import sound
from soupkitchen.client.ui.sound_cues import SoundCues, event_sound

ROOT = Path(__file__).resolve().parents[2]


def samples(path) -> list[float]:
    with wave.open(str(path)) as w:
        assert (w.getnchannels(), w.getsampwidth(), w.getframerate()) == (1, 2, sound.RATE)
        return [v / 32767 for v in array.array("h", w.readframes(w.getnframes()))]


def test_every_sound_ships_and_none_is_harsh():
    total = 0
    for name in sound.NAMES:
        with sound.sound_file(name).open("rb") as handle:
            total += len(handle.read())
        x = samples(sound.sound_file(name))
        rms = math.sqrt(sum(v * v for v in x) / len(x))
        edge = math.sqrt(sum((b - a) ** 2 for a, b in zip(x, x[1:], strict=False)) / len(x)) / rms
        assert max(abs(v) for v in x) <= 0.6, f"{name} is too loud at its peak"
        assert 0.04 <= rms <= 0.16, f"{name} is not levelled with the others"
        assert edge < 1.0, f"{name} is shrill (too much energy in its highest notes)"
        assert abs(x[0]) < 0.01 and abs(x[-1]) < 0.01, f"{name} starts or ends with a click"
        assert len(x) / sound.RATE < 1.5
    assert total < 600 * 1024


def test_the_committed_files_are_what_the_script_makes(tmp_path, monkeypatch):
    spec = importlib.util.spec_from_file_location("make_sounds", ROOT / "scripts" / "make_sounds.py")
    make_sounds = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(make_sounds)
    monkeypatch.setattr(make_sounds, "OUT", tmp_path)
    make_sounds.main()
    assert sorted(p.stem for p in tmp_path.glob("*.wav")) == sorted(sound.NAMES)
    for name in ("card_flip", "stone_soup", "tick"):
        assert (tmp_path / f"{name}.wav").read_bytes() == sound.sound_file(name).read_bytes()


def test_no_audio_device_means_silence(monkeypatch):
    def broken(**_kw):
        raise pygame.error("no audio device")

    monkeypatch.setattr(pygame.mixer, "init", broken)
    quiet = sound.Sounds(80)
    quiet.play("card_place")
    assert quiet.sounds == {} and quiet.played == [] and not quiet.audible


class FakeSession:
    def __init__(self, game_id: str, left: float | None = None) -> None:
        self.game_id, self.listeners, self.tokens, self.over = game_id, [], {0: "tok"}, False
        self.state_id, self.deadline = 0, left

    def remaining(self, now: float) -> float | None:
        return None if self.deadline is None else self.deadline - now

    def push(self, view, events=()) -> None:
        self.state_id += 1
        for listener in list(self.listeners):
            listener(0, view, list(events))


def tmc_view(happy: list[bool], stars: int, over: bool = False, won: bool = False) -> dict:
    view = {"chefs": [{"seat": 0, "tastes": [{"happy": h} for h in happy]}], "stars": stars, "over": over}
    if over:
        view["result"] = {"won": won}
    return view


def test_too_many_cooks_events_faces_and_stars_make_their_sounds():
    session, heard = FakeSession("too-many-cooks"), []
    SoundCues(session, heard.append)
    session.push(tmc_view([False, False], 0), [{"type": "round_dealt"}])
    session.push(tmc_view([True, False], 0), [{"type": "changed"}])
    session.push(tmc_view([True, False], 0), [{"type": "rotated"}])
    session.push(tmc_view([False, False], 0), [{"type": "passed"}])
    session.push(tmc_view([True, True], 1), [{"type": "round_over"}])
    session.push(tmc_view([True, True], 0))
    session.push(tmc_view([True, True], 0, over=True, won=True), [{"type": "game_over"}])
    assert heard == [
        "shuffle",
        "card_flip",
        "happy",
        "rotate",
        "card_slide",
        "unhappy",
        "reveal",
        "happy",
        "star_won",
        "star_lost",
        "game_won",
    ]


def test_the_other_games_speak_too():
    assert event_sound("stone-soup", {"type": "log", "kind": "challenge"}) is None
    assert event_sound("stone-soup", {"type": "challenge"}) == "stone_soup"
    assert event_sound("stone-soup", {"type": "play"}) == "card_place"
    assert event_sound("pink-soup", {"type": "shuffles", "seat": 1, "target": 1}) == "shuffle"
    assert event_sound("pot-pourri", {"type": "star", "seat": 0}) == "star_won"
    assert event_sound("pot-pourri", {"type": "reshuffled", "pile": "ingredients"}) == "shuffle"
    assert event_sound("pot-pourri", {"type": "chose", "seat": 0, "dropped": [3], "first": True}) is None
    assert (
        event_sound("pot-pourri", {"type": "chose", "seat": 0, "dropped": [3], "first": False})
        == "card_slide"
    )
    session, heard = FakeSession("stone-soup"), []
    SoundCues(session, heard.append)
    session.push({"over": True, "result": {"winners": [2]}})
    assert heard == ["game_lost"]


def test_the_clock_ticks_through_its_last_ten_seconds():
    session, heard = FakeSession("too-many-cooks", left=100.0), []
    cues = SoundCues(session, heard.append)
    now = 0.0
    while now < 100.5:
        cues.tick(now)
        now += 0.25
    assert heard == ["tick"] * 10  # as each of the last ten seconds begins
    session.deadline, heard[:] = now + 3.0, []  # a three-second window to call "stone soup!"
    while session.deadline - now > -1:
        cues.tick(now)
        now += 0.25
    assert heard == []
