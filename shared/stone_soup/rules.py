"""Stone Soup's rules: dealing, adding cards to the pot, dashes of salt, challenges and penalties.

The seat to play makes one ``play``: the cards it chose in private and how many of the due
ingredient it says they are (see ``plays``). The cards go face down on the pot, nobody but the
player knows how many, and a challenge window opens for ``challenge_seconds``; any other player may
``challenge`` ("stone soup!") or ``let_go`` that play, naming it (see ``calls``), until the table
clock closes it with TIMEOUT. A ``salt`` passes the turn in the open and slides under the pot,
which it stays with.
"""

from __future__ import annotations

from itertools import pairwise
from typing import Any

from soupkitchen.shared.core import SAMPLE, Action, Bot, Event, Game
from soupkitchen.shared.levels import NORMAL, at_level, check_level
from soupkitchen.shared.rng import rng_for
from soupkitchen.shared.stone_soup.calls import MOMENT_ACTIONS, call_reason
from soupkitchen.shared.stone_soup.cards import (
    DECK,
    DECK_SIZE,
    EXTRA_HANDS,
    KIND_OF,
    KINDS,
    SALT,
    SEQUENCE,
    STONE,
    build_deck,
    card_order,
    count_kinds,
)
from soupkitchen.shared.stone_soup.describe import (
    NO_SALT,
    WINDOW_CLOSED,
    dealt,
    not_your_turn,
    sentence,
    wait_for_window,
)
from soupkitchen.shared.stone_soup.plays import play_reason, turn_actions
from soupkitchen.shared.stone_soup.registration import FACTS
from soupkitchen.shared.stone_soup.state import StoneSoupState, Window, next_seat
from soupkitchen.shared.stone_soup.view import build_view

LOG_LENGTH = 8
REVEALS_KEPT = 1
DECK_CARDS = frozenset(DECK)



def _events_of(move):
    """A move that returns its events, as the core calls a move."""
    return lambda game, ctx: ctx.events.extend(move(game, ctx.state, ctx.seat, ctx.action, ctx.now))

class StoneSoup(Game[StoneSoupState]):
    """Stone Soup for 2-5 players: shed your cards by adding food to the pot, bluffing when you must."""

    facts = FACTS
    state_type = StoneSoupState
    listing = SAMPLE
    view_type = dict[str, Any]
    move_type = dict[str, Any]
    time_up = WINDOW_CLOSED

    # --- setup ---------------------------------------------------------------------------------
    def setup(self, players: int, options: dict[str, Any], seed: int) -> StoneSoupState:
        dealer = rng_for(seed, "dealer").randrange(players)
        deck = build_deck()
        rng_for(seed, "deal").shuffle(deck)
        order = [(dealer + 1 + i) % players for i in range(players)]
        piles: list[list[str]] = [[] for _ in range(players + EXTRA_HANDS[players])]
        targets = [*order, *range(players, len(piles))]  # seats from the dealer's left, then extras
        for i, card in enumerate(deck):
            piles[targets[i % len(piles)]].append(card)
        hands = [sorted(pile, key=card_order) for pile in piles[:players]]
        set_aside = [sorted(pile, key=card_order) for pile in piles[players:]]
        first = (dealer + 1) % players
        log = [dealt(dealer, first)]
        return StoneSoupState(players=players, options=dict(options), seed=seed, dealer=dealer,
                              hands=hands, set_aside=set_aside, turn=first, due=0, log=log)

    # --- what may be done ----------------------------------------------------------------------
    def active_seats(self, state: StoneSoupState) -> list[int]:
        window = state.window
        if state.winner is not None:
            return []
        if window is not None:
            return [seat for seat in range(state.players) if seat != window.player and seat not in window.let_go]
        return [state.turn]

    def list_moves(self, state: StoneSoupState, seat: int) -> list[Action]:
        window = state.window
        if window is not None:
            return [{"type": "challenge", "play": window.serial}, {"type": "let_go", "play": window.serial}]
        in_hand = count_kinds(state.hands[seat])
        held = tuple(in_hand.get(kind, 0) for kind in KINDS)
        return [dict(action, cards=dict(action["cards"])) if "cards" in action else dict(action)
                for action in turn_actions(held, state.due)]

    def check_move(self, state: StoneSoupState, seat: int, action: Action, legal: list[Action]) -> str | None:
        """A play may add any cards of the hand, more than the sampled legal list spells out."""
        if action["type"] in MOMENT_ACTIONS or state.window is not None:
            return self.waiting_reason(state, seat, action)
        if action["type"] == "play":
            return play_reason(count_kinds(state.hands[seat]), state.due, action)
        if action["type"] == "salt" and not any(KIND_OF[c] == SALT for c in state.hands[seat]):
            return NO_SALT
        return super().check_move(state, seat, action, legal)

    def waiting_reason(self, state: StoneSoupState, seat: int, action: Action) -> str | None:
        window = state.window
        if action["type"] in MOMENT_ACTIONS:
            return call_reason(state, seat, action)
        if window is not None:
            return wait_for_window(window.player, seat == next_seat(state, window.player))
        return not_your_turn(state.turn) if state.turn is not None else None

    # --- doing it ------------------------------------------------------------------------------
    def _play(self, state: StoneSoupState, seat: int, action: Action, now: float) -> list[Event]:
        count = action["count"]
        cards: list[str] = []
        for kind, number in action["cards"].items():
            cards += [c for c in state.hands[seat] if KIND_OF[c] == kind][:number]
        state.hands[seat] = [c for c in state.hands[seat] if c not in cards]
        added = len(cards)
        state.pot.extend(cards)
        state.plays += 1
        seconds = state.options["challenge_seconds"]
        state.window = Window(seat, state.due, count, added, round(now + seconds, 3), state.plays)
        state.turn = None
        return [_event(state, "play", seat=seat, food=SEQUENCE[state.due], count=count)]

    def _salt(self, state: StoneSoupState, seat: int, action: Action, now: float) -> list[Event]:
        card = next(c for c in state.hands[seat] if KIND_OF[c] == SALT)
        state.hands[seat].remove(card)
        state.salt_pile.append(card)
        state.plays += 1
        state.last_close = {"serial": state.plays, "by": None, "player": seat, "salt": True}
        if not state.hands[seat]:
            return [_event(state, "salt", seat=seat, next=None), *self._win(state, seat)]
        state.turn = next_seat(state, seat)
        return [_event(state, "salt", seat=seat, next=state.turn, owed=SEQUENCE[state.due])]

    def _challenge(self, state: StoneSoupState, seat: int, action: Action, now: float) -> list[Event]:
        window = state.window
        assert window is not None
        food = SEQUENCE[window.food]
        played = state.pot[-window.added:]
        kinds = sorted((KIND_OF[c] for c in played), key=KINDS.index)
        if STONE in kinds:
            verdict, taker, whole = "stone", window.player, True
        elif all(k == food for k in kinds) and len(kinds) == window.count:
            verdict, taker, whole = "honest", seat, True
        else:  # twice the cards added, from the top; the rest of the pot (and its salt) if it holds fewer
            verdict, taker, whole = "bluff", window.player, 2 * window.added > len(state.pot)
        taken = len(state.pot) if whole else 2 * window.added
        salt = len(state.salt_pile) if whole else 0  # the salt under the pot goes with the whole pot
        cards = state.pot[len(state.pot) - taken:] + (state.salt_pile if whole else [])
        del state.pot[len(state.pot) - taken:]
        if whole:
            state.salt_pile = []
        _take(state, taker, cards)
        state.window = None
        state.last_close = {"serial": window.serial, "by": seat, "player": window.player}
        state.reveals = [*state.reveals, {
            "serial": window.serial, "player": window.player, "by": seat, "cards": kinds,
            "verdict": verdict, "taker": taker, "taken": taken, "whole_pot": whole, "salt": salt,
        }][-REVEALS_KEPT:]
        # How many cards a whole pot held is not public: the pot's size is only seen roughly.
        events = [_event(state, "challenge", seat=seat, player=window.player, cards=kinds, verdict=verdict,
                         taker=taker, taken=None if whole else taken, whole_pot=whole, salt=salt)]
        return events + self._pass_on(state, window)

    def _let_go(self, state: StoneSoupState, seat: int, action: Action, now: float) -> list[Event]:
        """``seat`` will not challenge; once every other player has said so the play stands at once."""
        window = state.window
        assert window is not None
        window.let_go = (*window.let_go, seat)
        events = [_event(state, "let_go", logged=False, seat=seat)]
        if len(window.let_go) == state.players - 1:
            events += self._close_unchallenged(state, None, action, now)
        return events

    def _close_unchallenged(self, state: StoneSoupState, seat: None, action: Action, now: float) -> list[Event]:
        window = state.window
        assert window is not None
        state.window = None
        state.last_close = {"serial": window.serial, "by": None, "player": window.player,
                            "clock": action["type"] == "timeout"}
        return self._pass_on(state, window)

    def _pass_on(self, state: StoneSoupState, window: Window) -> list[Event]:
        """After a play is settled: its player wins on an empty hand, else the next owes the next food."""
        if not state.hands[window.player]:
            return self._win(state, window.player)
        state.turn = next_seat(state, window.player)
        state.due = (window.food + 1) % len(SEQUENCE)
        return [_event(state, "turn", logged=False, seat=state.turn, food=SEQUENCE[state.due])]

    def _win(self, state: StoneSoupState, seat: int) -> list[Event]:
        state.winner = seat
        state.turn = None
        state.window = None
        return [_event(state, "win", seat=seat)]

    # --- time and the end ----------------------------------------------------------------------
    def next_deadline(self, state: StoneSoupState) -> float | None:
        if state.winner is None and state.window is not None:
            return state.window.closes_at
        return None

    def is_over(self, state: StoneSoupState) -> bool:
        return state.winner is not None

    def result(self, state: StoneSoupState) -> dict[str, Any] | None:
        if state.winner is None:
            return None
        return {"winners": [state.winner],
                "scores": [1 if seat == state.winner else 0 for seat in range(state.players)],
                "cards_left": [len(hand) for hand in state.hands]}

    def private_view(self, state: StoneSoupState, seat: int | None) -> dict[str, Any]:
        return build_view(state, seat)

    def to_json(self, state: StoneSoupState) -> dict[str, Any]:
        return state.to_json()

    def from_json(self, data: dict[str, Any]) -> StoneSoupState:
        return StoneSoupState.from_json(data)

    def make_bot(self, seat: int, seed: int, level: str = NORMAL) -> Bot:
        from soupkitchen.shared.stone_soup.bot import StoneSoupBot
        from soupkitchen.shared.stone_soup.judge import STYLES

        style = STYLES[check_level(level)]
        return at_level(lambda: StoneSoupBot(seat, seed, style), seat, seed, level)

    moves = {kind: _events_of(move) for kind, move in {"play": _play, "salt": _salt, "challenge": _challenge, "let_go": _let_go,
                                                         "timeout": _close_unchallenged}.items()}

    def check_invariants(self, state: StoneSoupState) -> None:
        places = [*state.hands, *state.set_aside, state.pot, state.salt_pile]
        every = [card for place in places for card in place]
        assert len(every) == DECK_SIZE and set(every) == DECK_CARDS, "a card is missing, doubled or unknown"
        assert all(KIND_OF[c] == SALT for c in state.salt_pile), "only salt goes under the pot"
        assert not any(KIND_OF[c] == SALT for c in state.pot), "salt goes under the pot, never in it"
        for hand in [*state.hands, *state.set_aside]:
            assert all(card_order(a) < card_order(b) for a, b in pairwise(hand)), "hands are kept in order"
        if state.window is not None:
            assert state.turn is None and 1 <= state.window.added <= len(state.pot)
        if state.winner is not None:
            assert not state.hands[state.winner] and state.turn is None and state.window is None
        else:
            assert (state.turn is None) == (state.window is not None), "exactly one of turn or window"
            assert state.turn is None or state.hands[state.turn], "the seat to play has cards"
        assert len(state.log) <= LOG_LENGTH


def _take(state: StoneSoupState, seat: int, cards: list[str]) -> None:
    state.hands[seat] = sorted([*state.hands[seat], *cards], key=card_order)


def _event(state: StoneSoupState, kind: str, logged: bool = True, **details: Any) -> Event:
    """A public event with its sentence; the sentence also goes into the table log unless ``logged`` is False."""
    event = {"type": kind, **details}
    text = sentence(event)
    if logged:
        state.log = [*state.log, text][-LOG_LENGTH:]
    return {"type": kind, "text": text, **details}
