"""An all-seeing kitchen: the reference team of the simulator, which reads every chef's tastes.

It is never a player's bot and never offered by the server: it reads the whole game state, which
only the simulator holds. The team is one planner taking turns. It plans the way to a soup that
satisfies every taste of the round, the shorter of two: a beam search over changes and rotations,
and the changes to the nearest soup it knows satisfies them (``targets``). It plays the plan move
by move in turn order whoever's turn it is, and plans again whenever the soup is not the one its
plan expected.
"""

from __future__ import annotations

from typing import Any

from soupkitchen.shared.too_many_cooks.planner import Goal, Plan, legal_moves, play_move, search, to_action
from soupkitchen.shared.too_many_cooks.state import TmcState
from soupkitchen.shared.too_many_cooks.targets import nearest_target, plan_to

BEAM = (12, 24, 300)
"""(beam width, depth, soups expanded at most) of the beam search."""
MOST_STEPS = 64
"""A plan to a target soup is cut at this many changes (a target needs at most 32)."""


class AllSeeingKitchen:
    """Plays every seat of one game from the full state, which the simulator hands it after each
    action through ``follow``; ``choose`` has the signature of a playout chooser."""

    def __init__(self, state: TmcState) -> None:
        self.state = state
        self.plan: Plan | None = None
        self.step = 0
        self.start: tuple[int, ...] = ()

    def follow(self, state: TmcState, _entry: dict[str, Any] | None = None) -> None:
        """Take in the state after an action."""
        self.state = state

    def choose(self, seat: int, view: dict[str, Any], now: float) -> dict[str, Any] | None:
        legal = view["legal_actions"]
        if len(legal) <= 1:
            return legal[0] if legal else None  # ready, the pass a satisfied chef must make, or wait
        return to_action(self.next_move())

    def next_move(self) -> tuple[Any, ...]:
        """The next move of the plan, planning afresh when the soup is not where the plan expected."""
        plan = self.plan
        if plan is None or self.step >= len(plan.moves) or self.state.soup != self.expected():
            plan = self.replan(self.state)
        move = plan.moves[self.step]
        self.step += 1
        return move

    def expected(self) -> tuple[int, ...]:
        """The soup the plan expects on the table before its next move."""
        assert self.plan is not None
        return self.plan.soups[self.step - 1] if self.step else self.start

    def replan(self, state: TmcState) -> Plan:
        goal = Goal(state.tastes)
        best = search(goal, state.soup, state.spares, *BEAM)
        target = nearest_target(state.tastes, state.soup, state.round_difficulty)
        steps = plan_to(state.soup, state.spares, target, goal, MOST_STEPS)
        if steps and (best.score > 0 or len(steps) < len(best.moves)):
            best = Plan([move for move, _soup in steps], 0.0, [soup for _move, soup in steps])
        if not best.moves:  # nothing found: the best single move (a chef who may not pass must move)
            best = _least_bad(goal, state)
        self.plan, self.step, self.start = best, 0, state.soup
        return best


def _least_bad(goal: Goal, state: TmcState) -> Plan:
    """A one-move plan to the best soup other than this one."""
    far = goal.distances(state.soup)
    options = []
    for order, move in enumerate(legal_moves(state.soup, state.spares)):
        new, _spares, cells = play_move(state.soup, state.spares, move)
        options.append((goal.score(goal.distances_after(state.soup, far, new, cells)), order, move, new))
    score, _order, move, new = min(options, key=lambda option: option[:2])
    return Plan([move], score, [new])
