"""Stone Soup as the program finds it: its facts, rules, words and art."""

from soupkitchen.shared import longer
from soupkitchen.shared.core import GameFacts, OptionSpec, Registration
from soupkitchen.shared.words import N_

FACTS = GameFacts(
    id="stone-soup",
    title=N_("Stone Soup"),
    min_players=2,
    max_players=5,
    # 7 s leaves a person 6 s to decide even over a slow link (scripts/bench_window.py); the window
    # closes at once when every other player lets the play go, so a longer one costs only hesitation.
    options=(
        OptionSpec(
            "challenge_seconds",
            N_('Seconds to call "stone soup" after each play'),
            7,
            minimum=1,
            maximum=10,
            real_time=True,
        ),
        # for players who need more time: the window half as long again or doubled
        OptionSpec("longer_window", N_("Longer call window"), "off", longer.CHOICES, words=longer.WORDS),
    ),
    real_time=True,
    simultaneous=True,  # every other player may call "stone soup!" during the window
    hidden=(
        "every hand but your own",
        "the extra hands set aside",
        "the face-down pot",
        "how many cards a play added",
        "the exact size of other hands and of the pot",
    ),
    moment_actions=("challenge", "let_go"),  # each names the play it is for: never meant for the next
)

REGISTRATION = Registration(
    facts=FACTS,
    rules="soupkitchen.shared.stone_soup",
    order=3,
    review="soupkitchen.shared.stone_soup.review",
    primary_option="challenge_seconds",
    # one person among bots: the longest window (docs/rules/stone-soup.md, "a solo table's window")
    solo_options={"challenge_seconds": 10},
    art="scripts.art.game_cards:stone_soup_cards",
    describe="soupkitchen.shared.stone_soup.describe",
    refusals="soupkitchen.shared.stone_soup.describe:REFUSAL_WORDS",
)
