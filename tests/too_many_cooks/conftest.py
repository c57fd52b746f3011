"""Shared helpers for the Too Many Cooks tests: soups written by hand and tables set to a moment."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from soupkitchen.shared.too_many_cooks import GAME
from soupkitchen.shared.too_many_cooks.cards import COPIES, KINDS, card_id
from soupkitchen.shared.too_many_cooks.state import TmcState


def soup_of(fill: str, cells: dict[tuple[int, int], str] | None = None) -> tuple[int, ...]:
    """A soup of ``fill`` cards ("veg/colour") with some cells replaced; it need not be buildable
    from the 64 cards, which is enough to judge tastes, turns and moves."""
    soup = [card_id(*fill.split("/"))] * 16
    for (row, col), card in (cells or {}).items():
        soup[row * 4 + col] = card_id(*card.split("/"))
    return tuple(soup)


def with_soup(state: TmcState, soup: tuple[int, ...]) -> TmcState:
    """``state`` with another soup; the spares are those that conserve the 64 cards when the soup is
    buildable."""
    return state.with_(soup=soup, spares=tuple(COPIES - soup.count(card) for card in range(KINDS)))


def playing(players: int = 3, seed: int = 7, options: dict | None = None, now: float = 0.0) -> TmcState:
    """A fresh game with every chef ready: round 1 is being played."""
    state = GAME.setup(players, GAME.normalise_options(options or {}, players), seed)
    for seat in range(players):
        state, _ = GAME.apply(state, seat, {"type": "ready"}, now)
    return state


def with_tastes(state: TmcState, tastes: list[tuple[str, int | None]]) -> TmcState:
    """``state`` with the round's tastes replaced by (taste id, owner seat or None) pairs."""
    return state.with_(tastes=tuple(t for t, _ in tastes), owners=tuple(o for _, o in tastes))


@pytest.fixture
def tmc() -> SimpleNamespace:
    return SimpleNamespace(
        game=GAME, soup_of=soup_of, with_soup=with_soup, playing=playing, with_tastes=with_tastes
    )
