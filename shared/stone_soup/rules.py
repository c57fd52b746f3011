"""Stone Soup's rules: dealing, adding cards to the pot, dashes of salt, challenges and penalties.

A turn is built in small steps so that every legal action can be listed: the seat to play picks
cards a kind at a time (``pick`` / ``unpick``, private), then ``declare``s how many of the due
ingredient it claims to have added. The play goes face down on the pot and a challenge window opens
for ``challenge_seconds``; any other player may ``challenge`` ("stone soup!") until the table clock
closes it with TIMEOUT. A ``salt`` passes the turn in the open.
"""

from __future__ import annotations

import numbers
from functools import lru_cache
from itertools import pairwise
from typing import Any

from soupkitchen.shared.core import SYSTEM, Action, Bot, Event, Game, OptionSpec
from soupkitchen.shared.levels import NORMAL, at_level
from soupkitchen.shared.rng import rng_for
from soupkitchen.shared.stone_soup.cards import (
    DECK,
    DECK_SIZE,
    EXTRA_HANDS,
    FOOD_COUNTS,
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
from soupkitchen.shared.stone_soup.state import StoneSoupState, Window

LOG_LENGTH = 8
REVEALS_KEPT = 1
DECK_CARDS = frozenset(DECK)
ACTION_TYPES = ("pick", "unpick", "declare", "salt", "challenge", "timeout")


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
        OptionSpec("challenge_seconds", "Seconds to call \"stone soup\" after each play", 3,
                   minimum=1, maximum=10),
    )

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
            if seat == window.player:
                return []
            return [{"type": "challenge", "label": "Call \"stone soup!\""}]
        if seat != state.turn:
            return []
        in_hand, in_play = count_kinds(state.hands[seat]), count_kinds(state.staged)
        held = tuple(in_hand.get(kind, 0) for kind in KINDS)
        picked = tuple(in_play.get(kind, 0) for kind in KINDS)
        return [dict(action) for action in _turn_actions(held, picked, state.due)]

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
        if not _is_number(now) or now >= window.closes_at:
            return "Too late: the challenge window has closed."
        return None

    def _turn_reason(self, state: StoneSoupState, seat: int, action: dict[str, Any]) -> str | None:
        kind = action["type"]
        food = SEQUENCE[state.due]
        if kind in ("pick", "unpick"):
            card = action.get("card")
            if not isinstance(card, str) or card not in KINDS:
                return f"Say which card, one of {', '.join(KINDS)}, e.g. {{\"card\": \"potato\"}}."
            if kind == "unpick":
                if not any(KIND_OF[c] == card for c in state.staged):
                    return f"You have not picked any {PLURAL[card]} for this play."
                return None
            if card == SALT:
                return "A dash of salt is shown, not slipped into the pot: play it with \"salt\"."
            number = action.get("count", 1)
            if not isinstance(number, int) or isinstance(number, bool) or number < 1:
                return "Say how many to pick, a whole number from 1."
            held = sum(1 for c in state.hands[seat] if KIND_OF[c] == card)
            if not held:
                return f"You have no {SINGULAR[card]} in your hand."
            if number > held:
                return f"You have only {count_words(held, card)} left in your hand to pick."
            return None
        if kind == "declare":
            if not state.staged:
                return "Pick at least one card to add before you declare."
            count = action.get("count")
            if not isinstance(count, int) or isinstance(count, bool):
                return f"Say how many {PLURAL[food]} you add, as a whole number."
            if count < 1:
                return f"Declare at least one {SINGULAR[food]}."
            if count > FOOD_COUNTS[food]:
                return f"There are only {FOOD_COUNTS[food]} {PLURAL[food]} in the game."
            return None
        if not any(KIND_OF[c] == SALT for c in state.hands[seat]):  # kind == "salt"
            return "You have no dash of salt."
        return None

    # --- doing it ------------------------------------------------------------------------------
    def _apply(self, state: StoneSoupState, seat: int | None, action: Action,
               now: float) -> tuple[StoneSoupState, list[Event]]:
        new = state.copy()
        kind = action["type"]
        if kind == "pick":
            cards = [c for c in new.hands[seat] if KIND_OF[c] == action["card"]][:action.get("count", 1)]
            new.hands[seat] = [c for c in new.hands[seat] if c not in cards]
            new.staged.extend(cards)
            return new, []
        if kind == "unpick":
            cards = [c for c in new.staged if KIND_OF[c] == action["card"]]
            new.staged = [c for c in new.staged if c not in cards]
            _take(new, seat, cards)
            return new, []
        if kind == "declare":
            return new, self._declare(new, seat, action["count"], now)
        if kind == "salt":
            return new, self._salt(new, seat)
        if kind == "challenge":
            return new, self._challenge(new, seat)
        return new, self._close_unchallenged(new)

    def _declare(self, state: StoneSoupState, seat: int, count: int, now: float) -> list[Event]:
        added = len(state.staged)
        state.pot.extend(state.staged)
        state.staged = []
        state.plays += 1
        seconds = state.options["challenge_seconds"]
        state.window = Window(seat, state.due, count, added, round(now + seconds, 3), state.plays)
        state.turn = None
        claim = count_words(count, SEQUENCE[state.due])
        text = f"{player_name(seat)} adds {added} card{'s' * (added != 1)}: \"{claim}\"."
        return [_event(state, "play", text, seat=seat, food=SEQUENCE[state.due], count=count, added=added)]

    def _salt(self, state: StoneSoupState, seat: int) -> list[Event]:
        _take(state, seat, state.staged)
        state.staged = []
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
        cards = state.pot[len(state.pot) - taken:]
        del state.pot[len(state.pot) - taken:]
        _take(state, taker, cards)
        state.window = None
        state.last_close = {"serial": window.serial, "by": seat}
        state.reveals = [*state.reveals, {
            "serial": window.serial, "player": window.player, "by": seat, "cards": kinds,
            "verdict": verdict, "taker": taker, "taken": taken,
        }][-REVEALS_KEPT:]
        shown = ", ".join(SINGULAR[k] for k in kinds)
        who, by = player_name(window.player), player_name(seat)
        outcome = {
            "stone": f"A stone: {who} takes the pot ({taken}).",
            "honest": f"Honest: {by} takes the pot ({taken}).",
            "bluff": f"A bluff: {who} takes back {taken}.",
        }[verdict]
        events = [_event(state, "challenge", f"{by} calls stone soup on {who}: {shown}. {outcome}",
                         seat=seat, player=window.player, cards=kinds, verdict=verdict, taker=taker,
                         taken=taken)]
        return events + self._pass_on(state, window)

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

    def make_bot(self, seat: int, seed: int, level: str = NORMAL) -> Bot:
        from soupkitchen.shared.stone_soup.bot import StoneSoupBot

        return at_level(lambda: StoneSoupBot(seat, seed), seat, seed, level)

    def check_invariants(self, state: StoneSoupState) -> None:
        places = [*state.hands, *state.set_aside, state.pot, state.salt_pile, state.staged]
        every = [card for place in places for card in place]
        assert len(every) == DECK_SIZE and set(every) == DECK_CARDS, "a card is missing, doubled or unknown"
        assert all(KIND_OF[c] == SALT for c in state.salt_pile), "only salt goes under the pot"
        assert not any(KIND_OF[c] == SALT for c in [*state.pot, *state.staged]), "salt is never in the pot"
        for hand in [*state.hands, *state.set_aside]:
            assert all(card_order(a) < card_order(b) for a, b in pairwise(hand)), "hands are kept in order"
        assert not state.staged or (state.turn is not None and state.window is None), "stray picked cards"
        if state.window is not None:
            assert state.turn is None and 1 <= state.window.added <= len(state.pot)
        if state.winner is not None:
            assert not state.hands[state.winner] and state.turn is None and state.window is None
        else:
            assert (state.turn is None) == (state.window is not None), "exactly one of turn or window"
            assert state.turn is None or state.hands[state.turn] or state.staged, "the seat to play has cards"
        assert len(state.log) <= LOG_LENGTH


@lru_cache(maxsize=8192)
def _turn_actions(held: tuple[int, ...], picked: tuple[int, ...], due: int) -> tuple[Action, ...]:
    """The actions of the seat to play, from its hand and picked cards counted per kind."""
    food = SEQUENCE[due]
    actions: list[Action] = []
    for kind, number in zip(KINDS, held, strict=True):
        for count in sorted({1, number}) if number and kind != SALT else ():
            actions.append({"type": "pick", "card": kind, "count": count,
                            "label": f"Pick {count_words(count, kind)}"})
    for kind, number in zip(KINDS, picked, strict=True):
        if number:
            actions.append({"type": "unpick", "card": kind, "label": f"Put back the {PLURAL[kind]}"})
    total = sum(picked)
    if total:
        for count in range(1, FOOD_COUNTS[food] + 1):
            actions.append({"type": "declare", "count": count,
                            "label": f"Say \"{count_words(count, food)}\" ({total} card{'s' * (total != 1)})"})
    if held[KINDS.index(SALT)]:
        actions.append({"type": "salt", "label": "Dash of salt (pass)"})
    return tuple(actions)


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
