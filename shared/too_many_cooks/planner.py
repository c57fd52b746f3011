"""Searching for a short sequence of soup moves that satisfies a set of tastes.

A plan is a list of change and rotate actions, each legal in turn from the soup and spares it
starts from. The search is a beam search over soups: at each depth every soup of the beam is
expanded by every legal move, and the children that come closest to the goal are kept. The goal
is a score of weighted taste distances (0: every weighted taste satisfied); weights let a caller
count a taste it is unsure of for less.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from soupkitchen.shared.too_many_cooks.cards import COLOURS, KINDS, SIZE, VEGETABLES
from soupkitchen.shared.too_many_cooks.inference import card_roles
from soupkitchen.shared.too_many_cooks.moves import ROTATIONS, change_targets, rotate
from soupkitchen.shared.too_many_cooks.tastes import judge_for

Soup = tuple[int, ...]
Spares = tuple[int, ...]
Move = tuple[Any, ...]  # ("change", cell, card) or ("rotate", line, index, step)
UNSATISFIED = 3.0
"""What an unsatisfied taste costs on top of its distance: a soup with fewer tastes left is better
than one where many are nearly there."""
LINE_CELLS = {("row", i): tuple(i * SIZE + c for c in range(SIZE)) for i in range(SIZE)} | {
    ("col", i): tuple(r * SIZE + i for r in range(SIZE)) for i in range(SIZE)
}
_TARGETS = tuple(tuple(change_targets(card)) for card in range(KINDS))
_ROTATE_MOVES: tuple[Move, ...] = tuple(("rotate", r["line"], r["index"], r["step"]) for r in ROTATIONS)


def changes(soup: Soup, spares: Spares) -> list[tuple[int, int]]:
    """(cell, card) of every change there is a spare for."""
    return [
        (cell, target) for cell, card in enumerate(soup) for target in _TARGETS[card] if spares[target] > 0
    ]


def legal_moves(soup: Soup, spares: Spares) -> list[Move]:
    """Every change (for a spare there is) and every rotation."""
    return [("change", cell, target) for cell, target in changes(soup, spares)] + list(_ROTATE_MOVES)


def play_move(soup: Soup, spares: Spares, move: Move) -> tuple[Soup, Spares, tuple[int, ...]]:
    """The soup and spares after ``move``, and the cells it may have changed."""
    if move[0] == "change":
        _, cell, card = move
        counts = list(spares)
        counts[soup[cell]] += 1
        counts[card] -= 1
        return soup[:cell] + (card,) + soup[cell + 1 :], tuple(counts), (cell,)
    _, line, index, step = move
    return rotate(soup, line, index, step), spares, LINE_CELLS[line, index]


def after(soup: Soup, spares: Spares, action: dict[str, Any]) -> Soup:
    """The soup once ``action`` (a legal change or rotate) is played."""
    return play_move(soup, spares, from_action(action))[0]


def to_action(move: Move) -> dict[str, Any]:
    """The wire action of a move."""
    if move[0] == "change":
        _, cell, card = move
        return {
            "type": "change",
            "row": cell // SIZE,
            "col": cell % SIZE,
            "veg": VEGETABLES[card // len(COLOURS)],
            "colour": COLOURS[card % len(COLOURS)],
        }
    _, line, index, step = move
    return {"type": "rotate", "line": line, "index": index, "step": step}


def from_action(action: dict[str, Any]) -> Move:
    """The move of a wire change or rotate action."""
    if action["type"] == "change":
        card = VEGETABLES.index(action["veg"]) * len(COLOURS) + COLOURS.index(action["colour"])
        return ("change", action["row"] * SIZE + action["col"], card)
    return ("rotate", action["line"], action["index"], action["step"])


class Goal:
    """Some tastes with weights; ``score`` is 0 only when every taste of positive weight is
    satisfied. An unsatisfied taste costs its weight times ``unsatisfied`` plus, scaled by its
    ``steer`` (1 by default), its distance: a taste with no steer counts only as satisfied or not."""

    def __init__(
        self,
        tastes: Sequence[str],
        weights: Sequence[float] | None = None,
        steer: Sequence[float] | None = None,
        unsatisfied: float = UNSATISFIED,
    ) -> None:
        self.tastes = tuple(tastes)
        self.unsatisfied = unsatisfied
        self.weights = tuple(weights) if weights is not None else (1.0,) * len(self.tastes)
        self.steer = tuple(steer) if steer is not None else (1.0,) * len(self.tastes)
        self.judges = tuple(judge_for(taste) for taste in self.tastes)
        self.roles = tuple(card_roles(taste) for taste in self.tastes)
        self._touched: dict[tuple[int, int, int], tuple[int, ...]] = {}  # (cell, old, new) -> tastes to judge

    def distances(self, soup: Soup) -> tuple[int, ...]:
        return tuple(judge(soup) for judge in self.judges)

    def touched(self, soup: Soup, new: Soup, cells: tuple[int, ...]) -> tuple[int, ...]:
        """The tastes (by index) in which a card of ``cells`` plays another part in ``new`` than in
        ``soup``: the only ones a move between them can bring nearer or farther."""
        if len(cells) == 1:
            return self.touched_by(cells[0], soup[cells[0]], new[cells[0]])
        return tuple(
            i for i, role in enumerate(self.roles) if any(role[c][soup[c]] != role[c][new[c]] for c in cells)
        )

    def touched_by(self, cell: int, old: int, new: int) -> tuple[int, ...]:
        """The tastes (by index) in which card ``new`` in ``cell`` plays another part than ``old``."""
        touched = self._touched.get((cell, old, new))
        if touched is None:
            touched = self._touched[cell, old, new] = tuple(
                i for i, role in enumerate(self.roles) if role[cell][old] != role[cell][new]
            )
        return touched

    def distances_after(
        self, soup: Soup, far: tuple[int, ...], new: Soup, cells: tuple[int, ...]
    ) -> tuple[int, ...]:
        """The distances of ``new``, which differs from ``soup`` (at distances ``far``) only in
        ``cells``; a taste no changed card plays a new part in is not judged again."""
        touched = self.touched(soup, new, cells)
        if not touched:
            return far
        result = list(far)
        for i in touched:
            result[i] = self.judges[i](new)
        return tuple(result)

    def score_after(
        self, soup: Soup, far: tuple[int, ...], score: float, new: Soup, cells: tuple[int, ...]
    ) -> float:
        """``score(distances_after(...))`` worked out from ``score``, the score of ``soup``."""
        for i in self.touched(soup, new, cells):
            was, now = far[i], self.judges[i](new)
            if was != now:
                score += self.cost(i, now) - self.cost(i, was)
        return score

    def cost(self, i: int, distance: int) -> float:
        """What taste ``i`` adds to the score at ``distance``."""
        return self.weights[i] * (self.steer[i] * distance + self.unsatisfied) if distance else 0.0

    def score(self, far: tuple[int, ...]) -> float:
        return sum(
            weight * (steer * d + self.unsatisfied)
            for weight, steer, d in zip(self.weights, self.steer, far, strict=True)
            if d
        )


@dataclass
class Plan:
    """Moves from a soup towards a goal, and the score of the soup they end on."""

    moves: list[Move]
    score: float
    soups: list[Soup]  # the soup after each move


def search(goal: Goal, soup: Soup, spares: Spares, width: int, depth: int, budget: int | None = None) -> Plan:
    """The best plan of at most ``depth`` moves found by a beam of ``width`` soups; it stops at
    the first soup that satisfies the goal, so a plan that does is as short as the beam could find.
    ``budget`` caps the soups expanded. Ties keep the order moves are listed in (deterministic)."""
    far = goal.distances(soup)
    best = Plan([], goal.score(far), [])
    if best.score == 0:
        return best
    beam: list[tuple[float, Soup, Spares, tuple[int, ...], list[Move], list[Soup]]] = [
        (best.score, soup, spares, far, [], [])
    ]
    seen = {soup}
    expanded = 0
    for _level in range(depth):
        children = []
        for _score, here, stock, distances, moves, soups in beam:
            expanded += 1
            for move in legal_moves(here, stock):
                new, new_stock, cells = play_move(here, stock, move)
                if new in seen:
                    continue
                seen.add(new)
                new_far = goal.distances_after(here, distances, new, cells)
                score = goal.score(new_far)
                if score == 0:
                    return Plan(moves + [move], 0.0, soups + [new])
                children.append((score, len(children), new, new_stock, new_far, move, moves, soups))
            if budget is not None and expanded >= budget:
                break
        if not children:
            break
        children.sort(key=lambda child: child[:2])
        beam = [
            (score, new, stock, distances, moves + [move], soups + [new])
            for score, _order, new, stock, distances, move, moves, soups in children[:width]
        ]
        if beam[0][0] < best.score:
            best = Plan(beam[0][4], beam[0][0], beam[0][5])
        if budget is not None and expanded >= budget:
            break
    return best
