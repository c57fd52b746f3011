"""Too Many Cooks in the replay viewer: the review of each round's tastes, passes and time, and
every taste face up."""

from __future__ import annotations

from typing import Any

from soupkitchen.client.replay.words import Line, Name, clock
from soupkitchen.client.words import _, ngettext
from soupkitchen.shared.too_many_cooks.describe import EMOTE_WORDS, difficulty_word, emote_words
from soupkitchen.shared.too_many_cooks.taste_words import taste_words


def _taste(taste_id: str) -> str:
    return taste_words(taste_id)


def _heading(chapter: dict[str, Any]) -> str:
    facts = {
        "round": chapter["round"],
        "difficulty": difficulty_word(str(chapter["difficulty"])),
        "time": clock(chapter.get("seconds", 0)),
        "unsatisfied": chapter.get("unsatisfied", "?"),
        "before": chapter.get("stars_before"),
        "after": chapter.get("stars_after"),
    }
    if chapter.get("ended") == "all_passed":
        return (
            _(
                "Round %(round)s (%(difficulty)s): every chef passed after %(time)s, %(unsatisfied)s "
                "unsatisfied, stars %(before)s to %(after)s"
            )
            % facts
        )
    return (
        _(
            "Round %(round)s (%(difficulty)s): the time ran out after %(time)s, %(unsatisfied)s unsatisfied, "
            "stars %(before)s to %(after)s"
        )
        % facts
    )


def _history(taste: dict[str, Any], name: Name) -> str:
    """When a taste was first satisfied, who broke it, and how it ended, in one sentence."""
    first = taste["first_satisfied"]
    if first is None:
        when = _("never satisfied")
    elif first["seat"] is None:
        when = _("satisfied from the deal")
    else:
        when = _("first satisfied by %(chef)s at %(time)s") % {
            "chef": name(first["seat"]),
            "time": clock(first["seconds"]),
        }
    breaks = [c for c in taste["changes"] if not c["satisfied"]]
    facts = {
        "when": when,
        "breakers": ", ".join(
            _("%(chef)s at %(time)s") % {"chef": name(c["seat"]), "time": clock(c["seconds"])} for c in breaks
        ),
    }
    if breaks:
        return (
            _("%(when)s; broken by %(breakers)s; at the end satisfied")
            if taste["at_end"]
            else _("%(when)s; broken by %(breakers)s; at the end NOT satisfied")
        ) % facts
    return (
        _("%(when)s; at the end satisfied") if taste["at_end"] else _("%(when)s; at the end NOT satisfied")
    ) % facts


def _taste_line(taste: dict[str, Any], name: Name) -> str:
    facts = {"taste": _taste(taste["taste"]), "history": _history(taste, name)}
    if taste["owner"] is None:
        return _('Shared taste "%(taste)s": %(history)s') % facts
    return _('Taste of %(chef)s "%(taste)s": %(history)s') % {**facts, "chef": name(taste["owner"])}


def review_lines(review: dict[str, Any], name: Name) -> list[Line]:
    """Each round: how it ended, when each taste was first satisfied or broken, the passes and the time."""
    lines: list[Line] = []
    for chapter in review["rounds"]:
        lines.append(Line(_heading(chapter), chapter["started_move"], heading=True))
        for taste in chapter["tastes"]:
            first = taste["first_satisfied"]
            breaks = [c for c in taste["changes"] if not c["satisfied"]]
            lines.append(
                Line(_taste_line(taste, name), (first or {}).get("move") if not breaks else breaks[0]["move"])
            )
        for passed in chapter["passes"]:
            lines.append(
                Line(
                    _("%(chef)s passed at %(time)s")
                    % {"chef": name(passed["seat"]), "time": clock(passed["seconds"])},
                    passed["move"],
                )
            )
        for back in chapter["rejoins"]:
            lines.append(
                Line(
                    _("%(chef)s was unsatisfied again by a move of %(by)s at %(time)s and rejoined")
                    % {"chef": name(back["seat"]), "by": name(back["by"]), "time": clock(back["seconds"])},
                    back["move"],
                )
            )
        for seat in sorted({reaction["seat"] for reaction in chapter.get("reactions", [])}):
            said = [reaction for reaction in chapter["reactions"] if reaction["seat"] == seat]
            counts = {emote: sum(1 for r in said if r["emote"] == emote) for emote in EMOTE_WORDS}
            lines.append(
                Line(
                    ngettext(
                        "%(chef)s reacted to %(count)d move: %(words)s",
                        "%(chef)s reacted to %(count)d moves: %(words)s",
                        len(said),
                    )
                    % {
                        "chef": name(seat),
                        "count": len(said),
                        "words": ", ".join(
                            f"{count} \N{MULTIPLICATION SIGN} {emote_words(emote)}"
                            for emote, count in counts.items()
                            if count
                        ),
                    },
                    said[0]["move"],
                )
            )
        spent = ", ".join(
            ngettext(
                "%(chef)s %(seconds)d s over %(moves)d move",
                "%(chef)s %(seconds)d s over %(moves)d moves",
                t["moves"],
            )
            % {"chef": name(t["seat"]), "seconds": round(t["seconds"]), "moves": t["moves"]}
            for t in chapter["time"]
        )
        lines.append(
            Line(
                _("Time on turns: %(spent)s; %(left)s left on the clock")
                % {"spent": spent, "left": clock(chapter.get("seconds_left", 0))}
            )
        )
    return lines


def face_up_lines(secrets: dict[str, Any], name: Name) -> list[Line]:
    """Every taste of the round, face up."""
    lines = [Line(_("Round %(round)s: every taste") % {"round": secrets["round"]}, heading=True)]
    for t in secrets["tastes"]:
        facts = {"taste": _taste(t["taste"]), "chef": "" if t["owner"] is None else name(t["owner"])}
        if t["owner"] is None:
            words = (
                _("Shared: %(taste)s (satisfied)") if t["satisfied"] else _("Shared: %(taste)s (unsatisfied)")
            )
        else:
            words = (
                _("%(chef)s: %(taste)s (satisfied)")
                if t["satisfied"]
                else _("%(chef)s: %(taste)s (unsatisfied)")
            )
        lines.append(Line(words % facts))
    return lines
