"""Too Many Cooks for a screen reader, from the shown chef's own view: the soup as a 4 by 4 grid of
named cells (each with the swaps it allows), the rotations, the spare piles, each chef's seat with
its faces and last reaction, the shared tastes, the chef's own tastes, the reveal and the round log
(client/access/table.py says what a builder gives)."""

from __future__ import annotations

from typing import Any

from soupkitchen.client.access.table import Seat, clock_words, focus_by_key
from soupkitchen.client.access.tree import Node, items
from soupkitchen.client.words import _, ngettext
from soupkitchen.shared.too_many_cooks.cards import COLOURS, VEGETABLES
from soupkitchen.shared.too_many_cooks.describe import card_words, difficulty_word, round_explanation
from soupkitchen.shared.too_many_cooks.taste_words import taste_words

LOG_LINES = 30  # the round log's newest lines


def cell_id(row: int, col: int) -> str:
    return f"soup.r{row}c{col}"


def change_id(action: dict[str, Any]) -> str:
    return f"{cell_id(action['row'], action['col'])}.{action['veg']}-{action['colour']}"


def rotate_id(line: str, index: int, step: int) -> str:
    return f"rotate.{line}{index}.{'forth' if step > 0 else 'back'}"


def cell_words(row: int, col: int, card: dict[str, Any]) -> str:
    return _("row %(row)d, column %(col)d: %(card)s") % {
        "row": row + 1,
        "col": col + 1,
        "card": card_words(card),
    }


def taste_line(taste: dict[str, Any]) -> str:
    words = taste_words(str(taste.get("id")), str(taste.get("text", "")))
    return (_("%(taste)s: satisfied") if taste.get("satisfied") else _("%(taste)s: not satisfied")) % {
        "taste": words
    }


def soup_grid(seat: Seat) -> Node:
    """The 4 by 4 grid; a card whose face and swaps did not change is its cell as built last time."""
    soup = seat.view.get("soup") or []
    changes: dict[tuple[int, int], list[dict[str, Any]]] = {}
    for action in seat.legal:
        if action.get("type") == "change":
            changes.setdefault((action["row"], action["col"]), []).append(action)
    grid = Node("soup", "grid", _("The soup"), _("4 rows of 4 cards"))
    for r, line in enumerate(soup):
        row = Node(f"soup.r{r}", "row", _("Row %(row)d") % {"row": r + 1}, row=r)
        for c, card in enumerate(line):
            here = changes.get((r, c), [])
            row.add(
                seat.reuse(
                    cell_id(r, c),
                    (card, here),
                    lambda r=r, c=c, card=card, here=here: cell(seat, r, c, card, here),
                )
            )
        grid.add(row)
    return grid


def cell(seat: Seat, r: int, c: int, card: dict[str, Any], changes: list[dict[str, Any]]) -> Node:
    """One card of the soup, with a button for each swap it allows (the same vegetable first)."""
    node = Node(cell_id(r, c), "cell", cell_words(r, c, card), row=r, col=c)
    here = sorted(
        changes,
        key=lambda a: (a["veg"] != card.get("veg"), VEGETABLES.index(a["veg"]), COLOURS.index(a["colour"])),
    )
    return node.add(*[seat.move(change_id(action), action) for action in here])


def rotations(seat: Seat) -> Node | None:
    moves = [a for a in seat.legal if a.get("type") == "rotate"]
    if not moves:
        return None
    group = Node("rotate", "group", _("Rotate a row or a column"), str(len(moves)))
    return group.add(*[seat.move(rotate_id(a["line"], a["index"], a["step"]), a) for a in moves])


def spares(seat: Seat) -> Node:
    counts = {(s.get("veg"), s.get("colour")): int(s.get("count", 0)) for s in seat.view.get("spares") or []}
    node = Node("spares", "list", _("Spare cards"))
    for veg in VEGETABLES:
        left = [
            _("%(card)s: %(count)d")
            % {"card": card_words({"veg": veg, "colour": colour}), "count": counts.get((veg, colour), 0)}
            for colour in COLOURS
        ]
        node.add(Node(f"spares.{veg}", "list_item", ", ".join(left)))
    return node


def chef_words(seat: Seat, chef: dict[str, Any]) -> str:
    number = int(chef.get("seat", 0))
    view = seat.view
    faces = chef.get("tastes") or []
    happy = sum(bool(face.get("happy")) for face in faces if isinstance(face, dict))
    parts = [seat.names(number) + (" " + _("(you)") if number == seat.seat else "")]
    if view.get("phase") == "playing" and view.get("turn") == number:
        parts.append(_("playing now"))
    elif chef.get("passed"):
        parts.append(_("passed"))
    elif chef.get("ready") and view.get("phase") in ("ready", "reveal"):
        parts.append(_("ready"))
    if faces:
        parts.append(
            ngettext(
                "%(happy)d of %(count)d taste face happy",
                "%(happy)d of %(count)d taste faces happy",
                len(faces),
            )
            % {"happy": happy, "count": len(faces)}
        )
    reaction = seat.reactions.get(number)
    if reaction:
        parts.append(_("last reaction: %(reaction)s") % {"reaction": reaction})
    return ", ".join(parts)


def chefs(seat: Seat) -> Node:
    node = Node("chefs", "list", _("Chefs"))
    for chef in seat.view.get("chefs") or []:
        if isinstance(chef, dict):
            node.add(Node(f"chefs.{chef.get('seat')}", "list_item", chef_words(seat, chef)))
    return node


def tastes(node_id: str, name: str, listed: list[dict[str, Any]]) -> Node:
    return items(node_id, "list", name, [taste_line(t) for t in listed if isinstance(t, dict)])


def reveal(seat: Seat) -> Node | None:
    shown = seat.view.get("reveal")
    if not isinstance(shown, dict):
        return None
    lines = []
    for taste in shown.get("tastes") or []:
        owner = taste.get("owner")
        whose = _("shared") if owner is None else seat.names(owner) if owner != seat.seat else _("yours")
        lines.append(f"{whose}: {taste_line(taste)}")
    node = items("reveal", "list", _("Every taste, turned over"), lines)
    node.add(Node("reveal.verdict", "label", round_explanation(str(seat.view.get("mode")), shown)))
    return node


def standing(seat: Seat) -> str:
    view = seat.view
    return _("Round %(round)d of %(rounds)d, %(difficulty)s; %(stars)d of %(most)d stars") % {
        "round": view.get("round", 1),
        "rounds": view.get("rounds", 1),
        "difficulty": difficulty_word(str(view.get("difficulty", ""))),
        "stars": view.get("stars", 0),
        "most": view.get("max_stars", 5),
    }


def main_move(action: dict[str, Any]) -> bool:
    return action.get("type") in ("ready", "pass")


def zones(seat: Seat) -> list[Node]:
    view = seat.view
    legal, chef_seats = seat.legal, view.get("chefs") or []
    names = [seat.name(int(chef.get("seat", 0))) for chef in chef_seats if isinstance(chef, dict)]
    return [
        n
        for n in (
            seat.reuse(
                "standing",
                (standing(seat), [a for a in legal if main_move(a)]),
                lambda: seat.moves_for(
                    Node("standing", "status", _("The kitchen"), standing(seat)),
                    main_move,
                ),
            ),
            soup_grid(seat),
            seat.reuse("rotate", legal, lambda: rotations(seat)),
            seat.reuse("spares", view.get("spares"), lambda: spares(seat))
            if view.get("reveal") is None
            else None,
            seat.reuse(
                "chefs",
                (chef_seats, names, view.get("phase"), view.get("turn"), seat.reactions),
                lambda: chefs(seat),
            ),
            seat.reuse(
                "tastes.shared",
                view.get("shared_tastes"),
                lambda: tastes("tastes.shared", _("Shared tastes"), view.get("shared_tastes") or []),
            ),
            seat.reuse(
                "tastes.mine",
                view.get("my_tastes"),
                lambda: tastes("tastes.mine", _("Your tastes"), view.get("my_tastes") or []),
            )
            if seat.seat is not None
            else None,
            seat.reuse("reveal", (view.get("reveal"), view.get("mode"), names), lambda: reveal(seat)),
            seat.reuse(
                "log",
                seat.history[-LOG_LINES:],
                lambda: items("log", "log", _("Round log"), seat.history[-LOG_LINES:]),
            ),
        )
        if n is not None
    ]


def where_am_i(seat: Seat) -> str:
    """The round, whose turn, the soup row by row, my tastes and the shared ones, time left."""
    view = seat.view
    rows = [
        _("Row %(row)d: %(cards)s.") % {"row": r + 1, "cards": ", ".join(card_words(card) for card in line)}
        for r, line in enumerate(view.get("soup") or [])
    ]
    if view.get("phase") == "playing":
        turn = view.get("turn")
        whose = (
            _("Your turn.") if turn == seat.seat else _("%(player)s's turn.") % {"player": seat.names(turn)}
        )
    elif view.get("phase") == "over":
        whose = _("The game is over.")
    else:
        whose = _("Waiting for every chef to say ready.")
    mine = [taste_line(t) for t in view.get("my_tastes") or []]
    shared = [taste_line(t) for t in view.get("shared_tastes") or []]
    parts = [standing(seat) + ".", whose, *rows]
    if mine:
        parts.append(_("Your tastes: %(tastes)s.") % {"tastes": "; ".join(mine)})
    if shared:
        parts.append(_("Shared tastes: %(tastes)s.") % {"tastes": "; ".join(shared)})
    if seat.remaining is not None and view.get("phase") == "playing":
        parts.append(clock_words(seat.remaining) + ".")
    return " ".join(parts)


def focus_of(scene: Any, root: Node) -> str | None:
    """The node under the table's keyboard focus: a soup card, the swap a picked card's focus is on
    (a ringed spare), a rotation arrow, a spare pile, a taste, a chef, the log or the main move."""
    key = str(getattr(scene, "focus", None) or "")
    bits = key.split(":")
    picked = getattr(getattr(scene, "choosing", None), "picked", ())
    if bits[0] == "cell" and len(bits) == 3:
        return cell_id(int(bits[1]), int(bits[2]))
    if bits[0] == "spare" and len(bits) == 3:
        if picked and str(picked[0]).startswith("cell:"):
            row, col = (int(n) for n in str(picked[0]).split(":")[1:])
            return change_id({"row": row, "col": col, "veg": bits[1], "colour": bits[2]})
        return f"spares.{bits[1]}"
    if bits[0] == "arrow" and len(bits) == 4:
        return rotate_id(bits[1], int(bits[2]), int(bits[3]))
    if bits[0] == "taste" and len(bits) == 2:
        return taste_focus(scene, root, int(bits[1]))
    if bits[0] == "chef" and len(bits) == 2:
        return f"chefs.{bits[1]}"
    if key == "button:main":
        return "standing"
    return focus_by_key(root, key) if key else None


def taste_focus(scene: Any, root: Node, index: int) -> str:
    view = scene.current_view() or {}
    if view.get("reveal") is not None:
        return f"reveal.{index}"
    shared = len(view.get("shared_tastes") or [])
    return f"tastes.shared.{index}" if index < shared else f"tastes.mine.{index - shared}"
