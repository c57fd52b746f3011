"""Round set-up and round scoring: the soup base, the deal of tastes, the first chef, the stars."""

from __future__ import annotations

from typing import Any

from soupkitchen.shared.rng import rng_for
from soupkitchen.shared.too_many_cooks.cards import (
    BASE_SOUPS,
    BRAG_TASTES,
    COPIES,
    DIFFICULTIES,
    KINDS,
    LOSING_UNSATISFIED,
    MAX_STARS,
    SOUP_BASES,
)
from soupkitchen.shared.too_many_cooks.state import TmcState
from soupkitchen.shared.too_many_cooks.tastes import satisfied, tastes_of

TASTES_PER_ROUND = (7, 9, 11)
MIN_UNREASONABLE, MAX_UNREASONABLE = 12, 20  # "12 tastes or more", up to the Hard deck's 20 cards
MODES = ("standard", "all-day", "unreasonable")


def total_rounds(mode: str) -> int:
    return {"standard": 3, "all-day": 9, "unreasonable": 1}[mode]


def starting_stars(mode: str) -> int:
    return 0 if mode == "all-day" else 2


def difficulty_of_round(mode: str, chosen: str, round_number: int) -> str:
    """All-day soup climbs Easy -> Moderate -> Hard every 3 rounds; Unreasonable is Hard."""
    if mode == "all-day":
        return DIFFICULTIES[min((round_number - 1) // 3, 2)]
    return "hard" if mode == "unreasonable" else chosen


def tastes_in_round(mode: str, taste_goal: int, round_number: int) -> int:
    if mode == "unreasonable":
        return taste_goal
    return TASTES_PER_ROUND[(round_number - 1) % 3]


def personal_each(tastes: int, players: int) -> int:
    """Tastes each chef holds: as many as divide evenly, at most 2 each (3 each with two chefs)."""
    return min(tastes // players, 3 if players == 2 else 2)


def first_player_of(seed: int, players: int, round_number: int) -> int:
    """Round 1's first chef comes from the seed; then it moves one seat clockwise per round."""
    return (rng_for(seed, "first-player").randrange(players) + round_number - 1) % players


def base_for(seed: int, difficulty: str, nth: int) -> str:
    """The nth (0-based) soup base drawn from this difficulty's shuffled pile of 6."""
    pile = [base["id"] for base in SOUP_BASES if base["difficulty"] == difficulty]
    rng_for(seed, "bases", difficulty).shuffle(pile)
    return pile[nth % len(pile)]


def deal_round(state: TmcState, round_number: int) -> None:
    """Set ``state`` (a copy the rules own) to the start of ``round_number``: new soup from a base,
    new tastes dealt, all unready."""
    players, mode = state.players, state.mode
    difficulty = difficulty_of_round(mode, state.difficulty, round_number)
    earlier = sum(
        1 for r in range(1, round_number) if difficulty_of_round(mode, state.difficulty, r) == difficulty
    )
    base = base_for(state.seed, difficulty, earlier)
    soup = BASE_SOUPS[base]
    spares = tuple(COPIES - soup.count(card) for card in range(KINDS))
    count = tastes_in_round(mode, state.taste_goal, round_number)
    drawn = rng_for(state.seed, "tastes", round_number).sample(tastes_of(difficulty), count)
    first = first_player_of(state.seed, players, round_number)
    dealt = personal_each(count, players) * players
    owners = tuple((first + i) % players if i < dealt else None for i in range(count))
    vars(state).update(
        phase="ready",
        round=round_number,
        round_difficulty=difficulty,
        first_player=first,
        turn=None,
        base=base,
        soup=soup,
        spares=spares,
        tastes=tuple(drawn),
        owners=owners,
        ready=(False,) * players,
        passed=(False,) * players,
        started_at=None,
        reveal=None,
    )


def score_round(state: TmcState) -> tuple[dict[str, Any], int, bool]:
    """The reveal of the round just ended, the stars after it, and whether the game is lost.

    The reveal keeps each taste as [id, owner, satisfied]; the view spells them out."""
    judged = [
        (taste, owner, satisfied(taste, state.soup))
        for taste, owner in zip(state.tastes, state.owners, strict=True)
    ]
    unsatisfied = sum(not ok for _taste, _owner, ok in judged)
    before = after = state.stars
    lost = False
    if unsatisfied == 0:
        after = min(before + 1, MAX_STARS)
    elif unsatisfied >= 2:
        lost = before == 0
        after = max(before - 1, 0)
    if unsatisfied >= LOSING_UNSATISFIED or (state.mode == "unreasonable" and unsatisfied > 0):
        lost = True
    reveal = {
        "round": state.round,
        "tastes": [[taste, owner, ok] for taste, owner, ok in judged],
        "unsatisfied": unsatisfied,
        "stars_before": before,
        "stars_after": after,
        "lost": lost,
    }
    return reveal, after, lost


def final_result(state: TmcState, lost: bool) -> dict[str, Any]:
    """The result once the last round is scored or the game is lost."""
    won = not lost
    challenge: dict[str, Any] | None = None
    if state.mode == "unreasonable":
        tastes = state.taste_goal + 1 if won else state.taste_goal
        challenge = {"mode": "unreasonable", "tastes": tastes} if tastes <= MAX_UNREASONABLE else None
    elif won and state.stars == MAX_STARS:
        harder = {"easy": "moderate", "moderate": "hard"}.get(state.round_difficulty)
        challenge = (
            {"mode": "standard", "difficulty": harder}
            if harder
            else {"mode": "unreasonable", "tastes": MIN_UNREASONABLE}
        )
    return {
        "won": won,
        "stars": state.stars,
        "rounds_played": state.round,
        "winners": list(range(state.players)) if won else [],
        "scores": [state.stars] * state.players,
        "next_challenge": challenge,
        "beat_fifteen": state.mode == "unreasonable" and won and state.taste_goal >= BRAG_TASTES,
    }
