"""The kitchen's verdict at the end of a game, worded from its result: the stars it keeps and what
comes next ("The kitchen keeps 5 stars: ready for Moderate"), or why it closed."""

from __future__ import annotations

from typing import Any

from soupkitchen.client.words import _, ngettext
from soupkitchen.shared.too_many_cooks import describe
from soupkitchen.shared.too_many_cooks.cards import DIFFICULTIES, LOSING_UNSATISFIED
from soupkitchen.shared.too_many_cooks.rounds import starting_stars


def stars_words(stars: int) -> str:
    return ngettext("%(count)d star", "%(count)d stars", stars) % {"count": stars}


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
            return _("The kitchen loses the unreasonable soup of %(count)d tastes") % {"count": tastes}, _(
                "%(count)d of them unsatisfied"
            ) % {"count": unsatisfied}
        if challenge is None:
            return _("The kitchen wins: all %(count)d tastes satisfied") % {"count": tastes}, _(
                "every taste of the Hard deck: tell the publisher!"
            )
        return _("The kitchen wins: all %(count)d tastes satisfied") % {"count": tastes}, _(
            "next, try %(count)s"
        ) % {"count": challenge.get("tastes")}
    if not won:
        why = (
            _("five or more tastes unsatisfied")
            if unsatisfied >= LOSING_UNSATISFIED
            else ngettext(
                "%(count)d taste unsatisfied and no star left to lose",
                "%(count)d tastes unsatisfied and no star left to lose",
                unsatisfied,
            )
            % {"count": unsatisfied}
        )
        return _("The kitchen loses in round %(round)s") % {"round": view.get("round", "")}, why
    kept = _("The kitchen wins with %(stars)s") % {"stars": stars_words(stars)}
    if challenge is not None and challenge.get("mode") == "unreasonable":
        return kept, _("ready for an unreasonable soup")
    if challenge is not None:
        return kept, _("ready for %(difficulty)s") % {
            "difficulty": describe.difficulty_word(str(challenge.get("difficulty")))
        }
    after = harder(str(view.get("difficulty", "")))
    if after:
        return kept, _("five stars make it ready for %(difficulty)s") % {
            "difficulty": describe.difficulty_word(after)
        }
    return kept, _("five stars make it ready for an unreasonable soup")


def round_lines(view: dict[str, Any]) -> list[str]:
    """Each round of a game, one line each: how it ended and what that did to the stars ("Round 3:
    time is up with 2 tastes unsatisfied: -1 star"). A round ends with a taste unsatisfied only
    when its time is up: every chef passes only once every taste they know is satisfied."""
    past = [r for r in view.get("past_rounds") or [] if isinstance(r, dict)]
    before = starting_stars(str(view.get("mode", "")))
    lines = []
    for r in past:
        number, unsatisfied, after = int(r["round"]), int(r["unsatisfied"]), int(r["stars_after"])
        facts = {"round": number, "count": unsatisfied}
        if view.get("mode") == "unreasonable":
            words = (
                _("Round %(round)d: every taste satisfied, the soup is a win")
                if unsatisfied == 0
                else ngettext(
                    "Round %(round)d: time is up with %(count)d taste unsatisfied: the game is lost",
                    "Round %(round)d: time is up with %(count)d tastes unsatisfied: the game is lost",
                    unsatisfied,
                )
            )
        elif unsatisfied == 0:
            words = (
                _("Round %(round)d: every taste satisfied: +1 star")
                if after > before
                else _("Round %(round)d: every taste satisfied: the stars stay at five")
            )
        elif unsatisfied == 1:
            words = _("Round %(round)d: time is up with one taste unsatisfied: no star lost")
        elif unsatisfied >= LOSING_UNSATISFIED or before == 0:
            words = ngettext(
                "Round %(round)d: time is up with %(count)d taste unsatisfied: the game is lost",
                "Round %(round)d: time is up with %(count)d tastes unsatisfied: the game is lost",
                unsatisfied,
            )
        else:
            words = ngettext(
                "Round %(round)d: time is up with %(count)d taste unsatisfied: -1 star",
                "Round %(round)d: time is up with %(count)d tastes unsatisfied: -1 star",
                unsatisfied,
            )
        lines.append(words % facts)
        before = after
    return lines


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
        return _("Try %(count)d unreasonable tastes") % {"count": tastes}, {
            "mode": "unreasonable",
            "tastes": tastes,
        }
    difficulty = str(challenge.get("difficulty"))
    return _("Cook %(difficulty)s next") % {"difficulty": describe.difficulty_word(difficulty)}, {
        "mode": "standard",
        "difficulty": difficulty,
    }
