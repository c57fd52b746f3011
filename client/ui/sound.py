"""The client's sounds: small WAV files we synthesise (scripts/make_sounds.py) and ship in
assets/sounds/. Interface sounds (a tick when focus moves, a pop on select, a low buzz for a refusal,
a chime when it becomes your turn) and table sounds (cards placed, flipped, slid and shuffled, a row
rotating, happy and unhappy faces, the clock's last seconds, stars, "stone soup!", the reveal, a game
won or lost). Silent without an audio device; loudness follows the volume and mute settings."""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from importlib import resources

import pygame

log = logging.getLogger(__name__)

RATE = 22050
NAMES = (
    "move",
    "select",
    "error",
    "turn",
    "card_place",
    "card_flip",
    "card_slide",
    "shuffle",
    "rotate",
    "happy",
    "unhappy",
    "tick",
    "star_won",
    "star_lost",
    "stone_soup",
    "reveal",
    "game_won",
    "game_lost",
)
REPEAT_GAP = 0.05  # the same sound asked for again this soon is not played twice


def sound_file(name: str):
    """The packaged WAV file of sound ``name``."""
    return resources.files("soupkitchen.assets").joinpath("sounds", f"{name}.wav")


class Sounds:
    """Loads every sound once and plays them at the chosen volume."""

    def __init__(self, volume: int, muted: bool = False, clock: Callable[[], float] = time.monotonic) -> None:
        self.volume, self.muted, self.clock = volume, muted, clock
        self.sounds: dict[str, pygame.mixer.Sound] = {}
        self.played: list[str] = []
        self._last: dict[str, float] = {}
        try:
            pygame.mixer.init(frequency=RATE, size=-16, channels=1)
        except pygame.error as err:
            log.info("no sound: %s", err)
            return
        pygame.mixer.set_num_channels(12)
        for name in NAMES:
            try:
                with resources.as_file(sound_file(name)) as path:
                    self.sounds[name] = pygame.mixer.Sound(str(path))
            except (pygame.error, FileNotFoundError) as err:
                log.info("sound %s unavailable: %s", name, err)

    @property
    def audible(self) -> bool:
        return bool(self.sounds) and not self.muted and self.volume > 0

    def play(self, name: str) -> None:
        """Play ``name`` (unknown names and a muted client are quietly silent)."""
        sound = self.sounds.get(name)
        if sound is None or not self.audible:
            return
        now = self.clock()
        if now - self._last.get(name, float("-inf")) < REPEAT_GAP:
            return
        self._last[name] = now
        sound.set_volume(self.volume / 100)
        sound.play()
        self.played = (self.played + [name])[-20:]
