"""Too Many Cooks in words: what the table waits for, the words of every move and event, the
sentences of a round's reveal and of the game's end (all read from a seat's view and the rules'
structured events, by the client) and the reasons for a refusal. ``name`` turns a seat into the
name a reader knows it by; without one, seat 0 is "Chef 1"."""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import Any

from soupkitchen.shared.refusals import Refusal, Wording, maker
from soupkitchen.shared.too_many_cooks.cards import BRAG_TASTES, LOSING_UNSATISFIED
from soupkitchen.shared.words import N_, _

Namer = Callable[[int], str]
DIRECTIONS = {("row", 1): "east", ("row", -1): "west", ("col", -1): "north", ("col", 1): "south"}


def chef(seat: int) -> str:
    """A seat as players read it: seat 0 is Chef 1."""
    return f"Chef {seat + 1}"


def headline(view: dict[str, Any], name: Namer = chef) -> str:
    """What the table waits for, in one sentence."""
    phase = view["phase"]
    if phase == "over":
        return "The game is over."
    if phase == "playing":
        return f"Round {view['round']} of {view['rounds']}: {name(view['turn'])} changes the soup or passes."
    if phase == "reveal":
        return f"Round {view['round']} is scored: every chef says ready for the next."
    return f"Round {view['round']} of {view['rounds']}: every chef says ready to start."


def card_words(card: dict[str, str]) -> str:
    """A soup card in words: "red pepper"."""
    return f"{card['colour']} {card['veg']}"


def line_words(line: str, index: int, step: int) -> str:
    """A rotation in words, without its verb: "row 2 east"."""
    return f"{line if line == 'row' else 'column'} {index + 1} {DIRECTIONS.get((line, step), '')}".rstrip()


def move_words(view: dict[str, Any], action: dict[str, Any], name: Namer = chef) -> str:
    """The words of one of the view's legal moves."""
    kind = action["type"]
    if kind == "rotate":
        return "Rotate " + line_words(action["line"], action["index"], action["step"])
    if kind == "change":
        old = view["soup"][action["row"]][action["col"]]
        return (f"Swap the {card_words(old)} at row {action['row'] + 1}, column {action['col'] + 1} "
                f"for a {card_words(action)}")
    return "Pass: your tastes and the shared ones are satisfied" if kind == "pass" else "Ready"


EVENTS: dict[str, Callable[[dict[str, Any], Namer], str]] = {
    "changed": lambda e, n: f"{n(e['seat'])} swapped {card_words(e['old'])} for {card_words(e['new'])}",
    "rotated": lambda e, n: f"{n(e['seat'])} rotated {line_words(e['line'], e['index'], e['step'])}",
    "passed": lambda e, n: f"{n(e['seat'])} passed",
    "rejoined": lambda e, n: f"{n(e['seat'])} is unhappy again and back in the round",
    "all_passed": lambda e, n: "Every chef passed: the round is over",
    "time_up": lambda e, n: "Time is up: the round is over",
    "ready": lambda e, n: f"{n(e['seat'])} is ready",
    "round_dealt": lambda e, n: f"Round {e['round']} is dealt",
    "round_started": lambda e, n: f"Round {e['round']} begins: {n(e['turn'])} goes first",
    "round_over": lambda e, n: f"Round {e['round']} is over: {e['unsatisfied']} unsatisfied",
    "game_over": lambda e, n: "The game is won" if e["won"] else "The game is lost",
    "timeout": lambda e, n: "Time is up",
}


def event_words(event: dict[str, Any], name: Namer = chef) -> str:
    """One event of the rules in words."""
    return EVENTS[event["type"]](event, name)

NUMBER_WORDS = ("No", "One", "Two", "Three", "Four", "Five", "Six", "Seven", "Eight", "Nine", "Ten",
                "Eleven", "Twelve", "Thirteen", "Fourteen", "Fifteen")


def round_explanation(mode: str, reveal: dict[str, Any]) -> str:
    """Why the stars moved as they did at the end of a round (a view's ``reveal``), in one sentence."""
    unsatisfied, before, after, lost = (reveal[key] for key in ("unsatisfied", "stars_before", "stars_after", "lost"))
    word = NUMBER_WORDS[unsatisfied] if unsatisfied < len(NUMBER_WORDS) else str(unsatisfied)
    noun = "taste" if unsatisfied == 1 else "tastes"
    if mode == "unreasonable":
        if unsatisfied == 0:
            return "Every taste satisfied: the unreasonable soup is a win."
        return f"{word} {noun} unsatisfied: an unreasonable soup needs every taste, the game is lost."
    if unsatisfied == 0:
        gain = "the kitchen gains a star" if after > before else "the stars stay at the most, five"
        return f"Every taste satisfied: {gain}."
    if unsatisfied == 1:
        return "One taste unsatisfied: the stars stay the same."
    if unsatisfied >= LOSING_UNSATISFIED:
        return f"{word} tastes unsatisfied: five or more, the game is lost."
    if lost:
        return f"{word} tastes unsatisfied and no star left to lose: the game is lost."
    return f"{word} tastes unsatisfied: the kitchen loses a star."


def game_summary(view: dict[str, Any]) -> str:
    """One sentence for the end of the game, from a finished game's view."""
    result, mode, goal, rounds = view["result"], view["mode"], view["taste_goal"], view["rounds"]
    won, challenge = result["won"], result["next_challenge"]
    stars = f"{result['stars']} star" + ("" if result["stars"] == 1 else "s")
    if mode == "unreasonable":
        if not won:
            return f"The unreasonable soup of {goal} tastes was not to everyone's taste."
        done = f"All {goal} tastes satisfied"
        brag = ": tell the publisher!" if goal >= BRAG_TASTES else ""
        if challenge is None:
            return f"{done}, every taste in the Hard deck{brag or '!'}"
        return f"{done}{brag or '.'} Next time try {challenge['tastes']}."
    if not won:
        return f"The kitchen closed in round {result['rounds_played']} of {rounds}."
    served = f"{NUMBER_WORDS[rounds]} rounds served with {stars}."
    if challenge is None:
        return served
    if challenge["mode"] == "unreasonable":
        return served + " Ready for an unreasonable soup!"
    return served + f" Ready for {challenge['difficulty'].capitalize()}!"


# --- why a move is refused ---------------------------------------------------------------------
MOVE_NAMES = {"ready": N_("say ready"), "change": N_("change a card"), "rotate": N_("rotate"),
              "pass": N_("pass")}  # a move's type as a refusal names it

REFUSALS: dict[str, Wording] = {
    "already_ready": N_("you are already ready"),
    "under_way": N_("the round is already under way"),
    "not_started": N_("the round has not started: every chef must be ready first"),
    "round_time_up": N_("the round's time is up"),
    "pass_when_satisfied": N_("you may pass only when your tastes and all shared tastes are satisfied"),
    "must_pass": N_("your tastes and all shared tastes are satisfied: you must pass"),
    "rotate_line": N_('rotate a "row" or a "col"'),
    "rotate_step": N_("a rotation moves one step: 1 or -1"),
    "already_there": N_("that card is already there"),
    "one_change": N_("change only the colour or only the vegetable, not both"),
    "index_range": lambda p, n: _("the row or column index is a whole number from 0 to %(last)d") % p,
    "cell_range": lambda p, n: _("row and col are whole numbers from 0 to %(last)d") % p,
    "one_of": lambda p, n: _("%(field)s must be one of %(words)s") % {**p, "words": ", ".join(p["words"])},
    "no_spare": lambda p, n: _("no spare %(card)s is left") % {"card": card_words(p)},
}

NAME = chef
refuse = maker(sys.modules[__name__], chef)
ALREADY_READY = refuse("already_ready")
UNDER_WAY = refuse("under_way")
NOT_STARTED = refuse("not_started")
TIME_UP = refuse("round_time_up")
PASS_WHEN_SATISFIED = refuse("pass_when_satisfied")
MUST_PASS = refuse("must_pass")
ROTATE_LINE = refuse("rotate_line")
ROTATE_STEP = refuse("rotate_step")
ALREADY_THERE = refuse("already_there")
ONE_CHANGE = refuse("one_change")


def index_range(size: int) -> Refusal:
    return refuse("index_range", last=size - 1)


def cell_range(size: int) -> Refusal:
    return refuse("cell_range", last=size - 1)


def one_of(field: str, words: tuple[str, ...]) -> Refusal:
    return refuse("one_of", field=field, words=list(words))


def no_spare(veg: str, colour: str) -> Refusal:
    return refuse("no_spare", veg=veg, colour=colour)
