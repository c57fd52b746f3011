"""What one chef can tell about the other chefs' secret tastes from the faces they show.

The taste catalogue is public, so every secret taste of another chef is one of the 20 tastes of
the round's difficulty. It is not one the chef can read (its own or a shared taste), nor one
another secret taste is known to be (a round never deals a taste twice). Each face is shown with
the soup it judges: a happy face rules out every taste that soup does not satisfy, an unhappy face
every taste it does. What is left after every face seen since the round began is the taste's
candidate set; it always holds the true taste.

Within a candidate set some tastes are likelier than others: a chef moves for their own tastes, so
a move that brings the soup closer to a candidate makes that candidate likelier for the mover's
secret tastes (a soft reading: the mover may have been working for another of its tastes); and a
chef's reaction to a move speaks for the candidates it fits (``hear``).

A person keeps only the last few moments of the table in mind: with a ``memory``, the sets and the
odds come from the faces, moves and reactions of the last that many moments only.
"""

from __future__ import annotations

import math
from collections import deque
from functools import cache
from typing import Any

from soupkitchen.shared.too_many_cooks.cards import CELLS, KINDS, card_id
from soupkitchen.shared.too_many_cooks.taste_judges import matcher, region_cells
from soupkitchen.shared.too_many_cooks.tastes import TASTES_BY_ID, distance, satisfied, tastes_of

Soup = tuple[int, ...]
Faces = tuple[tuple[bool, ...], ...]
Slot = tuple[int, int]  # (chef's seat, index of the face among that chef's faces)
LEAN = 0.6
"""How strongly one move of a chef speaks for the candidates it brings closer: each card of
distance gained multiplies a candidate's odds by e ** LEAN (at most two cards' worth a move)."""


def soup_from_view(view: dict[str, Any]) -> Soup:
    """The view's soup as 16 card ids, row by row."""
    return tuple(card_id(card["veg"], card["colour"]) for row in view["soup"] for card in row)


def faces_from_view(view: dict[str, Any]) -> Faces:
    """For each chef, whether each of their secret tastes shows a happy face."""
    return tuple(tuple(bool(face["happy"]) for face in chef["tastes"]) for chef in view["chefs"])


def round_key(view: dict[str, Any]) -> tuple[Any, ...]:
    """What tells one round's deal from another's in the views of one seat."""
    return (
        view["round"],
        view["difficulty"],
        view["base"],
        view["players"],
        tuple(taste["id"] for taste in view["my_tastes"]),
        tuple(taste["id"] for taste in view["shared_tastes"]),
        tuple(len(chef["tastes"]) for chef in view["chefs"]),
    )


class HiddenTastes:
    """The candidate sets of the other chefs' secret tastes in the current round, as seen from one
    seat; with ``public``, of every chef's secret tastes (the seat's own too) from what the whole
    table sees, so every chef who watched the same faces holds the same sets."""

    def __init__(
        self,
        seat: int,
        public: bool = False,
        memory: int | None = None,
        flips: float | None = None,
        lean: float = LEAN,
    ) -> None:
        self.seat = seat
        self.lean = lean  # how strongly one move of a chef speaks for the candidates it brings closer
        self.public = public
        self.memory = memory
        # None: every face rules out the tastes it cannot be. A number: only the faces a move turned
        # speak (as a person notices them), each making the tastes that turn so e ** flips times likelier.
        self.flips = flips
        self.key: tuple[Any, ...] | None = None
        self.slots: dict[Slot, tuple[str, ...]] = {}
        self.last: tuple[Soup, Faces] | None = None
        self.odds: dict[Slot, dict[str, float]] = {}  # relative likelihood of each candidate
        self.turn: int | None = None  # whose turn it was in the last view observed
        self.pool: dict[Slot, tuple[str, ...]] = {}  # each set at the start of the round
        # with a memory: the moments kept in mind, each its soup, faces and the evidence seen with it
        self.moments: deque[tuple[Soup, Faces, list[tuple[Any, ...]]]] = deque(maxlen=memory or 1)

    def candidates(self, chef: int) -> list[tuple[str, ...]]:
        """For each secret taste of ``chef`` (in face order), the tastes it may still be."""
        return [self.slots[slot] for slot in sorted(self.slots) if slot[0] == chef]

    def observe(self, view: dict[str, Any]) -> None:
        """Narrow the candidate sets with what ``view`` shows; a view of a new round starts afresh."""
        if view.get("phase") not in ("ready", "playing", "reveal") or not view.get("soup"):
            return
        key = round_key(view)
        soup, faces = soup_from_view(view), faces_from_view(view)
        if key == self.key and (soup, faces) == self.last:
            return
        if key != self.key:
            self._start_round(view, key)
        before, mover = self.last, self.turn
        self.last, self.turn = (soup, faces), view.get("turn")
        if self.memory is not None:
            moved = before is not None and mover is not None and before[0] != soup
            evidence = [("lean", mover, before[0], soup)] if moved else []
            self.moments.append((soup, faces, evidence))
            self._recall()
            return
        if self.flips is not None:
            if before is not None and before[0] != soup:
                self._narrow_flips(before, (soup, faces))
                if mover is not None:
                    self._lean(mover, before[0], soup)
            return
        if not self._narrow(soup, faces):
            # Faces no deal could show: views of another game under the same deal. Start afresh.
            self._start_round(view, key)
            self._narrow(soup, faces)
        elif before is not None and mover is not None and before[0] != soup:
            self._lean(mover, before[0], soup)

    def possible(self) -> set[str]:
        """Every taste some secret taste may still be."""
        return {taste for options in self.slots.values() for taste in options}

    def beliefs(self) -> dict[Slot, dict[str, float]]:
        """For each secret taste of another chef, each candidate's probability."""
        result = {}
        for slot, options in self.slots.items():
            odds = self.odds.get(slot, {})
            raw = [odds.get(taste, 1.0) for taste in options]
            total = sum(raw)
            result[slot] = {taste: weight / total for taste, weight in zip(options, raw, strict=True)}
        return result

    def _lean(self, mover: int, before: Soup, after: Soup) -> None:
        """The mover's move makes the candidates of its secret tastes that it brought closer likelier."""
        for slot, options in self.slots.items():
            if slot[0] != mover or len(options) == 1:
                continue
            odds = self.odds.setdefault(slot, {})
            for taste in options:
                gained = max(-2, min(2, distance(taste, before) - distance(taste, after)))
                if gained:
                    odds[taste] = odds.get(taste, 1.0) * math.exp(self.lean * gained)

    def hear(self, chef: int, emote: str, before: Soup, after: Soup, trust: float) -> None:
        """``chef`` reacted with ``emote`` to the move from ``before`` to ``after``: the candidates of
        their secret tastes that an honest reaction fits (``reactions.honest``) get likelier, the
        others less likely, by ``trust`` (a chef may react to another of their tastes, or not
        honestly)."""
        if self.memory is not None and self.moments:
            self.moments[-1][2].append(("hear", chef, emote, before, after, trust))
        self._hear(chef, emote, before, after, trust)

    def _recall(self) -> None:
        """The sets and odds from the moments kept in mind (when faces no deal could show are among
        them, from the newest alone)."""
        for _attempt in range(2):
            self.slots, self.odds = dict(self.pool), {}
            if self.flips is not None:
                for before, after in zip(list(self.moments), list(self.moments)[1:], strict=False):
                    self._narrow_flips(before[:2], after[:2])
                break
            if all(self._narrow(soup, faces) for soup, faces, _evidence in self.moments):
                break
            newest = self.moments[-1]
            self.moments.clear()
            self.moments.append(newest)
        for _soup, _faces, evidence in self.moments:
            for item in evidence:
                if item[0] == "lean":
                    self._lean(*item[1:])
                else:
                    self._hear(*item[1:])

    def _hear(self, chef: int, emote: str, before: Soup, after: Soup, trust: float) -> None:
        slots = [slot for slot in self.slots if slot[0] == chef]
        for slot in slots:
            options = self.slots[slot]
            if len(options) == 1:
                continue
            odds = self.odds.setdefault(slot, {})
            for taste in options:
                lean = _heard(emote, distance(taste, before) - distance(taste, after), len(slots))
                if lean:
                    odds[taste] = odds.get(taste, 1.0) * math.exp(trust * lean)

    def weights(self, most: int | None = None) -> dict[str, float]:
        """For each candidate taste, the expected number of hidden tastes that are it, taking every
        candidate of a set as equally likely; with ``most``, only sets of at most that many count."""
        weights: dict[str, float] = {}
        for options in self.slots.values():
            if most is not None and len(options) > most:
                continue
            share = 1.0 / len(options)
            for taste in options:
                weights[taste] = weights.get(taste, 0.0) + share
        return weights

    def _start_round(self, view: dict[str, Any], key: tuple[Any, ...]) -> None:
        visible = {
            taste["id"] for taste in view["shared_tastes"] + ([] if self.public else view["my_tastes"])
        }
        possible = tuple(taste for taste in tastes_of(view["difficulty"]) if taste not in visible)
        self.key = key
        self.last = None
        self.odds = {}
        self.moments.clear()
        self.slots = {
            (chef["seat"], index): possible
            for chef in view["chefs"]
            if self.public or chef["seat"] != self.seat
            for index in range(len(chef["tastes"]))
        }
        self.pool = dict(self.slots)

    def _narrow_flips(self, before: tuple[Soup, Faces], after: tuple[Soup, Faces]) -> None:
        """Each face that turned between the two moments makes the tastes that turn the same way
        between their soups likelier (a face that stayed as it was tells a person nothing)."""
        for (chef, index), options in self.slots.items():
            if (
                chef >= len(after[1])
                or index >= len(after[1][chef])
                or chef >= len(before[1])
                or index >= len(before[1][chef])
            ):
                return
            was, now = before[1][chef][index], after[1][chef][index]
            if was == now or len(options) == 1:
                continue
            odds = self.odds.setdefault((chef, index), {})
            for taste in options:
                if satisfied(taste, before[0]) == was and satisfied(taste, after[0]) == now:
                    odds[taste] = odds.get(taste, 1.0) * math.exp(self.flips or 0.0)

    def _narrow(self, soup: Soup, faces: Faces) -> bool:
        """Keep in each set the tastes that show this soup's face; False if a set would empty."""
        judged: dict[str, bool] = {}
        narrowed: dict[Slot, tuple[str, ...]] = {}
        for (chef, index), options in self.slots.items():
            if chef >= len(faces) or index >= len(faces[chef]):
                return False
            happy = faces[chef][index]
            kept = []
            for taste in options:
                if taste not in judged:
                    judged[taste] = satisfied(taste, soup)
                if judged[taste] == happy:
                    kept.append(taste)
            if not kept:
                return False
            narrowed[(chef, index)] = tuple(kept)
        if not _all_different(narrowed):
            return False
        self.slots = narrowed
        return True


def _heard(emote: str, gained: int, tastes: int) -> float:
    """How much a reaction speaks for a candidate the move brought ``gained`` cards closer (negative:
    further), for a chef of ``tastes`` secret tastes: +1 for a candidate that explains it, -1 for one
    an honest reaction rules out, less when another of their tastes may explain it."""
    if emote == "disgusting":
        return 1.0 if gained < 0 else -1.0 if gained > 0 else -1.0 / tastes
    if emote == "delicious":
        return 1.0 if gained > 0 else -1.0 if gained < 0 else -1.0 / tastes
    return -1.0 if gained < 0 else 0.0  # "fine": nothing of theirs got worse


def effective(chances: dict[str, float]) -> float:
    """How many tastes a belief is as unsure as (the exponential of its entropy): 1 when one
    candidate is certain, the number of candidates when all are equally likely."""
    return math.exp(-sum(p * math.log(p) for p in chances.values() if p > 0))


def _all_different(slots: dict[Slot, tuple[str, ...]]) -> bool:
    """Take a taste known to be one hidden taste out of every other set (a round deals a taste
    once), until nothing changes; False if a set empties."""
    settled: set[Slot] = set()
    while True:
        known = [
            (slot, options[0]) for slot, options in slots.items() if len(options) == 1 and slot not in settled
        ]
        if not known:
            return True
        for slot, taste in known:
            settled.add(slot)
            for other, options in slots.items():
                if other != slot and taste in options:
                    slots[other] = tuple(t for t in options if t != taste)
                    if not slots[other]:
                        return False


@cache
def card_roles(taste_id: str) -> tuple[tuple[int, ...], ...]:
    """For each cell and card, the part that card plays in the taste when it lies in that cell: a
    change of one card for another with the same role never changes how far the soup is from it."""
    taste = TASTES_BY_ID[taste_id]
    sel = matcher(taste["sel"])
    if taste["kind"] == "count":
        region = {cell for group in region_cells(taste["region"]) for cell in group}
        return tuple(
            tuple(int(sel[card]) if cell in region else -1 for card in range(KINDS)) for cell in range(CELLS)
        )
    if taste["kind"] == "next_to":
        other = matcher(taste["other"])
        roles = tuple(2 * sel[card] + other[card] for card in range(KINDS))
    else:
        roles = tuple(card if sel[card] else -1 for card in range(KINDS))
    return (roles,) * CELLS
