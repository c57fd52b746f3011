"""What one seat may know of a Pot Pourri table: the only place secrets are removed, and the typed
shape of that view, its moves and its events.

Hidden from a seat: the other hands (only their sizes show), the other cookery books and the recipes
another seat is choosing from (only counts), both draw piles (only sizes), the contents of the
saucepan under the lid (only its card count; the log names what was cooked only to the chef who
cooked it, so that no line changes when the lid moves) and, with Cooking Pros, every menu tile but
the two it is looking at right now.
The "Learner: remember for me" option brings back a memory aid: the log keeps naming what went into
the covered saucepan, and a chef keeps the tiles they looked at until someone else handles them.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import Field

from soupkitchen.shared.models import CommonView, TypedDict
from soupkitchen.shared.pot_pourri import cards
from soupkitchen.shared.pot_pourri.cards import CARD_KINDS, CUISINES, MENU_STARS, RECIPES
from soupkitchen.shared.pot_pourri.describe import PLAYER_NAMES
from soupkitchen.shared.pot_pourri.state import OVER, SERVE, PotState

MATCH_SQUARES = {str(k): v for k, v in sorted(cards.MATCH_SQUARES.items(), reverse=True)}
RECIPE_CARDS = tuple(recipe.to_json() for recipe in RECIPES)


# --- the moves -----------------------------------------------------------------------------------
class Keep(TypedDict):
    type: Literal["keep"]
    recipes: list[int]


class WithIngredient(TypedDict):
    type: Literal["refresh_pantry"]
    ingredient: str


class TakeFromPantry(TypedDict):
    type: Literal["take"]
    source: Literal["pantry"]
    ingredient: str


class TakeFromDraw(TypedDict):
    type: Literal["take"]
    source: Literal["draw"]


class Cook(TypedDict):
    type: Literal["cook"]
    ingredient: str
    pan: int


class MoveLid(TypedDict):
    type: Literal["move_lid"]
    pan: int


class Redeem(TypedDict):
    type: Literal["redeem"]
    recipe: int


class Tiles(TypedDict):
    type: Literal["peek", "swap_menu"]
    tiles: list[int]


class Bare(TypedDict):
    type: Literal["stop_cooking", "swap_recipes", "pass", "decline", "keep_menu"]


Move = Annotated[
    Keep | WithIngredient | TakeFromPantry | TakeFromDraw | Cook | MoveLid | Redeem | Tiles | Bare,
    Field(union_mode="left_to_right"),
]


# --- the events (and the log's entries) ----------------------------------------------------------
class TableEvent(TypedDict):
    type: Literal["keeps"]


class BySeat(TypedDict):
    type: Literal["starts", "drew", "passed", "sixth", "star", "menu_kept"]
    seat: int


class Chose(TypedDict):
    type: Literal["chose"]
    seat: int
    dropped: list[int]  # recipes discarded face up
    first: bool  # the recipes chosen at the start (else kept after a swap)


class Ingredient(TypedDict):
    type: Literal["refreshed", "took"]
    seat: int
    ingredient: str


class Cooked(TypedDict):
    """An ingredient cooked into a saucepan; None for another chef's cooking unless the memory aid is on
    (the saucepan shows it while it is open; under the lid the seat must remember it)."""

    type: Literal["cooked"]
    seat: int
    ingredient: str | None
    pan: int


class AtPan(TypedDict):
    type: Literal["moved_lid"]
    seat: int
    pan: int


class DrewRecipes(TypedDict):
    type: Literal["drew_recipes"]
    seat: int
    count: int


class Served(TypedDict):
    type: Literal["served"]
    seat: int
    recipe: int
    pan: int
    found: int
    gain: int


class Declined(TypedDict):
    type: Literal["declined"]
    seat: int
    pan: int
    cook: bool


class TwoTiles(TypedDict):
    type: Literal["peeked", "tiles_back"]
    seat: int
    a: int
    b: int


class MenuSwapped(TypedDict):
    type: Literal["menu_swapped"]
    seat: int
    a: int
    b: int
    at_a: str  # the cuisine now on square a
    at_b: str


class MustServe(TypedDict):
    type: Literal["must_serve"]
    pans: list[int]
    cook: int


class Emptied(TypedDict):
    type: Literal["emptied"]
    pan: int


class Final(TypedDict):
    type: Literal["final"]
    scores: list[int]
    winners: list[int]


class Reshuffled(TypedDict):
    type: Literal["reshuffled"]
    pile: Literal["ingredients", "recipes"]


Event = (
    TableEvent
    | BySeat
    | Chose
    | Ingredient
    | Cooked
    | AtPan
    | DrewRecipes
    | Served
    | Declined
    | TwoTiles
    | MenuSwapped
    | MustServe
    | Emptied
    | Final
    | Reshuffled
)


# --- the view ------------------------------------------------------------------------------------
class RecipeCard(TypedDict):
    id: int
    name: str
    cuisine: str
    ingredients: list[str]


class Chef(TypedDict):
    seat: int
    name: str
    colour: str  # the chef's cuisine
    pathway: int
    hand_count: int
    book_count: int
    choosing_count: int
    redeemed: list[RecipeCard]


class Pan(TypedDict):
    pan: int
    covered: bool
    count: int
    ingredients: list[str] | None  # None under the lid
    full: bool


class Serving(TypedDict):
    seat: int
    pan: int
    cook: bool
    full_pans: list[int]


class Square(TypedDict):
    square: int
    stars: int
    cuisine: str | None  # None: face down (Cooking Pros)
    face_up: bool


class PotView(CommonView):
    legal_actions: list[Move]
    phase: str  # see ``state``: who acts and what they may do
    turn: int | None  # the seat whose decision the table waits for (None while all choose recipes)
    active_player: int  # whose turn it is
    players: list[Chef]
    hand: list[str] | None
    book: list[RecipeCard] | None
    choosing_from: list[RecipeCard] | None
    pantry: list[str | None]
    pans: list[Pan]
    lid: int
    serving: Serving | None
    menu: list[Square]
    ingredient_draw_count: int
    ingredient_discard_count: int
    ingredient_discard_top: str | None
    recipe_draw_count: int
    recipe_discard_count: int
    recipe_discard_top: RecipeCard | None
    match_squares: dict[str, int]
    star_squares: list[int]
    log: list[Event]
    learner_memory: bool
    log_first: int


def recipe_card(recipe_id: int) -> dict[str, Any]:
    """The printed recipe card: name, cuisine and its six ingredients."""
    card = RECIPE_CARDS[recipe_id]
    return {**card, "ingredients": list(card["ingredients"])}


def seat_view(state: PotState, seat: int | None) -> dict[str, Any]:
    """The game's part of the view of ``seat`` (None: a spectator), see ``PotView``."""
    seated = type(seat) is int and 0 <= seat < state.players
    me = seat if seated else None
    return {
        "phase": state.phase,
        "turn": state.actor,
        "active_player": state.turn,
        "players": _public_players(state),
        "hand": None if me is None else _kinds(state.hands[me]),
        "book": None if me is None else [recipe_card(r) for r in state.books[me]],
        "choosing_from": None if me is None else [recipe_card(r) for r in state.offered[me]],
        "pantry": [None if c is None else CARD_KINDS[c] for c in state.pantry],
        "pans": [
            {
                "pan": pan,
                "covered": pan == state.lid,
                "count": len(cards_in),
                "ingredients": None if pan == state.lid else [CARD_KINDS[c] for c in cards_in],
                "full": len(cards_in) >= cards.PAN_CAPACITY,
            }
            for pan, cards_in in enumerate(state.pans)
        ],
        "lid": state.lid,
        "serving": _serving(state),
        "menu": _menu(state, me),
        "ingredient_draw_count": len(state.ingredient_draw),
        "ingredient_discard_count": len(state.ingredient_discard),
        "ingredient_discard_top": CARD_KINDS[state.ingredient_discard[-1]]
        if state.ingredient_discard
        else None,
        "recipe_draw_count": len(state.recipe_draw),
        "recipe_discard_count": len(state.recipe_discard),
        "recipe_discard_top": recipe_card(state.recipe_discard[-1]) if state.recipe_discard else None,
        "match_squares": dict(MATCH_SQUARES),
        "star_squares": list(cards.STAR_SQUARES),
        "log": _log(state, me),
        "learner_memory": bool(state.options.get("learner_memory")),
        "log_first": state.log.first,
    }


def _public_players(state: PotState) -> list[dict[str, Any]]:
    return [
        {
            "seat": seat,
            "name": PLAYER_NAMES[seat],
            "colour": CUISINES[seat],
            "pathway": pathway,
            "hand_count": len(hand),
            "book_count": len(book),
            "choosing_count": len(offered),
            "redeemed": [recipe_card(r) for r in redeemed],
        }
        for seat, (pathway, hand, book, offered, redeemed) in enumerate(
            zip(state.track, state.hands, state.books, state.offered, state.redeemed, strict=True)
        )
    ]


def _log(state: PotState, me: int | None) -> list[dict[str, Any]]:
    """The log as the table remembers it: it names no cooked ingredient (except with the memory aid).
    Any saucepan may go under the lid later, and a line once read never changes, so the saucepans
    themselves show what lies in the open ones and what went into the lidded one, one's own cards
    too, must be remembered."""
    if state.options.get("learner_memory"):
        return [dict(entry) for entry in state.log.entries]
    return [
        {**entry, "ingredient": None} if entry["type"] == "cooked" else dict(entry)
        for entry in state.log.entries
    ]


def _kinds(pile: list[int]) -> list[str]:
    return [CARD_KINDS[c] for c in sorted(pile)]


def _serving(state: PotState) -> dict[str, Any] | None:
    if state.phase != SERVE:
        return None
    seat, pan, is_cook = state.serve_queue[0]
    return {"seat": seat, "pan": pan, "cook": bool(is_cook), "full_pans": list(state.full_pans)}


def _menu(state: PotState, me: int | None) -> list[dict[str, Any]]:
    """The five menu squares; with Cooking Pros only the tiles ``me`` knows (all once the game is over)."""
    if not state.options.get("cooking_pros") or state.phase == OVER:
        return [
            {"square": square, "stars": stars, "cuisine": CUISINES[tile], "face_up": True}
            for square, (stars, tile) in enumerate(zip(MENU_STARS, state.menu, strict=True))
        ]
    known = state.known_tiles[me] if me is not None else [None] * len(state.menu)
    return [
        {
            "square": square,
            "stars": stars,
            "cuisine": None if tile is None else CUISINES[tile],
            "face_up": False,
        }
        for square, (stars, tile) in enumerate(zip(MENU_STARS, known, strict=True))
    ]
