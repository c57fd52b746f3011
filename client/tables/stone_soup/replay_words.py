"""Stone Soup in the replay viewer: each player's record and every play with its truth, and the
hands and pot face up."""

from __future__ import annotations

from typing import Any

from soupkitchen.client.replay.words import Line, Name
from soupkitchen.shared.stone_soup.cards import PLURAL, SINGULAR


def _kinds(kinds: list[str]) -> str:
    counts: dict[str, int] = {}
    for kind in kinds:
        counts[kind] = counts.get(kind, 0) + 1
    return ", ".join(f"{n} {(SINGULAR if n == 1 else PLURAL).get(k, k)}" for k, n in counts.items()) or "nothing"


def review_lines(review: dict[str, Any], name: Name) -> list[Line]:
    """Each player's record, then every play: what was said, what went in, and the call on it."""
    lines: list[Line] = []
    for record in review["records"]:
        lines.append(Line(f"{name(record['seat'])}: {record['honest']} honest plays, {record['bluffs']} bluffs "
                          f"({record['bluffs_stood']} stood, {record['bluffs_caught']} caught), {record['salts']} salt; "
                          f"called {record['calls']} times, right {record['calls_right']}", heading=True))
    for play in review["plays"]:
        who = name(play["seat"])
        if play["kind"] == "salt":
            lines.append(Line(f"{who} slid a dash of salt under the pot", play["move"]))
            continue
        said = f"{play['count']} {(SINGULAR if play['count'] == 1 else PLURAL)[play['food']]}"
        truth = "honest" if play["verdict"] == "honest" else "a bluff"
        call = play["called"]
        if call is None:
            outcome = "it stood" if play["verdict"] == "honest" else "the bluff stood"
        else:
            outcome = f"{name(call['by'])} called: {call['verdict']}, {name(call['taker'])} took the cards"
        lines.append(Line(f"{who} said {said}, put in {_kinds(play['really'])} ({truth}); {outcome}", play["move"]))
    return lines


def face_up_lines(secrets: dict[str, Any], name: Name) -> list[Line]:
    """Every hand and the pot, face up."""
    lines = [Line(f"{name(seat)}'s hand: {_kinds([k for k, n in hand.items() for _ in range(n)])}")
             for seat, hand in enumerate(secrets["hands"])]
    lines.append(Line(f"The pot, bottom to top: {', '.join(secrets['pot']) or 'empty'}; "
                      f"{secrets['salt_pile']} salt under it"))
    return lines
