"""Pink Soup's facts: the ingredient kinds (values, copies, recipe symbols), the 70-card deck and the
12 recipe cards, and the scoring of one chef's pot against the Shared Kitchen."""

from __future__ import annotations

from dataclasses import dataclass

MIN_CHEFS, MAX_CHEFS = 2, 5
POT_SIZE = 5
KITCHEN_PILES = 5
DRAW_COUNT = 2
RECIPE_POINTS = 15
COMPLETION_KINDS = 5
DESSERT_POINTS = 6
CHILI_POINTS = -3
CHILI_JACKPOT_COUNT = 3
CHILI_JACKPOT_POINTS = 15
MOUSE_POINTS = -1

SUITABLE = "suitable"  # scores its value when it carries the chef's recipe symbol
DESSERT = "dessert"
CHILI = "chili"
MOUSE = "mouse"


@dataclass(frozen=True)
class Kind:
    """One kind of ingredient card: its printed value and how many copies the deck holds."""

    key: str
    name: str
    value: int
    copies: int
    family: str = SUITABLE


KINDS: tuple[Kind, ...] = (
    Kind("salt", "Salt", 0, 5),
    Kind("onion", "Onions", 1, 5),
    Kind("minced_meat", "Minced meat", 1, 4),
    Kind("potato", "Potatoes", 1, 5),
    Kind("dill", "Dill", 1, 5),
    Kind("eggs", "Eggs", 2, 4),
    Kind("carrot", "Carrots", 2, 4),
    Kind("mushrooms", "Mushrooms", 2, 4),
    Kind("milk", "Milk", 3, 4),
    Kind("sour_cream", "Sour cream", 3, 4),
    Kind("cucumber", "Cucumbers", 3, 3),
    Kind("beetroot", "Beetroot and cabbage", 4, 3),
    Kind("dessert", "Dessert", DESSERT_POINTS, 6, DESSERT),
    Kind("chili", "Chili", CHILI_POINTS, 6, CHILI),
    Kind("mouse", "Mouse", MOUSE_POINTS, 8, MOUSE),
)
KIND_BY_KEY = {kind.key: kind for kind in KINDS}


@dataclass(frozen=True)
class Recipe:
    """A secret recipe card: the ingredient kinds that carry its symbol. Salt suits every recipe."""

    name: str
    suitable: frozenset[str]
    points: int = RECIPE_POINTS


def _recipe(name: str, *kinds: str) -> Recipe:
    return Recipe(name, frozenset(("salt", *kinds)))


RECIPES: tuple[Recipe, ...] = (
    _recipe("Cold Pink Soup", "eggs", "milk", "onion", "beetroot", "cucumber", "dill"),
    _recipe("Borscht", "beetroot", "potato", "carrot", "onion", "minced_meat", "sour_cream"),
    _recipe("Mushroom Soup", "mushrooms", "potato", "onion", "sour_cream", "dill", "milk"),
    _recipe("Meatball Soup", "minced_meat", "potato", "carrot", "onion", "dill", "eggs"),
    _recipe("Cabbage Soup", "beetroot", "carrot", "onion", "potato", "sour_cream", "mushrooms"),
    _recipe("Pickle Soup", "cucumber", "potato", "minced_meat", "carrot", "sour_cream", "dill"),
    _recipe("Egg Drop Soup", "eggs", "onion", "mushrooms", "carrot", "minced_meat", "dill"),
    _recipe("Potato Soup", "potato", "onion", "carrot", "milk", "dill", "sour_cream"),
    _recipe("Cream of Vegetables", "milk", "carrot", "potato", "beetroot", "mushrooms", "cucumber"),
    _recipe("Okroshka", "cucumber", "eggs", "minced_meat", "potato", "sour_cream", "dill"),
    _recipe("Solyanka", "minced_meat", "cucumber", "onion", "mushrooms", "sour_cream", "beetroot"),
    _recipe("Summer Milk Soup", "milk", "eggs", "mushrooms", "cucumber", "beetroot", "dill"),
)

# Card id -> kind; ids are positions in this tuple, copies of a kind are consecutive.
CARD_KINDS: tuple[Kind, ...] = tuple(kind for kind in KINDS for _ in range(kind.copies))
DECK_SIZE = len(CARD_KINDS)
LABELS: tuple[str, ...] = tuple(f"{kind.name} ({kind.value})" for kind in CARD_KINDS)


def kind_of(card: int) -> Kind:
    return CARD_KINDS[card]


def symbols(kind: Kind) -> list[int]:
    """Indexes of the recipes whose symbol this ingredient kind carries."""
    return [index for index, recipe in enumerate(RECIPES) if kind.key in recipe.suitable]


def card_label_of(kind: Kind) -> str:
    return f"{kind.name} ({kind.value})"


def card_label(card: int) -> str:
    """A face-up card as players read it (never its id: ids would give away hidden copies)."""
    return LABELS[card]


def recipe_words(index: int) -> dict:
    """A recipe card as its owner reads it."""
    recipe = RECIPES[index]
    return {"name": recipe.name, "points": recipe.points, "suitable": list(SUITABLE_LABELS[index])}


SUITABLE_LABELS: tuple[tuple[str, ...], ...] = tuple(
    tuple(card_label_of(kind) for kind in KINDS if kind.key in recipe.suitable) for recipe in RECIPES
)


def score(recipe: Recipe, pot: list[str], kitchen_tops: list[str]) -> dict:
    """One chef's score from the kind keys in their pot and on top of the kitchen piles."""
    suitable = [key for key in pot + kitchen_tops if key in recipe.suitable]
    completed = len(set(suitable)) >= COMPLETION_KINDS
    desserts = pot.count("dessert")
    chilis = pot.count("chili")
    mice = pot.count("mouse")
    parts = {
        "recipe": recipe.points if completed else 0,
        "ingredients": sum(KIND_BY_KEY[key].value for key in suitable),
        "desserts": desserts * DESSERT_POINTS,
        "chilis": CHILI_JACKPOT_POINTS if chilis == CHILI_JACKPOT_COUNT else chilis * CHILI_POINTS,
        "mice": mice * MOUSE_POINTS,
    }
    return {"total": sum(parts.values()), "parts": parts, "completed": completed, "desserts": desserts}
