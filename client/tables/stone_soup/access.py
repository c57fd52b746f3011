"""Stone Soup for a screen reader, from the shown player's own view: the food due and the sequence,
the hand kind by kind (cards picked one at a time, then declared as any count: a bluff stays as
possible as at the table), the call window, the pot, the other hands as roughly as a person sees
them across a table, and the log (client/access/table.py says what a builder gives)."""

from __future__ import annotations

from typing import Any

from soupkitchen.client.access.table import (
    Seat,
    clock_words,
    focus_by_key,
    headline,
    log_node,
    log_since_mine,
)
from soupkitchen.client.access.tree import Node, button
from soupkitchen.client.words import _
from soupkitchen.shared.stone_soup.cards import KINDS, SALT, count_words, plural, singular
from soupkitchen.shared.stone_soup.describe import play_words, size_words


def picked(seat: Seat) -> dict[str, int]:
    """The cards picked for the next play (the builder's own memory), within the hand as it is now."""
    hand = seat.view.get("hand") or {}
    chosen = seat.memory.setdefault("picked", {})
    for kind in list(chosen):
        chosen[kind] = min(chosen[kind], int(hand.get(kind, 0)))
        if chosen[kind] <= 0:
            del chosen[kind]
    return chosen


def can(seat: Seat, kind: str) -> bool:
    return any(a.get("type") == kind for a in seat.legal)


def hand(seat: Seat) -> Node | None:
    cards = seat.view.get("hand")
    if cards is None:
        return None
    chosen = picked(seat)
    playing = can(seat, "play")
    total = sum(int(n) for n in cards.values())
    node = Node("hand", "list", _("Your hand"), _("%(count)d cards") % {"count": total})
    for kind in KINDS:
        have = int(cards.get(kind, 0))
        if not have:
            continue
        words = _("%(cards)s: %(count)d") % {"cards": plural(kind), "count": have}
        if chosen.get(kind):
            words += ", " + _("%(count)d picked") % {"count": chosen[kind]}
        item = Node(f"hand:{kind}", "list_item", words)
        if kind == SALT:
            seat.moves_for(item, lambda a: a.get("type") == "salt")
        elif playing:
            item.add(
                button(
                    f"hand:{kind}.pick",
                    _("Pick a card: %(card)s") % {"card": singular(kind)},
                    pick(seat, kind, 1) if chosen.get(kind, 0) < have else None,
                ),
                button(
                    f"hand:{kind}.back",
                    _("Put one back: %(card)s") % {"card": singular(kind)},
                    pick(seat, kind, -1) if chosen.get(kind) else None,
                ),
            )
        node.add(item)
    return node


def pick(seat: Seat, kind: str, step: int):
    def change() -> None:
        chosen = picked(seat)
        chosen[kind] = chosen.get(kind, 0) + step
        if chosen[kind] <= 0:
            del chosen[kind]

    return change


def declare(seat: Seat) -> Node | None:
    """The picked cards, and a button for each count they may be said to be."""
    chosen = picked(seat)
    if not chosen or not can(seat, "play"):
        return None
    due = str(seat.view.get("due"))
    most = int(seat.view.get("most_declared") or 1)
    node = Node(
        "say",
        "group",
        _("Say what the picked cards are"),
        ", ".join(f"{n} {singular(kind) if n == 1 else plural(kind)}" for kind, n in chosen.items()),
    )
    for count in range(1, most + 1):
        action = {"type": "play", "cards": dict(chosen), "count": count}
        node.add(button(f"say:{count}", play_words(action["cards"], count, due), played(seat, action)))
    return node


def played(seat: Seat, action: dict[str, Any]):
    def play() -> None:
        seat.memory["picked"] = {}
        seat.play(action)

    return play


def window(seat: Seat) -> Node | None:
    shown = seat.view.get("window")
    if not isinstance(shown, dict):
        return None
    words = _('%(player)s says "%(claim)s"') % {
        "player": seat.name(shown.get("player")),
        "claim": count_words(int(shown.get("count", 0)), str(shown.get("food"))),
    }
    node = Node("window", "group", _("The call"), words)
    return seat.moves_for(node, lambda a: a.get("type") in ("challenge", "let_go"))


def table(seat: Seat) -> list[Node]:
    view = seat.view
    sequence = ", ".join(plural(food) for food in view.get("sequence") or [])
    due = Node(
        "sequence",
        "label",
        _("Food due: %(food)s") % {"food": plural(str(view.get("due")))},
        _("The sequence: %(foods)s") % {"foods": sequence},
    )
    pot = Node("pot", "label", _("The pot"), size_words(view.get("pot") or {"least": 0, "most": 0}))
    salt = Node("salt", "label", _("Salt under the pot"), str(int(view.get("salt_pile") or 0)))
    hands = Node("players", "list", _("Players"))
    for player in view.get("players") or []:
        number = player.get("seat")
        hands.add(
            Node(
                f"seat:{number}",
                "list_item",
                _("%(player)s: %(cards)s")
                % {
                    "player": seat.name(number),
                    "cards": size_words(player.get("cards") or {"least": 0, "most": 0}),
                },
            )
        )
    return [due, pot, salt, hands]


def zones(seat: Seat) -> list[Node]:
    return [
        n
        for n in (window(seat), hand(seat), declare(seat), *table(seat), log_node(seat, _("The log")))
        if n is not None
    ]


def where_am_i(seat: Seat) -> str:
    """What the table waits for, my hand, the food due, the pot, the others' hands, time left."""
    view = seat.view
    parts = [headline(seat) + "."]
    cards = view.get("hand") or {}
    if cards:
        parts.append(
            _("Your hand: %(cards)s.")
            % {
                "cards": ", ".join(
                    f"{n} {singular(kind) if n == 1 else plural(kind)}" for kind, n in cards.items() if n
                )
            }
        )
    parts.append(_("The pot: %(size)s.") % {"size": size_words(view.get("pot") or {"least": 0, "most": 0})})
    for player in view.get("players") or []:
        if player.get("seat") != seat.seat:
            parts.append(
                _("%(player)s: %(cards)s.")
                % {"player": seat.names(player.get("seat")), "cards": size_words(player.get("cards"))}
            )
    if seat.remaining is not None:
        parts.append(clock_words(seat.remaining) + ".")
    return " ".join(parts)


def since_my_turn(seat: Seat) -> list[str]:
    return log_since_mine(seat)


def focus_of(scene: Any, root: Node) -> str | None:
    return focus_by_key(root, getattr(scene, "focus", None))
