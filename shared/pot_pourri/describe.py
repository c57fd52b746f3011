"""Pot Pourri in words: seat and recipe names, what each step waits for, the words of every move and
event (read from a seat's view and the rules' structured events, by the client) and the reasons for
a refusal. ``name`` turns a seat into the name a reader knows it by; without one, seat 0 is "Player 1"."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from soupkitchen.shared.pot_pourri import cards
from soupkitchen.shared.pot_pourri.cards import CUISINES, MENU_STARS, RECIPES
from soupkitchen.shared.refusals import Refusal, RefusalWords, Wording, maker
from soupkitchen.shared.words import N_, _, and_list, ngettext

Namer = Callable[[int], str]

PHASE_TEXT = {  # what each phase waits for, marked for the catalog and worded when read
    "choose_recipes": N_("Every player keeps 2 of their 3 dealt recipes."),
    "turn": N_("%(actor)s takes ingredients, cooks, or swaps recipes."),
    "take_second": N_("%(actor)s takes a second ingredient."),
    "cook_second": N_("%(actor)s may cook a second ingredient."),
    "move_lid": N_("%(actor)s moves the saucepan lid."),
    "keep_recipes": N_("%(actor)s keeps 2 of their recipes."),
    "serve": N_("%(actor)s may serve a recipe from a full saucepan."),
    "peek_menu": N_("%(actor)s secretly looks at two menu tiles."),
    "swap_menu": N_("%(actor)s may swap two menu tiles."),
    "over": N_("The game is over."),
}

INGREDIENT_NAMES = {
    "fish": N_("fish"),
    "meat": N_("meat"),
    "potatoes": N_("potatoes"),
    "cheese": N_("cheese"),
    "flour": N_("flour"),
    "carrots": N_("carrots"),
    "peppers": N_("peppers"),
    "rice": N_("rice"),
    "tomatoes": N_("tomatoes"),
    "onions": N_("onions"),
}


def ingredient_word(kind: str | None) -> str:
    """An ingredient card's kind in the reader's words ("tomatoes"); an unknown one as it is."""
    return _(INGREDIENT_NAMES[kind]) if kind in INGREDIENT_NAMES else str(kind)


def cuisine_word(cuisine: str) -> str:
    """A cuisine as the view names it ("Slavic"), in the reader's words."""
    return _(cuisine) if cuisine in CUISINES else cuisine


def dish_word(name: str) -> str:
    """A recipe card's title as the view gives it, in the reader's words."""
    return _(name) if name in RECIPE_TITLES else name


PLAYER_NAMES = tuple(
    f"Player {seat + 1}" for seat in range(len(CUISINES))
)  # the names the view gives the seats
RECIPE_TITLES = frozenset(recipe.name for recipe in RECIPES)


def player_name(seat: int) -> str:
    """How the table names a seat."""
    return _("Player %(number)d") % {"number": seat + 1}


def recipe_name(recipe_id: int) -> str:
    """A recipe card's title with its cuisine."""
    recipe = RECIPES[recipe_id]
    return _("%(recipe)s (%(cuisine)s)") % {"recipe": _(recipe.name), "cuisine": _(CUISINES[recipe.cuisine])}


def headline(view: dict[str, Any], name: Namer = player_name) -> str:
    """What the table waits for, in one sentence."""
    actor = view["turn"]
    words = PHASE_TEXT[view["phase"]]
    return _(words) % {"actor": name(actor) if actor is not None else ""}


# --- the events ----------------------------------------------------------------------------------
def _facts(e: dict[str, Any], n: Namer) -> dict[str, Any]:
    """An event's fields as its sentence names them: seats by name, pans and squares from 1."""
    facts: dict[str, Any] = {"player": n(e["seat"])} if isinstance(e.get("seat"), int) else {}
    for key in ("pan", "a", "b"):
        if isinstance(e.get(key), int):
            facts[key] = e[key] + 1
    if "ingredient" in e:
        facts["ingredient"] = ingredient_word(e["ingredient"])
    for key in ("count", "found", "gain"):
        if key in e:
            facts[key] = e[key]
    return facts


def _pans(e: dict[str, Any], n: Namer) -> str:
    full, cook = e["pans"], n(e["cook"])
    if len(full) == 1:
        return _("Saucepan %(pan)d is full: %(cook)s must serve.") % {"pan": full[0] + 1, "cook": cook}
    pans = and_list([str(pan + 1) for pan in full])
    return _("Saucepans %(pans)s are full: %(cook)s must serve.") % {"pans": pans, "cook": cook}


def _swapped(e: dict[str, Any], n: Namer) -> str:
    return _(
        "%(player)s swapped %(second)s and %(first)s on the menu: %(first)s is now worth %(a_stars)d stars, "
        "%(second)s %(b_stars)d."
    ) % {
        "player": n(e["seat"]),
        "first": cuisine_word(e["at_a"]),
        "second": cuisine_word(e["at_b"]),
        "a_stars": MENU_STARS[e["a"]],
        "b_stars": MENU_STARS[e["b"]],
    }


def _final(e: dict[str, Any], n: Namer) -> str:
    scores = ", ".join(
        _("%(player)s %(score)d") % {"player": n(seat), "score": score}
        for seat, score in enumerate(e["scores"])
    )
    winners = [n(seat) for seat in e["winners"]]
    won = ngettext("%(winners)s won.", "%(winners)s won.", len(winners)) % {"winners": and_list(winners)}
    return _("Final scores: %(scores)s.") % {"scores": scores} + " " + won


def _chose(e: dict[str, Any], n: Namer) -> str:
    facts = {"player": n(e["seat"]), "dropped": and_list([recipe_name(r) for r in e["dropped"]])}
    if not e["dropped"]:
        return (
            _("%(player)s chose their recipes, discarding nothing.")
            if e["first"]
            else _("%(player)s swapped recipes, discarding nothing.")
        ) % facts
    return (
        _("%(player)s chose their recipes, discarding %(dropped)s face up.")
        if e["first"]
        else _("%(player)s swapped recipes, discarding %(dropped)s face up.")
    ) % facts


def _cooked(e: dict[str, Any], n: Namer) -> str:
    if e["ingredient"] is None:  # the saucepan shows it while it is open; under the lid it is remembered
        return _("%(player)s cooked an ingredient into saucepan %(pan)d.") % _facts(e, n)
    return _("%(player)s cooked %(ingredient)s into saucepan %(pan)d.") % _facts(e, n)


def _declined(e: dict[str, Any], n: Namer) -> str:
    if e["cook"]:
        return ngettext(
            "%(player)s served nothing from saucepan %(pan)d: +%(step)d square for cooking.",
            "%(player)s served nothing from saucepan %(pan)d: +%(step)d squares for cooking.",
            cards.COOK_STEP,
        ) % {**_facts(e, n), "step": cards.COOK_STEP}
    return _("%(player)s served nothing from saucepan %(pan)d.") % _facts(e, n)


PILES = {
    "ingredients": N_("The ingredient discard pile was shuffled into a new draw pile."),
    "recipes": N_("The recipe discard pile was shuffled into a new draw pile."),
}


def _reshuffled(e: dict[str, Any]) -> str:
    words = PILES[e["pile"]]
    return _(words)


SENTENCES: dict[str, Callable[[dict[str, Any], Namer], str]] = {
    "keeps": lambda e, n: _("Each player keeps 2 of their 3 recipes."),
    "chose": _chose,
    "starts": lambda e, n: _("%(player)s starts.") % _facts(e, n),
    "refreshed": lambda e, n: (
        _("%(player)s discarded %(ingredient)s and refreshed the pantry.") % _facts(e, n)
    ),
    "took": lambda e, n: _("%(player)s took %(ingredient)s from the pantry.") % _facts(e, n),
    "drew": lambda e, n: _("%(player)s drew an ingredient.") % _facts(e, n),
    "cooked": _cooked,
    "moved_lid": lambda e, n: _("%(player)s moved the lid onto saucepan %(pan)d.") % _facts(e, n),
    "drew_recipes": lambda e, n: (
        ngettext(
            "%(player)s drew %(count)d recipe to swap.",
            "%(player)s drew %(count)d recipes to swap.",
            e["count"],
        )
        % _facts(e, n)
    ),
    "passed": lambda e, n: _("%(player)s could do nothing and passed.") % _facts(e, n),
    "served": lambda e, n: (
        ngettext(
            "%(player)s served %(recipe)s from saucepan %(pan)d: %(found)d matches, +%(gain)d square.",
            "%(player)s served %(recipe)s from saucepan %(pan)d: %(found)d matches, +%(gain)d squares.",
            e["gain"],
        )
        % {**_facts(e, n), "recipe": recipe_name(e["recipe"])}
    ),
    "sixth": lambda e, n: _("%(player)s redeemed their sixth recipe: the game ends.") % _facts(e, n),
    "declined": _declined,
    "peeked": lambda e, n: _("%(player)s secretly looked at menu squares %(a)d and %(b)d.") % _facts(e, n),
    "star": lambda e, n: _("%(player)s reached a star square.") % _facts(e, n),
    "must_serve": _pans,
    "tiles_back": lambda e, n: (
        _("%(player)s put the tiles on squares %(a)d and %(b)d back face down.") % _facts(e, n)
    ),
    "menu_kept": lambda e, n: _("%(player)s left the menu as it is.") % _facts(e, n),
    "menu_swapped": _swapped,
    "emptied": lambda e, n: _("Saucepan %(pan)d was emptied onto the discard pile.") % _facts(e, n),
    "final": _final,
    "reshuffled": lambda e, n: _reshuffled(e),
}


def event_words(event: dict[str, Any], name: Namer = player_name) -> str:
    """The log's sentence for one event (or log entry) of the rules."""
    return SENTENCES[event["type"]](event, name)


YOURS: dict[str, str] = {  # an event of your own, said to you
    "starts": N_("You start."),
    "refreshed": N_("You discarded %(ingredient)s and refreshed the pantry."),
    "took": N_("You took %(ingredient)s from the pantry."),
    "drew": N_("You drew an ingredient."),
    "moved_lid": N_("You moved the lid onto saucepan %(pan)d."),
    "passed": N_("You could do nothing and passed."),
    "sixth": N_("You redeemed your sixth recipe: the game ends."),
    "peeked": N_("You secretly looked at menu squares %(a)d and %(b)d."),
    "star": N_("You reached a star square."),
    "tiles_back": N_("You put the tiles on squares %(a)d and %(b)d back face down."),
    "menu_kept": N_("You left the menu as it is."),
}


def _your_pans(e: dict[str, Any]) -> str:
    full = e["pans"]
    if len(full) == 1:
        return _("Saucepan %(pan)d is full: you must serve.") % {"pan": full[0] + 1}
    pans = and_list([str(pan + 1) for pan in full])
    return _("Saucepans %(pans)s are full: you must serve.") % {"pans": pans}


def _your_chose(e: dict[str, Any]) -> str:
    facts = {"dropped": and_list([recipe_name(r) for r in e["dropped"]])}
    if not e["dropped"]:
        return (
            _("You chose your recipes, discarding nothing.")
            if e["first"]
            else _("You swapped recipes, discarding nothing.")
        )
    return (
        _("You chose your recipes, discarding %(dropped)s face up.")
        if e["first"]
        else _("You swapped recipes, discarding %(dropped)s face up.")
    ) % facts


def _your_move(e: dict[str, Any], n: Namer) -> str | None:
    kind, facts = e["type"], _facts(e, n)
    if kind == "chose":
        return _your_chose(e)
    if kind == "cooked":
        if e["ingredient"] is None:
            return _("You cooked an ingredient into saucepan %(pan)d.") % facts
        return _("You cooked %(ingredient)s into saucepan %(pan)d.") % facts
    if kind == "drew_recipes":
        return (
            ngettext("You drew %(count)d recipe to swap.", "You drew %(count)d recipes to swap.", e["count"])
            % facts
        )
    if kind == "served":
        return ngettext(
            "You served %(recipe)s from saucepan %(pan)d: %(found)d matches, +%(gain)d square.",
            "You served %(recipe)s from saucepan %(pan)d: %(found)d matches, +%(gain)d squares.",
            e["gain"],
        ) % {**facts, "recipe": recipe_name(e["recipe"])}
    if kind == "declined":
        if e["cook"]:
            return ngettext(
                "You served nothing from saucepan %(pan)d: +%(step)d square for cooking.",
                "You served nothing from saucepan %(pan)d: +%(step)d squares for cooking.",
                cards.COOK_STEP,
            ) % {**facts, "step": cards.COOK_STEP}
        return _("You served nothing from saucepan %(pan)d.") % facts
    if kind == "menu_swapped":
        return _(
            "You swapped %(second)s and %(first)s on the menu: %(first)s is now worth %(a_stars)d stars, "
            "%(second)s %(b_stars)d."
        ) % {
            "first": cuisine_word(e["at_a"]),
            "second": cuisine_word(e["at_b"]),
            "a_stars": MENU_STARS[e["a"]],
            "b_stars": MENU_STARS[e["b"]],
        }
    words = YOURS.get(kind)
    return _(words) % facts if words is not None else None


def you_words(event: dict[str, Any], name: Namer, you: int) -> str | None:
    """The log's sentence for an event about the seat ``you`` reading it, said to them ("You took
    onion from the pantry", "Saucepan 2 is full: you must serve"); None: the event is not about them."""
    if event["type"] == "must_serve":
        return _your_pans(event) if event["cook"] == you else None
    if event.get("seat") != you:
        return None
    return _your_move(event, name)


# --- the moves -----------------------------------------------------------------------------------
def _serve(view: dict[str, Any], recipe: int) -> str:
    serving = view["serving"]
    pan = serving["pan"]
    found = cards.matches(recipe, view["pans"][pan]["ingredients"] or [])
    gain = cards.squares_for(found) + (cards.COOK_STEP if serving["cook"] else 0)
    return ngettext(
        "Serve %(recipe)s from saucepan %(pan)d: %(found)d matches, +%(gain)d square",
        "Serve %(recipe)s from saucepan %(pan)d: %(found)d matches, +%(gain)d squares",
        gain,
    ) % {"recipe": recipe_name(recipe), "pan": pan + 1, "found": found, "gain": gain}


def _decline(view: dict[str, Any]) -> str:
    serving = view["serving"]
    facts = {"pan": serving["pan"] + 1, "step": cards.COOK_STEP}
    if serving["cook"]:
        return (
            ngettext(
                "Serve nothing from saucepan %(pan)d (+%(step)d square for cooking)",
                "Serve nothing from saucepan %(pan)d (+%(step)d squares for cooking)",
                cards.COOK_STEP,
            )
            % facts
        )
    return _("Serve nothing from saucepan %(pan)d") % facts


def _keep_menu(view: dict[str, Any]) -> str:
    face_down = not all(square["face_up"] for square in view["menu"])  # Cooking Pros
    return _("Put the tiles back where they were") if face_down else _("Leave the menu as it is")


def _tiles(a: dict[str, Any]) -> dict[str, int]:
    return {"a": a["tiles"][0] + 1, "b": a["tiles"][1] + 1}


MOVES: dict[str, Callable[[dict[str, Any], dict[str, Any]], str]] = {
    "keep": lambda v, a: (
        _("Keep %(recipes)s") % {"recipes": and_list([recipe_name(r) for r in sorted(a["recipes"])])}
    ),
    "refresh_pantry": lambda v, a: (
        _("Discard %(ingredient)s from your hand and the whole pantry; deal a new pantry")
        % {"ingredient": ingredient_word(a["ingredient"])}
    ),
    "take": lambda v, a: (
        _("Take %(ingredient)s from the pantry") % {"ingredient": ingredient_word(a["ingredient"])}
        if a["source"] == "pantry"
        else _("Draw an ingredient from the pile")
    ),
    "cook": lambda v, a: (
        _("Cook %(ingredient)s into saucepan %(pan)d")
        % {"ingredient": ingredient_word(a["ingredient"]), "pan": a["pan"] + 1}
    ),
    "stop_cooking": lambda v, a: _("Finish cooking"),
    "swap_recipes": lambda v, a: _("Draw 2 recipes, then keep 2 of the 4"),
    "pass": lambda v, a: _("Pass (nothing else is possible)"),
    "move_lid": lambda v, a: _("Move the lid onto saucepan %(pan)d") % {"pan": a["pan"] + 1},
    "redeem": lambda v, a: _serve(v, a["recipe"]),
    "decline": lambda v, a: _decline(v),
    "peek": lambda v, a: _("Secretly look at the tiles on menu squares %(a)d and %(b)d") % _tiles(a),
    "swap_menu": lambda v, a: _("Swap the menu tiles on squares %(a)d and %(b)d") % _tiles(a),
    "keep_menu": lambda v, a: _keep_menu(v),
}


def move_words(view: dict[str, Any], action: dict[str, Any], name: Namer = player_name) -> str:
    """The words of one of the view's legal moves, as the seat whose view it is reads them."""
    return MOVES[action["type"]](view, action)


# --- why a move is refused ---------------------------------------------------------------------
MOVE_NAMES = {  # a move's type as a refusal names it
    "keep": N_("keep recipes"),
    "refresh_pantry": N_("refresh the pantry"),
    "take": N_("take"),
    "cook": N_("cook"),
    "stop_cooking": N_("finish cooking"),
    "swap_recipes": N_("swap recipes"),
    "pass": N_("pass"),
    "move_lid": N_("move the lid"),
    "redeem": N_("serve"),
    "decline": N_("serve nothing"),
    "peek": N_("look at the menu"),
    "swap_menu": N_("swap menu tiles"),
    "keep_menu": N_("leave the menu"),
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
    "keep_from": lambda p, n: (
        ngettext(
            "keep %(count)d recipe of those you were offered",
            "keep %(count)d different recipes of those you were offered",
            p["count"],
        )
        % p
    ),
    "not_in_hand": lambda p, n: (
        _("you have no %(ingredient)s in your hand") % {"ingredient": ingredient_word(p["ingredient"])}
    ),
    "not_in_pantry": lambda p, n: (
        _("there is no %(ingredient)s in the pantry") % {"ingredient": ingredient_word(p["ingredient"])}
    ),
    "pan_range": lambda p, n: _("the saucepans are numbered 1 to %(pans)d") % p,
    "lid_on": lambda p, n: _("saucepan %(pan)d has the lid on") % p,
    "pan_full": lambda p, n: _("saucepan %(pan)d is full") % p,
    "lid_there": lambda p, n: _("the lid is already on saucepan %(pan)d") % p,
    "too_few_matches": lambda p, n: (
        _("that recipe matches fewer than two ingredients in saucepan %(pan)d") % p
    ),
    "recipes_chosen": N_("you have already chosen your recipes; waiting for the others"),
    "their_move": lambda p, n: _("it is %(player)s's move") % {"player": n(p["seat"])},
}

REFUSAL_WORDS = RefusalWords(REFUSALS, MOVE_NAMES, player_name)  # named by its registration
refuse = maker(REFUSAL_WORDS)
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
