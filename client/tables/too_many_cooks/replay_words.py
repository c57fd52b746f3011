"""Too Many Cooks in the replay viewer: the review of each round's tastes, passes and time, and
every taste face up."""

from __future__ import annotations

from typing import Any

from soupkitchen.client.replay.words import Line, Name, clock
from soupkitchen.shared.too_many_cooks.taste_words import taste_words


def _taste(taste_id: str) -> str:
    return taste_words(taste_id)


def _owner(owner: int | None, name: Name) -> str:
    return "shared" if owner is None else f"{name(owner)}'s"


def review_lines(review: dict[str, Any], name: Name) -> list[Line]:
    """Each round: how it ended, when each taste was first satisfied or broken, the passes and the time."""
    lines: list[Line] = []
    for chapter in review["rounds"]:
        ended = "every chef passed" if chapter.get("ended") == "all_passed" else "the time ran out"
        lines.append(Line(f"Round {chapter['round']} ({chapter['difficulty']}): {ended} after "
                          f"{clock(chapter.get('seconds', 0))}, {chapter.get('unsatisfied', '?')} unsatisfied, "
                          f"stars {chapter.get('stars_before')} to {chapter.get('stars_after')}",
                          chapter["started_move"], heading=True))
        for taste in chapter["tastes"]:
            first = taste["first_satisfied"]
            if first is None:
                when = "never satisfied"
            elif first["seat"] is None:
                when = "satisfied from the deal"
            else:
                when = f"first satisfied by {name(first['seat'])} at {clock(first['seconds'])}"
            breaks = [c for c in taste["changes"] if not c["satisfied"]]
            broke = "; broken by " + ", ".join(f"{name(c['seat'])} at {clock(c['seconds'])}" for c in breaks) if breaks else ""
            end = "satisfied" if taste["at_end"] else "NOT satisfied"
            lines.append(Line(f"{_owner(taste['owner'], name).capitalize()} taste \"{_taste(taste['taste'])}\": "
                              f"{when}{broke}; at the end {end}",
                              (first or {}).get("move") if not breaks else breaks[0]["move"]))
        for passed in chapter["passes"]:
            lines.append(Line(f"{name(passed['seat'])} passed at {clock(passed['seconds'])}", passed["move"]))
        for back in chapter["rejoins"]:
            lines.append(Line(f"{name(back['seat'])} was unsatisfied again by {name(back['by'])}'s move at "
                              f"{clock(back['seconds'])} and rejoined", back["move"]))
        spent = ", ".join(f"{name(t['seat'])} {t['seconds']:.0f} s over {t['moves']} moves" for t in chapter["time"])
        lines.append(Line(f"Time on turns: {spent}; {clock(chapter.get('seconds_left', 0))} left on the clock"))
    return lines


def face_up_lines(secrets: dict[str, Any], name: Name) -> list[Line]:
    """Every taste of the round, face up."""
    return [Line(f"Round {secrets['round']}: every taste", heading=True)] + [
        Line(f"{_owner(t['owner'], name).capitalize()}: {_taste(t['taste'])} "
             f"({'satisfied' if t['satisfied'] else 'unsatisfied'})") for t in secrets["tastes"]]
