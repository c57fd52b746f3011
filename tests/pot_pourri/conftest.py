"""Builders of hand-made Pot Pourri tables for the rule tests."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from soupkitchen.shared.pot_pourri import GAME, describe
from soupkitchen.shared.pot_pourri.cards import (
    CUISINES,
    INGREDIENT_CARDS,
    RECIPE_CARDS,
    RECIPES,
    ingredient_of,
)
from soupkitchen.shared.pot_pourri.state import TURN, PotState
from tests.seat_words import seat_words


def recipe_id(name: str) -> int:
    return next(recipe.id for recipe in RECIPES if recipe.name == name)


def make_table(
    players: int = 3,
    turn: int = 0,
    phase: str = TURN,
    hands=None,
    pans=None,
    lid: int = 2,
    pantry=("fish", "meat", "rice", "cheese"),
    books=None,
    deck=(),
    recipe_deck=(),
    menu=None,
    pros: bool = False,
    track=None,
    redeemed=None,
    **fields,
) -> PotState:
    """A table from ingredient names and recipe names. ``deck`` / ``recipe_deck`` list the cards on top
    of the draw piles, top last; every unused card lies below them."""
    free: dict[str, list[int]] = {}
    for card in range(INGREDIENT_CARDS):
        free.setdefault(ingredient_of(card), []).append(card)
    unused_recipes = list(range(RECIPE_CARDS))

    def take(kind: str | None) -> int | None:
        return None if kind is None else free[kind].pop()

    def take_recipe(name: str) -> int:
        unused_recipes.remove(recipe_id(name))
        return recipe_id(name)

    hand_cards = [[take(k) for k in hand] for hand in (hands or [[] for _ in range(players)])]
    pan_cards = [[take(k) for k in pan] for pan in (pans or [[], [], []])]
    pantry_cards = [take(k) for k in pantry]
    top = [take(k) for k in deck]
    book_ids = [
        [take_recipe(n) for n in book]
        for book in (
            books
            or [
                ["Paella", "Pelmeni"],
                ["Nachos", "Plov"],
                ["Ukha", "Pierogi"],
                ["Risotto", "Fajitas"],
                ["Kibbeh", "Dolma"],
            ][:players]
        )
    ]
    redeemed_ids = [[take_recipe(n) for n in group] for group in (redeemed or [[] for _ in range(players)])]
    top_recipes = [take_recipe(n) for n in recipe_deck]
    state = PotState(
        players=players,
        options={"cooking_pros": pros, "learner_memory": False},
        seed=7,
        ingredient_draw=sorted(c for cards in free.values() for c in cards) + top,
        pantry=pantry_cards,
        hands=hand_cards,
        pans=pan_cards,
        lid=lid,
        recipe_draw=unused_recipes + top_recipes,
        books=book_ids,
        offered=[[] for _ in range(players)],
        redeemed=redeemed_ids,
        track=list(track or [0] * players),
        menu=[CUISINES.index(c) for c in menu] if menu else [0, 1, 2, 3, 4],
        known_tiles=[[None] * 5 for _ in range(players)] if pros else [],
        phase=phase,
        turn=turn,
        **fields,
    )
    GAME.check_invariants(state)
    return state


def act(state: PotState, seat: int, action: dict) -> PotState:
    return GAME.apply(state, seat, action, 1.0)[0]


def types(state: PotState, seat: int) -> set[str]:
    return {action["type"] for action in GAME.legal_actions(state, seat)}


def kinds(cards: list[int]) -> list[str]:
    return sorted(ingredient_of(card) for card in cards)


@pytest.fixture
def kit() -> SimpleNamespace:
    """The builders as one fixture: kit.table(...), kit.act(...), kit.types(...), kit.recipe(name), and
    the words a seat reads: kit.words(state, seat, action), kit.log(state, seat),
    kit.headline(state, seat)."""
    return SimpleNamespace(
        table=make_table, act=act, types=types, recipe=recipe_id, kinds=kinds, **seat_words(GAME, describe)
    )
