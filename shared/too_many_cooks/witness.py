"""The witness-soup team: a reference of the simulator (``--bots witness``), never offered at a table.

Each chef reads only its seat's views, but plays no way a person does: it aims for the nearest soup
it knows that satisfies every taste of the difficulty any chef may still hold (``targets``, from
the witness soup), so it needs nobody's secret tastes. It shows what the deck allows, not what a
table of people achieves."""

from __future__ import annotations

import random
from typing import Any

from soupkitchen.shared.core import Bot
from soupkitchen.shared.levels import NORMAL, check_level
from soupkitchen.shared.too_many_cooks.inference import HiddenTastes, faces_from_view, soup_from_view
from soupkitchen.shared.too_many_cooks.moves import spares_from_view
from soupkitchen.shared.too_many_cooks.planner import UNSATISFIED, Goal, legal_moves, play_move, to_action
from soupkitchen.shared.too_many_cooks.targets import best_step, change_cost, nearest_target

Soup = tuple[int, ...]
__all__ = ["WitnessChef"]
HIDDEN_WEIGHT = 0.8
"""How much another chef's secret taste counts against one the chef reads: a little less, as the
chef is never sure which taste it is."""
FORGETS_AFTER = 6
"""An easy chef forgets the faces it saw this many views ago."""
PACE_AFTER = 3
"""Soup moves of a round after which a chef judges the table's pace (before, it assumes time enough)."""


def undo_of(before: Soup, now: Soup) -> tuple[Any, ...] | None:
    """The change that turns ``now`` back into ``before`` when they differ in one card."""
    cells = [cell for cell, (was, card) in enumerate(zip(before, now, strict=True)) if was != card]
    return ("change", cells[0], before[cells[0]]) if len(cells) == 1 else None


class WitnessChef(Bot):
    """Readies up at once, passes when it must, and otherwise plays towards a soup that satisfies
    every taste at the table: those it reads and every taste the faces still allow another chef's
    secret taste to be.

    Levels: ``easy`` forgets the faces it saw a few views ago and plays the first move that brings
    the soup closer to what it believes the tastes want; ``normal`` and ``hard`` remember every face
    and aim for a soup that satisfies every taste any chef may hold, the nearest one they know
    (``targets``), which every such chef at the table works out alike from what the table shows;
    ``hard`` takes first the steps there that bring the soup closest to the tastes it believes in.
    With ``read_faces=False`` the chef ignores the other chefs and aims for the tastes it reads."""

    def __init__(self, seat: int, seed: int, level: str = NORMAL, read_faces: bool = True) -> None:
        super().__init__(seat, seed)
        self.level = check_level(level)
        self.rng = random.Random(f"tmc-bot:{seed}")
        self.read_faces = read_faces
        self.hidden = HiddenTastes(seat)
        self.table = HiddenTastes(seat, public=True)  # what the whole table knows of every secret taste
        self.seen = 0  # views observed (an easy chef forgets every FORGETS_AFTER)
        self.target: Soup | None = None  # the soup the chef aimed for last
        self.moment: tuple[Any, ...] | None = None  # (soup, faces, shared tastes satisfied, turn) last seen
        self.harmless_undo: tuple[Any, ...] | None = (
            None  # the change that would undo another chef's harmless move
        )
        self.round_moves = (None, 0)  # (round, soup moves seen in it)

    def observe(self, view: dict[str, Any]) -> None:
        """Narrow the candidate sets of the chefs' secret tastes with the faces of ``view``."""
        self.note_move(view)
        if not self.read_faces:
            return
        if self.level == "easy":
            self.seen += 1
            if self.seen % FORGETS_AFTER == 0:
                self.hidden = HiddenTastes(self.seat)
        self.hidden.observe(view)
        self.table.observe(view)

    def note_move(self, view: dict[str, Any]) -> None:
        """Remember how to undo the last move when another chef made it and it turned no happy face
        unhappy and broke no shared taste: the chef leaves such a move alone while it can."""
        if view.get("phase") != "playing" or not view.get("soup"):
            return
        moment = (
            soup_from_view(view),
            faces_from_view(view),
            tuple(taste["satisfied"] for taste in view["shared_tastes"]),
            view.get("turn"),
        )
        if self.moment is not None and moment[:3] == self.moment[:3]:
            return
        before, self.moment = self.moment, moment
        self.harmless_undo = None
        moves_round, moves = self.round_moves
        fresh = moves_round != view["round"]
        self.round_moves = (
            view["round"],
            0 if fresh else moves + (before is not None and before[0] != moment[0]),
        )
        if before is None or before[3] in (None, self.seat) or len(before[2]) != len(moment[2]):
            return
        happy_before = [face for chef in before[1] for face in chef] + list(before[2])
        happy_now = [face for chef in moment[1] for face in chef] + list(moment[2])
        if len(happy_before) == len(happy_now) and not any(
            was and not now for was, now in zip(happy_before, happy_now, strict=True)
        ):
            self.harmless_undo = undo_of(before[0], moment[0])

    def choose(self, view: dict[str, Any], now: float) -> dict[str, Any] | None:
        self.observe(view)
        legal = view["legal_actions"]
        if not legal:
            return None
        if len(legal) == 1:
            return legal[0]  # ready, or the pass a satisfied chef must make
        soup, spares = soup_from_view(view), spares_from_view(view["spares"])
        known = [taste["id"] for taste in view["my_tastes"] + view["shared_tastes"]]
        goal = self.goal(known)
        if self.level != "easy":
            move = self.planned(view, now, goal, known, soup, spares)
            if move is not None:
                return to_action(move)
        moves = self.first_moves(goal, known, soup, spares)
        if self.level == "easy":
            return to_action(self.first_decent(goal, soup, spares, moves))
        return to_action(self.best_single(goal, soup, spares, moves))

    def moves_left(self, view: dict[str, Any], now: float) -> float | None:
        """How many soup moves the table will make before the time is up, at its pace so far this
        round (None before the pace can be judged)."""
        deadline, moves = view.get("deadline"), self.round_moves[1]
        if deadline is None or moves < PACE_AFTER:
            return None
        elapsed = now - (deadline - view["round_seconds"])
        return (deadline - now) * moves / elapsed if elapsed > 0 else None

    def planned(
        self,
        view: dict[str, Any],
        now: float,
        goal: Goal,
        known: list[str],
        soup: Soup,
        spares: tuple[int, ...],
    ) -> tuple[Any, ...] | None:
        """The step towards the nearest soup that satisfies every taste the table may hold (None
        when no change leads closer, or the table cannot get there in the time left)."""
        shared = [taste["id"] for taste in view["shared_tastes"]]
        if self.read_faces:
            wanted = sorted(set(shared) | self.table.possible())
        else:
            wanted = sorted(known)
        first = [self.harmless_undo[1]] if self.harmless_undo else []
        self.target = nearest_target(wanted, soup, view["difficulty"], first=first)
        left = self.moves_left(view, now)
        if left is not None and change_cost(soup, self.target) > left:
            self.target = None  # out of reach before the time is up: the best single move instead
            return None
        keep = [i for i, taste in enumerate(goal.tastes) if taste in known]
        return best_step(
            soup, spares, self.target, goal, keep, avoid=self.harmless_undo, by_goal=self.level == "hard"
        )

    def best_single(
        self, goal: Goal, soup: Soup, spares: tuple[int, ...], moves: list[tuple[Any, ...]]
    ) -> tuple[Any, ...]:
        """The move (of ``moves``) that leaves the soup closest to the goal."""
        far = goal.distances(soup)
        scored = []
        for order, move in enumerate(moves):
            new, _spares, cells = play_move(soup, spares, move)
            scored.append(
                (goal.score(goal.distances_after(soup, far, new, cells)), self.rng.random(), order, move)
            )
        return min(scored)[-1]

    def goal(self, known: list[str]) -> Goal:
        """The tastes the chef reads (weight 1) and every candidate of the other chefs' secret tastes
        (weighted by its chance of being held)."""
        weights = dict.fromkeys(known, 1.0)
        if self.read_faces:
            for options in self.hidden.beliefs().values():
                for taste, chance in options.items():
                    weights[taste] = weights.get(taste, 0.0) + HIDDEN_WEIGHT * chance
        tastes = sorted(weights)
        return Goal(
            tastes,
            [weights[taste] for taste in tastes],
            steer=[1.0 if taste in known else 0.0 for taste in tastes],
        )

    @staticmethod
    def first_moves(
        goal: Goal, known: list[str], soup: Soup, spares: tuple[int, ...]
    ) -> list[tuple[Any, ...]]:
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

    def first_decent(
        self, goal: Goal, soup: Soup, spares: tuple[int, ...], moves: list[tuple[Any, ...]]
    ) -> tuple[Any, ...]:
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
