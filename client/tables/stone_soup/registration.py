"""Stone Soup as the client finds it: its table, the generic table's presenter, How to play pages,
option words, sounds and the replay viewer's words."""

from soupkitchen.client.games import ClientRegistration, Page, Picture
from soupkitchen.client.words import N_

SS = "stone_soup"
PAGES = (
    Page(
        N_("The idea"),
        N_(
            "Two to five players add food to one pot, face down, in the order of the sequence: potato, "
            "tomato, sausage, onion, carrot, cabbage, peas, then potato again. Saying is not proving: you "
            "may bluff. The first to get rid of all their cards wins."
        ),
        (
            Picture(f"{SS}/potato", N_("1st: potato")),
            Picture(f"{SS}/tomato", N_("2nd: tomato")),
            Picture(f"{SS}/sausage", N_("3rd: sausage")),
            Picture(f"{SS}/peas", N_("7th: peas")),
        ),
    ),
    Page(
        N_("Your turn"),
        N_(
            'Pick cards from your hand and say how many of the due food you add: "two tomatoes". The '
            "cards go face down into the pot. They may be what you said, something else, or a stone: stones "
            "are never food, so a stone is always a bluff."
        ),
        (Picture(f"{SS}/stone", N_("a stone")), Picture(f"{SS}/back", N_("face down in the pot"))),
    ),
    Page(
        N_("Judging a claim"),
        N_(
            "Across a table nobody counts exactly: hands and the pot show their size exactly up to three "
            "cards, then as a handful (4-6), a fistful (7-10), a thick stack (11-15) or a heap (16 or more). "
            "While a claim is open the table shows the player's hand and the pot as they were before it: a "
            "size that moved further than the claim allows gives a bluff away. A card more than you say goes "
            "unseen unless a size changes."
        ),
        (Picture(f"{SS}/back", N_("a handful: 4-6")), Picture(f"{SS}/peas", N_('"two peas"?'))),
    ),
    Page(
        N_("Stone soup!"),
        N_(
            'After each play the others have a few seconds to call "stone soup!". The cards are turned '
            "over. A stone: the player takes the whole pot. Honest: the caller takes the whole pot. Wrong "
            "food or count: the player takes back twice the cards they added, their own and as many again "
            "from the top of the pot; a pot with fewer goes back whole, with any salt under it (one card "
            "caught on a pot of one: the whole pot)."
        ),
        (Picture(f"{SS}/stone", N_("caught!")), Picture(f"{SS}/onion", N_("honest onion"))),
    ),
    Page(
        N_("After a call"),
        N_(
            "Whatever the call finds, the sequence moves on: the next player owes the next food, even when a "
            "bluff was caught (caught bluffing on tomatoes, the next player adds sausages). The cards taken "
            "go into the hand that takes the penalty."
        ),
        (Picture(f"{SS}/tomato", N_("caught on tomatoes")), Picture(f"{SS}/sausage", N_("next: sausages"))),
    ),
    Page(
        N_("A dash of salt"),
        N_(
            "Instead of adding food you may show a dash of salt. It goes under the pot, nobody can challenge "
            "it, and the next player owes the same food you did. Salt is a card like any other: played as "
            "your last card, it wins at once. Whoever takes the whole pot takes its salt too."
        ),
        (Picture(f"{SS}/salt", N_("a dash of salt")),),
    ),
)

# What each table option does, in a sentence (the options page lists them).
OPTION_WORDS = {
    "challenge_seconds": N_('How long the others have to call "stone soup!" after each play.'),
    "longer_window": N_(
        "For players who need more time: the call window half as long again (1.5x) or twice as long (2x)."
    ),
}

# Event type -> the sound it makes.
SOUNDS = {"play": "card_place", "salt": "card_slide", "challenge": "stone_soup"}


REGISTRATION = ClientRegistration(
    game="stone-soup",
    table="soupkitchen.client.tables.stone_soup.scene:StoneSoupTable",
    presenter="soupkitchen.client.tables.stone_soup.present",
    pages=PAGES,
    option_words=OPTION_WORDS,
    sounds=SOUNDS,
    replay_words="soupkitchen.client.tables.stone_soup.replay_words",
    access="soupkitchen.client.tables.stone_soup.access",  # client/access: its zones for a screen reader
)
