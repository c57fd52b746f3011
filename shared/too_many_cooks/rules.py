"""Too Many Cooks rules: ready up, take turns changing the soup, pass when satisfied, score rounds."""

from __future__ import annotations

from typing import Any

from soupkitchen.shared.core import SYSTEM, Bot, Game, OptionSpec
from soupkitchen.shared.levels import NORMAL
from soupkitchen.shared.too_many_cooks.bot import Chef
from soupkitchen.shared.too_many_cooks.cards import (
    COLOURS,
    COPIES,
    DIFFICULTIES,
    KINDS,
    SIZE,
    VEGETABLES,
    card_id,
    card_json,
)
from soupkitchen.shared.too_many_cooks.moves import ROTATIONS, change, change_actions, change_targets, rotate
from soupkitchen.shared.too_many_cooks.rounds import (
    MAX_UNREASONABLE,
    MIN_UNREASONABLE,
    deal_round,
    final_result,
    score_round,
    starting_stars,
    total_rounds,
)
from soupkitchen.shared.too_many_cooks.state import TmcState, chef_satisfied
from soupkitchen.shared.too_many_cooks.view import build_view

MODES = ("standard", "all-day", "unreasonable")
PLAYING_ACTIONS = ("change", "rotate", "pass")


def _whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


class TooManyCooks(Game[TmcState]):
    id = "too-many-cooks"
    title = "Too Many Cooks"
    min_players = 2
    max_players = 6
    option_specs = (
        OptionSpec("difficulty", "Difficulty", "easy", DIFFICULTIES),
        OptionSpec("mode", "Game mode", "standard", MODES),
        OptionSpec("tastes", "Unreasonable tastes", MIN_UNREASONABLE, (), MIN_UNREASONABLE, MAX_UNREASONABLE),
        OptionSpec("round_seconds", "Seconds per round", 300, (), 60, 900),
    )

    # --- set-up ------------------------------------------------------------------------------
    def setup(self, players: int, options: dict[str, Any], seed: int) -> TmcState:
        mode = options["mode"]
        blank = TmcState(
            players=players, seed=seed, mode=mode, difficulty=options["difficulty"],
            taste_goal=options["tastes"], round_seconds=options["round_seconds"], rounds=total_rounds(mode),
            phase="ready", round=1, round_difficulty=options["difficulty"], stars=starting_stars(mode),
            first_player=0, turn=None, base="", soup=(), spares=(), tastes=(), owners=(),
            ready=(), passed=(), started_at=None, reveal=None, outcome=None,
        )
        return deal_round(blank, 1)

    # --- what may be done --------------------------------------------------------------------
    def legal_actions(self, state: TmcState, seat: int | None) -> list[dict[str, Any]]:
        if not _whole(seat) or not 0 <= seat < state.players:  # type: ignore[operator]
            return []
        if state.phase in ("ready", "reveal"):
            return [] if state.ready[seat] else [{"type": "ready"}]
        if state.phase != "playing" or state.turn != seat:
            return []
        if chef_satisfied(state, seat):
            return [{"type": "pass"}]
        return [dict(action) for action in ROTATIONS] + change_actions(state.soup, state.spares)

    def validate(self, state: TmcState, seat: int | None, action: Any, now: float) -> str | None:
        if not isinstance(action, dict) or not isinstance(action.get("type"), str):
            return "an action is an object with a text \"type\""
        kind = action["type"]
        if not isinstance(now, int | float) or isinstance(now, bool) or now != now:
            return "the table clock gave no time"
        if seat is SYSTEM:
            if kind != "timeout":
                return "only the table clock acts without a seat, and only to end the round"
            if state.phase != "playing":
                return "no round timer is running"
            deadline = self.next_deadline(state)
            return None if deadline is not None and now >= deadline else "the round timer has not run out"
        if not _whole(seat) or not 0 <= seat < state.players:
            return "that seat is not at this table"
        if kind == "timeout":
            return "only the table clock ends a round"
        if state.phase == "over":
            return "the game is over"
        if kind == "ready":
            if state.phase not in ("ready", "reveal"):
                return "the round is already under way"
            return "you are already ready" if state.ready[seat] else None
        if kind not in PLAYING_ACTIONS:
            return f"unknown action {kind[:40]!r}"
        if state.phase != "playing":
            return "the round has not started: every chef must be ready first"
        if state.turn != seat:
            return "it is not your turn"
        deadline = self.next_deadline(state)
        if deadline is not None and now >= deadline:
            return "the round's time is up"
        happy = chef_satisfied(state, seat)
        if kind == "pass":
            return None if happy else "you may pass only when your tastes and all shared tastes are satisfied"
        if happy:
            return "your tastes and all shared tastes are satisfied: you must pass"
        return self._check_change(state, action) if kind == "change" else self._check_rotate(action)

    @staticmethod
    def _check_rotate(action: dict[str, Any]) -> str | None:
        if action.get("line") not in ("row", "col") or not isinstance(action.get("line"), str):
            return "rotate a \"row\" or a \"col\""
        if not _whole(action.get("index")) or not 0 <= action["index"] < SIZE:
            return f"the row or column index is a whole number from 0 to {SIZE - 1}"
        if not _whole(action.get("step")) or action["step"] not in (1, -1):
            return "a rotation moves one step: 1 or -1"
        return None

    @staticmethod
    def _check_change(state: TmcState, action: dict[str, Any]) -> str | None:
        row, col, veg, colour = (action.get(key) for key in ("row", "col", "veg", "colour"))
        if not (_whole(row) and _whole(col) and 0 <= row < SIZE and 0 <= col < SIZE):
            return f"row and col are whole numbers from 0 to {SIZE - 1}"
        if not isinstance(veg, str) or veg not in VEGETABLES:
            return f"veg must be one of {', '.join(VEGETABLES)}"
        if not isinstance(colour, str) or colour not in COLOURS:
            return f"colour must be one of {', '.join(COLOURS)}"
        old, new = state.soup[row * SIZE + col], card_id(veg, colour)
        if new == old:
            return "that card is already there"
        if new not in change_targets(old):
            return "change only the colour or only the vegetable, not both"
        if state.spares[new] <= 0:
            return f"no spare {colour} {veg} is left"
        return None

    # --- what happens ------------------------------------------------------------------------
    def _apply(self, state: TmcState, seat: int | None, action: dict[str, Any],
               now: float) -> tuple[TmcState, list[dict[str, Any]]]:
        kind = action["type"]
        if kind == "timeout":
            return self._end_round(state, [{"type": "time_up", "round": state.round}])
        if kind == "ready":
            return self._ready(state, seat, now)  # type: ignore[arg-type]
        assert seat is not None
        if kind == "pass":
            passed = list(state.passed)
            passed[seat] = True
            return self._next_turn(state.with_(passed=tuple(passed)), seat, [{"type": "passed", "seat": seat}])
        if kind == "rotate":
            soup = rotate(state.soup, action["line"], action["index"], action["step"])
            moved = state.with_(soup=soup)
            event = {"type": "rotated", "seat": seat, "line": action["line"], "index": action["index"],
                     "step": action["step"]}
        else:
            cell = action["row"] * SIZE + action["col"]
            soup, spares = change(state.soup, state.spares, cell, card_id(action["veg"], action["colour"]))
            moved = state.with_(soup=soup, spares=spares)
            event = {"type": "changed", "seat": seat, "row": action["row"], "col": action["col"],
                     "old": card_json(state.soup[cell]), "new": card_json(soup[cell])}
        events = [event]
        passed = list(moved.passed)
        for chef in range(state.players):
            if passed[chef] and not chef_satisfied(moved, chef):
                passed[chef] = False
                events.append({"type": "rejoined", "seat": chef})
        return self._next_turn(moved.with_(passed=tuple(passed)), seat, events)

    def _ready(self, state: TmcState, seat: int, now: float) -> tuple[TmcState, list[dict[str, Any]]]:
        ready = list(state.ready)
        ready[seat] = True
        state = state.with_(ready=tuple(ready))
        events: list[dict[str, Any]] = [{"type": "ready", "seat": seat}]
        if not all(ready):
            return state, events
        if state.phase == "reveal":
            state = deal_round(state, state.round + 1)
            return state, events + [{"type": "round_dealt", "round": state.round}]
        state = state.with_(phase="playing", started_at=now, turn=state.first_player)
        return state, events + [{"type": "round_started", "round": state.round, "turn": state.first_player}]

    def _next_turn(self, state: TmcState, seat: int,
                   events: list[dict[str, Any]]) -> tuple[TmcState, list[dict[str, Any]]]:
        """The turn goes clockwise to the next chef who has not passed (possibly the same chef);
        when every chef has passed the round ends."""
        for step in range(1, state.players + 1):
            chef = (seat + step) % state.players
            if not state.passed[chef]:
                return state.with_(turn=chef), events
        return self._end_round(state, events + [{"type": "all_passed", "round": state.round}])

    def _end_round(self, state: TmcState, events: list[dict[str, Any]]) -> tuple[TmcState, list[dict[str, Any]]]:
        reveal, stars, lost = score_round(state)
        history = state.history + ((state.round, reveal["unsatisfied"], stars),)
        state = state.with_(phase="reveal", turn=None, stars=stars, reveal=reveal, history=history,
                            ready=(False,) * state.players, started_at=None)
        events = events + [{"type": "round_over", "round": state.round, "unsatisfied": reveal["unsatisfied"],
                            "stars": stars, "lost": lost}]
        if lost or state.round >= state.rounds:
            state = state.with_(phase="over", outcome=final_result(state, lost))
            events.append({"type": "game_over", "won": not lost, "stars": stars})
        return state, events

    # --- clock, end, views -------------------------------------------------------------------
    def next_deadline(self, state: TmcState) -> float | None:
        if state.phase != "playing" or state.started_at is None:
            return None
        return state.started_at + state.round_seconds

    def is_over(self, state: TmcState) -> bool:
        return state.phase == "over"

    def result(self, state: TmcState) -> dict[str, Any] | None:
        return state.outcome

    def view(self, state: TmcState, seat: int | None) -> dict[str, Any]:
        return build_view(self, state, seat)

    def to_json(self, state: TmcState) -> dict[str, Any]:
        return state.to_json()

    def from_json(self, data: dict[str, Any]) -> TmcState:
        return TmcState.from_json(data)

    def make_bot(self, seat: int, seed: int, level: str = NORMAL) -> Bot:
        return Chef(seat, seed, level)

    def check_invariants(self, state: TmcState) -> None:
        assert len(state.soup) == SIZE * SIZE and len(state.spares) == KINDS
        for card in range(KINDS):
            assert state.soup.count(card) + state.spares[card] == COPIES, f"card {card_json(card)} not conserved"
        assert len(state.tastes) == len(state.owners) == len(set(state.tastes))
        assert all(owner is None or 0 <= owner < state.players for owner in state.owners)
        assert 0 <= state.stars <= 5
        assert len(state.ready) == len(state.passed) == state.players
        assert (state.turn is not None) == (state.phase == "playing")
        if state.turn is not None:
            assert not state.passed[state.turn]
        assert (state.outcome is not None) == (state.phase == "over")
