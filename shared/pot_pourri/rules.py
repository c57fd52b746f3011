"""The rules of Pot Pourri as a ``shared.core.Game``: setup, legal actions, validation and moves."""

from __future__ import annotations

from itertools import combinations
from typing import Any

from shared.core import Game, OptionSpec
from shared.pot_pourri import cards
from shared.pot_pourri import view as words
from shared.pot_pourri.cards import CUISINES, MENU_STARS, RECIPES, ingredient_of
from shared.pot_pourri.state import CHOOSE, COOK, KEEP, LID, MENU, OVER, PEEK, SERVE, TAKE, TURN, PotState
from shared.pot_pourri.view import player_name, recipe_name, seat_view
from shared.rng import rng_for

LOG_LENGTH = 10

ACTION_TYPES = ("keep", "refresh_pantry", "take", "cook", "stop_cooking", "move_lid", "swap_recipes",
                "redeem", "decline", "peek", "swap_menu", "keep_menu", "pass")


def pan_kinds(state: PotState, pan: int) -> list[str]:
    return [ingredient_of(card) for card in state.pans[pan]]


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
    return {"winners": winners, "scores": scores, "pathway": list(state.track), "menu_bonus": bonus,
            "own_colour_recipes": own, "menu": [CUISINES[c] for c in state.menu]}


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
        return bool(state.options.get("cooking_pros"))

    # --- legal actions -------------------------------------------------------------------------
    def legal_actions(self, state: PotState, seat: int | None) -> list[dict[str, Any]]:
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < state.players:
            return []
        phase = state.phase
        if phase == CHOOSE:
            return self._keep_actions(state.offered[seat])
        if phase == OVER or seat != state.actor:
            return []
        if phase == TURN:
            actions = self._turn_actions(state, seat)
            return actions or [{**words.PASS}]
        if phase == TAKE:
            return self._take_actions(state)
        if phase == COOK:
            return [*self._cook_actions(state, seat), {**words.STOP_COOKING}]
        if phase == LID:
            return [words.lid_action(pan) for pan in range(cards.PANS) if pan != state.lid]
        if phase == KEEP:
            return self._keep_actions(state.offered[seat])
        if phase == SERVE:
            return self._serve_actions(state, seat)
        if phase == PEEK:
            return [words.peek_action(a, b) for a, b in combinations(range(len(state.menu)), 2)]
        return self._menu_actions(state)

    @staticmethod
    def _keep_actions(offered: list[int]) -> list[dict[str, Any]]:
        keep = min(cards.BOOK_SIZE, len(offered))
        return [words.keep_action(chosen) for chosen in combinations(sorted(offered), keep)] if offered else []

    def _turn_actions(self, state: PotState, seat: int) -> list[dict[str, Any]]:
        actions = []
        if not state.refreshed:
            actions += [{**words.REFRESH[kind]} for kind in _kind_numbers(state.hands[seat])]
        actions += self._take_actions(state)
        actions += self._cook_actions(state, seat)
        if state.recipe_draw or state.recipe_discard:
            actions.append({**words.SWAP_RECIPES})
        return actions

    @staticmethod
    def _take_actions(state: PotState) -> list[dict[str, Any]]:
        actions = [{**words.TAKE_FROM_PANTRY[kind]} for kind in _kind_numbers(c for c in state.pantry if c is not None)]
        if state.ingredient_draw or state.ingredient_discard:
            actions.append({**words.TAKE_FROM_DRAW})
        return actions

    @staticmethod
    def _cook_actions(state: PotState, seat: int) -> list[dict[str, Any]]:
        pans = [p for p in range(cards.PANS) if p != state.lid and len(state.pans[p]) < cards.PAN_CAPACITY]
        return [{**words.COOK_INTO[kind][pan]} for kind in _kind_numbers(state.hands[seat]) for pan in pans]

    @staticmethod
    def _serve_actions(state: PotState, seat: int) -> list[dict[str, Any]]:
        _seat, pan, is_cook = state.serve_queue[0]
        kinds = pan_kinds(state, pan)
        actions = []
        for recipe in state.books[seat]:
            found = cards.matches(recipe, kinds)
            if is_cook or found >= cards.MIN_COCHEF_MATCHES:
                gain = cards.squares_for(found) + (cards.COOK_STEP if is_cook else 0)
                actions.append(words.redeem_action(recipe, pan, found, gain))
        return actions if is_cook else [*actions, words.decline_action(pan)]

    def _menu_actions(self, state: PotState) -> list[dict[str, Any]]:
        pairs = [tuple(state.peeked)] if self.pros(state) else combinations(range(len(state.menu)), 2)
        return [*(words.swap_menu_action(a, b) for a, b in pairs), words.keep_menu_action(self.pros(state))]

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
        wanted = _comparable(action)
        if wanted is None:
            return "the action could not be read"
        if _is_listed(wanted, legal):
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

    def _say(self, s: PotState, text: str) -> None:
        s.log.append(text)
        s.log_count += 1

    def _do_keep(self, s: PotState, seat: int, action: dict[str, Any]) -> None:
        kept = sorted(action["recipes"])
        dropped = [r for r in s.offered[seat] if r not in kept]
        s.books[seat] = kept
        s.recipe_discard += dropped
        s.offered[seat] = []
        discarded = " and ".join(recipe_name(r) for r in dropped) or "nothing"
        verb = "chose their recipes" if s.phase == CHOOSE else "swapped recipes"
        self._say(s, f"{player_name(seat)} {verb}, discarding {discarded} face up.")
        if s.phase != CHOOSE:
            self._end_turn(s)
        elif not any(s.offered):
            s.phase = TURN
            self._say(s, f"{player_name(s.turn)} starts.")

    def _do_refresh_pantry(self, s: PotState, seat: int, action: dict[str, Any]) -> None:
        card = _take_kind(s.hands[seat], action["ingredient"])
        s.ingredient_discard += [card, *(c for c in s.pantry if c is not None)]
        s.pantry = [self._draw_ingredient(s) for _ in range(cards.PANTRY_SIZE)]
        s.refreshed = True
        self._say(s, f"{player_name(seat)} discarded {action['ingredient']} and refreshed the pantry.")

    def _do_take(self, s: PotState, seat: int, action: dict[str, Any]) -> None:
        if action["source"] == "pantry":
            slot = next(i for i, c in enumerate(s.pantry) if c is not None
                        and ingredient_of(c) == action["ingredient"])
            s.hands[seat].append(s.pantry[slot])
            s.pantry[slot] = None
            self._say(s, f"{player_name(seat)} took {action['ingredient']} from the pantry.")
        else:
            s.hands[seat].append(self._draw_ingredient(s))
            self._say(s, f"{player_name(seat)} drew an ingredient.")
        if s.phase == TURN and self._take_actions(s):
            s.phase = TAKE
        else:
            self._end_turn(s)

    def _do_cook(self, s: PotState, seat: int, action: dict[str, Any]) -> None:
        pan = action["pan"]
        s.pans[pan].append(_take_kind(s.hands[seat], action["ingredient"]))
        s.cooked += 1
        self._say(s, f"{player_name(seat)} cooked {action['ingredient']} into saucepan {pan + 1}.")
        if s.cooked >= cards.COOK_PER_TURN or not self._cook_actions(s, seat):
            self._finish_cooking(s)
        else:
            s.phase = COOK

    def _do_stop_cooking(self, s: PotState, seat: int, action: dict[str, Any]) -> None:
        self._finish_cooking(s)

    def _do_move_lid(self, s: PotState, seat: int, action: dict[str, Any]) -> None:
        s.lid = action["pan"]
        self._say(s, f"{player_name(seat)} moved the lid onto saucepan {s.lid + 1}.")
        self._end_turn(s)

    def _do_swap_recipes(self, s: PotState, seat: int, action: dict[str, Any]) -> None:
        drawn = [r for r in (self._draw_recipe(s) for _ in range(2)) if r is not None]
        s.offered[seat] = s.books[seat] + drawn
        s.books[seat] = []
        s.phase = KEEP
        self._say(s, f"{player_name(seat)} drew {len(drawn)} recipes to swap.")

    def _do_pass(self, s: PotState, seat: int, action: dict[str, Any]) -> None:
        self._say(s, f"{player_name(seat)} could do nothing and passed.")
        self._end_turn(s)

    def _do_redeem(self, s: PotState, seat: int, action: dict[str, Any]) -> None:
        _seat, pan, is_cook = s.serve_queue.pop(0)
        recipe = action["recipe"]
        s.books[seat].remove(recipe)
        s.redeemed[seat].append(recipe)
        found = cards.matches(recipe, pan_kinds(s, pan))
        gain = cards.squares_for(found) + (cards.COOK_STEP if is_cook else 0)
        before = s.track[seat]
        s.track[seat] += gain
        self._say(s, f"{player_name(seat)} served {recipe_name(recipe)} from saucepan {pan + 1}: "
                     f"{found} matches, +{gain} squares.")
        if cards.stars_crossed(before, s.track[seat]):
            s.crossings.append(seat)
            self._say(s, f"{player_name(seat)} reached a star square.")
        if len(s.redeemed[seat]) >= cards.RECIPES_TO_END:
            self._say(s, f"{player_name(seat)} redeemed their sixth recipe: the game ends.")
            self._end_game(s)
            return
        self._advance_serve(s)

    def _do_decline(self, s: PotState, seat: int, action: dict[str, Any]) -> None:
        _seat, pan, _is_cook = s.serve_queue.pop(0)
        self._say(s, f"{player_name(seat)} served nothing from saucepan {pan + 1}.")
        self._advance_serve(s)

    def _do_peek(self, s: PotState, seat: int, action: dict[str, Any]) -> None:
        s.peeked = sorted(action["tiles"])
        for tile in s.peeked:
            s.known_tiles[seat][tile] = s.menu[tile]
        s.phase = MENU
        a, b = s.peeked
        self._say(s, f"{player_name(seat)} secretly looked at menu squares {a + 1} and {b + 1}.")

    def _do_swap_menu(self, s: PotState, seat: int, action: dict[str, Any]) -> None:
        a, b = action["tiles"]
        s.menu[a], s.menu[b] = s.menu[b], s.menu[a]
        self._close_menu(s, seat, a, b)

    def _do_keep_menu(self, s: PotState, seat: int, action: dict[str, Any]) -> None:
        self._close_menu(s, seat, *(s.peeked or (None, None)))

    # --- flow ----------------------------------------------------------------------------------
    def _finish_cooking(self, s: PotState) -> None:
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
        pans = f"Saucepan {full[0] + 1} is" if len(full) == 1 else \
            "Saucepans " + " and ".join(str(pan + 1) for pan in full) + " are"
        self._say(s, f"{pans} full: {player_name(cook)} must serve.")
        self._advance_serve(s)

    def _advance_serve(self, s: PotState) -> None:
        while s.serve_queue and not s.books[s.serve_queue[0][0]]:
            s.serve_queue.pop(0)
        if s.serve_queue:
            return
        if s.crossings:
            s.menu_queue = list(s.crossings) if self.pros(s) else [s.crossings[-1]]
            s.phase = PEEK if self.pros(s) else MENU
            return
        self._clean_up(s)

    def _close_menu(self, s: PotState, seat: int, a: int | None, b: int | None) -> None:
        if self.pros(s):
            for other, known in enumerate(s.known_tiles):
                for tile in (a, b):
                    known[tile] = s.menu[tile] if other == seat else None
            self._say(s, f"{player_name(seat)} put the tiles on squares {a + 1} and {b + 1} back face down.")
        elif a is None:
            self._say(s, f"{player_name(seat)} left the menu as it is.")
        else:
            self._say(s, f"{player_name(seat)} swapped {CUISINES[s.menu[b]]} and {CUISINES[s.menu[a]]} "
                         f"on the menu: {CUISINES[s.menu[a]]} is now worth {MENU_STARS[a]} stars, "
                         f"{CUISINES[s.menu[b]]} {MENU_STARS[b]}.")
        s.menu_queue.pop(0)
        s.peeked = []
        if s.menu_queue:
            s.phase = PEEK
        else:
            self._clean_up(s)

    def _clean_up(self, s: PotState) -> None:
        for pan in s.full_pans:
            s.ingredient_discard += s.pans[pan]
            s.pans[pan] = []
            self._say(s, f"Saucepan {pan + 1} was emptied onto the discard pile.")
        for step in range(s.players):
            seat = (s.turn + step) % s.players
            while len(s.books[seat]) < cards.BOOK_SIZE:
                recipe = self._draw_recipe(s)
                if recipe is None:
                    break
                s.books[seat].append(recipe)
        s.full_pans = []
        s.crossings = []
        self._end_turn(s)

    def _end_turn(self, s: PotState) -> None:
        s.pantry = [self._draw_ingredient(s) if card is None else card for card in s.pantry]
        s.refreshed = False
        s.cooked = 0
        s.turn = (s.turn + 1) % s.players
        s.phase = TURN

    def _end_game(self, s: PotState) -> None:
        s.phase = OVER
        s.serve_queue = []
        s.menu_queue = []
        s.final = final_score(s)
        scores = ", ".join(f"{player_name(seat)} {score}" for seat, score in enumerate(s.final["scores"]))
        winners = " and ".join(player_name(seat) for seat in s.final["winners"])
        self._say(s, f"Final scores: {scores}. {winners} won.")

    def _draw_ingredient(self, s: PotState) -> int | None:
        return self._draw(s, "ingredient_draw", "ingredient_discard", "ingredient discard pile")

    def _draw_recipe(self, s: PotState) -> int | None:
        return self._draw(s, "recipe_draw", "recipe_discard", "recipe discard pile")

    def _draw(self, s: PotState, pile: str, discard: str, name: str) -> int | None:
        """The top card of a draw pile, reshuffling its discard pile into it first if it is empty."""
        if not getattr(s, pile) and getattr(s, discard):
            setattr(s, pile, _shuffled(s, getattr(s, discard)))
            setattr(s, discard, [])
            self._say(s, f"The {name} was shuffled into a new draw pile.")
        return getattr(s, pile).pop() if getattr(s, pile) else None

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

    def make_bot(self, seat: int, seed: int):
        from shared.pot_pourri.bot import PotBot

        return PotBot(seat, seed)

    def check_invariants(self, state: PotState) -> None:
        state.check_invariants()


def _kind_numbers(pile) -> list[int]:
    """The distinct ingredients among ``pile``'s cards, as ingredient numbers in rulebook order."""
    return sorted({card // cards.COPIES_PER_INGREDIENT for card in pile})


def _take_kind(hand: list[int], kind: str) -> int:
    """Remove and return one card of ``kind`` from ``hand``."""
    card = next(c for c in hand if ingredient_of(c) == kind)
    hand.remove(card)
    return card


def _shuffled(s: PotState, pile: list[int]) -> list[int]:
    pile = list(pile)
    rng_for(s.seed, "reshuffle", s.shuffles).shuffle(pile)
    s.shuffles += 1
    return pile


def _comparable(action: dict[str, Any]) -> dict[str, Any] | None:
    """The action without its label, lists of ids sorted; None if a field is not a string, a whole
    number or a list of whole numbers (so that ``True`` never passes for ``1``)."""
    cleaned = {}
    for key, value in action.items():
        if key == "label":
            continue
        if isinstance(value, bool) or not isinstance(value, int | str | list):
            return None
        if isinstance(value, list):
            if not all(isinstance(v, int) and not isinstance(v, bool) for v in value):
                return None
            value = sorted(value)
        cleaned[key] = value
    return cleaned


def _is_listed(wanted: dict[str, Any], legal: list[dict[str, Any]]) -> bool:
    """True if ``wanted`` equals one of the legal actions, labels aside."""
    size = len(wanted) + 1
    return any(len(a) == size and all(a.get(k) == v for k, v in wanted.items()) for a in legal)
