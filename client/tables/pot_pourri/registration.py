"""Pot Pourri as the client finds it: its table, the generic table's presenter, How to play pages,
option words, sounds and the replay viewer's words."""

from soupkitchen.client.games import ClientRegistration, Page, Picture
from soupkitchen.client.words import N_

PP = "pot_pourri"
PAGES = (
    Page(
        N_("The idea"),
        N_(
            "Three to five chefs cook into three shared saucepans. One pan is always under the lid, hidden "
            "from everybody. Whoever fills a pan must serve it with one of their recipes; the others may "
            "join in. Recipes score for how well they match what is really in the pan: they move your "
            "counter along the gourmet pathway, and the counter furthest along at the end wins."
        ),
        (
            Picture(f"{PP}/fish", N_("fish")),
            Picture(f"{PP}/rice", N_("rice")),
            Picture(f"{PP}/back", N_("the draw pile")),
        ),
    ),
    Page(
        N_("Take two"),
        N_(
            "On your turn do one thing. The first: take two ingredients, one at a time, from the four in the "
            "pantry or the top of the pile. Before that you may once refresh the pantry by discarding a card."
        ),
        (Picture(f"{PP}/tomatoes", N_("tomatoes")), Picture(f"{PP}/onions", N_("onions"))),
    ),
    Page(
        N_("Cook"),
        N_(
            "Or put one or two ingredients from your hand into pans without the lid. Then move the lid onto "
            "another pan, unless a pan is now full (six cards): then it is served at once."
        ),
        (Picture(f"{PP}/potatoes", N_("potatoes")), Picture(f"{PP}/peppers", N_("peppers"))),
    ),
    Page(
        N_("Swap recipes"),
        N_(
            "Or swap recipes: draw two from the recipe pile and keep any two of the four you then "
            "hold in your cookery book. The other two go face up on the recipe discard pile."
        ),
        (
            Picture(f"{PP}/cuisine-french", N_("a French recipe")),
            Picture(f"{PP}/cuisine-slavic", N_("a Slavic recipe")),
        ),
    ),
    Page(
        N_("Serve"),
        N_(
            "The cook must redeem a recipe for the full pan; every other chef may redeem one with at "
            "least two matches. Matches move your counter along the gourmet pathway. Whoever last "
            "reached or passed a star square (8, 17, 26) may swap two menu tiles: the menu says how "
            "many stars each cuisine is worth."
        ),
        (Picture(f"{PP}/rules/menu", N_("the menu: each cuisine's tile on a square of 5 to 1 stars")),),
    ),
    Page(
        N_("Matches and squares"),
        N_(
            "A recipe served counts the ingredients it shares with the full pan, and your counter walks that "
            "many squares along the gourmet pathway:\n6 matches: 9 squares\n5 matches: 7 squares\n4 matches: "
            "5 squares\n3 matches: 3 squares\n2 matches: 1 square\nThe cook also walks 1 square for each "
            "full pan. The table is printed on the board, beside the pathway."
        ),
        (Picture(f"{PP}/rules/pathway", N_("the pathway: 3 matches, 3 squares, onto a star square")),),
    ),
    Page(
        N_("The end"),
        N_(
            "The game ends when a chef redeems a sixth recipe. Then each redeemed recipe moves its "
            "chef's counter on by the stars of the menu square its cuisine's tile sits on. The counter "
            "furthest along the pathway wins; on a tie, each redeemed recipe of your own colour moves "
            "you one more square."
        ),
        (Picture(f"{PP}/rules/menu", N_("a Mediterranean recipe on this menu: 4 more squares")),),
    ),
)

# What each table option does, in a sentence (the options page lists them).
OPTION_WORDS = {
    "cooking_pros": N_("Reaching a star square lets you peek at two of them and swap them."),
    "learner_memory": N_("The log keeps naming what went under the lid, so you need not remember it."),
}

# Event type -> the sound it makes.
SOUNDS = {
    "star": "star_won",
    "reshuffled": "shuffle",
    "served": "reveal",
    "declined": "reveal",
    "cooked": "card_place",
    "took": "card_slide",
    "drew": "card_slide",
    "drew_recipes": "card_slide",
    "refreshed": "card_slide",
    "moved_lid": "card_slide",
    "peeked": "card_flip",
    "menu_swapped": "card_slide",
    "tiles_back": "card_flip",
    "chose": lambda event: None if event.get("first") else "card_slide",
}  # a swap's keep


REGISTRATION = ClientRegistration(
    game="pot-pourri",
    table="soupkitchen.client.tables.pot_pourri.scene:PotPourriTable",
    presenter="soupkitchen.client.tables.pot_pourri.present",
    pages=PAGES,
    option_words=OPTION_WORDS,
    sounds=SOUNDS,
    replay_words="soupkitchen.client.tables.pot_pourri.replay_words",
    access="soupkitchen.client.tables.pot_pourri.access",  # client/access: its zones for a screen reader
)
