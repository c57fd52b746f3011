"""Stone Soup's rules: dealing, adding cards to the pot, dashes of salt, challenges and penalties.

The seat to play makes one ``play``: the cards it chose in private and how many of the due
ingredient it says they are (see ``plays``). The cards go face down on the pot, nobody but the
player knows how many, and a challenge window opens for ``challenge_seconds``; any other player may
``challenge`` ("stone soup!") until the table clock closes it with TIMEOUT. A ``salt`` passes the
turn in the open and slides under the pot, which it stays with.
"""

from __future__ import annotations

import numbers
from itertools import pairwise
from typing import Any

from soupkitchen.shared.core import SYSTEM, Action, Bot, Event, Game, OptionSpec
from soupkitchen.shared.rng import rng_for
from soupkitchen.shared.stone_soup.cards import (
    DECK,
    DECK_SIZE,
    EXTRA_HANDS,
    KIND_OF,
    KINDS,
    PLURAL,
    SALT,
    SEQUENCE,
    SINGULAR,
    STONE,
    build_deck,
    card_order,
    count_kinds,
    count_words,
)
from soupkitchen.shared.stone_soup.plays import play_reason, turn_actions
from soupkitchen.shared.stone_soup.state import StoneSoupState, Window

LOG_LENGTH = 8
REVEALS_KEPT = 1
DECK_CARDS = frozenset(DECK)
ACTION_TYPES = ("play", "salt", "challenge", "let_go", "timeout")


CHALLENGE_SECONDS = 6  # a window long enough for people who hesitate; it closes early once all let go
SOLO_CHALLENGE_SECONDS = 4
PLAYER_NAMES = tuple(f"Player {seat + 1}" for seat in range(5))


def player_name(seat: int) -> str:
    """How the log and labels name a seat."""
    return PLAYER_NAMES[seat]


def next_seat(state: StoneSoupState, seat: int) -> int:
    """The seat to the left (clockwise) of ``seat``."""
    return (seat + 1) % state.players


class StoneSoup(Game[StoneSoupState]):
    """Stone Soup for 2-5 players: shed your cards by adding food to the pot, bluffing when you must."""

    id = "stone-soup"
    title = "Stone Soup"
    min_players = 2
    max_players = 5
    option_specs = (
        OptionSpec("challenge_seconds", "Seconds to call \"stone soup\" after each play",
                   CHALLENGE_SECONDS, minimum=1, maximum=10),
    )
    # A table of one person among bots starts from these (a shorter window: nobody else to wait for).
    solo_options = {"challenge_seconds": SOLO_CHALLENGE_SECONDS}

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
        log = [f"{player_name(dealer)} deals. {player_name(first)} starts with potatoes."]
        return StoneSoupState(players=players, options=dict(options), seed=seed, dealer=dealer,
                              hands=hands, set_aside=set_aside, turn=first, due=0, log=log)

    # --- what may be done ----------------------------------------------------------------------
    def legal_actions(self, state: StoneSoupState, seat: int | None) -> list[Action]:
        if state.winner is not None or not _is_seat(seat, state.players):
            return []
        window = state.window
        if window is not None:
            if seat == window.player or seat in window.let_go:
                return []
            return [{"type": "challenge", "label": "Call \"stone soup!\""},
                    {"type": "let_go", "label": "Let it go"}]
        if seat != state.turn:
            return []
        in_hand = count_kinds(state.hands[seat])
        held = tuple(in_hand.get(kind, 0) for kind in KINDS)
        return [dict(action, cards=dict(action["cards"])) if "cards" in action else dict(action)
                for action in turn_actions(held, state.due)]

    def validate(self, state: StoneSoupState, seat: int | None, action: Any, now: float) -> str | None:
        try:
            return self._reason(state, seat, action, now)
        except Exception as exc:  # validate must answer, whatever the input
            return f"That action could not be understood ({type(exc).__name__})."

    def _reason(self, state: StoneSoupState, seat: Any, action: Any, now: Any) -> str | None:
        if not isinstance(action, dict) or not isinstance(action.get("type"), str):
            return "An action must be an object with a \"type\", e.g. {\"type\": \"challenge\"}."
        kind = action["type"]
        if kind not in ACTION_TYPES:
            return f"Unknown action {kind[:40]!r}; Stone Soup knows {', '.join(ACTION_TYPES)}."
        if state.winner is not None:
            return "The game is over."
        if not _is_number(now) or not -1e15 < now < 1e15:
            return "The table clock shows an impossible time."
        if kind == "timeout":
            return self._timeout_reason(state, seat, now)
        if seat is SYSTEM:
            return "Only a player at the table can do that."
        if not _is_seat(seat, state.players):
            return "There is no such seat at this table."
        if kind == "challenge":
            return self._challenge_reason(state, seat, now)
        if kind == "let_go":
            return self._let_go_reason(state, seat, now)
        window = state.window
        if window is not None:
            if seat == next_seat(state, window.player):
                return "Wait: the others may still call \"stone soup\" on the last play."
            return f"It is not your turn: {player_name(window.player)}'s play may still be challenged."
        if seat != state.turn:
            return f"It is not your turn: {player_name(state.turn)} is playing."
        return self._turn_reason(state, seat, action)

    def _timeout_reason(self, state: StoneSoupState, seat: Any, now: Any) -> str | None:
        if seat is not SYSTEM:
            return "Only the table clock can close the challenge window."
        if state.window is None:
            return "Nothing is timed right now."
        if not _is_number(now) or now < state.window.closes_at:
            return "The challenge window is still open."
        return None

    def _challenge_reason(self, state: StoneSoupState, seat: int, now: Any) -> str | None:
        window = state.window
        if window is None:
            close = state.last_close
            if close is not None and close["serial"] == state.plays:
                if close.get("salt"):
                    return "A dash of salt is shown to everyone: it cannot be challenged."
                if close["by"] is not None:
                    if close["by"] == seat:
                        return "You already called \"stone soup\" on that play."
                    return f"Already challenged: {player_name(close['by'])} called \"stone soup\" first."
                return "Too late: that play stands, the challenge window has closed."
            return "There is no play to challenge right now."
        if seat == window.player:
            return "You cannot challenge your own play."
        if seat in window.let_go:
            return "You let that play go."
        if not _is_number(now) or now >= window.closes_at:
            return "Too late: the challenge window has closed."
        return None

    def _let_go_reason(self, state: StoneSoupState, seat: int, now: Any) -> str | None:
        window = state.window
        if window is None:
            return "There is no play to let go right now."
        if seat == window.player:
            return "That is your own play: the others decide whether to let it go."
        if seat in window.let_go:
            return "You already let that play go."
        if not _is_number(now) or now >= window.closes_at:
            return "Too late: the challenge window has closed."
        return None

    def _turn_reason(self, state: StoneSoupState, seat: int, action: dict[str, Any]) -> str | None:
        if action["type"] == "play":
            return play_reason(count_kinds(state.hands[seat]), state.due, action)
        if not any(KIND_OF[c] == SALT for c in state.hands[seat]):  # kind == "salt"
            return "You have no dash of salt."
        return None

    # --- doing it ------------------------------------------------------------------------------
    def _apply(self, state: StoneSoupState, seat: int | None, action: Action,
               now: float) -> tuple[StoneSoupState, list[Event]]:
        new = state.copy()
        kind = action["type"]
        if kind == "play":
            return new, self._play(new, seat, action["cards"], action["count"], now)
        if kind == "salt":
            return new, self._salt(new, seat)
        if kind == "challenge":
            return new, self._challenge(new, seat)
        if kind == "let_go":
            return new, self._let_go(new, seat)
        return new, self._close_unchallenged(new)

    def _play(self, state: StoneSoupState, seat: int, chosen: dict[str, int], count: int,
              now: float) -> list[Event]:
        cards: list[str] = []
        for kind, number in chosen.items():
            cards += [c for c in state.hands[seat] if KIND_OF[c] == kind][:number]
        state.hands[seat] = [c for c in state.hands[seat] if c not in cards]
        added = len(cards)
        state.pot.extend(cards)
        state.plays += 1
        seconds = state.options["challenge_seconds"]
        state.window = Window(seat, state.due, count, added, round(now + seconds, 3), state.plays)
        state.turn = None
        claim = count_words(count, SEQUENCE[state.due])
        text = f"{player_name(seat)} adds to the pot: \"{claim}\"."
        return [_event(state, "play", text, seat=seat, food=SEQUENCE[state.due], count=count)]

    def _salt(self, state: StoneSoupState, seat: int) -> list[Event]:
        card = next(c for c in state.hands[seat] if KIND_OF[c] == SALT)
        state.hands[seat].remove(card)
        state.salt_pile.append(card)
        state.plays += 1
        state.last_close = {"serial": state.plays, "by": None, "salt": True}
        food = PLURAL[SEQUENCE[state.due]]
        events = []
        if not state.hands[seat]:
            events.append(_event(state, "salt", f"{player_name(seat)} adds a dash of salt.", seat=seat))
            events.extend(self._win(state, seat))
        else:
            state.turn = next_seat(state, seat)
            text = f"{player_name(seat)} adds a dash of salt; {player_name(state.turn)} still owes {food}."
            events.append(_event(state, "salt", text, seat=seat))
        return events

    def _challenge(self, state: StoneSoupState, seat: int) -> list[Event]:
        window = state.window
        assert window is not None
        food = SEQUENCE[window.food]
        played = state.pot[-window.added:]
        kinds = sorted((KIND_OF[c] for c in played), key=KINDS.index)
        if STONE in kinds:
            verdict, taker, taken = "stone", window.player, len(state.pot)
        elif all(k == food for k in kinds) and len(kinds) == window.count:
            verdict, taker, taken = "honest", seat, len(state.pot)
        else:
            verdict, taker, taken = "bluff", window.player, min(2 * window.added, len(state.pot))
        whole = taken == len(state.pot)
        salt = len(state.salt_pile) if whole else 0  # the salt under the pot goes with the whole pot
        cards = state.pot[len(state.pot) - taken:] + (state.salt_pile if whole else [])
        del state.pot[len(state.pot) - taken:]
        if whole:
            state.salt_pile = []
        _take(state, taker, cards)
        state.window = None
        state.last_close = {"serial": window.serial, "by": seat}
        state.reveals = [*state.reveals, {
            "serial": window.serial, "player": window.player, "by": seat, "cards": kinds,
            "verdict": verdict, "taker": taker, "taken": taken, "whole_pot": whole, "salt": salt,
        }][-REVEALS_KEPT:]
        shown = ", ".join(SINGULAR[k] for k in kinds)
        who, by = player_name(window.player), player_name(seat)
        pot = "the whole pot" + (f" and {count_words(salt, SALT)} under it" if salt else "")
        outcome = {
            "stone": f"A stone: {who} takes {pot}.",
            "honest": f"Honest: {by} takes {pot}.",
            "bluff": f"A bluff: {who} takes back {pot if whole else taken}.",
        }[verdict]
        # How many cards a whole pot held is not public: the pot's size is only seen roughly.
        events = [_event(state, "challenge", f"{by} calls stone soup on {who}: {shown}. {outcome}",
                         seat=seat, player=window.player, cards=kinds, verdict=verdict, taker=taker,
                         taken=None if whole else taken, whole_pot=whole, salt=salt)]
        return events + self._pass_on(state, window)

    def _let_go(self, state: StoneSoupState, seat: int) -> list[Event]:
        """``seat`` will not challenge; once every other player has said so the play stands at once."""
        window = state.window
        assert window is not None
        window.let_go = (*window.let_go, seat)
        events = [_event(state, "let_go", f"{player_name(seat)} lets it go.", logged=False, seat=seat)]
        if len(window.let_go) == state.players - 1:
            events += self._close_unchallenged(state)
        return events

    def _close_unchallenged(self, state: StoneSoupState) -> list[Event]:
        window = state.window
        assert window is not None
        state.window = None
        state.last_close = {"serial": window.serial, "by": None}
        return self._pass_on(state, window)

    def _pass_on(self, state: StoneSoupState, window: Window) -> list[Event]:
        """After a play is settled: its player wins on an empty hand, else the next owes the next food."""
        if not state.hands[window.player]:
            return self._win(state, window.player)
        state.turn = next_seat(state, window.player)
        state.due = (window.food + 1) % len(SEQUENCE)
        return [_event(state, "turn", f"{player_name(state.turn)} owes {PLURAL[SEQUENCE[state.due]]}.",
                       logged=False, seat=state.turn, food=SEQUENCE[state.due])]

    def _win(self, state: StoneSoupState, seat: int) -> list[Event]:
        state.winner = seat
        state.turn = None
        state.window = None
        return [_event(state, "win", f"{player_name(seat)} has no cards left and wins!", seat=seat)]

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

    def view(self, state: StoneSoupState, seat: int | None) -> dict[str, Any]:
        from soupkitchen.shared.stone_soup.view import build_view

        return build_view(self, state, seat)

    def to_json(self, state: StoneSoupState) -> dict[str, Any]:
        return state.to_json()

    def from_json(self, data: dict[str, Any]) -> StoneSoupState:
        return StoneSoupState.from_json(data)

    def make_bot(self, seat: int, seed: int) -> Bot:
        from soupkitchen.shared.stone_soup.bot import StoneSoupBot

        return StoneSoupBot(seat, seed)

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


def _is_seat(seat: Any, players: int) -> bool:
    return isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < players


def _is_number(value: Any) -> bool:
    return isinstance(value, numbers.Real) and not isinstance(value, bool) and value == value


def _take(state: StoneSoupState, seat: int, cards: list[str]) -> None:
    state.hands[seat] = sorted([*state.hands[seat], *cards], key=card_order)


def _event(state: StoneSoupState, kind: str, text: str, logged: bool = True, **details: Any) -> Event:
    """A public event; its sentence also goes into the table log unless ``logged`` is False."""
    if logged:
        state.log = [*state.log, text][-LOG_LENGTH:]
    return {"type": kind, "text": text, **details}
