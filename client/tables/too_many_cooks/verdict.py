"""The kitchen's verdict at the end of a game, worded from its result: the stars it keeps and what
comes next ("The kitchen keeps 5 stars: ready for Moderate"), or why it closed."""

from __future__ import annotations

from typing import Any

from soupkitchen.shared.too_many_cooks.cards import DIFFICULTIES, LOSING_UNSATISFIED


def stars_words(stars: int) -> str:
    return "1 star" if stars == 1 else f"{stars} stars"


def harder(difficulty: str) -> str | None:
    """The difficulty after ``difficulty`` (None after Hard)."""
    index = DIFFICULTIES.index(difficulty) if difficulty in DIFFICULTIES else len(DIFFICULTIES) - 1
    return DIFFICULTIES[index + 1] if index + 1 < len(DIFFICULTIES) else None


def verdict_words(result: dict[str, Any], view: dict[str, Any]) -> tuple[str, str]:
    """(what happened, what comes next or why) for a finished game."""
    won, stars = bool(result.get("won")), int(result.get("stars", view.get("stars", 0)))
    challenge = result.get("next_challenge") if isinstance(result.get("next_challenge"), dict) else None
    reveal = view.get("reveal") if isinstance(view.get("reveal"), dict) else {}
    tastes = len(reveal.get("tastes") or [])
    unsatisfied = int(reveal.get("unsatisfied", 0))
    if view.get("mode") == "unreasonable":
        if not won:
            return f"The unreasonable soup of {tastes} tastes was not to everyone's taste", \
                f"{unsatisfied} of them unsatisfied"
        if challenge is None:
            return f"All {tastes} tastes satisfied", "every taste of the Hard deck: tell the publisher!"
        return f"All {tastes} tastes satisfied", f"next, try {challenge.get('tastes')}"
    if not won:
        why = "five or more tastes unsatisfied" if unsatisfied >= LOSING_UNSATISFIED else \
            f"{unsatisfied} tastes unsatisfied and no star left to lose"
        return f"The kitchen closed in round {view.get('round', '')}", why
    kept = f"The kitchen keeps {stars_words(stars)}"
    if challenge is not None and challenge.get("mode") == "unreasonable":
        return kept, "ready for an unreasonable soup"
    if challenge is not None:
        return kept, f"ready for {str(challenge.get('difficulty')).capitalize()}"
    after = harder(str(view.get("difficulty", "")))
    return kept, f"five stars make it ready for {after.capitalize() if after else 'an unreasonable soup'}"


def verdict_line(result: dict[str, Any], view: dict[str, Any]) -> str:
    head, then = verdict_words(result, view)
    return f"{head}: {then}"


def next_game(result: dict[str, Any]) -> tuple[str, dict[str, Any]] | None:
    """The button for what the result says comes next, and the options of that game."""
    challenge = result.get("next_challenge") if isinstance(result.get("next_challenge"), dict) else None
    if challenge is None:
        return None
    if challenge.get("mode") == "unreasonable":
        tastes = int(challenge.get("tastes", 0))
        return f"Try {tastes} unreasonable tastes", {"mode": "unreasonable", "tastes": tastes}
    difficulty = str(challenge.get("difficulty"))
    return f"Cook {difficulty.capitalize()} next", {"mode": "standard", "difficulty": difficulty}
