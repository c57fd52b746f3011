"""Seeded randomness kept in the state: a game stores its seed and a draw counter, never an RNG."""

from __future__ import annotations

import random


def rng_for(seed: int, *salt: object) -> random.Random:
    """A private Random determined by ``seed`` and ``salt`` (e.g. the round, or a draw counter).

    Each call gives a fresh generator, so a state needs to hold only plain numbers to stay
    replayable and JSON-serialisable.
    """
    return random.Random(":".join(str(part) for part in (seed, *salt)))
