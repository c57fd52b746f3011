"""The rules of Pot Pourri as a ``shared.core.Game``: setup, legal actions, validation and moves.

The moves open in each phase are listed in ``choices``; how a turn ends (serving full saucepans,
the menu, the next turn, the final score) is in ``serving``."""

from __future__ import annotations

from itertools import combinations
from typing import Any

from soupkitchen.shared.core import Game, OptionSpec
from soupkitchen.shared.levels import NORMAL, at_level
from soupkitchen.shared.pot_pourri import cards
from soupkitchen.shared.pot_pourri import view as words
from soupkitchen.shared.pot_pourri.cards import CUISINES, ingredient_of
from soupkitchen.shared.pot_pourri.choices import (
    comparable,
    cook_actions,
    cooking_pros,
    is_listed,
    keep_actions,
    menu_actions,
    pan_kinds,
    serve_actions,
    take_actions,
    turn_actions,
)
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
from soupkitchen.shared.pot_pourri.view import player_name, recipe_name, seat_view
from soupkitchen.shared.rng import rng_for

LOG_LENGTH = 10

ACTION_TYPES = ("keep", "refresh_pantry", "take", "cook", "stop_cooking", "move_lid", "swap_recipes",
                "redeem", "decline", "peek", "swap_menu", "keep_menu", "pass")


class PotPourri(Game[PotState]):
    """Pot Pourri for 3-5 players: remember what went into the saucepans and serve your recipes."""

    id = "pot-pourri"
    title = "Pot Pourri"
    min_players = 3
    max_players = 5
    option_specs = (OptionSpec("cooking_pros", "Cooking Pros: menu tiles lie face down", False, (False, True)),)

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
        state.log, state.log_count = ["Each player keeps 2 of their 3 recipes."], 1
        return state

    @staticmethod
    def pros(state: PotState) -> bool:
        return cooking_pros(state)

    # --- legal actions -------------------------------------------------------------------------
    def legal_actions(self, state: PotState, seat: int | None) -> list[dict[str, Any]]:
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < state.players:
            return []
        phase = state.phase
        if phase == CHOOSE:
            return keep_actions(state.offered[seat])
        if phase == OVER or seat != state.actor:
            return []
        if phase == TURN:
            actions = turn_actions(state, seat)
            return actions or [{**words.PASS}]
        if phase == TAKE:
            return take_actions(state)
        if phase == COOK:
            return [*cook_actions(state, seat), {**words.STOP_COOKING}]
        if phase == LID:
            return [words.lid_action(pan) for pan in range(cards.PANS) if pan != state.lid]
        if phase == KEEP:
            return keep_actions(state.offered[seat])
        if phase == SERVE:
            return serve_actions(state, seat)
        if phase == PEEK:
            return [words.peek_action(a, b) for a, b in combinations(range(len(state.menu)), 2)]
        return menu_actions(state)

    # --- validation ----------------------------------------------------------------------------
    def validate(self, state: PotState, seat: int | None, action: Any, now: float) -> str | None:
        if not isinstance(action, dict):
            return "an action must be an object with a \"type\""
        kind = action.get("type")
        if not isinstance(kind, str):
            return "the action has no \"type\""
        if kind == "timeout":
            return "nothing in Pot Pourri is timed"
        if kind not in ACTION_TYPES:
            return f"Pot Pourri has no action {kind[:40]!r}"
        if state.phase == OVER:
            return "the game is over"
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < state.players:
            return "only a player at this table can do that"
        legal = self.legal_actions(state, seat)
        if not legal:
            if state.phase == CHOOSE:
                return "you have already chosen your recipes; waiting for the others"
            return f"it is {player_name(state.actor)}'s move"
        wanted = comparable(action)
        if wanted is None:
            return "the action could not be read"
        if is_listed(wanted, legal):
            return None
        if all(a["type"] != kind for a in legal):
            return f"you cannot {kind.replace('_', ' ')} now; you may: " + "; ".join(
                sorted({a['type'].replace('_', ' ') for a in legal}))
        return f"that {kind.replace('_', ' ')} is not possible now"

    # --- moves ---------------------------------------------------------------------------------
    def _apply(self, state: PotState, seat: int | None, action: dict[str, Any], now: float):
        s = state.copy()
        before = len(s.log)
        handler = getattr(self, "_do_" + action["type"])
        handler(s, seat, action)
        fresh = s.log[before:]
        del s.log[:-LOG_LENGTH]
        return s, [{"type": "log", "text": text} for text in fresh]

    def _do_keep(self, s: PotState, seat: int, action: dict[str, Any]) -> None:
        kept = sorted(action["recipes"])
        dropped = [r for r in s.offered[seat] if r not in kept]
        s.books[seat] = kept
        s.recipe_discard += dropped
        s.offered[seat] = []
        discarded = " and ".join(recipe_name(r) for r in dropped) or "nothing"
        verb = "chose their recipes" if s.phase == CHOOSE else "swapped recipes"
        say(s, f"{player_name(seat)} {verb}, discarding {discarded} face up.")
        if s.phase != CHOOSE:
            end_turn(s)
        elif not any(s.offered):
            s.phase = TURN
            say(s, f"{player_name(s.turn)} starts.")

    def _do_refresh_pantry(self, s: PotState, seat: int, action: dict[str, Any]) -> None:
        card = _take_kind(s.hands[seat], action["ingredient"])
        s.ingredient_discard += [card, *(c for c in s.pantry if c is not None)]
        s.pantry = [draw_ingredient(s) for _ in range(cards.PANTRY_SIZE)]
        s.refreshed = True
        say(s, f"{player_name(seat)} discarded {action['ingredient']} and refreshed the pantry.")

    def _do_take(self, s: PotState, seat: int, action: dict[str, Any]) -> None:
        if action["source"] == "pantry":
            slot = next(i for i, c in enumerate(s.pantry) if c is not None
                        and ingredient_of(c) == action["ingredient"])
            s.hands[seat].append(s.pantry[slot])
            s.pantry[slot] = None
            say(s, f"{player_name(seat)} took {action['ingredient']} from the pantry.")
        else:
            s.hands[seat].append(draw_ingredient(s))
            say(s, f"{player_name(seat)} drew an ingredient.")
        if s.phase == TURN and take_actions(s):
            s.phase = TAKE
        else:
            end_turn(s)

    def _do_cook(self, s: PotState, seat: int, action: dict[str, Any]) -> None:
        pan = action["pan"]
        s.pans[pan].append(_take_kind(s.hands[seat], action["ingredient"]))
        s.cooked += 1
        say(s, f"{player_name(seat)} cooked {action['ingredient']} into saucepan {pan + 1}.")
        if s.cooked >= cards.COOK_PER_TURN or not cook_actions(s, seat):
            finish_cooking(s)
        else:
            s.phase = COOK

    def _do_stop_cooking(self, s: PotState, seat: int, action: dict[str, Any]) -> None:
        finish_cooking(s)

    def _do_move_lid(self, s: PotState, seat: int, action: dict[str, Any]) -> None:
        s.lid = action["pan"]
        say(s, f"{player_name(seat)} moved the lid onto saucepan {s.lid + 1}.")
        end_turn(s)

    def _do_swap_recipes(self, s: PotState, seat: int, action: dict[str, Any]) -> None:
        drawn = [r for r in (draw_recipe(s) for _ in range(2)) if r is not None]
        s.offered[seat] = s.books[seat] + drawn
        s.books[seat] = []
        s.phase = KEEP
        say(s, f"{player_name(seat)} drew {len(drawn)} recipes to swap.")

    def _do_pass(self, s: PotState, seat: int, action: dict[str, Any]) -> None:
        say(s, f"{player_name(seat)} could do nothing and passed.")
        end_turn(s)

    def _do_redeem(self, s: PotState, seat: int, action: dict[str, Any]) -> None:
        _seat, pan, is_cook = s.serve_queue.pop(0)
        recipe = action["recipe"]
        s.books[seat].remove(recipe)
        s.redeemed[seat].append(recipe)
        found = cards.matches(recipe, pan_kinds(s, pan))
        gain = cards.squares_for(found) + (cards.COOK_STEP if is_cook else 0)
        before = s.track[seat]
        s.track[seat] += gain
        say(s, f"{player_name(seat)} served {recipe_name(recipe)} from saucepan {pan + 1}: "
               f"{found} matches, +{gain} squares.")
        if cards.stars_crossed(before, s.track[seat]):
            s.crossings.append(seat)
            say(s, f"{player_name(seat)} reached a star square.")
        if len(s.redeemed[seat]) >= cards.RECIPES_TO_END:
            say(s, f"{player_name(seat)} redeemed their sixth recipe: the game ends.")
            end_game(s)
            return
        advance_serve(s)

    def _do_decline(self, s: PotState, seat: int, action: dict[str, Any]) -> None:
        _seat, pan, _is_cook = s.serve_queue.pop(0)
        say(s, f"{player_name(seat)} served nothing from saucepan {pan + 1}.")
        advance_serve(s)

    def _do_peek(self, s: PotState, seat: int, action: dict[str, Any]) -> None:
        s.peeked = sorted(action["tiles"])
        for tile in s.peeked:
            s.known_tiles[seat][tile] = s.menu[tile]
        s.phase = MENU
        a, b = s.peeked
        say(s, f"{player_name(seat)} secretly looked at menu squares {a + 1} and {b + 1}.")

    def _do_swap_menu(self, s: PotState, seat: int, action: dict[str, Any]) -> None:
        a, b = action["tiles"]
        s.menu[a], s.menu[b] = s.menu[b], s.menu[a]
        close_menu(s, seat, a, b)

    def _do_keep_menu(self, s: PotState, seat: int, action: dict[str, Any]) -> None:
        close_menu(s, seat, *(s.peeked or (None, None)))

    # --- time, end, data -----------------------------------------------------------------------
    def next_deadline(self, state: PotState) -> float | None:
        return None

    def is_over(self, state: PotState) -> bool:
        return state.phase == OVER

    def result(self, state: PotState) -> dict[str, Any] | None:
        return state.final

    def view(self, state: PotState, seat: int | None) -> dict[str, Any]:
        return seat_view(self, state, seat)

    def to_json(self, state: PotState) -> dict[str, Any]:
        return state.to_json()

    def from_json(self, data: dict[str, Any]) -> PotState:
        return PotState.from_json(data)

    def make_bot(self, seat: int, seed: int, level: str = NORMAL):
        from soupkitchen.shared.pot_pourri.bot import PotBot

        return at_level(lambda: PotBot(seat, seed), seat, seed, level)

    def check_invariants(self, state: PotState) -> None:
        state.check_invariants()


def _take_kind(hand: list[int], kind: str) -> int:
    """Remove and return one card of ``kind`` from ``hand``."""
    card = next(c for c in hand if ingredient_of(c) == kind)
    hand.remove(card)
    return card
