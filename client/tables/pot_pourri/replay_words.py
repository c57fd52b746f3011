"""Pot Pourri in the replay viewer: the scores, every serving, menu swap and lid, and the pans,
hands and menu face up."""

from __future__ import annotations

from typing import Any

from soupkitchen.client.replay.words import Line, Name
from soupkitchen.client.words import _, ngettext
from soupkitchen.shared.pot_pourri.describe import cuisine_word, dish_word, ingredient_word


def _ingredients(kinds: list[str]) -> str:
    return ", ".join(map(ingredient_word, kinds))


def review_lines(review: dict[str, Any], name: Name) -> list[Line]:
    """The scores, then every serving, menu swap and what lay under the lid each turn."""
    result = review.get("result") or {}
    lines = [
        Line(
            _("%(player)s: %(score)d (%(squares)d squares + %(stars)d menu stars)")
            % {
                "player": name(seat),
                "score": score,
                "squares": result.get("pathway", [0] * 9)[seat],
                "stars": result.get("menu_bonus", [0] * 9)[seat],
            },
            heading=True,
        )
        for seat, score in enumerate(result.get("scores", []))
    ]
    for serving in review["servings"]:
        facts = {
            "player": name(serving["seat"]),
            "pan": serving["pan"] + 1,
            "cards": _ingredients(serving["cards"]),
        }
        if serving["recipe"] is None:
            text = (
                _("%(player)s served nothing from saucepan %(pan)d (under the lid) [%(cards)s]")
                if serving["under_lid"]
                else _("%(player)s served nothing from saucepan %(pan)d [%(cards)s]")
            ) % facts
        else:
            facts.update(
                recipe=dish_word(serving["recipe"]),
                squares=serving["squares"],
                matches=ngettext("%(count)d match", "%(count)d matches", serving["matches"])
                % {"count": serving["matches"]},
            )
            text = (
                ngettext(
                    "%(player)s served %(recipe)s from saucepan %(pan)d (under the lid): %(matches)s, "
                    "%(squares)d square [%(cards)s]",
                    "%(player)s served %(recipe)s from saucepan %(pan)d (under the lid): %(matches)s, "
                    "%(squares)d squares [%(cards)s]",
                    serving["squares"],
                )
                if serving["under_lid"]
                else ngettext(
                    "%(player)s served %(recipe)s from saucepan %(pan)d: "
                    "%(matches)s, %(squares)d square [%(cards)s]",
                    "%(player)s served %(recipe)s from saucepan %(pan)d: "
                    "%(matches)s, %(squares)d squares [%(cards)s]",
                    serving["squares"],
                )
            ) % facts
        lines.append(Line(text, serving["move"]))
    for swap in review["menu"]:
        if swap["swapped"]:
            lines.append(
                Line(
                    _("%(player)s swapped the menu: %(menu)s")
                    % {"player": name(swap["seat"]), "menu": ", ".join(map(cuisine_word, swap["after"]))},
                    swap["move"],
                )
            )
        else:
            lines.append(
                Line(_("%(player)s left the menu as it was") % {"player": name(swap["seat"])}, swap["move"])
            )
    for turn in review["lid"]:
        lines.append(
            Line(
                _("Turn %(turn)d (%(player)s): under the lid on saucepan %(pan)d: %(cards)s")
                % {
                    "turn": turn["turn"],
                    "player": name(turn["seat"]),
                    "pan": turn["pan"] + 1,
                    "cards": _ingredients(turn["under"]) or _("nothing"),
                },
                turn["move"],
            )
        )
    return lines


def face_up_lines(secrets: dict[str, Any], name: Name) -> list[Line]:
    """Every saucepan, hand, cookery book and the menu, face up."""
    lines = [
        Line(
            (
                _("Saucepan %(pan)d (lid): %(cards)s")
                if pan == secrets["lid"]
                else _("Saucepan %(pan)d: %(cards)s")
            )
            % {"pan": pan + 1, "cards": _ingredients(cards) or _("empty")}
        )
        for pan, cards in enumerate(secrets["pans"])
    ]
    for seat, hand in enumerate(secrets["hands"]):
        book = secrets["books"][seat] or secrets["offered"][seat]
        lines.append(
            Line(
                _("%(player)s: %(ingredients)s; recipes %(recipes)s")
                % {
                    "player": name(seat),
                    "ingredients": _ingredients(hand) or _("no ingredients"),
                    "recipes": ", ".join(map(dish_word, book)) or _("none"),
                }
            )
        )
    lines.append(
        Line(_("Menu, 5 stars first: %(menu)s") % {"menu": ", ".join(map(cuisine_word, secrets["menu"]))})
    )
    return lines
