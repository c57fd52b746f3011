"""The whole Pot Pourri table as plain data (copied and turned into JSON by ``shared.plain``)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from soupkitchen.shared.events import EventLog
from soupkitchen.shared.plain import Plain
from soupkitchen.shared.pot_pourri.cards import (
    BOOK_SIZE,
    CUISINES,
    INGREDIENT_CARDS,
    PAN_CAPACITY,
    PANTRY_SIZE,
    RECIPE_CARDS,
    RECIPES_TO_END,
)

ALL_INGREDIENTS = frozenset(range(INGREDIENT_CARDS))
ALL_RECIPES = frozenset(range(RECIPE_CARDS))

# Phases: who acts and what they may do.
CHOOSE = "choose_recipes"  # every seat keeps 2 of its 3 dealt recipes (all at once)
TURN = "turn"  # the active seat picks A) take, B) cook or C) swap (after an optional pantry refresh)
TAKE = "take_second"  # A) the active seat takes its second ingredient
COOK = "cook_second"  # B) the active seat may cook a second ingredient or finish
LID = "move_lid"  # B) the active seat moves the lid to another saucepan
KEEP = "keep_recipes"  # C) the active seat keeps 2 of the 4 recipes in hand
SERVE = "serve"  # a full saucepan: the seat in front of the queue redeems a recipe (or declines)
PEEK = "peek_menu"  # Cooking Pros: a seat secretly looks at two menu tiles
MENU = "swap_menu"  # a seat may swap two menu tiles
OVER = "over"


@dataclass
class PotState(Plain):
    """Every card's place, the board and the current sub-step. Cards are ids (see cards.py)."""

    players: int
    options: dict[str, Any]
    seed: int
    shuffles: int = 0  # how many reshuffles so far: salt of the next one
    ingredient_draw: list[int] = field(default_factory=list)  # top of the pile is the end
    ingredient_discard: list[int] = field(default_factory=list)
    pantry: list[int | None] = field(default_factory=list)  # None: an emptied slot
    hands: list[list[int]] = field(default_factory=list)
    pans: list[list[int]] = field(default_factory=list)
    lid: int = 0
    recipe_draw: list[int] = field(default_factory=list)
    recipe_discard: list[int] = field(default_factory=list)
    books: list[list[int]] = field(default_factory=list)
    offered: list[list[int]] = field(default_factory=list)  # recipes a seat is choosing from
    redeemed: list[list[int]] = field(default_factory=list)
    track: list[int] = field(default_factory=list)  # squares on the gourmet pathway
    menu: list[int] = field(default_factory=list)  # cuisine of the tile on each menu square
    known_tiles: list[list[int | None]] = field(default_factory=list)  # Cooking Pros: what each seat saw
    phase: str = CHOOSE
    turn: int = 0  # whose turn it is
    refreshed: bool = False  # pantry refreshed this turn
    cooked: int = 0  # ingredients cooked this turn
    serve_queue: list[list[int]] = field(default_factory=list)  # [seat, pan, 1 if the cook else 0]
    full_pans: list[int] = field(default_factory=list)
    crossings: list[int] = field(default_factory=list)  # seats that reached a star square, in order
    menu_queue: list[int] = field(default_factory=list)  # seats still to act on the menu
    peeked: list[int] = field(default_factory=list)  # Cooking Pros: tiles the menu actor looked at
    log: EventLog = field(default_factory=EventLog)  # the last public events
    final: dict[str, Any] | None = None

    def check_invariants(self) -> None:
        """Raise AssertionError unless every card lies in exactly one place and the board is sound."""
        ingredients = [
            *self.ingredient_draw,
            *self.ingredient_discard,
            *(c for c in self.pantry if c is not None),
            *(c for hand in self.hands for c in hand),
            *(c for pan in self.pans for c in pan),
        ]
        assert len(ingredients) == INGREDIENT_CARDS and set(ingredients) == ALL_INGREDIENTS, (
            "ingredient cards lost or doubled"
        )
        recipes = [
            *self.recipe_draw,
            *self.recipe_discard,
            *(r for group in self.books for r in group),
            *(r for group in self.offered for r in group),
            *(r for group in self.redeemed for r in group),
        ]
        assert len(recipes) == RECIPE_CARDS and set(recipes) == ALL_RECIPES, "recipe cards lost or doubled"
        assert sorted(self.menu) == list(range(len(CUISINES))), "menu tiles are not the five cuisines"
        assert len(self.pantry) == PANTRY_SIZE
        assert all(len(pan) <= PAN_CAPACITY for pan in self.pans), "a saucepan overflowed"
        assert len(self.pans[self.lid]) < PAN_CAPACITY, "the lidded saucepan is full"
        assert all(len(book) <= BOOK_SIZE for book in self.books), "a cookery book holds 3 recipes"
        if self.phase not in (COOK, SERVE, PEEK, MENU, OVER):
            assert all(len(pan) < PAN_CAPACITY for pan in self.pans), "a full saucepan was not served"
        if self.phase == TURN and None in self.pantry:
            assert not (self.ingredient_draw or self.ingredient_discard), "the pantry was not refilled"
        assert all(score >= 0 for score in self.track)
        assert self.phase != OVER or max(map(len, self.redeemed)) >= RECIPES_TO_END

    @property
    def actor(self) -> int | None:
        """The one seat whose decision the table waits for (None while every seat chooses recipes)."""
        if self.phase == CHOOSE or self.phase == OVER:
            return None
        if self.phase == SERVE:
            return self.serve_queue[0][0]
        if self.phase in (PEEK, MENU):
            return self.menu_queue[0]
        return self.turn
