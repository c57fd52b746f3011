"""Pot Pourri as the program finds it: its facts, rules, words and art."""

from soupkitchen.shared.core import GameFacts, OptionSpec, Registration
from soupkitchen.shared.words import N_

FACTS = GameFacts(
    id="pot-pourri",
    title=N_("Pot Pourri"),
    min_players=3,
    max_players=5,
    options=(
        OptionSpec("cooking_pros", N_("Cooking Pros: menu tiles lie face down"), False, (False, True)),
        OptionSpec("learner_memory", N_("Learner: remember for me"), False, (False, True), learner=True),
    ),
    hidden=(
        "the other hands and cookery books",
        "the recipes another player is choosing from",
        "both draw piles",
        "what is in the saucepan under the lid",
        "with Cooking Pros, every menu tile but the two being looked at",
    ),
    simultaneous=True,  # every other chef may redeem a recipe for a served pan at once
)

REGISTRATION = Registration(
    facts=FACTS,
    rules="soupkitchen.shared.pot_pourri",
    describe="soupkitchen.shared.pot_pourri.describe",
    refusals="soupkitchen.shared.pot_pourri.describe:REFUSAL_WORDS",
    order=4,
    review="soupkitchen.shared.pot_pourri.review",
    primary_option="cooking_pros",
    art="scripts.art.game_cards:pot_pourri_cards",
)
