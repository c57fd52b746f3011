"""A Stone Soup bot that plays from its views only, counting what it can see.

It remembers the claims that stood in the pot, the cards turned over by challenges and where they
went, and judges hand and pot sizes as a person does: the views show them only roughly, so it keeps
its own estimate, exact while it can follow every card (``SizeBook``). Its level (a ``Style``)
changes how it plays, never what it sees: an easy bot makes the first decent play and calls on a
whim; a normal one bluffs more readily when the due food is plausible and the pot is small and
calls by rules of thumb (a doubtful claim into a small pot); a hard one weighs every play by the cards
it may cost and calls when the sums say so, judging each claim and each risk from the players' public
record (``claim_weighing``). Every level calls a play that would end the game; normal and hard ones
also call a claim they can prove false, by the copies of the food they can count or by the hand or
pot size it left. Each takes a person's time over a call (``thinking``), longer than over letting a
plain claim go, and after a call it watches the cards turn over before it plays on.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass
from typing import Any

from soupkitchen.shared.core import Action, Bot
from soupkitchen.shared.stone_soup.cards import FOOD_COUNTS, SALT, SEQUENCE, STONE, size_band
from soupkitchen.shared.stone_soup.claim_weighing import (
    CALL_MARGIN,
    STYLES,
    WHIM,
    Record,
    Style,
    adjusted,
    call_worth,
    hunch,
    last_card_hunch,
    thinking_beats,
)
from soupkitchen.shared.stone_soup.counting import SizeBook, clamp, holds_at_least, hypergeometric, in_band

BLUFF_RATE = 0.6  # how often a player without the due food is assumed to bluff rather than salt
SNEAK_RATE = 0.08  # how often an honest-looking claim is assumed to hide one card more
CALLERS = 0.25  # the share of plays somebody calls, when nobody's record says more
STONE_SHED = 1.0  # what shedding a stone is worth beyond a card: nothing else takes it out of a hand
MIX = 0.5  # how many cards worse than the best a play may be and still be made sometimes
SALT_KEPT = 2.0  # what a dash of salt kept is worth beyond a card: no call can stop a last salt
DEAL_LOOK = 6.0  # beats the first player takes after the deal: everyone picks up and sorts their cards


def unseen_extra(size: int, have: int, pot: int) -> bool:
    """Whether a card added beside ``have`` declared cards goes unseen: the hand (of ``size``) and the
    pot (of ``pot``) look the same size across the table with it or without it."""
    return size_band(size - have) == size_band(size - have - 1) and size_band(pot + have) == size_band(
        pot + have + 1
    )


@dataclass
class PotEntry:
    """One play the bot saw go into the pot."""

    seat: int
    food: str
    count: int
    added: int  # the cards really added when known (its own plays), else as declared
    exact: Counter[str] | None  # the cards, when the bot played them itself


class StoneSoupBot(Bot):
    """Plays one seat: builds a play card by card, then declares; challenges what it doubts and
    lets the rest go."""

    def __init__(self, seat: int, seed: int, style: Style = STYLES["normal"]) -> None:
        super().__init__(seat, seed)
        self.style = style
        self.rng = random.Random(f"stone-soup-bot:{seed}")
        self.known: dict[int, Counter[str]] = {}  # kinds seen going into other seats' hands
        self.pot: list[PotEntry] = []  # what the bot believes is in the pot, bottom first
        self.sizes: SizeBook | None = None
        self.record: Record | None = None  # what each player was seen to do
        self.pending: dict[str, Any] | None = None  # the open window last seen
        self.seen_serials: set[int] = set()  # windows already noted
        self.revealed: set[int] = set()  # challenges already learnt from
        self.caught: set[int] = set()  # windows whose hand sizes prove a miscount
        self.held: Counter[str] = Counter()  # this seat's hand, as last seen
        self.salt_seen = 0
        self.last_view: dict[str, Any] | None = None
        self.challenges: dict[int, bool] = {}
        self.pot_before: tuple[int, dict[str, Any]] | None = (
            None  # (plays, the pot) last seen with no play open
        )
        self.beats = 1.0  # how long a person would take over the last action chosen (``thinking``)

    # --- memory --------------------------------------------------------------------------------
    def observe(self, view: dict[str, Any]) -> None:
        """Note the windows, reveals, salt and sizes this view shows; a window of this seat's own
        holds the cards its hand lost."""
        if self.sizes is None or self.record is None:
            self.sizes = SizeBook.first_seen(view)
            self.record = Record.empty(len(view["players"]))
        bands = [p["cards"] for p in view["players"]]
        window = view["window"]
        reveal = view["last_reveal"]
        if self.pending is not None and window is not None and window["serial"] == self.pending["serial"]:
            self.pending = window  # the same play, let go by more players
        elif self.pending is not None:
            called = reveal is not None and reveal["serial"] == self.pending["serial"]
            if not called:
                self._settle(self.pending, self.sizes.size(self.pending["player"]))
            self.record.closed(self.pending, reveal if called else None)
            self.pending = None
        if view["salt_pile"] > self.salt_seen and view["turn"] is not None:  # salt passes the turn on
            self.sizes.change((view["turn"] - 1) % len(bands), self.salt_seen - view["salt_pile"], 0)
        if window is not None and window["serial"] not in self.seen_serials:
            self.seen_serials.add(window["serial"])
            self.pending = window
            player, count = window["player"], window["count"]
            exact = self.held - Counter(view["hand"]) if player == self.seat else None
            added = sum(exact.values()) if exact else count
            miscounted = self.sizes.played(player, count, bands[player]) or self._pot_miscounted(view, count)
            if miscounted and player != self.seat:
                self.caught.add(window["serial"])
            self.pot.append(PotEntry(player, window["food"], count, added, exact or None))
        if reveal is not None and reveal["serial"] not in self.revealed:
            self.revealed.add(reveal["serial"])
            self._learn_reveal(reveal)
        self.salt_seen = view["salt_pile"]
        if window is None:
            self.pot_before = (view["plays"], view["pot"])
        self.sizes.settle(bands)
        self.held = Counter(view["hand"])
        self.last_view = view

    def _pot_miscounted(self, view: dict[str, Any], count: int) -> bool:
        """Whether the pot seen now cannot hold the pot seen just before the open play plus ``count``
        cards: a small pot is counted at a glance (only when this seat saw the pot just before it)."""
        if self.pot_before is None or self.pot_before[0] != view["window"]["serial"] - 1:
            return False
        before = self.pot_before[1]
        return before["least"] == before["most"] and not in_band(before["least"] + count, view["pot"])

    def sure_bluff(self, view: dict[str, Any]) -> bool:
        """Whether the open claim is false by what this seat has seen (the copies of the food it can
        count, or a hand or pot left the wrong size)."""
        window = view["window"]
        if window is None or window["player"] == self.seat:
            return False
        if view != self.last_view:
            self.observe(view)
        certain, _believed = self._unaccounted(view, window["food"], window["player"])
        return window["serial"] in self.caught or window["count"] > certain

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
        if self.pot and self.pot[-1].seat == player:  # the challenged play, now counted
            entry = self.pot[-1]
            self.sizes.change(player, entry.added - len(reveal["cards"]), 0)
            entry.added = len(reveal["cards"])
        if reveal["whole_pot"]:
            taken, self.pot = self.pot, []
            self.sizes.change(taker, None, sum(e.added for e in taken) + reveal["salt"])
            if taker != self.seat:
                self.known.setdefault(taker, Counter())[SALT] += reveal["salt"]
            return
        self.sizes.change(taker, reveal["taken"], 0)
        left = reveal["taken"]
        while self.pot and left > 0:
            entry = self.pot.pop()
            left -= entry.added
            if left < 0:  # part of an older play stays: the bot no longer knows which cards
                self.pot.append(PotEntry(entry.seat, entry.food, entry.count, -left, None))

    # --- counting --------------------------------------------------------------------------------
    def _unaccounted(self, view: dict[str, Any], food: str, claimant: int) -> tuple[int, int]:
        """Copies of ``food`` that could be in ``claimant``'s hand: (for certain, as far as believed).

        Certain counts only this seat's own cards; belief also trusts what challenges revealed
        (cards may have moved since) and half the claims still in the pot."""
        in_hand = view["hand"].get(food, 0)
        mine_in_pot = sum(entry.exact[food] for entry in self.pot if entry.exact is not None)
        certain = max(0, FOOD_COUNTS[food] - in_hand - mine_in_pot)
        elsewhere = sum(c[food] for s, c in self.known.items() if s not in (claimant, self.seat))
        claimed = sum(
            min(entry.count, entry.added)
            for entry in self.pot
            if entry.exact is None and entry.food == food and entry.seat != claimant
        )
        return certain, max(0, certain - elsewhere - claimed // 2)

    def _unseen_cards(self, view: dict[str, Any]) -> int:
        """Cards the bot cannot see: other hands, extra hands and the pot (minus its own plays)."""
        others = sum(self._size(view, p["seat"]) for p in view["players"] if p["seat"] != self.seat)
        mine_in_pot = sum(entry.added for entry in self.pot if entry.exact is not None)
        return others + sum(view["set_aside"]) + max(0, self._pot_size(view) - mine_in_pot)

    def _size(self, view: dict[str, Any], seat: int) -> int:
        """How many cards ``seat`` holds, as far as this seat can judge."""
        if seat == self.seat:
            return sum(view["hand"].values())
        assert self.sizes is not None
        return self.sizes.size(seat)

    def _pot_size(self, view: dict[str, Any]) -> int:
        return clamp(sum(entry.added for entry in self.pot), view["pot"])

    # --- choosing ------------------------------------------------------------------------------
    def choose(self, view: dict[str, Any], now: float) -> Action | None:
        if view != self.last_view:
            self.observe(view)
        if view["over"] or not view["legal_actions"]:
            return None
        if view["phase"] == "challenge":
            action = self._maybe_challenge(view)
            sure = action["type"] == "challenge" and self.sure_bluff(view)
            self.beats = thinking_beats(self.style, action["type"], sure, 0, self.rng)
            return action
        action = self._build_play(view)
        reveal = view["last_reveal"]
        just_called = reveal is not None and reveal["serial"] == view["plays"] and not view["salted"]
        self.beats = thinking_beats(
            self.style, action["type"], False, len(reveal["cards"]) if just_called else 0, self.rng
        )
        return action

    def looks(self, view: dict[str, Any]) -> float:
        """The first play waits while everyone picks up their cards, as at a real table: a person's
        first sight of the table is their hand and the sequence, not a call window already running."""
        return DEAL_LOOK if view["phase"] == "play" and view["plays"] == 0 and not view["over"] else 0.0

    def thinking(self, view: dict[str, Any], action: Action) -> float:
        """A person's time over the action just chosen, in beats of the table's bot pace: longer over
        a call than over letting a plain claim go, and after a call long enough to watch its cards
        turn over (``claim_weighing.thinking_beats``)."""
        return self.beats

    def _maybe_challenge(self, view: dict[str, Any]) -> Action | None:
        window = view["window"]
        serial = window["serial"]
        if serial not in self.challenges:
            chance = self._challenge_chance(view, window)
            # A whim gets its own dice for each play: an easy bot, rebuilt from its last few views
            # again and again, would otherwise throw the same few numbers at every play.
            whim = self.style.calls == "whim"
            dice = random.Random(f"stone-soup-call:{self.seed}:{serial}") if whim else self.rng
            self.challenges[serial] = dice.random() < chance
        return {"type": "challenge" if self.challenges[serial] else "let_go", "play": serial}

    def _challenge_chance(self, view: dict[str, Any], window: dict[str, Any]) -> float:
        """The chance this seat calls the open play: sure when letting it go ends the game or the
        play is a sure bluff; then by its level's way of calling."""
        if self.style.calls == "whim":
            return last_card_hunch(0.0) if window["empties_hand"] else WHIM
        if window["serial"] in self.caught:
            return 1.0  # a hand or pot left the wrong size is a sure bluff
        if window["empties_hand"] and self.style.calls == "sums":
            return 1.0  # letting a last play go loses the game: the sums always call it
        bluff = self._bluff_chance(view, window)
        if window["empties_hand"] and bluff < 1.0:
            return last_card_hunch(bluff)  # suspicious, but called on a hunch, not every time
        if bluff >= 1.0 or bluff <= 0.0:
            return bluff
        if self.style.calls == "hunch":
            return hunch(bluff, window["count"], self._pot_size(view))
        sizes = [self._size(view, p["seat"]) for p in view["players"]]
        worth = call_worth(bluff, self._pot_size(view), window["count"], sizes, window["player"])
        return float(worth > -CALL_MARGIN)

    def _bluff_chance(self, view: dict[str, Any], window: dict[str, Any]) -> float:
        """How likely the open claim is a bluff, from the copies of the food this seat can count."""
        food, count, player = window["food"], window["count"], window["player"]
        certain, believed = self._unaccounted(view, food, player)
        if count > certain:
            return 1.0
        known = min(self.known.get(player, Counter())[food], believed)
        if known >= count:
            return 0.0
        hand_before = self._size(view, player) + count
        unseen = max(self._unseen_cards(view), hand_before)

        def holds(k: int) -> float:  # chance the player held exactly k copies before the play
            return hypergeometric(unseen - known, believed - known, hand_before - known, k - known)

        tail = max(0.0, 1.0 - sum(holds(k) for k in range(count + 1)))
        honest = holds(count) + 0.3 * tail + 0.04  # what was revealed may have moved since
        # Bluffers mostly claim one card; a larger claim hides a stone beside real food.
        bluffing = holds(0) * (BLUFF_RATE if count == 1 else 0.01) + (
            holds(count - 1) * 0.2 if count > 1 else 0.0
        )
        bluffing += holds(count) * SNEAK_RATE  # the right food, with one card more sneaked in
        if honest + bluffing <= 0.0:
            return 0.5
        chance = bluffing / (honest + bluffing)
        if self.style.reads_record and self.record is not None:
            return adjusted(chance, self.record.bluff_factor(player))
        return chance

    def _exposure(self, view: dict[str, Any], food: str, count: int) -> float:
        """The chance that some rival holds so many of ``food`` that a claim of ``count`` is a sure lie."""
        outside = FOOD_COUNTS[food] - view["hand"].get(food, 0)
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
            in_pot = sum(
                min(entry.count, entry.added)
                for entry in self.pot
                if entry.seat == player["seat"] and entry.food == food
            )
            wanted = need - in_pot
            if wanted <= 0 or self.known.get(player["seat"], Counter())[food] >= wanted:
                return 1.0
            size = self._size(view, player["seat"])
            safe *= 1.0 - holds_at_least(unseen, outside - in_pot, min(size, unseen), wanted)
        return 1.0 - safe

    def _build_play(self, view: dict[str, Any]) -> Action | None:
        plan = {"first": self._first_decent, "rules": self._plan, "sums": self._reckon}[self.style.plays]
        kinds, count = plan(view)
        if count == 0:
            return {"type": "salt"}
        return {"type": "play", "cards": dict(Counter(kinds)), "count": count}

    def _plan(self, view: dict[str, Any]) -> tuple[list[str], int]:
        """The cards to add and the count to declare (count 0: a dash of salt)."""
        hand = Counter(view["hand"])
        food = view["due"]
        have = hand[food]
        spare = sum(hand.values()) - hand[SALT]  # cards that must still go into the pot
        pot = self._pot_size(view)
        if not spare:
            return [], 0  # salt cannot be challenged: the safest way out
        if have and have < spare - 1:
            sneak = self._sneak(view, hand, food, have, pot)
            if sneak is not None:
                return [food] * have + [sneak], have
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

    def _sneak(self, view: dict[str, Any], hand: Counter[str], food: str, have: int, pot: int) -> str | None:
        """A card to sneak in beside ``have`` of the due food, declared as ``have``: only while this
        hand looks the same size to the others whether or not it goes in, and the pot is small."""
        size = sum(hand.values())
        if not unseen_extra(size, have, pot) or pot > 6 or self.rng.random() > 0.5:
            return None
        spare = [k for k in (STONE, *SEQUENCE) if hand[k] and k != food]
        return spare[0] if spare and self._risk(view, food, have) * (pot + have + 1) < 1.0 else None

    def _risk(self, view: dict[str, Any], food: str, count: int) -> float:
        """The chance a claim of ``count`` of ``food`` gets challenged: sure when a rival can count it
        false, otherwise a rough share of doubters."""
        exposure = self._exposure(view, food, count)
        watched = CALLERS
        if self.style.reads_record and self.record is not None:
            watched = self.record.watched(self.seat)
        return exposure + (1.0 - exposure) * watched

    def _reckon(self, view: dict[str, Any]) -> tuple[list[str], int]:
        """The play that leaves the fewest cards in hand on average, a stone shed counting extra
        (it never goes in honestly) and a dash of salt spent counting as a card kept (it is the
        one sure way out at the end). A play that would empty the hand is always called."""
        hand = Counter(view["hand"])
        food, have = view["due"], hand[view["due"]]
        spare = sum(hand.values()) - hand[SALT]
        if not spare:
            return [], 0
        pot = self._pot_size(view)
        others = [k for k in SEQUENCE if hand[k] and k != food]
        nxt = (SEQUENCE.index(food) + 1) % len(SEQUENCE)
        others.sort(key=lambda k: (-((SEQUENCE.index(k) - nxt) % len(SEQUENCE)), -hand[k]))
        options: list[tuple[float, list[str], int]] = []

        def weigh(kinds: list[str], count: int) -> None:
            added = len(kinds)
            empties = added == sum(hand.values())
            risk = 1.0 if empties and kinds != [food] * have else self._risk(view, food, count)
            stone = STONE in kinds
            caught = pot + added if stone else 2 * added  # a stone costs the whole pot
            if kinds == [food] * count:
                caught = 0  # an honest play called hands the pot to the caller
            left = hand - Counter(kinds)
            stranded = left[STONE] == sum(left.values()) > 0  # a last stone is always called
            cost = -added - STONE_SHED * stone + risk * (caught + STONE_SHED * stone)
            options.append((cost + stranded * (pot + added), kinds, count))

        if have:
            weigh([food] * have, have)
            if have > 1:
                weigh([food] * (have - 1), have - 1)  # one kept back, to go in beside a stone later
            if hand[STONE] and have + 1 <= FOOD_COUNTS[food]:
                weigh([food] * have + [STONE], have + 1)
            if unseen_extra(sum(hand.values()), have, pot):  # one more card goes unseen
                for extra in ([STONE] if hand[STONE] else []) + others[:1]:
                    weigh([food] * have + [extra], have)
        else:
            for card in ([STONE] if hand[STONE] else []) + others[:1]:
                weigh([card], 1)
        if hand[SALT]:
            options.append((-1.0 + SALT_KEPT, [], 0))
        best = min(cost for cost, _, _ in options)
        # Mixed among the plays nearly as good: a bot that always makes the same play is read.
        _, kinds, count = self.rng.choice([option for option in options if option[0] <= best + MIX])
        return kinds, count

    def _first_decent(self, view: dict[str, Any]) -> tuple[list[str], int]:
        """The first play that comes to mind: the due food if held, else a stone passed off as it
        (stones never go in honestly: a hand left with only stones could never end), else salt,
        else any one card."""
        hand = Counter(view["hand"])
        if hand[view["due"]]:
            return [view["due"]] * hand[view["due"]], hand[view["due"]]
        if hand[STONE] or not hand[SALT]:
            return [next(kind for kind in (STONE, *SEQUENCE) if hand[kind])], 1
        return [], 0
