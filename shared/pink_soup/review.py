"""The review of a finished Pink Soup game, worked out from its record by the rules: each pot's
cards as they came and went, what each Mouse power did, and how each score was made. Structure
only (the client words it); every face-down card is shown."""

from __future__ import annotations

from typing import Any

from soupkitchen.shared.pink_soup.cards import LABELS, RECIPES, kind_of, recipe_words
from soupkitchen.shared.pink_soup.state import PinkState

POWERS = ("find", "shuffle", "look", "swap")  # the moves that complete a Mouse's power


def review(timeline: Any) -> dict[str, Any]:
    """``timeline``: a ``shared.replay.Timeline`` of a finished game."""
    players = timeline.record.players
    pots: list[list[dict[str, Any]]] = [[] for _ in range(players)]
    mice: list[dict[str, Any]] = []
    for number, entry, before, after, _events in timeline.steps():
        seat, action = entry["seat"], entry["action"]
        for pot in range(players):
            pots[pot] += _pot_changes(number, seat, action["type"], before.pots[pot], after.pots[pot])
        if action["type"] in POWERS and after.swap_from is None:
            mice.append(_power(number, seat, action, before, after))
    final = timeline.final
    return {
        "game": "pink-soup",
        "pots": [
            {
                "seat": seat,
                "changes": pots[seat],
                "recipe": RECIPES[final.recipes[seat]].name,
                "final": [_card(card) for card in final.pots[seat]],
            }
            for seat in range(players)
        ],
        "mice": mice,
        "result": timeline.game.result(final),
    }


def _card(card: int) -> str:
    return kind_of(card).key


def _pot_changes(number: int, seat: int, kind: str, was: list[int], now: list[int]) -> list[dict[str, Any]]:
    """What came into and went out of one pot in one move, slot by slot."""
    if was == now:
        return []
    if kind in ("shuffle", "swap") and sorted(was) == sorted(now):
        return [
            {
                "move": number,
                "by": seat,
                "what": "shuffled" if kind == "shuffle" else "swapped_within",
                "cards": [_card(card) for card in now],
            }
        ]
    changes = []
    for slot in range(max(len(was), len(now))):
        old = was[slot] if slot < len(was) else None
        new = now[slot] if slot < len(now) else None
        if old == new:
            continue
        if old is not None:
            changes.append(
                {"move": number, "by": seat, "what": "out", "slot": slot, "card": _card(old), "how": kind}
            )
        if new is not None:
            changes.append(
                {"move": number, "by": seat, "what": "in", "slot": slot, "card": _card(new), "how": kind}
            )
    return changes


def _power(
    number: int, seat: int, action: dict[str, Any], before: PinkState, after: PinkState
) -> dict[str, Any]:
    """One Mouse's power as it was used, with every card it touched."""
    kind = action["type"]
    power: dict[str, Any] = {"move": number, "seat": seat, "power": "search" if kind == "find" else kind}
    if kind == "find":
        pile = before.kitchen[action["place"]]
        power.update(
            card=_card(pile[len(pile) - 1 - action["depth"]]),
            covered=action["depth"] > 0,
            kitchen=[[_card(card) for card in cards] for cards in before.kitchen],
        )
    elif kind == "shuffle":
        power.update(
            target=action["seat"],
            before=[_card(c) for c in before.pots[action["seat"]]],
            after=[_card(c) for c in after.pots[action["seat"]]],
        )
    elif kind == "look":
        power.update(target=action["seat"], seen=[_card(c) for c in before.pots[action["seat"]]])
    else:
        (first, first_slot), second, second_slot = before.swap_from, action["seat"], action["slot"]
        power.update(
            first={"seat": first, "slot": first_slot, "card": _card(before.pots[first][first_slot])},
            second={"seat": second, "slot": second_slot, "card": _card(before.pots[second][second_slot])},
        )
    return power


def face_up(state: PinkState) -> dict[str, Any]:
    """Every pot's cards, every recipe, the cards in hand and the deck's next cards, at this moment."""
    return {
        "game": "pink-soup",
        "pots": [[_card(card) for card in pot] for pot in state.pots],
        "recipes": [RECIPES[index].name for index in state.recipes],
        "drawn": [_card(card) for card in state.drawn],
        "deck_top": [_card(card) for card in state.deck[-2:][::-1]],
        "deck": len(state.deck),
    }


def turned_up(state: PinkState, view: dict[str, Any]) -> dict[str, Any]:
    """The spectator's ``view`` with every hidden card on the table face up: each pot card, the
    recipe of the chef drawn at the bottom (the first), the card waiting to go into a pot, the cards
    that chef drew on its turn; and every chef's recipe (``recipes``), named beside their pot."""
    players = [
        {**chef, "pot": [LABELS[card] for card in pot]}
        for chef, pot in zip(view["players"], state.pots, strict=True)
    ]
    pending = dict(view["pending"])
    if state.target is not None and state.incoming is not None:
        pending["incoming"] = LABELS[state.incoming]
    return {
        **view,
        "players": players,
        "recipe": recipe_words(state.recipes[0]),
        "pending": pending,
        "hand": [LABELS[card] for card in state.drawn] if state.turn == 0 else [],  # shown at the bottom
        "recipes": [recipe_words(recipe)["name"] for recipe in state.recipes],  # each chef's, by seat
    }
