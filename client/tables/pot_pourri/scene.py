"""Pot Pourri at a card table: the gourmet pathway with every chef's counter, the menu, the pantry
and piles, three saucepans and the lid, your hand and cookery book; turns made by touching them,
each serving showing what your recipes would score, and the final score worked out at the end."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pygame

from soupkitchen.client.tables.kit.board import BODY, LABEL, SMALL, Board, draw_button
from soupkitchen.client.tables.kit.ending import TableEnd
from soupkitchen.client.tables.kit.motion import Glide
from soupkitchen.client.tables.kit.scene import JUST_CHANGED, KitTable
from soupkitchen.client.tables.kit.seat_names import SeatNaming
from soupkitchen.client.tables.kit.table_objects import Thing, nearest, under_point
from soupkitchen.client.tables.pot_pourri import layout
from soupkitchen.client.tables.pot_pourri.model import BACK, PotModel, cuisine_card
from soupkitchen.client.tables.pot_pourri.paint import (
    BADGE_H,
    BADGE_W,
    INK,
    PAPER,
    PICTURE_H,
    PICTURE_W,
    draw_counter,
    draw_lid,
    draw_pan,
    draw_picture,
    draw_recipe,
    draw_scoring,
    draw_star,
    picture_rects,
    tie_break,
)
from soupkitchen.client.ui import coverage, theme
from soupkitchen.client.ui.input import InputAction
from soupkitchen.client.words import N_, _, ngettext
from soupkitchen.shared.pot_pourri import describe

HINTS = {  # what the seat to act does now, marked for the catalog and worded when read
    "turn": N_(
        "take 2 (pantry or draw pile), cook (a hand card, then a saucepan) or swap recipes (your book)"
    ),
    "take_second": N_("take a second ingredient from the pantry or the draw pile"),
    "cook_second": N_("cook another card (a hand card, then a saucepan) or finish cooking"),
    "move_lid": N_("drag the lid to the saucepan it moves to (or click the lid, then the saucepan)"),
    "choose_recipes": N_("click the 2 recipes you keep"),
    "keep_recipes": N_("click the 2 recipes you keep"),
    "serve": N_("click a recipe to serve it, or serve nothing"),
    "peek_menu": N_("click two menu tiles to look at them secretly"),
    "swap_menu": N_("click two menu tiles to swap them, or leave the menu"),
}
END_WALK_DELAY = 1.2  # seconds the table shows the last serving before the end's stars are walked
END_WALK_SECONDS = 0.8  # and the walk itself
COLOUR_NOTE_W = 300  # board units right of the recipe cards the colour's note needs (else it waits)
CONFIRMED = ("redeem", "decline", "swap_recipes", "keep", "swap_menu")  # asked once more, beside
PAIRED = {"keep": ("recipes", "choose"), "peek": ("tiles", "menu"), "swap_menu": ("tiles", "menu")}


SERVED_W, SERVED_H = 20, 28  # board units: a served recipe's cuisine card beside a chef's counts


def served_groups(chef, model: PotModel) -> list[tuple[str, int, int | None]]:
    """A chef's served recipes by cuisine, in the order first served: (cuisine, how many, the stars
    the cuisine's menu tile is worth now; None where the tile lies face down)."""
    stars = {m.get("cuisine"): m.get("stars") for m in model.menu() if m.get("cuisine")}
    counted = Counter(chef.served)
    return [(c, counted[c], stars.get(c)) for c in dict.fromkeys(chef.served)]


def _stars_total(served: list[tuple[str, int, int | None]]) -> int | None:
    """The stars the served recipes move their chef on at the end, on the menu as it lies (None:
    a tile of one of them lies face down)."""
    if any(stars is None for _c, _n, stars in served):
        return None
    return sum(n * int(stars or 0) for _c, n, stars in served)


class ScoringEnd(TableEnd):
    """Pot Pourri's end: the final score worked out, over the table's backdrop and its verdict."""

    table: PotPourriTable

    def draw(self, surface: pygame.Surface) -> None:
        table = self.table
        b = table.board
        model = PotModel(table.current_view() or {})
        table.draw_prompt(surface, b, model, sheet=True)
        if model.result() is not None:
            with coverage.overlay("what the table shows over itself"):
                draw_scoring(surface, b, model, table.names())


class PotPourriTable(SeatNaming, KitTable):
    """Pot Pourri, acted on at the table."""

    name = "pot-pourri"
    art_folder = "pot_pourri"
    worded_cards = ("book:", "choose:")  # recipes: their name and ingredients written on them
    model_type = PotModel
    results_delay = 5.0  # the game ends on a serving: its pan and the counters' walk are seen first

    def __init__(self, app, session) -> None:
        self.pointer: tuple[int, int] | None = None  # where the mouse is
        self.grabbed: tuple[int, int] | None = None  # where the lid was picked up, while it is dragged
        self.clicks_on: str | None = None  # what a click under the mouse would use
        self.slots: list[str] | None = None  # the hand as last laid out
        self.fresh: set[str] = set()  # the hand's cards that came in with its last change
        self.aimed: str | None = None  # the hand card last touched (one of a kind)
        self.over_at: float | None = None  # when the table first showed the game over
        self.walked = False  # the end's menu stars walked: the counters on their final squares
        super().__init__(app, session)

    @classmethod
    def card_sizes(cls, b: Board) -> set[tuple[int, int]]:
        sizes = {
            b.rect(0, 0, w, h).size
            for w, h in (
                (layout.CARD_W, layout.CARD_H),
                (layout.PAN_CARD_W, layout.PAN_CARD_H),
                (layout.TILE_W, layout.TILE_H),
                (BADGE_W, BADGE_H),
                (PICTURE_W, PICTURE_H),
            )
        }
        return sizes

    # --- what the table is made of -----------------------------------------------------------------
    def build(self, view: dict[str, Any], board: Board) -> list[Thing]:
        model = PotModel(view)
        hand = model.hand()
        if hand != self.slots:  # the cards that came in (the last of a kind), not those that slid along
            came = Counter(hand) - Counter(self.slots or [])
            self.fresh = (
                {f"hand:{i}" for i, kind in enumerate(hand) if hand[i:].count(kind) <= came[kind]}
                if self.slots is not None
                else set()
            )
        self.slots = hand  # the hand closes up: a card cooked leaves no gap
        return layout.build(model, board, self.names(), self.slots, final=self.walked)

    def just_changed(self, key: str) -> bool:
        """As the kit's, and for the shown seat's own move too where a card of the hand or the pantry
        took the place of another (the hand closing up, the pantry refilled): a touch there a moment
        later was meant for the card that lay there."""
        return super().just_changed(key) or (
            not self.choosing.picked
            and key.startswith(("hand:", "pantry:"))
            and key in self.motion.changed
            and self.now - self.motion.changed_at < JUST_CHANGED
        )

    def mark_changed(self, surface: pygame.Surface, b: Board, thing: Thing) -> None:
        """As the kit's, but in the hand only the cards that came in, not those that slid along."""
        if not thing.key.startswith("hand:") or thing.key in self.fresh:
            super().mark_changed(surface, b, thing)

    def mark_since(self, surface: pygame.Surface, b: Board, thing: Thing) -> None:
        if not thing.key.startswith("hand:") or thing.key in self.fresh:
            super().mark_since(surface, b, thing)

    def look(self) -> tuple:
        return (self.walked,)

    def update(self, dt: float, now: float) -> None:
        """As the kit's; a moment after the game ends (its last serving walked first), every counter
        walks on by the stars its served recipes are worth on the menu, to its final square."""
        super().update(dt, now)
        if self.model.final_squares() is None:  # the game goes on (or a replay went back)
            self.walked, self.over_at = False, None
            return
        if self.walked:
            return
        if self.over_at is None:
            self.over_at = self.now
        if self.now - self.over_at < END_WALK_DELAY:
            return
        before = {t.key: t.rect for t in self.things() if t.key.startswith("counter:")}
        self.walked = True
        for thing in self.things():
            if thing.key in before and thing.rect != before[thing.key]:
                due = self.over_at + END_WALK_DELAY  # a table opened late finds the walk already made
                self.motion.start(thing.key, Glide(due, before[thing.key], END_WALK_SECONDS))

    def hand_key(self, kind: str | None) -> str | None:
        """The hand card of ``kind`` a move uses: the one the chef touched, else the first."""
        slots = self.slots if self.slots is not None else self.model.hand()
        for key in (self.aimed, *self.choosing.picked[:1]):
            if key and key.startswith("hand:") and int(key[5:]) < len(slots) and slots[int(key[5:])] == kind:
                return key
        return f"hand:{slots.index(kind)}" if kind in slots else None

    def path_of(self, action: dict[str, Any]) -> tuple[str, ...]:
        kind = action.get("type")
        model = self.model
        if kind in PAIRED:  # two recipes or two tiles, touched in either order
            field, prefix = PAIRED[kind]
            keys = [f"{prefix}:{value}" for value in sorted(action.get(field) or [])]
            if self.choosing.picked and self.choosing.picked[0] in keys:
                keys.sort(key=lambda k: k != self.choosing.picked[0])
            return tuple(keys)
        if kind == "take":
            pantry = model.pantry()
            if action.get("source") == "draw":
                return ("draw",)
            if action.get("ingredient") not in pantry:
                return ()
            aimed = self.aimed or ""
            if (
                aimed.startswith("pantry:")
                and int(aimed[7:]) < len(pantry)
                and pantry[int(aimed[7:])] == action.get("ingredient")
            ):
                return (aimed,)  # the one of two alike that was touched
            return (f"pantry:{pantry.index(action.get('ingredient'))}",)
        if kind in ("cook", "refresh_pantry"):
            card = self.hand_key(action.get("ingredient"))
            if card is None:
                return ()
            if kind == "refresh_pantry" and self.choosing.picked[:1] == (layout.REPLACE_KEY,):
                return (layout.REPLACE_KEY, card)  # the pantry's control first, then the card
            return (card, f"pan:{action.get('pan')}") if kind == "cook" else (card, "pantry")
        if kind == "move_lid":
            return ("lid", f"pan:{action.get('pan')}")
        if kind == "swap_recipes":
            return ("book",)
        if kind == "redeem":
            return (f"book:{action.get('recipe')}",)
        if kind in layout.BUTTON_WORDS:
            return (f"button:{kind}",)
        return ()

    # --- drawing -----------------------------------------------------------------------------------
    def _prompt(self, model: PotModel) -> str:
        if self.choosing.picked == (layout.REPLACE_KEY,):
            return _("Your turn: click the hand card you discard with the pantry (Esc: cancel)")
        me = model.seat
        if me is not None and model.actions() and model.phase in HINTS:
            hint = HINTS[model.phase]
            return (_("Your turn: %(hint)s") if model.turn == me else _("You: %(hint)s")) % {"hint": _(hint)}
        return describe.headline(model.view, self.session.seat_name)

    def draw_under(self, surface: pygame.Surface, b: Board, view: dict[str, Any]) -> None:
        model = PotModel(view)
        self.draw_prompt(surface, b, model)
        if not model.chefs():
            return
        self._draw_table_under(surface, b, model)

    def draw_prompt(self, surface: pygame.Surface, b: Board, model: PotModel, sheet: bool = False) -> None:
        """The backdrop and the line at the top: what the seat does now, or on the table at the end
        who won (the score sheet says it itself)."""
        theme.draw_background(surface)
        prompt = (
            self.addressed(self._prompt(model))
            if sheet or model.result() is None
            else tie_break(model, self.names())
        )
        size = next((s for s in (LABEL, BODY) if b.fits(prompt, s, b.px_x(1460))), SMALL)
        b.text(
            surface,
            prompt,
            size,
            theme.MUSTARD if model.actions() else theme.TEXT,
            b.rect(30, 14, 1, 1).topleft,
            max_width=b.px_x(1460),
        )

    def _draw_table_under(self, surface: pygame.Surface, b: Board, model: PotModel) -> None:
        lay = theme.layout(surface.get_size())
        self._draw_pathway(surface, b, model, lay)
        labels = (
            (layout.PANTRY_X, _("Pantry")),
            (layout.DRAW_X, _("Draw")),
            (layout.DISCARD_X, _("Discard")),
            (layout.RECIPES_X, _("Recipes")),
            (layout.MENU_X, _("Menu (stars)")),
        )
        for (x, words), (after, _next) in zip(
            labels, [*labels[1:], (layout.MAIN_X + layout.MAIN_W, "")], strict=True
        ):
            b.text(
                surface,
                words,
                BODY,
                theme.BROTH,
                b.rect(x, layout.ROW_B_Y, 1, 1).topleft,
                max_width=b.px_x(after - x - 6),
            )  # each label ends where the next begins
        if model.pantry_useless():  # the rules' remedy for a pantry that holds nothing wanted, offered
            label = b.rect(layout.PANTRY_X, layout.ROW_B_Y, 1, 1).topleft
            f = b.font(BODY)
            left = label[0] + f.size(_("Pantry"))[0] + b.px(12)
            b.text(
                surface,
                _("nothing for your recipes"),
                SMALL,
                theme.MUSTARD,
                (left, label[1] + f.get_height() // 2),
                anchor="midleft",
                max_width=b.rect(layout.DRAW_X - 12, 0, 1, 1).x - left,
            )
        for i, square in enumerate(model.menu()):
            centre = b.rect(
                layout.MENU_X + i * layout.TILE_STEP + layout.TILE_W / 2 + 18, layout.TILE_Y - 20, 1, 1
            ).topleft
            draw_star(surface, centre, b.px(16), theme.MUSTARD)
            b.text(
                surface,
                str(square.get("stars", "")),
                SMALL,
                theme.TEXT,
                (centre[0] - b.px(20), centre[1]),
                anchor="midright",
            )
        me = model.seating()[0]
        chef = model.chefs()[me]
        seat_box = b.rect(layout.MAIN_X, layout.SEAT_Y, layout.MAIN_W, 1070 - layout.SEAT_Y)
        theme.draw_panel(surface, seat_box, lay, edge=theme.MUSTARD if model.turn == me else theme.PANEL_EDGE)
        own, facts = me == model.seat, {"player": self.session.seat_name(me), "count": chef.hand_count}
        draw_counter(surface, me, b.rect(34, layout.SEAT_Y + 10, 28, 28))
        hand = _("Your hand (%(count)d)") if own else _("%(player)s's hand (%(count)d)")
        b.text(surface, hand % facts, BODY, theme.TEXT, b.rect(72, layout.SEAT_Y + 6, 1, 1).topleft)
        title = (
            _("Choose your recipes")
            if model.choosing_from()
            else (_("Your cookery book") if own else _("%(player)s's cookery book") % facts)
        )
        title += " - " + _("served %(served)d of 6") % {"served": len(chef.redeemed)}
        spot = b.rect(layout.BOOK_X + 16, layout.SEAT_Y + 6, 1, 1).topleft
        said = b.text(surface, title, BODY, theme.TEXT, spot, max_width=b.px_x(layout.BOOK_W - 32))
        served = served_groups(chef, model)  # what the seat served, beside the count (planning the menu)
        left, total = said.right + b.px(16), _stars_total(served)
        wide = self._served_width(b, served) + (b.font(SMALL).size(f"+{total}")[0] + b.px(48) if total else 0)
        if served and left + wide <= b.rect(layout.BOOK_X + layout.BOOK_W - 16, 0, 1, 1).x:
            self._draw_served(surface, b, served, (left, said.centery))
            if total and not model.over:
                x = left + self._served_width(b, served) + b.px(16)
                words = b.text(
                    surface, f"+{total}", SMALL, theme.MUSTARD, (x, said.centery), anchor="midleft"
                )
                draw_star(surface, (words.right + b.px(16), said.centery), b.px(12), theme.MUSTARD)
        self._draw_colour(surface, b, model, chef, own)

    def _draw_colour(self, surface: pygame.Surface, b: Board, model: PotModel, chef, own: bool) -> None:
        """The seat's playing colour in the book, right of its recipe cards, with what it is for: a
        recipe of it breaks a tie, while every recipe served scores its cuisine's menu stars (as each
        card says). Where the cards leave little room, the colour alone; none, nothing."""
        shown = len(list(layout.recipes_shown(model))) or chef.book_count  # a spectator sees the backs
        cuisine = chef.colour
        left = layout.BOOK_X + 16 + shown * layout.RECIPE_STEP
        area = b.rect(left, layout.HAND_Y, layout.BOOK_X + layout.BOOK_W - 16 - left, layout.RECIPE_H)
        chip = b.rect(left, layout.HAND_Y, 60, 84)
        if area.w < b.px(COLOUR_NOTE_W):
            return
        draw_picture(surface, b, cuisine_card(cuisine), chip)
        facts = {"cuisine": describe.cuisine_word(cuisine)}
        heading = (_("Your colour: %(cuisine)s") if own else _("Colour: %(cuisine)s")) % facts
        text_x = chip.right + b.px(12)
        width = area.right - text_x
        y = area.y
        for line in theme.wrap(heading, b.font(BODY), width):
            y = b.text(surface, line, BODY, theme.BROTH, (text_x, y), max_width=width).bottom
        y = max(y, chip.bottom) + b.px(8)
        f = b.font(SMALL)
        for words in (
            _("It breaks a tie: each recipe of it served counts 1 more."),
            _("At the end every recipe served moves you on by its cuisine's stars on the menu."),
        ):
            lines = theme.wrap(words, f, area.right - area.x)
            if y + f.get_linesize() * len(lines) > area.bottom:
                break
            for line in lines:
                y = b.text(surface, line, SMALL, theme.TEXT_DIM, (area.x, y), max_width=area.w).bottom
            y += b.px(6)

    def _draw_pathway(self, surface: pygame.Surface, b: Board, model: PotModel, lay) -> None:
        theme.draw_panel(
            surface,
            b.rect(layout.MAIN_X, layout.PATH_Y, layout.MAIN_W, layout.PATH_H),
            lay,
            colour=theme.FELT,
        )
        b.text(
            surface,
            _("Gourmet pathway"),
            BODY,
            theme.BROTH,
            b.rect(layout.TRACK_X, layout.PATH_Y + 4, 1, 1).topleft,
        )
        if model.learner_memory:
            b.text(
                surface,
                _("Learner: remember for me (on)"),
                SMALL,
                theme.HERB,
                b.rect(layout.TABLE_X - 20, layout.PATH_Y + 8, 1, 1).topleft,
                anchor="topright",
            )
        length, stars = model.track_length(), model.star_squares()
        for square in range(length):
            rect = layout.square_rect(b, square, length)
            starred = square in stars
            pygame.draw.rect(
                surface, (240, 200, 110) if starred else (226, 208, 178), rect, border_radius=b.px(6)
            )
            pygame.draw.rect(surface, INK, rect, width=b.px(2), border_radius=b.px(6))
            if starred:
                r = min(b.px(12), rect.w // 5)  # a narrower square (a longer track): a smaller star
                draw_star(surface, (rect.right - r - b.px(3), rect.bottom - r - b.px(3)), r, theme.ACCENT)
            b.text(
                surface,
                str(square),
                SMALL,
                (120, 96, 76),
                (rect.x + b.px(4), rect.bottom + b.px(2)),
                anchor="bottomleft",
            )
        table = model.match_squares()
        x, y = layout.TABLE_X, layout.PATH_Y + 10
        b.text(surface, _("Matches / squares"), SMALL, theme.BROTH, b.rect(x, y - 4, 1, 1).topleft)
        for i, (found, squares) in enumerate(sorted(table.items(), reverse=True)):
            cell = b.rect(x + i * 56, y + 32, 50, 56)
            pygame.draw.rect(surface, (226, 208, 178), cell, border_radius=b.px(6))
            b.text(surface, str(found), SMALL, INK, (cell.centerx, cell.y), anchor="midtop")
            b.text(
                surface,
                f"+{squares}",
                SMALL,
                theme.ACCENT_DARK,
                (cell.centerx, cell.bottom),
                anchor="midbottom",
            )
        b.text(
            surface,
            _("Cook: +1 per full pan"),
            SMALL,
            theme.TEXT_DIM,
            b.rect(x, y + 104, 1, 1).topleft,
            max_width=b.px_x(290),
        )

    def draw_thing(
        self, surface: pygame.Surface, b: Board, thing: Thing, rect: pygame.Rect, show: float
    ) -> None:
        key = thing.key
        model = self.model
        if key.startswith("counter:"):
            draw_counter(surface, thing.extra["seat"], rect)
        elif key.startswith("pan:"):
            pan = thing.extra["pan"]
            served = model.served_pan()
            last = served.index if served is not None else model.last_served_pan()  # at the end: the last
            draw_pan(surface, b, rect, pan.index, pan.count, last == pan.index)
        elif key == "lid":
            draw_lid(surface, b, rect, int(thing.words or 0))
        elif key.startswith("hidden_recipe:"):  # a recipe card face down: its back, as on the recipe pile
            draw_picture(surface, b, BACK, rect, show)
        elif key.startswith("chef:"):
            self._draw_chef(surface, b, thing, model)
        elif key.startswith(("book:", "choose:")):
            recipe = thing.extra["recipe"]
            if rect.size != thing.rect.size:  # on its way from the pile: the card's back
                pygame.draw.rect(surface, PAPER, rect, border_radius=b.px(12))
                pygame.draw.rect(surface, INK, rect, width=b.px(3), border_radius=b.px(12))
                return
            serving = model.phase == "serve" and key.startswith("book:") and model.turn == model.seat
            pan = model.served_pan()
            stars = {m.get("cuisine"): m.get("stars") for m in model.menu() if m.get("cuisine")}
            draw_recipe(
                surface,
                b,
                recipe,
                rect,
                model.recipe_score(recipe) if serving else None,
                pan.ingredients if serving and pan else None,
                stars.get(recipe.get("cuisine")),
            )
        elif thing.kind == "button":
            draw_button(surface, b, rect, thing.words, key in self.usable())
        elif key in ("draw", "recipes", "discard", "recipe_discard"):
            if thing.face or key == "recipes":
                draw_picture(surface, b, thing.face or BACK, rect, show)
            else:
                pygame.draw.rect(surface, theme.PANEL_EDGE, rect, width=b.px(3), border_radius=b.px(10))
            self._count_badge(surface, b, rect, thing.words)
        elif key.startswith("menu:"):
            draw_picture(surface, b, thing.face or BACK, rect, show)
            if thing.extra.get("looked"):
                pygame.draw.rect(
                    surface, theme.HERB, rect.inflate(b.px(6), b.px(6)), width=b.px(4), border_radius=b.px(10)
                )
        elif thing.kind == "card" and thing.face:
            draw_picture(surface, b, thing.face, rect, show)

    @staticmethod
    def _count_badge(surface: pygame.Surface, b: Board, rect: pygame.Rect, words: str) -> None:
        f = b.font(SMALL)
        pill = pygame.Rect(0, 0, max(f.size(words)[0] + b.px(14), f.get_height()), f.get_height())
        pill.midbottom = (rect.centerx, rect.bottom - b.px(6))
        pygame.draw.rect(surface, theme.TEXT_DARK, pill, border_radius=pill.h // 2)
        b.text(surface, words, SMALL, theme.TEXT, pill.center, anchor="center")

    def _draw_chef(self, surface: pygame.Surface, b: Board, thing: Thing, model: PotModel) -> None:
        chef = thing.extra["chef"]
        rect = thing.rect
        edge = theme.MUSTARD if model.turn == chef.seat and not model.over else theme.PANEL_EDGE
        theme.draw_panel(surface, rect, theme.layout(surface.get_size()), edge=edge)
        draw_counter(surface, chef.seat, pygame.Rect(rect.x + b.px(10), rect.y + b.px(8), b.px(24), b.px(24)))
        square = b.text(
            surface,
            _("square %(square)d") % {"square": chef.square},
            SMALL,
            theme.TEXT_DIM,
            (rect.right - b.px(10), rect.y + b.px(2)),
            anchor="topright",
        )
        served = served_groups(chef, model)
        total = _stars_total(served) if served and not model.over else None
        if total is not None:  # what the recipes served move the chef on at the end, on the menu as it lies
            star = (square.x - b.px(18), square.centery)
            draw_star(surface, star, b.px(12), theme.MUSTARD)
            square = b.text(
                surface, f"+{total}", SMALL, theme.MUSTARD, (star[0] - b.px(14), star[1]), anchor="midright"
            )
        b.text(
            surface,
            self.session.seat_name(chef.seat),
            SMALL,
            theme.TEXT,
            (rect.x + b.px(42), rect.y + b.px(2)),
            max_width=square.x - rect.x - b.px(50),
        )
        # in words, not pictures to be guessed: the cards in hand, the recipes in the book; then the
        # recipes served, as their cuisines' cards with how many of each (in words where they do not fit)
        counts = [
            _("Hand %(count)d") % {"count": chef.hand_count},
            _("Book %(count)d") % {"count": chef.book_count},
        ]
        f = b.font(SMALL)
        x, right = rect.x + b.px(42), rect.right - b.px(10)
        y = rect.y + b.px(28)
        room = right - x - sum(f.size(w)[0] for w in counts) - b.px(20)
        if not served or self._served_width(b, served) > room:
            counts.append(_("Served %(count)d") % {"count": len(chef.redeemed)})
            served = []
        gap = max(b.px(8), min(b.px(28), (right - x - sum(f.size(words)[0] for words in counts)) // 2))
        if served:
            gap = b.px(10)
        for words in counts:
            x = b.text(surface, words, SMALL, theme.TEXT, (x, y), max_width=right - x).right + gap
        if served:
            self._draw_served(
                surface, b, served, (right - self._served_width(b, served), y + f.get_height() // 2)
            )

    @staticmethod
    def _served_width(b: Board, served: list[tuple[str, int, int | None]]) -> int:
        f = b.font(SMALL)
        return sum(
            b.px(SERVED_W + 7) + (f.size(f"{n}")[0] + b.px(2) if n > 1 else 0) for _c, n, _s in served
        ) - b.px(7)

    @staticmethod
    def _draw_served(
        surface: pygame.Surface, b: Board, served: list[tuple[str, int, int | None]], at: tuple[int, int]
    ) -> None:
        """The recipes a chef served, from ``at`` (its left, the line's middle): each cuisine's card
        (as on the menu) and how many of it, where more than one."""
        x, mid = at
        for cuisine, count, _stars in served:
            chip = pygame.Rect(x, mid - b.px(SERVED_H) // 2, b.px(SERVED_W), b.px(SERVED_H))
            draw_picture(surface, b, cuisine_card(cuisine), chip)
            x = chip.right
            if count > 1:
                words = f"{count}"
                x = b.text(surface, words, SMALL, theme.TEXT, (x + b.px(2), mid), anchor="midleft").right
            x += b.px(7)

    def usable(self) -> dict[str, list[dict[str, Any]]]:
        """As the kit's; either recipe (or tile) of a pair may be touched first, the pantry's
        control starts replacing the pantry and the recipe pile swaps recipes as the book does."""
        found = super().usable()
        if not self.choosing.picked:
            for action in self.actions:
                for key in self._paired_keys(action):
                    found.setdefault(key, []).append(action)
                if action.get("type") == "refresh_pantry":
                    found.setdefault(layout.REPLACE_KEY, []).append(action)
                if action.get("type") == "swap_recipes":
                    found.setdefault("recipes", []).append(action)
        rows = {"hand": self.slots or [], "pantry": self.model.pantry()}
        for key, actions in list(found.items()):  # every card of a kind in the hand or pantry is as usable
            row, _colon, index = key.partition(":")
            cards = rows.get(row, [])
            if index.isdigit() and int(index) < len(cards) and cards[int(index)] is not None:
                for i, kind in enumerate(cards):
                    if kind == cards[int(index)]:
                        found.setdefault(f"{row}:{i}", actions)
        return found

    def touch(self, key: str) -> bool:
        if key.startswith(("hand:", "pantry:")):
            self.aimed = key  # this card, not the first of its kind, is the one that moves
        if not self.choosing.picked and any(key in self._paired_keys(a) for a in self.actions):
            self.choosing.picked = (key,)
            return True
        if not self.choosing.picked and key == layout.REPLACE_KEY and key in self.usable():
            self.choosing.picked = (key,)  # then the hand card to discard with the pantry
            return True
        if not self.choosing.picked and key == "recipes":
            swap = next((a for a in self.actions if a.get("type") == "swap_recipes"), None)
            if swap is not None:
                self.ask(swap, key)
                return True
            return False
        return super().touch(key)

    def menu_mine(self) -> set[str]:
        """A menu never covers the chef's own hand, the recipes of their cookery book (the book's
        margin may be covered where it must) and the saucepan being served, which the recipes are
        matched against. While a pan is served the other chefs' boxes (their squares, to compare)
        stay in sight, and the hand, which a serving does not use, may be covered by the menu of
        "Serve nothing" so that it opens beside its button."""
        mine = {thing.key for thing in self.things() if thing.key.startswith("book:")}
        pan = self.model.served_pan()
        if pan is None:
            return mine | {"hand"}
        declining = self.choosing.picked[-1:] == ("button:decline",)
        return mine | {f"pan:{pan.index}", f"cooked:{pan.index}", "chef"} | (set() if declining else {"hand"})

    def confirm(self, action: dict[str, Any]) -> bool:
        """Serving a recipe, serving nothing, swapping recipes, keeping two recipes and swapping two
        menu tiles are asked once more, at the thing touched last: one touch makes each and none can
        be taken back."""
        return action.get("type") in CONFIRMED

    @staticmethod
    def _paired_keys(action: dict[str, Any]) -> list[str]:
        if action.get("type") not in PAIRED:
            return []
        field, prefix = PAIRED[action["type"]]
        return [f"{prefix}:{value}" for value in action.get(field) or []]

    # --- moving the lid, and the words for one ingredient of a recipe --------------------------------
    def handle_table(self, action: InputAction) -> bool:
        if action.kind == "point":
            self.pointer = action.pos
        if action.kind == "release":
            return self._drop(action.pos)
        if action.kind == "navigate" and self._carrying():
            return self._carry(action.dx, action.dy)
        used = super().handle_table(action)
        if action.kind == "select" and self._carrying():  # picked up by keys or pad: carried to a saucepan
            self._carry(0, 0)
        if action.kind == "point":  # hover words are shown at the recipe card under the mouse
            self.clicks_on = self.hover
            self.hover = next(
                (
                    t.key
                    for t in reversed(self.things())
                    if "recipe" in t.extra and action.pos is not None and t.rect.collidepoint(action.pos)
                ),
                self.hover,
            )
        if action.kind == "click":
            lid = self.thing("lid")
            picked_up = self.choosing.picked == ("lid",) and lid is not None and action.pos is not None
            self.grabbed = action.pos if picked_up and lid.rect.collidepoint(action.pos) else None
        return used

    def _carrying(self) -> bool:
        """Whether the lid is picked up by keys or pad (the focus carries it)."""
        return self.keyboard and self.choosing.picked == ("lid",) and self.thing("lid") is not None

    def _carry(self, dx: int, dy: int) -> bool:
        """Move the carried lid's focus to the next saucepan it may go on in direction (dx, dy), or
        back over its own saucepan; with no direction, to the nearest saucepan it may go on."""
        usable = self.usable()
        lid = self.thing("lid")
        pans = [t for t in self.things() if t.key.startswith("pan:") and t.key in usable]
        if not dx and not dy:
            found = min(pans, key=lambda t: abs(t.rect.centerx - lid.rect.centerx), default=None)
        else:
            current = self.thing(self.focus)
            found = nearest(
                [t for t in [lid, *pans] if t.key != self.focus],
                current.rect if current else lid.rect,
                dx,
                dy,
            )
        if found is not None:
            self.focus = found.key
        return True

    def _drop(self, pos: tuple[int, int] | None) -> bool:
        """The lid let go: over a saucepan it may move to, it moves there; over itself it stays picked
        (a click); anywhere else the move is dropped."""
        start, self.grabbed = self.grabbed, None
        if start is None or pos is None:
            return False
        self.hover_quiet = True  # as after a click: no words pop up where the lid was let go
        found = under_point(self.things(), pos)
        usable = self.usable()
        pan = next((t.key for t in found if t.key.startswith("pan:") and t.key in usable), None)
        if pan is not None:
            return self.touch(pan)
        if not any(t.key == "lid" for t in found):
            self.choosing.reset()
        return True

    def draw_table(self, surface: pygame.Surface) -> None:
        super().draw_table(surface)
        lid = self.thing("lid")
        if self.grabbed is not None and self.pointer is not None and lid is not None:
            dx, dy = self.pointer[0] - self.grabbed[0], self.pointer[1] - self.grabbed[1]
            draw_lid(surface, self.board, lid.rect.move(dx, dy), int(lid.words or 0))
        elif self._carrying() and self.focus is not None and self.focus.startswith("pan:"):
            draw_lid(
                surface, self.board, layout.lid_rect(self.board, int(self.focus[4:])), int(lid.words or 0)
            )

    def _recipe_at(self, pos: tuple[int, int] | None) -> Thing | None:
        return next(
            (t for t in reversed(self.things()) if "recipe" in t.extra and pos and t.rect.collidepoint(pos)),
            None,
        )

    def hover_words(self) -> list[str]:
        """As the kit's, naming the one move a first click starts (the recipe pile asks to swap
        recipes at once) rather than "choose among 1 move"."""
        lines = self._pointed_words()
        key = self.focus if self.keyboard else self.hover
        leads = [] if key in self.choosing.picked else self.usable().get(key or "", [])
        among = ngettext("Click: choose among %(count)d move", "Click: choose among %(count)d moves", 1) % {
            "count": 1
        }
        if len(leads) == 1 and among in lines:
            words = _("Click: %(move)s") if key == "recipes" else _("Click to start: %(move)s")
            lines[lines.index(among)] = words % {"move": self.menu_words(leads[0])}
        return lines

    def _pointed_words(self) -> list[str]:
        """Over a recipe card its own words (then what a click there does), and over one of its
        ingredient pictures that ingredient instead."""
        card = self.thing(self.hover)
        if self.keyboard or card is None or "recipe" not in card.extra or self.pointer is None:
            return super().hover_words()
        lines = super().hover_words()
        if self.clicks_on not in (None, card.key):  # the card lies on the book, whose move a click makes
            self.hover = self.clicks_on
            try:
                lines += super().hover_words()[1:]
            finally:
                self.hover = card.key
        recipe = card.extra["recipe"]
        ingredients = recipe.get("ingredients") or []
        for kind, cell in zip(
            ingredients, picture_rects(self.board, card.rect, len(ingredients)), strict=False
        ):
            if cell.collidepoint(self.pointer):
                return [
                    _("%(ingredient)s: an ingredient of %(recipe)s")
                    % {
                        "ingredient": describe.ingredient_word(kind).capitalize(),
                        "recipe": describe.dish_word(str(recipe.get("name"))),
                    },
                    *lines[1:],
                ]
        return lines

    def end_verdict(self) -> str:
        return tie_break(self.model, self.names())

    def end_panel(self) -> TableEnd:
        """The end screen shows the final score; the table itself (its last pan served, the pathway)
        stays to be looked at, before the end screen opens and with "Look at the table"."""
        return ScoringEnd(self)

    def describe(self) -> dict[str, Any]:
        model = self.model
        return {
            **super().describe(),
            "phase": model.phase,
            "turn": model.turn,
            "faces": {t.key: t.face for t in self.things() if t.kind == "card"},
        }
