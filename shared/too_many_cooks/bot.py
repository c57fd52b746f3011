"""The computer chef: plays from what a person at the table has, as a person of its level would.

It reads its own secret tastes and the shared ones, and from the faces it notices it guesses the
other chefs' secret tastes (``inference``). On its turn it weighs soup moves one at a time, as the
rulebook's tips advise ("a quick decent move is usually better than a slow perfect move"): a move
is good when it satisfies the tastes it reads, keeps the happy faces it noticed happy, and works for
the unhappy ones. It never undoes another chef's move that a happy face has just approved, and a soup
the table has had before this round counts against a move that goes back to it. It can be
wrong: its guesses are guesses, and its level (``habits``) decides what it notices, how far it looks
and how often it slips.
"""

from __future__ import annotations

import math
import random
from collections import Counter
from typing import Any

from soupkitchen.shared.core import Bot
from soupkitchen.shared.levels import NORMAL, check_level
from soupkitchen.shared.too_many_cooks.cards import SIZE, card_id
from soupkitchen.shared.too_many_cooks.habits import HABITS, PERSON, Habits
from soupkitchen.shared.too_many_cooks.inference import (
    Faces,
    HiddenTastes,
    effective,
    faces_from_view,
    round_key,
    soup_from_view,
)
from soupkitchen.shared.too_many_cooks.moves import rotate, spares_from_view
from soupkitchen.shared.too_many_cooks.planner import (
    UNSATISFIED,
    Goal,
    Move,
    changes,
    legal_moves,
    play_move,
    to_action,
)
from soupkitchen.shared.too_many_cooks.reactions import Feeling, feeling
from soupkitchen.shared.too_many_cooks.tastes import satisfied

Soup = tuple[int, ...]
__all__ = ["Chef", "approved_undo", "person"]
UNDO_COST = UNSATISFIED
"""Undoing a move a happy face has just approved counts as much as breaking a taste."""
REPEAT_COST = UNSATISFIED
"""Going back to a soup the table has had twice this round counts as much as breaking a taste, and
more each time after: chefs who keep undoing each other notice it, as people would, and try
something else (taking a move back once is no habit yet)."""
FURTHER_MOST = 2.0
"""The most beats the further looks of a careful look add to a move: a chef who finds nothing better
after a few looks settles at a person's pace (it still weighs the moves it would have)."""


Moment = tuple[
    Soup, Faces, tuple[bool, ...]
]  # a soup, every chef's faces, and which shared tastes it satisfies


def happy(moment: Moment) -> list[bool]:
    """Every face of the moment and every shared taste, in order: whether it is happy."""
    return [face for chef in moment[1] for face in chef] + list(moment[2])


def upset(before: Moment, now: Moment) -> bool:
    """Whether the move between the two moments turned some face or shared taste unhappy."""
    return any(was and not is_ for was, is_ in zip(happy(before), happy(now), strict=True))


def approved_undo(before: Moment, now: Moment) -> Move | None:
    """The move that turns soup ``now`` back into ``before`` when the move between them turned some
    face or shared taste happy and none unhappy (the table approved of it); None otherwise."""
    if len(happy(before)) != len(happy(now)) or upset(before, now) or happy(before) == happy(now):
        return None
    return undo_of(before[0], now[0])


def before_last_move(view: dict[str, Any]) -> Soup:
    """The soup as it was before the view's ``last_move`` (the view's soup is the one after it)."""
    soup, event = soup_from_view(view), view["last_move"]["event"]
    if event["type"] == "changed":
        cell = event["row"] * SIZE + event["col"]
        return soup[:cell] + (card_id(event["old"]["veg"], event["old"]["colour"]),) + soup[cell + 1 :]
    return rotate(soup, event["line"], event["index"], -event["step"])


def undo_of(before: Soup, now: Soup) -> Move | None:
    """The one move that turns ``now`` back into ``before`` (a change or a rotation), if any."""
    cells = [cell for cell, (was, card) in enumerate(zip(before, now, strict=True)) if was != card]
    if len(cells) == 1:
        return ("change", cells[0], before[cells[0]])
    for move in legal_moves(now, (0,) * 32):
        if move[0] == "rotate" and play_move(now, (0,) * 32, move)[0] == before:
            return move
    return None


class Chef(Bot):
    """Readies up at once, passes when it must, and otherwise plays the move it judges best for the
    tastes it reads and the faces it noticed; ``level`` (easy, normal or hard) picks its habits."""

    def __init__(self, seat: int, seed: int, level: str = NORMAL, habits: Habits | None = None) -> None:
        super().__init__(seat, seed)
        self.level = check_level(level)
        self.habits: Habits = habits or HABITS[self.level]
        self.rng = random.Random(f"tmc-chef:{seed}")
        self.hidden = HiddenTastes(
            seat, memory=self.habits.memory, flips=self.habits.flips, lean=self.habits.leans
        )  # its guesses at the other chefs' secret tastes
        self.table = HiddenTastes(seat, public=True)  # what the table can tell of every chef's tastes
        self.faces: Faces | None = None  # the faces it last noticed
        self.last_view: dict[str, Any] | None = None
        self.moment: tuple[Soup, Faces, tuple[bool, ...], int | None] | None = (
            None  # the last moment it noticed
        )
        self.undo: Move | None = None  # would undo a move a happy face just approved
        # (round, the cells where another chef took back its change, and how often, this round)
        self.given_up: tuple[Any, set[int]] = (None, set())
        self.taken_back: dict[int, int] = {}
        self.placed: dict[int, int] = {}  # cell -> the card its latest change put there
        self.wary = 0  # turns it minds the faces even at a glance, since one of its moves upset a face
        self.beats = 1.0  # how long its last decision took, in beats (after taking in the table)
        self.considered = 0  # the number of the latest move it has thought of reacting to
        self.heard: tuple[int, set[int]] = (0, set())  # a move's number, the seats whose reactions it heard
        self.soups: tuple[Any, Soup | None, Counter[Soup]] = (None, None, Counter())
        # (round, the soup it last saw, how often each soup has been on the table this round)

    # --- what it takes in ------------------------------------------------------------------------
    def observe(self, view: dict[str, Any]) -> None:
        """Take in a view: the faces, when the chef notices them (an easy chef misses some)."""
        if view == self.last_view:
            return
        self.last_view = view
        if view.get("phase") not in ("ready", "playing", "reveal") or not view.get("soup"):
            return
        habits = self.habits
        self.hear(view)
        self.note_taken_back(view)
        self.note_soup(view)
        if view.get("reactions") and self.moment is not None and self.moment[0] == soup_from_view(view):
            return  # a reaction to the move it has seen: nothing more to take in
        self.table.observe(view)  # what every chef can tell of the others: kept to judge what a move tells
        if habits.notices < 1.0 and self.rng.random() >= habits.notices:
            return
        self.hidden.observe(view)
        self.faces = faces_from_view(view)
        moment = (
            soup_from_view(view),
            self.faces,
            tuple(taste["satisfied"] for taste in view["shared_tastes"]),
            view.get("turn"),
        )
        before, self.moment = self.moment, moment
        if before is None or len(happy(before[:3])) != len(happy(moment[:3])):
            self.wary = 0  # a new round
        elif before[0] != moment[0]:
            # before[3] made the move between the two moments
            mine = before[3] == self.seat
            self.undo = approved_undo(before[:3], moment[:3]) if before[3] is not None and not mine else None
            if mine and upset(before[:3], moment[:3]) and self.rng.random() < habits.learns:
                self.wary = habits.wary

    def hear(self, view: dict[str, Any]) -> None:
        """The reactions to the latest move as evidence of the reacting chefs' secret tastes (at
        levels that listen); a "disgusting" for its own move may make it mind the faces."""
        last, habits = view.get("last_move"), self.habits
        if not last or not view.get("reactions"):
            return
        number, heard = self.heard
        if number != last["number"]:
            self.heard = number, heard = last["number"], set()
        fresh = [r for r in view["reactions"] if r["seat"] != self.seat and r["seat"] not in heard]
        if not fresh:
            return
        heard.update(r["seat"] for r in fresh)
        disliked = last["seat"] == self.seat and any(r["emote"] == "disgusting" for r in fresh)
        if disliked and self.rng.random() < habits.learns:
            self.wary = habits.wary
        if not habits.hears:
            return
        after = soup_from_view(view)
        before = before_last_move(view)
        for holder in (self.hidden, self.table):
            if holder.key == round_key(view):
                for reaction in fresh:
                    holder.hear(reaction["seat"], reaction["emote"], before, after, habits.hears)

    def note_taken_back(self, view: dict[str, Any]) -> None:
        """Another chef changed a card this chef had put in: once that has happened as often as its
        patience lasts, it leaves that card's place alone for the rest of the round rather than
        fight over it (it cannot tell what the other chef wants there)."""
        last = view.get("last_move")
        key = round_key(view)
        if self.given_up[0] != key:
            self.given_up, self.placed, self.taken_back = (key, set()), {}, {}
        if not last or last["seat"] == self.seat or last["event"]["type"] != "changed":
            return
        event = last["event"]
        cell = event["row"] * SIZE + event["col"]
        mine = self.placed.get(cell)
        if mine is not None and mine == card_id(event["old"]["veg"], event["old"]["colour"]):
            del self.placed[cell]
            self.taken_back[cell] = self.taken_back.get(cell, 0) + 1
            if self.habits.patience is not None and self.taken_back[cell] >= self.habits.patience:
                self.given_up[1].add(cell)

    def note_soup(self, view: dict[str, Any]) -> None:
        """Count each soup the table has had this round (the soup is there for every chef to see)."""
        key, soup = round_key(view), soup_from_view(view)
        if self.soups[0] != key:
            self.soups = (key, None, Counter())
        if soup != self.soups[1]:
            self.soups[2][soup] += 1
            self.soups = (key, soup, self.soups[2])

    # --- what it says ----------------------------------------------------------------------------
    def aside(self, view: dict[str, Any], now: float) -> dict[str, Any] | None:
        """A reaction to the move just made by another chef, true to what it did to its own secret
        tastes (``reactions.honest``), as often and as precisely as its level says; None: it keeps quiet."""
        last = view.get("last_move")
        if not last or view.get("phase") != "playing" or last["number"] <= self.considered:
            return None
        self.considered = last["number"]
        said = any(r["seat"] == self.seat for r in view["reactions"])
        if last["seat"] == self.seat or now >= last["until"] or said:
            return None
        mine = [taste["id"] for taste in view["my_tastes"]]
        felt = feeling(mine, before_last_move(view), soup_from_view(view))
        emote = self.reaction(felt)
        return None if emote is None else {"type": "react", "emote": emote, "move": last["number"]}

    def reaction(self, felt: Feeling) -> str | None:
        """What it says of a move that did ``felt`` to its tastes (None: nothing)."""
        habits = self.habits
        if felt.soured and felt.pleased:
            return None  # one taste better, another spoiled: no honest word for that
        if felt.soured or felt.pleased:
            chance = habits.reacts
        elif not felt.untouched:
            chance = habits.reacts_closer
        else:
            chance = habits.reacts_idle
        if self.rng.random() >= chance:
            return None
        if felt.untouched:
            return "fine"
        if felt.soured or (not felt.pleased and felt.worse >= felt.better):
            return "disgusting"
        return "fine" if felt.worse == 0 and self.rng.random() < habits.vague else "delicious"

    # --- what it does --------------------------------------------------------------------------
    def choose(self, view: dict[str, Any], now: float) -> dict[str, Any] | None:
        self.observe(view)
        legal = view["legal_actions"]
        self.beats = 1.0
        if not legal:
            return None
        if len(legal) == 1:
            return legal[0]  # ready, or the pass a satisfied chef must make
        soup, spares = soup_from_view(view), spares_from_view(view["spares"])
        habits = self.habits
        overlooked = self.overlooked(view)
        known = [taste["id"] for taste in view["my_tastes"] + view["shared_tastes"]]
        if habits.glance:
            # A glance at the first few moves that do something about a taste it reads and is not
            # satisfied: one that gains enough is played at once, without a look at the faces
            # unless the chef's habits, or a face one of its moves upset, make it mind them.
            hasty = habits.haste > 0 and self.rng.random() < habits.haste
            faces = (habits.glance_faces or self.wary > 0) and not hasty
            goal = self.goal(view, overlooked, faces=faces, hasty=hasty)
            self.wary = max(0, self.wary - 1)
            here = goal.score(goal.distances(soup))
            moves = self.relevant(goal, soup, spares, known) or self.open_moves(soup, spares)
            seen = moves[: habits.glance]  # read from the top left, as a person reads the soup
            score, _noise, move = min(self.weigh(goal, soup, spares, seen))
            if here - score >= habits.decent:
                self.beats = habits.obvious if self.fixes(known, soup, spares, move) else habits.unclear
                return self.played(move)
        # Nothing quick: a careful look at the moves, the faces it noticed and, by its habits, the next move.
        self.beats = 0.0
        goal = self.goal(view, overlooked, faces=True)
        here = goal.score(goal.distances(soup))
        scored = self.look_with_care(view, goal, soup, spares, here)
        if habits.ahead:
            scored = self.look_ahead(goal, soup, spares, scored)
        if habits.tell:
            scored = self.with_telling(view, soup, spares, scored)
        _score, _noise, move = min(scored)
        self.beats += habits.stuck
        return self.played(move)

    def played(self, move: Move) -> dict[str, Any]:
        """The action of the move it chose (a change it remembers, in case another chef takes it back)."""
        if move[0] == "change":
            self.placed[move[1]] = move[2]
        return to_action(move)

    def looks(self, view: dict[str, Any]) -> float:
        """It takes in the table (the last move, the faces, what the others said) before it decides."""
        return self.habits.takes_in if len(view.get("legal_actions", ())) > 1 else 0.0

    def thinking(self, view: dict[str, Any], action: dict[str, Any]) -> float:
        if action.get("type") == "react":
            return self.habits.reaction_beats
        return self.beats if len(view.get("legal_actions", ())) > 1 else 1.0

    def overlooked(self, view: dict[str, Any]) -> str | None:
        """The satisfied taste it reads that the chef forgets to check this turn, when it slips."""
        if not self.habits.slips or self.rng.random() >= self.habits.slips:
            return None
        kept = [taste["id"] for taste in view["my_tastes"] + view["shared_tastes"] if taste["satisfied"]]
        return self.rng.choice(kept) if kept else None

    def goal(self, view: dict[str, Any], overlooked: str | None, faces: bool, hasty: bool = False) -> Goal:
        """What the chef plays for: the tastes it reads (but the one it overlooked; in ``hasty``
        only those not satisfied yet), and with ``faces`` each guess at another chef's secret
        taste, weighed by its chance: kept when that face is happy (``care``), worked for when
        unhappy (``help``)."""
        read = view["my_tastes"] + view["shared_tastes"]
        known = [taste["id"] for taste in read]
        weights = {
            taste["id"]: 0.0 if taste["id"] == overlooked or (hasty and taste["satisfied"]) else 1.0
            for taste in read
        }
        steer = dict.fromkeys(known, 1.0)
        habits = self.habits
        if faces and self.hidden.key == round_key(view) and self.faces is not None:
            for (chef, index), options in self.hidden.beliefs().items():
                if habits.grasps is not None and effective(options) > habits.grasps + 1e-9:
                    continue  # too many tastes it could be: the chef has no idea yet
                happy = self.faces[chef][index]
                share = habits.care if happy else habits.help
                for taste, chance in options.items():
                    weights[taste] = weights.get(taste, 0.0) + share * chance
                    steer.setdefault(taste, 0.0)
        tastes = sorted(weights)
        return Goal(tastes, [weights[t] for t in tastes], steer=[steer[t] for t in tastes])

    @staticmethod
    def fixes(known: list[str], soup: Soup, spares: tuple[int, ...], move: Move) -> bool:
        """Whether ``move`` satisfies a taste of ``known`` and breaks none."""
        new = play_move(soup, spares, move)[0]
        before = [satisfied(taste, soup) for taste in known]
        now = [satisfied(taste, new) for taste in known]
        return any(n and not b for b, n in zip(before, now, strict=True)) and not any(
            b and not n for b, n in zip(before, now, strict=True)
        )

    def open_moves(self, soup: Soup, spares: tuple[int, ...]) -> list[Move]:
        """The legal moves but changes of the cards it left alone (``note_taken_back``)."""
        left = self.given_up[1]
        return [move for move in legal_moves(soup, spares) if move[0] != "change" or move[1] not in left]

    def relevant(self, goal: Goal, soup: Soup, spares: tuple[int, ...], known: list[str]) -> list[Move]:
        """The legal moves that do something about a taste it reads that is not satisfied: those
        that change the part a card plays in it."""
        far = goal.distances(soup)
        wanted = [i for i, taste in enumerate(goal.tastes) if taste in known and far[i]]
        moves = []
        for move in self.open_moves(soup, spares):
            new, _spares, cells = play_move(soup, spares, move)
            if any(
                goal.roles[i][cell][soup[cell]] != goal.roles[i][cell][new[cell]]
                for i in wanted
                for cell in cells
            ):
                moves.append(move)
        return moves

    def look_with_care(
        self, view: dict[str, Any], goal: Goal, soup: Soup, spares: tuple[int, ...], here: float
    ) -> list[tuple[float, float, Move]]:
        """The moves it weighs with care. A person does not weigh every move: a few catch the eye
        (``eyes``: those that do something about its own unsatisfied tastes first, then about the
        shared ones, then any), and it settles for the best of them once one makes the soup better;
        when none does it looks at a few more, which takes longer (``further`` beats each time, but
        never more than ``FURTHER_MOST`` beats in all: when little helps, a person settles on a move
        within a few seconds rather than read every move one after the other for a minute)."""
        moves = self.moves_seen(soup, spares)
        eyes = self.habits.eyes
        if eyes is None:
            return self.weigh(goal, soup, spares, moves)
        order: list[Move] = []
        for tastes in (view["my_tastes"], view["shared_tastes"], None):
            pool = moves if tastes is None else self.relevant(goal, soup, spares, [t["id"] for t in tastes])
            pool = [move for move in pool if move not in order]
            order += self.rng.sample(pool, len(pool))
        scored: list[tuple[float, float, Move]] = []
        for start in range(0, len(order), eyes):
            if start and start // eyes * self.habits.further <= FURTHER_MOST:
                self.beats += self.habits.further
            scored += self.weigh(goal, soup, spares, order[start : start + eyes])
            if min(scored)[0] < here:
                break
        return scored

    def moves_seen(self, soup: Soup, spares: tuple[int, ...]) -> list[Move]:
        """The legal moves the chef weighs with care: some of them, as many as its habits say."""
        moves = self.open_moves(soup, spares)
        if self.habits.looks_at is None or self.habits.looks_at >= len(moves):
            return moves
        return self.rng.sample(moves, self.habits.looks_at)

    def weigh(
        self, goal: Goal, soup: Soup, spares: tuple[int, ...], moves: list[Move]
    ) -> list[tuple[float, float, Move]]:
        """(score after the move, a tie-breaker, move) for each move; lower is better."""
        far = goal.distances(soup)
        here = goal.score(far)
        scored = []
        for move in moves:
            new, _spares, cells = play_move(soup, spares, move)
            score = goal.score_after(soup, far, here, new, cells)
            if move == self.undo:
                score += UNDO_COST
            score += REPEAT_COST * 2 * max(0, self.soups[2][new] - 1)
            scored.append((score, self.rng.random(), move))
        return scored

    def look_ahead(
        self, goal: Goal, soup: Soup, spares: tuple[int, ...], scored: list[tuple[float, float, Move]]
    ) -> list[tuple[float, float, Move]]:
        """The best few moves weighed again with the best move that could follow each: a move that
        sets up a good next one is worth part of what that one gains."""
        ranked = sorted(scored)
        breadth = self.habits.ahead
        again = []
        for score, noise, move in ranked[:breadth]:
            new, new_spares, _cells = play_move(soup, spares, move)
            follow = min(self.follow_up(goal, new, new_spares), default=score)
            again.append((score - 0.5 * max(0.0, score - follow), noise, move))
        return again + ranked[breadth:]

    @staticmethod
    def follow_up(goal: Goal, soup: Soup, spares: tuple[int, ...]) -> list[float]:
        """The score after each change that could follow and bring an unsatisfied taste nearer
        (rotations are left out of a plan)."""
        far = goal.distances(soup)
        here = goal.score(far)
        open_ = {i for i, distance in enumerate(far) if distance}
        scores = []
        for cell, card in changes(soup, spares):
            if not open_.isdisjoint(goal.touched_by(cell, soup[cell], card)):
                new = soup[:cell] + (card,) + soup[cell + 1 :]
                scores.append(goal.score_after(soup, far, here, new, (cell,)))
        return scores

    def with_telling(
        self,
        view: dict[str, Any],
        soup: Soup,
        spares: tuple[int, ...],
        scored: list[tuple[float, float, Move]],
    ) -> list[tuple[float, float, Move]]:
        """Among its best moves, one whose faces tell the table more about the chef's own tastes
        counts a little better (the others read faces too)."""
        mine = [taste["id"] for taste in view["my_tastes"]]
        if self.table.key != round_key(view):
            return scored
        slots = self.table.candidates(self.seat)
        ranked = sorted(scored)
        told = []
        for score, noise, move in ranked[: self.habits.ahead or 8]:
            new = play_move(soup, spares, move)[0]
            bits = 0.0
            for taste, options in zip(mine, slots, strict=False):
                face = satisfied(taste, new)
                left = sum(1 for option in options if satisfied(option, new) == face)
                bits += math.log2(len(options) / max(left, 1))
            told.append((score - self.habits.tell * bits, noise, move))
        return told + ranked[self.habits.ahead or 8 :]


def person(seat: int, seed: int, style: str = "good") -> Chef:
    """The simulator's stand-in for a person at the table: a good player's choices, or (``selfish``)
    one who minds only their own and the shared tastes. The simulator gives it a person's pace."""
    return Chef(seat, seed, "hard", PERSON[style])
