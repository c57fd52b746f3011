"""A chef that plays for every taste at the table: those it can read and, from the faces and moves
of the other chefs, their secret ones."""

from __future__ import annotations

import random
from typing import Any

from soupkitchen.shared.core import Bot
from soupkitchen.shared.levels import NORMAL, check_level
from soupkitchen.shared.too_many_cooks.cards import SIZE, card_id
from soupkitchen.shared.too_many_cooks.inference import HiddenTastes, soup_from_view
from soupkitchen.shared.too_many_cooks.moves import change, rotate, spares_from_view
from soupkitchen.shared.too_many_cooks.planner import (
    UNSATISFIED,
    Goal,
    legal_moves,
    play_move,
    search,
    to_action,
)

Soup = tuple[int, ...]
__all__ = ["Chef", "after", "soup_from_view"]
HIDDEN_WEIGHT = 0.8
"""How much another chef's secret taste counts against one the chef reads: a little less, as the
chef is never sure which taste it is."""
AHEAD_OF, AHEAD_WIDTH, AHEAD_DEPTH = 3, 1, 1
"""A hard chef searches on after its AHEAD_OF best moves, with a beam of AHEAD_WIDTH soups
AHEAD_DEPTH moves deep, and plays the move that leads to the best soup."""
ESCAPE = (6, 8, 16)
"""(beam width, depth, soups expanded) of the search a hard chef makes when no single move helps;
it follows the way out it finds over its next turns for as long as nobody else changes the soup."""
FORGETS_AFTER = 6
"""An easy chef forgets the faces it saw this many views ago."""


def after(soup: Soup, spares: tuple[int, ...], action: dict[str, Any]) -> Soup:
    """The soup once ``action`` (a legal change or rotate) is played."""
    if action["type"] == "rotate":
        return rotate(soup, action["line"], action["index"], action["step"])
    cell = action["row"] * SIZE + action["col"]
    return change(soup, spares, cell, card_id(action["veg"], action["colour"]))[0]


class Chef(Bot):
    """Readies up at once, passes when it must, and otherwise plays towards a soup that satisfies
    the tastes it reads and keeps the others' secret tastes as their faces and moves suggest: a
    secret taste counts as the chance that the soup satisfies it, over the candidates it may still
    be. It never breaks a taste it reads satisfied when another move avoids that.

    Levels: ``easy`` forgets the faces it saw a few views ago and plays the first move that brings
    the soup closer to its goal; ``normal`` remembers every face and plays the best single move;
    ``hard`` also looks a few moves ahead. With ``read_faces=False`` it ignores the other chefs."""

    def __init__(self, seat: int, seed: int, level: str = NORMAL, read_faces: bool = True) -> None:
        super().__init__(seat, seed)
        self.level = check_level(level)
        self.rng = random.Random(f"tmc-bot:{seed}")
        self.read_faces = read_faces
        self.hidden = HiddenTastes(seat)
        self.seen = 0  # views observed (an easy chef forgets every FORGETS_AFTER)
        self.way_out: list[tuple[tuple[Any, ...], Soup]] = []  # a hard chef's planned moves, each with the soup it expects

    def observe(self, view: dict[str, Any]) -> None:
        """Narrow the candidate sets of the other chefs' secret tastes with the faces of ``view``."""
        if not self.read_faces:
            return
        if self.level == "easy":
            self.seen += 1
            if self.seen % FORGETS_AFTER == 0:
                self.hidden = HiddenTastes(self.seat)
        self.hidden.observe(view)

    def choose(self, view: dict[str, Any], now: float) -> dict[str, Any] | None:
        self.observe(view)
        legal = view["legal_actions"]
        if not legal:
            return None
        if len(legal) == 1:
            return legal[0]  # ready, or the pass a satisfied chef must make
        soup, spares = soup_from_view(view), spares_from_view(view["spares"])
        if self.way_out and self.way_out[0][1] == soup:  # nobody moved since: go on with the way out
            move = self.way_out.pop(0)[0]
            return to_action(move)
        self.way_out = []
        known = [taste["id"] for taste in view["my_tastes"] + view["shared_tastes"]]
        goal = self.goal(known)
        moves = self.first_moves(goal, known, soup, spares)
        if self.level == "easy":
            return to_action(self.first_decent(goal, soup, spares, moves))
        far = goal.distances(soup)
        here = goal.score(far)
        scored = []
        for order, move in enumerate(moves):
            new, _spares, cells = play_move(soup, spares, move)
            scored.append((goal.score(goal.distances_after(soup, far, new, cells)), self.rng.random(), order, move))
        scored.sort()
        if self.level == "hard" and scored[0][0] >= here:  # stuck: no single move helps, look further
            way_out = search(goal, soup, spares, *ESCAPE)
            if way_out.moves and way_out.score < here:
                starts = [soup, *way_out.soups[:-1]]
                self.way_out = list(zip(way_out.moves, starts, strict=True))[1:]
                return to_action(way_out.moves[0])
        elif self.level == "hard":
            scored = self.look_ahead(goal, soup, spares, scored[:AHEAD_OF])
        return to_action(scored[0][-1])

    @staticmethod
    def look_ahead(goal: Goal, soup: Soup, spares: tuple[int, ...],
                   best: list[tuple[Any, ...]]) -> list[tuple[Any, ...]]:
        """The best first moves ranked by the best soup a short search finds after each (then by
        the soup each move makes at once)."""
        ranked = []
        for score, tie, order, move in best:
            new, new_spares, _cells = play_move(soup, spares, move)
            ahead = search(goal, new, new_spares, AHEAD_WIDTH, AHEAD_DEPTH, budget=AHEAD_WIDTH * AHEAD_DEPTH)
            ranked.append((min(ahead.score, score), score, tie, order, move))
        ranked.sort()
        return ranked

    def goal(self, known: list[str]) -> Goal:
        """The tastes the chef reads (weight 1) and every candidate of the other chefs' secret tastes
        (weighted by its chance of being held)."""
        weights = dict.fromkeys(known, 1.0)
        if self.read_faces:
            for options in self.hidden.beliefs().values():
                for taste, chance in options.items():
                    weights[taste] = weights.get(taste, 0.0) + HIDDEN_WEIGHT * chance
        tastes = sorted(weights)
        return Goal(tastes, [weights[taste] for taste in tastes],
                    steer=[1.0 if taste in known else 0.0 for taste in tastes])

    @staticmethod
    def first_moves(goal: Goal, known: list[str], soup: Soup, spares: tuple[int, ...]) -> list[tuple[Any, ...]]:
        """The legal moves that break the fewest of the tastes the chef reads."""
        reads = [i for i, taste in enumerate(goal.tastes) if taste in known]
        far = goal.distances(soup)
        counted = []
        for move in legal_moves(soup, spares):
            new, _spares, cells = play_move(soup, spares, move)
            new_far = goal.distances_after(soup, far, new, cells)
            counted.append((sum(1 for i in reads if new_far[i] and not far[i]), move))
        fewest = min(broken for broken, _move in counted)
        return [move for broken, move in counted if broken == fewest]

    def first_decent(self, goal: Goal, soup: Soup, spares: tuple[int, ...],
                     moves: list[tuple[Any, ...]]) -> tuple[Any, ...]:
        """The first move, from a random start, that brings the soup closer to the goal (or the
        least bad one)."""
        far = goal.distances(soup)
        here = goal.score(far)
        start = self.rng.randrange(len(moves))
        scored = []
        for move in moves[start:] + moves[:start]:
            new, _spares, cells = play_move(soup, spares, move)
            score = goal.score(goal.distances_after(soup, far, new, cells))
            if score < here - UNSATISFIED / 2:
                return move
            scored.append((score, len(scored), move))
        return min(scored)[2]
