"""Small interface sounds, synthesised at start-up (no files): a tick when focus moves, a pop on
select, a low buzz for a refusal and a chime when it becomes your turn. Silent if there is no audio
device; loudness follows the volume setting."""

from __future__ import annotations

import array
import logging
import math

import pygame

log = logging.getLogger(__name__)

RATE = 22050
# name -> (start Hz, end Hz, seconds, loudness 0..1)
TONES = {"move": (880, 880, 0.025, 0.25), "select": (520, 780, 0.07, 0.4), "error": (180, 140, 0.18, 0.45),
         "turn": (660, 990, 0.22, 0.4)}


def synthesise(start: float, end: float, seconds: float, loudness: float) -> bytes:
    """Mono 16-bit samples of a gliding sine with a soft fade in and out."""
    count = int(RATE * seconds)
    samples = array.array("h")
    phase = 0.0
    for i in range(count):
        t = i / max(1, count - 1)
        phase += 2 * math.pi * (start + (end - start) * t) / RATE
        envelope = min(1.0, t * 20, (1 - t) * 6)
        samples.append(int(32767 * loudness * envelope * math.sin(phase)))
    return samples.tobytes()


class Sounds:
    def __init__(self, volume: int) -> None:
        self.volume = volume
        self.sounds: dict[str, pygame.mixer.Sound] = {}
        self.played: list[str] = []
        try:
            pygame.mixer.init(frequency=RATE, size=-16, channels=1)
        except pygame.error as err:
            log.info("no sound: %s", err)
            return
        for name, tone in TONES.items():
            try:
                self.sounds[name] = pygame.mixer.Sound(buffer=synthesise(*tone))
            except pygame.error as err:   # a mixer that opened with another format
                log.info("sound %s unavailable: %s", name, err)

    def play(self, name: str) -> None:
        sound = self.sounds.get(name)
        if sound is None or self.volume <= 0:
            return
        sound.set_volume(self.volume / 100)
        sound.play()
        self.played = (self.played + [name])[-20:]
