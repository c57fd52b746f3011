"""Pink Soup as the program finds it: its facts, rules, words and art."""

from soupkitchen.shared.core import GameFacts, OptionSpec, Registration
from soupkitchen.shared.pink_soup.cards import MAX_CHEFS, MIN_CHEFS
from soupkitchen.shared.words import N_

FACTS = GameFacts(
    id="pink-soup",
    title=N_("Pink Soup"),
    min_players=MIN_CHEFS,
    max_players=MAX_CHEFS,
    options=(
        OptionSpec("learner_memory", N_("Learner: remember for me"), False, (False, True), learner=True),
    ),
    hidden=(
        "the deck's order",
        "covered kitchen cards",
        "the other chefs' recipes and drawn cards",
        "every pot card, except at the moment a chef legitimately sees it",
    ),
)

REGISTRATION = Registration(
    facts=FACTS,
    rules="soupkitchen.shared.pink_soup",
    describe="soupkitchen.shared.pink_soup.describe",
    refusals="soupkitchen.shared.pink_soup.describe:REFUSAL_WORDS",
    order=2,
    review="soupkitchen.shared.pink_soup.review",
    art="scripts.art.game_cards:pink_soup_cards",
)
