"""Where everything lies on the Pink Soup table (board units, 1920 x 1080), as kit things: the other
chefs' pots along the top, the Shared Kitchen in the middle (deck, five piles, removed cards, the
cards in play), the table's buttons under it, and your seat at the bottom (recipe, pot, drawn cards).
"""

from __future__ import annotations

from soupkitchen.client.tables.kit.board import BODY, Board
from soupkitchen.client.tables.kit.table_objects import Thing
from soupkitchen.client.tables.pink_soup.model import POWERS, PinkModel, face, kind_of
from soupkitchen.client.words import N_, _, ngettext
from soupkitchen.shared.pink_soup import describe
from soupkitchen.shared.pink_soup.cards import POT_SIZE

MAIN_X, MAIN_W = 20, 1460
CARD_W, CARD_H = 120, 168
OTHERS_Y, OTHERS_H = 80, 250
KITCHEN_Y = 382
DECK_X, PILES_X, PILE_STEP = 40, 196, 176
REMOVED_X, PLAY_X, PLAY_STEP = 1066, 1216, 150
BUTTONS_Y, BUTTON_H, BUTTON_W = 620, 52, 250
SEAT_Y = 688
RECIPE_X, RECIPE_W = 36, 316
POT_X, SLOT_STEP, POT_Y = 372, 146, 776
HAND_X, HAND_STEP = 1130, 150
SEARCH_CARD_W, SEARCH_STEP = 84, 92
BUTTON_WORDS = {
    "pass": N_("Pass"),
    "continue": N_("Play on"),  # worded when read
    "search": N_("Search"),
    "shuffle": N_("Shuffle"),
    "swap": N_("Swap"),
    "look": N_("Look"),
}

POWER_WORDS = {  # what each of the Mouse's powers does, for its button's hover words
    "search": N_(
        "Search: see every card of every kitchen pile, covered ones too, and take one into your pot"
    ),
    "shuffle": N_("Shuffle: mix the cards of an open pot; nobody knows where they are afterwards"),
    "swap": N_("Swap: exchange a card of one open pot with a card of another open pot"),
    "look": N_("Look: see the cards of an open pot (only you see them)"),
}


def pot_card_words(label: str | None, learner: bool) -> str:
    """What the table says of a pot card: its name while the view shows it (seen just now, or
    remembered by the learner's aid), else face down."""
    if label is None:
        return _("face down")
    card = describe.card_words(label)
    return (_("%(card)s (remembered for you)") if learner else _("%(card)s (seen just now: remember it)")) % {
        "card": card
    }


def other_panels(count: int) -> list[tuple[float, float]]:
    """(x, width) of each other chef's panel along the top."""
    gap = 16
    width = min(OTHER_PANEL_MOST, (MAIN_W - gap * (count - 1)) / max(1, count))
    start = MAIN_X + (MAIN_W - (width * count + gap * (count - 1))) / 2
    return [(start + i * (width + gap), width) for i in range(count)]


OTHER_PANEL_MOST = 640  # another chef's panel at its widest (board units)
OTHER_SLOT_MOST = 112  # another chef's pot card at its largest (board units)
OTHER_SLOT_GAP = 8  # between two places of another chef's pot


def other_slot_size(width: float) -> tuple[float, float]:
    """Another chef's pot card in a panel ``width`` wide: as large as the five fit side by side, each
    in its own place (cards that overlap look larger than the places left empty)."""
    w = min(OTHER_SLOT_MOST, (width - 24 - OTHER_SLOT_GAP * (POT_SIZE - 1)) / POT_SIZE)
    return w, w * CARD_H / CARD_W


def other_slot_rects(b: Board, x: float, width: float) -> list:
    """The five places of another chef's pot in a panel at ``x``, ``width`` wide, left to right."""
    w, h = other_slot_size(width)
    step = w + OTHER_SLOT_GAP
    left = x + (width - (w + step * (POT_SIZE - 1))) / 2
    return [b.rect(left + i * step, OTHERS_Y + 52, w, h) for i in range(POT_SIZE)]


def touched_slots(entries: dict[int, dict]) -> dict[tuple[int, int], int]:
    """(seat, slot) -> the number of the latest log entry that put another card in that place of a
    pot: a blind pick replaced it, a Mouse swapped or shuffled it. A face-down card replaced by
    another face-down card looks the same; this tells the table that it changed (all of it is public)."""
    stamps: dict[tuple[int, int], int] = {}
    for number, entry in sorted(entries.items()):
        kind, get = entry.get("type"), entry.get
        places = {
            "reveals_other": [(get("target"), get("slot"))],
            "reveals_own": [(get("seat"), get("slot"))],
            "swaps": [(get("first"), get("slot")), (get("second"), get("other_slot"))],
            "shuffles": [(get("target"), i) for i in range(POT_SIZE)],
        }.get(str(kind), [])
        for seat, slot in places:
            if isinstance(seat, int) and isinstance(slot, int):
                stamps[(seat, slot)] = number
    return stamps


def build(
    model: PinkModel,
    b: Board,
    picked: tuple[str, ...],
    names: dict[int, str],
    touched: dict[tuple[int, int], int] | None = None,
) -> list[Thing]:
    """The table's things; ``touched`` (``touched_slots``) tells which pot places got another card when."""
    things: list[Thing] = []
    touched = touched or {}
    me, others = model.seating()
    chefs = model.chefs()
    if not chefs:
        return things
    viewer = model.seat
    for (x, width), seat in zip(other_panels(len(others)), others, strict=False):
        chef = chefs[seat]
        things.append(
            Thing(
                f"pot:{seat}",
                b.rect(x, OTHERS_Y, width, OTHERS_H),
                "zone",
                what=_pot_words(names.get(seat, chef.name), False, len(chef.pot), chef.closed),
                sig=f"closed={chef.closed}",
                extra={"seat": seat},
            )
        )
        things += _slots(
            chef.pot, seat, model, names.get(seat, chef.name), other_slot_rects(b, x, width), touched
        )
    things += _kitchen(model, b, picked)
    things += _buttons(model, b)
    chef = chefs[me]
    things.append(
        Thing("recipe", b.rect(RECIPE_X, SEAT_Y + 42, RECIPE_W, 330), "zone", what=_recipe_words(model))
    )
    things.append(
        Thing(
            f"pot:{me}",
            b.rect(POT_X - 16, SEAT_Y + 42, SLOT_STEP * 4 + CARD_W + 32, 330),
            "zone",
            what=_pot_words(names.get(me, chef.name), me == viewer, len(chef.pot), chef.closed),
            sig=f"closed={chef.closed}",
            extra={"seat": me},
        )
    )
    things += _slots(
        chef.pot,
        me,
        model,
        names.get(me, chef.name),
        [b.rect(POT_X + i * SLOT_STEP, POT_Y, CARD_W, CARD_H) for i in range(POT_SIZE)],
        touched,
    )
    hand = model.hand()
    for i, label in enumerate(hand):
        things.append(
            Thing(
                f"hand:{i}",
                b.rect(HAND_X + i * HAND_STEP, POT_Y, CARD_W, CARD_H),
                what=_("You drew %(card)s") % {"card": describe.card_words(label)},
                face=face(label),
                sig=label,
                origin="deck",
                words=label,
            )
        )
    if not hand and model.hand_size and model.turn in others:
        x, width = other_panels(len(others))[others.index(model.turn)]
        for i in range(model.hand_size):  # another chef's drawn cards, face down in their corner
            things.append(
                Thing(
                    f"drawn:{i}",
                    b.rect(x + width - 16 - (i + 1) * 36, OTHERS_Y + 6, 30, 42),
                    what=_("A card %(chef)s drew")
                    % {"chef": names.get(model.turn, describe.chef(model.turn))},
                    sig="drawn",
                    origin="deck",
                )
            )
    if model.searched_piles():
        things += _search(model, b)
    return things


def _slots(
    pot, seat: int, model: PinkModel, name: str, rects, touched: dict[tuple[int, int], int]
) -> list[Thing]:
    """A pot's cards. A card's look (``sig``) is when its place last got another card, not its face: a
    card turning face down when its moment is over is not a move, a face-down card replaced is."""
    found = []
    for i, (label, rect) in enumerate(zip(pot, rects, strict=False)):
        known = pot_card_words(label, model.learner_memory)
        place = (
            _("Card %(slot)d of your pot: %(card)s")
            if seat == model.seat
            else _("Card %(slot)d of %(chef)s's pot: %(card)s")
        ) % {"slot": i + 1, "chef": name, "card": known}
        found.append(
            Thing(
                f"slot:{seat}:{i}",
                rect,
                what=place,
                face=face(label),
                sig=f"placed {touched.get((seat, i), -1)}",
                under=(f"pot:{seat}",),
                words=label or "",
            )
        )
    return found


def _recipe_words(model: PinkModel) -> str:
    recipe = model.recipe()
    if recipe is None:
        return _("A secret recipe card")
    suits = ", ".join(
        describe.card_words(str(kind_of(s).name if kind_of(s) else s)) for s in recipe.get("suitable") or []
    )
    return _("Your secret recipe, %(recipe)s: %(cards)s") % {
        "recipe": describe.recipe_words(str(recipe.get("name"))),
        "cards": suits,
    }


def _pot_words(name: str, own: bool, cards: int, closed: bool) -> str:
    """A pot's hover words: whose it is, how full, and whether it is closed."""
    facts = {"chef": name, "count": cards}
    if own:
        words = _("Your pot: %(count)d of 5 cards, closed") if closed else _("Your pot: %(count)d of 5 cards")
    else:
        words = (
            _("%(chef)s's pot: %(count)d of 5 cards, closed")
            if closed
            else _("%(chef)s's pot: %(count)d of 5 cards")
        )
    return words % facts


def _kitchen(model: PinkModel, b: Board, picked: tuple[str, ...]) -> list[Thing]:
    things = [
        Thing(
            "deck",
            b.rect(DECK_X, KITCHEN_Y, CARD_W, CARD_H),
            what=ngettext("The deck: %(count)d card left", "The deck: %(count)d cards left", model.deck)
            % {"count": model.deck},
            sig=str(model.deck),
            words=str(model.deck),
        )
    ]
    places = model.kitchen()
    for p, pile in enumerate(places):
        if pile is None:  # an empty place: drawn as an outline (``empty_places``), never a pile
            continue
        top, size = pile
        facts = {"pile": p + 1, "card": describe.card_words(top), "under": size - 1}
        what = (
            ngettext(
                "Kitchen pile %(pile)d: %(card)s on top, %(under)d under it",
                "Kitchen pile %(pile)d: %(card)s on top, %(under)d under it",
                size - 1,
            )
            if size > 1
            else _("Kitchen pile %(pile)d: %(card)s on top")
        ) % facts
        things.append(
            Thing(
                f"pile:{p}",
                b.rect(PILES_X + p * PILE_STEP, KITCHEN_Y, CARD_W, CARD_H),
                what=what,
                face=face(top),
                sig=f"{top}/{size}",
                words=top,
                origin="deck",
                extra={"size": size},
            )
        )
    p = new_pile_place(model)
    if p is not None:
        things.append(
            Thing(
                f"pile:{p}",
                b.rect(PILES_X + p * PILE_STEP, KITCHEN_Y, CARD_W, CARD_H),
                "zone",
                what=_("Room for a new kitchen pile"),
                words=_("new pile"),
            )
        )
    removed = model.removed()
    things.append(
        Thing(
            "removed",
            b.rect(REMOVED_X, KITCHEN_Y, CARD_W, CARD_H),
            "card" if removed else "zone",
            what=_("Removed from the game: %(cards)s")
            % {"cards": ", ".join(describe.card_words(c) for c in removed) if removed else _("none yet")},
            face=face(removed[-1]) if removed else None,
            sig=str(len(removed)),
            words=_("%(count)d removed") % {"count": len(removed)},
        )
    )
    for i, (what, label) in enumerate(model.in_play()):
        things.append(
            Thing(
                f"play:{i}",
                b.rect(PLAY_X + i * PLAY_STEP, KITCHEN_Y, CARD_W * 0.92, CARD_H * 0.92),
                what=f"{_(what)}: {describe.card_words(label) if label else _('face down')}",
                face=face(label),
                sig=f"{what}/{label}",
                words=label or "",
            )
        )
    return things


def _buttons(model: PinkModel, b: Board) -> list[Thing]:
    """The table's buttons for the moves that are not a card: pass, play on (rather than close your
    pot to declare the last round), and the Mouse's four powers while one is being chosen."""
    kinds = {a.get("type") for a in model.actions()}
    names = [k for k in ("pass", "continue") if k in kinds]  # declaring is done by closing your pot
    if model.step == "power" and model.seat == model.turn:
        names += list(POWERS)
    f = b.font(BODY)
    widths = [
        max(BUTTON_W if len(names) <= 3 else 210, f.size(_(BUTTON_WORDS[n]))[0] / b.scale_x + 40)
        for n in names
    ]
    total = sum(widths) + 20 * (len(names) - 1)
    x = (
        MAIN_X + MAIN_W - 20 - total if "declare" in kinds else MAIN_X + (MAIN_W - total) / 2
    )  # beside the hint
    things = []
    for name, width in zip(names, widths, strict=True):
        power = name in POWERS
        words = _(BUTTON_WORDS[name])
        what = _(POWER_WORDS[name]) if power else words
        things.append(
            Thing(
                f"{'power' if power else 'button'}:{name}",
                b.rect(x, BUTTONS_Y, width, BUTTON_H),
                "button",
                what=what,
                words=words,
            )
        )
        x += width + 20
    return things


def _search(model: PinkModel, b: Board) -> list[Thing]:
    """Every card of every kitchen pile, a row per pile, while the Mouse searches."""
    piles = model.searched_piles()
    rows = search_rows(model)
    things = [
        Thing("searchbox", search_box(b, len(rows)), "zone", what=_("Every card of every kitchen pile"))
    ]
    for row, p in enumerate(rows):
        pile = piles[p]
        step = min(SEARCH_STEP, (MAIN_X + MAIN_W - 20 - 250 - SEARCH_CARD_W) / max(1, len(pile) - 1))
        for d, label in enumerate(pile):
            where = _("top") if d == 0 else _("%(depth)d from the top") % {"depth": d + 1}
            things.append(
                Thing(
                    f"search:{p}:{d}",
                    b.rect(250 + d * step, 130 + row * 124, SEARCH_CARD_W, SEARCH_CARD_W * CARD_H / CARD_W),
                    what=_("Kitchen pile %(pile)d, %(where)s: %(card)s")
                    % {"pile": p + 1, "where": where, "card": describe.card_words(label)},
                    face=face(label),
                    sig=label,
                    words=label,
                )
            )
    return things


def new_pile_place(model: PinkModel) -> int | None:
    """The place a card put in the kitchen starts its new pile on: the first empty one, while the
    kitchen has fewer than five piles (None: every place holds a pile, or the game is over)."""
    if model.over:
        return None
    return next((p for p, pile in enumerate(model.kitchen()) if pile is None), None)


def empty_places(model: PinkModel) -> list[int]:
    """The kitchen's empty places other than the one a new pile would start on: each an outline,
    keeping the number of the pile that was there or is still to come."""
    new = new_pile_place(model)
    return [p for p, pile in enumerate(model.kitchen()) if pile is None and p != new]


def search_rows(model: PinkModel) -> list[int]:
    """The kitchen places shown as rows of the search, in order: those holding a pile (each named by
    its place's number)."""
    return [p for p, pile in enumerate(model.searched_piles()) if pile]


def search_box(b: Board, piles: int):
    return b.rect(MAIN_X, 80, MAIN_W, 60 + piles * 124)
