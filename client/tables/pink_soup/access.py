"""Pink Soup for a screen reader, from the shown chef's own view: the deck, the kitchen piles, the
cards drawn, every chef's pot card by card (face down unless this view names it now, so what must
be remembered is still remembered), the recipe, the cards in play, the removed cards and the log
(client/access/table.py says what a builder gives)."""

from __future__ import annotations

from typing import Any

from soupkitchen.client.access.table import Seat, focus_by_key, headline, log_node, log_since_mine
from soupkitchen.client.access.tree import Node, items
from soupkitchen.client.words import _, ngettext
from soupkitchen.shared.pink_soup.describe import card_words, recipe_words

PILE_MOVES = ("take", "kitchen", "discard", "find")


def deck(seat: Seat) -> Node:
    count = int(seat.view.get("deck") or 0)
    node = Node(
        "deck",
        "group",
        _("The deck"),
        ngettext("%(count)d card", "%(count)d cards", count) % {"count": count},
    )
    return seat.moves_for(node, lambda a: a.get("type") == "draw")


def kitchen(seat: Seat) -> Node:
    places = seat.view.get("kitchen") or []
    node = Node("kitchen", "list", _("The kitchen piles"), str(sum(1 for pile in places if pile)))
    for p, pile in enumerate(places):
        if not pile:  # an empty place: no pile to read or take from, its number kept for the pile to come
            continue
        words = ngettext(
            "Pile %(pile)d: %(card)s on top, %(count)d card",
            "Pile %(pile)d: %(card)s on top, %(count)d cards",
            int(pile.get("size", 0)),
        ) % {"pile": p + 1, "card": card_words(pile.get("top")), "count": int(pile.get("size", 0))}
        item = Node(f"pile:{p}", "list_item", words)
        node.add(
            seat.moves_for(
                item,
                lambda a, p=p: (
                    a.get("place") == p
                    and (a.get("type") in PILE_MOVES or (a.get("type") == "activate" and "place" in a))
                ),
            )
        )
    empty = {p for p, pile in enumerate(places) if not pile}
    new_pile = [a for a in seat.legal if a.get("type") in ("kitchen", "discard") and a.get("place") in empty]
    if new_pile:
        node.add(
            seat.moves_for(
                Node("pile:new", "list_item", _("A new pile")),
                lambda a: a.get("type") in ("kitchen", "discard") and a.get("place") in empty,
            )
        )
    return node


def hand(seat: Seat) -> Node | None:
    drawn = seat.view.get("hand") or []
    if not drawn:
        return None
    node = Node("hand", "list", _("The cards you drew"), str(len(drawn)))
    for i, label in enumerate(drawn):
        item = Node(f"hand:{i}", "list_item", card_words(label))
        node.add(seat.moves_for(item, lambda a, i=i: a.get("type") == "kitchen" and a.get("card") == i))
    return seat.moves_for(node, lambda a: a.get("type") == "activate" and "place" not in a)


def pot(seat: Seat, number: int, chef: dict[str, Any]) -> Node:
    who = _("Your pot") if number == seat.seat else _("%(chef)s's pot") % {"chef": seat.names(number)}
    state = []
    if chef.get("closed"):
        state.append(_("closed"))
    if chef.get("final_turn_owed"):
        state.append(_("a final turn to come"))
    cards = chef.get("pot") or []
    state.append(ngettext("%(count)d card", "%(count)d cards", len(cards)) % {"count": len(cards)})
    node = Node(f"pot:{number}", "group", who, ", ".join(state))
    for slot, label in enumerate(cards):
        words = _("card %(slot)d: %(card)s") % {
            "slot": slot + 1,
            "card": card_words(label) if label else _("face down"),
        }
        item = Node(f"slot:{number}:{slot}", "list_item", words)
        node.add(
            seat.moves_for(
                item,
                lambda a, slot=slot: (
                    a.get("slot") == slot
                    and (
                        a.get("type") == "swap"
                        and a.get("seat") == number
                        or a.get("type") == "slot"
                        and seat.view.get("pending", {}).get("make_room_in_seat") == number
                    )
                ),
            )
        )
    return seat.moves_for(
        node, lambda a: a.get("type") in ("pot", "shuffle", "look") and a.get("seat") == number
    )


def recipe(seat: Seat) -> Node | None:
    mine = seat.view.get("recipe")
    if not isinstance(mine, dict):
        return None
    suitable = ", ".join(card_words(card) for card in mine.get("suitable") or [])
    return Node(
        "recipe",
        "label",
        _("Your recipe: %(recipe)s") % {"recipe": recipe_words(str(mine.get("name")))},
        _("%(points)s points; its ingredients: %(cards)s")
        % {"points": mine.get("points"), "cards": suitable},
    )


def pending(seat: Seat) -> Node | None:
    shown = seat.view.get("pending") or {}
    lines = []
    if shown.get("mouse"):
        lines.append(_("The Mouse in play: %(card)s") % {"card": card_words(shown["mouse"])})
    if shown.get("revealed"):
        lines.append(_("The card revealed: %(card)s") % {"card": card_words(shown["revealed"])})
    if shown.get("incoming"):
        lines.append(_("The card going into the pot: %(card)s") % {"card": card_words(shown["incoming"])})
    if isinstance(shown.get("make_room_in_seat"), int):
        lines.append(
            _("Room is being made in %(chef)s's pot") % {"chef": seat.name(shown["make_room_in_seat"])}
        )
    node = items("pending", "list", _("Cards in play this turn"), lines)
    search = shown.get("kitchen_search")
    if isinstance(search, list):
        for p, cards in enumerate(search):
            if not cards:  # an empty place
                continue
            line = _("Pile %(pile)d from the top: %(cards)s") % {
                "pile": p + 1,
                "cards": ", ".join(card_words(c) for c in cards),
            }
            node.add(
                seat.moves_for(
                    Node(f"search:{p}", "list_item", line),
                    lambda a, p=p: a.get("type") == "find" and a.get("place") == p,
                )
            )
    seat.moves_for(node, lambda a: a.get("type") in ("search", "declare", "continue", "pass"))
    return node if node.children else None


def zones(seat: Seat) -> list[Node]:
    view = seat.view
    pots = [pot(seat, number, chef) for number, chef in enumerate(view.get("players") or [])]
    if seat.seat is not None and 0 <= seat.seat < len(pots):  # one's own pot first
        pots.insert(0, pots.pop(seat.seat))
    removed = [card_words(card) for card in view.get("removed") or []]
    return [
        n
        for n in (
            recipe(seat),
            deck(seat),
            kitchen(seat),
            hand(seat),
            pending(seat),
            *pots,
            items("removed", "list", _("Removed from the game"), removed),
            log_node(seat, _("The log")),
        )
        if n is not None
    ]


def where_am_i(seat: Seat) -> str:
    """What the table waits for, my recipe, my pot as I know it, the kitchen tops and the deck."""
    view = seat.view
    parts = [headline(seat)]
    mine = recipe(seat)
    if mine is not None:
        parts.append(f"{mine.name}: {mine.value}.")
    players = view.get("players") or []
    if seat.seat is not None and 0 <= seat.seat < len(players):
        cards = [card_words(c) if c else _("face down") for c in players[seat.seat].get("pot") or []]
        parts.append(_("Your pot: %(cards)s.") % {"cards": ", ".join(cards) or _("empty")})
    tops = [card_words(pile.get("top")) for pile in view.get("kitchen") or [] if pile]
    parts.append(_("Kitchen tops: %(cards)s.") % {"cards": ", ".join(tops) or _("none yet")})
    if view.get("hand"):
        parts.append(_("You drew: %(cards)s.") % {"cards": ", ".join(card_words(c) for c in view["hand"])})
    count = int(view.get("deck") or 0)
    parts.append(
        ngettext("%(count)d card left in the deck.", "%(count)d cards left in the deck.", count)
        % {"count": count}
    )
    return " ".join(part for part in parts if part)


def since_my_turn(seat: Seat) -> list[str]:
    return log_since_mine(seat)


def focus_of(scene: Any, root: Node) -> str | None:
    return focus_by_key(root, getattr(scene, "focus", None))
