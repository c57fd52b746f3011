"""The hard Pink Soup chef: it sees what every chef sees (its seat's views), but remembers all of it
and thinks a move further.

It remembers every pot card its seat was shown (its own, the ones it gave, the ones taken face up,
the ones its mice looked at), follows announced swaps, and knows every card under the kitchen tops,
since each was put there face up. From what the other chefs took from the kitchen and put out on
it, it guesses their recipes. Each move is rated by how it changes the bot's own estimated score
(completing the recipe counted by its chances) less what it gives the others on the kitchen tops;
cards it gives away and blind picks in others' pots are rated by the harm done to that chef (the
third chili is never given, a fourth spoils a jackpot). It uses a Mouse where it pays most: a
search for the best card it knows in the kitchen, a swap of a bad card of its own for a good one it
remembers in another pot, or a look at its own pot. It declares the last round when it leads."""

from __future__ import annotations

from typing import Any

from soupkitchen.shared.pink_soup.bot import KIND_BY_LABEL, PinkSoupBot
from soupkitchen.shared.pink_soup.cards import (
    CHILI,
    CHILI_JACKPOT_COUNT,
    CHILI_JACKPOT_POINTS,
    COMPLETION_KINDS,
    MOUSE,
    POT_SIZE,
    RECIPE_POINTS,
    SUITABLE,
    Kind,
)
from soupkitchen.shared.pink_soup.reading import KitchenMemory, RecipeGuess

GIFT_WORTH = -1.5  # a card in its own pot it was never shown: another chef's gift, mostly bad
OTHERS_UNKNOWN = 2.0  # a card in another pot it cannot tell, as worth to that chef
COMPLETION_CHANCE = (0.0, 0.01, 0.05, 0.15, 0.4)  # by suitable kinds already counted, early in the game
DRAW_WORTH = 2.0  # what two cards from the deck are likely worth
HELP_WEIGHT = 0.6  # how much a point given to the others on the kitchen tops costs
LOOK_WORTH = 0.9  # learning one unknown card of its own pot
DECLARE_LEAD = 4.0  # the lead over its best rival at which it ends the game
RIVAL_BASE = 5.0  # what a rival's recipe completion is likely worth, unseen


class HardPinkBot(PinkSoupBot):
    """Rates every legal move by the change it makes to (own score - the others' gain)."""

    def __init__(self, seat: int, seed: int) -> None:
        super().__init__(seat, seed)
        self.kitchen = KitchenMemory()
        self.guess: RecipeGuess | None = None

    # --- memory --------------------------------------------------------------------------------
    def observe(self, view: dict[str, Any]) -> None:
        if self.guess is None and view.get("recipe"):
            self.guess = RecipeGuess(self.seat, len(view["players"]), view["recipe"]["name"])
        first, seen = view["log_first"], self.log_seen
        new = [entry for index, entry in enumerate(view["log"], start=first) if index >= seen]
        super().observe(view)
        if self.guess is not None:
            for entry in new:
                self.guess.follow(entry)
        self.kitchen.follow(view, new)

    # --- estimates -----------------------------------------------------------------------------
    def _read(self, view: dict[str, Any]) -> None:
        super()._read(view)
        players = len(view["players"])
        self.rivals = [seat for seat in range(players) if seat != self.seat]
        self.turns_left = view["deck"] / 2 / players

    def pots_of(self, seat: int) -> list[Kind | None]:
        return [KIND_BY_LABEL[label] if label else None for label in self.memory[seat]]

    def own_score(self, pot: list[Kind | None], tops: list[Kind | None]) -> float:
        """The bot's estimated final score with ``pot`` and these kitchen tops."""
        counted = [
            kind for kind in [*pot, *tops] if kind and kind.family == SUITABLE and kind.key in self.suitable
        ]
        total = float(sum(kind.value for kind in counted))
        chilis = sum(1 for kind in pot if kind and kind.family == CHILI)
        total += CHILI_JACKPOT_POINTS if chilis == CHILI_JACKPOT_COUNT else -3.0 * chilis
        total += sum(kind.value for kind in pot if kind and kind.family not in (SUITABLE, CHILI))
        total += GIFT_WORTH * sum(1 for kind in pot if kind is None)
        return total + RECIPE_POINTS * self.chance(len({kind.key for kind in counted}))

    def chance(self, kinds: int) -> float:
        if kinds >= COMPLETION_KINDS:
            return 1.0
        return COMPLETION_CHANCE[kinds] * min(1.0, self.turns_left / 3)

    def worth_to(self, seat: int, kind: Kind | None, pot: list[Kind | None]) -> float:
        """What one card in ``seat``'s pot is likely worth to that chef."""
        if kind is None:
            return OTHERS_UNKNOWN
        if kind.family == CHILI:
            chilis = sum(1 for known in pot if known and known.family == CHILI)
            return {CHILI_JACKPOT_COUNT - 1: 18.0, CHILI_JACKPOT_COUNT: -18.0}.get(chilis, -3.0)
        if kind.family == SUITABLE:
            return self.guess.suits(seat, kind) * (kind.value + 1.0) if self.guess else kind.value / 2
        return float(kind.value)

    def help_on_tops(self, tops: list[Kind | None]) -> float:
        """What the kitchen tops give the other chefs, on average."""
        if not self.guess:
            return 0.0
        given = sum(
            self.guess.suits(seat, kind) * kind.value for seat in self.rivals for kind in tops if kind
        )
        return given / len(self.rivals)

    def value(self, pot: list[Kind | None], tops: list[Kind | None]) -> float:
        return self.own_score(pot, tops) - HELP_WEIGHT * self.help_on_tops(tops)

    def rival_score(self, seat: int) -> float:
        pot = self.pots_of(seat)
        mine = sum(self.worth_to(seat, kind, pot) for kind in pot)
        tops = (
            sum(self.guess.suits(seat, kind) * kind.value for kind in self.tops if kind)
            if self.guess
            else 0.0
        )
        return mine + tops + RIVAL_BASE

    # --- moves on the pots and the kitchen -----------------------------------------------------
    def with_card(self, pot: list[Kind | None], kind: Kind, tops: list[Kind | None]) -> float:
        """The value once ``kind`` is in the bot's pot (a full pot gives up its least useful card)."""
        if len(pot) < POT_SIZE:
            return self.value([*pot, kind], tops)
        return max(self.value([*pot[:slot], kind, *pot[slot + 1 :]], tops) for slot in range(len(pot)))

    def tops_after_taking(self, place: int) -> list[Kind | None]:
        """The tops once the top card of ``place`` is taken (None: an emptied place, or a card unknown)."""
        tops = list(self.tops)
        tops[place] = None if self.view["kitchen"][place]["size"] == 1 else self.kitchen.under_top(place)
        return tops

    def tops_with(self, kind: Kind, place: int) -> list[Kind | None]:
        return [*self.tops[:place], kind, *self.tops[place + 1 :]]

    def harm(self, seat: int, kind: Kind) -> float:
        """How much giving ``kind`` to ``seat`` hurts that chef (a full pot also loses a card)."""
        pot = self.pots_of(seat)
        harm = -self.worth_to(seat, kind, pot)
        if len(pot) >= POT_SIZE:
            harm += max(self.worth_to(seat, known, pot) for known in pot)
        return harm + 0.02 * self.rival_score(seat)

    def best_use(self, kind: Kind) -> float:
        now = self.value(self.pot, self.tops)
        uses = [self.with_card(self.pot, kind, self.tops) - now]
        uses += [self.harm(seat, kind) for seat in self.rivals if not self.view["players"][seat]["closed"]]
        if kind.family == MOUSE:
            uses.append(self.mouse_worth())
        return max(uses)

    # --- mice ----------------------------------------------------------------------------------
    def mouse_worth(self) -> float:
        now = self.value(self.pot, self.tops)
        finds = [
            self.with_card(self.pot, kind, self.tops) - now
            for _pile, depth, kind in self.kitchen.cards()
            if depth > 0
        ]
        unknown = sum(1 for kind in self.pot if kind is None)
        plan = self.best_swap()
        return max([*finds, unknown * LOOK_WORTH, plan[0] if plan else 0.0, 0.3])

    def swap_gain(self, mine: int, seat: int, slot: int) -> float:
        """Swapping slot ``mine`` of its own pot with ``slot`` of ``seat``'s: its gain plus their loss."""
        theirs = self.pots_of(seat)
        ours, got = self.pot[mine], theirs[slot]
        if got is None:
            return -1.0
        gain = self.value([*self.pot[:mine], got, *self.pot[mine + 1 :]], self.tops) - self.value(
            self.pot, self.tops
        )
        changed = [*theirs[:slot], ours, *theirs[slot + 1 :]]
        return gain + self.worth_to(seat, got, theirs) - self.worth_to(seat, ours, changed)

    def best_swap(self) -> tuple[float, tuple[int, int], tuple[int, int]] | None:
        options = [
            (self.swap_gain(mine, seat, slot), (self.seat, mine), (seat, slot))
            for mine in range(len(self.pot))
            for seat in self.rivals
            if not self.view["players"][seat]["closed"]
            for slot in range(len(self.memory[seat]))
        ]
        return max(options, default=None)

    # --- choosing ------------------------------------------------------------------------------
    def rate(self, action: dict[str, Any]) -> float:
        kind, step, view = action["type"], self.view["step"], self.view
        now = self.value(self.pot, self.tops)
        if kind == "draw":
            return DRAW_WORTH
        if kind in ("pass", "continue"):
            return 0.0
        if kind == "declare":
            lead = self.own_score(self.pot, self.tops) - max(self.rival_score(seat) for seat in self.rivals)
            return lead - DECLARE_LEAD
        if kind == "take":
            top = self.tops[action["place"]]
            return self.with_card(self.pot, top, self.tops_after_taking(action["place"])) - now
        if kind == "activate":
            if "place" not in action:
                return self.mouse_worth()
            return self.mouse_worth() + self.value(self.pot, self.tops_after_taking(action["place"])) - now
        if kind == "kitchen":
            cards = [KIND_BY_LABEL[label] for label in view["hand"]]
            gain = self.value(self.pot, self.tops_with(cards[action["card"]], action["place"])) - now
            if step == "kitchen" and len(cards) > 1:
                self.tops, before = self.tops_with(cards[action["card"]], action["place"]), self.tops
                gain += self.best_use(cards[1 - action["card"]])
                self.tops = before
            return gain
        if kind == "pot":
            card = KIND_BY_LABEL[view["hand"][0]]
            if action["seat"] == self.seat:
                return self.with_card(self.pot, card, self.tops) - now
            return self.harm(action["seat"], card)
        if kind == "slot":
            target = view["pending"]["make_room_in_seat"]
            if target == self.seat:
                return self.value(self.pot[: action["slot"]] + self.pot[action["slot"] + 1 :], self.tops)
            pot = self.pots_of(target)
            return self.worth_to(target, pot[action["slot"]], pot)
        if kind == "discard":
            return self.value(
                self.pot, self.tops_with(KIND_BY_LABEL[view["pending"]["revealed"]], action["place"])
            )
        if kind == "search":
            finds = [
                self.with_card(self.pot, found, self.tops) - now for _p, depth, found in self.kitchen.cards()
            ]
            return max(finds, default=0.0)
        if kind == "find":
            found = KIND_BY_LABEL[view["pending"]["kitchen_search"][action["place"]][action["depth"]]]
            tops = self.tops_after_taking(action["place"]) if action["depth"] == 0 else self.tops
            return self.with_card(self.pot, found, tops) - now
        if kind == "look":
            unknown = sum(1 for label in self.memory[action["seat"]] if label is None)
            return unknown * (LOOK_WORTH if action["seat"] == self.seat else 0.1)
        if kind == "shuffle":
            return 0.2 if action["seat"] != self.seat else -1.0
        if kind == "swap":
            return self.swap_rating(action, step)
        return 0.0

    def swap_rating(self, action: dict[str, Any], step: str) -> float:
        plan = self.best_swap()
        if plan is None:
            return -1.0
        spot = (action["seat"], action["slot"])
        if step == "power":
            return plan[0] if spot in (plan[1], plan[2]) else -1.0
        pending = self.view["pending"]["swap_from"]
        first = (pending["seat"], pending["slot"])
        mine, theirs = (first, spot) if first[0] == self.seat else (spot, first)
        if mine[0] != self.seat:
            return 0.0
        return self.swap_gain(mine[1], *theirs)
