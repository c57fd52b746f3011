"""Pot Pourri's view in sections: what is asked now, your hand and cookery book, the saucepans,
pantry and menu, the other chefs, and the recent log."""

from __future__ import annotations

import re
from typing import Any

from soupkitchen.client.tables.present.common import (
    Line,
    Section,
    log_section,
    name_of,
    namer,
    pack,
    pictured,
    result_lines,
)
from soupkitchen.client.words import _, ngettext
from soupkitchen.shared.pot_pourri import describe
from soupkitchen.shared.words import and_list

BACK = "pot_pourri/back"


def card(ingredient: str) -> str:
    """The picture of an ingredient card ("fish", "tomatoes")."""
    return f"pot_pourri/{ingredient}"


def icon(ingredient: str) -> str:
    """An ingredient as a recipe card lists it: the food alone, large, on a tile of its colour."""
    return f"pot_pourri/icons/{ingredient}"


def cuisine_card(cuisine: str | None) -> str:
    """The picture of a cuisine (its colour and symbol); the back when it is face down."""
    return "pot_pourri/cuisine-" + re.sub(r"[^a-z]+", "-", cuisine.lower()).strip("-") if cuisine else BACK


def recipe_cards(card_json: dict[str, Any]) -> tuple[str, ...]:
    """A recipe card as pictures: its cuisine, then its six ingredients."""
    return (cuisine_card(card_json["cuisine"]), *map(card, card_json["ingredients"]))


def move_cards(view: dict[str, Any], action: dict[str, Any]) -> tuple[str, ...]:
    """The ingredient a move takes, cooks or discards (the back for a draw), the cuisines of the
    recipes it keeps or serves, and the menu tiles it swaps."""
    if isinstance(action.get("ingredient"), str):
        return (card(action["ingredient"]),)
    kind = action.get("type")
    if kind == "take":
        return (BACK,)
    recipes = {r["id"]: r for r in [*(view.get("book") or []), *(view.get("choosing_from") or [])]}
    wanted = action.get("recipes") if kind == "keep" else [action.get("recipe")] if kind == "redeem" else []
    if wanted:
        return tuple(cuisine_card(recipes[r]["cuisine"]) for r in wanted if r in recipes)
    if kind == "swap_menu":
        menu = {sq["square"]: sq for sq in view["menu"]}
        return tuple(cuisine_card(menu[t]["cuisine"]) for t in action.get("tiles") or [] if t in menu)
    return ()


def recipe_title(card: dict[str, Any]) -> str:
    """A recipe card's name and cuisine, its ingredients being shown as pictures: "Gazpacho
    (Mediterranean)"."""
    return _("%(recipe)s (%(cuisine)s)") % {
        "recipe": describe.dish_word(card["name"]),
        "cuisine": describe.cuisine_word(card["cuisine"]),
    }


def present(view: dict[str, Any], names: list[str]) -> list[Section]:
    me = view["seat"]
    return [
        _now(view, names, me),
        *([_you(view, me)] if me is not None else []),
        _board(view),
        _players(view, names, me),
        log_section(view, describe, names),
    ]


def _now(view, names, me) -> Section:
    lines = result_lines(view, names) or [Line(describe.headline(view, namer(names)))]
    serving = view.get("serving")
    if serving and not view.get("over"):
        who = name_of(names, serving["seat"])
        said = (
            _(
                "Saucepan %(pan)d is full: %(player)s is the cook, must serve a recipe of 2+ matches if they "
                "have one."
            )
            if serving["cook"]
            else _("Saucepan %(pan)d is full: %(player)s is a co-chef, may serve (2+ matches) or pass.")
        )
        lines.append(Line(said % {"pan": serving["pan"] + 1, "player": who}))
    if view.get("learner_memory"):
        lines.append(
            Line(_("Learner: remember for me is on (the log keeps naming what went under the lid)."))
        )
    if view.get("legal_actions"):
        lines.append(Line(_("Your move: choose one on the right."), strong=True))
    elif not view.get("over"):
        others = [name_of(names, s) for s in view["active_seats"] if s != me]
        if others:
            lines.append(Line(_("Waiting for %(players)s.") % {"players": and_list(others)}))
    return Section("now", _("Now"), lines)


def _you(view, me) -> Section:
    player = view["players"][me]
    lines = [
        Line(
            _("%(cuisine)s, square %(square)d")
            % {"cuisine": describe.cuisine_word(player["colour"]), "square": player["pathway"]},
            seat=me,
            cards=(cuisine_card(player["colour"]),),
        )
    ]
    hand = view.get("hand") or []  # the ingredients as pictures only
    lines.append(
        Line(
            _("Hand (%(count)d):") % {"count": len(hand)} if hand else _("Hand: empty"),
            cards=tuple(map(card, sorted(hand, key=hand.index))),
        )
    )
    for recipe in view.get("book") or []:
        lines.append(
            Line(_("Book: %(recipe)s") % {"recipe": recipe_title(recipe)}, cards=recipe_cards(recipe))
        )
    for recipe in view.get("choosing_from") or []:
        lines.append(
            Line(
                _("Offered: %(recipe)s") % {"recipe": recipe_title(recipe)},
                strong=True,
                cards=recipe_cards(recipe),
            )
        )
    if player.get("redeemed"):  # the cuisines as pictures, as the menu shows them
        lines.append(
            Line(
                _("Served %(count)d:") % {"count": len(player["redeemed"])},
                cards=_served_cards(player["redeemed"]),
            )
        )
    return Section("you", _("You"), lines)


def _served_cards(redeemed: list[dict[str, Any]]) -> tuple[str, ...]:
    """A cuisine card per served recipe, like cuisines together."""
    return tuple(sorted(cuisine_card(recipe["cuisine"]) for recipe in redeemed))


def _board(view) -> Section:
    lines = []
    for pan in view["pans"]:
        facts = {"pan": pan["pan"] + 1, "count": int(pan.get("count") or 0)}
        if pan.get("covered"):
            lines.append(
                Line(
                    ngettext(
                        "Saucepan %(pan)d: lid on, %(count)d card",
                        "Saucepan %(pan)d: lid on, %(count)d cards",
                        facts["count"],
                    )
                    % facts,
                    cards=(BACK,) * facts["count"],
                )
            )
        elif not facts["count"]:
            lines.append(Line(_("Saucepan %(pan)d: empty") % facts))
        else:  # the ingredients as pictures only
            said = (
                _("Saucepan %(pan)d (%(count)d/6, FULL):")
                if pan.get("full")
                else _("Saucepan %(pan)d (%(count)d/6):")
            )
            lines.append(Line(said % facts, cards=tuple(map(card, pan.get("ingredients") or []))))
    pantry = [kind for kind in view["pantry"] if kind]
    empty = len(view["pantry"]) - len(pantry)
    lines.append(
        Line(
            _("Pantry: empty")
            if not pantry
            else _("Pantry (%(count)d empty):") % {"count": empty}
            if empty
            else _("Pantry:"),
            cards=tuple(map(card, pantry)),
        )
    )
    stars = [sq["stars"] for sq in view["menu"]]
    hidden = _("(face down)")
    if stars and stars == list(range(stars[0], stars[0] - len(stars), -1)):  # the stars said once
        head = _("Menu (%(most)d* to %(least)d*):") % {"most": stars[0], "least": stars[-1]}
        squares = [describe.cuisine_word(sq["cuisine"]) if sq["cuisine"] else hidden for sq in view["menu"]]
    else:
        head = _("Menu:")
        squares = [
            f"{sq['stars']}* {describe.cuisine_word(sq['cuisine']) if sq['cuisine'] else hidden}"
            for sq in view["menu"]
        ]
    lines += pictured(pack(head, squares), (cuisine_card(sq["cuisine"]) for sq in view["menu"]))
    lines.append(
        Line(
            _("Ingredients: %(draw)d to draw, %(discarded)d discarded")
            % {
                "draw": view.get("ingredient_draw_count", 0),
                "discarded": view.get("ingredient_discard_count", 0),
            }
        )
    )
    lines.append(
        Line(
            _("Recipes: %(draw)d to draw, %(discarded)d discarded")
            % {"draw": view.get("recipe_draw_count", 0), "discarded": view.get("recipe_discard_count", 0)}
        )
    )
    tops = [
        describe.ingredient_word(top) if isinstance(top := view.get("ingredient_discard_top"), str) else "",
        describe.dish_word(top["name"]) if isinstance(top := view.get("recipe_discard_top"), dict) else "",
    ]
    if any(tops):
        lines.append(Line(_("Top discards: %(cards)s") % {"cards": ", ".join(t for t in tops if t)}))
    match = view.get("match_squares") or {}
    if match:
        lines.append(
            Line(
                _("Matches->squares: %(table)s; stars at %(squares)s")
                % {
                    "table": ", ".join(f"{m}->{sq}" for m, sq in match.items()),
                    "squares": ", ".join(str(s) for s in view.get("star_squares") or []),
                }
            )
        )
    return Section("board", _("Table"), lines)


def _players(view, names, me) -> Section:
    lines = []
    for seat, player in enumerate(view["players"]):
        if seat == me:
            continue
        lines.append(
            Line(
                _("%(player)s (%(cuisine)s), square %(square)d")
                % {
                    "player": name_of(names, seat),
                    "cuisine": describe.cuisine_word(player["colour"]),
                    "square": player["pathway"],
                },
                seat=seat,
            )
        )
        counts = [
            _("hand %(count)d") % {"count": player["hand_count"]},
            _("book %(count)d") % {"count": player["book_count"]},
        ]
        if player.get("choosing_count"):
            counts.append(_("choosing %(count)d") % {"count": player["choosing_count"]})
        served = player.get("redeemed") or []
        if served:  # the served recipes' cuisines as pictures beside the counts
            counts.append(_("served %(count)d:") % {"count": len(served)})
        lines.append(Line("  " + ", ".join(counts), cards=_served_cards(served)))
    return Section("players", _("Other chefs") if isinstance(me, int) else _("Chefs"), lines)
