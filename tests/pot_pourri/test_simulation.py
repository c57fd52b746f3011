"""Many seeded random games: every card in exactly one place after every action, JSON round trips,
well-formed views that reveal nothing hidden from their seat, and replays equal to the live game.

Sized for the test budget: every game of every player count checks the card invariants after every
action, one seat's redaction every REDACT_EVERY actions and the full conformance check once; the
first FULL_GAMES of each count run the full conformance check and a redaction check after every
action, and replays at sampled points; every game is replayed at its end.
"""

from __future__ import annotations

import random

import pytest

from soupkitchen.shared.conformance import SweepChecker, check_replay, check_state
from soupkitchen.shared.match import replay
from soupkitchen.shared.playout import play, random_chooser
from soupkitchen.shared.pot_pourri import GAME
from soupkitchen.shared.pot_pourri.state import MENU, OVER, PotState
from tests.sweeps import sweep_games

GAMES_PER_COUNT = sweep_games(200)
FULL_GAMES = 6
REDACT_EVERY = 20
CHUNKS = 2  # the games of one player count, split so that parallel test runs share them out
PLAYER_COUNTS = list(range(GAME.min_players, GAME.max_players + 1))


def hidden_places(state: PotState, seat: int | None) -> tuple[list, list]:
    """(ingredient places, recipe places) as (list, index) pairs that ``seat`` may not know; defined
    here from the rulebook, independently of the view code."""
    others = [other for other in range(state.players) if other != seat]
    ingredients = [(state.ingredient_draw, i) for i in range(len(state.ingredient_draw))]
    ingredients += [(state.pans[state.lid], i) for i in range(len(state.pans[state.lid]))]
    ingredients += [(state.hands[o], i) for o in others for i in range(len(state.hands[o]))]
    recipes = [(state.recipe_draw, i) for i in range(len(state.recipe_draw))]
    recipes += [
        (group[o], i) for group in (state.books, state.offered) for o in others for i in range(len(group[o]))
    ]
    return ingredients, recipes


def rotate(places: list, rng: random.Random) -> None:
    cards = [where[index] for where, index in places]
    turn = rng.randrange(1, len(cards)) if len(cards) > 1 else 0
    for (where, index), card in zip(places, cards[turn:] + cards[:turn], strict=True):
        where[index] = card


def scrambled(state: PotState, seat: int | None, rng: random.Random) -> PotState:
    """A copy of ``state`` in which everything hidden from ``seat`` is dealt anew: hidden ingredient
    cards and hidden recipe cards each move on by a random number of places, and with Cooking Pros
    the menu tiles ``seat`` is not looking at right now (or, with the memory aid, does not
    remember) change places."""
    state = state.copy()
    for places in hidden_places(state, seat):
        rotate(places, rng)
    if state.options["cooking_pros"] and state.phase != OVER:
        if state.options["learner_memory"]:  # the memory aid remembers what the seat looked at
            unknown = [
                square for square in range(5) if seat is None or state.known_tiles[seat][square] is None
            ]
        else:  # a seat knows only the two tiles it is looking at right now
            looking = state.phase == MENU and state.menu_queue[0] == seat
            unknown = [square for square in range(5) if not (looking and square in state.peeked)]
        tiles = [state.menu[square] for square in unknown]
        rng.shuffle(tiles)
        for square, tile in zip(unknown, tiles, strict=True):
            state.menu[square] = tile
    return state


def check_redacted(state: PotState, seat: int | None, rng: random.Random) -> None:
    other = scrambled(state, seat, rng)
    GAME.check_invariants(other)
    view = GAME.view(state, seat)
    assert GAME.view(other, seat) == view, f"the view of seat {seat} depends on hidden cards"
    if not state.options["learner_memory"]:
        named = [
            entry
            for entry in view["log"]
            if entry["type"] == "cooked" and entry["ingredient"] is not None and entry["seat"] != seat
        ]
        assert not named, f"seat {seat}'s log names what another chef cooked (the lid may cover it): {named}"


def checker(players: int, seed: int, options: dict) -> SweepChecker:
    """Full checks after every action, one seat's redaction in turn, three sampled replays."""
    return SweepChecker(
        GAME, players, seed, options, check_redacted, replay_at={5, 40 + seed % 37, 120}, validate_every=9
    )


class LightChecker:
    """After every action: the card invariants; every REDACT_EVERY-th action one seat's redaction; once
    per game, at a seed-dependent action, the full conformance check."""

    def __init__(self, players: int, seed: int) -> None:
        self.players, self.seed = players, seed
        self.rng = random.Random(seed)
        self.step = 0
        self.full_at = 10 + seed % 97

    def __call__(self, state: PotState, entry: dict) -> None:
        self.step += 1
        GAME.check_invariants(state)
        if self.step % REDACT_EVERY == 0:
            viewer = (self.seed + self.step // REDACT_EVERY) % (self.players + 1)
            check_redacted(state, viewer if viewer < self.players else None, self.rng)
        if self.step == self.full_at:
            check_state(GAME, state, self.players)


def options_for(seed: int) -> dict:
    return {"cooking_pros": seed % 3 == 0, "learner_memory": seed % 4 == 1}


@pytest.mark.slow
@pytest.mark.parametrize("chunk", range(CHUNKS))
@pytest.mark.parametrize("players", PLAYER_COUNTS)
def test_random_games_keep_every_card_in_one_place_and_end_with_a_winner(players, chunk):
    lengths = []
    for seed in range(chunk, GAMES_PER_COUNT, CHUNKS):
        options = GAME.normalise_options(options_for(seed), players)
        full = seed < FULL_GAMES
        observe = checker(players, seed, options) if full else LightChecker(players, seed)
        outcome = play(GAME, players, seed, random_chooser(seed), options=options, observe=observe)
        state = outcome.state
        assert GAME.is_over(state) and max(len(group) for group in state.redeemed) == 6
        result = GAME.result(state)
        assert result["winners"] and len(result["scores"]) == players
        assert all(score >= track for score, track in zip(result["scores"], state.track, strict=True))
        check_replay(GAME, outcome.record, state)
        lengths.append(outcome.actions)
    assert min(lengths) > 10


def test_the_redaction_check_really_deals_hidden_cards_anew():
    options = GAME.normalise_options({"cooking_pros": True}, 4)
    record = play(GAME, 4, 3, random_chooser(3), options=options).record
    middle = replay(record, len(record.log) // 2)
    other = scrambled(middle, 0, random.Random(1))
    assert other.hands[0] == middle.hands[0] and other.books[0] == middle.books[0]
    assert other.hands[1:] != middle.hands[1:] and other.books[1:] != middle.books[1:]
    assert GAME.view(other, 0) == GAME.view(middle, 0)
    assert GAME.view(other, 1) != GAME.view(middle, 1)
    assert GAME.to_json(other) != GAME.to_json(middle)


def test_a_view_that_leaked_a_hidden_card_would_be_caught(kit):
    state = kit.table(hands=[["fish"], ["rice", "meat"], []])
    other = scrambled(state, 0, random.Random(2))
    leaky = dict(GAME.view(state, 0), peek=sorted(state.hands[1]))
    assert leaky != dict(GAME.view(other, 0), peek=sorted(other.hands[1]))
