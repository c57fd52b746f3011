"""Too Many Cooks as the client finds it: its table, How to play pages, option words, sounds (the
faces turning among them) and the replay viewer's words."""

from soupkitchen.client.games import ClientRegistration, Page, Picture
from soupkitchen.client.words import N_

TMC = "too_many_cooks"
PAGES = (
    Page(
        N_("The idea"),
        N_(
            "Two to six chefs share one soup: a 4 by 4 grid of vegetable cards. Together you change it, one "
            "card or one row at a time, until it satisfies every taste before the timer runs out. Some "
            "tastes are shared and face up; each chef also holds secret tastes that only they can read. "
            "Survive three rounds to win."
        ),
        (
            Picture(f"{TMC}/cards/carrot-red", N_("a red carrot")),
            Picture(f"{TMC}/cards/pea-green", N_("a green pea")),
            Picture(f"{TMC}/cards/onion-blue", N_("a blue onion")),
        ),
    ),
    Page(
        N_("Your tastes"),
        N_(
            "On the left are the shared tastes and your own. Each taste is a short sentence with a picture: "
            "which cards, where, and how many. A taste with a smile is satisfied by the soup right now. "
            "Everyone sees a face for each of your secret tastes, never the words: talk about what you need "
            "without reading your card out. Press Ready when you have read them."
        ),
        (
            Picture(f"{TMC}/tastes/E02", N_("A red card in the top row"), wide=True),
            Picture(f"{TMC}/tastes/E05", N_("A carrot in a corner"), wide=True),
            Picture(f"{TMC}/taste-back-happy", N_("a happy face")),
            Picture(f"{TMC}/taste-back-unhappy", N_("an unhappy face")),
        ),
    ),
    Page(
        N_("Change a card"),
        N_(
            "On your turn, one move. The first kind: swap one soup card for a spare card with the same "
            "vegetable in another colour, or the same colour on another vegetable, never both. Click the "
            "soup card, then one of the spares offered. Every card exists twice, so a spare can run out."
        ),
        (
            Picture(f"{TMC}/cards/tomato-red", N_("in the soup")),
            Picture(f"{TMC}/cards/tomato-yellow", N_("same vegetable")),
            Picture(f"{TMC}/cards/pepper-red", N_("same colour")),
        ),
    ),
    Page(
        N_("Rotate a row"),
        N_(
            "The second kind of move: slide a whole row or column one place. Click an arrow on the rim of "
            "the pot (or press Q and E on the focused line). The card pushed out at one end comes back in at "
            "the other, so nothing leaves the soup."
        ),
        (Picture(f"{TMC}/arrow", N_("an arrow on the rim")), Picture(f"{TMC}/pot", N_("the pot"))),
    ),
    Page(
        N_("Passing"),
        N_(
            "When your own tastes and every shared taste are satisfied you must pass, and you cannot pass "
            "before: a satisfied chef may not move the soup, even to help another chef, but may still "
            "react to the others' moves. You pass until a move unsatisfies one of your tastes; then you "
            "are back in play at once. The round ends when the timer runs out or every chef has passed."
        ),
        (Picture(f"{TMC}/timer", N_("the round timer")),),
    ),
    Page(
        N_("Stars"),
        N_(
            "The kitchen starts with 2 stars (an all-day soup with none). At the end of a round every taste "
            "is turned over. All satisfied: the kitchen gains a star (five at most). One unsatisfied: "
            "nothing changes. Two or more: you lose a star, and with none left to lose the game is lost. "
            "Five or more unsatisfied loses at once. Keep five stars to the end and you are ready for the "
            "next difficulty."
        ),
        (Picture(f"{TMC}/star", N_("a star")), Picture(f"{TMC}/star-empty", N_("a star still to earn"))),
    ),
)

# What each table option does, in a sentence (the options page lists them).
OPTION_WORDS = {
    "difficulty": N_("Easy, moderate or hard tastes and soup bases."),
    "mode": N_(
        "Standard is three rounds; all-day is nine rounds that get harder; unreasonable is one hard round "
        "with 12 to 15 tastes that must all be satisfied."
    ),
    "tastes": N_("How many tastes the unreasonable round deals."),
    "round_seconds": N_("How long each round's timer runs (five minutes is the printed rule)."),
    "longer_round": N_(
        "For players who need more time: each round half as long again (1.5x) or twice as long (2x)."
    ),
}

# Event type -> the sound it makes.
SOUNDS = {
    "rotated": "rotate",
    "changed": "card_flip",
    "passed": "card_slide",
    "round_dealt": "shuffle",
    "round_started": "card_place",
    "round_over": "reveal",
}


def smiles(view: dict) -> int:
    """How many taste faces smile in the view."""
    return sum(
        bool(face.get("happy"))
        for chef in view.get("chefs", []) or []
        if isinstance(chef, dict)
        for face in chef.get("tastes", [])
        if isinstance(face, dict)
    )


REGISTRATION = ClientRegistration(
    game="too-many-cooks",
    table="soupkitchen.client.tables.too_many_cooks.scene:TooManyCooksTable",
    pages=PAGES,
    option_words=OPTION_WORDS,
    sounds=SOUNDS,
    replay_words="soupkitchen.client.tables.too_many_cooks.replay_words",
    access="soupkitchen.client.tables.too_many_cooks.access",  # client/access: its zones for a screen reader
    smiles=smiles,
)
