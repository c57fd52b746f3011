"""Many seeded random games: invariants, JSON round trips and views after every action, views that
reveal nothing hidden from their seat, and replays equal to the live game."""

from __future__ import annotations

import random

import pytest

from soupkitchen.shared.conformance import SweepChecker, check_replay
from soupkitchen.shared.match import replay
from soupkitchen.shared.pink_soup import GAME
from soupkitchen.shared.pink_soup import state as st
from soupkitchen.shared.pink_soup.cards import RECIPES, kind_of
from soupkitchen.shared.playout import play, random_chooser
from tests.sweeps import sweep_games

GAMES_PER_COUNT = sweep_games(200)
DECK_OUT_GAMES = 8
CHUNKS = 4  # the games of one player count, split so that parallel test runs share them out
PLAYER_COUNTS = list(range(GAME.min_players, GAME.max_players + 1))


def hidden_places(state: st.PinkState, seat: int | None) -> list[tuple[list, int]]:
    """Where the cards lie that ``seat`` may not know, as (list, index) pairs. Defined here from the
    rulebook, independently of the view code."""
    over = state.step == st.Step.OVER
    searching = seat is not None and seat == state.turn and state.step == st.Step.SEARCH
    places = [(state.deck, index) for index in range(len(state.deck))]
    if seat is None or seat != state.turn:
        places += [(state.drawn, index) for index in range(len(state.drawn))]
    if not searching:
        places += [(pile, index) for pile in state.kitchen for index in range(len(pile) - 1)]
    if not over:  # a pot card is seen only at that moment, or always once seen with the memory aid
        now = {(where, slot) for mask, where, slot in state.glimpses if st.knows(mask, seat)}
        aid = state.options.get("learner_memory")
        places += [
            (pot, index)
            for where, (pot, masks) in enumerate(zip(state.pots, state.known, strict=True))
            for index, mask in enumerate(masks)
            if (where, index) not in now and not (aid and st.knows(mask, seat))
        ]
    return places


def scrambled(state: st.PinkState, seat: int | None, rng: random.Random) -> st.PinkState:
    """A copy of ``state`` in which everything hidden from ``seat`` is dealt anew: the hidden cards
    all move on by a random number of places (memories stay with the places) and the other chefs
    get unused recipes."""
    state = state.copy()
    holder = [state.incoming] if state.incoming is not None else []
    places = hidden_places(state, seat)
    if holder and not st.knows(state.incoming_knowers, seat):
        places.append((holder, 0))
    cards = [where[index] for where, index in places]
    turn = rng.randrange(1, len(cards)) if len(cards) > 1 else 0
    for (where, index), card in zip(places, cards[turn:] + cards[:turn], strict=True):
        where[index] = card
    if holder:
        state.incoming = holder[0]
    if state.step != st.Step.OVER:
        unused = [index for index in range(len(RECIPES)) if index not in state.recipes]
        rng.shuffle(unused)
        for other in range(state.players):
            if other != seat:
                state.recipes[other] = unused.pop()
    return state


def check_redacted(state: st.PinkState, seat: int | None, rng: random.Random) -> None:
    other = scrambled(state, seat, rng)
    view = GAME.view(state, seat)
    assert GAME.view(other, seat) == view, f"the view of seat {seat} depends on cards hidden from it"
    if state.step != st.Step.OVER and not state.options.get("learner_memory"):  # the log forgets too
        earlier = view["log"][: len(view["log"]) - state.log.fresh]
        named = [
            entry for entry in earlier if entry["type"] in ("takes", "finds") and entry["card"] is not None
        ]
        assert not named, f"seat {seat}'s log still names a card gone face down: {named}"


def options_for(seed: int, players: int) -> dict:
    return GAME.normalise_options({"learner_memory": seed % 5 == 2}, players)


def checker(players: int, seed: int) -> SweepChecker:
    """Full checks after every action, one seat's redaction in turn, two sampled replays."""
    return SweepChecker(
        GAME,
        players,
        seed,
        options_for(seed, players),
        check_redacted,
        replay_at={3, 11 + seed % 17},
        validate_every=7,
    )


@pytest.mark.slow
@pytest.mark.parametrize("chunk", range(CHUNKS))
@pytest.mark.parametrize("players", PLAYER_COUNTS)
def test_random_games_keep_every_rule_invariant(players, chunk):
    for seed in range(chunk, GAMES_PER_COUNT, CHUNKS):
        outcome = play(
            GAME,
            players,
            seed,
            random_chooser(seed),
            options=options_for(seed, players),
            observe=checker(players, seed),
        )
        assert GAME.is_over(outcome.state)
        check_replay(GAME, outcome.record, outcome.state)
        assert GAME.result(outcome.state)["winners"], "somebody always wins (ties share the win)"


def drawing_chooser(seed: int):
    """Random play that mostly draws and never declares, so that the deck runs out."""
    rng = random.Random(seed)

    def choose(seat, view, now):
        legal = [action for action in view["legal_actions"] if action["type"] != "declare"]
        if not legal:
            return None
        if legal[0]["type"] == "draw" and rng.random() < 0.8:
            return legal[0]
        return rng.choice(legal)

    return choose


@pytest.mark.slow
@pytest.mark.parametrize("players", PLAYER_COUNTS)
def test_random_games_that_run_out_of_cards_end_after_the_final_turns(players):
    for seed in range(DECK_OUT_GAMES):
        outcome = play(
            GAME,
            players,
            seed,
            drawing_chooser(seed),
            options=options_for(seed, players),
            observe=checker(players, seed),
        )
        state = outcome.state
        assert state.ending == st.DECK_OUT and not state.deck and all(state.closed)
        check_replay(GAME, outcome.record, state)
        passes = [entry for entry in outcome.record.log if entry["action"]["type"] == "pass"]
        assert all(not replay(outcome.record, outcome.record.log.index(entry)).deck for entry in passes)


def test_the_redaction_check_really_deals_hidden_cards_anew():
    record = play(GAME, 4, 3, random_chooser(3)).record
    middle = replay(record, len(record.log) // 2)
    other = scrambled(middle, 0, random.Random(1))
    GAME.check_invariants(other)
    assert [kind_of(card).key for card in other.deck] != [kind_of(card).key for card in middle.deck]
    assert other.recipes[0] == middle.recipes[0] and other.recipes[1:] != middle.recipes[1:]
    assert GAME.view(other, None) == GAME.view(middle, None)
    assert GAME.to_json(other) != GAME.to_json(middle)
