"""Secrets stay secret in the accessibility tree and in what is said, as they do on the wire: whole
games of all four, every seat's tree, "where am I", "what changed since my turn" and every
announcement built after every action, and none names a card hidden from that seat (judged from
the game's true state, not from the view the tree was built from)."""

from __future__ import annotations

import random

import pytest

from soupkitchen.client.access.table import Seat, since_my_turn, table_tree, where_am_i
from soupkitchen.client.tables.wording import event_words
from soupkitchen.shared.core import SYSTEM, TIMEOUT
from soupkitchen.shared.registry import get_game

NAMES = ("Ada", "Bert", "Cleo", "Dev")


def said_at(game_id: str, seat: int, view: dict, history: list[str], heard: list[str]) -> list[str]:
    """Every word the client would show or say to ``seat`` now, and the tree's nodes by id."""
    at = Seat(
        game_id,
        view,
        seat,
        lambda s: NAMES[s],
        remaining=42.0,
        history=history,
        heard=heard,
        memory={"picked": {}},
    )
    root = table_tree(at, game_id)
    return [*root.words(), where_am_i(at), *since_my_turn(at), *history], root


def hidden_from(game_id: str, state, seat: int) -> list[str]:
    """Words naming what ``seat`` must not know now, from the true state."""
    if game_id == "too-many-cooks":
        from soupkitchen.shared.too_many_cooks.taste_words import taste_words

        if state.phase in ("reveal", "over"):
            return []
        return [
            taste_words(taste) + ":"
            for taste, owner in zip(state.tastes, state.owners, strict=True)
            if owner is not None and owner != seat
        ]
    if game_id == "pink-soup":
        from soupkitchen.shared.pink_soup.cards import RECIPES
        from soupkitchen.shared.pink_soup.describe import recipe_words

        if state.step == "over":
            return []
        return [recipe_words(RECIPES[r].name) for other, r in enumerate(state.recipes) if other != seat]
    if game_id == "pot-pourri":
        from soupkitchen.shared.pot_pourri.cards import RECIPES
        from soupkitchen.shared.pot_pourri.describe import dish_word

        if state.phase == "over":
            return []
        seen = {r for group in state.redeemed for r in group} | set(state.recipe_discard[-1:])
        seen |= set(state.books[seat]) | set(state.offered[seat])
        return [
            dish_word(RECIPES[r].name)
            for other in range(state.players)
            if other != seat
            for r in [*state.books[other], *state.offered[other]]
            if r not in seen
        ]
    return []


def check_cards_face_down(game_id: str, state, seat: int, root) -> None:
    """The zones whose cards lie face down for ``seat`` name none of them."""
    if game_id == "pink-soup":
        from soupkitchen.shared.pink_soup.state import shown_slots

        shown = shown_slots(state, seat)
        for where, pot in enumerate(state.pots):
            for slot in range(len(pot)):
                node = root.find(f"slot:{where}:{slot}")
                assert node is not None
                assert ((where, slot) in shown) != node.name.endswith("face down"), (seat, node.name)
    if game_id == "pot-pourri" and state.phase != "over":
        node = root.find(f"pan:{state.lid}")
        assert "under the lid" in node.name and ":" in node.name and "," not in node.name.split(":")[1], (
            node.name
        )
    if game_id == "stone-soup" and state.winner is None:
        from soupkitchen.shared.stone_soup.cards import size_band

        for other, hand in enumerate(state.hands):
            band = size_band(len(hand))
            if other != seat and band["least"] != band["most"]:
                assert f": {len(hand)} cards" not in root.find(f"seat:{other}").name


@pytest.mark.parametrize(
    ("game_id", "players", "options"),
    [
        ("too-many-cooks", 3, {"round_seconds": 60}),
        ("pink-soup", 3, {}),
        ("stone-soup", 3, {}),
        ("pot-pourri", 3, {}),
    ],
)
def test_no_seats_tree_or_words_name_a_card_hidden_from_it_over_whole_games(game_id, players, options):
    game = get_game(game_id)
    state = game.setup(players, game.normalise_options(options, players), 11)
    bots = [game.make_bot(seat, 11 + seat) for seat in range(players)]
    history: list[str] = []
    heard: dict[int, list[str]] = {seat: [] for seat in range(players)}
    rng, now, checked = random.Random(5), 0.0, 0
    while not game.is_over(state) and checked < 2000:
        for seat in range(players):
            view = game.view(state, seat)
            words, root = said_at(game_id, seat, view, history, heard[seat])
            text = "\n".join(words)
            for secret in hidden_from(game_id, state, seat):
                assert secret not in text, f"seat {seat} is told {secret!r}"
            check_cards_face_down(game_id, state, seat, root)
            checked += 1
        movers = [s for s in range(players) if game.legal_actions(state, s)]
        rng.shuffle(movers)
        action, actor = None, None
        for seat in movers:
            action = bots[seat].choose(game.view(state, seat), now)
            if action is not None and game.validate(state, seat, action, now) is None:
                actor = seat
                break
        now += 1.0
        if actor is None:
            deadline = game.next_deadline(state)
            assert deadline is not None, "the game stalled"
            now = max(now, deadline)
            state, events = game.apply(state, SYSTEM, dict(TIMEOUT), now)
        else:
            state, events = game.apply(state, actor, action, now)
        for event in events:
            words = event_words(game_id, event, lambda s: NAMES[s])
            history.append(words)
            for seat in range(players):
                heard[seat] = [] if event.get("seat") == seat else [*heard[seat], words]
    assert game.is_over(state), f"{game_id} did not end within the test's bound"
