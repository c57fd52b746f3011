"""Builders of hand-made Pink Soup tables for the rule tests."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from soupkitchen.shared.pink_soup import GAME, describe
from soupkitchen.shared.pink_soup.cards import CARD_KINDS, KITCHEN_PILES, RECIPES
from soupkitchen.shared.pink_soup.state import PinkState
from tests.seat_words import seat_words


def make_table(
    players: int = 3,
    turn: int = 0,
    kitchen=(),
    pots=None,
    deck=None,
    recipes=None,
    known=None,
    removed=(),
    **fields,
) -> PinkState:
    """A table from kind keys. ``kitchen`` lists piles bottom first, place by place (an empty list: an
    empty place; places not listed are empty); ``pots`` lists each seat's cards;
    ``known`` maps seat -> list of seats that know its pot (default: only the owner); ``deck`` lists
    the kinds on top of the deck, top last, and every unused card goes below them."""
    free = {}
    for card, kind in enumerate(CARD_KINDS):
        free.setdefault(kind.key, []).append(card)

    def take(key: str) -> int:
        return free[key].pop()

    pile_cards = [[take(key) for key in pile] for pile in kitchen]
    pile_cards += [[] for _ in range(KITCHEN_PILES - len(pile_cards))]
    pot_cards = [[take(key) for key in pot] for pot in (pots or [[] for _ in range(players)])]
    removed_cards = [take(key) for key in removed]
    top = [take(key) for key in (deck or [])]
    rest = sorted(card for cards in free.values() for card in cards)
    masks = [
        [sum(1 << knower for knower in (known or {}).get(seat, [seat]))] * len(pot)
        for seat, pot in enumerate(pot_cards)
    ]
    recipes = recipes or list(range(players))
    state = PinkState(
        players=players,
        seed=7,
        recipes=recipes,
        deck=rest + top,
        kitchen=pile_cards,
        pots=pot_cards,
        known=masks,
        removed=removed_cards,
        turn=turn,
        closed=[False] * players,
        **{"started": [place for place, pile in enumerate(pile_cards) if pile], **fields},
    )
    GAME.check_invariants(state)
    return state


def act(state: PinkState, seat: int, action: dict) -> PinkState:
    return GAME.apply(state, seat, action, 1.0)[0]


def types(state: PinkState, seat: int) -> set[str]:
    return {action["type"] for action in GAME.legal_actions(state, seat)}


def recipe_index(name: str) -> int:
    return [recipe.name for recipe in RECIPES].index(name)


@pytest.fixture
def kit() -> SimpleNamespace:
    """The builders, as one fixture: kit.table(...), kit.act(...), kit.types(...), kit.recipe(name), and
    the words a seat reads: kit.words(state, seat, action), kit.log(state, seat),
    kit.headline(state, seat)."""
    return SimpleNamespace(
        table=make_table, act=act, types=types, recipe=recipe_index, **seat_words(GAME, describe)
    )
