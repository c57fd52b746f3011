"""Pot Pourri in the replay viewer: the scores, every serving, menu swap and lid, and the pans,
hands and menu face up."""

from __future__ import annotations

from typing import Any

from soupkitchen.client.replay.words import Line, Name


def review_lines(review: dict[str, Any], name: Name) -> list[Line]:
    """The scores, then every serving, menu swap and what lay under the lid each turn."""
    result = review.get("result") or {}
    lines = [Line(f"{name(seat)}: {score} ({result.get('pathway', [0] * 9)[seat]} squares + "
                  f"{result.get('menu_bonus', [0] * 9)[seat]} menu stars)", heading=True)
             for seat, score in enumerate(result.get("scores", []))]
    for serving in review["servings"]:
        lid = " (under the lid)" if serving["under_lid"] else ""
        if serving["recipe"] is None:
            text = f"{name(serving['seat'])} served nothing from saucepan {serving['pan'] + 1}{lid}"
        else:
            text = (f"{name(serving['seat'])} served {serving['recipe']} from saucepan {serving['pan'] + 1}{lid}: "
                    f"{serving['matches']} matches, {serving['squares']} squares")
        lines.append(Line(f"{text} [{', '.join(serving['cards'])}]", serving["move"]))
    for swap in review["menu"]:
        if swap["swapped"]:
            lines.append(Line(f"{name(swap['seat'])} swapped the menu: {', '.join(swap['after'])}", swap["move"]))
        else:
            lines.append(Line(f"{name(swap['seat'])} left the menu as it was", swap["move"]))
    for turn in review["lid"]:
        under = ", ".join(turn["under"]) or "nothing"
        lines.append(Line(f"Turn {turn['turn']} ({name(turn['seat'])}): under the lid on saucepan {turn['pan'] + 1}: {under}",
                          turn["move"]))
    return lines


def face_up_lines(secrets: dict[str, Any], name: Name) -> list[Line]:
    """Every saucepan, hand, cookery book and the menu, face up."""
    lines = [Line(f"Saucepan {pan + 1}{' (lid)' if pan == secrets['lid'] else ''}: {', '.join(cards) or 'empty'}")
             for pan, cards in enumerate(secrets["pans"])]
    for seat, hand in enumerate(secrets["hands"]):
        book = secrets["books"][seat] or secrets["offered"][seat]
        lines.append(Line(f"{name(seat)}: {', '.join(hand) or 'no ingredients'}; recipes {', '.join(book) or 'none'}"))
    lines.append(Line(f"Menu, 5 stars first: {', '.join(secrets['menu'])}"))
    return lines
