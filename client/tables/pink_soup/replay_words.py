"""Pink Soup in the replay viewer: each pot's score and changes and every Mouse's power, and the
pots face up."""

from __future__ import annotations

from typing import Any

from soupkitchen.client.replay.words import Line, Name
from soupkitchen.shared.pink_soup.cards import KIND_BY_KEY


def _pink(key: str) -> str:
    return KIND_BY_KEY[key].name if key in KIND_BY_KEY else key


def review_lines(review: dict[str, Any], name: Name) -> list[Line]:
    """Each pot: its score, every change to it and what it held at the end; then every Mouse's power."""
    lines: list[Line] = []
    breakdown = (review.get("result") or {}).get("breakdown") or []
    for pot in review["pots"]:
        score = breakdown[pot["seat"]] if pot["seat"] < len(breakdown) else {}
        parts = ", ".join(f"{k.replace('_', ' ')} {v}" for k, v in score.items()
                          if k != "total" and isinstance(v, int) and not isinstance(v, bool))
        parts += ", recipe complete" if score.get("completed") else ""
        lines.append(Line(f"{name(pot['seat'])}'s pot ({pot['recipe']}): {score.get('total', '?')} points ({parts})",
                          heading=True))
        for change in pot["changes"]:
            if change["what"] in ("shuffled", "swapped_within"):
                verb = "shuffled" if change["what"] == "shuffled" else "swapped within"
                lines.append(Line(f"  {name(change['by'])} {verb} it", change["move"]))
            else:
                verb = "put in" if change["what"] == "in" else "took out"
                lines.append(Line(f"  {name(change['by'])} {verb} {_pink(change['card'])} (slot {change['slot'] + 1})",
                                  change["move"]))
        lines.append(Line(f"  At the end: {', '.join(_pink(c) for c in pot['final']) or 'empty'}"))
    for mouse in review["mice"]:
        power = mouse["power"]
        if power == "search":
            what = f"searched the kitchen and took {_pink(mouse['card'])}" + (" from under a pile" if mouse["covered"] else "")
        elif power == "shuffle":
            what = f"shuffled {name(mouse['target'])}'s pot"
        elif power == "look":
            what = f"looked into {name(mouse['target'])}'s pot: {', '.join(_pink(c) for c in mouse['seen'])}"
        else:
            a, b = mouse["first"], mouse["second"]
            what = (f"swapped {name(a['seat'])}'s {_pink(a['card'])} with {name(b['seat'])}'s {_pink(b['card'])}")
        lines.append(Line(f"Mouse: {name(mouse['seat'])} {what}", mouse["move"]))
    return lines


def face_up_lines(secrets: dict[str, Any], name: Name) -> list[Line]:
    """Every pot, the drawn cards and the deck's top, face up."""
    lines = [Line(f"{name(seat)} ({secrets['recipes'][seat]}): {', '.join(_pink(c) for c in pot) or 'empty pot'}")
             for seat, pot in enumerate(secrets["pots"])]
    if secrets["drawn"]:
        lines.append(Line(f"In hand: {', '.join(_pink(c) for c in secrets['drawn'])}"))
    lines.append(Line(f"Deck: {secrets['deck']} cards; next {', '.join(_pink(c) for c in secrets['deck_top'])}"))
    return lines
