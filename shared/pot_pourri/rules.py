"""The rules of Pot Pourri as a ``shared.core.Game``: setup, legal actions, validation and moves.

The moves open in each phase are listed in ``choices``; how a turn ends (serving full saucepans,
the menu, the next turn, the final score) is in ``serving``."""

from __future__ import annotations

from itertools import combinations
from typing import Any

from soupkitchen.shared.core import COMPLETE, Action, EventLog, Game, MoveContext, Refusal
from soupkitchen.shared.levels import NORMAL
from soupkitchen.shared.pot_pourri import cards, describe
from soupkitchen.shared.pot_pourri.cards import CUISINES, ingredient_of
from soupkitchen.shared.pot_pourri.choices import (
    cook_actions,
    cooking_pros,
    keep_actions,
    menu_actions,
    pan_kinds,
    serve_actions,
    take_actions,
    turn_actions,
)
from soupkitchen.shared.pot_pourri.refusals import why_not
from soupkitchen.shared.pot_pourri.registration import FACTS
from soupkitchen.shared.pot_pourri.serving import (
    advance_serve,
    close_menu,
    draw_ingredient,
    draw_recipe,
    end_game,
    end_turn,
    finish_cooking,
)
from soupkitchen.shared.pot_pourri.serving import (
    final_score as final_score,  # part of this module's interface
)
from soupkitchen.shared.pot_pourri.state import (
    CHOOSE,
    COOK,
    KEEP,
    LID,
    MENU,
    OVER,
    PEEK,
    SERVE,
    TAKE,
    TURN,
    PotState,
)
from soupkitchen.shared.pot_pourri.view import Event, Move, PotView, seat_view
from soupkitchen.shared.rng import rng_for

Turn = MoveContext[PotState]


class PotPourri(Game[PotState]):
    """Pot Pourri for 3-5 players: remember what went into the saucepans and serve your recipes."""

    facts = FACTS
    state_type = PotState
    listing = COMPLETE  # every legal move is listed: the sweep checks nothing else is accepted
    log_length = 10
    view_type = PotView
    move_type = Move
    event_type = Event

    # --- setup ---------------------------------------------------------------------------------
    def setup(self, players: int, options: dict[str, Any], seed: int) -> PotState:
        rng = rng_for(seed, "setup")
        ingredients = list(range(cards.INGREDIENT_CARDS))
        recipes = list(range(cards.RECIPE_CARDS))
        menu = list(range(len(CUISINES)))
        rng.shuffle(ingredients)
        rng.shuffle(recipes)
        rng.shuffle(menu)
        hands = [[ingredients.pop() for _ in range(cards.HAND_AT_START)] for _ in range(players)]
        pantry = [ingredients.pop() for _ in range(cards.PANTRY_SIZE)]
        offered = [[recipes.pop() for _ in range(cards.RECIPES_DEALT)] for _ in range(players)]
        state = PotState(
            players=players,
            options=dict(options),
            seed=seed,
            lid=rng.randrange(cards.PANS),
            ingredient_draw=ingredients,
            pantry=pantry,
            hands=hands,
            pans=[[] for _ in range(cards.PANS)],
            recipe_draw=recipes,
            books=[[] for _ in range(players)],
            offered=offered,
            redeemed=[[] for _ in range(players)],
            track=[0] * players,
            menu=menu,
        )
        if self.pros(state):
            state.known_tiles = [[None] * len(menu) for _ in range(players)]
        state.log = EventLog.starting({"type": "keeps"})
        return state

    @staticmethod
    def pros(state: PotState) -> bool:
        return cooking_pros(state)

    # --- legal actions -------------------------------------------------------------------------
    def active_seats(self, state: PotState) -> list[int]:
        if state.phase == CHOOSE:
            return [seat for seat in range(state.players) if state.offered[seat]]
        return [] if state.actor is None else [state.actor]

    def list_moves(self, state: PotState, seat: int) -> list[dict[str, Any]]:
        phase = state.phase
        if phase in (CHOOSE, KEEP):
            return keep_actions(state.offered[seat])
        if phase == TURN:
            return turn_actions(state, seat) or [{"type": "pass"}]
        if phase == TAKE:
            return take_actions(state)
        if phase == COOK:
            return [*cook_actions(state, seat), {"type": "stop_cooking"}]
        if phase == LID:
            return [{"type": "move_lid", "pan": pan} for pan in range(cards.PANS) if pan != state.lid]
        if phase == SERVE:
            return serve_actions(state, seat)
        if phase == PEEK:
            return [{"type": "peek", "tiles": [a, b]} for a, b in combinations(range(len(state.menu)), 2)]
        return menu_actions(state)

    def waiting_reason(self, state: PotState, seat: int, action: dict[str, Any]) -> Refusal | None:
        if state.phase == CHOOSE:
            return describe.RECIPES_CHOSEN
        return describe.their_move(state.actor)

    def check_move(self, state: PotState, seat: int, action: Action, listed: list[Action]) -> Refusal | None:
        reason = super().check_move(state, seat, action, listed)
        return reason and (why_not(state, seat, action) or reason)

    def seat_result(self, result: dict[str, Any], seat: int | None) -> dict[str, Any]:
        return result if seat is None else {**result, "you_won": seat in result["winners"]}

    # --- the moves: each changes its copy ``ctx.state`` and emits what everyone saw -------------
    def _do_keep(self, ctx: Turn) -> None:
        s, seat = ctx.state, ctx.seat
        kept = sorted(ctx.action["recipes"])
        dropped = [r for r in s.offered[seat] if r not in kept]
        s.books[seat] = kept
        s.recipe_discard += dropped
        s.offered[seat] = []
        ctx.emit("chose", seat=seat, dropped=dropped, first=s.phase == CHOOSE)
        if s.phase != CHOOSE:
            end_turn(ctx)
        elif not any(s.offered):
            s.phase = TURN
            ctx.emit("starts", seat=s.turn)

    def _do_refresh_pantry(self, ctx: Turn) -> None:
        s, seat = ctx.state, ctx.seat
        card = _take_kind(s.hands[seat], ctx.action["ingredient"])
        s.ingredient_discard += [card, *(c for c in s.pantry if c is not None)]
        s.pantry = [draw_ingredient(ctx) for _ in range(cards.PANTRY_SIZE)]
        s.refreshed = True
        ctx.emit("refreshed", seat=seat, ingredient=ctx.action["ingredient"])

    def _do_take(self, ctx: Turn) -> None:
        s, seat, action = ctx.state, ctx.seat, ctx.action
        if action["source"] == "pantry":
            slot = next(
                i
                for i, c in enumerate(s.pantry)
                if c is not None and ingredient_of(c) == action["ingredient"]
            )
            s.hands[seat].append(s.pantry[slot])
            s.pantry[slot] = None
            ctx.emit("took", seat=seat, ingredient=action["ingredient"])
        else:
            s.hands[seat].append(draw_ingredient(ctx))
            ctx.emit("drew", seat=seat)
        if s.phase == TURN and take_actions(s):
            s.phase = TAKE
        else:
            end_turn(ctx)

    def _do_cook(self, ctx: Turn) -> None:
        s, seat, pan = ctx.state, ctx.seat, ctx.action["pan"]
        s.pans[pan].append(_take_kind(s.hands[seat], ctx.action["ingredient"]))
        s.cooked += 1
        ctx.emit("cooked", seat=seat, ingredient=ctx.action["ingredient"], pan=pan)
        if s.cooked >= cards.COOK_PER_TURN or not cook_actions(s, seat):
            finish_cooking(ctx)
        else:
            s.phase = COOK

    def _do_stop_cooking(self, ctx: Turn) -> None:
        finish_cooking(ctx)

    def _do_move_lid(self, ctx: Turn) -> None:
        ctx.state.lid = ctx.action["pan"]
        ctx.emit("moved_lid", seat=ctx.seat, pan=ctx.state.lid)
        end_turn(ctx)

    def _do_swap_recipes(self, ctx: Turn) -> None:
        s, seat = ctx.state, ctx.seat
        drawn = [r for r in (draw_recipe(ctx) for _ in range(2)) if r is not None]
        s.offered[seat] = s.books[seat] + drawn
        s.books[seat] = []
        s.phase = KEEP
        ctx.emit("drew_recipes", seat=seat, count=len(drawn))

    def _do_pass(self, ctx: Turn) -> None:
        ctx.emit("passed", seat=ctx.seat)
        end_turn(ctx)

    def _do_redeem(self, ctx: Turn) -> None:
        s, seat = ctx.state, ctx.seat
        _seat, pan, is_cook = s.serve_queue.pop(0)
        recipe = ctx.action["recipe"]
        s.books[seat].remove(recipe)
        s.redeemed[seat].append(recipe)
        found = cards.matches(recipe, pan_kinds(s, pan))
        gain = cards.squares_for(found) + (cards.COOK_STEP if is_cook else 0)
        ctx.emit("served", seat=seat, recipe=recipe, pan=pan, found=found, gain=gain)
        _move_counter(ctx, seat, gain)
        if len(s.redeemed[seat]) >= cards.RECIPES_TO_END:
            ctx.emit("sixth", seat=seat)
            end_game(ctx)
            return
        advance_serve(ctx)

    def _do_decline(self, ctx: Turn) -> None:
        s, seat = ctx.state, ctx.seat
        _seat, pan, is_cook = s.serve_queue.pop(0)
        ctx.emit("declined", seat=seat, pan=pan, cook=bool(is_cook))
        if is_cook:  # no recipe of two matches: the cook still moves their cooking square
            _move_counter(ctx, seat, cards.COOK_STEP)
        advance_serve(ctx)

    def _do_peek(self, ctx: Turn) -> None:
        s, seat = ctx.state, ctx.seat
        s.peeked = sorted(ctx.action["tiles"])
        for tile in s.peeked:
            s.known_tiles[seat][tile] = s.menu[tile]
        s.phase = MENU
        a, b = s.peeked
        ctx.emit("peeked", seat=seat, a=a, b=b)

    def _do_swap_menu(self, ctx: Turn) -> None:
        s = ctx.state
        a, b = ctx.action["tiles"]
        s.menu[a], s.menu[b] = s.menu[b], s.menu[a]
        close_menu(ctx, a, b)

    def _do_keep_menu(self, ctx: Turn) -> None:
        close_menu(ctx, *(ctx.state.peeked or (None, None)))

    moves = {
        "keep": _do_keep,
        "refresh_pantry": _do_refresh_pantry,
        "take": _do_take,
        "cook": _do_cook,
        "stop_cooking": _do_stop_cooking,
        "move_lid": _do_move_lid,
        "swap_recipes": _do_swap_recipes,
        "redeem": _do_redeem,
        "decline": _do_decline,
        "peek": _do_peek,
        "swap_menu": _do_swap_menu,
        "keep_menu": _do_keep_menu,
        "pass": _do_pass,
    }

    # --- time, end, data -----------------------------------------------------------------------
    def next_deadline(self, state: PotState) -> float | None:
        return None

    def is_over(self, state: PotState) -> bool:
        return state.phase == OVER

    def result(self, state: PotState) -> dict[str, Any] | None:
        return state.final

    def private_view(self, state: PotState, seat: int | None) -> dict[str, Any]:
        return seat_view(state, seat)

    def make_bot(self, seat: int, seed: int, level: str = NORMAL):
        from soupkitchen.shared.pot_pourri.bot_levels import make_bot

        return make_bot(seat, seed, level)

    def check_invariants(self, state: PotState) -> None:
        state.check_invariants()


def _move_counter(ctx: Turn, seat: int, squares: int) -> None:
    """Move ``seat``'s counter on; each star square it reaches or passes gives its own menu turn."""
    s = ctx.state
    before = s.track[seat]
    s.track[seat] += squares
    for _square in cards.stars_crossed(before, s.track[seat]):
        s.crossings.append(seat)
        ctx.emit("star", seat=seat)


def _take_kind(hand: list[int], kind: str) -> int:
    """Remove and return one card of ``kind`` from ``hand``."""
    card = next(c for c in hand if ingredient_of(c) == kind)
    hand.remove(card)
    return card
