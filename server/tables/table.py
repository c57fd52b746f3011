"""One table: its seats, settings, game clock and match. Knows no sockets and no game's rules.

The game clock is seconds since the table started, read as server monotonic time minus
``origin``, and frozen while the table is paused (a seat holds during couch hand-off). Its runner
(``server.tables.runner``) records it in the store every second and when the server stops; after a
restart the clock resumes where it was recorded (or at the last logged action, if later), so
downtime eats no timer. A table writes nothing itself: it says what to store (``row``,
``next_state``) and its runner stores it before the change is kept and announced.
"""

from __future__ import annotations

import logging
import random
import secrets
from dataclasses import dataclass, field, replace
from typing import Any

from soupkitchen.server.storage import passwords
from soupkitchen.server.storage.store import token_hash
from soupkitchen.server.tables.action_log import ActionLog
from soupkitchen.shared.core import SYSTEM, TIMEOUT, Bot, Game
from soupkitchen.shared.levels import NORMAL
from soupkitchen.shared.match import MatchRecord, seat_views

log = logging.getLogger(__name__)


@dataclass
class HeldTime:
    """How long a clock has been held in one round: ``held`` seconds, and more since ``since`` if a
    hold runs now."""

    held: float = 0.0
    round: float | None = None  # the round's deadline (game clock); a game with no deadline is one round
    since: float | None = None  # monotonic time the running hold began
    barred: bool = False  # the host ended a hold this round: no more holds until the next

    def in_round(self, deadline: float | None, mono: float) -> float:
        """Seconds held up to ``mono`` in the round of ``deadline`` (a new round starts from nothing)."""
        if deadline != self.round:
            self.held, self.round, self.barred = 0.0, deadline, False
            if self.since is not None:
                self.since = mono
        return self.held + (0.0 if self.since is None else mono - self.since)

    def start(self, mono: float) -> None:
        if self.since is None:
            self.since = mono

    def stop(self, mono: float) -> None:
        if self.since is not None:
            self.held += mono - self.since
            self.since = None


@dataclass
class Seat:
    """A place at the table: empty, a named human (identified by a token hash) or a bot."""

    name: str | None = None
    token_hash: str | None = None
    bot: bool = False
    sids: set[str] = field(default_factory=set)
    away_since: float | None = None  # monotonic time its last connection went away
    holding: bool = False
    ready: bool = False  # said ready in the lobby (since the line-up, options or settings last changed)
    last_emote: float = float("-inf")
    held: HeldTime = field(default_factory=HeldTime)  # this seat's holds in the latest round it held

    @property
    def empty(self) -> bool:
        return self.name is None and not self.bot

    @property
    def human(self) -> bool:
        return self.token_hash is not None

    def to_row(self) -> dict[str, Any]:
        return {"name": self.name, "token_hash": self.token_hash, "bot": self.bot, "ready": self.ready}


class Table:
    """Lobby and match of one table."""

    def __init__(
        self,
        game: Game,
        table_id: str,
        players: int,
        options: dict[str, Any],
        settings: dict[str, Any],
        password: str | None,
        created: float,
    ) -> None:
        self.game = game
        self.id = table_id
        self.players = players
        self.options = options
        self.settings = settings
        self.password = password  # stored hash, or None
        self.created = created
        self.host_seat = 0
        self.seed: int | None = None
        self.seats = [Seat() for _ in range(players)]
        self.spectators: set[str] = set()
        self.closed = False
        self.record: MatchRecord | None = None
        self.state: Any = None
        self.last_events: list[dict[str, Any]] = []
        self.origin = 0.0
        self.paused_at: float | None = None
        self.held = HeldTime()  # every seat's holds together, in the latest round one held
        self._rng: random.Random | None = None

    @classmethod
    def from_row(cls, game: Game, row: dict[str, Any], mono: float) -> Table:
        """A table as the store saved it (``Store.load_open_tables``), its match replayed."""
        table = cls(
            game, row["id"], row["players"], row["options"], row["settings"], row["password"], row["created"]
        )
        table.host_seat = row["host_seat"]
        for seat, saved in zip(table.seats, row["seats"], strict=True):
            seat.name, seat.token_hash, seat.bot = saved["name"], saved["token_hash"], saved["bot"]
            seat.ready = bool(saved.get("ready"))
        if row["started"]:
            table.start(mono, row["seed"], row["log"], row.get("clock"))
        return table

    @property
    def rng(self) -> random.Random:
        """The table's own randomness, for its bots (their seeds, their thinking times), made when a
        bot first needs it: a table of people never does (it is 2.5 KB)."""
        if self._rng is None:
            self._rng = random.Random(secrets.randbits(32))
        return self._rng

    # --- lobby ---------------------------------------------------------------------------------
    @property
    def started(self) -> bool:
        return self.record is not None

    @property
    def over(self) -> bool:
        return self.started and self.game.is_over(self.state)

    @property
    def state_id(self) -> int:
        return 0 if self.record is None else len(self.record.log)

    def check_password(self, given: str | None) -> bool:
        """Whether ``given`` opens the table (slow: scrypt; run it off the event loop)."""
        return self.password is None or (given is not None and passwords.check(self.password, self.id, given))

    def seat_human(self, index: int, name: str) -> str:
        """Give an empty seat to a named human; returns the new seat token."""
        token = secrets.token_urlsafe(24)
        self.seats[index] = Seat(name=name, token_hash=token_hash(token))
        return token

    def free_seat(self, index: int) -> None:
        self.seats[index] = Seat()

    @property
    def has_people(self) -> bool:
        """Whether a person holds a seat (bots then play at a person's pace)."""
        return any(seat.human for seat in self.seats)

    @property
    def attended(self) -> bool:
        """Whether some connection holds one of its seats (spectators hold none)."""
        return any(seat.sids for seat in self.seats)

    def first_empty(self) -> int | None:
        return next((i for i, seat in enumerate(self.seats) if seat.empty), None)

    def is_ready(self, index: int) -> bool:
        """Bots are always ready, and so is the host (starting says so); other players say it. In the
        lobby a player with no connection is not ready until they come back."""
        seat = self.seats[index]
        present = bool(seat.sids) or self.started
        return seat.bot or (seat.human and present and (seat.ready or index == self.host_seat))

    def not_ready(self) -> list[int]:
        """The seated players the start waits for."""
        return [i for i, seat in enumerate(self.seats) if seat.human and not self.is_ready(i)]

    def reset_ready(self) -> None:
        for seat in self.seats:
            seat.ready = False

    def lobby_state(self) -> LobbyState:
        """What a lobby request or the start may change, to put back if the change cannot be stored."""
        return LobbyState(
            [replace(seat) for seat in self.seats],
            self.host_seat,
            self.options,
            self.settings,
            (self.seed, self.record, self.state, self.last_events, self.origin, self.paused_at),
        )

    def put_back(self, state: LobbyState) -> None:
        """The table as it was when ``state`` was taken."""
        self.seats, self.host_seat = state.seats, state.host_seat
        self.options, self.settings = state.options, state.settings
        self.seed, self.record, self.state, self.last_events, self.origin, self.paused_at = state.match

    def summary(self, stand_ins: set[int] | frozenset[int] = frozenset()) -> dict[str, Any]:
        """The TableSummary of the wire protocol (``stand_ins``: the seats a bot plays until their
        players come back)."""
        return {
            "id": self.id,
            "game": self.game.id,
            "title": self.game.title,
            "options": self.options,
            "seats": [
                {
                    "seat": i,
                    "name": s.name,
                    "bot": s.bot,
                    "level": self.bot_level(i) if s.bot else None,
                    "connected": bool(s.sids) or s.bot,
                    "away_since": s.away_since if s.human and not s.sids else None,
                    "stand_in": i in stand_ins,
                    "holding": s.holding,
                    "ready": self.is_ready(i),
                }
                for i, s in enumerate(self.seats)
            ],
            "started": self.started,
            "over": self.over,
            "closed": self.closed,
            "has_password": self.password is not None,
            "host_seat": self.host_seat,
            "spectators": len(self.spectators),
            "settings": {
                key: value for key, value in self.settings.items() if key not in ("bot_levels", "code")
            },
            "paused": self.paused_at is not None,
            "state_id": self.state_id,
            "code": self.code,
        }

    @property
    def code(self) -> str | None:
        """The table's invite code (kept with its settings; a table older than codes has none)."""
        return self.settings.get("code")

    @property
    def listed(self) -> bool:
        """Whether ``list_tables`` shows the table (otherwise only its code finds it)."""
        return self.settings.get("listed", True) is not False

    def row(self) -> tuple[dict[str, Any], list[dict[str, Any]]]:
        """Settings and seats as the store keeps them (``Store.save_table``; the log is stored
        action by action)."""
        return (
            {
                "id": self.id,
                "game": self.game.id,
                "players": self.players,
                "options": self.options,
                "settings": self.settings,
                "password": self.password,
                "host_seat": self.host_seat,
                "seed": self.seed,
                "started": self.started,
                "over": self.over,
                "closed": self.closed,
                "created": self.created,
            },
            [seat.to_row() for seat in self.seats],
        )

    # --- the match -----------------------------------------------------------------------------
    def start(
        self, mono: float, seed: int, log: list[dict[str, Any]] | None = None, clock: float | None = None
    ) -> None:
        """Set the game up (and replay ``log`` when restoring); the clock resumes at the recorded
        ``clock`` or the last entry, whichever is later."""
        self.seed = seed
        # the log kept compact (server.action_log): a Sequence of the same entries, not a list
        compact: Any = ActionLog()
        self.record = MatchRecord(self.game.id, self.players, self.options, seed, compact)
        self.state = self.game.setup(self.players, self.options, seed)
        for entry in log or []:
            self.state, self.last_events = self.game.apply(
                self.state, entry["seat"], entry["action"], entry["t"]
            )
            self.record.log.append(entry)
        self.origin = mono - max(self.record.log[-1]["t"] if self.record.log else 0.0, clock or 0.0)
        self.paused_at = None
        if self.over:
            compact.seal()

    def public_moments(self, count: int) -> list[tuple[dict[str, Any], list[dict[str, Any]]]]:
        """The last ``count`` moments of the game as anyone at the table saw them, oldest first: the
        public (spectator's) view after each and the public events that led there (none for the
        deal). Nothing of any seat's own view is in it. The record is played again from the deal."""
        record = self.record
        if record is None or count <= 0:
            return []
        state = self.game.setup(record.players, record.options, record.seed)
        start = max(0, len(record.log) - count + 1)
        moments = [(self.game.view(state, None), [])] if start == 0 else []
        for moment, entry in enumerate(record.log, 1):
            state, events = self.game.apply_validated(state, entry["seat"], entry["action"], entry["t"])
            if moment >= start:
                moments.append((self.game.view(state, None), events))
        return moments

    def new_bot(self, index: int) -> Bot:
        """A bot for seat ``index`` that has observed every view of that seat so far in the match, so
        a bot restored after a restart or standing in for a player knows what one there all along
        would know (a bot that remembers nothing is not shown the past)."""
        bot = self.game.make_bot(
            index,
            (self.seed or 0) * 1000 + index + self.rng.randrange(1 << 20),
            self.bot_level(index) if self.seats[index].bot else NORMAL,
        )
        if self.record is not None and self.remembers(bot):
            try:
                for view in seat_views(self.record, index, self.game):
                    bot.observe(view)
            except Exception:  # a broken bot must not stop the table: it plays on with what it saw
                log.exception("bot at table %s seat %s failed to catch up", self.id, index)
        return bot

    def bot_level(self, index: int) -> str:
        """The level the host chose for the bot at seat ``index`` (kept in the settings, so it is saved)."""
        return self.settings.get("bot_levels", {}).get(str(index), NORMAL)

    def set_bot_level(self, index: int, level: str | None) -> None:
        """Choose the level of the bot at seat ``index`` (None: the seat has no bot any more)."""
        levels = {
            seat: chosen for seat, chosen in self.settings.get("bot_levels", {}).items() if seat != str(index)
        }
        if level is not None:
            levels[str(index)] = level
        self.settings = {**self.settings, "bot_levels": levels}

    @staticmethod
    def remembers(bot: Bot) -> bool:
        """Whether ``bot`` keeps anything of the views it observes (it has its own ``observe``)."""
        return type(bot).observe is not Bot.observe

    def clock_record(self, mono: float) -> float | None:
        """The game clock worth recording now (None: no round is running)."""
        return self.game_now(mono) if self.started and not self.over and self.deadline() is not None else None

    def game_now(self, mono: float) -> float:
        if not self.started:
            return 0.0
        return (self.paused_at if self.paused_at is not None else mono) - self.origin

    def deadline(self) -> float | None:
        """Next deadline on the game clock."""
        return None if not self.started or self.over else self.game.next_deadline(self.state)

    def server_deadline(self, mono: float) -> float | None:
        """Next deadline as server monotonic time (if paused: as if the clock resumed at ``mono``)."""
        deadline = self.deadline()
        return None if deadline is None else mono + (deadline - self.game_now(mono))

    def next_state(self, seat: int | None, action: Any, now: float) -> ActionOutcome:
        """What one action at game time ``now`` leads to, not kept yet; RuleError if refused."""
        assert self.record is not None
        if self.record.log:
            now = max(now, self.record.log[-1]["t"])
        state, events = self.game.apply(self.state, seat, action, now)
        return ActionOutcome(
            state, events, {"seat": seat, "action": action, "t": now}, self.game.is_over(state)
        )

    def keep(self, step: ActionOutcome) -> None:
        """Make a step the table's present (once it is stored)."""
        assert self.record is not None
        self.record.log.append(step.entry)
        self.state = step.state
        self.last_events = step.events
        if step.over:
            self.record.log.seal()  # read rarely now, and appended to no more

    def due_timeout(self, mono: float) -> bool:
        deadline = self.deadline()
        return deadline is not None and self.paused_at is None and self.game_now(mono) >= deadline

    def timeout_step(self) -> ActionOutcome:
        """SYSTEM plays TIMEOUT exactly at the deadline."""
        deadline = self.deadline()
        assert deadline is not None
        return self.next_state(SYSTEM, dict(TIMEOUT), deadline)

    def start_holding(self, index: int, mono: float) -> None:
        """Seat ``index`` holds the clock from ``mono`` on (its time, and the table's, counts)."""
        if not any(seat.holding for seat in self.seats):
            self.held.in_round(self.deadline(), mono)
            self.held.start(mono)
        seat = self.seats[index]
        seat.held.in_round(self.deadline(), mono)
        seat.held.start(mono)
        seat.holding = True

    def stop_holding(self, index: int, mono: float) -> None:
        """Seat ``index`` holds no more."""
        self.seats[index].held.stop(mono)
        self.seats[index].holding = False
        if not any(seat.holding for seat in self.seats):
            self.held.stop(mono)

    def update_pause(self, mono: float) -> bool:
        """Pause or resume the clock from the seats' holds; True if that changed."""
        want = self.settings.get("handoff_pauses_timer", True) and any(s.holding for s in self.seats)
        if want and self.paused_at is None and self.started:
            self.paused_at = mono
            return True
        if not want and self.paused_at is not None:
            self.origin += mono - self.paused_at
            self.paused_at = None
            return True
        return False

    def moment(self, mono: float, snapshot: bool) -> StateAnnouncement:
        """What every ``state`` push about the table's present state shares."""
        return StateAnnouncement(
            self.game,
            self.id,
            self.state,
            self.state_id,
            [] if snapshot else self.last_events,
            self.server_deadline(mono),
            mono,
            self.paused_at is not None,
            snapshot,
        )

    def state_payload(self, seat: int | None, mono: float, snapshot: bool) -> dict[str, Any]:
        """The ``state`` push for one seat (None: a spectator): its own view and nothing more."""
        return self.moment(mono, snapshot).payload(seat)


@dataclass(frozen=True)
class LobbyState:
    """A table's seats (copies), host, options, settings and match at one moment."""

    seats: list[Seat]
    host_seat: int
    options: dict[str, Any]
    settings: dict[str, Any]
    match: tuple[Any, ...]  # seed, record, state, last events, clock origin, paused at


@dataclass(frozen=True)
class ActionOutcome:
    """One action applied to a table's state: the state it leads to and the log entry to store."""

    state: Any
    events: list[dict[str, Any]]
    entry: dict[str, Any]
    over: bool


@dataclass(frozen=True)
class StateAnnouncement:
    """One state of a table as announced: each seat's push is made from it, now or a moment later."""

    game: Game
    table_id: str
    state: Any
    state_id: int
    events: list[dict[str, Any]]
    deadline: float | None
    server_time: float
    paused: bool
    snapshot: bool

    def view(self, seat: int | None) -> dict[str, Any]:
        """What ``seat`` (None: a spectator) may know of this state."""
        return self.game.view(self.state, seat)

    def payload(self, seat: int | None, view: dict[str, Any] | None = None) -> dict[str, Any]:
        """The ``state`` push for one seat: its whole view (``view``, if it is made already)."""
        return {
            "table": self.table_id,
            "seat": seat,
            "state_id": self.state_id,
            "view": self.view(seat) if view is None else view,
            "events": self.events,
            "deadline": self.deadline,
            "server_time": self.server_time,
            "paused": self.paused,
            "snapshot": self.snapshot,
        }

    def delta(self, seat: int | None, base: int, patch: list[dict[str, Any]]) -> dict[str, Any]:
        """The ``delta`` push for one seat: what changed in its view since the one of state ``base``."""
        return {
            "table": self.table_id,
            "seat": seat,
            "base": base,
            "state_id": self.state_id,
            "patch": patch,
            "events": self.events,
            "deadline": self.deadline,
            "server_time": self.server_time,
            "paused": self.paused,
        }
