"""Pot Pourri in words: seat and recipe names, what each step waits for, the words of every move and
event (read from a seat's view and the rules' structured events, by the client) and the reasons for
a refusal. ``name`` turns a seat into the name a reader knows it by; without one, seat 0 is "Player 1"."""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import Any

from soupkitchen.shared.pot_pourri import cards
from soupkitchen.shared.pot_pourri.cards import CUISINES, MENU_STARS, RECIPES
from soupkitchen.shared.refusals import Refusal, Wording, maker
from soupkitchen.shared.words import N_, _, ngettext

Namer = Callable[[int], str]

PHASE_TEXT = {
    "choose_recipes": "Every player keeps 2 of their 3 dealt recipes.",
    "turn": "{actor} takes ingredients, cooks, or swaps recipes.",
    "take_second": "{actor} takes a second ingredient.",
    "cook_second": "{actor} may cook a second ingredient.",
    "move_lid": "{actor} moves the saucepan lid.",
    "keep_recipes": "{actor} keeps 2 of their recipes.",
    "serve": "{actor} may serve a recipe from a full saucepan.",
    "peek_menu": "{actor} secretly looks at two menu tiles.",
    "swap_menu": "{actor} may swap two menu tiles.",
    "over": "The game is over.",
}

INGREDIENT_NAMES = {
    "fish": N_("fish"), "meat": N_("meat"), "potatoes": N_("potatoes"), "cheese": N_("cheese"),
    "flour": N_("flour"), "carrots": N_("carrots"), "peppers": N_("peppers"), "rice": N_("rice"),
    "tomatoes": N_("tomatoes"), "onions": N_("onions"),
}


def ingredient_word(kind: str) -> str:
    """An ingredient card's kind in the reader's words ("tomatoes"); an unknown one as it is."""
    return _(INGREDIENT_NAMES[kind]) if kind in INGREDIENT_NAMES else str(kind)


PLAYER_NAMES = tuple(f"Player {seat + 1}" for seat in range(len(CUISINES)))


def player_name(seat: int) -> str:
    """How the table names a seat."""
    return PLAYER_NAMES[seat]


def recipe_name(recipe_id: int) -> str:
    """A recipe card's title with its cuisine."""
    recipe = RECIPES[recipe_id]
    return f"{recipe.name} ({CUISINES[recipe.cuisine]})"


def headline(view: dict[str, Any], name: Namer = player_name) -> str:
    """What the table waits for, in one sentence."""
    actor = view["turn"]
    return PHASE_TEXT[view["phase"]].format(actor=name(actor) if actor is not None else "")


# --- the events ----------------------------------------------------------------------------------
def _pans(e: dict[str, Any]) -> str:
    full = e["pans"]
    return f"Saucepan {full[0] + 1} is" if len(full) == 1 else \
        "Saucepans " + " and ".join(str(pan + 1) for pan in full) + " are"


def _swapped(e: dict[str, Any], n: Namer) -> str:
    return (f"{n(e['seat'])} swapped {e['at_b']} and {e['at_a']} on the menu: {e['at_a']} is now worth "
            f"{MENU_STARS[e['a']]} stars, {e['at_b']} {MENU_STARS[e['b']]}.")


def _final(e: dict[str, Any], n: Namer) -> str:
    scores = ", ".join(f"{n(seat)} {score}" for seat, score in enumerate(e["scores"]))
    return f"Final scores: {scores}. {' and '.join(n(seat) for seat in e['winners'])} won."


def _chose(e: dict[str, Any], n: Namer) -> str:
    discarded = " and ".join(recipe_name(r) for r in e["dropped"]) or "nothing"
    verb = "chose their recipes" if e["first"] else "swapped recipes"
    return f"{n(e['seat'])} {verb}, discarding {discarded} face up."


def _cooked(e: dict[str, Any], n: Namer) -> str:
    if e["ingredient"] is None:
        return f"{n(e['seat'])} cooked an ingredient into saucepan {e['pan'] + 1}, now under the lid."
    return f"{n(e['seat'])} cooked {e['ingredient']} into saucepan {e['pan'] + 1}."


def _declined(e: dict[str, Any], n: Namer) -> str:
    line = f"{n(e['seat'])} served nothing from saucepan {e['pan'] + 1}"
    return line + (f": +{cards.COOK_STEP} square for cooking." if e["cook"] else ".")


PILES = {"ingredients": "ingredient discard pile", "recipes": "recipe discard pile"}

SENTENCES: dict[str, Callable[[dict[str, Any], Namer], str]] = {
    "keeps": lambda e, n: "Each player keeps 2 of their 3 recipes.",
    "chose": _chose,
    "starts": lambda e, n: f"{n(e['seat'])} starts.",
    "refreshed": lambda e, n: f"{n(e['seat'])} discarded {e['ingredient']} and refreshed the pantry.",
    "took": lambda e, n: f"{n(e['seat'])} took {e['ingredient']} from the pantry.",
    "drew": lambda e, n: f"{n(e['seat'])} drew an ingredient.",
    "cooked": _cooked,
    "moved_lid": lambda e, n: f"{n(e['seat'])} moved the lid onto saucepan {e['pan'] + 1}.",
    "drew_recipes": lambda e, n: f"{n(e['seat'])} drew {e['count']} recipes to swap.",
    "passed": lambda e, n: f"{n(e['seat'])} could do nothing and passed.",
    "served": lambda e, n: (f"{n(e['seat'])} served {recipe_name(e['recipe'])} from saucepan {e['pan'] + 1}: "
                            f"{e['found']} matches, +{e['gain']} squares."),
    "sixth": lambda e, n: f"{n(e['seat'])} redeemed their sixth recipe: the game ends.",
    "declined": _declined,
    "peeked": lambda e, n: f"{n(e['seat'])} secretly looked at menu squares {e['a'] + 1} and {e['b'] + 1}.",
    "star": lambda e, n: f"{n(e['seat'])} reached a star square.",
    "must_serve": lambda e, n: f"{_pans(e)} full: {n(e['cook'])} must serve.",
    "tiles_back": lambda e, n: (f"{n(e['seat'])} put the tiles on squares {e['a'] + 1} and {e['b'] + 1} "
                                "back face down."),
    "menu_kept": lambda e, n: f"{n(e['seat'])} left the menu as it is.",
    "menu_swapped": _swapped,
    "emptied": lambda e, n: f"Saucepan {e['pan'] + 1} was emptied onto the discard pile.",
    "final": _final,
    "reshuffled": lambda e, n: f"The {PILES[e['pile']]} was shuffled into a new draw pile.",
}


def event_words(event: dict[str, Any], name: Namer = player_name) -> str:
    """The log's sentence for one event (or log entry) of the rules."""
    return SENTENCES[event["type"]](event, name)


# --- the moves -----------------------------------------------------------------------------------
def _serve(view: dict[str, Any], recipe: int) -> str:
    serving = view["serving"]
    pan = serving["pan"]
    found = cards.matches(recipe, view["pans"][pan]["ingredients"] or [])
    gain = cards.squares_for(found) + (cards.COOK_STEP if serving["cook"] else 0)
    return f"Serve {recipe_name(recipe)} from saucepan {pan + 1}: {found} matches, +{gain} squares"


def _decline(view: dict[str, Any]) -> str:
    serving = view["serving"]
    gain = f" (+{cards.COOK_STEP} square for cooking)" if serving["cook"] else ""
    return f"Serve nothing from saucepan {serving['pan'] + 1}{gain}"


def _keep_menu(view: dict[str, Any]) -> str:
    face_down = not all(square["face_up"] for square in view["menu"])  # Cooking Pros
    return "Put the tiles back where they were" if face_down else "Leave the menu as it is"


MOVES: dict[str, Callable[[dict[str, Any], dict[str, Any]], str]] = {
    "keep": lambda v, a: "Keep " + " and ".join(recipe_name(r) for r in sorted(a["recipes"])),
    "refresh_pantry": lambda v, a: f"Discard {a['ingredient']} from your hand and the whole pantry; deal a new pantry",
    "take": lambda v, a: (f"Take {a['ingredient']} from the pantry" if a["source"] == "pantry"
                          else "Draw an ingredient from the pile"),
    "cook": lambda v, a: f"Cook {a['ingredient']} into saucepan {a['pan'] + 1}",
    "stop_cooking": lambda v, a: "Finish cooking",
    "swap_recipes": lambda v, a: "Draw 2 recipes, then keep 2 of the 4",
    "pass": lambda v, a: "Pass (nothing else is possible)",
    "move_lid": lambda v, a: f"Move the lid onto saucepan {a['pan'] + 1}",
    "redeem": lambda v, a: _serve(v, a["recipe"]),
    "decline": lambda v, a: _decline(v),
    "peek": lambda v, a: f"Secretly look at the tiles on menu squares {a['tiles'][0] + 1} and {a['tiles'][1] + 1}",
    "swap_menu": lambda v, a: f"Swap the menu tiles on squares {a['tiles'][0] + 1} and {a['tiles'][1] + 1}",
    "keep_menu": lambda v, a: _keep_menu(v),
}


def move_words(view: dict[str, Any], action: dict[str, Any], name: Namer = player_name) -> str:
    """The words of one of the view's legal moves, as the seat whose view it is reads them."""
    return MOVES[action["type"]](view, action)


# --- why a move is refused ---------------------------------------------------------------------
MOVE_NAMES = {  # a move's type as a refusal names it
    "keep": N_("keep recipes"), "refresh_pantry": N_("refresh the pantry"), "take": N_("take"),
    "cook": N_("cook"), "stop_cooking": N_("finish cooking"), "swap_recipes": N_("swap recipes"),
    "pass": N_("pass"), "move_lid": N_("move the lid"), "redeem": N_("serve"), "decline": N_("serve nothing"),
    "peek": N_("look at the menu"), "swap_menu": N_("swap menu tiles"), "keep_menu": N_("leave the menu"),
}

REFUSALS: dict[str, Wording] = {
    "take_from": N_('take from the "pantry" or the "draw" pile'),
    "draw_empty": N_("the ingredient pile is empty"),
    "refreshed": N_("the pantry has been refreshed this turn already"),
    "no_recipes_left": N_("no recipes are left to draw"),
    "pass_last": N_("you may pass only when nothing else is possible"),
    "not_in_book": N_("that recipe is not in your book"),
    "cook_redeems": N_("you cooked this saucepan full and a recipe matches: you must redeem one"),
    "two_squares": N_("choose two different menu squares, 1 to 5"),
    "peeked_only": N_("you may swap only the two tiles you looked at"),
    "keep_from": lambda p, n: ngettext("keep %(count)d recipe of those you were offered",
                                       "keep %(count)d different recipes of those you were offered", p["count"]) % p,
    "not_in_hand": lambda p, n: _("you have no %(ingredient)s in your hand") % {
        "ingredient": ingredient_word(p["ingredient"])},
    "not_in_pantry": lambda p, n: _("there is no %(ingredient)s in the pantry") % {
        "ingredient": ingredient_word(p["ingredient"])},
    "pan_range": lambda p, n: _("the saucepans are numbered 1 to %(pans)d") % p,
    "lid_on": lambda p, n: _("saucepan %(pan)d has the lid on") % p,
    "pan_full": lambda p, n: _("saucepan %(pan)d is full") % p,
    "lid_there": lambda p, n: _("the lid is already on saucepan %(pan)d") % p,
    "too_few_matches": lambda p, n: _("that recipe matches fewer than two ingredients in saucepan %(pan)d") % p,
    "recipes_chosen": N_("you have already chosen your recipes; waiting for the others"),
    "their_move": lambda p, n: _("it is %(player)s's move") % {"player": n(p["seat"])},
}

NAME = player_name
refuse = maker(sys.modules[__name__], player_name)
TAKE_FROM = refuse("take_from")
DRAW_EMPTY = refuse("draw_empty")
REFRESHED = refuse("refreshed")
NO_RECIPES_LEFT = refuse("no_recipes_left")
PASS_LAST = refuse("pass_last")
NOT_IN_BOOK = refuse("not_in_book")
COOK_REDEEMS = refuse("cook_redeems")
TWO_SQUARES = refuse("two_squares")
PEEKED_ONLY = refuse("peeked_only")
RECIPES_CHOSEN = refuse("recipes_chosen")


def keep_from(count: int) -> Refusal:
    return refuse("keep_from", count=count)


def not_in_hand(kind: str) -> Refusal:
    return refuse("not_in_hand", ingredient=kind)


def not_in_pantry(kind: str) -> Refusal:
    return refuse("not_in_pantry", ingredient=kind)


def pan_range(pans: int) -> Refusal:
    return refuse("pan_range", pans=pans)


def lid_on(pan: int) -> Refusal:
    return refuse("lid_on", pan=pan + 1)


def pan_full(pan: int) -> Refusal:
    return refuse("pan_full", pan=pan + 1)


def lid_there(pan: int) -> Refusal:
    return refuse("lid_there", pan=pan + 1)


def too_few_matches(pan: int) -> Refusal:
    return refuse("too_few_matches", pan=pan + 1)


def their_move(seat: int) -> Refusal:
    return refuse("their_move", seat=seat)
