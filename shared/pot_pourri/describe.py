"""Pot Pourri in words: seat and recipe names, what each step waits for, the labels of the legal
actions and the sentences of the table log, made from the facts the rules record. The view, the
tables and the bots read the same words."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from soupkitchen.shared.pot_pourri import cards
from soupkitchen.shared.pot_pourri.cards import CUISINES, INGREDIENTS, MENU_STARS, RECIPES
from soupkitchen.shared.pot_pourri.state import CHOOSE, COOK, KEEP, LID, MENU, OVER, PEEK, SERVE, TAKE, TURN

PHASE_TEXT = {
    CHOOSE: "Every player keeps 2 of their 3 dealt recipes.",
    TURN: "{actor} takes ingredients, cooks, or swaps recipes.",
    TAKE: "{actor} takes a second ingredient.",
    COOK: "{actor} may cook a second ingredient.",
    LID: "{actor} moves the saucepan lid.",
    KEEP: "{actor} keeps 2 of their recipes.",
    SERVE: "{actor} may serve a recipe from a full saucepan.",
    PEEK: "{actor} secretly looks at two menu tiles.",
    MENU: "{actor} may swap two menu tiles.",
    OVER: "The game is over.",
}




PLAYER_NAMES = tuple(f"Player {seat + 1}" for seat in range(len(CUISINES)))
RECIPE_TITLES = tuple(f"{recipe.name} ({CUISINES[recipe.cuisine]})" for recipe in RECIPES)


COOKED_LINE = re.compile(r"^(Player \d) cooked (\w+) into saucepan (\d)\.$")


def cooked_line(seat: int, kind: str, pan: int) -> str:
    """The log's sentence for a card cooked into a saucepan (open at that moment, so seen by all)."""
    return f"{player_name(seat)} cooked {kind} into saucepan {pan + 1}."


def player_name(seat: int) -> str:
    """How the table names a seat."""
    return f"Player {seat + 1}"


def recipe_name(recipe_id: int) -> str:
    """A recipe card's title with its cuisine."""
    recipe = RECIPES[recipe_id]
    return f"{recipe.name} ({CUISINES[recipe.cuisine]})"


# The legal actions with their labels: the fixed ones built once (indexed by ingredient number and saucepan); handed out as copies.
REFRESH = [{"type": "refresh_pantry", "ingredient": kind,
            "label": f"Discard {kind} from your hand and the whole pantry; deal a new pantry"} for kind in INGREDIENTS]
TAKE_FROM_PANTRY = [{"type": "take", "source": "pantry", "ingredient": kind, "label": f"Take {kind} from the pantry"}
                    for kind in INGREDIENTS]
TAKE_FROM_DRAW = {"type": "take", "source": "draw", "label": "Draw an ingredient from the pile"}
COOK_INTO = [[{"type": "cook", "ingredient": kind, "pan": pan, "label": f"Cook {kind} into saucepan {pan + 1}"}
         for pan in range(cards.PANS)] for kind in INGREDIENTS]
STOP_COOKING = {"type": "stop_cooking", "label": "Finish cooking"}
SWAP_RECIPES = {"type": "swap_recipes", "label": "Draw 2 recipes, then keep 2 of the 4"}
PASS = {"type": "pass", "label": "Pass (nothing else is possible)"}


def keep_action(chosen: tuple[int, ...]) -> dict[str, Any]:
    return {"type": "keep", "recipes": sorted(chosen),
            "label": "Keep " + " and ".join(recipe_name(r) for r in sorted(chosen))}


def lid_action(pan: int) -> dict[str, Any]:
    return {"type": "move_lid", "pan": pan, "label": f"Move the lid onto saucepan {pan + 1}"}


def redeem_action(recipe: int, pan: int, found: int, gain: int) -> dict[str, Any]:
    return {"type": "redeem", "recipe": recipe,
            "label": f"Serve {recipe_name(recipe)} from saucepan {pan + 1}: {found} matches, +{gain} squares"}


def decline_action(pan: int, step: int = 0) -> dict[str, Any]:
    gain = f" (+{step} square for cooking)" if step else ""
    return {"type": "decline", "label": f"Serve nothing from saucepan {pan + 1}{gain}"}


def peek_action(a: int, b: int) -> dict[str, Any]:
    return {"type": "peek", "tiles": [a, b], "label": f"Secretly look at the tiles on menu squares {a + 1} and {b + 1}"}


def swap_menu_action(a: int, b: int) -> dict[str, Any]:
    return {"type": "swap_menu", "tiles": [a, b], "label": f"Swap the menu tiles on squares {a + 1} and {b + 1}"}


def keep_menu_action(pros: bool) -> dict[str, Any]:
    return {"type": "keep_menu", "label": "Put the tiles back where they were" if pros else "Leave the menu as it is"}


def _pans(fact: dict[str, Any]) -> str:
    full = fact["pans"]
    return f"Saucepan {full[0] + 1} is" if len(full) == 1 else \
        "Saucepans " + " and ".join(str(pan + 1) for pan in full) + " are"


def _swapped(fact: dict[str, Any]) -> str:
    a, b, menu = fact["a"], fact["b"], fact["menu"]
    return (f"{player_name(fact['seat'])} swapped {CUISINES[menu[b]]} and {CUISINES[menu[a]]} "
            f"on the menu: {CUISINES[menu[a]]} is now worth {MENU_STARS[a]} stars, "
            f"{CUISINES[menu[b]]} {MENU_STARS[b]}.")


def _final(fact: dict[str, Any]) -> str:
    scores = ", ".join(f"{player_name(seat)} {score}" for seat, score in enumerate(fact["scores"]))
    winners = " and ".join(player_name(seat) for seat in fact["winners"])
    return f"Final scores: {scores}. {winners} won."


def _chose(fact: dict[str, Any]) -> str:
    discarded = " and ".join(recipe_name(r) for r in fact["dropped"]) or "nothing"
    verb = "chose their recipes" if fact["first"] else "swapped recipes"
    return f"{player_name(fact['seat'])} {verb}, discarding {discarded} face up."


def _declined(fact: dict[str, Any]) -> str:
    line = f"{player_name(fact['seat'])} served nothing from saucepan {fact['pan'] + 1}"
    return line + (f": +{cards.COOK_STEP} square for cooking." if fact["cook"] else ".")


SENTENCES: dict[str, Callable[[dict[str, Any]], str]] = {
    "keeps": lambda f: "Each player keeps 2 of their 3 recipes.",
    "chose": _chose,
    "starts": lambda f: f"{player_name(f['seat'])} starts.",
    "refreshed": lambda f: f"{player_name(f['seat'])} discarded {f['ingredient']} and refreshed the pantry.",
    "took": lambda f: f"{player_name(f['seat'])} took {f['ingredient']} from the pantry.",
    "drew": lambda f: f"{player_name(f['seat'])} drew an ingredient.",
    "cooked": lambda f: cooked_line(f["seat"], f["ingredient"], f["pan"]),
    "moved_lid": lambda f: f"{player_name(f['seat'])} moved the lid onto saucepan {f['pan'] + 1}.",
    "drew_recipes": lambda f: f"{player_name(f['seat'])} drew {f['count']} recipes to swap.",
    "passed": lambda f: f"{player_name(f['seat'])} could do nothing and passed.",
    "served": lambda f: (f"{player_name(f['seat'])} served {recipe_name(f['recipe'])} from saucepan {f['pan'] + 1}: "
                         f"{f['found']} matches, +{f['gain']} squares."),
    "sixth": lambda f: f"{player_name(f['seat'])} redeemed their sixth recipe: the game ends.",
    "declined": _declined,
    "peeked": lambda f: f"{player_name(f['seat'])} secretly looked at menu squares {f['a'] + 1} and {f['b'] + 1}.",
    "star": lambda f: f"{player_name(f['seat'])} reached a star square.",
    "must_serve": lambda f: f"{_pans(f)} full: {player_name(f['cook'])} must serve.",
    "tiles_back": lambda f: f"{player_name(f['seat'])} put the tiles on squares {f['a'] + 1} and {f['b'] + 1} back face down.",
    "menu_kept": lambda f: f"{player_name(f['seat'])} left the menu as it is.",
    "menu_swapped": _swapped,
    "emptied": lambda f: f"Saucepan {f['pan'] + 1} was emptied onto the discard pile.",
    "final": _final,
    "reshuffled": lambda f: f"The {f['pile']} was shuffled into a new draw pile.",
}


def sentence(fact: dict[str, Any]) -> str:
    """The log's sentence for one fact the rules recorded (``fact["what"]`` names it)."""
    return SENTENCES[fact["what"]](fact)


def phase_text(phase: str, actor: int | None) -> str:
    """What the table waits for, in one sentence."""
    return PHASE_TEXT[phase].format(actor=f"Player {actor + 1}" if actor is not None else "")


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
