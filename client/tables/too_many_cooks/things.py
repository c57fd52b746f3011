"""The Too Many Cooks table as the kit's things: the soup's cards, the spare cards, the arrows on the
pot's rim, the buttons under the pot, and what is there to be read (the tastes, the chefs' seats, the
round's log); and which things a legal move is made by touching, in order (``path_of``): a soup card
then the spare it becomes, an arrow, the main button."""

from __future__ import annotations

from typing import Any

from soupkitchen.client.tables.kit.table_objects import Thing
from soupkitchen.client.tables.too_many_cooks.layout import SIZE, TableLayout
from soupkitchen.client.tables.too_many_cooks.model import TableModel
from soupkitchen.client.words import _, ngettext
from soupkitchen.shared.too_many_cooks import describe
from soupkitchen.shared.too_many_cooks.cards import COLOURS, VEGETABLES
from soupkitchen.shared.too_many_cooks.taste_words import taste_words

MAIN = "button:main"
LOG = "log"
EMOTES = ("disgusting", "delicious", "fine")
ROTATIONS = [(line, index, step) for line in ("col", "row") for index in range(SIZE) for step in (-1, 1)]


def cell_key(row: int, col: int) -> str:
    return f"cell:{row}:{col}"


def spare_key(veg: str, colour: str) -> str:
    return f"spare:{veg}:{colour}"


def arrow_key(line: str, index: int, step: int) -> str:
    return f"arrow:{line}:{index}:{step}"


def emote_key(index: int) -> str:
    return f"button:emote:{index}"


def taste_key(index: int) -> str:
    return f"taste:{index}"


def chef_key(seat: int) -> str:
    return f"chef:{seat}"


def parse(key: str) -> list[str]:
    return key.split(":")


def path_of(action: dict[str, Any]) -> tuple[str, ...]:
    """The things touched, in order, to make ``action``."""
    kind = action.get("type")
    if kind == "change":
        return cell_key(action["row"], action["col"]), spare_key(action["veg"], action["colour"])
    if kind == "rotate":
        return (arrow_key(action["line"], action["index"], action["step"]),)
    if kind in ("pass", "ready"):
        return (MAIN,)
    if kind == "react" and action.get("emote") in EMOTES:
        return (emote_key(EMOTES.index(action["emote"])),)
    return ()


def card_face(card: dict[str, Any]) -> str | None:
    return f"too_many_cooks/cards/{card.get('veg')}-{card.get('colour')}" if card.get("veg") else None


def soup_card(card: dict[str, Any], row: int, col: int, lay: TableLayout) -> Thing:
    """The soup card in cell (row, col) (``extra["card"]``: the card itself)."""
    words = describe.card_words({"colour": str(card.get("colour")), "veg": str(card.get("veg"))})
    what = (
        (
            _("%(card)s in the soup, row %(row)d, column %(col)d")
            % {"card": words[:1].upper() + words[1:], "row": row + 1, "col": col + 1}
        )
        if card.get("veg")
        else ""
    )
    return Thing(
        cell_key(row, col),
        lay.cell(row, col),
        what=what,
        face=card_face(card),
        sig=f"{card.get('veg')}-{card.get('colour')}",
        readable=True,
        extra={"card": card, "cell": (row, col)},
    )


def soup_things(model: TableModel, lay: TableLayout) -> list[Thing]:
    return [soup_card(model.card(row, col), row, col, lay) for row in range(SIZE) for col in range(SIZE)]


def spare_things(model: TableModel, lay: TableLayout) -> list[Thing]:
    """A thing for each of the 32 spare cards, its count in ``extra`` (an empty place at none)."""
    found = []
    for index, (veg, colours) in enumerate(model.spare_sets()):
        for ci, (colour, count) in enumerate(colours):
            card = {"veg": veg, "colour": colour}
            words = describe.card_words(card)
            what = (
                (
                    ngettext("Spare %(card)s: %(count)d left", "Spare %(card)s: %(count)d left", count)
                    % {"card": words, "count": count}
                )
                if count
                else _("No spare %(card)s left") % {"card": words}
            )
            found.append(
                Thing(
                    spare_key(veg, colour),
                    lay.spare_card(index, ci),
                    "card" if count else "zone",
                    what=what,
                    face=card_face(card) if count else None,
                    sig=str(count),
                    readable=True,
                    extra={"card": card, "count": count},
                )
            )
    return found


def arrow_things(model: TableModel, lay: TableLayout) -> list[Thing]:
    """The arrows of the rotations the chef may make now (none out of turn)."""
    return [
        Thing(arrow_key(*rotation), lay.arrow(*rotation), "button", extra={"rotation": rotation})
        for rotation in ROTATIONS
        if model.rotation(*rotation) is not None
    ]


def taste_things(model: TableModel, rows: list[Any]) -> list[Thing]:
    """The tastes in sight in the tastes panel, to be read."""
    found = []
    for i, (taste, row) in enumerate(zip(model.listed_tastes(), rows, strict=False)):
        if row is None:
            continue
        words = taste_words(str(taste.get("id", "")), str(taste.get("text", "")))
        state = _("satisfied") if taste.get("satisfied") else _("not satisfied")
        found.append(
            Thing(
                taste_key(i),
                row,
                "zone",
                what=f"{words} ({state})",
                readable=True,
                sig=str(bool(taste.get("satisfied"))),
                extra={"taste": taste},
            )
        )
    return found


def build(
    model: TableModel,
    lay: TableLayout,
    words: dict[str, str],
    chef_words: dict[int, str],
    taste_rows: list[Any],
    log_words: str,
) -> list[Thing]:
    """Every thing of the table, bottom first. ``words``: the buttons' labels; ``chef_words``: what
    each seat says on hover; ``taste_rows``: where the tastes in sight lie."""
    things = taste_things(model, taste_rows)
    if model.phase != "over":
        things += spare_things(model, lay)
    things += soup_things(model, lay)
    if model.phase == "playing":
        things += arrow_things(model, lay)
    chefs = model.chefs()
    things += [
        Thing(
            chef_key(int(chef.get("seat", i))),
            lay.chef_row(i, len(chefs)),
            "zone",
            what=chef_words.get(int(chef.get("seat", i)), ""),
            readable=True,
        )
        for i, chef in enumerate(chefs)
    ]
    things.append(Thing(LOG, lay.log(len(chefs)), "zone", what=log_words, readable=True))
    things.append(Thing(MAIN, lay.button("main"), "button", words=words.get(MAIN, ""), readable=True))
    for i in range(len(EMOTES)):
        key = emote_key(i)
        things.append(
            Thing(
                key,
                lay.button(f"emote{i}"),
                "button",
                words=words.get(key, ""),
                what=words.get(key + ":what", ""),
                readable=True,
            )
        )
    return things


def spare_order() -> list[tuple[str, str]]:
    return [(veg, colour) for veg in VEGETABLES for colour in COLOURS]
