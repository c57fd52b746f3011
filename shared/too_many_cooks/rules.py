"""Too Many Cooks rules: ready up, take turns changing the soup, pass when satisfied, score rounds."""

from __future__ import annotations

from typing import Any

from soupkitchen.shared.core import COMPLETE, Action, Bot, Game, MoveContext, Refusal
from soupkitchen.shared.levels import NORMAL
from soupkitchen.shared.longer import longer
from soupkitchen.shared.too_many_cooks import describe
from soupkitchen.shared.too_many_cooks.bot import Chef, before_last_move
from soupkitchen.shared.too_many_cooks.cards import (
    COLOURS,
    COPIES,
    KINDS,
    SIZE,
    VEGETABLES,
    card_id,
    card_json,
)
from soupkitchen.shared.too_many_cooks.moves import ROTATIONS, change, change_actions, change_targets, rotate
from soupkitchen.shared.too_many_cooks.reactions import EMOTES, REACTION_SECONDS, feeling, honest
from soupkitchen.shared.too_many_cooks.registration import FACTS
from soupkitchen.shared.too_many_cooks.rounds import (
    deal_round,
    final_result,
    score_round,
    starting_stars,
    total_rounds,
)
from soupkitchen.shared.too_many_cooks.state import TmcState, chef_satisfied
from soupkitchen.shared.too_many_cooks.view import Event, Move, TmcView, build_view


class TooManyCooks(Game[TmcState]):
    facts = FACTS
    state_type = TmcState
    listing = COMPLETE  # every legal move is listed: the sweep checks nothing else is accepted
    view_type = TmcView
    move_type = Move
    event_type = Event
    time_up = describe.TIME_UP

    # --- set-up ------------------------------------------------------------------------------
    def setup(self, players: int, options: dict[str, Any], seed: int) -> TmcState:
        mode = options["mode"]
        blank = TmcState(
            players=players,
            seed=seed,
            mode=mode,
            difficulty=options["difficulty"],
            taste_goal=options["tastes"],
            rounds=total_rounds(mode),
            round_seconds=longer(options["round_seconds"], options.get("longer_round", "off")),
            phase="ready",
            round=1,
            round_difficulty=options["difficulty"],
            stars=starting_stars(mode),
            first_player=0,
            turn=None,
            base="",
            soup=(),
            spares=(),
            tastes=(),
            owners=(),
            ready=(),
            passed=(),
            started_at=None,
            reveal=None,
            outcome=None,
        )
        deal_round(blank, 1)
        return blank

    # --- what may be done --------------------------------------------------------------------
    def active_seats(self, state: TmcState) -> list[int]:
        if state.phase in ("ready", "reveal"):
            return [seat for seat in range(state.players) if not state.ready[seat]]
        return [state.turn] if state.phase == "playing" else []

    def list_moves(self, state: TmcState, seat: int) -> list[dict[str, Any]]:
        if state.phase in ("ready", "reveal"):
            return [{"type": "ready"}]
        if chef_satisfied(state, seat):
            return [{"type": "pass"}]
        return [dict(action) for action in ROTATIONS] + change_actions(state.soup, state.spares)

    def waiting_reason(self, state: TmcState, seat: int, action: Action) -> Refusal | None:
        if state.phase == "playing":
            return describe.UNDER_WAY if action["type"] == "ready" else None
        return describe.ALREADY_READY if action["type"] == "ready" else describe.NOT_STARTED

    def check_move(self, state: TmcState, seat: int, action: Action, legal: list[Action]) -> Refusal | None:
        kind = action["type"]
        if state.phase != "playing":
            reason = None if kind == "ready" else describe.NOT_STARTED
        elif kind == "ready":
            reason = describe.UNDER_WAY
        elif chef_satisfied(state, seat):
            reason = None if kind == "pass" else describe.MUST_PASS
        elif kind == "pass":
            reason = describe.PASS_WHEN_SATISFIED
        else:
            reason = _change_reason(state, action) if kind == "change" else _rotate_reason(action)
        return reason or super().check_move(state, seat, action, legal)

    # --- what happens: each move changes its copy ``ctx.state`` and emits what everyone saw ------
    def _time_up(self, ctx: MoveContext) -> None:
        ctx.emit("time_up", round=ctx.state.round)
        self._end_round(ctx)

    def _pass(self, ctx: MoveContext) -> None:
        state, seat = ctx.state, ctx.seat
        deadline = self.next_deadline(state)
        state.passed = tuple(True if chef == seat else done for chef, done in enumerate(state.passed))
        state.last_move, state.reactions = None, ()  # the chef finished a move: no reacting to the last one
        ctx.emit("passed", seat=seat)
        self._next_turn(ctx, max(0.0, deadline - ctx.now) if deadline is not None else None)

    def _rotate(self, ctx: MoveContext) -> None:
        action = ctx.action
        ctx.state.soup = rotate(ctx.state.soup, action["line"], action["index"], action["step"])
        self._after_move(
            ctx,
            ctx.emit(
                "rotated", seat=ctx.seat, line=action["line"], index=action["index"], step=action["step"]
            ),
        )

    def _change(self, ctx: MoveContext) -> None:
        state, action = ctx.state, ctx.action
        cell = action["row"] * SIZE + action["col"]
        old = state.soup[cell]
        state.soup, state.spares = change(
            state.soup, state.spares, cell, card_id(action["veg"], action["colour"])
        )
        self._after_move(
            ctx,
            ctx.emit(
                "changed",
                seat=ctx.seat,
                row=action["row"],
                col=action["col"],
                old=card_json(old),
                new=card_json(state.soup[cell]),
            ),
        )

    def _after_move(self, ctx: MoveContext, event: dict[str, Any]) -> None:
        """The move is the one the chefs may react to now; a chef who passed but is no longer
        satisfied rejoins; the turn moves on."""
        state = ctx.state
        state.moves += 1
        state.last_move, state.reactions = {"number": state.moves, "at": ctx.now, "event": dict(event)}, ()
        passed = list(state.passed)
        for chef in range(state.players):
            if passed[chef] and not chef_satisfied(state, chef):
                passed[chef] = False
                ctx.emit("rejoined", seat=chef)
        state.passed = tuple(passed)
        self._next_turn(ctx)

    def _ready(self, ctx: MoveContext) -> None:
        state, seat = ctx.state, ctx.seat
        state.ready = tuple(True if chef == seat else done for chef, done in enumerate(state.ready))
        ctx.emit("ready", seat=seat)
        if not all(state.ready):
            return
        if state.phase == "reveal":
            deal_round(state, state.round + 1)
            ctx.emit("round_dealt", round=state.round)
            return
        state.phase, state.started_at, state.turn = "playing", ctx.now, state.first_player
        ctx.emit("round_started", round=state.round, turn=state.first_player)

    def _react(self, ctx: MoveContext) -> None:
        state, seat, emote = ctx.state, ctx.seat, ctx.action["emote"]
        assert state.last_move is not None
        state.reactions = (*state.reactions, (seat, emote))
        ctx.emit(
            "reacted",
            seat=seat,
            emote=emote,
            move=state.last_move["number"],
            by=state.last_move["event"]["seat"],
        )

    def _next_turn(self, ctx: MoveContext, seconds_left: float | None = None) -> None:
        """The turn goes clockwise to the next chef who has not passed (possibly the same chef);
        when every chef has passed the round ends (``seconds_left`` on its clock)."""
        state = ctx.state
        for step in range(1, state.players + 1):
            chef = (ctx.seat + step) % state.players
            if not state.passed[chef]:
                state.turn = chef
                return
        ctx.emit("all_passed", round=state.round, seconds_left=seconds_left)
        self._end_round(ctx)

    def _end_round(self, ctx: MoveContext) -> None:
        state = ctx.state
        reveal, stars, lost = score_round(state)
        state.history = (*state.history, (state.round, reveal["unsatisfied"], stars))
        state.phase, state.turn, state.stars, state.reveal = "reveal", None, stars, reveal
        state.ready, state.started_at = (False,) * state.players, None
        state.last_move, state.reactions = None, ()
        ctx.emit("round_over", round=state.round, unsatisfied=reveal["unsatisfied"], stars=stars, lost=lost)
        if lost or state.round >= state.rounds:
            state.phase, state.outcome = "over", final_result(state, lost)
            ctx.emit("game_over", won=not lost, stars=stars)

    # --- clock, end, views -------------------------------------------------------------------
    def next_deadline(self, state: TmcState) -> float | None:
        if state.phase != "playing" or state.started_at is None:
            return None
        return state.started_at + state.round_seconds

    def is_over(self, state: TmcState) -> bool:
        return state.phase == "over"

    def result(self, state: TmcState) -> dict[str, Any] | None:
        return state.outcome

    def private_view(self, state: TmcState, seat: int | None) -> dict[str, Any]:
        return build_view(state, seat)

    def make_bot(self, seat: int, seed: int, level: str = NORMAL) -> Bot:
        return Chef(seat, seed, level)

    # --- reactions: asides any chef may make, kept in the log ---------------------------------
    def check_aside(self, state: TmcState, seat: int, action: Action, now: float) -> Refusal | None:
        return _reaction_reason(state, seat, action, now)

    def emote_action(self, state: TmcState, seat: int, emote: str) -> Action | None:
        """While a round is played an emote is a reaction to the latest move (the rules judge it);
        before and between rounds it is table chatter."""
        if state.phase != "playing":
            return None
        number = state.last_move["number"] if state.last_move is not None else state.moves
        return {"type": "react", "emote": emote, "move": number}

    def emote_of(self, action: Action) -> str | None:
        return action.get("emote") if action.get("type") == "react" else None

    def honest_aside(self, state: TmcState, seat: int, action: Action) -> bool | None:
        if action.get("type") != "react" or state.last_move is None:
            return None
        before = before_last_move(self.view(state, seat))
        return honest(action["emote"], feeling(state.personal(seat), before, state.soup))

    moves = {
        "ready": _ready,
        "change": _change,
        "rotate": _rotate,
        "pass": _pass,
        "react": _react,
        "timeout": _time_up,
    }

    def check_invariants(self, state: TmcState) -> None:
        assert len(state.soup) == SIZE * SIZE and len(state.spares) == KINDS
        for card in range(KINDS):
            assert state.soup.count(card) + state.spares[card] == COPIES, (
                f"card {card_json(card)} not conserved"
            )
        assert len(state.tastes) == len(state.owners) == len(set(state.tastes))
        assert all(owner is None or 0 <= owner < state.players for owner in state.owners)
        assert 0 <= state.stars <= 5
        assert len(state.ready) == len(state.passed) == state.players
        assert (state.turn is not None) == (state.phase == "playing")
        if state.turn is not None:
            assert not state.passed[state.turn]
        assert (state.outcome is not None) == (state.phase == "over")
        last = state.last_move
        assert last is None or (state.phase == "playing" and last["number"] == state.moves)
        assert len({seat for seat, _emote in state.reactions}) == len(state.reactions)
        assert not state.reactions or state.last_move is not None


def _whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _rotate_reason(action: Action) -> Refusal | None:
    """Why a rotation is not one of the soup's, or None."""
    if not isinstance(action.get("line"), str) or action["line"] not in ("row", "col"):
        return describe.ROTATE_LINE
    if not _whole(action.get("index")) or not 0 <= action["index"] < SIZE:
        return describe.index_range(SIZE)
    if not _whole(action.get("step")) or action["step"] not in (1, -1):
        return describe.ROTATE_STEP
    return None


def _reaction_reason(state: TmcState, seat: int, action: Action, now: float) -> Refusal | None:
    """Why ``seat`` may not make this reaction now, or None (see ``reactions``)."""
    if set(action) != {"type", "emote", "move"}:
        return describe.REACTION_SHAPE
    emote, number = action["emote"], action["move"]
    if not isinstance(emote, str) or emote not in EMOTES:
        return describe.one_of("emote", EMOTES)
    if not _whole(number):
        return describe.REACTION_SHAPE
    last = state.last_move
    if state.phase != "playing" or last is None:
        return describe.NOTHING_TO_REACT_TO
    if number != last["number"]:
        return describe.REACTION_PAST
    if last["event"]["seat"] == seat:
        return describe.OWN_MOVE
    if any(chef == seat for chef, _emote in state.reactions):
        return describe.ALREADY_REACTED
    if now >= last["at"] + REACTION_SECONDS or now < last["at"]:
        return describe.reaction_late(REACTION_SECONDS)
    return None


def _change_reason(state: TmcState, action: Action) -> Refusal | None:
    """Why a change of one soup card for a spare cannot be made, or None."""
    row, col, veg, colour = (action.get(key) for key in ("row", "col", "veg", "colour"))
    if not (_whole(row) and _whole(col) and 0 <= row < SIZE and 0 <= col < SIZE):
        return describe.cell_range(SIZE)
    if not isinstance(veg, str) or veg not in VEGETABLES:
        return describe.one_of("veg", VEGETABLES)
    if not isinstance(colour, str) or colour not in COLOURS:
        return describe.one_of("colour", COLOURS)
    old, new = state.soup[row * SIZE + col], card_id(veg, colour)
    if new == old:
        return describe.ALREADY_THERE
    if new not in change_targets(old):
        return describe.ONE_CHANGE
    return describe.no_spare(veg, colour) if state.spares[new] <= 0 else None
