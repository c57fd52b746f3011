"""A Stone Soup bot that plays from its views only, counting what it can see.

It remembers the claims that stood in the pot, the cards turned over by challenges and where they
went. It bluffs more readily when the due food is plausible (many copies unaccounted for) and the pot
is small, and challenges when a claim is hard to believe or would end the game.
"""

from __future__ import annotations

import math
import random
from collections import Counter
from dataclasses import dataclass
from typing import Any

from soupkitchen.shared.core import Action, Bot
from soupkitchen.shared.stone_soup.cards import FOOD_COUNTS, SALT, SEQUENCE, STONE

BLUFF_RATE = 0.6  # how often a player without the due food is assumed to bluff rather than salt


def hypergeometric(population: int, successes: int, draws: int, k: int) -> float:
    """Chance that ``draws`` cards from ``population`` (``successes`` good ones) hold exactly ``k``."""
    if population <= 0 or not (0 <= k <= draws <= population) or not 0 <= successes <= population:
        return 1.0 if k == 0 and draws <= 0 else 0.0
    return math.comb(successes, k) * math.comb(population - successes, draws - k) / math.comb(population, draws)


def holds_at_least(population: int, successes: int, draws: int, wanted: int) -> float:
    """Chance that ``draws`` cards taken from ``population`` (with ``successes`` good ones) hold at
    least ``wanted`` good ones (hypergeometric tail)."""
    if wanted <= 0:
        return 1.0
    draws = min(draws, population)
    successes = max(0, min(successes, population))
    if wanted > min(draws, successes):
        return 0.0
    total = math.comb(population, draws)
    miss = sum(math.comb(successes, k) * math.comb(population - successes, draws - k) for k in range(wanted))
    return max(0.0, 1.0 - miss / total)


@dataclass
class PotEntry:
    """One play the bot saw go into the pot."""

    seat: int  # -1: cards whose play the bot missed
    food: str
    count: int
    added: int
    exact: Counter[str] | None  # the cards, when the bot played them itself


class StoneSoupBot(Bot):
    """Plays one seat: builds a play card by card, then declares; challenges what it doubts."""

    def __init__(self, seat: int, seed: int) -> None:
        super().__init__(seat, seed)
        self.rng = random.Random(f"stone-soup-bot:{seed}")
        self.known: dict[int, Counter[str]] = {}  # kinds seen going into other seats' hands
        self.pot: list[PotEntry] = []  # what the bot believes is in the pot, bottom first
        self.pot_size = 0
        self.pending: dict[str, Any] | None = None  # the open window last seen
        self.seen_serials: set[int] = set()  # windows already noted
        self.revealed: set[int] = set()  # challenges already learnt from
        self.picked: Counter[str] = Counter()  # the cards this seat had picked, as last seen
        self.last_view: dict[str, Any] | None = None
        self.challenges: dict[int, bool] = {}
        self.plan: tuple[int, list[str], int] | None = None  # (plays serial, kinds to add, count)

    # --- memory --------------------------------------------------------------------------------
    def observe(self, view: dict[str, Any]) -> None:
        """Note the windows, reveals and pot size this view shows; a window of this seat's own holds
        the cards it had picked before declaring."""
        window = view["window"]
        reveal = view["last_reveal"]
        if self.pending is not None and (window is None or window["serial"] != self.pending["serial"]):
            if reveal is None or reveal["serial"] != self.pending["serial"]:
                self._settle(self.pending, view["players"][self.pending["player"]]["cards"])
            self.pending = None
        if window is not None and window["serial"] not in self.seen_serials:
            self.seen_serials.add(window["serial"])
            self.pending = window
            exact = self.picked if window["player"] == self.seat and self.picked else None
            self._push(PotEntry(window["player"], window["food"], window["count"], window["added"], exact))
        if reveal is not None and reveal["serial"] not in self.revealed:
            self.revealed.add(reveal["serial"])
            self._learn_reveal(reveal)
        if view["pot"] != self.pot_size:
            while self.pot and self.pot_size > view["pot"]:
                self.pot_size -= self.pot.pop().added
            if view["pot"] > self.pot_size:
                self._push(PotEntry(-1, "", 0, view["pot"] - self.pot_size, None))
        self.picked = Counter({kind: number for kind, number in view.get("picked", {}).items() if number})
        self.last_view = view

    def _push(self, entry: PotEntry) -> None:
        self.pot.append(entry)
        self.pot_size += entry.added

    def _settle(self, window: dict[str, Any], cards_left: int) -> None:
        """A window closed unchallenged: the claim is believed to have used the cards known to be held."""
        known = self.known.get(window["player"])
        if known:
            known[window["food"]] = max(0, known[window["food"]] - window["count"])
            while sum(known.values()) > cards_left:
                known[max(known, key=known.__getitem__)] -= 1

    def _learn_reveal(self, reveal: dict[str, Any]) -> None:
        shown = Counter(reveal["cards"])
        player, taker = reveal["player"], reveal["taker"]
        if player in self.known:
            self.known[player] -= shown
        if taker != self.seat:
            self.known.setdefault(taker, Counter()).update(shown)

    # --- counting --------------------------------------------------------------------------------
    def _unaccounted(self, view: dict[str, Any], food: str, claimant: int) -> tuple[int, int]:
        """Copies of ``food`` that could be in ``claimant``'s hand: (for certain, as far as believed).

        Certain counts only this seat's own cards; belief also trusts what challenges revealed
        (cards may have moved since) and half the claims still in the pot."""
        in_hand = view["hand"].get(food, 0)
        mine_in_pot = sum(entry.exact[food] for entry in self.pot if entry.exact is not None)
        certain = max(0, FOOD_COUNTS[food] - in_hand - mine_in_pot)
        elsewhere = sum(c[food] for s, c in self.known.items() if s not in (claimant, self.seat))
        claimed = sum(min(entry.count, entry.added) for entry in self.pot
                      if entry.exact is None and entry.food == food and entry.seat != claimant)
        return certain, max(0, certain - elsewhere - claimed // 2)

    def _unseen_cards(self, view: dict[str, Any]) -> int:
        """Cards the bot cannot see: other hands, extra hands and the pot (minus its own plays)."""
        others = sum(p["cards"] for p in view["players"] if p["seat"] != self.seat)
        mine_in_pot = sum(entry.added for entry in self.pot if entry.exact is not None)
        return others + sum(view["set_aside"]) + view["pot"] - mine_in_pot

    # --- choosing ------------------------------------------------------------------------------
    def choose(self, view: dict[str, Any], now: float) -> Action | None:
        if view != self.last_view:
            self.observe(view)
        if view["over"] or not view["legal_actions"]:
            return None
        if view["phase"] == "challenge":
            return self._maybe_challenge(view)
        return self._build_play(view)

    def _maybe_challenge(self, view: dict[str, Any]) -> Action | None:
        window = view["window"]
        serial = window["serial"]
        if serial not in self.challenges:
            chance = self._challenge_chance(view, window)
            self.challenges[serial] = self.rng.random() < chance
        return {"type": "challenge"} if self.challenges[serial] else None

    def _challenge_chance(self, view: dict[str, Any], window: dict[str, Any]) -> float:
        if window["empties_hand"] or window["added"] != window["count"]:
            return 1.0  # a last play costs nothing to doubt; a miscount is a sure bluff
        bluff = self._bluff_chance(view, window)
        if bluff >= 1.0 or bluff <= 0.0:
            return bluff
        sizes = [p["cards"] for p in view["players"]]
        player, pot, added = window["player"], view["pot"], window["added"]
        # Catching a bluff hurts one rival (most worth it against the leader); doubting an honest
        # play costs this seat the whole pot. Multi-card claims hide stones, which cost the whole pot.
        leader = sizes[player] <= min(sizes)
        weight = (0.8 if leader else 0.4) * (1.0 + 1.0 / max(1, sizes[player]))
        penalty = pot if window["count"] > 1 else (pot + min(2 * added, pot)) / 2
        gain = bluff * weight * penalty
        cost = (1.0 - bluff) * pot
        return 1.0 / (1.0 + math.exp(-(gain - cost) / 0.5 + 1.0))

    def _bluff_chance(self, view: dict[str, Any], window: dict[str, Any]) -> float:
        """How likely the open claim is a bluff, from the copies of the food this seat can count."""
        food, count, player = window["food"], window["count"], window["player"]
        certain, believed = self._unaccounted(view, food, player)
        if count > certain:
            return 1.0
        known = min(self.known.get(player, Counter())[food], believed)
        if known >= count:
            return 0.0
        hand_before = view["players"][player]["cards"] + window["added"]
        unseen = max(self._unseen_cards(view), hand_before)

        def holds(k: int) -> float:  # chance the player held exactly k copies before the play
            return hypergeometric(unseen - known, believed - known, hand_before - known, k - known)

        tail = max(0.0, 1.0 - sum(holds(k) for k in range(count + 1)))
        honest = holds(count) + 0.3 * tail + 0.04  # what was revealed may have moved since
        # Bluffers mostly claim one card; a larger claim hides a stone beside real food.
        bluffing = holds(0) * (BLUFF_RATE if count == 1 else 0.01) + (holds(count - 1) * 0.2 if count > 1 else 0.0)
        if honest + bluffing <= 0.0:
            return 0.5
        return bluffing / (honest + bluffing)

    def _exposure(self, view: dict[str, Any], food: str, count: int) -> float:
        """The chance that some rival holds so many of ``food`` that a claim of ``count`` is a sure lie."""
        outside = FOOD_COUNTS[food] - view["hand"].get(food, 0) - view["picked"].get(food, 0)
        outside -= sum(entry.exact[food] for entry in self.pot if entry.exact is not None)
        need = FOOD_COUNTS[food] - count + 1  # copies a rival must hold to know the claim is false
        if need > outside:
            return 0.0
        unseen = max(1, self._unseen_cards(view))
        safe = 1.0
        for player in view["players"]:
            if player["seat"] == self.seat:
                continue
            # A rival counts the copies it holds and the ones it put in the pot itself.
            in_pot = sum(min(entry.count, entry.added) for entry in self.pot
                         if entry.seat == player["seat"] and entry.food == food)
            wanted = need - in_pot
            if wanted <= 0 or self.known.get(player["seat"], Counter())[food] >= wanted:
                return 1.0
            safe *= 1.0 - holds_at_least(unseen, outside - in_pot, min(player["cards"], unseen), wanted)
        return 1.0 - safe

    def _build_play(self, view: dict[str, Any]) -> Action | None:
        picked = Counter(view["picked"])
        if self.plan is None or self.plan[0] != view["plays"]:
            if picked:
                return {"type": "unpick", "card": next(iter(picked))}
            self.plan = (view["plays"], *self._plan(view))
        _, kinds, count = self.plan
        if count == 0:
            return {"type": "salt"}
        wanted = Counter(kinds)
        extra = picked - wanted
        if extra:
            return {"type": "unpick", "card": next(iter(extra))}
        missing = wanted - picked
        if missing:
            kind = next(iter(missing))
            return {"type": "pick", "card": kind, "count": missing[kind]}
        return {"type": "declare", "count": count}

    def _plan(self, view: dict[str, Any]) -> tuple[list[str], int]:
        """The cards to add and the count to declare (count 0: a dash of salt)."""
        hand = Counter(view["hand"])
        food = view["due"]
        have = hand[food]
        spare = sum(hand.values()) - hand[SALT]  # cards that must still go into the pot
        pot = view["pot"]
        if not spare:
            return [], 0  # salt cannot be challenged: the safest way out
        if have:
            if have < spare and hand[STONE] and have + 1 <= FOOD_COUNTS[food] and have + 1 < spare:
                risk = self._risk(view, food, have + 1)
                if risk * (pot + have + 1) < 1.5 and self.rng.random() < 0.8:
                    return [food] * have + [STONE], have + 1  # slip a stone in beside real food
            return [food] * have, have
        risk = self._risk(view, food, 1)
        if hand[STONE] and risk * (pot + 1) <= 0.8 and self.rng.random() < 0.9:
            return [STONE], 1
        foods = [k for k in SEQUENCE if hand[k]]
        keep_salt = hand[SALT] == 1 and spare <= 5  # the last salt is a sure way out at the end
        if hand[SALT] and not keep_salt and (risk > 0.35 or not foods or self.rng.random() < 0.25):
            return [], 0
        if foods:
            # Give up the food this seat is least likely to be asked for soon.
            nxt = (SEQUENCE.index(food) + 1) % len(SEQUENCE)
            return [max(foods, key=lambda k: ((SEQUENCE.index(k) - nxt) % len(SEQUENCE), hand[k]))], 1
        return ([STONE], 1) if hand[STONE] else ([], 0)

    def _risk(self, view: dict[str, Any], food: str, count: int) -> float:
        """The chance a claim of ``count`` of ``food`` gets challenged: sure when a rival can count it
        false, otherwise a rough share of doubters."""
        exposure = self._exposure(view, food, count)
        return exposure + (1.0 - exposure) * 0.25
