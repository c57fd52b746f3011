"""Pink Soup in the replay viewer: each pot's score and changes and every Mouse's power, and the
pots face up."""

from __future__ import annotations

from typing import Any

from soupkitchen.client.replay.words import Line, Name
from soupkitchen.client.words import N_, _, ngettext
from soupkitchen.shared.pink_soup.cards import KIND_BY_KEY
from soupkitchen.shared.pink_soup.describe import card_words, recipe_words

# The parts of a score as the rules name them (``cards.score``), in the reader's words.
PARTS = {
    "recipe": N_("recipe %(points)d"),
    "ingredients": N_("ingredients %(points)d"),
    "desserts": N_("desserts %(points)d"),
    "chilis": N_("chilis %(points)d"),
    "mice": N_("mice %(points)d"),
}
CHANGES = {
    "in": N_("%(player)s put in %(card)s (slot %(slot)d)"),
    "out": N_("%(player)s took out %(card)s (slot %(slot)d)"),
    "shuffled": N_("%(player)s shuffled it"),
    "swapped_within": N_("%(player)s swapped within it"),
}


def _pink(key: str) -> str:
    return card_words(KIND_BY_KEY[key].name) if key in KIND_BY_KEY else key


def _cards(keys: list[str]) -> str:
    return ", ".join(map(_pink, keys))


def _score(score: dict[str, Any]) -> str:
    parts = [
        _(PARTS[k]) % {"points": v} if k in PARTS else f"{k.replace('_', ' ')} {v}"
        for k, v in (score.get("parts") or {}).items()
        if isinstance(v, int) and not isinstance(v, bool)
    ]
    if score.get("completed"):
        parts.append(_("recipe complete"))
    return ", ".join(parts)


def _mouse(mouse: dict[str, Any], name: Name) -> str:
    power, facts = mouse["power"], {"player": name(mouse["seat"])}
    if power == "search":
        facts["card"] = _pink(mouse["card"])
        return (
            _("Mouse: %(player)s searched the kitchen and took %(card)s from under a pile")
            if mouse["covered"]
            else _("Mouse: %(player)s searched the kitchen and took %(card)s")
        ) % facts
    if power == "shuffle":
        return _("Mouse: %(player)s shuffled the pot of %(target)s") % {
            **facts,
            "target": name(mouse["target"]),
        }
    if power == "look":
        return _("Mouse: %(player)s looked into the pot of %(target)s: %(cards)s") % {
            **facts,
            "target": name(mouse["target"]),
            "cards": _cards(mouse["seen"]),
        }
    a, b = mouse["first"], mouse["second"]
    return _("Mouse: %(player)s swapped %(first)s (%(a)s) with %(second)s (%(b)s)") % {
        **facts,
        "first": _pink(a["card"]),
        "a": name(a["seat"]),
        "second": _pink(b["card"]),
        "b": name(b["seat"]),
    }


def review_lines(review: dict[str, Any], name: Name) -> list[Line]:
    """Each pot: its score, every change to it and what it held at the end; then every Mouse's power."""
    lines: list[Line] = []
    breakdown = (review.get("result") or {}).get("breakdown") or []
    for pot in review["pots"]:
        score = breakdown[pot["seat"]] if pot["seat"] < len(breakdown) else {}
        total = score.get("total")
        facts = {
            "player": name(pot["seat"]),
            "recipe": recipe_words(pot["recipe"]),
            "parts": _score(score),
            "total": total if isinstance(total, int) else 0,
        }
        said = (
            ngettext(
                "Pot of %(player)s (%(recipe)s): %(total)d point (%(parts)s)",
                "Pot of %(player)s (%(recipe)s): %(total)d points (%(parts)s)",
                facts["total"],
            )
            % facts
        )
        lines.append(Line(said, heading=True))
        for change in pot["changes"]:
            wording = CHANGES.get(change["what"], CHANGES["in"])
            lines.append(
                Line(
                    "  "
                    + _(wording)
                    % {
                        "player": name(change["by"]),
                        "card": _pink(change.get("card", "")),
                        "slot": change.get("slot", 0) + 1,
                    },
                    change["move"],
                )
            )
        lines.append(Line("  " + _("At the end: %(cards)s") % {"cards": _cards(pot["final"]) or _("empty")}))
    lines += [Line(_mouse(mouse, name), mouse["move"]) for mouse in review["mice"]]
    return lines


def face_up_lines(secrets: dict[str, Any], name: Name) -> list[Line]:
    """Every pot, the drawn cards and the deck's top, face up."""
    lines = [
        Line(
            _("%(player)s (%(recipe)s): %(cards)s")
            % {
                "player": name(seat),
                "recipe": recipe_words(secrets["recipes"][seat]),
                "cards": _cards(pot) or _("empty pot"),
            }
        )
        for seat, pot in enumerate(secrets["pots"])
    ]
    if secrets["drawn"]:
        lines.append(Line(_("In hand: %(cards)s") % {"cards": _cards(secrets["drawn"])}))
    lines.append(
        Line(
            ngettext(
                "Deck: %(count)d card; next %(cards)s",
                "Deck: %(count)d cards; next %(cards)s",
                secrets["deck"],
            )
            % {"count": secrets["deck"], "cards": _cards(secrets["deck_top"])}
        )
    )
    return lines
