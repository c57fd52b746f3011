"""The witness-soup team, a reference of the simulator: every move is a step towards a soup that
satisfies every taste any chef may hold, it leaves a person's harmless change alone, and it wins
Unreasonable soups at every table size."""

from __future__ import annotations

import random

from soupkitchen.shared.playout import play
from soupkitchen.shared.too_many_cooks import GAME
from soupkitchen.shared.too_many_cooks.inference import soup_from_view
from soupkitchen.shared.too_many_cooks.moves import spares_from_view
from soupkitchen.shared.too_many_cooks.planner import after, from_action, to_action
from soupkitchen.shared.too_many_cooks.targets import next_steps
from soupkitchen.shared.too_many_cooks.tastes import satisfied
from soupkitchen.shared.too_many_cooks.witness import WitnessChef


def witness_chooser(players: int, seed: int):
    chefs = [WitnessChef(seat, seed * 1000 + seat) for seat in range(players)]
    return lambda seat, view, now: chefs[seat].choose(view, now)


def _bot_moves(seeds: range, players: int = 4):
    """(view before, action, the soup the chef aimed for) for every soup move the witness chefs
    made in some seeded hard games."""
    moves = []

    for seed in seeds:
        bots = [WitnessChef(seat, seed * 10 + seat) for seat in range(players)]

        def chooser(seat, view, now, bots=bots):
            action = bots[seat].choose(view, now)
            if action is not None and action["type"] in ("change", "rotate"):
                moves.append((view, action, bots[seat].target))
            return action

        play(GAME, players, seed, chooser, options={"difficulty": "hard"}, step=3.0)
    return moves


def test_the_witness_breaks_a_taste_it_sees_satisfied_only_on_its_way_to_a_soup_that_satisfies_it():
    """Every move is a step towards a soup that satisfies every taste the chef reads, and of those
    steps one that breaks the fewest of the tastes it sees satisfied."""
    for view, action, target in _bot_moves(range(4)):
        soup, spares = soup_from_view(view), spares_from_view(view["spares"])
        known = [t["id"] for t in view["my_tastes"] + view["shared_tastes"] if t["satisfied"]]

        def broken(move, soup=soup, spares=spares, known=known):
            new = after(soup, spares, move)
            return sum(not satisfied(taste, new) for taste in known)

        assert all(satisfied(taste["id"], target) for taste in view["my_tastes"] + view["shared_tastes"])
        steps = [to_action(move) for move in next_steps(soup, spares, target)]
        assert action in steps
        assert broken(action) == min(broken(move) for move in steps)


def _harmless_changes(state):
    """The changes the chef whose turn it is may make that leave every satisfied taste satisfied:
    no happy face turns unhappy and no shared taste breaks."""
    happy = [taste for taste in state.tastes if satisfied(taste, state.soup)]
    view = GAME.view(state, state.turn)
    return [
        action
        for action in view["legal_actions"]
        if action["type"] == "change"
        and all(satisfied(taste, after(state.soup, state.spares, action)) for taste in happy)
    ]


def test_the_witness_leaves_a_persons_harmless_change_alone(tmc):
    """Seat 1 is a person who changes cards at random without turning a happy face unhappy; the
    witness chef at seat 0 does not change such a card straight back unless that is its only way
    forward."""
    followed = 0
    for seed in range(6):
        state = tmc.playing(2, seed=seed, options={"difficulty": "hard"})
        bot, rng = WitnessChef(0, seed), random.Random(seed)
        undo = None  # the change that would undo the person's last harmless change
        for _ in range(40):
            if state.phase != "playing":
                break
            if state.turn == 1:
                harmless = _harmless_changes(state)
                action = rng.choice(harmless or GAME.legal_actions(state, 1))
                cell = action.get("row", 0) * 4 + action.get("col", 0)
                undo = ("change", cell, state.soup[cell]) if action in harmless else None
            else:
                view = GAME.view(state, 0)
                action = bot.choose(view, 1.0)
                if undo is not None and action["type"] == "change":
                    followed += 1
                    steps = next_steps(state.soup, state.spares, bot.target)
                    assert from_action(action) != undo or steps == [undo], (seed, action)
                undo = None
            state, _events = GAME.apply(state, state.turn, action, 1.0)
            bot.observe(GAME.view(state, 0))
    assert followed >= 20


def test_the_witness_team_wins_unreasonable_soups_at_every_table_size():
    options = {"mode": "unreasonable", "tastes": 15}
    for players in (2, 4, 6):
        for seed in range(3):
            outcome = play(GAME, players, seed, witness_chooser(players, seed), options=options, step=2.0)
            assert GAME.result(outcome.state)["won"], (players, seed)
