"""Too Many Cooks as the program finds it: its facts, rules, words, art and the simulator's references."""

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
        OptionSpec("difficulty", N_("Difficulty"), "easy", DIFFICULTIES),
        OptionSpec("mode", N_("Game mode"), "standard", MODES),
        OptionSpec("tastes", N_("Unreasonable tastes"), MIN_UNREASONABLE, (), MIN_UNREASONABLE, MAX_UNREASONABLE),
        OptionSpec("round_seconds", N_("Seconds per round"), 300, (), 60, 900),
    ),
    real_time=True,
    hidden=("the other chefs' personal tastes, shown only as happy or unhappy faces until the round's reveal",),
    # A reaction names the move it is about, and any chef may make it on another chef's turn.
    moment_actions=("react",),
    asides=("react",),
)

REGISTRATION = Registration(
    facts=FACTS,
    rules="soupkitchen.shared.too_many_cooks",
    describe="soupkitchen.shared.too_many_cooks.describe",
    order=1,
    art="scripts.art.too_many_cooks:too_many_cooks_art",
    oracle="soupkitchen.shared.too_many_cooks.oracle:AllSeeingKitchen",
    reference_bots=(("witness", "soupkitchen.shared.too_many_cooks.witness:WitnessChef"),),
    person="soupkitchen.shared.too_many_cooks.bot:person",
    person_styles=("good", "selfish"),
)
