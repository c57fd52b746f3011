"""A soup to aim for and the way there: the team's shared plan.

Every difficulty has soups that satisfy all 20 of its tastes at once (``WITNESS_SOUPS``), so any
set of tastes of one difficulty is satisfied by such a soup. ``nearest_target`` starts from those
soups (and from the soup on the table) and walks each towards the soup on the table for as long as
the tastes stay satisfied, so the target keeps as much of the table as it can. ``next_step`` is the
change that brings the table closest to the target. Both are deterministic functions of what they
are given, so chefs who are given the same public facts aim for the same soup.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from soupkitchen.shared.too_many_cooks.cards import CELLS, COLOURS, COPIES, KINDS
from soupkitchen.shared.too_many_cooks.moves import change_targets
from soupkitchen.shared.too_many_cooks.planner import Goal, Move, legal_moves, play_move
from soupkitchen.shared.too_many_cooks.tastes import WITNESS_SOUPS, judge_for

Soup = tuple[int, ...]
Spares = tuple[int, ...]
NEAR = tuple(frozenset(change_targets(card)) for card in range(KINDS))
"""The cards one change turns a card into."""


def card_steps(card: int, wanted: int) -> int:
    """Changes that turn ``card`` into ``wanted`` (0, 1 or 2), with the spares to hand."""
    return 0 if card == wanted else 1 if wanted in NEAR[card] else 2


def change_cost(soup: Soup, target: Soup) -> int:
    """Changes that turn ``soup`` into ``target`` cell by cell."""
    return sum(card_steps(card, wanted) for card, wanted in zip(soup, target, strict=True))


def satisfies(tastes: Sequence[str], soup: Soup) -> bool:
    return all(judge_for(taste)(soup) == 0 for taste in tastes)


def nearest_target(
    tastes: Sequence[str], soup: Soup, difficulty: str, also: Iterable[Soup] = (), first: Sequence[int] = ()
) -> Soup:
    """A buildable soup that satisfies every one of ``tastes`` (all of ``difficulty``) and needs few
    changes from ``soup``: the best of the witness soup and ``also`` (soups that satisfy them),
    each walked towards ``soup``, the cells ``first`` before the others. Ties go to the first found
    (deterministic)."""
    tastes = sorted(tastes)
    if satisfies(tastes, soup):
        return soup
    best: Soup | None = None
    best_cost = CELLS * 2 + 1
    for start in (WITNESS_SOUPS[difficulty], *also):
        if not satisfies(tastes, start):
            continue
        target = walk_towards(tastes, start, soup, first)
        cost = change_cost(soup, target)
        if cost < best_cost:
            best, best_cost = target, cost
    assert best is not None, "the witness soup satisfies every taste of its difficulty"
    return best


def walk_towards(tastes: Sequence[str], start: Soup, soup: Soup, first: Sequence[int] = ()) -> Soup:
    """``start`` (which satisfies ``tastes``) with as many of its cards as can be made the card of
    ``soup`` in that cell, or one change from it, while every taste stays satisfied; the cells
    ``first`` are tried before the others."""
    target = list(start)
    cells = [*first, *(cell for cell in range(CELLS) if cell not in first)]
    counts = [target.count(card) for card in range(KINDS)]
    improved = True
    while improved:
        improved = False
        for cell in cells:
            card, here = target[cell], soup[cell]
            steps = card_steps(here, card)
            if steps == 0:
                continue
            choices = [here] if steps == 1 else [here, *_bridges(here, card), *sorted(NEAR[here])]
            for choice in choices:
                if choice == card or counts[choice] >= COPIES:
                    continue
                target[cell] = choice
                if satisfies(tastes, tuple(target)):
                    counts[card] -= 1
                    counts[choice] += 1
                    improved = True
                    break
                target[cell] = card
    return tuple(target)


def _bridges(card: int, wanted: int) -> list[int]:
    """The cards one change from both ``card`` and ``wanted``."""
    colours = len(COLOURS)
    (veg, colour), (veg2, colour2) = divmod(card, colours), divmod(wanted, colours)
    return [veg * colours + colour2, veg2 * colours + colour]


def changes_to(wanted: int, spares: Spares) -> list[int]:
    """For each card, the fewest changes from it to ``wanted`` through spare cards (KINDS when no
    way leads there with the spares as they are)."""
    far = [KINDS] * KINDS
    far[wanted] = 0
    queue = [wanted]
    for card in queue:
        if card != wanted and not spares[card]:
            continue  # a card in the soup, not to hand: no way leads on through it
        for before in NEAR[card]:
            if far[before] == KINDS:
                far[before] = far[card] + 1
                queue.append(before)
    return far


def next_steps(soup: Soup, spares: Spares, target: Soup) -> list[Move]:
    """The changes that bring ``soup`` one change closer to ``target``; when none can be made (the
    cards it needs are in the soup where the target wants others), the changes that free such a
    card without moving further from the target."""
    closer, freeing = [], []
    missing = [
        -count for count in spares
    ]  # per card: how many more the target's wrong cells need than there are spare
    for card, wanted in zip(soup, target, strict=True):
        if card != wanted:
            missing[wanted] += 1
    ways = {
        wanted: changes_to(wanted, spares)
        for card, wanted in zip(soup, target, strict=True)
        if card != wanted
    }
    for move in legal_moves(soup, spares):
        if move[0] != "change":
            continue
        _, cell, card = move
        if soup[cell] == target[cell]:
            continue
        way = ways[target[cell]]
        if way[card] < way[soup[cell]]:
            closer.append(move)
        elif way[card] == way[soup[cell]] and missing[soup[cell]] > 0:
            freeing.append(move)
    return closer or freeing


def best_step(
    soup: Soup,
    spares: Spares,
    target: Soup,
    goal: Goal,
    keep: Sequence[int] = (),
    avoid: Move | None = None,
    by_goal: bool = True,
) -> Move | None:
    """Of the ``next_steps`` towards ``target``, the one that breaks the fewest of the goal's tastes
    at indices ``keep`` that the soup satisfies, then (``by_goal``) leaves the soup closest to the
    goal; ``avoid`` only when no other step is left. None when no change leads closer."""
    far = goal.distances(soup)
    ranked = []
    steps = next_steps(soup, spares, target)
    if avoid in steps and len(steps) > 1:
        steps.remove(avoid)
    for order, move in enumerate(steps):
        new, _spares, cells = play_move(soup, spares, move)
        new_far = goal.distances_after(soup, far, new, cells)
        broken = sum(1 for i in keep if new_far[i] and not far[i])
        ranked.append((broken, goal.score(new_far) if by_goal else 0.0, order, move))
    return min(ranked)[-1] if ranked else None


def plan_to(soup: Soup, spares: Spares, target: Soup, goal: Goal, most: int) -> list[tuple[Move, Soup]]:
    """Up to ``most`` best steps from ``soup`` to ``target``, each with the soup it leaves."""
    steps = []
    while soup != target and len(steps) < most:
        move = best_step(soup, spares, target, goal)
        if move is None:
            break
        soup, spares, _cells = play_move(soup, spares, move)
        steps.append((move, soup))
    return steps
