"""Facts of Pot Pourri: ingredients, cuisines, the 55 recipe cards, the scoring table and the board."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from soupkitchen.shared.words import N_

INGREDIENTS = (
    "fish",
    "meat",
    "potatoes",
    "cheese",
    "flour",
    "carrots",
    "peppers",
    "rice",
    "tomatoes",
    "onions",
)
COPIES_PER_INGREDIENT = 9
INGREDIENT_CARDS = len(INGREDIENTS) * COPIES_PER_INGREDIENT  # 90 cards, ids 0..89

CUISINES = (N_("Middle Eastern"), N_("Mediterranean"), N_("Slavic"), N_("American/Tex-Mex"), N_("French"))
RECIPES_PER_CUISINE = 11

HAND_AT_START = 2
PANTRY_SIZE = 4
PANS = 3
PAN_CAPACITY = 6
BOOK_SIZE = 2
RECIPES_DEALT = 3
TAKE_PER_TURN = 2
COOK_PER_TURN = 2
RECIPES_TO_END = 6

MATCH_SQUARES = {6: 9, 5: 7, 4: 5, 3: 3, 2: 1}  # matches -> squares on the gourmet pathway
MIN_MATCHES = 2  # "A recipe can only be redeemed if it contains at least two ingredients"
COOK_STEP = 1  # the cook's extra square for each full saucepan
STAR_SQUARES = (8, 17, 26)
MENU_STARS = (5, 4, 3, 2, 1)  # star value printed beside each of the five menu squares


@dataclass(frozen=True)
class Recipe:
    """One recipe card: six ingredients (repeats allowed) of one cuisine."""

    id: int
    name: str
    cuisine: int
    ingredients: tuple[str, ...]

    def to_json(self) -> dict:
        return {
            "id": self.id,
            "name": self.name,
            "cuisine": CUISINES[self.cuisine],
            "ingredients": list(self.ingredients),
        }


def _recipe(name: str, *counts: tuple[int, str]) -> tuple[str, tuple[str, ...]]:
    ingredients = tuple(kind for number, kind in counts for _ in range(number))
    return name, ingredients


_RECIPE_TEXT = (
    (  # Middle Eastern
        _recipe(N_("Maqluba"), (2, "rice"), (1, "meat"), (1, "onions"), (1, "tomatoes"), (1, "potatoes")),
        _recipe(N_("Shakshuka"), (2, "tomatoes"), (2, "peppers"), (1, "onions"), (1, "cheese")),
        _recipe(N_("Kibbeh"), (2, "meat"), (2, "flour"), (1, "onions"), (1, "peppers")),
        _recipe(N_("Kofta with rice"), (2, "meat"), (2, "rice"), (1, "onions"), (1, "tomatoes")),
        _recipe(N_("Mujaddara"), (2, "rice"), (3, "onions"), (1, "carrots")),
        _recipe(N_("Samak harra"), (2, "fish"), (2, "peppers"), (1, "tomatoes"), (1, "onions")),
        _recipe(N_("Manakish"), (3, "flour"), (2, "cheese"), (1, "tomatoes")),
        _recipe(N_("Dolma"), (2, "peppers"), (2, "rice"), (1, "meat"), (1, "tomatoes")),
        _recipe(N_("Sayadieh"), (2, "fish"), (2, "rice"), (2, "onions")),
        _recipe(N_("Lamb with carrots"), (2, "meat"), (2, "carrots"), (1, "potatoes"), (1, "onions")),
        _recipe(N_("Fattoush"), (2, "flour"), (2, "tomatoes"), (1, "peppers"), (1, "onions")),
    ),
    (  # Mediterranean
        _recipe(N_("Paella"), (2, "rice"), (2, "fish"), (1, "peppers"), (1, "tomatoes")),
        _recipe(N_("Moussaka"), (1, "meat"), (2, "potatoes"), (1, "tomatoes"), (1, "cheese"), (1, "onions")),
        _recipe(N_("Pizza margherita"), (2, "flour"), (2, "tomatoes"), (2, "cheese")),
        _recipe(N_("Peperonata"), (3, "peppers"), (2, "tomatoes"), (1, "onions")),
        _recipe(N_("Risotto"), (3, "rice"), (1, "cheese"), (1, "onions"), (1, "carrots")),
        _recipe(
            N_("Psari plaki"), (2, "fish"), (1, "tomatoes"), (1, "onions"), (1, "potatoes"), (1, "carrots")
        ),
        _recipe(N_("Lasagne"), (2, "flour"), (1, "meat"), (1, "cheese"), (1, "tomatoes"), (1, "onions")),
        _recipe(N_("Tortilla espanola"), (3, "potatoes"), (2, "onions"), (1, "cheese")),
        _recipe(N_("Gazpacho"), (3, "tomatoes"), (1, "peppers"), (1, "onions"), (1, "flour")),
        _recipe(N_("Pastitsio"), (2, "flour"), (1, "meat"), (2, "cheese"), (1, "tomatoes")),
        _recipe(N_("Gemista"), (2, "peppers"), (1, "rice"), (2, "tomatoes"), (1, "cheese")),
    ),
    (  # Slavic
        _recipe(N_("Borscht"), (2, "carrots"), (1, "potatoes"), (1, "meat"), (1, "onions"), (1, "tomatoes")),
        _recipe(N_("Pierogi"), (2, "flour"), (2, "potatoes"), (1, "cheese"), (1, "onions")),
        _recipe(N_("Pelmeni"), (2, "flour"), (2, "meat"), (2, "onions")),
        _recipe(N_("Golubtsy"), (1, "meat"), (2, "rice"), (1, "onions"), (1, "carrots"), (1, "tomatoes")),
        _recipe(N_("Draniki"), (3, "potatoes"), (1, "onions"), (2, "flour")),
        _recipe(N_("Ukha"), (2, "fish"), (1, "potatoes"), (1, "carrots"), (2, "onions")),
        _recipe(N_("Syrniki"), (3, "cheese"), (3, "flour")),
        _recipe(N_("Goulash"), (2, "meat"), (1, "peppers"), (1, "onions"), (1, "potatoes"), (1, "tomatoes")),
        _recipe(N_("Solyanka"), (2, "meat"), (1, "onions"), (1, "tomatoes"), (1, "carrots"), (1, "fish")),
        _recipe(N_("Plov"), (2, "rice"), (1, "meat"), (2, "carrots"), (1, "onions")),
        _recipe(N_("Herring under a fur coat"), (1, "fish"), (2, "potatoes"), (2, "carrots"), (1, "onions")),
    ),
    (  # American/Tex-Mex
        _recipe(N_("Chili con carne"), (2, "meat"), (2, "peppers"), (1, "tomatoes"), (1, "onions")),
        _recipe(
            N_("Burrito"),
            (1, "flour"),
            (1, "rice"),
            (1, "meat"),
            (1, "cheese"),
            (1, "peppers"),
            (1, "tomatoes"),
        ),
        _recipe(N_("Nachos"), (1, "flour"), (2, "cheese"), (1, "peppers"), (1, "tomatoes"), (1, "onions")),
        _recipe(N_("Quesadilla"), (2, "flour"), (2, "cheese"), (1, "peppers"), (1, "onions")),
        _recipe(N_("Fish tacos"), (2, "fish"), (2, "flour"), (1, "peppers"), (1, "tomatoes")),
        _recipe(N_("Fish chowder"), (2, "fish"), (2, "potatoes"), (1, "onions"), (1, "carrots")),
        _recipe(N_("Meatloaf and mash"), (2, "meat"), (2, "potatoes"), (1, "onions"), (1, "carrots")),
        _recipe(N_("Mac and cheese"), (2, "flour"), (3, "cheese"), (1, "tomatoes")),
        _recipe(N_("Jambalaya"), (2, "rice"), (1, "meat"), (1, "fish"), (1, "peppers"), (1, "tomatoes")),
        _recipe(N_("Fajitas"), (1, "meat"), (2, "peppers"), (2, "onions"), (1, "flour")),
        _recipe(N_("Pot roast"), (2, "meat"), (1, "potatoes"), (2, "carrots"), (1, "onions")),
    ),
    (  # French
        _recipe(N_("Bouillabaisse"), (3, "fish"), (1, "tomatoes"), (1, "onions"), (1, "potatoes")),
        _recipe(N_("Quiche lorraine"), (2, "flour"), (2, "cheese"), (1, "onions"), (1, "meat")),
        _recipe(N_("Ratatouille"), (2, "tomatoes"), (2, "peppers"), (1, "onions"), (1, "carrots")),
        _recipe(N_("Gratin dauphinois"), (3, "potatoes"), (2, "cheese"), (1, "onions")),
        _recipe(N_("Boeuf bourguignon"), (2, "meat"), (2, "carrots"), (2, "onions")),
        _recipe(N_("Onion soup"), (3, "onions"), (2, "cheese"), (1, "flour")),
        _recipe(N_("Croque monsieur"), (2, "flour"), (2, "cheese"), (2, "meat")),
        _recipe(N_("Pot-au-feu"), (2, "meat"), (1, "potatoes"), (2, "carrots"), (1, "onions")),
        _recipe(N_("Sole meuniere"), (2, "fish"), (2, "flour"), (2, "potatoes")),
        _recipe(N_("Galette complete"), (3, "flour"), (1, "cheese"), (1, "meat"), (1, "onions")),
        _recipe(N_("Hachis parmentier"), (2, "potatoes"), (2, "meat"), (1, "cheese"), (1, "carrots")),
    ),
)

RECIPES: tuple[Recipe, ...] = tuple(
    Recipe(cuisine * RECIPES_PER_CUISINE + index, name, cuisine, ingredients)
    for cuisine, recipes in enumerate(_RECIPE_TEXT)
    for index, (name, ingredients) in enumerate(recipes)
)
RECIPE_CARDS = len(RECIPES)  # 55 cards, ids 0..54
RECIPE_COUNTS = tuple(Counter(recipe.ingredients) for recipe in RECIPES)


CARD_KINDS = tuple(kind for kind in INGREDIENTS for _ in range(COPIES_PER_INGREDIENT))  # card id -> kind


def ingredient_of(card: int) -> str:
    """The ingredient printed on ingredient card ``card``."""
    return CARD_KINDS[card]


def matches(recipe_id: int, kinds: list[str]) -> int:
    """How many of the recipe's ingredients the saucepan holds, counting repeats (multiset overlap)."""
    held = Counter(kinds)
    return sum(min(number, held[kind]) for kind, number in RECIPE_COUNTS[recipe_id].items())


def squares_for(match_count: int) -> int:
    """Squares on the gourmet pathway for a recipe with ``match_count`` matches (0 below two)."""
    return MATCH_SQUARES.get(match_count, 0)


def stars_crossed(before: int, after: int) -> list[int]:
    """The star squares a counter moving from ``before`` to ``after`` reaches or passes."""
    return [square for square in STAR_SQUARES if before < square <= after]
