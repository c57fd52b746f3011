"""A Pot Pourri bot that plays from its own views, remembering what went into each saucepan and,
with Cooking Pros, the menu tiles it looked at (the views forget both, as the rulebook asks)."""

from __future__ import annotations

from collections import Counter
from itertools import combinations
from typing import Any

from soupkitchen.shared.core import Bot
from soupkitchen.shared.pot_pourri.cards import (
    COOK_STEP,
    CUISINES,
    MENU_STARS,
    MIN_MATCHES,
    PAN_CAPACITY,
    PANS,
    RECIPES_TO_END,
    squares_for,
)

UNKNOWN_STARS = sum(MENU_STARS) / len(MENU_STARS)
FILL_THRESHOLD = 3.0  # a fill worth less than this (squares + menu stars) is left for later
OPPONENT_SHARE = 0.6  # what a full saucepan is guessed to give each opponent


def overlap(recipe: Counter, kinds: Counter) -> int:
    return sum(min(number, kinds[kind]) for kind, number in recipe.items())


class PotBot(Bot):
    """Greedy chef: fills a saucepan when its recipe scores well, else gathers what its recipes need."""

    def __init__(self, seat: int, seed: int) -> None:
        super().__init__(seat, seed)
        self.pans: list[list[str] | None] = [[] for _ in range(PANS)]
        self.log_seen = 0
        self.tiles: list[str | None] = [None] * len(MENU_STARS)  # Cooking Pros: the tiles it looked at
        self.menu_view: dict[str, Any] | None = None  # its last view while choosing a menu swap
        self.last_view: dict[str, Any] | None = None
        self.plan: list[dict[str, Any]] = []

    # --- memory --------------------------------------------------------------------------------
    def observe(self, view: dict[str, Any]) -> None:
        """Follow the public log for cooked ingredients, then trust whatever saucepan is visible."""
        self.last_view = view
        first = view["log_first"]
        for index, entry in enumerate(view["log"], start=first):
            if index < self.log_seen:
                continue
            kind = entry["type"]
            if kind == "cooked" and entry["ingredient"] is not None and self.pans[entry["pan"]] is not None:
                self.pans[entry["pan"]].append(entry["ingredient"])
            elif kind == "emptied":
                self.pans[entry["pan"]] = []
            elif kind == "tiles_back":
                self._tiles_handled(entry["seat"], entry["a"], entry["b"])
        if first > self.log_seen:  # lines were missed: only the visible saucepans can be trusted
            self.pans = [None] * PANS
            self.tiles = [None] * len(MENU_STARS)
        for square in view["menu"]:
            if square["cuisine"] is not None:
                self.tiles[square["square"]] = square["cuisine"]
        if view["phase"] == "swap_menu" and view["turn"] == self.seat:
            self.menu_view = view
        self.log_seen = first + len(view["log"])
        for pan in view["pans"]:
            index = pan["pan"]
            if pan["ingredients"] is not None:
                self.pans[index] = list(pan["ingredients"])
            elif pan["count"] == 0:
                self.pans[index] = []
            elif self.pans[index] is None or len(self.pans[index]) != pan["count"]:
                self.pans[index] = None

    def _tiles_handled(self, who: int, a: int, b: int) -> None:
        """Two tiles went back face down: another chef may have swapped them; this bot knows
        whether it did (the swap it chose then, from the view it chose on)."""
        if who != self.seat or self.menu_view is None:
            self.tiles[a] = self.tiles[b] = None
            return
        action = self._menu(self.menu_view, self.menu_view["legal_actions"])
        if action["type"] == "swap_menu":
            self.tiles[a], self.tiles[b] = self.tiles[b], self.tiles[a]
        self.menu_view = None

    # --- values --------------------------------------------------------------------------------
    def _stars(self, view: dict[str, Any]) -> dict[str, float]:
        stars = {cuisine: UNKNOWN_STARS for cuisine in CUISINES}
        for square in view["menu"]:
            cuisine = square["cuisine"] or self.tiles[square["square"]]
            if cuisine is not None:
                stars[cuisine] = square["stars"]
        return stars

    def _recipe_value(self, view: dict[str, Any], recipe: dict[str, Any], matched: int) -> float:
        own = 0.5 if recipe["cuisine"] == CUISINES[self.seat] else 0.0
        return squares_for(matched) + self._stars(view)[recipe["cuisine"]] + own

    def _potential(self, view: dict[str, Any], recipe: dict[str, Any], skip_pan: int | None = None) -> float:
        """How promising a recipe is to keep: its stars and what the hand and saucepans (but
        ``skip_pan``) already hold of it."""
        wanted = Counter(recipe["ingredients"])
        hand = Counter(view["hand"])
        pans = [
            overlap(wanted, Counter(kinds))
            for pan, kinds in enumerate(self.pans)
            if kinds and pan != skip_pan
        ]
        return (
            0.6 * self._stars(view)[recipe["cuisine"]]
            + 0.5 * overlap(wanted, hand)
            + 0.8 * max(pans, default=0)
            + (0.5 if recipe["cuisine"] == CUISINES[self.seat] else 0)
        )

    # --- decisions -----------------------------------------------------------------------------
    def choose(self, view: dict[str, Any], now: float) -> dict[str, Any] | None:
        if view != self.last_view:
            self.observe(view)
        legal = view["legal_actions"]
        if not legal:
            return None
        kinds = {action["type"] for action in legal}
        if "keep" in kinds:
            return self._keep(view, legal)
        if "redeem" in kinds or "decline" in kinds:
            return self._serve(view, legal)
        if "peek" in kinds:
            return self._peek(view, legal)
        if "swap_menu" in kinds:
            return self._menu(view, legal)
        if "move_lid" in kinds:
            return self._lid(view, legal)
        if view["phase"] == "turn":
            self.plan = self._turn_plan(view, legal)
        if self.plan:
            step, self.plan = self.plan[0], self.plan[1:]
            match = _find(legal, step)
            if match is not None:
                return match
        self.plan = []
        if "stop_cooking" in kinds:
            return _find(legal, {"type": "stop_cooking"})
        return self._take(view, legal)

    def _keep(self, view: dict[str, Any], legal: list[dict[str, Any]]) -> dict[str, Any]:
        offered = {card["id"]: card for card in view["choosing_from"]}
        return max(
            legal, key=lambda action: sum(self._potential(view, offered[r]) for r in action["recipes"])
        )

    def _serve(self, view: dict[str, Any], legal: list[dict[str, Any]]) -> dict[str, Any]:
        book = {card["id"]: card for card in view["book"]}
        kinds = Counter(view["pans"][view["serving"]["pan"]]["ingredients"])
        choices = [a for a in legal if a["type"] == "redeem"]
        if not choices:
            return legal[0]
        return max(
            choices,
            key=lambda a: self._recipe_value(
                view, book[a["recipe"]], overlap(Counter(book[a["recipe"]]["ingredients"]), kinds)
            ),
        )

    def _menu_weights(self, view: dict[str, Any]) -> tuple[Counter, Counter]:
        mine, theirs = Counter(), Counter()
        for player in view["players"]:
            cuisines = Counter(card["cuisine"] for card in player["redeemed"])
            (mine if player["seat"] == self.seat else theirs).update(cuisines)
        mine.update({card["cuisine"]: 0.5 for card in view["book"]})
        return mine, theirs

    def _menu(self, view: dict[str, Any], legal: list[dict[str, Any]]) -> dict[str, Any]:
        mine, theirs = self._menu_weights(view)
        squares = view["menu"]
        opponents = max(1, len(view["players"]) - 1)

        def gain(action: dict[str, Any]) -> float:
            if action["type"] != "swap_menu":
                return 0.0
            a, b = (squares[i] for i in action["tiles"])
            if a["cuisine"] is None or b["cuisine"] is None:
                return -1.0
            delta = (b["stars"] - a["stars"]) * (mine[a["cuisine"]] - mine[b["cuisine"]])
            spread = (b["stars"] - a["stars"]) * (theirs[a["cuisine"]] - theirs[b["cuisine"]]) / opponents
            return delta - spread

        return max(legal, key=gain)

    def _peek(self, view: dict[str, Any], legal: list[dict[str, Any]]) -> dict[str, Any]:
        unknown = {
            square["square"]
            for square in view["menu"]
            if square["cuisine"] is None and self.tiles[square["square"]] is None
        }
        return max(legal, key=lambda a: (len(unknown & set(a["tiles"])), -sum(a["tiles"])))

    def _lid(self, view: dict[str, Any], legal: list[dict[str, Any]]) -> dict[str, Any]:
        """Cover the saucepan that suits this bot's recipes least, the fuller the better."""
        recipes = [Counter(card["ingredients"]) for card in view["book"]]

        def badness(action: dict[str, Any]) -> tuple[float, int]:
            kinds = Counter(self.pans[action["pan"]] or [])
            best = max((overlap(r, kinds) for r in recipes), default=0)
            return (-best, sum(kinds.values()))

        return max(legal, key=badness)

    def _needs(self, view: dict[str, Any]) -> Counter:
        hand = Counter(view["hand"])
        needs = Counter()
        for card in view["book"]:
            for kind, number in Counter(card["ingredients"]).items():
                needs[kind] += max(0, number - hand[kind])
        return needs

    def _take(self, view: dict[str, Any], legal: list[dict[str, Any]]) -> dict[str, Any]:
        needs = self._needs(view)
        takes = [a for a in legal if a["type"] == "take"]
        if not takes:
            return next((a for a in legal if a["type"] in ("swap_recipes", "stop_cooking")), legal[0])
        return max(takes, key=lambda a: needs[a["ingredient"]] if a["source"] == "pantry" else 0.5)

    def _turn_plan(self, view: dict[str, Any], legal: list[dict[str, Any]]) -> list[dict[str, Any]]:
        """The best of: a cooking plan (1-2 cards), taking ingredients, or swapping recipes."""
        options = self._turn_options(view, legal)
        return max(options, key=lambda option: option[0])[1] if options else []

    def _turn_options(
        self, view: dict[str, Any], legal: list[dict[str, Any]]
    ) -> list[tuple[float, list[dict[str, Any]]]]:
        """Each kind of turn with its worth: taking ingredients (an empty plan), swapping recipes,
        and the best cooking plan."""
        hand = Counter(view["hand"])
        needs = self._needs(view)
        crowded = 0.15 * max(0, sum(hand.values()) - 6)
        options: list[tuple[float, list[dict[str, Any]]]] = []
        takes = [a for a in legal if a["type"] == "take"]
        if takes:
            wanted = max((needs[a["ingredient"]] for a in takes if a["source"] == "pantry"), default=0)
            options.append(((0.9 if wanted else 0.4) - crowded, []))
        if any(a["type"] == "swap_recipes" for a in legal):
            worth = sum(self._potential(view, card) for card in view["book"])
            options.append((1.0 - 0.25 * worth, [{"type": "swap_recipes"}]))
        kitchen = self.kitchen(view, needs)
        singles = [(a["ingredient"], a["pan"]) for a in legal if a["type"] == "cook"]
        plans = [[one] for one in singles] + [list(pair) for pair in combinations(singles, 2)]
        plans += [[one, one] for one in singles if hand[one[0]] >= 2]
        best_cook, best_value = None, float("-inf")
        alone = {one: kitchen.value([one]) for one in singles}
        for plan in plans:
            if len(plan) == 2 and plan[0][0] == plan[1][0] and hand[plan[0][0]] < 2:
                continue
            if len(plan) == 1:
                value = alone[plan[0]]
            elif plan[0][1] != plan[1][1] and kitchen.room(plan[0][1]) > 1 and kitchen.room(plan[1][1]) > 1:
                value = alone[plan[0]] + alone[plan[1]]  # two pans, nothing filled: the values add up
            else:
                value = kitchen.value(plan)
            if value > best_value:
                best_cook, best_value = plan, value
        if best_cook is not None:
            options.append(
                (
                    best_value + crowded,
                    [{"type": "cook", "ingredient": kind, "pan": pan} for kind, pan in best_cook],
                )
            )
        return options

    def kitchen(self, view: dict[str, Any], needs: Counter) -> _Kitchen:
        """What this turn's cooking plans are worth."""
        return _Kitchen(self, view, needs)

    def _leading(self, view: dict[str, Any]) -> bool:
        stars = self._stars(view)

        def estimate(player: dict[str, Any]) -> float:
            return player["pathway"] + sum(stars[card["cuisine"]] for card in player["redeemed"])

        mine = estimate(view["players"][self.seat])
        return all(mine >= estimate(p) for p in view["players"] if p["seat"] != self.seat)


class _Kitchen:
    """What one turn's cooking plans are worth to the bot, from what it knows of the saucepans."""

    threshold = FILL_THRESHOLD  # a fill worth less than this is left for later

    def __init__(self, bot: PotBot, view: dict[str, Any], needs: Counter) -> None:
        self.needs = needs
        self.sizes = [pan["count"] for pan in view["pans"]]
        self.known = [kinds is not None for kinds in bot.pans]
        book = view["book"]
        stars = bot._stars(view)
        own = CUISINES[bot.seat]
        self.worth = [stars[card["cuisine"]] + (0.5 if card["cuisine"] == own else 0.0) for card in book]
        wanted = [Counter(card["ingredients"]) for card in book]
        pans = [Counter(kinds or []) for kinds in bot.pans]
        self.base = [[overlap(w, pan) for pan in pans] for w in wanted]
        self.missing = [[{k: n - pan[k] for k, n in w.items() if n > pan[k]} for pan in pans] for w in wanted]
        opponents = len(view["players"]) - 1
        self.share = OPPONENT_SHARE * opponents
        redeemed = len(view["players"][bot.seat]["redeemed"])
        self.may_end = redeemed + 1 >= RECIPES_TO_END and not bot._leading(view)

    def ending(self, full: list[int], added: dict[int, dict[str, int]]) -> float | None:
        """The worth of filling ``full`` if that decides the game; None to value it as any other fill."""
        return None

    def fill_cost(self, pan: int, added: dict[str, int]) -> float:
        """What filling ``pan`` with ``added`` is guessed to give the other chefs."""
        return self.share

    def room(self, pan: int) -> int:
        return PAN_CAPACITY - self.sizes[pan]

    def _matches(self, recipe: int, pan: int, added: dict[str, int]) -> int:
        missing = self.missing[recipe][pan]
        return self.base[recipe][pan] + sum(min(n, missing.get(k, 0)) for k, n in added.items())

    def value(self, plan: list[tuple[str, int]]) -> float:
        added: dict[int, dict[str, int]] = {}
        for kind, pan in plan:
            kinds = added.setdefault(pan, {})
            kinds[kind] = kinds.get(kind, 0) + 1
        full = []
        for pan, more in added.items():
            size = self.sizes[pan] + sum(more.values())
            if size > PAN_CAPACITY:
                return -10.0
            if size == PAN_CAPACITY:
                full.append(pan)
        if full:
            verdict = self.ending(full, added)
            if verdict is not None:
                return verdict
            if self.may_end or not self.worth:
                return 0.0
            best = 0.0
            for order in ((0, 1), (1, 0)) if len(self.worth) == 2 else ((0,),):
                total = 0.0
                for pan, recipe in zip(full, order, strict=False):
                    found = self._matches(recipe, pan, added[pan]) if self.known[pan] else 1
                    served = squares_for(found) + self.worth[recipe] if found >= MIN_MATCHES else 0.0
                    total += COOK_STEP + served - self.fill_cost(pan, added[pan])
                best = max(best, total)
            return best - self.threshold
        value = sum(0.3 for kind, _pan in plan if not self.needs[kind]) - 0.5 * len(plan)
        for pan, more in added.items():
            if not self.known[pan]:
                continue
            base = self.base
            gain = max(
                (self._matches(r, pan, more) - base[r][pan] for r in range(len(self.worth))), default=0
            )
            value += 0.7 * gain
            if self.sizes[pan] + sum(more.values()) >= PAN_CAPACITY - 1:
                value -= 0.6  # an almost full saucepan invites the next chef to serve it
        return value


def _find(legal: list[dict[str, Any]], wanted: dict[str, Any]) -> dict[str, Any] | None:
    for action in legal:
        if all(action.get(key) == value for key, value in wanted.items()):
            return action
    return None
