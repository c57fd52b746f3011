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
    plural,
    result_lines,
)
from soupkitchen.shared.pot_pourri import describe

BACK = "pot_pourri/back"


def card(ingredient: str) -> str:
    """The picture of an ingredient card ("fish", "tomatoes")."""
    return f"pot_pourri/{ingredient}"


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
    """A recipe card's name and cuisine, its ingredients being shown as pictures: "Gazpacho (Mediterranean)"."""
    return f"{card['name']} ({card['cuisine']})"


def present(view: dict[str, Any], names: list[str]) -> list[Section]:
    me = view["seat"]
    return [_now(view, names, me), *([_you(view, me)] if me is not None else []),
            _board(view), _players(view, names, me), log_section(view, describe, names)]


def _now(view, names, me) -> Section:
    lines = result_lines(view, names) or [Line(describe.headline(view, namer(names)))]
    serving = view.get("serving")
    if serving and not view.get("over"):
        who = name_of(names, serving["seat"])
        role = ("the cook, must serve a recipe of 2+ matches if they have one" if serving["cook"]
                else "a co-chef, may serve (2+ matches) or pass")
        lines.append(Line(f"Saucepan {serving['pan'] + 1} is full: {who} is {role}."))
    if view.get("learner_memory"):
        lines.append(Line("Learner: remember for me is on (the log keeps naming what went under the lid)."))
    if view.get("legal_actions"):
        lines.append(Line("Your move: choose one on the right.", strong=True))
    elif not view.get("over"):
        others = [name_of(names, s) for s in view["active_seats"] if s != me]
        if others:
            lines.append(Line("Waiting for " + ", ".join(others) + "."))
    return Section("now", "Now", lines)


def _you(view, me) -> Section:
    player = view["players"][me]
    lines = [Line(f"{player['colour']}, square {player['pathway']}", seat=me, cards=(cuisine_card(player["colour"]),))]
    hand = view.get("hand") or []   # the ingredients as pictures only
    lines.append(Line(f"Hand ({len(hand)}):" if hand else "Hand: empty", cards=tuple(map(card, sorted(hand, key=hand.index)))))
    for recipe in view.get("book") or []:
        lines.append(Line("Book: " + recipe_title(recipe), cards=recipe_cards(recipe)))
    for recipe in view.get("choosing_from") or []:
        lines.append(Line("Offered: " + recipe_title(recipe), strong=True, cards=recipe_cards(recipe)))
    if player.get("redeemed"):   # the cuisines as pictures, as the menu shows them
        lines.append(Line(f"Served {len(player['redeemed'])}:", cards=_served_cards(player["redeemed"])))
    return Section("you", "You", lines)


def _served_cards(redeemed: list[dict[str, Any]]) -> tuple[str, ...]:
    """A cuisine card per served recipe, like cuisines together."""
    return tuple(sorted(cuisine_card(recipe["cuisine"]) for recipe in redeemed))



def _board(view) -> Section:
    lines = []
    for pan in view["pans"]:
        label = f"Saucepan {pan['pan'] + 1}"
        if pan.get("covered"):
            lines.append(Line(f"{label}: lid on, {plural(pan['count'], 'card')}", cards=(BACK,) * int(pan["count"])))
        elif not pan.get("count"):
            lines.append(Line(f"{label}: empty"))
        else:   # the ingredients as pictures only
            full = ", FULL" if pan.get("full") else ""
            lines.append(Line(f"{label} ({pan['count']}/6{full}):", cards=tuple(map(card, pan.get("ingredients") or []))))
    pantry = [kind for kind in view["pantry"] if kind]
    empty = len(view["pantry"]) - len(pantry)
    lines.append(Line("Pantry: empty" if not pantry else f"Pantry ({empty} empty):" if empty else "Pantry:",
                      cards=tuple(map(card, pantry))))
    stars = [sq["stars"] for sq in view["menu"]]
    if stars and stars == list(range(stars[0], stars[0] - len(stars), -1)):   # the stars said once
        head, squares = f"Menu ({stars[0]}* to {stars[-1]}*):", [sq["cuisine"] or "(face down)" for sq in view["menu"]]
    else:
        head, squares = "Menu:", [f"{sq['stars']}* {sq['cuisine'] or '(face down)'}" for sq in view["menu"]]
    lines += pictured(pack(head, squares), (cuisine_card(sq["cuisine"]) for sq in view["menu"]))
    lines.append(Line(f"Ingredients: {view.get('ingredient_draw_count', 0)} to draw, "
                      f"{view.get('ingredient_discard_count', 0)} discarded"))
    lines.append(Line(f"Recipes: {view.get('recipe_draw_count', 0)} to draw, "
                      f"{view.get('recipe_discard_count', 0)} discarded"))
    tops = [top if isinstance(top := view.get("ingredient_discard_top"), str) else "",
            top["name"] if isinstance(top := view.get("recipe_discard_top"), dict) else ""]
    if any(tops):
        lines.append(Line("Top discards: " + ", ".join(t for t in tops if t)))
    match = view.get("match_squares") or {}
    if match:
        lines.append(Line("Matches->squares: " + ", ".join(f"{m}->{sq}" for m, sq in match.items())
                          + "; stars at " + ", ".join(str(s) for s in view.get("star_squares") or [])))
    return Section("board", "Table", lines)


def _players(view, names, me) -> Section:
    lines = []
    for seat, player in enumerate(view["players"]):
        if seat == me:
            continue
        lines.append(Line(f"{name_of(names, seat)} ({player['colour']}), square {player['pathway']}", seat=seat))
        counts = [f"hand {player['hand_count']}", f"book {player['book_count']}"]
        if player.get("choosing_count"):
            counts.append(f"choosing {player['choosing_count']}")
        served = player.get("redeemed") or []
        if served:   # the served recipes' cuisines as pictures beside the counts
            counts.append(f"served {len(served)}:")
        lines.append(Line("  " + ", ".join(counts), cards=_served_cards(served)))
    return Section("players", "Other chefs" if isinstance(me, int) else "Chefs", lines)
