"""The hard Pot Pourri bot: it remembers every recipe card its seat was shown, reckons what the other
chefs could serve from a saucepan it would fill, plays the end of the game for the win and moves the
menu against the leader. It sees only its own views, like every level."""

from __future__ import annotations

from collections import Counter
from typing import Any

from soupkitchen.shared.pot_pourri.bot import PotBot, _Kitchen, overlap
from soupkitchen.shared.pot_pourri.cards import (
    COOK_STEP,
    CUISINES,
    MIN_MATCHES,
    RECIPE_COUNTS,
    RECIPES,
    RECIPES_TO_END,
    squares_for,
)
from soupkitchen.shared.pot_pourri.menu_belief import MenuBelief

DECIDED = 30.0  # the worth of a move that ends the game with the bot ahead
INTENT = 1.0  # how much more likely a recipe is in a chef's book for each wanted ingredient it needs


def seen_cooking(
    view: dict[str, Any], entry: dict[str, Any], fresh: list[tuple[int, dict[str, Any]]]
) -> str | None:
    """What a chef saw go into an open saucepan (the log does not name it): the card on top of that
    saucepan in the view right after the cooking, the only cooking it shows; else not seen."""
    cooks = [e for _i, e in fresh if e["type"] == "cooked"]
    pan = view["pans"][entry["pan"]]
    if cooks != [entry] or not pan["ingredients"]:
        return None
    return pan["ingredients"][-1]


class PlanningPotBot(PotBot):
    """Plays like :class:`PotBot`, but counts what its rivals may gain and plays the ending for the win."""

    def __init__(self, seat: int, seed: int) -> None:
        super().__init__(seat, seed)
        self.seen_recipes: set[int] = set()  # recipes it knows are out of the other chefs' books
        self.wants: list[Counter] = []  # per seat: what they took from the pantry and still hold
        self.recipe_log_seen = 0
        self.belief = MenuBelief()  # Cooking Pros: where each face-down tile may lie
        self.expected_stars: dict[str, float] | None = None

    def observe(self, view: dict[str, Any]) -> None:
        if view["log_first"] > self.log_seen:  # lines were missed: what it knew of the tiles is lost
            self.belief = MenuBelief()
        super().observe(view)
        self._read_log(view)
        hidden = False
        for square in view["menu"]:
            if square["cuisine"] is None:
                hidden = True
            else:
                self.belief.seen(square["square"], square["cuisine"])
        self.expected_stars = self.belief.stars() if hidden else None

    def _tiles_handled(self, who: int, a: int, b: int) -> None:
        mine = who == self.seat and self.menu_view is not None
        if not mine:
            self.belief.handled(a, b)
        elif self._menu(self.menu_view, self.menu_view["legal_actions"])["type"] == "swap_menu":
            self.belief.swapped(a, b)
        super()._tiles_handled(who, a, b)

    def _stars(self, view: dict[str, Any]) -> dict[str, float]:
        """Each cuisine's star value: read from the menu, or expected from what it saw of the tiles."""
        if self.expected_stars is None or all(square["cuisine"] for square in view["menu"]):
            return super()._stars(view)
        return self.expected_stars

    def _read_log(self, view: dict[str, Any]) -> None:
        """Recipes shown to this seat (its own cards, every served one and those discarded face up),
        and what each chef took from the pantry and has not cooked since serving."""
        if not self.wants:
            self.wants = [Counter() for _ in view["players"]]
        first = view["log_first"]
        fresh = [
            (index, entry)
            for index, entry in enumerate(view["log"], start=first)
            if index >= self.recipe_log_seen
        ]
        for _index, entry in fresh:
            if entry["type"] == "cooked" and entry["ingredient"] is None:
                entry = {**entry, "ingredient": seen_cooking(view, entry, fresh)}
            self._follow_wants(entry)
            if entry["type"] == "reshuffled" and entry["pile"] == "recipes":
                self.seen_recipes = set()
            if entry["type"] == "chose":
                self.seen_recipes.update(entry["dropped"])
        self.recipe_log_seen = max(self.recipe_log_seen, first + len(view["log"]))
        for card in (view["book"] or []) + (view["choosing_from"] or []):
            self.seen_recipes.add(card["id"])
        if view["recipe_discard_top"] is not None:
            self.seen_recipes.add(view["recipe_discard_top"]["id"])
        for player in view["players"]:
            self.seen_recipes.update(card["id"] for card in player["redeemed"])

    def _follow_wants(self, entry: dict[str, Any]) -> None:
        kind = entry["type"]
        if kind == "took":
            self.wants[entry["seat"]][entry["ingredient"]] += 1
        elif (
            kind == "cooked"
            and entry["ingredient"] is not None
            and self.wants[entry["seat"]][entry["ingredient"]] > 0
        ):
            self.wants[entry["seat"]][entry["ingredient"]] -= 1
        elif kind in ("served", "declined"):
            self.wants[entry["seat"]] = Counter()

    # --- what the others may gain -------------------------------------------------------------
    def unknown_recipes(self, view: dict[str, Any]) -> list[int]:
        """Recipes that may be in another chef's book."""
        return [recipe for recipe in range(len(RECIPES)) if recipe not in self.seen_recipes]

    def rival_gain(self, view: dict[str, Any], kinds: Counter, pool: list[int], wants: Counter) -> float:
        """What a chef who took ``wants`` from the pantry, holding two recipes from ``pool``, expects to
        serve from a saucepan of ``kinds``: recipes that need what they took are likelier."""
        stars = self._stars(view)
        rated = []
        for recipe in pool:
            needs = RECIPE_COUNTS[recipe]
            found = overlap(needs, kinds)
            value = (
                squares_for(found) + stars[CUISINES[RECIPES[recipe].cuisine]] if found >= MIN_MATCHES else 0.0
            )
            rated.append((value, 1.0 + INTENT * overlap(needs, wants)))
        total = sum(weight for _value, weight in rated)
        if not total:
            return 0.0
        rated.sort()
        expected, below = 0.0, 0.0
        for value, weight in rated:  # the better of two recipes drawn with these weights
            expected += value * (((below + weight) / total) ** 2 - (below / total) ** 2)
            below += weight
        return expected

    # --- scores -------------------------------------------------------------------------------
    def scores(self, view: dict[str, Any]) -> list[float]:
        """Each chef's score if the game ended now (unknown menu tiles at their average)."""
        stars = self._stars(view)
        return [
            player["pathway"] + sum(stars[card["cuisine"]] for card in player["redeemed"])
            for player in view["players"]
        ]

    # --- decisions ----------------------------------------------------------------------------
    def _best_serve(self, view: dict[str, Any], legal: list[dict[str, Any]]) -> dict[str, Any]:
        """The recipe whose squares and stars now most outweigh what it could still be worth later."""
        choices = [action for action in legal if action["type"] == "redeem"]
        if not choices:
            return legal[0]
        book = {card["id"]: card for card in view["book"]}
        pan = view["serving"]["pan"]
        kinds = Counter(view["pans"][pan]["ingredients"])

        def net(action: dict[str, Any]) -> float:
            card = book[action["recipe"]]
            now = self._recipe_value(view, card, overlap(Counter(card["ingredients"]), kinds))
            return now - self._potential(view, card, skip_pan=pan)

        return max(choices, key=net)

    def _serve(self, view: dict[str, Any], legal: list[dict[str, Any]]) -> dict[str, Any]:
        choice = self._best_serve(view, legal)
        if choice["type"] != "redeem":
            return choice
        me = view["players"][self.seat]
        if len(me["redeemed"]) + 1 < RECIPES_TO_END:
            return choice
        # This recipe would end the game: serve it only if that wins.
        book = {card["id"]: card for card in view["book"]}
        recipe = book[choice["recipe"]]
        kinds = Counter(view["pans"][view["serving"]["pan"]]["ingredients"])
        found = overlap(Counter(recipe["ingredients"]), kinds)
        scores = self.scores(view)
        scores[self.seat] += squares_for(found) + self._stars(view)[recipe["cuisine"]]
        scores[self.seat] += COOK_STEP if view["serving"]["cook"] else 0
        rivals = max(score for seat, score in enumerate(scores) if seat != self.seat)
        if scores[self.seat] > rivals:
            return choice
        decline = next((action for action in legal if action["type"] == "decline"), None)
        return decline or choice

    def _menu(self, view: dict[str, Any], legal: list[dict[str, Any]]) -> dict[str, Any]:
        """The swap that leaves this bot furthest ahead of its strongest rival, counting the recipes
        served so far and, at half weight, those in its book."""
        known = [square["cuisine"] or self.tiles[square["square"]] for square in view["menu"]]
        counts = []
        for player in view["players"]:
            counts.append(Counter(card["cuisine"] for card in player["redeemed"]))
        counts[self.seat].update({card["cuisine"]: 0.5 for card in view["book"]})
        pathway = [player["pathway"] for player in view["players"]]
        stars = [square["stars"] for square in view["menu"]]

        def margin(action: dict[str, Any]) -> float:
            cuisines = _menu_after(action, known)
            worth = {cuisine: star for cuisine, star in zip(cuisines, stars, strict=True) if cuisine}
            hidden = [star for cuisine, star in zip(cuisines, stars, strict=True) if cuisine is None]
            unknown = sum(hidden) / len(hidden) if hidden else 0.0
            guess = self.expected_stars or {}
            totals = [
                pathway[seat] + sum(worth.get(c, guess.get(c, unknown)) * n for c, n in counts[seat].items())
                for seat in range(len(counts))
            ]
            rivals = sorted((totals[seat] for seat in range(len(totals)) if seat != self.seat), reverse=True)
            return totals[self.seat] - rivals[0] - 0.3 * sum(rivals[1:]) / max(1, len(rivals) - 1)

        return max(legal, key=margin)

    def _peek(self, view: dict[str, Any], legal: list[dict[str, Any]]) -> dict[str, Any]:
        """Look at the two tiles it is least sure of, the dearer squares first."""
        doubt = self.belief.doubt()
        return max(
            legal,
            key=lambda action: (
                round(sum(doubt[tile] for tile in action["tiles"]), 6),
                -sum(action["tiles"]),
            ),
        )

    def _lid(self, view: dict[str, Any], legal: list[dict[str, Any]]) -> dict[str, Any]:
        """Near the end, keep the fullest saucepan open when ahead (let the game end) and cover it
        when behind (a rival could fill it and end the game)."""
        if max(len(player["redeemed"]) for player in view["players"]) + 1 < RECIPES_TO_END:
            return super()._lid(view, legal)
        scores = self.scores(view)
        ahead = scores[self.seat] > max(s for seat, s in enumerate(scores) if seat != self.seat)
        sizes = {pan["pan"]: pan["count"] for pan in view["pans"]}
        return max(legal, key=lambda action: -sizes[action["pan"]] if ahead else sizes[action["pan"]])

    def kitchen(self, view: dict[str, Any], needs: Counter) -> _Kitchen:
        return _RivalKitchen(self, view, needs)


class _RivalKitchen(_Kitchen):
    """Fills a saucepan whenever the bot serves well from it, and plays the last servings for the win."""

    threshold = 0.0

    def __init__(self, bot: PlanningPotBot, view: dict[str, Any], needs: Counter) -> None:
        super().__init__(bot, view, needs)
        self.bot = bot
        self.view = view
        self.stars = bot._stars(view)
        self.pool = bot.unknown_recipes(view)

    def ending(self, full: list[int], added: dict[int, dict[str, int]]) -> float | None:
        """Filling a saucepan near the end: worth a lot if the serving that follows ends the game
        with this bot ahead, to be avoided if it ends with a rival ahead."""
        players = self.view["players"]
        counts = [len(player["redeemed"]) for player in players]
        if max(counts) + 1 < RECIPES_TO_END:
            return None
        pan = full[0]
        kinds = Counter(self.bot.pans[pan] or [])
        kinds.update(added[pan])
        scores = self.bot.scores(self.view)
        me = self.bot.seat
        gains = [
            squares_for(found) + self.stars[card["cuisine"]]
            for card in self.view["book"]
            if (found := overlap(Counter(card["ingredients"]), kinds)) >= MIN_MATCHES
        ]
        scores[me] += COOK_STEP * len(full) + max(gains, default=0)
        if gains and counts[me] + 1 >= RECIPES_TO_END:
            return DECIDED if scores[me] > max(s for seat, s in enumerate(scores) if seat != me) else -DECIDED
        for step in range(1, len(players)):
            seat = (me + step) % len(players)
            scores[seat] += self.bot.rival_gain(self.view, kinds, self.pool, self.bot.wants[seat])
            if counts[seat] + 1 >= RECIPES_TO_END:
                ahead = scores[me] > max(s for other, s in enumerate(scores) if other != me)
                return DECIDED / 2 if ahead else -DECIDED / 2
        return None

    def fill_cost(self, pan: int, added: dict[str, int]) -> float:
        return 0.0


def _menu_after(action: dict[str, Any], known: list[str | None]) -> list[str | None]:
    """The menu's cuisines after ``action`` (a swap, or leaving it as it is)."""
    cuisines = list(known)
    if action["type"] == "swap_menu":
        a, b = action["tiles"]
        cuisines[a], cuisines[b] = cuisines[b], cuisines[a]
    return cuisines
