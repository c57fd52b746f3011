"""Helpers for the Stone Soup tests: tables arranged by hand, plays made in one call, secret checks."""

from __future__ import annotations

import random
import re
from types import SimpleNamespace

import pytest

from soupkitchen.shared.core import canonical_json
from soupkitchen.shared.playout import random_chooser
from soupkitchen.shared.stone_soup import GAME
from soupkitchen.shared.stone_soup.cards import DECK, SALT, SEQUENCE, card_order, kind_of, size_band
from soupkitchen.shared.stone_soup.describe import event_words
from soupkitchen.shared.stone_soup.state import StoneSoupState

CARD_ID = re.compile(r"[a-z]+-\d+")


def arrange(
    players: int = 3,
    hands: dict[int, str] | None = None,
    pot: str = "",
    salt_pile: str = "",
    turn: int = 0,
    due: str = "potato",
    seconds: int = 3,
) -> StoneSoupState:
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
        players=players,
        options={"challenge_seconds": seconds},
        seed=1,
        dealer=(turn - 1) % players,
        hands=[sorted(cards, key=card_order) for cards in seat_cards],
        set_aside=[sorted(cards, key=card_order) for cards in set_aside],
        pot=pot_cards,
        salt_pile=salt_cards,
        turn=turn,
        due=SEQUENCE.index(due),
    )
    GAME.check_invariants(state)
    return state


def act(state: StoneSoupState, seat: int | None, action: dict, now: float = 0.0) -> StoneSoupState:
    """The state after a legal action (fails the test with the reason if it is refused)."""
    new, _events = GAME.apply(state, seat, action, now)
    GAME.check_invariants(new)
    return new


def play_of(kinds: str, count: int) -> dict:
    """The play action adding the given kinds ("potato potato stone") declared as ``count``."""
    cards: dict[str, int] = {}
    for kind in kinds.split():
        cards[kind] = cards.get(kind, 0) + 1
    return {"type": "play", "cards": cards, "count": count}


def play(state: StoneSoupState, seat: int, kinds: str, count: int, now: float = 0.0) -> StoneSoupState:
    """``seat`` adds the given cards declaring ``count`` of the due food, at ``now``."""
    return act(state, seat, play_of(kinds, count), now)


def random_player(seed: int, wait_chance: float):
    """A random chooser whose plays are any cards of the hand (not only the listed sample) declared
    as any allowed count: sneaked cards, short counts and stones all come up."""
    rng = random.Random(f"plays:{seed}")
    listed = random_chooser(seed, wait_chance)

    def choose(seat: int, view: dict, now: float) -> dict | None:
        if view["phase"] != "play" or view["turn"] != seat or rng.random() < 0.5:
            return listed(seat, view, now)
        cards = [kind for kind, n in view["hand"].items() if kind != SALT for _ in range(n)]
        if not cards:
            return listed(seat, view, now)
        chosen = rng.sample(cards, rng.randint(1, min(len(cards), 4)))
        return play_of(" ".join(chosen), rng.randint(1, view["most_declared"]))

    return choose


def call_of(state: StoneSoupState, kind: str = "challenge") -> dict:
    """A call (or with ``kind`` "let_go", a let-go) naming the open play, else the last play."""
    return {"type": kind, "play": state.window.serial if state.window is not None else state.plays}


def kinds(cards: list[str]) -> list[str]:
    """Card ids as sorted kinds, for comparing hands."""
    return sorted(kind_of(card) for card in cards)


def hidden_shuffled(state: StoneSoupState, seat: int | None, rng: random.Random) -> StoneSoupState:
    """``state`` with the cards ``seat`` cannot see moved round their places (same sizes) by a random
    offset: different hidden cards end up in each other hand, extra hand and the pot."""
    new = state.copy()
    places = [hand for s, hand in enumerate(new.hands) if s != seat] + new.set_aside + [new.pot]
    cards = [card for place in places for card in place]
    if cards:
        offset = rng.randrange(1, len(cards)) if len(cards) > 1 else 0
        cards = cards[offset:] + cards[:offset]
    start = 0
    for place in places:
        size = len(place)
        place[:] = cards[start : start + size]
        start += size
    for hand in [*new.hands, *new.set_aside]:
        hand.sort(key=card_order)
    return new


def sizes_shifted(state: StoneSoupState, seat: int | None, rng: random.Random) -> StoneSoupState | None:
    """``state`` with one card moved between places ``seat`` sees only roughly (another hand, the
    pot; the open play's own cards and hand), every size staying in the band it was in; None when
    no such move exists. The open play then added one card more or less than it did."""
    if state.winner is not None:
        return None  # at the end every hand is counted
    window = state.window
    places = [("hand", s) for s in range(state.players) if s != seat] + [("pot", None)]
    moves = [(a, b) for a in places for b in places if a != b]
    if window is not None and window.player != seat:
        moves += [(("hand", window.player), ("play", None))] * 3
        if window.added > 1:
            moves += [(("play", None), ("hand", window.player))] * 3
    rng.shuffle(moves)
    for source, target in moves:
        new = state.copy()
        taken_from = new.hands[source[1]] if source[0] == "hand" else new.pot
        put_on = new.hands[target[1]] if target[0] == "hand" else new.pot
        if source[0] == "pot":  # not the open play's cards
            candidates = taken_from[: len(taken_from) - (window.added if window else 0)]
        elif source[0] == "play":
            candidates = taken_from[-1:]
        else:
            candidates = [c for c in taken_from if kind_of(c) != SALT]
        if not candidates:
            continue
        card = rng.choice(candidates)
        taken_from.remove(card)
        if target[0] == "hand":
            put_on.append(card)
            put_on.sort(key=card_order)
        elif target[0] == "play" or window is None:
            put_on.append(card)
        else:
            put_on.insert(0, card)  # below the open play
        if new.window is not None and "play" in (source[0], target[0]):
            new.window.added += 1 if target[0] == "play" else -1
        before = [len(h) for h in state.hands] + [len(state.pot)]
        after = [len(h) for h in new.hands] + [len(new.pot)]
        if all(size_band(a) == size_band(b) for a, b in zip(before, after, strict=True)):
            return new
    return None


def check_redacted(state: StoneSoupState, seat: int | None, rng: random.Random) -> None:
    """Seat's view is the same whatever the cards it cannot see are (and wherever they lie), and
    whatever the sizes it sees only roughly are (how many cards a play added among them)."""
    assert GAME.view(hidden_shuffled(state, seat, rng), seat) == GAME.view(state, seat), (
        f"seat {seat}'s view depends on cards it cannot see"
    )
    shifted = sizes_shifted(state, seat, rng)
    if shifted is not None:
        assert GAME.view(shifted, seat) == GAME.view(state, seat), (
            f"seat {seat}'s view tells a size it may only judge roughly"
        )


def check_no_card_ids(state: StoneSoupState, seat: int | None) -> None:
    """Card ids (which tell copies apart) never leave the server: views speak of kinds only."""
    assert not CARD_ID.search(canonical_json(GAME.view(state, seat))), f"a card id is in seat {seat}'s view"


def said(view: dict) -> list[str]:
    """The view's log as a seat reads it."""
    return [event_words(entry) for entry in view["log"]]


@pytest.fixture
def table() -> SimpleNamespace:
    """The helpers above, for tests to use as ``table.arrange(...)`` and so on."""
    return SimpleNamespace(
        arrange=arrange,
        act=act,
        play=play,
        play_of=play_of,
        call_of=call_of,
        kinds=kinds,
        game=GAME,
        sizes_shifted=sizes_shifted,
        random_player=random_player,
        hidden_shuffled=hidden_shuffled,
        check_redacted=check_redacted,
        check_no_card_ids=check_no_card_ids,
        said=said,
    )
