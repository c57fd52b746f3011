"""The replay viewer's logic, apart from any drawing: where in the game it is, whose eyes it looks
through, how fast it plays, and the stand-in session a game's own table reads its views from.

Moments are move counts: 0 is the deal, ``timeline.length`` the end. Seeking sets the moment;
switching eyes never moves it.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from soupkitchen.shared.replay import Timeline, face_up, review_of, turned_up

SPEEDS = (1, 2, 4)
MOVE_SECONDS = 1.2  # how long one move stays on screen at 1x
FACE_UP = "face_up"  # the eyes that see everything
Eye = int | str | None  # a seat, None for the spectator, or FACE_UP


class ReplaySession:
    """What a table scene reads of a session (``client.tables.feed.TableFeed``), fed by the replay:
    one view at a time, for one seat or for the spectator. Nothing can be sent from it."""

    connected = True
    replaying = True  # each moment is shown as its view had it (a table's own timing stays out of it)
    local = True
    spectating = False
    couch = False
    handoff_seat = None
    paused = False

    def __init__(self, timeline: Timeline) -> None:
        replay = timeline.replay
        self.table: dict[str, Any] = {
            "id": replay.table or "replay",
            "game": timeline.record.game,
            "started": True,
            "over": True,
            "seats": [
                {"seat": seat, "name": replay.name(seat), "bot": False}
                for seat in range(timeline.record.players)
            ],
            "title": timeline.game.title,
        }
        self.tokens: dict[int, str] = {}
        self.views: dict[int | None, dict[str, Any]] = {}
        self.deadline: float | None = None
        self.now_t = 0.0
        self.state_id = 0
        self.recent: list[tuple[dict[str, Any], list[dict[str, Any]]]] = []  # the viewer tells a table itself
        self.events: deque[dict[str, Any]] = deque(maxlen=40)
        self.emotes: deque[tuple[int | None, str, float]] = deque(maxlen=1)
        self.listeners: list[Callable[..., None]] = []
        self.lobby_listeners: list[Callable[..., None]] = []
        self.error_listeners: list[Callable[..., None]] = []
        self.handoff_listeners: list[Callable[..., None]] = []
        self.back_listeners: list[Callable[..., None]] = []
        self.pads: dict[int, str] = {}
        self.active_seat: int | None = None
        self.face_up = False  # the face-up eyes: the public view, with every secret beside the table

    # what tables read
    @property
    def game_id(self) -> str:
        return self.table["game"]

    @property
    def seats_held(self) -> list[int]:
        return sorted(self.tokens)

    @property
    def shown_seat(self) -> int | None:
        return self.active_seat

    @property
    def over(self) -> bool:
        view = self.any_view()
        return bool(view and view.get("over"))

    @property
    def started(self) -> bool:
        return True

    @property
    def is_host(self) -> bool:
        return False

    @property
    def public_view(self) -> dict[str, Any] | None:
        return self.views.get(None)

    def view(self, seat: int | None) -> dict[str, Any] | None:
        return self.views.get(seat)

    def any_view(self) -> dict[str, Any] | None:
        return next(iter(self.views.values()), None)

    def seat_name(self, seat: int | None) -> str:
        return "Spectator" if seat is None else self.table["seats"][seat]["name"]

    def clock(self) -> float:
        return 0.0

    def remaining(self, now: float) -> float | None:
        return None if self.deadline is None else max(0.0, self.deadline - self.now_t)

    def server_time(self, now: float) -> float | None:
        return None  # no server: a replay counts nobody away

    def pass_controls(self) -> bool:
        return False

    async def act(self, seat: int, action: dict[str, Any], quiet: bool = False) -> dict[str, Any]:
        return {
            "ok": False,
            "error": {"code": "replay", "message": "This is a replay: nothing can be played."},
        }

    async def emote(self, seat: int, name: str) -> None:
        return None

    # what the player sets
    def show(
        self,
        seat: int | None,
        view: dict[str, Any],
        events: list[dict[str, Any]],
        moment: int,
        t: float,
        face_up: bool = False,
    ) -> None:
        """Show ``view`` as ``seat``'s (None: the spectator's, or with ``face_up`` the face-up eyes')
        at ``moment``. Its moves are left out: nothing can be played in a replay, so a table offers
        none, prompts for none and rings none as a live one would."""
        view = {**view, "legal_actions": []}
        self.views = {seat: view}
        self.face_up = face_up and seat is None
        self.tokens = {} if seat is None else {seat: ""}
        self.active_seat = seat
        self.deadline, self.now_t, self.state_id = view.get("deadline"), t, moment
        self.events.extend(events)
        for listener in list(self.listeners):
            listener(seat, view, events)


@dataclass
class Marks:
    """Where each turn and each round begins (moments, ascending, 0 first)."""

    turns: list[int]
    rounds: list[int]


class ReplayPlayer:
    """A finished game being watched: its moment, eyes, speed and pause."""

    def __init__(self, timeline: Timeline) -> None:
        self.timeline = timeline
        self.session = ReplaySession(timeline)
        self.moment = 0
        self.eye: Eye = None
        self.speed = 1
        self.playing = False
        self._carry = 0.0
        self._review: dict[str, Any] | None = None
        self.marks = Marks(timeline.turns(), rounds(timeline))
        # a game with rounds of its own (its state counts them), each with its own clock
        self.own_rounds = isinstance(getattr(timeline.checkpoints[0], "round", None), int)
        self._clocks: dict[int, tuple[int, int] | None] = {}  # a round's first and last timed moments
        self.changed = 0  # counts every change of what is shown (the scene redraws on it)
        self.jumped = True  # the last change was not one step forward (a table starts afresh)
        self.show()

    @property
    def length(self) -> int:
        return self.timeline.length

    @property
    def review(self) -> dict[str, Any] | None:
        if self._review is None:
            self._review = review_of(self.timeline)
        return self._review

    def face_up(self) -> dict[str, Any] | None:
        return face_up(self.timeline, self.moment)

    @property
    def seat_shown(self) -> int | None:
        """The seat whose view the table draws (face up: the spectator's, with every secret beside it)."""
        return self.eye if isinstance(self.eye, int) else None

    def show(self, events: list[dict[str, Any]] | None = None) -> None:
        seat = self.seat_shown
        self.session.show(
            seat,
            self.view_shown(self.moment),
            events or [],
            self.moment,
            self.timeline.time(self.moment),
            face_up=self.eye == FACE_UP,
        )
        self.changed += 1

    def view_shown(self, moment: int) -> dict[str, Any]:
        """The view the table draws at ``moment``: the shown seat's (the spectator's), or with the
        face-up eyes the spectator's with every hidden card on the table face up."""
        if self.eye == FACE_UP:
            return turned_up(self.timeline, moment)
        return self.timeline.view(moment, self.seat_shown)

    # --- moving in time --------------------------------------------------------------------------
    def seek(self, moment: int) -> None:
        moment = max(0, min(self.length, moment))
        if moment == self.moment:
            return
        forward = moment == self.moment + 1
        self.moment = moment
        self.jumped = not forward
        self.show(self.timeline.events(moment) if forward else [])
        if moment >= self.length:
            self.playing = False

    def step(self, by: int) -> None:
        self.seek(self.moment + by)

    def jump(self, marks: list[int], forward: bool) -> None:
        """To the start of the next (or this, or the previous) turn or round."""
        if forward:
            later = [m for m in marks if m > self.moment]
            self.seek(later[0] if later else self.length)
        else:
            earlier = [m for m in marks if m < self.moment]
            self.seek(earlier[-1] if earlier else 0)

    def round_so_far(self, most: int = 12) -> list[tuple[dict[str, Any], list[dict[str, Any]]]]:
        """The shown seat's view at each moment since this round began (at most ``most`` moves back),
        with the events of the move that led there: what a table made afresh here catches up on."""
        start = max([m for m in self.marks.rounds if m <= self.moment], default=0)
        start = max(start, self.moment - most)
        return [
            (self.view_shown(m), self.timeline.events(m) if m > start else [])
            for m in range(start, self.moment + 1)
        ]

    def set_eye(self, eye: Eye) -> None:
        if eye != self.eye:
            self.eye = eye
            self.jumped = True
            self.show()

    def eyes(self) -> list[Eye]:
        return [*range(self.timeline.record.players), None, FACE_UP]

    def next_eye(self, by: int = 1) -> None:
        eyes = self.eyes()
        self.set_eye(eyes[(eyes.index(self.eye) + by) % len(eyes)])

    def toggle_play(self) -> None:
        if not self.playing and self.moment >= self.length:
            self.seek(0)
        self.playing = not self.playing
        self._carry = 0.0
        self.changed += 1

    def next_speed(self) -> None:
        self.speed = SPEEDS[(SPEEDS.index(self.speed) + 1) % len(SPEEDS)]
        self.changed += 1

    def update(self, dt: float) -> None:
        """Play on by ``dt`` seconds of the viewer's time."""
        if not self.playing:
            return
        self._carry += dt * self.speed
        while self._carry >= MOVE_SECONDS and self.playing:
            self._carry -= MOVE_SECONDS
            self.step(1)

    def until_next_move(self) -> float | None:
        """Seconds of the viewer's time until playing shows the next move (None: paused)."""
        return None if not self.playing else max(0.0, (MOVE_SECONDS - self._carry) / self.speed)

    def round_clock(self, moment: int) -> float | None:
        """Seconds on the round's own clock at ``moment``, as the table's stopwatch counts them: from
        the move that started its countdown (the last chef saying ready) to the move that stopped it;
        None before it starts (the chefs are still getting ready)."""
        start = max(m for m in self.marks.rounds if m <= moment)
        if start not in self._clocks:
            game, line = self.timeline.game, self.timeline
            later = [m for m in self.marks.rounds if m > start]
            end = later[0] if later else self.length + 1
            timed = [m for m in range(start, end) if game.next_deadline(line.state(m)) is not None]
            self._clocks[start] = (timed[0], timed[-1] + 1) if timed else None
        clock = self._clocks[start]
        if clock is None or moment < clock[0]:
            return None
        return self.timeline.time(min(moment, clock[1])) - self.timeline.time(clock[0])

    def round_at(self, moment: int) -> int:
        return sum(1 for m in self.marks.rounds if m <= moment)

    def turn_at(self, moment: int) -> int:
        return sum(1 for m in self.marks.turns if m <= moment)


def rounds(timeline: Timeline) -> list[int]:
    """Where each round begins: a game's own rounds where it declares them (its state's ``round``),
    else each time the seat of the first turn begins a turn again."""
    starts = [0]
    if timeline.game.facts.rounds:
        last = timeline.checkpoints[0].round
        for number, _entry, _before, after, _events in timeline.steps():
            if after.round != last:
                starts.append(number)
                last = after.round
        return starts
    turns = timeline.turns()
    first = next((e["seat"] for e in timeline.record.log if e["seat"] is not None), None)
    for moment in turns[1:]:
        if timeline.record.log[moment]["seat"] == first:
            starts.append(moment)
    return starts
