"""Pot Pourri in words: seat and recipe names, what each step waits for, the words of every move and
event (read from a seat's view and the rules' structured events, by the client) and the reasons for
a refusal. ``name`` turns a seat into the name a reader knows it by; without one, seat 0 is "Player 1"."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from soupkitchen.shared.pot_pourri import cards
from soupkitchen.shared.pot_pourri.cards import CUISINES, MENU_STARS, RECIPES

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


# Why a move is refused.
TAKE_FROM = "take from the \"pantry\" or the \"draw\" pile"
DRAW_EMPTY = "the ingredient pile is empty"
REFRESHED = "the pantry has been refreshed this turn already"
NO_RECIPES_LEFT = "no recipes are left to draw"
PASS_LAST = "you may pass only when nothing else is possible"
NOT_IN_BOOK = "that recipe is not in your book"
COOK_REDEEMS = "you cooked this saucepan full and a recipe matches: you must redeem one"
TWO_SQUARES = "choose two different menu squares, 1 to 5"
PEEKED_ONLY = "you may swap only the two tiles you looked at"


def keep_from(count: int) -> str:
    return f"keep {count} different recipes of those you were offered"


def not_in_hand(kind: str) -> str:
    return f"you have no {kind} in your hand"


def not_in_pantry(kind: str) -> str:
    return f"there is no {kind} in the pantry"


def pan_range(pans: int) -> str:
    return f"the saucepans are numbered 1 to {pans}"


def lid_on(pan: int) -> str:
    return f"saucepan {pan + 1} has the lid on"


def pan_full(pan: int) -> str:
    return f"saucepan {pan + 1} is full"


def lid_there(pan: int) -> str:
    return f"the lid is already on saucepan {pan + 1}"


def too_few_matches(pan: int) -> str:
    return f"that recipe matches fewer than two ingredients in saucepan {pan + 1}"
