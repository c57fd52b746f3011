"""Synthesise the client's sounds into small WAV files under assets/sounds/ (pure Python: wave, array).

Every sound is built from soft-edged sine tones and filtered noise, then levelled to the same
loudness with the peak kept well below full scale, so no sound is harsh or much louder than
another. The output is deterministic (seeded noise). Run after changing a sound:

    .venv/bin/python scripts/make_sounds.py
"""

from __future__ import annotations

import array
import math
import random
import wave
from collections.abc import Callable
from pathlib import Path

RATE = 22050
OUT = Path(__file__).resolve().parent.parent / "assets" / "sounds"
PEAK = 0.55  # the loudest sample of any sound, as a fraction of full scale
LOUDNESS = 0.14  # every sound's RMS before its own gain

Samples = list[float]


def silence(seconds: float) -> Samples:
    return [0.0] * int(RATE * seconds)


def envelope(count: int, attack: float, release: float) -> list[float]:
    """A gain per sample: a rise over ``attack`` seconds, then an exponential fall to silence."""
    rise = max(1, int(RATE * attack))
    fall = max(1e-3, release)
    return [
        min(1.0, i / rise) * math.exp(-max(0, i - rise) / (RATE * fall)) * min(1.0, (count - i) / 64)
        for i in range(count)
    ]


def tone(
    start: float,
    end: float,
    seconds: float,
    attack: float = 0.005,
    release: float = 0.1,
    partials: tuple[float, ...] = (1.0, 0.3, 0.1),
) -> Samples:
    """A gliding note with a few soft harmonics."""
    count = int(RATE * seconds)
    gain = envelope(count, attack, release)
    phase, out = 0.0, []
    for i in range(count):
        phase += 2 * math.pi * (start + (end - start) * i / count) / RATE
        out.append(gain[i] * sum(p * math.sin(phase * (k + 1)) for k, p in enumerate(partials)))
    return out


def bell(freq: float, seconds: float, release: float = 0.25) -> Samples:
    """A metal pot's ring: inharmonic partials that die away."""
    count = int(RATE * seconds)
    gain = envelope(count, 0.002, release)
    ratios = ((1.0, 1.0), (2.76, 0.45), (5.4, 0.2), (8.9, 0.08))
    return [
        gain[i] * sum(a * math.sin(2 * math.pi * freq * r * i / RATE) for r, a in ratios)
        for i in range(count)
    ]


def noise(
    seconds: float,
    cutoff: float,
    seed: int,
    attack: float = 0.002,
    release: float = 0.04,
    cutoff_end: float | None = None,
) -> Samples:
    """Filtered noise (a one-pole low-pass sweeping from ``cutoff`` to ``cutoff_end`` Hz): paper, card,
    felt."""
    rng = random.Random(seed)
    count = int(RATE * seconds)
    gain = envelope(count, attack, release)
    level, out = 0.0, []
    end = cutoff if cutoff_end is None else cutoff_end
    for i in range(count):
        f = cutoff + (end - cutoff) * i / count
        alpha = 1 - math.exp(-2 * math.pi * f / RATE)
        level += alpha * (rng.uniform(-1, 1) - level)
        out.append(gain[i] * level)
    return out


def mix(*parts: tuple[float, Samples]) -> Samples:
    """Parts laid over each other, each starting at its offset in seconds."""
    length = max(int(RATE * at) + len(part) for at, part in parts)
    out = [0.0] * length
    for at, part in parts:
        start = int(RATE * at)
        for i, value in enumerate(part):
            out[start + i] += value
    return out


def notes(freqs: tuple[float, ...], step: float, length: float, release: float) -> Samples:
    return mix(*((i * step, tone(f, f, length, release=release)) for i, f in enumerate(freqs)))


def smooth(samples: Samples, cutoff: float = 5000) -> Samples:
    """A gentle low-pass over the finished sound: takes the edge off clicks and high partials."""
    alpha = 1 - math.exp(-2 * math.pi * cutoff / RATE)
    level, out = 0.0, []
    for value in samples:
        level += alpha * (value - level)
        out.append(level)
    return out


def level(samples: Samples, gain: float) -> Samples:
    """Scale to the shared loudness times ``gain``, the peak never above PEAK."""
    rms = math.sqrt(sum(v * v for v in samples) / len(samples)) or 1.0
    peak = max(abs(v) for v in samples) or 1.0
    scale = min(LOUDNESS * gain / rms, PEAK / peak)
    return [v * scale for v in samples]


def shuffle() -> Samples:
    rng = random.Random(7)
    riffles, at = [], 0.0
    for i in range(9):
        riffles.append((at, noise(0.05, 2000, seed=100 + i, release=0.02)))
        at += rng.uniform(0.035, 0.07)
    return mix(*riffles)


SOUNDS: dict[str, tuple[Callable[[], Samples], float]] = {
    # the interface
    "move": (lambda: tone(880, 880, 0.03, release=0.01, partials=(1.0,)), 0.45),
    "select": (lambda: tone(520, 780, 0.08, release=0.03), 0.7),
    "error": (lambda: tone(200, 150, 0.2, attack=0.01, release=0.08, partials=(1.0, 0.2)), 0.8),
    "turn": (lambda: notes((660, 990), 0.09, 0.25, 0.1), 0.8),
    # cards and tables
    "card_place": (
        lambda: mix(
            (0, noise(0.09, 1400, seed=1, release=0.025)),
            (0, tone(170, 120, 0.09, release=0.03, partials=(1.0,))),
        ),
        1.0,
    ),
    "card_flip": (
        lambda: mix(
            (0, noise(0.035, 2400, seed=2, release=0.01)), (0.05, noise(0.04, 2200, seed=3, release=0.012))
        ),
        0.9,
    ),
    "card_slide": (lambda: noise(0.24, 900, seed=4, attack=0.08, release=0.06, cutoff_end=2400), 0.8),
    "shuffle": (shuffle, 0.8),
    "rotate": (
        lambda: mix(
            (0, noise(0.03, 2400, seed=5, release=0.01)),
            (0.07, noise(0.03, 2400, seed=6, release=0.01)),
            (0.14, noise(0.03, 2400, seed=8, release=0.01)),
            (0, tone(300, 450, 0.22, attack=0.02, release=0.08, partials=(1.0, 0.2))),
        ),
        0.8,
    ),
    # faces, stars and the clock
    "happy": (lambda: notes((660, 831), 0.08, 0.3, 0.12), 0.8),
    "unhappy": (
        lambda: mix(
            (0, tone(440, 415, 0.25, attack=0.01, release=0.1, partials=(1.0, 0.25))),
            (0.12, tone(370, 349, 0.3, attack=0.01, release=0.12, partials=(1.0, 0.25))),
        ),
        0.8,
    ),
    "tick": (
        lambda: mix(
            (0, tone(1100, 1000, 0.05, attack=0.001, release=0.012, partials=(1.0,))),
            (0, noise(0.02, 3000, seed=9, release=0.006)),
        ),
        0.55,
    ),
    "star_won": (lambda: notes((784, 988, 1175, 1568), 0.07, 0.35, 0.12), 0.9),
    "star_lost": (lambda: notes((523, 440, 349), 0.12, 0.4, 0.15), 0.8),
    # big moments
    "stone_soup": (lambda: mix((0, bell(220, 0.7, release=0.22)), (0.16, bell(293, 0.8, release=0.28))), 1.0),
    "reveal": (
        lambda: mix(
            (0, noise(0.45, 400, seed=10, attack=0.3, release=0.08, cutoff_end=3500)),
            (0.35, tone(880, 880, 0.5, release=0.18, partials=(1.0, 0.15))),
        ),
        0.9,
    ),
    "game_won": (
        lambda: mix(
            (0, notes((523, 659, 784), 0.12, 0.3, 0.1)),
            (0.36, tone(1047, 1047, 0.8, release=0.3)),
            (0.36, tone(659, 659, 0.8, release=0.3)),
        ),
        1.0,
    ),
    "game_lost": (lambda: notes((392, 349, 311, 262), 0.22, 0.5, 0.2), 0.9),
}


def write(path: Path, samples: Samples) -> None:
    data = array.array("h", (max(-32767, min(32767, int(v * 32767))) for v in samples))
    with wave.open(str(path), "wb") as out:
        out.setnchannels(1)
        out.setsampwidth(2)
        out.setframerate(RATE)
        out.writeframes(data.tobytes())


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    total = 0
    for name, (make, gain) in SOUNDS.items():
        path = OUT / f"{name}.wav"
        write(path, level(smooth(make() + silence(0.01)), gain))
        total += path.stat().st_size
    print(f"wrote {len(SOUNDS)} sounds to {OUT} ({total // 1024} KiB)")


if __name__ == "__main__":
    main()
