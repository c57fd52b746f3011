"""Pot Pourri for a screen reader, from the shown player's own view: the three saucepans (the one
under the lid named only by its count), the pantry and the piles, the menu, the gourmet pathway,
the player's hand, cookery book and recipes offered, the other players as everyone sees them, and
the log (client/access/table.py says what a builder gives)."""

from __future__ import annotations

from typing import Any

from soupkitchen.client.access.table import Seat, focus_by_key, headline, log_node, log_since_mine
from soupkitchen.client.access.tree import Node, items
from soupkitchen.client.words import _, ngettext
from soupkitchen.shared.pot_pourri.describe import cuisine_word, dish_word, ingredient_word


def recipe_words(card: dict[str, Any]) -> str:
    return _("%(recipe)s (%(cuisine)s): %(ingredients)s") % {
        "recipe": dish_word(str(card.get("name"))),
        "cuisine": cuisine_word(str(card.get("cuisine"))),
        "ingredients": ", ".join(ingredient_word(i) for i in card.get("ingredients") or []),
    }


def pans(seat: Seat) -> Node:
    node = Node("pans", "list", _("The saucepans"))
    for pan in seat.view.get("pans") or []:
        number = int(pan.get("pan", 0))
        count = int(pan.get("count", 0))
        if pan.get("covered"):
            words = ngettext(
                "Saucepan %(pan)d, under the lid: %(count)d card",
                "Saucepan %(pan)d, under the lid: %(count)d cards",
                count,
            ) % {"pan": number + 1, "count": count}
        else:
            cooked = ", ".join(ingredient_word(i) for i in pan.get("ingredients") or []) or _("empty")
            words = _("Saucepan %(pan)d: %(cards)s") % {"pan": number + 1, "cards": cooked}
            if pan.get("full"):
                words += ", " + _("full")
        item = Node(f"pan:{number}", "list_item", words)
        node.add(seat.moves_for(item, lambda a, n=number: a.get("pan") == n))
    return node


def pantry(seat: Seat) -> Node:
    view = seat.view
    node = Node("pantry", "list", _("The pantry"))
    for i, kind in enumerate(view.get("pantry") or []):
        item = Node(f"pantry:{i}", "list_item", ingredient_word(kind) if kind else _("empty"))
        node.add(
            seat.moves_for(
                item,
                lambda a, kind=kind: (
                    a.get("type") == "take" and a.get("source") == "pantry" and a.get("ingredient") == kind
                ),
            )
        )
    draw = int(view.get("ingredient_draw_count") or 0)
    pile = Node(
        "draw",
        "list_item",
        ngettext("Ingredient draw pile: %(count)d card", "Ingredient draw pile: %(count)d cards", draw)
        % {"count": draw},
    )
    node.add(seat.moves_for(pile, lambda a: a.get("type") == "take" and a.get("source") == "draw"))
    top = view.get("ingredient_discard_top")
    discard = int(view.get("ingredient_discard_count") or 0)
    node.add(
        Node(
            "discard",
            "list_item",
            _("Discard pile: %(count)d, %(top)s on top") % {"count": discard, "top": ingredient_word(top)}
            if top
            else _("Discard pile: empty"),
        )
    )
    recipes = int(view.get("recipe_draw_count") or 0)
    node.add(
        seat.moves_for(
            Node(
                "recipes",
                "list_item",
                ngettext("Recipe pile: %(count)d card", "Recipe pile: %(count)d cards", recipes)
                % {"count": recipes},
            ),
            lambda a: a.get("type") == "swap_recipes",
        )
    )
    return node


def menu(seat: Seat) -> Node:
    node = Node("menu", "list", _("The menu"))
    for square in seat.view.get("menu") or []:
        index = int(square.get("square", 0))
        cuisine = square.get("cuisine")
        words = ngettext(
            "Square %(square)d, %(stars)d star: %(tile)s",
            "Square %(square)d, %(stars)d stars: %(tile)s",
            int(square.get("stars", 0)),
        ) % {
            "square": index + 1,
            "stars": int(square.get("stars", 0)),
            "tile": cuisine_word(cuisine) if cuisine else _("a tile face down"),
        }
        item = Node(f"menu:{index}", "list_item", words)
        node.add(item)
    return seat.moves_for(node, lambda a: a.get("type") in ("peek", "swap_menu", "keep_menu"))


def players(seat: Seat) -> Node:
    node = Node("chefs", "list", _("Players"))
    for chef in seat.view.get("players") or []:
        number = int(chef.get("seat", 0))
        served = [dish_word(str(card.get("name"))) for card in chef.get("redeemed") or []]
        words = _(
            "%(player)s (%(cuisine)s): square %(square)d of the pathway; %(hand)d in hand, %(book)d recipes; "
            "served: %(served)s"
        ) % {
            "player": seat.name(number),
            "cuisine": cuisine_word(str(chef.get("colour"))),
            "square": int(chef.get("pathway", 0)),
            "hand": int(chef.get("hand_count", 0)),
            "book": int(chef.get("book_count", 0)),
            "served": ", ".join(served) or _("nothing yet"),
        }
        node.add(Node(f"chef:{number}", "list_item", words))
    return node


def mine(seat: Seat) -> list[Node]:
    view = seat.view
    if seat.seat is None:
        return []
    hand = Node("hand", "list", _("Your hand"))
    for i, kind in enumerate(view.get("hand") or []):
        item = Node(f"hand:{i}", "list_item", ingredient_word(kind))
        hand.add(
            seat.moves_for(
                item,
                lambda a, kind=kind: (
                    a.get("ingredient") == kind and a.get("type") in ("cook", "refresh_pantry")
                ),
            )
            if i == (view.get("hand") or []).index(kind)
            else item
        )
    book = Node("book", "list", _("Your cookery book"))
    for card in view.get("book") or []:
        item = Node(f"book:{card.get('id')}", "list_item", recipe_words(card))
        book.add(
            seat.moves_for(
                item, lambda a, card=card: a.get("type") == "redeem" and a.get("recipe") == card.get("id")
            )
        )
    found = [hand, book]
    offered = view.get("choosing_from") or []
    if offered:
        found.append(
            seat.moves_for(
                items(
                    "offered", "list", _("Recipes to choose from"), [recipe_words(card) for card in offered]
                ),
                lambda a: a.get("type") == "keep",
            )
        )
    return found


def zones(seat: Seat) -> list[Node]:
    view = seat.view
    serving = view.get("serving")
    serve = None
    if isinstance(serving, dict):
        serve = seat.moves_for(
            Node(
                "serving",
                "group",
                _("Serving"),
                _("%(player)s serves from saucepan %(pan)d")
                % {"player": seat.name(serving.get("seat")), "pan": int(serving.get("pan", 0)) + 1},
            ),
            lambda a: a.get("type") in ("redeem", "decline"),
        )
    return [
        n
        for n in (
            serve,
            pans(seat),
            pantry(seat),
            *mine(seat),
            menu(seat),
            players(seat),
            log_node(seat, _("The log")),
        )
        if n is not None
    ]


def where_am_i(seat: Seat) -> str:
    """What the table waits for, my hand and recipes, the saucepans and the pantry."""
    view = seat.view
    parts = [headline(seat)]
    if view.get("hand") is not None:
        parts.append(
            _("Your hand: %(cards)s.")
            % {"cards": ", ".join(ingredient_word(k) for k in view["hand"]) or _("empty")}
        )
    if view.get("book"):
        parts.append(
            _("Your recipes: %(recipes)s.") % {"recipes": "; ".join(recipe_words(c) for c in view["book"])}
        )
    parts += [f"{item.name}." for item in pans(seat).children]
    parts.append(
        _("The pantry: %(cards)s.")
        % {"cards": ", ".join(ingredient_word(k) for k in view.get("pantry") or [] if k) or _("empty")}
    )
    return " ".join(part for part in parts if part)


def since_my_turn(seat: Seat) -> list[str]:
    return log_since_mine(seat)


def focus_of(scene: Any, root: Node) -> str | None:
    return focus_by_key(root, getattr(scene, "focus", None))
