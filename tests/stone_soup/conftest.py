"""Helpers for the Stone Soup tests: tables arranged by hand, plays made in one call, secret checks."""

from __future__ import annotations

import random
import re
from types import SimpleNamespace

import pytest

from soupkitchen.shared.core import canonical_json
from soupkitchen.shared.stone_soup import GAME
from soupkitchen.shared.stone_soup.cards import DECK, SEQUENCE, card_order, kind_of
from soupkitchen.shared.stone_soup.state import StoneSoupState

CARD_ID = re.compile(r"[a-z]+-\d+")


def arrange(players: int = 3, hands: dict[int, str] | None = None, pot: str = "", salt_pile: str = "",
            turn: int = 0, due: str = "potato", seconds: int = 3) -> StoneSoupState:
    """A table at a chosen moment. ``hands`` and ``pot`` are space-separated kinds ("potato stone");
    every card not placed goes round the seats left out of ``hands``, or set aside if there are none."""
    free = list(DECK)

    def take(kinds: str) -> list[str]:
        cards = []
        for kind in kinds.split():
            card = next(c for c in free if kind_of(c) == kind)
            free.remove(card)
            cards.append(card)
        return cards

    hands = hands or {}
    seat_cards = [take(hands.get(seat, "")) for seat in range(players)]
    pot_cards = take(pot)
    salt_cards = take(salt_pile)
    open_seats = [seat for seat in range(players) if seat not in hands]
    set_aside: list[list[str]] = []
    if open_seats:
        for i, card in enumerate(free):
            seat_cards[open_seats[i % len(open_seats)]].append(card)
    elif free:
        set_aside = [free]
    state = StoneSoupState(
        players=players, options={"challenge_seconds": seconds}, seed=1, dealer=(turn - 1) % players,
        hands=[sorted(cards, key=card_order) for cards in seat_cards],
        set_aside=[sorted(cards, key=card_order) for cards in set_aside],
        pot=pot_cards, salt_pile=salt_cards, turn=turn, due=SEQUENCE.index(due),
    )
    GAME.check_invariants(state)
    return state


def act(state: StoneSoupState, seat: int | None, action: dict, now: float = 0.0) -> StoneSoupState:
    """The state after a legal action (fails the test with the reason if it is refused)."""
    new, _events = GAME.apply(state, seat, action, now)
    GAME.check_invariants(new)
    return new


def play(state: StoneSoupState, seat: int, kinds: str, count: int, now: float = 0.0) -> StoneSoupState:
    """``seat`` picks the given cards and declares ``count`` of the due food, at ``now``."""
    for kind in kinds.split():
        state = act(state, seat, {"type": "pick", "card": kind, "count": 1}, now)
    return act(state, seat, {"type": "declare", "count": count}, now)


def kinds(cards: list[str]) -> list[str]:
    """Card ids as sorted kinds, for comparing hands."""
    return sorted(kind_of(card) for card in cards)


def hidden_shuffled(state: StoneSoupState, seat: int | None, rng: random.Random) -> StoneSoupState:
    """``state`` with the cards ``seat`` cannot see moved round their places (same sizes) by a random
    offset: different hidden cards end up in each other hand, extra hand and the pot."""
    new = state.copy()
    places = [hand for s, hand in enumerate(new.hands) if s != seat] + new.set_aside + [new.pot]
    if new.turn != seat:
        places.append(new.staged)
    cards = [card for place in places for card in place]
    if cards:
        offset = rng.randrange(1, len(cards)) if len(cards) > 1 else 0
        cards = cards[offset:] + cards[:offset]
    start = 0
    for place in places:
        size = len(place)
        place[:] = cards[start:start + size]
        start += size
    for hand in [*new.hands, *new.set_aside]:
        hand.sort(key=card_order)
    return new


def check_redacted(state: StoneSoupState, seat: int | None, rng: random.Random) -> None:
    """Seat's view is the same whatever the cards it cannot see are (and wherever they lie)."""
    assert GAME.view(hidden_shuffled(state, seat, rng), seat) == GAME.view(state, seat), \
        f"seat {seat}'s view depends on cards it cannot see"


def check_no_card_ids(state: StoneSoupState, seat: int | None) -> None:
    """Card ids (which tell copies apart) never leave the server: views speak of kinds only."""
    assert not CARD_ID.search(canonical_json(GAME.view(state, seat))), f"a card id is in seat {seat}'s view"


@pytest.fixture
def table() -> SimpleNamespace:
    """The helpers above, for tests to use as ``table.arrange(...)`` and so on."""
    return SimpleNamespace(arrange=arrange, act=act, play=play, kinds=kinds, game=GAME,
                           hidden_shuffled=hidden_shuffled, check_redacted=check_redacted,
                           check_no_card_ids=check_no_card_ids)
