"""How a Stone Soup bot weighs a claim, from what a person at the table can see.

The public record of each player (bluffs caught, claims shown honest, calls made and plays let go)
tells who bluffs and who watches; ``call_worth`` sets what a call may win against the pot it may
cost, and ``Style`` says how each level uses all this (never what it may see).
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass, field
from typing import Any, Literal

RECORD_WEIGHT = 12.0
"""Plays of evidence the table's own habits count for before one player's record moves a judgement."""
CALL_MARGIN = 1.0
"""Cards of expected loss a reckoning bot accepts to call: a bluff let stand also sheds the
claimant's cards, which the sums below do not count."""
WHIM = 0.2  # the share of plays an easy bot calls, whatever the odds
LAST_CARD = (0.4, 0.8)  # how often an easy or normal bot calls a last card: a believable one, a doubtful one
SMELL = {1: 0.6, 2: 0.3, 3: 0.2}
"""How doubtful a claim of so many cards sounds to a player who has played before (a bluff is mostly
one card passed off as the food); a larger claim sounds honest (0.08)."""


@dataclass(frozen=True)
class Style:
    """How a level plays: ``plays`` the ``"first"`` decent play, by rules of thumb (``"rules"``)
    or by the ``"sums"`` of what each play may cost; ``calls`` on a ``"whim"``, on a ``"hunch"``
    (how doubtful the claim sounds against how much the pot would cost) or by the ``"sums"`` of
    ``call_worth``; ``reads_record`` judges each claim and each risk from the players' record;
    ``call_beats``: how long, in beats of the table's bot pace, it looks at a claim before it calls
    (least, most)."""

    plays: Literal["first", "rules", "sums"]
    calls: Literal["whim", "hunch", "sums"]
    reads_record: bool
    call_beats: tuple[float, float]


STYLES = {
    "easy": Style(plays="first", calls="whim", reads_record=False, call_beats=(1.3, 2.4)),
    "normal": Style(plays="rules", calls="hunch", reads_record=False, call_beats=(1.6, 2.6)),
    "hard": Style(plays="sums", calls="sums", reads_record=True, call_beats=(1.8, 2.6)),
}
LET_GO_BEATS = (1.0, 1.8)  # letting a plain claim go takes less thought than calling it
SURE_BEATS = (1.3, 1.7)  # a claim seen to be false is called without a second look
REVEAL_BEATS = (1.5, 0.5)  # after a call, before playing on: a moment and a while for each card shown


@dataclass
class Record:
    """What the table has seen each player do: bluffs caught and claims shown honest when called,
    and calls made and plays let go when they could call."""

    caught: list[int] = field(default_factory=list)
    honest: list[int] = field(default_factory=list)
    calls: list[int] = field(default_factory=list)
    passes: list[int] = field(default_factory=list)

    @classmethod
    def empty(cls, players: int) -> Record:
        return cls([0] * players, [0] * players, [0] * players, [0] * players)

    def closed(self, window: dict[str, Any], reveal: dict[str, Any] | None) -> None:
        """The play in ``window`` (as last seen) was settled: called, as ``reveal`` shows, or let go."""
        for seat in window["let_go"]:
            self.passes[seat] += 1
        if reveal is not None:
            self.calls[reveal["by"]] += 1
            tally = self.honest if reveal["verdict"] == "honest" else self.caught
            tally[reveal["player"]] += 1

    def bluff_factor(self, seat: int) -> float:
        """How much more often ``seat`` was caught bluffing than the table as a whole (1: as often)."""
        table = (sum(self.caught) + 1) / (sum(self.caught) + sum(self.honest) + 2)
        shown = self.caught[seat] + self.honest[seat]
        own = (self.caught[seat] + RECORD_WEIGHT * table) / (shown + RECORD_WEIGHT)
        return own / table

    def call_chance(self, seat: int) -> float:
        """How likely ``seat`` is to call an ordinary-looking play: as often as it was seen to call,
        but a rival not yet seen at it is given the benefit of the doubt (its calls mostly hit
        plays that looked doubtful)."""
        chances = self.calls[seat] + self.passes[seat]
        return self.calls[seat] / (chances + RECORD_WEIGHT)

    def watched(self, claimant: int) -> float:
        """The chance that somebody calls an ordinary-looking play of ``claimant``."""
        let_through = math.prod(
            1.0 - self.call_chance(seat) for seat in range(len(self.calls)) if seat != claimant
        )
        return 1.0 - let_through


def adjusted(bluff: float, factor: float) -> float:
    """The chance ``bluff`` with its odds multiplied by ``factor``."""
    if bluff <= 0.0 or bluff >= 1.0:
        return bluff
    odds = bluff / (1.0 - bluff) * factor
    return odds / (1.0 + odds)


def hunch(bluff: float, count: int, pot: int) -> float:
    """The chance a normal bot calls: as a person does, more often the more doubtful the claim sounds
    (``bluff``, the chance counted from the cards it can see, with how doubtful such a claim sounds,
    ``SMELL``) and the cheaper a wrong call would be (the pot it would take). A good bluff mostly
    stands: a claim is called only when it sounds doubtful, never at every turn."""
    doubt = (bluff + SMELL.get(count, 0.08)) / 2
    return max(0.0, min(1.0, 2.0 * (doubt - 0.25))) / (1.0 + (pot / 7) ** 4)  # half at 7 cards


def last_card_hunch(bluff: float) -> float:
    """The chance an easy or normal bot calls a claim that empties the claimant's hand (letting it go
    ends the game): a last card is suspicious, but a person calls it on a hunch, not every time;
    the more the cards it can count make it doubt, the likelier."""
    return LAST_CARD[0] + (LAST_CARD[1] - LAST_CARD[0]) * bluff


def thinking_beats(style: Style, action: str, sure: bool, shown: int, rng: random.Random) -> float:
    """How long a person takes over ``action``, in beats of the table's bot pace: a call longer than a
    let-go (a ``sure`` one less long), and a play just after a call that turned ``shown`` cards over
    long enough to watch them."""
    if action == "challenge":
        return rng.uniform(*(SURE_BEATS if sure else style.call_beats))
    if action == "let_go":
        return rng.uniform(*LET_GO_BEATS)
    if shown:
        return REVEAL_BEATS[0] + REVEAL_BEATS[1] * shown
    return 1.0


def call_worth(bluff: float, pot: int, count: int, sizes: list[int], claimant: int) -> float:
    """Expected cards a call wins, against this seat's own hand: a caught bluff sets a rival back
    (most worth it against the leader; a claim of several cards may hide a stone, which costs the
    whole pot), an honest claim hands this seat the pot."""
    leader = sizes[claimant] <= min(sizes)
    weight = (0.8 if leader else 0.4) * (1.0 + 1.0 / max(1, sizes[claimant]))
    penalty = pot if count > 1 else (pot + min(2 * count, pot)) / 2
    return bluff * weight * penalty - (1.0 - bluff) * pot
