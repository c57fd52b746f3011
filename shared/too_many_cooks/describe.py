"""Too Many Cooks in words: the sentences of a round's reveal and of the game's end, made from the
facts the rules score. The table, the history and the bots read the same words."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from soupkitchen.shared.too_many_cooks.cards import BRAG_TASTES, LOSING_UNSATISFIED

if TYPE_CHECKING:
    from soupkitchen.shared.too_many_cooks.state import TmcState

NUMBER_WORDS = ("No", "One", "Two", "Three", "Four", "Five", "Six", "Seven", "Eight", "Nine", "Ten",
                "Eleven", "Twelve", "Thirteen", "Fourteen", "Fifteen")


def round_explanation(mode: str, unsatisfied: int, before: int, after: int, lost: bool) -> str:
    """Why the stars moved as they did at the end of a round, in one sentence."""
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


def game_summary(state: TmcState, won: bool, challenge: dict[str, Any] | None) -> str:
    """One sentence for the end of the game."""
    stars = f"{state.stars} star" + ("" if state.stars == 1 else "s")
    if state.mode == "unreasonable":
        if not won:
            return f"The unreasonable soup of {state.taste_goal} tastes was not to everyone's taste."
        done = f"All {state.taste_goal} tastes satisfied"
        brag = ": tell the publisher!" if state.taste_goal >= BRAG_TASTES else ""
        if challenge is None:
            return f"{done}, every taste in the Hard deck{brag or '!'}"
        return f"{done}{brag or '.'} Next time try {challenge['tastes']}."
    if not won:
        return f"The kitchen closed in round {state.round} of {state.rounds}."
    served = f"{NUMBER_WORDS[state.rounds]} rounds served with {stars}."
    if challenge is None:
        return served
    if challenge["mode"] == "unreasonable":
        return served + " Ready for an unreasonable soup!"
    return served + f" Ready for {challenge['difficulty'].capitalize()}!"


# Why a move is refused.
ALREADY_READY = "you are already ready"
UNDER_WAY = "the round is already under way"
NOT_STARTED = "the round has not started: every chef must be ready first"
TIME_UP = "the round's time is up"
PASS_WHEN_SATISFIED = "you may pass only when your tastes and all shared tastes are satisfied"
MUST_PASS = "your tastes and all shared tastes are satisfied: you must pass"
ROTATE_LINE = "rotate a \"row\" or a \"col\""
ROTATE_STEP = "a rotation moves one step: 1 or -1"
ALREADY_THERE = "that card is already there"
ONE_CHANGE = "change only the colour or only the vegetable, not both"


def index_range(size: int) -> str:
    return f"the row or column index is a whole number from 0 to {size - 1}"


def cell_range(size: int) -> str:
    return f"row and col are whole numbers from 0 to {size - 1}"


def one_of(field: str, words: tuple[str, ...]) -> str:
    return f"{field} must be one of {', '.join(words)}"


def no_spare(veg: str, colour: str) -> str:
    return f"no spare {colour} {veg} is left"
