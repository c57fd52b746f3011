"""Pink Soup as the client finds it: its table, the generic table's presenter, How to play pages,
option words, sounds and the replay viewer's words."""

from soupkitchen.client.games import ClientRegistration, Page, Picture
from soupkitchen.client.words import N_

PS = "pink_soup"
PAGES = (
    Page(
        N_("The idea"),
        N_(
            "Two to five chefs each hold a secret recipe. The ingredients pictured on your recipe score in "
            "your own pot and on top of the shared kitchen piles. Your pot lies face down: remembering what "
            "is in it, and in the others' pots, is the game. The most points wins."
        ),
        (
            Picture(f"{PS}/beetroot", N_("beetroot")),
            Picture(f"{PS}/dill", N_("dill")),
            Picture(f"{PS}/back", N_("a pot card")),
        ),
    ),
    Page(
        N_("Your recipe"),
        N_(
            "Your secret recipe card pictures seven ingredients: those are your ingredients. Each of them "
            "scores its value for you (the number in its corner; salt 0), in your pot and on top of the "
            "kitchen piles. Five different ones of them score 15 more. Desserts, chilis and mice count in "
            "your pot only, whatever your recipe."
        ),
        (
            Picture(f"{PS}/recipe", N_("a recipe card: Cold Pink Soup")),
            Picture(f"{PS}/eggs", N_("eggs: 2 for it")),
        ),
    ),
    Page(
        N_("Option A: draw two"),
        N_(
            "Draw the top two cards; only you see them. Put one face up in the kitchen, on a new pile while "
            "there are fewer than five, else on top of any pile. Put the other face down into your pot or "
            "into another chef's open pot. A full pot gives up a card picked blindly to make room."
        ),
        (Picture(f"{PS}/potato", N_("potato")), Picture(f"{PS}/milk", N_("milk"))),
    ),
    Page(
        N_("A full pot"),
        N_(
            "A pot holds five cards. To put a card into your own full pot, pick one of its cards without "
            "looking (rely on your memory): it is turned face up and goes into the kitchen, and your card "
            "takes its place. Into another chef's full pot, the card you pick is turned up and removed from "
            "the game."
        ),
        (Picture(f"{PS}/back", N_("picked blindly")), Picture(f"{PS}/sour_cream", N_("revealed"))),
    ),
    Page(
        N_("Option B: take one"),
        N_(
            "When the kitchen has five piles you may instead take the top card of any pile into "
            "your own pot. Everyone saw that card, so everyone can remember where it went."
        ),
        (Picture(f"{PS}/eggs", N_("eggs")), Picture(f"{PS}/onion", N_("onion"))),
    ),
    Page(
        N_("The mouse"),
        N_(
            "Drew a mouse? Put your other card in the kitchen, then click the mouse to activate it instead "
            "of putting it in a pot. A mouse on top of a kitchen pile may be activated instead of taken. It "
            "gives one power: Search takes any card of any pile (covered ones too) into your pot, Shuffle "
            "mixes an open pot, Swap exchanges a card of one open pot with a card of another, Look shows you "
            "an open pot's cards. Then it leaves the game."
        ),
        (Picture(f"{PS}/mouse", N_("the mouse")),),
    ),
    Page(
        N_("The end"),
        N_(
            "When the deck runs out, everyone plays one final turn and closes their pot. Once every pot "
            "holds five cards, a chef may declare the last round after any turn (option A or B): their pot "
            "closes and every other chef plays one final turn. Score the ingredients your recipe pictures "
            "in your pot and on the kitchen tops, 15 more for five different ones, 6 per dessert, and "
            "minus 3 per chili (exactly three chilis: plus 15)."
        ),
        (
            Picture(f"{PS}/dessert", N_("dessert: +6")),
            Picture(f"{PS}/chili", N_("chili: -3")),
            Picture(f"{PS}/salt", N_("salt")),
        ),
    ),
)

# What each table option does, in a sentence (the options page lists them).
OPTION_WORDS = {
    "learner_memory": N_("The pot cards you have seen stay named for you, so you need not remember them.")
}

# Event type -> the sound it makes.
SOUNDS = {
    "draws": "card_slide",
    "takes": "card_slide",
    "to_kitchen": "card_place",
    "to_pot": "card_place",
    "reveals_other": "card_place",
    "reveals_own": "card_place",
    "discards": "card_place",
    "searches": "card_flip",
    "looks": "card_flip",
    "activates_pile": "card_flip",
    "activates_drawn": "card_flip",
    "shuffles": "shuffle",
    "swaps": "card_slide",
    "declares": "reveal",
    "passes": "card_slide",
}


REGISTRATION = ClientRegistration(
    game="pink-soup",
    table="soupkitchen.client.tables.pink_soup.scene:PinkSoupTable",
    presenter="soupkitchen.client.tables.pink_soup.present",
    pages=PAGES,
    option_words=OPTION_WORDS,
    sounds=SOUNDS,
    replay_words="soupkitchen.client.tables.pink_soup.replay_words",
    access="soupkitchen.client.tables.pink_soup.access",  # client/access: its zones for a screen reader
)
