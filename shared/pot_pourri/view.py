"""What one seat may know of a Pot Pourri table: the only place secrets are removed.

Hidden from a seat: the other hands (only their sizes show), the other cookery books and the recipes
another seat is choosing from (only counts), both draw piles (only sizes), the contents of the
saucepan under the lid (only its card count; the log stops naming what was cooked into it once
the lid covers it) and, with Cooking Pros, every menu tile but the two it is looking at right now.
The "Learner: remember for me" option brings back a memory aid: the log keeps naming what went into
the covered saucepan, and a chef keeps the tiles they looked at until someone else handles them.
"""

from __future__ import annotations

from typing import Any

from soupkitchen.shared.pot_pourri import cards
from soupkitchen.shared.pot_pourri.cards import CARD_KINDS, CUISINES, MENU_STARS, RECIPES
from soupkitchen.shared.pot_pourri.describe import COOKED_LINE, PLAYER_NAMES, RECIPE_TITLES, phase_text
from soupkitchen.shared.pot_pourri.state import (
    CHOOSE,
    OVER,
    SERVE,
    PotState,
)

MATCH_SQUARES = {str(k): v for k, v in sorted(cards.MATCH_SQUARES.items(), reverse=True)}
RECIPE_CARDS = tuple(recipe.to_json() for recipe in RECIPES)


def recipe_card(recipe_id: int) -> dict[str, Any]:
    """The printed recipe card: name, cuisine and its six ingredients."""
    card = RECIPE_CARDS[recipe_id]
    return {**card, "ingredients": list(card["ingredients"])}


def seat_view(state: PotState, seat: int | None) -> dict[str, Any]:
    """The game's part of the view of ``seat`` (None: a spectator)."""
    seated = type(seat) is int and 0 <= seat < state.players
    me = seat if seated else None
    actor = state.actor
    waiting = [s for s in range(state.players) if state.offered[s]] if state.phase == CHOOSE else (
        [] if actor is None else [actor])
    return {
        "phase": state.phase,
        "phase_text": phase_text(state.phase, actor),
        "turn": actor,
        "active_player": state.turn,
        "waiting_for": waiting,
        "players": _public_players(state),
        "hand": None if me is None else _kinds(state.hands[me]),
        "book": None if me is None else [recipe_card(r) for r in state.books[me]],
        "choosing_from": None if me is None else [recipe_card(r) for r in state.offered[me]],
        "pantry": [None if c is None else CARD_KINDS[c] for c in state.pantry],
        "pans": [{"pan": pan, "covered": pan == state.lid, "count": len(cards_in),
                  "ingredients": None if pan == state.lid else [CARD_KINDS[c] for c in cards_in],
                  "full": len(cards_in) >= cards.PAN_CAPACITY} for pan, cards_in in enumerate(state.pans)],
        "lid": state.lid,
        "serving": _serving(state),
        "menu": _menu(state, me),
        "ingredient_draw_count": len(state.ingredient_draw),
        "ingredient_discard_count": len(state.ingredient_discard),
        "ingredient_discard_top": CARD_KINDS[state.ingredient_discard[-1]] if state.ingredient_discard else None,
        "recipe_draw_count": len(state.recipe_draw),
        "recipe_discard_count": len(state.recipe_discard),
        "recipe_discard_top": recipe_card(state.recipe_discard[-1]) if state.recipe_discard else None,
        "match_squares": dict(MATCH_SQUARES),
        "star_squares": list(cards.STAR_SQUARES),
        "log": _log(state),
        "learner_memory": bool(state.options.get("learner_memory")),
        "log_first": state.log_count - len(state.log),
    }


def _public_players(state: PotState) -> list[dict[str, Any]]:
    return [{"seat": seat, "name": PLAYER_NAMES[seat], "colour": CUISINES[seat], "pathway": pathway,
             "hand_count": len(hand), "book_count": len(book), "choosing_count": len(offered),
             "redeemed": [RECIPE_TITLES[r] for r in redeemed]}
            for seat, (pathway, hand, book, offered, redeemed) in enumerate(
                zip(state.track, state.hands, state.books, state.offered, state.redeemed, strict=True))]


def _log(state: PotState) -> list[str]:
    """The log as the table remembers it: what was cooked into the saucepan now under the lid is no
    longer named (unless the memory aid is on). Cards of an emptied pan are gone, so naming them
    or not tells nothing."""
    if state.options.get("learner_memory") or state.phase == OVER:
        return list(state.log)
    lines = []
    for line in state.log:
        cooked = COOKED_LINE.match(line)
        if cooked and int(cooked.group(3)) == state.lid + 1:
            line = f"{cooked.group(1)} cooked an ingredient into saucepan {cooked.group(3)}, now under the lid."
        lines.append(line)
    return lines


def _kinds(pile: list[int]) -> list[str]:
    return [CARD_KINDS[c] for c in sorted(pile)]


def _serving(state: PotState) -> dict[str, Any] | None:
    if state.phase != SERVE:
        return None
    seat, pan, is_cook = state.serve_queue[0]
    return {"seat": seat, "pan": pan, "cook": bool(is_cook), "full_pans": list(state.full_pans)}


def _menu(state: PotState, me: int | None) -> list[dict[str, Any]]:
    """The five menu squares; with Cooking Pros only the tiles ``me`` knows (all once the game is over)."""
    if not state.options.get("cooking_pros") or state.phase == OVER:
        return [{"square": square, "stars": stars, "cuisine": CUISINES[tile], "face_up": True}
                for square, (stars, tile) in enumerate(zip(MENU_STARS, state.menu, strict=True))]
    known = state.known_tiles[me] if me is not None else [None] * len(state.menu)
    return [{"square": square, "stars": stars, "cuisine": None if tile is None else CUISINES[tile],
             "face_up": False} for square, (stars, tile) in enumerate(zip(MENU_STARS, known, strict=True))]
