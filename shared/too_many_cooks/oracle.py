"""An all-seeing kitchen: the reference team of the simulator, which reads every chef's tastes.

It is never a player's bot and never offered by the server: it reads the whole game state, which
only the simulator holds. The team is one planner taking turns. It searches for the shortest
sequence of changes and rotations to a soup that satisfies every taste of the round, plays it
move by move in turn order whoever's turn it is, and plans again whenever the soup is not the one
its plan expected (or the plan ran out).
"""

from __future__ import annotations

from typing import Any

from soupkitchen.shared.too_many_cooks.planner import Goal, Plan, legal_moves, play_move, search, to_action
from soupkitchen.shared.too_many_cooks.state import TmcState

NARROW, WIDER, WIDEST = (12, 24, 300), (24, 30, 1000), (64, 30, 3000)
"""(beam width, depth, soups expanded at most) of the searches, from narrow to wide."""
FIRST_SEARCHES = ((3.0, NARROW), (0.5, NARROW), (1.0, WIDER), (3.0, WIDEST))
"""(cost of an unsatisfied taste beside its distance, search) tried in turn at a round's first
plan until one satisfies every taste: each weighing finds soups the others miss."""
LATER_WEIGHTS = (3.0, 0.5, 1.0)
"""The weighings of the narrow searches made in turn from where a plan that fell short left off."""
ROUND_BUDGET = 9000
"""Soups the team expands at most in one round; once they are spent it plays the best single move."""


class AllSeeingKitchen:
    """Plays every seat of one game from the full state, which the simulator hands it after each
    action through ``follow``; ``choose`` has the signature of a playout chooser."""

    def __init__(self, state: TmcState) -> None:
        self.state = state
        self.goal_key: tuple[Any, ...] | None = None
        self.goal: Goal | None = None
        self.plan: Plan | None = None
        self.step = 0
        self.start: tuple[int, ...] = ()
        self.searches = 0  # searches made this round
        self.budget_left = ROUND_BUDGET

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
        state = self.state
        key = (state.round, state.tastes)
        if key != self.goal_key:
            self.goal_key, self.goal, self.plan = key, Goal(state.tastes), None
            self.searches = 0
            self.budget_left = ROUND_BUDGET
        assert self.goal is not None
        plan = self.plan
        if plan is None or self.step >= len(plan.moves) or state.soup != self.expected():
            plan = self.replan(state)
        assert plan is not None
        move = plan.moves[self.step]
        self.step += 1
        return move

    def expected(self) -> tuple[int, ...]:
        """The soup the plan expects on the table before its next move."""
        assert self.plan is not None
        return self.plan.soups[self.step - 1] if self.step else self.start

    def replan(self, state: TmcState) -> Plan:
        assert self.goal is not None
        best: Plan | None = None
        if self.searches == 0:
            tries = FIRST_SEARCHES
        else:
            tries = ((LATER_WEIGHTS[self.searches % len(LATER_WEIGHTS)], NARROW),)
        for unsatisfied, (width, depth, budget) in tries:
            if self.budget_left < budget:
                break
            self.budget_left -= budget
            self.searches += 1
            goal = Goal(self.goal.tastes, unsatisfied=unsatisfied)
            found = search(goal, state.soup, state.spares, width, depth, budget)
            found.score = self.goal.score(self.goal.distances(found.soups[-1] if found.moves else state.soup))
            if best is None or found.score < best.score:
                best = found
            if best.score == 0:
                break
        if best is None or not best.moves:  # nothing better found: the best single move (or step aside and back)
            best = _least_bad(self.goal, state)
        self.plan, self.step, self.start = best, 0, state.soup
        return best


def _least_bad(goal: Goal, state: TmcState) -> Plan:
    """A one-move plan to the best soup other than this one, as a chef who may not pass must move."""
    far = goal.distances(state.soup)
    options = []
    for order, move in enumerate(legal_moves(state.soup, state.spares)):
        new, _spares, cells = play_move(state.soup, state.spares, move)
        options.append((goal.score(goal.distances_after(state.soup, far, new, cells)), order, move, new))
    score, _order, move, new = min(options, key=lambda option: option[:2])
    return Plan([move], score, [new])
