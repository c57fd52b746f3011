"""How a Pot Pourri turn ends: full saucepans served seat by seat, the menu changed after a star
square, the pans emptied and the books refilled, the next turn, the end of the game and its final
score; and the draw piles, reshuffled from their discards when they run out."""

from __future__ import annotations

from typing import Any

from soupkitchen.shared.events import MoveContext
from soupkitchen.shared.pot_pourri import cards
from soupkitchen.shared.pot_pourri.cards import CUISINES, MENU_STARS, RECIPES
from soupkitchen.shared.pot_pourri.choices import cooking_pros, learner_memory
from soupkitchen.shared.pot_pourri.state import LID, MENU, OVER, PEEK, SERVE, TURN, PotState
from soupkitchen.shared.rng import rng_for

Turn = MoveContext[PotState]


def final_score(state: PotState) -> dict[str, Any]:
    """Pathway squares plus redeemed recipes by cuisine times the star value of that cuisine's menu square."""
    stars = {cuisine: MENU_STARS[square] for square, cuisine in enumerate(state.menu)}
    bonus = [sum(stars[RECIPES[r].cuisine] for r in state.redeemed[seat]) for seat in range(state.players)]
    scores = [state.track[seat] + bonus[seat] for seat in range(state.players)]
    own = [sum(RECIPES[r].cuisine == seat for r in state.redeemed[seat]) for seat in range(state.players)]
    best = max(scores)
    tied = [seat for seat in range(state.players) if scores[seat] == best]
    best_tiebreak = max(scores[seat] + own[seat] for seat in tied)
    winners = [seat for seat in tied if scores[seat] + own[seat] == best_tiebreak]
    return {
        "winners": winners,
        "scores": scores,
        "pathway": list(state.track),
        "menu_bonus": bonus,
        "own_colour_recipes": own,
        "menu": [CUISINES[c] for c in state.menu],
    }


def finish_cooking(ctx: Turn) -> None:
    s = ctx.state
    full = [pan for pan in range(cards.PANS) if len(s.pans[pan]) >= cards.PAN_CAPACITY]
    if not full:
        s.phase = LID
        return
    cook = s.turn
    others = [(cook + step) % s.players for step in range(1, s.players)]
    s.full_pans = full
    s.serve_queue = [[cook, pan, 1] for pan in full] + [[seat, pan, 0] for seat in others for pan in full]
    s.crossings = []
    s.phase = SERVE
    ctx.emit("must_serve", pans=full, cook=cook)
    advance_serve(ctx)


def advance_serve(ctx: Turn) -> None:
    s = ctx.state
    while s.serve_queue and not s.books[s.serve_queue[0][0]]:
        s.serve_queue.pop(0)
    if s.serve_queue:
        return
    if s.crossings:
        s.menu_queue = list(s.crossings) if cooking_pros(s) else [s.crossings[-1]]
        s.phase = PEEK if cooking_pros(s) else MENU
        return
    clean_up(ctx)


def close_menu(ctx: Turn, a: int | None, b: int | None) -> None:
    s, seat = ctx.state, ctx.seat
    if cooking_pros(s):
        # The tiles go back face down: the chef who looked must remember them (the memory aid
        # remembers for them); anyone else who knew them no longer knows where they lie.
        for other, known in enumerate(s.known_tiles):
            for tile in (a, b):
                known[tile] = s.menu[tile] if other == seat and learner_memory(s) else None
        ctx.emit("tiles_back", seat=seat, a=a, b=b)
    elif a is None:
        ctx.emit("menu_kept", seat=seat)
    else:
        ctx.emit("menu_swapped", seat=seat, a=a, b=b, at_a=CUISINES[s.menu[a]], at_b=CUISINES[s.menu[b]])
    s.menu_queue.pop(0)
    s.peeked = []
    if s.menu_queue:
        s.phase = PEEK
    else:
        clean_up(ctx)


def clean_up(ctx: Turn) -> None:
    s = ctx.state
    for pan in s.full_pans:
        s.ingredient_discard += s.pans[pan]
        s.pans[pan] = []
        ctx.emit("emptied", pan=pan)
    for step in range(s.players):
        seat = (s.turn + step) % s.players
        while len(s.books[seat]) < cards.BOOK_SIZE:
            recipe = draw_recipe(ctx)
            if recipe is None:
                break
            s.books[seat].append(recipe)
    s.full_pans = []
    s.crossings = []
    end_turn(ctx)


def end_turn(ctx: Turn) -> None:
    s = ctx.state
    s.pantry = [draw_ingredient(ctx) if card is None else card for card in s.pantry]
    s.refreshed = False
    s.cooked = 0
    s.turn = (s.turn + 1) % s.players
    s.phase = TURN


def end_game(ctx: Turn) -> None:
    s = ctx.state
    s.phase = OVER
    s.serve_queue = []
    s.menu_queue = []
    s.final = final_score(s)
    ctx.emit("final", scores=list(s.final["scores"]), winners=list(s.final["winners"]))


def draw_ingredient(ctx: Turn) -> int | None:
    return draw(ctx, "ingredient_draw", "ingredient_discard", "ingredients")


def draw_recipe(ctx: Turn) -> int | None:
    return draw(ctx, "recipe_draw", "recipe_discard", "recipes")


def draw(ctx: Turn, pile: str, discard: str, cards_of: str) -> int | None:
    """The top card of a draw pile, reshuffling its discard pile into it first if it is empty."""
    s = ctx.state
    if not getattr(s, pile) and getattr(s, discard):
        setattr(s, pile, _shuffled(s, getattr(s, discard)))
        setattr(s, discard, [])
        ctx.emit("reshuffled", pile=cards_of)
    return getattr(s, pile).pop() if getattr(s, pile) else None


def _shuffled(s: PotState, pile: list[int]) -> list[int]:
    pile = list(pile)
    rng_for(s.seed, "reshuffle", s.shuffles).shuffle(pile)
    s.shuffles += 1
    return pile
