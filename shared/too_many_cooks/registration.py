"""Too Many Cooks as the program finds it: its facts, rules, words, art and the simulator's references."""

from soupkitchen.shared import longer
from soupkitchen.shared.core import GameFacts, OptionSpec, Registration
from soupkitchen.shared.too_many_cooks.cards import DIFFICULTIES
from soupkitchen.shared.too_many_cooks.rounds import MAX_UNREASONABLE, MIN_UNREASONABLE, MODES
from soupkitchen.shared.words import N_

FACTS = GameFacts(
    id="too-many-cooks",
    title=N_("Too Many Cooks"),
    min_players=2,
    max_players=6,
    options=(
        OptionSpec(
            "difficulty",
            N_("Difficulty"),
            "easy",
            DIFFICULTIES,
            words={"easy": N_("easy"), "moderate": N_("moderate"), "hard": N_("hard")},
        ),
        OptionSpec(
            "mode",
            N_("Game mode"),
            "standard",
            MODES,
            words={"standard": N_("standard"), "all-day": N_("all day"), "unreasonable": N_("unreasonable")},
        ),
        OptionSpec(
            "tastes",
            N_("Unreasonable tastes"),
            MIN_UNREASONABLE,
            (),
            MIN_UNREASONABLE,
            MAX_UNREASONABLE,
            shown_if=("mode", "unreasonable"),
        ),
        OptionSpec("round_seconds", N_("Seconds per round"), 300, (), 60, 900, real_time=True),
        # for players who need more time: the round's seconds half as long again or doubled
        OptionSpec("longer_round", N_("Longer round"), "off", longer.CHOICES, words=longer.WORDS),
    ),
    real_time=True,
    simultaneous=True,  # every chef says ready at once, before a round starts
    rounds=True,
    hidden=(
        "the other chefs' personal tastes, shown only as happy or unhappy faces until the round's reveal",
    ),
    # A reaction names the move it is about, and any chef may make it on another chef's turn.
    moment_actions=("react",),
    asides=("react",),
)

REGISTRATION = Registration(
    facts=FACTS,
    rules="soupkitchen.shared.too_many_cooks",
    describe="soupkitchen.shared.too_many_cooks.describe",
    refusals="soupkitchen.shared.too_many_cooks.describe:REFUSAL_WORDS",
    order=1,
    review="soupkitchen.shared.too_many_cooks.review",
    primary_option="difficulty",
    art="scripts.art.too_many_cooks:too_many_cooks_art",
    oracle="soupkitchen.shared.too_many_cooks.oracle:AllSeeingKitchen",
    reference_bots=(("witness", "soupkitchen.shared.too_many_cooks.witness:WitnessChef"),),
    person="soupkitchen.shared.too_many_cooks.bot:person",
    person_styles=("good", "selfish"),
)
