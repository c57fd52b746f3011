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

from soupkitchen.shared.core import SAMPLE, Action, Bot, EventLog, Game, MoveContext, Refusal
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
    not_your_turn,
    only_fields,
    wait_for_window,
)
from soupkitchen.shared.stone_soup.plays import play_reason, turn_actions
from soupkitchen.shared.stone_soup.registration import FACTS
from soupkitchen.shared.stone_soup.state import StoneSoupState, Window, next_seat
from soupkitchen.shared.stone_soup.view import Event, Move, StoneView, build_view, window_seconds

REVEALS_KEPT = 1
FIELDS = {"play": ("cards", "count"), "challenge": ("play",), "let_go": ("play",)}  # what each move names
DECK_CARDS = frozenset(DECK)


class StoneSoup(Game[StoneSoupState]):
    """Stone Soup for 2-5 players: shed your cards by adding food to the pot, bluffing when you must."""

    facts = FACTS
    state_type = StoneSoupState
    listing = SAMPLE  # a play may be any cards of the hand: ``plays`` lists a sample, ``check_move`` the rest
    log_length = 8
    view_type = StoneView
    move_type = Move
    event_type = Event
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
        log = EventLog.starting({"type": "dealt", "seat": dealer, "first": first})
        return StoneSoupState(
            players=players,
            options=dict(options),
            seed=seed,
            dealer=dealer,
            hands=hands,
            set_aside=set_aside,
            turn=first,
            due=0,
            log=log,
        )

    # --- what may be done ----------------------------------------------------------------------
    def active_seats(self, state: StoneSoupState) -> list[int]:
        """The seat to play; while a play may be challenged, every other player who has not let it go."""
        window = state.window
        if state.winner is not None:
            return []
        if window is not None:
            return [
                seat for seat in range(state.players) if seat != window.player and seat not in window.let_go
            ]
        return [state.turn]

    def list_moves(self, state: StoneSoupState, seat: int) -> list[Action]:
        window = state.window
        if window is not None:
            return [{"type": "challenge", "play": window.serial}, {"type": "let_go", "play": window.serial}]
        in_hand = count_kinds(state.hands[seat])
        held = tuple(in_hand.get(kind, 0) for kind in KINDS)
        return [
            dict(action, cards=dict(action["cards"])) if "cards" in action else dict(action)
            for action in turn_actions(held, state.due)
        ]

    def check_move(
        self, state: StoneSoupState, seat: int, action: Action, listed: list[Action]
    ) -> Refusal | None:
        """A play may add any cards of the hand, more than the sampled listed moves spell out."""
        extra = set(action) - {*FIELDS.get(action["type"], ()), "type", "label"}
        if extra and action["type"] in FIELDS:
            return only_fields(action["type"], FIELDS[action["type"]])
        if action["type"] in MOMENT_ACTIONS or state.window is not None:
            return self.waiting_reason(state, seat, action)
        if action["type"] == "play":
            return play_reason(count_kinds(state.hands[seat]), state.due, action)
        if action["type"] == "salt" and not any(KIND_OF[c] == SALT for c in state.hands[seat]):
            return NO_SALT
        return super().check_move(state, seat, action, listed)

    def waiting_reason(self, state: StoneSoupState, seat: int, action: Action) -> Refusal | None:
        window = state.window
        if action["type"] in MOMENT_ACTIONS:
            return call_reason(state, seat, action)
        if window is not None:
            return wait_for_window(window.player, seat == next_seat(state, window.player))
        return not_your_turn(state.turn) if state.turn is not None else None

    # --- doing it: each move changes its copy ``ctx.state`` and emits what everyone saw -------
    def _play(self, ctx: MoveContext) -> None:
        state, seat, action = ctx.state, ctx.seat, ctx.action
        count = action["count"]
        cards: list[str] = []
        for kind, number in action["cards"].items():
            cards += [c for c in state.hands[seat] if KIND_OF[c] == kind][:number]
        state.hands[seat] = [c for c in state.hands[seat] if c not in cards]
        added = len(cards)
        state.pot.extend(cards)
        state.plays += 1
        seconds = window_seconds(state.options)
        state.window = Window(seat, state.due, count, added, round(ctx.now + seconds, 3), state.plays)
        state.turn = None
        ctx.emit("play", seat=seat, food=SEQUENCE[state.due], count=count)

    def _salt(self, ctx: MoveContext) -> None:
        state, seat = ctx.state, ctx.seat
        card = next(c for c in state.hands[seat] if KIND_OF[c] == SALT)
        state.hands[seat].remove(card)
        state.salt_pile.append(card)
        state.plays += 1
        state.last_close = {"serial": state.plays, "by": None, "player": seat, "salt": True}
        if not state.hands[seat]:
            ctx.emit("salt", seat=seat, next=None)
            self._win(ctx, seat)
            return
        state.turn = next_seat(state, seat)
        ctx.emit("salt", seat=seat, next=state.turn, owed=SEQUENCE[state.due])

    def _challenge(self, ctx: MoveContext) -> None:
        state, seat = ctx.state, ctx.seat
        window = state.window
        assert window is not None
        food = SEQUENCE[window.food]
        played = state.pot[-window.added :]
        kinds = sorted((KIND_OF[c] for c in played), key=KINDS.index)
        if STONE in kinds:
            verdict, taker, whole = "stone", window.player, True
        elif all(k == food for k in kinds) and len(kinds) == window.count:
            verdict, taker, whole = "honest", seat, True
        else:  # twice the cards added, from the top; the rest of the pot (and its salt) if it holds fewer
            verdict, taker, whole = "bluff", window.player, 2 * window.added > len(state.pot)
        taken = len(state.pot) if whole else 2 * window.added
        salt = len(state.salt_pile) if whole else 0  # the salt under the pot goes with the whole pot
        cards = state.pot[len(state.pot) - taken :] + (state.salt_pile if whole else [])
        del state.pot[len(state.pot) - taken :]
        if whole:
            state.salt_pile = []
        _take(state, taker, cards)
        state.window = None
        state.last_close = {"serial": window.serial, "by": seat, "player": window.player}
        state.reveals = [
            *state.reveals,
            {
                "serial": window.serial,
                "player": window.player,
                "by": seat,
                "cards": kinds,
                "verdict": verdict,
                "taker": taker,
                "taken": taken,
                "whole_pot": whole,
                "salt": salt,
            },
        ][-REVEALS_KEPT:]
        # How many cards a whole pot held is not public: the pot's size is only seen roughly.
        ctx.emit(
            "challenge",
            seat=seat,
            player=window.player,
            cards=kinds,
            verdict=verdict,
            taker=taker,
            taken=None if whole else taken,
            whole_pot=whole,
            salt=salt,
        )
        self._pass_on(ctx, window)

    def _let_go(self, ctx: MoveContext) -> None:
        """``seat`` will not challenge; once every other player has said so the play stands at once."""
        state = ctx.state
        window = state.window
        assert window is not None
        window.let_go = (*window.let_go, ctx.seat)
        ctx.emit("let_go", logged=False, seat=ctx.seat)
        if len(window.let_go) == state.players - 1:
            self._close_unchallenged(ctx)

    def _close_unchallenged(self, ctx: MoveContext) -> None:
        state = ctx.state
        window = state.window
        assert window is not None
        state.window = None
        state.last_close = {
            "serial": window.serial,
            "by": None,
            "player": window.player,
            "clock": ctx.action["type"] == "timeout",
        }
        self._pass_on(ctx, window)

    def _pass_on(self, ctx: MoveContext, window: Window) -> None:
        """After a play is settled: its player wins on an empty hand, else the next owes the next food."""
        state = ctx.state
        if not state.hands[window.player]:
            self._win(ctx, window.player)
            return
        state.turn = next_seat(state, window.player)
        state.due = (window.food + 1) % len(SEQUENCE)
        ctx.emit("turn", logged=False, seat=state.turn, food=SEQUENCE[state.due])

    def _win(self, ctx: MoveContext, seat: int) -> None:
        state = ctx.state
        state.winner = seat
        state.turn = None
        state.window = None
        ctx.emit("win", seat=seat)

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
        return {
            "winners": [state.winner],
            "scores": [1 if seat == state.winner else 0 for seat in range(state.players)],
            "cards_left": [len(hand) for hand in state.hands],
        }

    def private_view(self, state: StoneSoupState, seat: int | None) -> dict[str, Any]:
        return build_view(state, seat)

    def make_bot(self, seat: int, seed: int, level: str = NORMAL) -> Bot:
        from soupkitchen.shared.stone_soup.bot import StoneSoupBot
        from soupkitchen.shared.stone_soup.claim_weighing import STYLES

        style = STYLES[check_level(level)]
        return at_level(lambda: StoneSoupBot(seat, seed, style), seat, seed, level)

    moves = {
        "play": _play,
        "salt": _salt,
        "challenge": _challenge,
        "let_go": _let_go,
        "timeout": _close_unchallenged,
    }

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
        assert len(state.log.entries) <= self.log_length


def _take(state: StoneSoupState, seat: int, cards: list[str]) -> None:
    state.hands[seat] = sorted([*state.hands[seat], *cards], key=card_order)
