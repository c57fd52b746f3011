"""A Pink Soup chef that plays from its own views only: it keeps good cards for its secret recipe,
passes chilis and mice to others, covers kitchen cards it does not need and declares the last round
when it is likely ahead: counting on its pot more than on kitchen tops the others' final turns can
take, against what it can tell of each rival's pot.

A view names a pot card only at the moment the seat sees it, so the bot remembers, as a chef at the
table would: each card it was shown stays in its memory, follows the swaps the log's events tell,
and is forgotten when a shuffle mixes its pot or a blind pick replaces it."""

from __future__ import annotations

import random
from typing import Any

from soupkitchen.shared.core import Bot
from soupkitchen.shared.pink_soup.cards import (
    CHILI,
    CHILI_JACKPOT_COUNT,
    CHILI_JACKPOT_POINTS,
    CHILI_POINTS,
    COMPLETION_KINDS,
    DESSERT,
    DRAW_COUNT,
    KINDS,
    MOUSE,
    POT_SIZE,
    RECIPE_POINTS,
    RECIPES,
    SUITABLE,
    Kind,
    card_label_of,
)

KIND_BY_LABEL = {card_label_of(kind): kind for kind in KINDS}
UNKNOWN_WORTH = 1.0  # what a pot card the bot cannot remember is probably worth
# Declaring the last round (``declare_lead``): the bot ends the game when it is likely ahead, by
# its own score as it can count it against each rival's as the table shows it, or when it is not
# behind and waiting can no longer help it.
DECLARE_LEAD = 2.0  # the lead over its best rival at which it ends the game
OWN_UNSEEN = 0.0  # a card in its own pot it cannot remember: a gift may be a chili or a mouse
RIVAL_UNSEEN = 2.0  # a card in a rival's pot it cannot tell, as worth to that chef
RIVAL_RECIPE = 5.0  # what a rival's unseen recipe is likely worth: about a third complete theirs
RIVAL_FINAL = 3.0  # what a rival's final turn after a declaration likely adds


class PinkSoupBot(Bot):
    """Greedy: every choice is scored by what it adds to the bot's own estimated score."""

    def __init__(self, seat: int, seed: int) -> None:
        super().__init__(seat, seed)
        self.rng = random.Random(seed)
        self.memory: list[list[str | None]] = []  # per seat, per pot slot: the card last seen there
        self.log_seen = 0
        self.last_view: dict[str, Any] | None = None

    # --- memory --------------------------------------------------------------------------------
    def observe(self, view: dict[str, Any]) -> None:
        """Follow the log's swaps, shuffles and blind picks, then note every pot card shown now."""
        pots = [player["pot"] for player in view["players"]]
        first = view["log_first"]
        if not self.memory or first > self.log_seen:  # nothing seen yet, or lines missed: start afresh
            self.memory = [[None] * len(pot) for pot in pots]
        for index, entry in enumerate(view["log"], start=first):
            if index >= self.log_seen:
                self._follow(entry)
        self.log_seen = first + len(view["log"])
        for remembered, pot in zip(self.memory, pots, strict=True):
            del remembered[len(pot) :]
            remembered += [None] * (len(pot) - len(remembered))
            for slot, label in enumerate(pot):
                if label is not None:
                    remembered[slot] = label
        self.last_view = view

    def _follow(self, event: dict[str, Any]) -> None:
        def slot_in(seat: int, slot: int) -> list[str | None]:
            pot = self.memory[seat]
            pot += [None] * (slot + 1 - len(pot))
            return pot

        kind = event["type"]
        if kind == "swaps":
            (a, a_slot), (b, b_slot) = (event["first"], event["slot"]), (event["second"], event["other_slot"])
            first_pot, second_pot = slot_in(a, a_slot), slot_in(b, b_slot)
            first_pot[a_slot], second_pot[b_slot] = second_pot[b_slot], first_pot[a_slot]
        elif kind == "shuffles":
            self.memory[event["target"]] = [None] * len(self.memory[event["target"]])
        elif kind in ("reveals_other", "reveals_own"):
            target = event.get("target", event["seat"])
            slot_in(target, event["slot"])[event["slot"]] = None

    # --- reading the view ----------------------------------------------------------------------
    def _read(self, view: dict[str, Any]) -> None:
        self.view = view
        self.suitable = {KIND_BY_LABEL[label].key for label in view["recipe"]["suitable"]}
        self.pot = [KIND_BY_LABEL[label] if label else None for label in self.memory[self.seat]]
        # each kitchen place's top card, None where the place is empty: a place keeps its number all game
        self.tops: list[Kind | None] = [
            KIND_BY_LABEL[pile["top"]] if pile else None for pile in view["kitchen"]
        ]

    def _have(self) -> set[str]:
        """Suitable kinds the bot can count on, in its pot or on top of the kitchen."""
        return {kind.key for kind in [*self.pot, *self.tops] if kind and kind.key in self.suitable}

    def pot_worth(self, kind: Kind | None) -> float:
        """What ``kind`` adds in the bot's own pot (None: a card it does not remember)."""
        if kind is None:
            return UNKNOWN_WORTH
        if kind.family == DESSERT:
            return kind.value
        if kind.family == CHILI:
            chilis = sum(1 for known in self.pot if known and known.family == CHILI)
            return 18.0 if chilis == CHILI_JACKPOT_COUNT - 1 else kind.value
        if kind.family == MOUSE:
            return kind.value
        return self.kitchen_worth(kind)

    def kitchen_worth(self, kind: Kind) -> float:
        if kind.family != SUITABLE or kind.key not in self.suitable:
            return 0.0
        have = self._have()
        bonus = 3.0 if kind.key not in have and len(have) < COMPLETION_KINDS else 0.0
        return kind.value + bonus + 0.5

    def give_worth(self, kind: Kind) -> float:
        """How much handing ``kind`` to another chef helps the bot (hurting them is good)."""
        return {CHILI: 2.5, MOUSE: 1.5, DESSERT: -6.0}.get(kind.family, -kind.value / 3)

    def weakest_slot(self) -> tuple[int, float]:
        worths = [self.pot_worth(kind) for kind in self.pot]
        slot = min(range(len(worths)), key=worths.__getitem__)
        return slot, worths[slot]

    def into_own_pot(self, kind: Kind) -> float:
        gain = self.pot_worth(kind)
        if len(self.pot) >= POT_SIZE:
            gain -= max(self.weakest_slot()[1], 0.0)
        return gain

    def counted_score(self, tops: list[Kind | None]) -> float:
        """Its own score as it can count it with these kitchen tops: the cards it remembers in its pot
        and the tops, as the rules score them; a card it cannot remember counts ``OWN_UNSEEN``."""
        known = [kind for kind in self.pot if kind]
        counted = [kind for kind in [*known, *tops] if kind and kind.key in self.suitable]
        total = float(sum(kind.value for kind in counted))
        total += RECIPE_POINTS if len({kind.key for kind in counted}) >= COMPLETION_KINDS else 0.0
        return total + self._pot_extras(known) + OWN_UNSEEN * (len(self.pot) - len(known))

    @staticmethod
    def _pot_extras(known: list[Kind]) -> float:
        """Desserts, chilis and mice of a pot, as the rules score them (three chilis: +15)."""
        chilis = sum(1 for kind in known if kind.family == CHILI)
        total = CHILI_JACKPOT_POINTS if chilis == CHILI_JACKPOT_COUNT else CHILI_POINTS * chilis
        return total + sum(kind.value for kind in known if kind.family in (DESSERT, MOUSE))

    def likely_score(self, seat: int) -> float:
        """What ``seat`` likely scores, from what this bot can know: the cards it remembers in that
        pot, the kitchen tops (each ingredient counted by the share of the other recipes it suits)
        and a likely recipe bonus; never the rival's recipe or a card it was not shown."""
        pot = [KIND_BY_LABEL[label] if label else None for label in self.memory[seat]]
        known = [kind for kind in pot if kind]
        suitable = [kind for kind in [*known, *self.tops] if kind and kind.family == SUITABLE]
        total = sum(kind.value * self._share(kind) for kind in suitable)
        total += self._pot_extras(known) + RIVAL_UNSEEN * (len(pot) - len(known))
        return total + RIVAL_RECIPE + RIVAL_FINAL

    def _share(self, kind: Kind) -> float:
        """The share of the recipes it does not hold that list ``kind``."""
        mine = self.view["recipe"]["name"]
        others = [recipe for recipe in RECIPES if recipe.name != mine]
        return sum(1 for recipe in others if kind.key in recipe.suitable) / len(others)

    def secure_score(self, turns: int) -> float:
        """Its own score once ``turns`` final turns of the others have passed, each taking or covering
        the kitchen top it counts most on (the rulebook's tip: the kitchen can change a lot before
        everyone has had their final turn; its closed pot cannot)."""
        tops = [top for top in self.tops if top]
        for _turn in range(min(turns, len(tops))):
            worst = max(
                range(len(tops)), key=lambda gone: -self.counted_score(tops[:gone] + tops[gone + 1 :])
            )
            del tops[worst]
        return self.counted_score(tops)

    def declare_lead(self) -> float:
        """How far ahead of its best rival it likely is, less the lead it wants before it ends the
        game: ``DECLARE_LEAD``, or none once waiting can no longer help (the deck about to run out
        before its next turn, or a pot of cards it knows to be good and a kitchen with nothing
        better for it)."""
        rivals = [seat for seat in range(len(self.view["players"])) if seat != self.seat]
        lead = self.secure_score(len(rivals)) - max(self.likely_score(seat) for seat in rivals)
        soon_over = self.view["deck"] <= DRAW_COUNT * len(rivals)
        settled = all(kind and self.pot_worth(kind) >= 2.0 for kind in self.pot) and not any(
            top and self.into_own_pot(top) > 0.0 for top in self.tops
        )
        return lead - (0.0 if soon_over or settled else DECLARE_LEAD)

    # --- choosing ------------------------------------------------------------------------------
    def choose(self, view: dict[str, Any], now: float) -> dict[str, Any] | None:
        if view is not self.last_view:
            self.observe(view)
        legal = view["legal_actions"]
        if not legal:
            return None
        self._read(view)
        return self.pick(legal)

    def pick(self, legal: list[dict[str, Any]]) -> dict[str, Any]:
        """The legal action to take: the best rated, the first of equals."""
        return max(legal, key=lambda action: (self.rate(action), -legal.index(action)))

    def rate(self, action: dict[str, Any]) -> float:
        """The estimated gain of one legal action."""
        kind = action["type"]
        step = self.view["step"]
        if kind == "draw":
            return 1.5
        if kind == "take":
            top = self.tops[action["place"]]
            assert top is not None, "a take names a place holding a pile"
            return self.into_own_pot(top) - self.kitchen_worth(top) - 0.5
        if kind == "pass":
            return 0.0
        if kind == "activate":
            return self.mouse_worth() - (0.5 if "place" in action else 0.0)
        if kind == "kitchen":
            cards = [KIND_BY_LABEL[label] for label in self.view["hand"]]
            placed = cards[action["card"]]
            gain = self.kitchen_worth(placed) - self.covered_worth(action["place"])
            if step == "kitchen" and len(cards) > 1:
                gain += self.best_use(cards[1 - action["card"]])
            return gain
        if kind == "pot":
            card = KIND_BY_LABEL[self.view["hand"][0]]
            if action["seat"] == self.seat:
                return self.into_own_pot(card)
            return self.give_worth(card) + self.rng.random() * 0.1
        if kind == "slot":
            return self.slot_worth(action["slot"])
        if kind == "discard":
            return -self.covered_worth(action["place"])
        if kind == "search":
            best_top = max(
                (self.into_own_pot(top) - self.kitchen_worth(top) for top in self.tops if top), default=0.0
            )
            return max(best_top, UNKNOWN_WORTH)
        if kind == "find":
            label = self.view["pending"]["kitchen_search"][action["place"]][action["depth"]]
            found = KIND_BY_LABEL[label]
            loss = self.kitchen_worth(found) if action["depth"] == 0 else 0.0
            return self.into_own_pot(found) - loss
        if kind == "look":
            unknown = sum(1 for label in self.memory[action["seat"]] if label is None)
            return unknown * (0.8 if action["seat"] == self.seat else 0.2)
        if kind == "shuffle":
            return 0.3 if action["seat"] != self.seat else -1.0
        if kind == "swap":
            return -0.5 + self.rng.random() * 0.1
        if kind == "declare":
            return 1.0 if self.declare_lead() >= 0.0 else -1.0
        return 0.0

    def covered_worth(self, place: int) -> float:
        """What the bot loses by covering the pile on kitchen ``place`` (0 for a new pile)."""
        top = self.tops[place]
        return self.kitchen_worth(top) if top else 0.0

    def best_use(self, kind: Kind) -> float:
        uses = [self.into_own_pot(kind)]
        if any(not player["closed"] for seat, player in enumerate(self.view["players"]) if seat != self.seat):
            uses.append(self.give_worth(kind))
        if kind.family == MOUSE:
            uses.append(self.mouse_worth())
        return max(uses)

    def mouse_worth(self) -> float:
        unknown = sum(1 for kind in self.pot if kind is None)
        best_top = max(
            (self.into_own_pot(kind) - self.kitchen_worth(kind) for kind in self.tops if kind), default=0.0
        )
        return max(unknown * 0.8, best_top, 0.3)

    def slot_worth(self, slot: int) -> float:
        target = self.view["pending"]["make_room_in_seat"]
        label = self.memory[target][slot]
        if target == self.seat:
            return -self.pot_worth(KIND_BY_LABEL[label] if label else None)
        known = KIND_BY_LABEL[label] if label else None
        return (known.value if known else 1.0) + self.rng.random() * 0.1
