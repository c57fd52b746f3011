"""Where everything lies on the Pot Pourri table (board units, 1920 x 1080), as kit things: the
gourmet pathway along the top with the matches-to-squares table, the pantry, piles and menu under
it, the three saucepans and the other chefs in the middle, and your hand and cookery book below."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from typing import Any

import pygame

from soupkitchen.client.tables.kit.board import Board
from soupkitchen.client.tables.kit.table_objects import Thing
from soupkitchen.client.tables.pot_pourri.model import BACK, Chef, PotModel, card, cuisine_card
from soupkitchen.client.words import N_, _, ngettext
from soupkitchen.shared.pot_pourri import describe

MAIN_X, MAIN_W = 20, 1460
PATH_Y, PATH_H = 62, 176
TRACK_X, TRACK_W, ROW_Y, SQUARE_H = 36, 1130, (104, 170), 60
TABLE_X = 1186
ROW_B_Y, CARD_Y, CARD_W, CARD_H = 250, 290, 100, 140
PANTRY_X, STEP = 36, 112
DRAW_X, DISCARD_X, RECIPES_X, RECIPE_DISCARD_X = 506, 618, 764, 876
MENU_X, TILE_W, TILE_H, TILE_STEP, TILE_Y = 1010, 84, 118, 94, 326
PANS_Y, PAN_W, PAN_H, PAN_STEP = 484, 340, 244, 352
PAN_CARD_W, PAN_CARD_H, PAN_FAN = 72, 100, 50
OTHERS_X, OTHERS_W, OTHER_H = 1088, 392, 61
SEAT_Y = 736
HAND_X, HAND_W, HAND_Y = 20, 540, 782
BOOK_X, BOOK_W, RECIPE_W, RECIPE_H, RECIPE_STEP = 576, 904, 210, 286, 224
BUTTON_Y, BUTTON_W, BUTTON_H = 988, 250, 56
REPLACE_KEY = "button:replace_pantry"  # the pantry's control: replace the pantry (then a hand card)
REPLACE_Y, REPLACE_H = 436, 42


def useless_words() -> str:
    """Why the table offers to replace the pantry (the rules allow it at the start of a turn)."""
    return _("Nothing in the pantry is in your recipes: you may replace it before your move.")


BUTTON_WORDS = {
    "stop_cooking": N_("Finish cooking"),
    "decline": N_("Serve nothing"),
    "keep_menu": N_("Leave the menu"),
    "pass": N_("Pass"),
}


def square_rect(b: Board, square: int, length: int) -> pygame.Rect:
    """Square ``square`` of a serpentine track of ``length`` squares in two rows."""
    per_row = length // 2
    w = TRACK_W / per_row
    row, col = divmod(square, per_row)
    if row % 2:
        col = per_row - 1 - col
    return b.rect(TRACK_X + col * w, ROW_Y[min(row, 1)], w - 4, SQUARE_H)


def counter_rect(b: Board, square: pygame.Rect, index: int, count: int = 1) -> pygame.Rect:
    """The place of the ``index``-th of ``count`` counters standing on a square: side by side, each
    whole (one row of up to two above the square's number, else two rows), as large as fits."""
    rows = 1 if count <= 2 else 2
    cols = -(-count // rows)
    gap = b.px(2)
    size = min(b.px(26), (square.w - gap) // cols - gap, (square.h - gap) // rows - gap)
    least = min(b.px(16), square.w - 2 * gap)
    step = size + gap
    if size < least:  # a very long track's narrow square: fanned, each counter partly over the last
        size, step = least, (square.w - 2 * gap - least) // max(1, cols - 1)
    row, col = divmod(index, cols)
    left = square.centerx - ((cols - 1) * step + size) // 2
    return pygame.Rect(left + col * step, square.y + b.px(3) + row * (size + gap), size, size)


def pan_rect(b: Board, pan: int) -> pygame.Rect:
    return b.rect(MAIN_X + pan * PAN_STEP, PANS_Y, PAN_W, PAN_H)


def pan_card_rects(b: Board, pan: int, count: int) -> list[pygame.Rect]:
    return [
        b.rect(MAIN_X + pan * PAN_STEP + 16 + i * PAN_FAN, PANS_Y + 50, PAN_CARD_W, PAN_CARD_H)
        for i in range(count)
    ]


def lid_rect(b: Board, pan: int) -> pygame.Rect:
    return b.rect(MAIN_X + pan * PAN_STEP + 10, PANS_Y + 44, PAN_W - 20, PAN_CARD_H + 40)


def recipe_rects(b: Board, count: int) -> list[pygame.Rect]:
    return [b.rect(BOOK_X + 16 + i * RECIPE_STEP, HAND_Y, RECIPE_W, RECIPE_H) for i in range(count)]


def _first(items: list[str | None], kind: str | None) -> int:
    return items.index(kind)


def build(
    model: PotModel,
    b: Board,
    names: dict[int, str],
    slots: list[str] | None = None,
    final: bool = False,
) -> list[Thing]:
    """Every object on the table, bottom first; ``slots``: the hand as the table lays it out;
    ``final``: at the end, the counters on their final squares (the menu stars walked)."""
    chefs = model.chefs()
    if not chefs:
        return []
    things: list[Thing] = []
    things += _pathway(model, b, names, final)
    things += _pantry_and_piles(model, b)
    things += _menu(model, b)
    things += _pans(model, b)
    things += _others(model, b, names, final)
    things += _hand(model, b, model.hand() if slots is None else slots)
    things += _book(model, b)
    things += _buttons(model, b)
    return things


def _pathway(model: PotModel, b: Board, names: dict[int, str], final: bool = False) -> list[Thing]:
    length = model.track_length()
    things = []
    chefs = model.chefs(final)
    sharing = Counter(chef.square for chef in chefs)
    by_square: dict[int, int] = {}
    for chef in chefs:
        index = by_square.get(chef.square, 0)
        by_square[chef.square] = index + 1
        rect = counter_rect(b, square_rect(b, chef.square, length), index, sharing[chef.square])
        things.append(
            Thing(
                f"counter:{chef.seat}",
                rect,
                what=_("%(player)s's counter: square %(square)d of the gourmet pathway")
                % {"player": names.get(chef.seat, chef.name), "square": chef.square},
                sig=str(chef.square),
                extra={"seat": chef.seat, "walks": True},
            )
        )
    return things


def _pantry_and_piles(model: PotModel, b: Board) -> list[Thing]:
    pantry = model.pantry()
    things = [
        Thing(
            "pantry",
            b.rect(PANTRY_X - 10, ROW_B_Y, STEP * 4 + 8, 230),
            "zone",
            what=_("The pantry: %(cards)s")
            % {"cards": ", ".join(describe.ingredient_word(k) if k else _("empty") for k in pantry)},
        )
    ]
    for i, kind in enumerate(pantry):
        rect = b.rect(PANTRY_X + i * STEP, CARD_Y, CARD_W, CARD_H)
        if kind is None:
            continue
        first = _first(pantry, kind)
        under = ("pantry",) if first == i else (f"pantry:{first}", "pantry")
        things.append(
            Thing(
                f"pantry:{i}",
                rect,
                what=_("Pantry: %(ingredient)s") % {"ingredient": describe.ingredient_word(kind)},
                face=card(kind),
                sig=kind,
                words=kind,
                under=under,
                origin="draw",
            )
        )
    if any(a.get("type") == "refresh_pantry" for a in model.actions()):
        replace = _("Replace the pantry: discard a hand card and the whole pantry, and deal a new one")
        useless = model.pantry_useless()
        things.append(
            Thing(
                REPLACE_KEY,
                b.rect(PANTRY_X, REPLACE_Y, STEP * 4 - 12, REPLACE_H),
                "button",
                what=f"{useless_words()} {replace}" if useless else replace,
                words=_("Replace the pantry"),
                under=("pantry",),
            )
        )
    piles = model.piles()
    draw = int(piles["ingredient_draw_count"] or 0)
    things.append(
        Thing(
            "draw",
            b.rect(DRAW_X, CARD_Y, CARD_W, CARD_H),
            what=ngettext(
                "Ingredient draw pile: %(count)d card", "Ingredient draw pile: %(count)d cards", draw
            )
            % {"count": draw},
            face=BACK,
            sig=str(draw),
            words=str(draw),
        )
    )
    top, size = piles["ingredient_discard_top"], int(piles["ingredient_discard_count"] or 0)
    things.append(
        Thing(
            "discard",
            b.rect(DISCARD_X, CARD_Y, CARD_W, CARD_H),
            "card" if top else "zone",
            what=(
                _("Ingredient discards: %(count)d, %(card)s on top")
                if top
                else _("Ingredient discards: %(count)d")
            )
            % {"count": size, "card": describe.ingredient_word(top)},
            face=card(top) if top else None,
            sig=f"{top}/{size}",
            words=str(size),
        )
    )
    count = int(piles["recipe_draw_count"] or 0)
    things.append(
        Thing(
            "recipes",
            b.rect(RECIPES_X, CARD_Y, CARD_W, CARD_H),
            "zone",
            what=ngettext("Recipe draw pile: %(count)d card", "Recipe draw pile: %(count)d cards", count)
            % {"count": count},
            sig=str(count),
            words=str(count),
        )
    )
    top, size = piles["recipe_discard_top"], int(piles["recipe_discard_count"] or 0)
    title = recipe_words(top) if isinstance(top, dict) else ""
    things.append(
        Thing(
            "recipe_discard",
            b.rect(RECIPE_DISCARD_X, CARD_Y, CARD_W, CARD_H),
            "card" if title else "zone",
            what=(
                _("Recipe discards: %(count)d, %(recipe)s on top")
                if title
                else _("Recipe discards: %(count)d")
            )
            % {"count": size, "recipe": title},
            face=cuisine_card(top.get("cuisine")) if title else None,
            sig=f"{title}/{size}",
            words=str(size),
        )
    )
    return things


def _menu(model: PotModel, b: Board) -> list[Thing]:
    things = []
    for i, square in enumerate(model.menu()):
        cuisine = square.get("cuisine")
        shown = describe.cuisine_word(cuisine) if cuisine else _("face down")
        facts = {"square": i + 1, "stars": int(square.get("stars") or 0), "cuisine": shown}
        what = (
            _("Menu square %(square)d, %(stars)d stars: %(cuisine)s (you looked at it)")
            if cuisine and not square.get("face_up")
            else _("Menu square %(square)d, %(stars)d stars: %(cuisine)s")
        ) % facts
        things.append(
            Thing(
                f"menu:{i}",
                b.rect(MENU_X + i * TILE_STEP, TILE_Y, TILE_W, TILE_H),
                what=what,
                face=cuisine_card(cuisine) if cuisine else None,
                sig=str(cuisine),
                words=cuisine or "",
                extra={"stars": square.get("stars"), "looked": bool(cuisine and not square.get("face_up"))},
            )
        )
    return things


def _pans(model: PotModel, b: Board) -> list[Thing]:
    things = []
    for pan in model.pans():
        held = ", ".join(map(describe.ingredient_word, pan.ingredients)) if pan.ingredients else _("nothing")
        facts = {"pan": pan.index + 1, "count": pan.count, "cards": held}
        if pan.covered:
            what = _("Saucepan %(pan)d: %(count)d of 6 cards under the lid") % facts
        elif pan.full:
            what = _("Saucepan %(pan)d: %(count)d of 6 cards (%(cards)s), full") % facts
        else:
            what = _("Saucepan %(pan)d: %(count)d of 6 cards (%(cards)s)") % facts
        things.append(
            Thing(
                f"pan:{pan.index}",
                pan_rect(b, pan.index),
                "zone",
                what=what,
                sig=f"{pan.count}/{pan.covered}",
                extra={"pan": pan},
            )
        )
        for i, (kind, rect) in enumerate(
            zip(pan.ingredients or (), pan_card_rects(b, pan.index, pan.count), strict=False)
        ):
            things.append(
                Thing(
                    f"cooked:{pan.index}:{i}",
                    rect,
                    what=_("Saucepan %(pan)d: %(ingredient)s")
                    % {"pan": pan.index + 1, "ingredient": describe.ingredient_word(kind)},
                    face=card(kind),
                    sig=kind,
                    words=kind,
                    under=(f"pan:{pan.index}",),
                    origin="hand:0",
                )
            )
    lid = model.lid
    if lid is not None and not model.over:
        count = model.pans()[lid].count if lid < len(model.pans()) else 0
        things.append(
            Thing(
                "lid",
                lid_rect(b, lid),
                what=ngettext(
                    "The lid, on saucepan %(pan)d: %(count)d card under it",
                    "The lid, on saucepan %(pan)d: %(count)d cards under it",
                    count,
                )
                % {"pan": lid + 1, "count": count},
                sig=str(lid),
                words=str(count),
                under=(f"pan:{lid}",),
                extra={"walks": True},
            )
        )
    return things


def _others(model: PotModel, b: Board, names: dict[int, str], final: bool = False) -> list[Thing]:
    _me, others = model.seating()
    chefs = model.chefs(final)
    things = []
    for row, seat in enumerate(others):
        chef = chefs[seat]
        facts = {
            "player": names.get(seat, chef.name),
            "cuisine": describe.cuisine_word(chef.colour),
            "ingredients": ngettext("%(count)d ingredient", "%(count)d ingredients", chef.hand_count)
            % {"count": chef.hand_count},
            "recipes": ngettext(
                "%(count)d recipe in the book", "%(count)d recipes in the book", chef.book_count
            )
            % {"count": chef.book_count},
            "served": "; ".join(chef.redeemed) or _("nothing yet"),
        }
        things.append(
            Thing(
                f"chef:{seat}",
                b.rect(OTHERS_X, PANS_Y + row * OTHER_H, OTHERS_W, OTHER_H - 6),
                "zone",
                what=_("%(player)s (%(cuisine)s): %(ingredients)s, %(recipes)s; served %(served)s") % facts
                + stars_words(chef, model),
                sig=f"{chef.hand_count}/{chef.book_count}/{len(chef.redeemed)}",
                extra={"chef": chef},
            )
        )
    return things


def stars_words(chef: Chef, model: PotModel) -> str:
    """What a chef's served recipes move them on at the end, on the menu as it lies ("" : none
    served, or a tile of theirs lies face down)."""
    stars = {m.get("cuisine"): m.get("stars") for m in model.menu() if m.get("cuisine")}
    if not chef.served or model.over or any(stars.get(c) is None for c in chef.served):
        return ""
    total = sum(int(stars[c] or 0) for c in chef.served)
    return " " + _("(+%(stars)d stars at the end, on the menu as it lies now)") % {"stars": total}


def _hidden(model: PotModel, b: Board) -> list[Thing]:
    """A spectator's bottom seat: its hand and book as backs, counted."""
    chef = model.chefs()[model.seating()[0]]
    step = min(STEP, (HAND_W - 40 - CARD_W) / max(1, chef.hand_count - 1))
    things = [
        Thing(
            f"hidden:{i}",
            b.rect(HAND_X + 20 + i * step, HAND_Y, CARD_W, CARD_H),
            what=_("%(player)s's ingredient, face down") % {"player": chef.name},
            face=BACK,
            sig="hidden",
        )
        for i in range(chef.hand_count)
    ]
    things += [
        Thing(
            f"hidden_recipe:{i}",
            rect,
            "zone",
            what=_("%(player)s's recipe, face down") % {"player": chef.name},
            sig="hidden",
        )
        for i, rect in enumerate(recipe_rects(b, chef.book_count))
    ]
    return things


def _hand(model: PotModel, b: Board, slots: list[str]) -> list[Thing]:
    """The hand's cards side by side, closed up; every card of a kind acts the same (the scene
    touches the one under the pointer)."""
    if model.view.get("hand") is None:
        return _hidden(model, b)
    count = len(slots)
    things = [
        Thing(
            "hand",
            b.rect(HAND_X, SEAT_Y, HAND_W, 1070 - SEAT_Y),
            "zone",
            what=ngettext("Your hand: %(count)d card", "Your hand: %(count)d cards", count)
            % {"count": count},
        )
    ]
    step = min(STEP, (HAND_W - 40 - CARD_W) / max(1, len(slots) - 1))
    for i, kind in enumerate(slots):
        things.append(
            Thing(
                f"hand:{i}",
                b.rect(HAND_X + 20 + i * step, HAND_Y, CARD_W, CARD_H),
                what=_("Your hand: %(ingredient)s") % {"ingredient": describe.ingredient_word(kind)},
                face=card(kind),
                sig=kind,
                words=kind,
                origin="draw",
            )
        )
    return things


def recipes_shown(model: PotModel) -> Iterator[tuple[str, dict[str, Any]]]:
    """The recipe cards in your book, then those you are choosing from, with their keys."""
    for recipe in model.book():
        yield f"book:{recipe.get('id')}", recipe
    for recipe in model.choosing_from():
        yield f"choose:{recipe.get('id')}", recipe


def _book(model: PotModel, b: Board) -> list[Thing]:
    shown = list(recipes_shown(model))
    stars = {m.get("cuisine"): m.get("stars") for m in model.menu() if m.get("cuisine")}
    things = [
        Thing(
            "book",
            b.rect(BOOK_X, SEAT_Y, BOOK_W, 1070 - SEAT_Y),
            "zone",
            what=ngettext(
                "Your cookery book: %(count)d recipe",
                "Your cookery book: %(count)d recipes",
                len(model.book()),
            )
            % {"count": len(model.book())},
        )
    ]
    for (key, recipe), rect in zip(shown, recipe_rects(b, len(shown)), strict=False):
        worth = stars.get(recipe.get("cuisine"))
        what = recipe_words(recipe)
        if worth is not None:
            what = _("%(recipe)s; served, it scores %(stars)d stars at the end (its cuisine on the menu)") % {
                "recipe": what,
                "stars": int(worth),
            }
        things.append(
            Thing(
                key,
                rect,
                what=what,
                face=cuisine_card(recipe.get("cuisine")),
                sig=str(recipe.get("id")),
                under=("book",),
                origin="recipes",
                extra={"recipe": recipe},
            )
        )
    return things


def _buttons(model: PotModel, b: Board) -> list[Thing]:
    kinds = [k for k in BUTTON_WORDS if any(a.get("type") == k for a in model.actions())]
    return [
        Thing(
            f"button:{kind}",
            b.rect(HAND_X + 20 + i * (BUTTON_W + 16), BUTTON_Y, BUTTON_W, BUTTON_H),
            "button",
            what=_(BUTTON_WORDS[kind]),
            words=_(BUTTON_WORDS[kind]),
        )
        for i, kind in enumerate(kinds)
    ]


def recipe_words(recipe: dict[str, Any]) -> str:
    """A recipe card in the reader's words: "Gazpacho (Mediterranean): tomatoes, peppers, ..."."""
    return _("%(recipe)s (%(cuisine)s): %(ingredients)s") % {
        "recipe": describe.dish_word(str(recipe.get("name"))),
        "cuisine": describe.cuisine_word(str(recipe.get("cuisine"))),
        "ingredients": ", ".join(map(describe.ingredient_word, recipe.get("ingredients") or [])),
    }
