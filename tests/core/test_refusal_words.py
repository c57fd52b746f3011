"""Every refusal the rules of the four games can give has English words and words in German and
Lithuanian: each code with parameters for each of its sentences is worded through a catalog that
notes any message it lacks, and random play with malformed and out-of-turn actions meets only
codes that are worded."""

from __future__ import annotations

import gettext
import io
import random
from pathlib import Path

import pytest
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

from soupkitchen.shared import words
from soupkitchen.shared.refusals import COMMON, Refusal, refusal_words
from soupkitchen.shared.registry import get_game, refusal_wording, registrations

LOCALE = Path(__file__).resolve().parents[2] / "client" / "locale"
LANGUAGES = ("de", "lt")
GAMES = [entry.facts.id for entry in registrations()]

# Parameters for each code that words its parameters, one dict for each sentence it can say.
SAMPLES = {
    "unreadable": [{"error": "KeyError"}],
    "no_such_move": [{"move": "juggle"}],
    "not_offered": [{"move": "take"}],
    "not_now": [{"move": "take", "moves": ["draw", "pass"]}],
    # Pink Soup
    "pile_range": [{"piles": 0}, {"piles": 3}],
    "new_pile": [{"pile": 4}],
    "empty_place": [{"pile": 2}],
    "pot_closed": [{"seat": 1, "own": True}, {"seat": 1, "own": False}],
    "card_range": [{"count": 5, "seat": 2, "own": True}, {"count": 5, "seat": 2, "own": False}],
    "depth_range": [{"pile": 1, "count": 1}, {"pile": 2, "count": 3}, {"pile": 2, "count": 11}],
    # Pot Pourri
    "keep_from": [{"count": 1}, {"count": 2}],
    "not_in_hand": [{"ingredient": "fish"}, {"ingredient": "caviar"}],
    "not_in_pantry": [{"ingredient": "rice"}],
    "pan_range": [{"pans": 3}],
    "lid_on": [{"pan": 2}],
    "pan_full": [{"pan": 1}],
    "lid_there": [{"pan": 3}],
    "too_few_matches": [{"pan": 1}],
    "their_move": [{"seat": 2}],
    # Stone Soup
    "already_challenged": [{"by": 2}],
    "name_the_play": [{"kind": "challenge", "serial": 3}, {"kind": "let_go", "serial": None}],
    "no_such_play": [{"kind": "challenge", "serial": 9}, {"kind": "let_go", "serial": 9}],
    "settled": [
        {"player": None, "by_clock": True},
        {"player": 1, "by_clock": True},
        {"player": 1, "by_clock": False},
    ],
    "settled_before": [{"serial": 2}],
    "window_open": [{"player": 0}],
    "their_turn": [{"player": 3}],
    "only_fields": [
        {"move": "challenge", "fields": ["play"]},
        {"move": "play", "fields": ["cards", "count"]},
    ],
    "name_cards": [{"food": "potato"}],
    "unknown_card": [{"card": "truffle", "cards": ["potato", "stone"]}],
    "how_many": [{"kind": "peas"}],
    "only_held": [{"kind": "onion", "held": 0}, {"kind": "onion", "held": 1}, {"kind": "salt", "held": 3}],
    "declare_one": [{"food": "carrot"}],
    "too_many_declared": [{"food": "cabbage", "most": 7}],
    # Too Many Cooks
    "index_range": [{"last": 3}],
    "cell_range": [{"last": 3}],
    "one_of": [{"field": "veg", "words": ["carrot", "pea"]}],
    "no_spare": [{"veg": "pepper", "colour": "red"}, {"veg": "pea", "colour": "blue"}],
    "reaction_late": [{"seconds": 10}],
}


class Misses(gettext.NullTranslations):
    """The fallback of a catalog: notes each message the catalog did not have."""

    def __init__(self) -> None:
        super().__init__()
        self.missed: set[str] = set()

    def gettext(self, message: str) -> str:
        self.missed.add(message)
        return message

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        self.missed.add(singular)
        return singular if n == 1 else plural


def catalog(language: str) -> tuple[gettext.GNUTranslations, Misses]:
    po = LOCALE / language / "LC_MESSAGES" / "soupkitchen.po"
    with po.open("rb") as source:
        compiled = io.BytesIO()
        write_mo(compiled, read_po(source, locale=language))
    compiled.seek(0)
    found, misses = gettext.GNUTranslations(compiled), Misses()
    found.add_fallback(misses)
    return found, misses


def wordings(game_id: str) -> dict:
    return {**COMMON, **refusal_wording(game_id).refusals}


def every_refusal(game_id: str) -> list[dict]:
    samples = []
    for code, wording in wordings(game_id).items():
        if isinstance(wording, str):
            samples.append({"code": code, "params": {}})
        else:
            assert code in SAMPLES, f"{game_id}: {code} words parameters; give it samples here"
            samples += [{"code": code, "params": params} for params in SAMPLES[code]]
    return samples


@pytest.fixture
def reader():
    """Words from a catalog for the test's length, English again after it."""
    yield words.use
    words.use(None)


@pytest.mark.parametrize("game_id", GAMES)
@pytest.mark.parametrize("language", LANGUAGES)
def test_every_refusal_of_the_game_is_worded_in_the_language(game_id, language, reader):
    found, misses = catalog(language)
    reader(found)
    describe = refusal_wording(game_id)
    for refusal in every_refusal(game_id):
        worded = refusal_words(refusal, describe)
        with words.english():
            english = refusal_words(refusal, describe)
        assert worded and "%(" not in worded, (refusal, worded)
        assert english and english != refusal["code"].replace("_", " "), refusal
    assert not misses.missed, f"{game_id} in {language}: no words for {sorted(misses.missed)}"


def test_english_is_the_source_and_an_unknown_code_reads_as_itself():
    describe = refusal_wording("pink-soup")
    assert (
        refusal_words({"code": "pile_range", "params": {"piles": 3}}, describe)
        == "the kitchen piles are numbered 1 to 3"
    )
    assert refusal_words({"code": "a_newer_code", "params": {}}, describe) == "a newer code"


def junk_actions(game, state, seat, rng: random.Random) -> list:
    """Moves as a careless or hostile client might send them: listed ones with a field changed or
    dropped, for the wrong seat, and shapes the game never lists."""
    listed = game.legal_actions(state, seat) or [{"type": "pass"}]
    actions = [[], "pass", {"type": 3}, {"type": "juggle"}, {"type": "timeout"}]
    for action in rng.sample(listed, min(6, len(listed))):
        for key in [k for k in action if k != "type"]:
            actions.append({**action, key: rng.choice([-1, 99, "x", None, [1, 1], {"a": 1}])})
            actions.append({k: v for k, v in action.items() if k != key})
        actions.append({**action, "extra": 1})
    return actions


@pytest.mark.parametrize("game_id", GAMES)
def test_random_play_meets_only_refusals_that_are_worded(game_id):
    game, rng, known, met = get_game(game_id), random.Random(7), set(wordings(game_id)), set()
    for seed in range(4):
        players = game.min_players + seed % (game.max_players - game.min_players + 1)
        state, now = game.setup(players, game.normalise_options({}, players), seed), 0.0
        for _ in range(150):
            if game.is_over(state):
                break
            for seat in [*range(players), None]:
                for action in junk_actions(game, state, seat, rng):
                    refusal = game.validate(state, seat, action, now)
                    if refusal is not None:
                        assert isinstance(refusal, Refusal), (action, refusal)
                        met.add(refusal.code)
            active = game.active_seats(state)
            if not active:
                now = max(now, game.next_deadline(state) or now)
                state, _events = game.apply(state, None, {"type": "timeout"}, now)
                continue
            seat = rng.choice(active)
            state, _events = game.apply(state, seat, rng.choice(game.legal_actions(state, seat)), now)
            now += 0.25
    assert met <= known, f"{game_id} refuses with codes nobody words: {sorted(met - known)}"
    assert len(met & set(COMMON)) >= 4, met  # the walk does meet refusals
    own = set(wordings(game_id)) - set(COMMON)
    assert not own or met & own, f"{game_id} declares refusals of its own the walk never meets"
