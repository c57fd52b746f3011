"""Placeholder."""
import random

from shared.core import Bot


class PinkSoupBot(Bot):
    def __init__(self, seat, seed):
        super().__init__(seat, seed)
        self.rng = random.Random(seed)

    def choose(self, view, now):
        legal = view["legal_actions"]
        return self.rng.choice(legal) if legal else None
