"""Pink Soup at a card table: the kitchen's piles, every chef's pot of face-down slots, your recipe and
drawn cards, moves made by touching them, and the final scoring laid out as the rulebook's example."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pygame

from soupkitchen.client.tables.kit.board import BODY, LABEL, SMALL, Board, draw_button
from soupkitchen.client.tables.kit.motion import Glide
from soupkitchen.client.tables.kit.scene import KitTable
from soupkitchen.client.tables.kit.seat_names import SeatNaming
from soupkitchen.client.tables.kit.table_objects import Thing
from soupkitchen.client.tables.pink_soup import layout
from soupkitchen.client.tables.pink_soup.model import BACK, PinkModel, face, kind_of
from soupkitchen.client.tables.pink_soup.paint import caption, draw_card, draw_scoring, tie_break
from soupkitchen.client.ui import theme
from soupkitchen.client.words import _
from soupkitchen.shared.pink_soup import describe

FACE_UP_SECONDS = 2.0  # a pot card seen as it lands turns face down this long after
MORE_SECONDS = 1.0  # and this much later for each more card shown at the same moment (a Mouse's look)


DISTURB = {
    "shuffles": ("target",),
    "swaps": ("first", "second"),
    "reveals_other": ("target",),
    "reveals_own": ("seat",),
}  # log entries that move or replace cards of the pots these fields name
# moves of one touch asked once more (none can be undone)
CONFIRMED = ("take", "activate", "find", "declare", "pass")


class PinkSoupTable(SeatNaming, KitTable):
    """Pink Soup, acted on at the table. A pot card the view names (seen as it was placed, taken
    face up or looked at) turns face down a moment after it is shown, whatever happens next (the
    next move does not cut the moment short, unless it moves that pot's cards): the pot is for
    remembering (unless the learner's "remember for me" is on)."""

    name = "pink-soup"
    art_folder = "pink_soup"
    model_type = PinkModel

    def __init__(self, app, session) -> None:
        # slot key -> (its card, when it turns face down, the log's end when it was shown)
        self.shown_since: dict[str, tuple[str, float, int]] = {}
        self._turn_seen: int | None = None  # whose turn the last view taken was
        super().__init__(app, session)

    @classmethod
    def card_sizes(cls, b: Board) -> set[tuple[int, int]]:
        sizes = {
            b.rect(0, 0, layout.CARD_W, layout.CARD_H).size,
            b.rect(0, 0, layout.CARD_W * 0.92, layout.CARD_H * 0.92).size,
        }
        for count in range(1, 5):
            w, h = layout.other_slot_size(layout.other_panels(count)[0][1])
            sizes.add(b.rect(0, 0, w, h).size)
        return sizes

    # --- what the table is made of -----------------------------------------------------------------
    def build(self, view: dict[str, Any], board: Board) -> list[Thing]:
        model = PinkModel(view)
        if model.result() is not None:
            return []  # the scoring sheet covers the table
        hidden, held = set(self.look()[0]), self.held_up()
        things = layout.build(
            model, board, self.choosing.picked, self.names(), layout.touched_slots(self._log_entries(view))
        )
        return [
            replace(
                thing,
                face=None,
                words="",
                what=_("%(place)s: face down") % {"place": thing.what.split(": ", 1)[0]},
            )
            if thing.key in hidden
            else self._held(thing, held[thing.key], model)
            if thing.key in held and thing.face is None
            else thing
            for thing in things
        ]

    def _log_entries(self, view: dict[str, Any]) -> dict[int, dict[str, Any]]:
        """Every log entry the table has seen, with those of ``view`` (not yet kept in the log book)."""
        entries = dict(self.log_book.entries)
        first = view.get("log_first")
        if isinstance(first, int) and not isinstance(first, bool):
            entries.update(enumerate((e for e in view.get("log") or [] if isinstance(e, dict)), start=first))
        return entries

    def _take(self, view: dict[str, Any], things: list[Thing], animate: bool) -> None:
        """As the kit takes a view; besides, a pot card the view turns over where it lies (a Mouse's look
        shows it, its moment passes) turns over on the table, though it is no move."""
        before, mine_before = dict(self.motion.seen), self._turn_seen == self.session.shown_seat
        super()._take(view, things, animate)
        if mine_before and self.turn_over(view):  # ended by a move that logs nothing (playing on)
            self.motion.settle()
        self._turn_seen = PinkModel(view).turn
        if not animate:
            return
        for thing in things:
            old = before.get(thing.key)
            if (
                thing.key.startswith("slot:")
                and old is not None
                and old.sig == thing.sig
                and old.rect == thing.rect
                and (old.face is None) != (thing.face is None)
            ):
                self.motion.glides[thing.key] = Glide(self.now, None)

    def turn_over(self, view: dict[str, Any]) -> bool:
        """Your turn is over once the table waits for another chef: till then the marks of what the
        others changed since your last turn stay (a turn here is several moves)."""
        return PinkModel(view).turn != self.session.shown_seat

    @staticmethod
    def _held(thing: Thing, label: str, model: PinkModel) -> Thing:
        """A pot card still face up for the moment it was shown, though the view names it no more."""
        place = thing.what.split(": ", 1)[0]
        return replace(
            thing,
            face=face(label),
            words=label,
            what=f"{place}: {layout.pot_card_words(label, model.learner_memory)}",
        )

    def moment_shown(self) -> bool:
        """Whether a pot card is shown only for a moment (not while the learner's aid names them all,
        at the end, or in a replay, where each moment shows what its view had)."""
        model = self.model
        return not (model.learner_memory or model.over or self.session.replaying)

    def named_slots(self) -> dict[str, str]:
        """The pot cards the view names now, by slot key (none while the learner's aid names them all)."""
        if not self.moment_shown():
            return {}
        return {
            f"slot:{chef.seat}:{i}": label
            for chef in self.model.chefs()
            for i, label in enumerate(chef.pot)
            if label
        }

    def menu_mine(self) -> set[str]:
        """A menu never covers the chef's own recipe, pot and drawn cards."""
        me = self.model.seating()[0]
        return {"recipe", f"pot:{me}", f"slot:{me}", "hand"}

    def confirm(self, action: dict[str, Any]) -> bool:
        """Taking a kitchen card, using a Mouse (drawn or on a pile), finding a card, closing your pot
        and passing are asked once more: one touch makes them and none can be taken back."""
        return action.get("type") in CONFIRMED

    def look(self) -> tuple:
        """The pot cards shown whose moment has passed: drawn face down (and, while it lasts, the ones
        still held up though the view names them no more)."""
        passed = (key for key, (_label, until, _at) in self.shown_since.items() if self.now >= until)
        return tuple(sorted(passed)), tuple(sorted(self.held_up()))

    def held_up(self) -> dict[str, str]:
        """The pot cards still in their moment that the view names no more, by slot key."""
        named = self.named_slots()
        return {
            key: label
            for key, (label, until, _at) in self.shown_since.items()
            if key not in named and self.now < until
        }

    def _undisturbed(self, key: str, since: int) -> bool:
        """Whether the card in slot ``key`` is still the one shown: its pot holds it and no move
        logged since (log number ``since``) shuffled, swapped or replaced that pot's cards."""
        _kind, seat, index = key.split(":")
        chefs = self.model.chefs()
        if int(seat) >= len(chefs) or int(index) >= len(chefs[int(seat)].pot):
            return False
        later = [entry for number, entry in self.log_book.ordered() if number >= since]
        return not any(
            entry.get(field) == int(seat)
            for entry in later
            for field in DISTURB.get(str(entry.get("type")), ())
        )

    def update(self, dt: float, now: float) -> None:
        before = self.look()[0]
        super().update(dt, now)
        named = self.named_slots()
        fresh = [key for key, label in named.items() if self.shown_since.get(key, ("",))[0] != label]
        until = now + FACE_UP_SECONDS + MORE_SECONDS * max(0, len(fresh) - 1)
        moment = self.moment_shown()
        kept = {
            key: held
            for key, held in self.shown_since.items()
            if moment and key not in named and now < held[1] and self._undisturbed(key, held[2])
        }
        at = self.log_book.end
        self.shown_since = kept | {
            key: self.shown_since[key] if key not in fresh else (label, until, at)
            for key, label in named.items()
        }
        turned = set(self.look()[0]) - set(before)
        if turned:  # they turn over where they lie
            for thing in self.things():
                if thing.key in turned:
                    self.motion.seen[thing.key] = thing
                    self.motion.glides[thing.key] = Glide(now, None)

    def redraw_at(self, now: float) -> float | None:
        waiting = [until for _label, until, _at in self.shown_since.values() if until > now]
        due = [t for t in (super().redraw_at(now), min(waiting, default=None)) if t is not None]
        return min(due, default=None)

    def path_of(self, action: dict[str, Any]) -> tuple[str, ...]:
        kind, step = action.get("type"), self.model.step
        if kind == "draw":
            return ("deck",)
        if kind in ("take", "discard") or (kind == "activate" and "place" in action):
            return (f"pile:{action.get('place')}",)
        if kind == "kitchen":
            pile = f"pile:{action.get('place')}"
            return (f"hand:{action.get('card')}", pile) if step == "kitchen" else (pile,)
        if kind == "activate":
            return ("hand:0",)
        if kind == "pot":
            return (f"pot:{action.get('seat')}",)
        if kind == "slot":
            return (f"slot:{self.model.make_room_seat()}:{action.get('slot')}",)
        if kind == "declare":  # closing your pot declares the last round
            return (f"pot:{self.model.seat}",)
        if kind in ("pass", "continue"):
            return (f"button:{kind}",)
        if kind == "search":  # choosing the search is what shows every pile's cards
            return ("power:search",)
        if kind == "find":
            return (f"search:{action.get('place')}:{action.get('depth')}",)
        if kind in ("shuffle", "look"):
            return (f"power:{kind}", f"pot:{action.get('seat')}")
        if kind == "swap":
            slot = f"slot:{action.get('seat')}:{action.get('slot')}"
            return ("power:swap", slot) if step == "power" else (slot,)
        return ()

    def _step_words(self, model: PinkModel) -> str:
        """The line at the top once the first touch of a move is made (a drawn card picked for the
        kitchen, a Mouse's power chosen): what to touch now (the rules' words tell the whole step)."""
        if not model.actions():
            return ""
        power = next((key for key in self.choosing.picked if key.startswith("power:")), None)
        if model.step == "power" and power is not None:
            return {
                "power:look": _("Your turn: click the pot the Mouse looks into"),
                "power:shuffle": _("Your turn: click the pot the Mouse shuffles"),
                "power:swap": _("Your turn: click the pot card the Mouse swaps"),
            }.get(power, "")
        picked = [key for key in self.choosing.picked if key.startswith("hand:")]
        if model.step != "kitchen" or not picked:
            return ""
        index = int(picked[0].split(":")[1])
        hand = model.hand()
        card = describe.card_words(hand[index]) if index < len(hand) else ""
        return _("Your turn: click where %(card)s goes in the kitchen (ringed in green)") % {"card": card}

    # --- drawing -----------------------------------------------------------------------------------
    def draw_under(self, surface: pygame.Surface, b: Board, view: dict[str, Any]) -> None:
        theme.draw_background(surface)
        model = PinkModel(view)
        prompt = self._step_words(model) or describe.headline(view, self.session.seat_name)
        prompt = prompt if model.over else self.addressed(prompt)
        me = model.seat
        colour = theme.MUSTARD if model.actions() else theme.TEXT
        size = next((s for s in (LABEL, BODY) if b.fits(prompt, s, b.px_x(1440))), SMALL)
        b.text(surface, prompt, size, colour, b.rect(30, 18, 1, 1).topleft, max_width=b.px_x(1440))
        if model.final_round and not model.over:
            b.text(
                surface,
                _("Last round"),
                BODY,
                theme.DANGER,
                b.rect(1880, 22, 1, 1).topleft,
                anchor="topright",
            )
        if model.result() is not None:
            return  # the scoring sheet takes the table's place
        kitchen = b.rect(layout.MAIN_X, layout.KITCHEN_Y - 44, layout.MAIN_W, 290)
        lay = theme.layout(surface.get_size())
        theme.draw_panel(surface, kitchen, lay, colour=theme.FELT)
        b.text(
            surface,
            _("Shared Kitchen (%(piles)d of 5 piles)") % {"piles": len(model.tops())},
            BODY,
            theme.BROTH,
            (kitchen.x + b.px(180), kitchen.y + b.px(6)),
        )
        for p in layout.empty_places(model):  # emptied places and those of piles still to come: five at most
            place = b.rect(
                layout.PILES_X + p * layout.PILE_STEP, layout.KITCHEN_Y, layout.CARD_W, layout.CARD_H
            )
            pygame.draw.rect(surface, theme.PLACE, place, width=b.px(2), border_radius=b.px(10))
        if model.in_play():
            b.text(
                surface,
                _("In play"),
                BODY,
                theme.BROTH,
                b.rect(layout.PLAY_X, layout.KITCHEN_Y - 38, 1, 1).topleft,
            )
        if any(a.get("type") == "declare" for a in model.actions()):
            b.text(
                surface,
                _("Click your pot to close it and declare the last round, or:"),
                BODY,
                theme.MUSTARD,
                b.rect(layout.MAIN_X + 20, layout.BUTTONS_Y + layout.BUTTON_H / 2, 1, 1).topleft,
                anchor="midleft",
            )
        elif (waiting := self._not_full_yet(model)) and not any(
            t.key.startswith(("button:", "power:")) for t in self.things()
        ):
            words = _(
                "Once every pot holds 5 cards you may declare the last round after your turn "
                "(not yet: %(chefs)s)"
            ) % {"chefs": ", ".join(waiting)}
            room = b.px_x(layout.MAIN_W - 40)
            b.text(
                surface,
                words,
                next((size for size in (BODY, SMALL) if b.fits(words, size, room)), SMALL),
                theme.BROTH,
                b.rect(layout.MAIN_X + 20, layout.BUTTONS_Y + layout.BUTTON_H / 2, 1, 1).topleft,
                anchor="midleft",
                max_width=room,
            )
        if model.over:
            return
        seat_box = b.rect(layout.MAIN_X, layout.SEAT_Y, layout.MAIN_W, 1070 - layout.SEAT_Y)
        theme.draw_panel(
            surface,
            seat_box,
            lay,
            colour=theme.PANEL,
            edge=theme.MUSTARD if model.turn == model.seating()[0] else theme.PANEL_EDGE,
        )
        owner = model.seating()[0]
        chef = model.chefs()[owner] if model.chefs() else None
        if chef is not None:
            own = owner == me and not self.session.replaying  # a replay names the seat it looks through
            title = (_("You") if own else self.session.seat_name(owner)) + (
                " " + _("(pot closed)") if chef.closed else ""
            )
            title += "  - " + _("your turn") if model.turn == owner and own else ""
            self._seat_name(surface, b, owner, title, b.rect(40, layout.SEAT_Y + 8, 1, 1).topleft)
            if model.hand():
                b.text(
                    surface,
                    _("Drawn"),
                    BODY,
                    theme.BROTH,
                    b.rect(layout.HAND_X, layout.SEAT_Y + 46, 1, 1).topleft,
                )

    def _not_full_yet(self, model: PinkModel) -> list[str]:
        """On this chef's turn while the game is still played, with their own pot full: the chefs whose
        pots are not full yet, the only thing keeping them from declaring the last round (the rulebook:
        only when every pot holds 5 cards)."""
        me, chefs = model.seat, model.chefs()
        if me is None or model.turn != me or model.final_round or model.over or not chefs:
            return []
        if len(chefs[me].pot) < layout.POT_SIZE:
            return []
        names = self.names()
        return [
            names.get(chef.seat, chef.name)
            for chef in chefs
            if chef.seat != me and len(chef.pot) < layout.POT_SIZE
        ]

    def _seat_name(
        self, surface: pygame.Surface, b: Board, seat: int, words: str, pos, width: int | None = None
    ):
        """The chef's name on a plate in their seat's colour (with its symbol where asked), so that
        whose pot is whose stands out at a glance."""
        r = b.px(12)
        colour = theme.seat_colour(seat)
        f = b.font(LABEL)
        room = (width - r * 2 - b.px(26)) if width else None
        text_w = min(f.size(words)[0], room) if room else f.size(words)[0]
        plate = pygame.Rect(pos[0] - b.px(6), pos[1] - b.px(2), r * 2 + b.px(26) + text_w, b.px(40))
        tint = tuple(round(c * 0.3 + p * 0.7) for c, p in zip(colour, theme.PANEL, strict=True))
        pygame.draw.rect(surface, tint, plate, border_radius=plate.h // 2)
        pygame.draw.rect(surface, colour, plate, width=b.px(2), border_radius=plate.h // 2)
        centre = (plate.x + b.px(6) + r, plate.centery)
        pygame.draw.circle(surface, colour, centre, r)
        if getattr(self.app.settings, "colour_blind_symbols", False):
            b.text(surface, theme.seat_symbol(seat), SMALL, theme.TEXT_DARK, centre, anchor="center")
        return b.text(
            surface,
            words,
            LABEL,
            theme.TEXT,
            (centre[0] + r + b.px(8), plate.centery),
            anchor="midleft",
            max_width=room,
        )

    def draw_thing(
        self, surface: pygame.Surface, b: Board, thing: Thing, rect: pygame.Rect, show: float
    ) -> None:
        key = thing.key
        model = self.model
        if key.startswith("pot:") and thing.kind == "zone":
            self._draw_pot_zone(surface, b, thing, model)
        elif key == "recipe":
            self._draw_recipe(surface, b, thing, model)
        elif key == "searchbox":
            theme.draw_panel(surface, thing.rect, theme.layout(surface.get_size()), colour=theme.SHADOW)
            b.text(
                surface,
                _("The Mouse searches: take any card of any pile (top first)"),
                BODY,
                theme.MUSTARD,
                (thing.rect.x + b.px(20), thing.rect.y + b.px(12)),
            )
            for row, p in enumerate(layout.search_rows(model)):
                b.text(
                    surface,
                    _("Pile %(pile)d") % {"pile": p + 1},
                    BODY,
                    theme.TEXT,
                    b.rect(60, 160 + row * 124, 1, 1).topleft,
                )
        elif thing.kind == "button":
            draw_button(surface, b, rect, thing.words, key in self.usable())
        elif thing.kind == "zone":  # an empty place: a new pile, no removed card yet
            pygame.draw.rect(surface, theme.PANEL_EDGE, rect, width=b.px(3), border_radius=b.px(10))
            caption(surface, b, thing.words, rect, b.px_x(layout.PILE_STEP - 8))
        else:
            self._draw_card(surface, b, thing, rect, show)
            if key == self._swapping(model):  # the first card of a Mouse's swap, waiting for its pair
                pygame.draw.rect(
                    surface,
                    theme.MUSTARD,
                    rect.inflate(b.px(14), b.px(14)),
                    width=b.px(7),
                    border_radius=b.px(12),
                )

    def _draw_card(
        self, surface: pygame.Surface, b: Board, thing: Thing, rect: pygame.Rect, show: float
    ) -> None:
        key = thing.key
        small = key.startswith("slot:") and rect.w < b.px_x(layout.CARD_W)  # another chef's pot
        draw_card(
            surface,
            b,
            thing.face or BACK,
            rect,
            show,
            value=None if thing.face is None else (kind_of(thing.words) or kind_of(self._label_of(thing))),
            small=small,
        )
        if key == "deck":
            caption(
                surface, b, _("Deck: %(count)s") % {"count": thing.words}, rect, b.px_x(layout.PILE_STEP - 8)
            )
        elif key.startswith("pile:"):
            kind = kind_of(thing.words)
            caption(
                surface,
                b,
                describe.card_words(kind.name if kind else thing.words),
                rect,
                b.px_x(layout.PILE_STEP - 8),
            )
            size = thing.extra.get("size", 1)
            if size > 1:
                self._count_badge(surface, b, rect, f"+{size - 1}")
        elif key == "removed":
            caption(surface, b, thing.words, rect, b.px_x(layout.PLAY_X - layout.REMOVED_X - 8))
        elif key.startswith(("hand:", "play:", "search:")) or (key.startswith("slot:") and not small):
            kind = kind_of(thing.words)
            if kind is not None and not key.startswith("search:"):
                step = (
                    layout.HAND_STEP
                    if key.startswith("hand:")
                    else layout.PLAY_STEP
                    if key.startswith("play:")
                    else layout.SLOT_STEP
                )
                caption(surface, b, describe.card_words(kind.name), rect, b.px_x(step), lines=3)

    @staticmethod
    def _swapping(model: PinkModel) -> str | None:
        """The key of the pot card a Mouse's swap has taken first, if one is waiting."""
        swap = model.swap_from()
        return f"slot:{swap[0]}:{swap[1]}" if swap is not None else None

    def _label_of(self, thing: Thing) -> str | None:
        return thing.words or None

    @staticmethod
    def _count_badge(surface: pygame.Surface, b: Board, rect: pygame.Rect, words: str) -> None:
        f = b.font(SMALL)
        w = f.size(words)[0] + b.px(14)
        pill = pygame.Rect(0, 0, max(w, f.get_height()), f.get_height())
        pill.bottomright = (rect.right - b.px(4), rect.bottom - b.px(4))
        pygame.draw.rect(surface, theme.TEXT_DARK, pill, border_radius=pill.h // 2)
        b.text(surface, words, SMALL, theme.TEXT, pill.center, anchor="center")

    def _draw_pot_zone(self, surface: pygame.Surface, b: Board, thing: Thing, model: PinkModel) -> None:
        seat = thing.extra["seat"]
        chefs = model.chefs()
        chef = chefs[seat]
        lay = theme.layout(surface.get_size())
        if seat == model.seating()[0]:
            pygame.draw.rect(surface, theme.FELT, thing.rect, border_radius=b.px(14))
            heading = b.text(
                surface,
                _("Your pot") if seat == model.seat else _("Pot"),
                BODY,
                theme.BROTH,
                (thing.rect.x + b.px(16), thing.rect.y + b.px(4)),
            )
            if model.learner_memory:
                self._learner_badge(surface, b, (heading.right + b.px(16), heading.centery))
        else:
            edge = theme.MUSTARD if model.turn == seat and not model.over else theme.PANEL_EDGE
            theme.draw_panel(surface, thing.rect, lay, edge=edge)
            marks = " - " + _("closed") if chef.closed else " - " + _("to move") if model.turn == seat else ""
            recipes = model.view.get("recipes")  # a replay's face-up eyes: each chef's recipe, named
            if isinstance(recipes, list) and seat < len(recipes):
                marks += " · " + describe.recipe_words(str(recipes[seat]))
            self._seat_name(
                surface,
                b,
                seat,
                self.session.seat_name(seat) + marks,
                (thing.rect.x + b.px(12), thing.rect.y + b.px(8)),
                width=thing.rect.w - b.px(24),
            )
            if chef.final_turn_owed:  # under the pot's cards, on two lines where the panel is narrow
                y = self._slot_rect(b, thing, seat, model, 0).bottom + b.px(4)
                for line in theme.wrap(_("final turn to come"), b.font(SMALL), thing.rect.w - b.px(28))[:2]:
                    y = b.text(
                        surface,
                        line,
                        SMALL,
                        theme.TEXT_DIM,
                        (thing.rect.x + b.px(14), y),
                        max_width=thing.rect.w - b.px(28),
                    ).bottom
        for i in range(len(chef.pot), 5):  # the pot's empty places, as large as its cards
            place = self._slot_rect(b, thing, seat, model, i)
            pygame.draw.rect(surface, theme.PANEL_EDGE, place, width=b.px(2), border_radius=b.px(8))
        if chef.closed:  # a lid over the pot
            lid = thing.rect.inflate(-b.px(20), 0)
            lid.h, lid.bottom = b.px(10), thing.rect.bottom - b.px(8)
            pygame.draw.rect(surface, theme.BROTH, lid, border_radius=lid.h // 2)

    @staticmethod
    def _learner_badge(surface: pygame.Surface, b: Board, midleft: tuple[int, int]) -> None:
        """The memory aid is on: a light pill, so that nobody takes the named pot cards for the game."""
        words = _("Learner: remember for me is on")
        f = b.font(SMALL)
        pill = pygame.Rect(0, 0, f.size(words)[0] + b.px(36), f.get_height() + b.px(6))
        pill.midleft = midleft
        pygame.draw.rect(surface, theme.MUSTARD, pill, border_radius=pill.h // 2)
        pygame.draw.circle(
            surface, theme.TEXT_DARK, (pill.x + b.px(14), pill.centery), b.px(5)
        )  # a knot: a reminder
        b.text(surface, words, SMALL, theme.TEXT_DARK, (pill.x + b.px(26), pill.centery), anchor="midleft")

    @staticmethod
    def _slot_rect(b: Board, thing: Thing, seat: int, model: PinkModel, index: int) -> pygame.Rect:
        me, others = model.seating()
        if seat == me:
            return b.rect(layout.POT_X + index * layout.SLOT_STEP, layout.POT_Y, layout.CARD_W, layout.CARD_H)
        x, width = layout.other_panels(len(others))[others.index(seat)]
        return layout.other_slot_rects(b, x, width)[index]

    def _draw_recipe(self, surface: pygame.Surface, b: Board, thing: Thing, model: PinkModel) -> None:
        recipe = model.recipe()
        rect = thing.rect
        pygame.draw.rect(surface, (246, 214, 222), rect, border_radius=b.px(12))
        pygame.draw.rect(surface, theme.TEXT_DARK, rect, width=b.px(3), border_radius=b.px(12))
        if recipe is None:  # face down: the recipe card's back, as a chef's own sits before them
            card = pygame.Rect(0, 0, b.px(layout.CARD_W), b.px(layout.CARD_H))
            card.center = (rect.centerx, rect.centery - b.px(16))
            draw_card(surface, b, "pink_soup/back", card)
            spot = (rect.centerx, card.bottom + b.px(8))
            b.text(surface, _("Secret recipe"), BODY, theme.TEXT_DARK, spot, anchor="midtop")
            return
        name = describe.recipe_words(str(recipe.get("name")))
        size = next((s for s in (LABEL, BODY, SMALL) if b.fits(name, s, rect.w - b.px(24))), SMALL)
        b.text(
            surface,
            name,
            size,
            theme.TEXT_DARK,
            (rect.centerx, rect.y + b.px(10)),
            anchor="midtop",
            max_width=rect.w - b.px(16),
        )
        b.text(
            surface,
            _("%(points)s points for 5 different") % {"points": recipe.get("points", 15)},
            SMALL,
            theme.TEXT_DARK,
            (rect.centerx, rect.y + b.px(52)),
            anchor="midtop",
            max_width=rect.w - b.px(16),
        )
        suits = [kind_of(label) for label in recipe.get("suitable") or []]
        suits = [k for k in suits if k is not None]
        w, h = 64, 90
        for i, kind in enumerate(suits):
            row, col = divmod(i, 4)
            count = min(4, len(suits) - row * 4)
            x = rect.centerx + round((-(count * (w + 8) - 8) / 2 + col * (w + 8)) * b.scale)
            cell = pygame.Rect(x, rect.y + b.px(92 + row * (h + 22)), b.px(w), b.px(h))
            draw_card(surface, b, f"pink_soup/{kind.key}", cell, 1.0, value=kind, small=True)

    def end_verdict(self) -> str:
        model = self.model
        return tie_break(model, {s: self.session.seat_name(s) for s in range(len(model.chefs()))})

    def draw_over(self, surface: pygame.Surface, b: Board, view: dict[str, Any]) -> None:
        model = PinkModel(view)
        if model.result() is not None:
            draw_scoring(surface, b, model, {s: self.session.seat_name(s) for s in range(len(model.chefs()))})

    def describe(self) -> dict[str, Any]:
        model = self.model
        return {
            **super().describe(),
            "step": model.step,
            "turn": model.turn,
            "learner_memory": model.learner_memory,
            "faces": {t.key: t.face for t in self.things() if t.kind == "card"},
        }
