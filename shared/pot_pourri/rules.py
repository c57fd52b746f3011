"""The rules of Pot Pourri as a ``shared.core.Game``: setup, legal actions, validation and moves.

The moves open in each phase are listed in ``choices``; how a turn ends (serving full saucepans,
the menu, the next turn, the final score) is in ``serving``."""

from __future__ import annotations

from itertools import combinations
from typing import Any

from soupkitchen.shared.core import Action, Game, is_seat
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
from soupkitchen.shared.pot_pourri.describe import player_name
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
    say,
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
from soupkitchen.shared.pot_pourri.view import seat_view
from soupkitchen.shared.rng import rng_for

LOG_LENGTH = 10



class PotPourri(Game[PotState]):
    """Pot Pourri for 3-5 players: remember what went into the saucepans and serve your recipes."""

    facts = FACTS

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
        state = PotState(players=players, options=dict(options), seed=seed, lid=rng.randrange(cards.PANS),
                         ingredient_draw=ingredients, pantry=pantry, hands=hands, pans=[[] for _ in range(cards.PANS)],
                         recipe_draw=recipes, books=[[] for _ in range(players)], offered=offered,
                         redeemed=[[] for _ in range(players)], track=[0] * players, menu=menu)
        if self.pros(state):
            state.known_tiles = [[None] * len(menu) for _ in range(players)]
        say(state, "keeps")
        return state

    @staticmethod
    def pros(state: PotState) -> bool:
        return cooking_pros(state)

    # --- legal actions -------------------------------------------------------------------------
    def legal_actions(self, state: PotState, seat: int | None) -> list[dict[str, Any]]:
        if not is_seat(seat, state.players):
            return []
        phase = state.phase
        if phase == CHOOSE:
            return keep_actions(state.offered[seat])
        if phase == OVER or seat != state.actor:
            return []
        if phase == TURN:
            actions = turn_actions(state, seat)
            return actions or [{**describe.PASS}]
        if phase == TAKE:
            return take_actions(state)
        if phase == COOK:
            return [*cook_actions(state, seat), {**describe.STOP_COOKING}]
        if phase == LID:
            return [describe.lid_action(pan) for pan in range(cards.PANS) if pan != state.lid]
        if phase == KEEP:
            return keep_actions(state.offered[seat])
        if phase == SERVE:
            return serve_actions(state, seat)
        if phase == PEEK:
            return [describe.peek_action(a, b) for a, b in combinations(range(len(state.menu)), 2)]
        return menu_actions(state)

    def waiting_reason(self, state: PotState, seat: int, action: dict[str, Any]) -> str | None:
        if state.phase == CHOOSE:
            return "you have already chosen your recipes; waiting for the others"
        return f"it is {player_name(state.actor)}'s move"

    def check_move(self, state: PotState, seat: int, action: Action, legal: list[Action]) -> str | None:
        reason = super().check_move(state, seat, action, legal)
        return reason and (why_not(state, seat, action) or reason)

    def seat_result(self, result: dict[str, Any], seat: int | None) -> dict[str, Any]:
        return result if seat is None else {**result, "you_won": seat in result["winners"]}

    # --- moves ---------------------------------------------------------------------------------
    def _apply(self, state: PotState, seat: int | None, action: dict[str, Any], now: float):
        s = state.copy()
        before = len(s.log)
        self.moves[action["type"]](self, s, seat, action)
        fresh = s.log[before:]
        del s.log[:-LOG_LENGTH]
        return s, [{"type": "log", "text": text} for text in fresh]

    def _do_keep(self, s: PotState, seat: int, action: dict[str, Any]) -> None:
        kept = sorted(action["recipes"])
        dropped = [r for r in s.offered[seat] if r not in kept]
        s.books[seat] = kept
        s.recipe_discard += dropped
        s.offered[seat] = []
        say(s, "chose", seat=seat, dropped=dropped, first=s.phase == CHOOSE)
        if s.phase != CHOOSE:
            end_turn(s)
        elif not any(s.offered):
            s.phase = TURN
            say(s, "starts", seat=s.turn)

    def _do_refresh_pantry(self, s: PotState, seat: int, action: dict[str, Any]) -> None:
        card = _take_kind(s.hands[seat], action["ingredient"])
        s.ingredient_discard += [card, *(c for c in s.pantry if c is not None)]
        s.pantry = [draw_ingredient(s) for _ in range(cards.PANTRY_SIZE)]
        s.refreshed = True
        say(s, "refreshed", seat=seat, ingredient=action["ingredient"])

    def _do_take(self, s: PotState, seat: int, action: dict[str, Any]) -> None:
        if action["source"] == "pantry":
            slot = next(i for i, c in enumerate(s.pantry) if c is not None
                        and ingredient_of(c) == action["ingredient"])
            s.hands[seat].append(s.pantry[slot])
            s.pantry[slot] = None
            say(s, "took", seat=seat, ingredient=action["ingredient"])
        else:
            s.hands[seat].append(draw_ingredient(s))
            say(s, "drew", seat=seat)
        if s.phase == TURN and take_actions(s):
            s.phase = TAKE
        else:
            end_turn(s)

    def _do_cook(self, s: PotState, seat: int, action: dict[str, Any]) -> None:
        pan = action["pan"]
        s.pans[pan].append(_take_kind(s.hands[seat], action["ingredient"]))
        s.cooked += 1
        say(s, "cooked", seat=seat, ingredient=action["ingredient"], pan=pan)
        if s.cooked >= cards.COOK_PER_TURN or not cook_actions(s, seat):
            finish_cooking(s)
        else:
            s.phase = COOK

    def _do_stop_cooking(self, s: PotState, seat: int, action: dict[str, Any]) -> None:
        finish_cooking(s)

    def _do_move_lid(self, s: PotState, seat: int, action: dict[str, Any]) -> None:
        s.lid = action["pan"]
        say(s, "moved_lid", seat=seat, pan=s.lid)
        end_turn(s)

    def _do_swap_recipes(self, s: PotState, seat: int, action: dict[str, Any]) -> None:
        drawn = [r for r in (draw_recipe(s) for _ in range(2)) if r is not None]
        s.offered[seat] = s.books[seat] + drawn
        s.books[seat] = []
        s.phase = KEEP
        say(s, "drew_recipes", seat=seat, count=len(drawn))

    def _do_pass(self, s: PotState, seat: int, action: dict[str, Any]) -> None:
        say(s, "passed", seat=seat)
        end_turn(s)

    def _do_redeem(self, s: PotState, seat: int, action: dict[str, Any]) -> None:
        _seat, pan, is_cook = s.serve_queue.pop(0)
        recipe = action["recipe"]
        s.books[seat].remove(recipe)
        s.redeemed[seat].append(recipe)
        found = cards.matches(recipe, pan_kinds(s, pan))
        gain = cards.squares_for(found) + (cards.COOK_STEP if is_cook else 0)
        say(s, "served", seat=seat, recipe=recipe, pan=pan, found=found, gain=gain)
        _move_counter(s, seat, gain)
        if len(s.redeemed[seat]) >= cards.RECIPES_TO_END:
            say(s, "sixth", seat=seat)
            end_game(s)
            return
        advance_serve(s)

    def _do_decline(self, s: PotState, seat: int, action: dict[str, Any]) -> None:
        _seat, pan, is_cook = s.serve_queue.pop(0)
        if is_cook:  # no recipe of two matches: the cook still moves their cooking square
            say(s, "declined", seat=seat, pan=pan, cook=True)
            _move_counter(s, seat, cards.COOK_STEP)
        else:
            say(s, "declined", seat=seat, pan=pan, cook=False)
        advance_serve(s)

    def _do_peek(self, s: PotState, seat: int, action: dict[str, Any]) -> None:
        s.peeked = sorted(action["tiles"])
        for tile in s.peeked:
            s.known_tiles[seat][tile] = s.menu[tile]
        s.phase = MENU
        a, b = s.peeked
        say(s, "peeked", seat=seat, a=a, b=b)

    def _do_swap_menu(self, s: PotState, seat: int, action: dict[str, Any]) -> None:
        a, b = action["tiles"]
        s.menu[a], s.menu[b] = s.menu[b], s.menu[a]
        close_menu(s, seat, a, b)

    def _do_keep_menu(self, s: PotState, seat: int, action: dict[str, Any]) -> None:
        close_menu(s, seat, *(s.peeked or (None, None)))

    moves = {"keep": _do_keep, "refresh_pantry": _do_refresh_pantry, "take": _do_take, "cook": _do_cook,
             "stop_cooking": _do_stop_cooking, "move_lid": _do_move_lid, "swap_recipes": _do_swap_recipes,
             "redeem": _do_redeem, "decline": _do_decline, "peek": _do_peek, "swap_menu": _do_swap_menu,
             "keep_menu": _do_keep_menu, "pass": _do_pass}

    # --- time, end, data -----------------------------------------------------------------------
    def next_deadline(self, state: PotState) -> float | None:
        return None

    def is_over(self, state: PotState) -> bool:
        return state.phase == OVER

    def result(self, state: PotState) -> dict[str, Any] | None:
        return state.final

    def private_view(self, state: PotState, seat: int | None) -> dict[str, Any]:
        return seat_view(state, seat)

    def to_json(self, state: PotState) -> dict[str, Any]:
        return state.to_json()

    def from_json(self, data: dict[str, Any]) -> PotState:
        return PotState.from_json(data)

    def make_bot(self, seat: int, seed: int, level: str = NORMAL):
        from soupkitchen.shared.pot_pourri.bot_levels import make_bot

        return make_bot(seat, seed, level)

    def check_invariants(self, state: PotState) -> None:
        state.check_invariants()


def _move_counter(s: PotState, seat: int, squares: int) -> None:
    """Move ``seat``'s counter on; each star square it reaches or passes gives its own menu turn."""
    before = s.track[seat]
    s.track[seat] += squares
    for _square in cards.stars_crossed(before, s.track[seat]):
        s.crossings.append(seat)
        say(s, "star", seat=seat)


def _take_kind(hand: list[int], kind: str) -> int:
    """Remove and return one card of ``kind`` from ``hand``."""
    card = next(c for c in hand if ingredient_of(c) == kind)
    hand.remove(card)
    return card
