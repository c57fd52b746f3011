"""The common game protocol every Soup Kitchen game follows.

A game is a deterministic function of (players, options, seed, action log). Nothing here reads a
clock or the global random module: time enters as the explicit ``now`` argument (seconds on the
table's game clock) and randomness comes from :func:`shared.rng.rng_for`, seeded from the state.

Seats are numbered 0..players-1 in clockwise order. ``SYSTEM`` (``None``) is the seat of actions
the table's clock applies by itself, such as ``{"type": "timeout"}`` at ``next_deadline``.
"""

from __future__ import annotations

import copy
import hashlib
import json
import numbers
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any, ClassVar, Generic, TypeVar

from soupkitchen.shared.events import Action, Event, EventLog, MoveContext
from soupkitchen.shared.models import CommonView, GameSummary, Model, closed_model
from soupkitchen.shared.refusals import Refusal, refuse

SYSTEM = None
TIMEOUT = {"type": "timeout"}
SETTLED = "_settled_moves"  # a settled state's listed moves by seat (``Game.settle``)

State = TypeVar("State")
__all__ = ["Action", "Event", "EventLog", "MoveContext", "Refusal"]  # the move's side of the contract


class RuleError(ValueError):
    """An action, option set or seat that the rules refuse; ``str(err)`` is the reason in English,
    ``refusal`` the :class:`Refusal` a reader words in its own language (when the rules made one)."""

    @property
    def refusal(self) -> Refusal | None:
        reason = self.args[0] if self.args else None
        return reason if isinstance(reason, Refusal) else None


@dataclass(frozen=True)
class OptionSpec:
    """One table option a host can set in the lobby, drawn generically by the client."""

    key: str
    label: str
    default: Any
    choices: tuple[Any, ...] = ()  # empty: any int within [minimum, maximum]
    minimum: int | None = None
    maximum: int | None = None
    real_time: bool = False  # a number of seconds a table clock counts by itself (a round, a window)
    # the words of the values that are names ("all_day": N_("all day")), for the catalog and the
    # menus; a value without words reads as itself, its underscores as spaces
    words: Mapping[str, str] = field(default_factory=dict, hash=False)
    shown_if: tuple[str, Any] | None = None  # (another option's key, its value): it matters only then
    learner: bool = False  # a helper for learners (off by default): set-up screens show it at their foot

    def to_json(self) -> dict[str, Any]:
        return {
            "key": self.key,
            "label": self.label,
            "default": self.default,
            "choices": list(self.choices),
            "minimum": self.minimum,
            "maximum": self.maximum,
            "real_time": self.real_time,
            "words": dict(self.words),
            "shown_if": list(self.shown_if) if self.shown_if is not None else None,
            "learner": self.learner,
        }


@dataclass(frozen=True)
class GameFacts:
    """What a game is, declared once before any rule runs (as OpenSpiel's ``GameType``): its seat
    counts, its options and its capabilities. The platform and the conformance tests ask a game only
    what these promise; each capability defaults to the plainest game (turns, nothing hidden, no clock)."""

    id: str
    title: str
    min_players: int
    max_players: int
    options: tuple[OptionSpec, ...] = ()
    real_time: bool = False  # a table clock acts by itself (TIMEOUT at ``next_deadline``)
    hidden: tuple[str, ...] = ()  # what a seat is not shown, in words (none: every seat sees everything)
    simultaneous: bool = False  # the table may wait for several seats at once (else one at a time)
    # played in rounds its state numbers (``round``, from 1): the replay viewer marks where each
    # begins, and the simulator tells how long they lasted when the clock times them
    rounds: bool = False
    # Action types whose meaning is tied to the moment they name in a field of their own (a call on
    # play 7): see ``is_moment_action``.
    moment_actions: tuple[str, ...] = ()
    # Action types a seat may take whether or not the table waits for it (table talk the rules keep,
    # such as a reaction to a move): never listed in ``legal_actions``, judged by ``Game.check_aside``,
    # and they change nothing another seat may do, so a move sent for the state before them still holds.
    asides: tuple[str, ...] = ()

    def option(self, key: str | None) -> OptionSpec | None:
        """The option of ``key``, or None."""
        return next((spec for spec in self.options if spec.key == key), None)

    def to_json(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "title": self.title,
            "min_players": self.min_players,
            "max_players": self.max_players,
            "options": [spec.to_json() for spec in self.options],
            "real_time": self.real_time,
            "hidden": list(self.hidden),
            "simultaneous": self.simultaneous,
            "rounds": self.rounds,
            "moment_actions": list(self.moment_actions),
            "asides": list(self.asides),
        }


def is_moment_action(facts: GameFacts | None, action: Any) -> bool:
    """Whether ``action`` is one of the game's ``moment_actions``: it names the moment it is for, and
    the rules refuse it, with their reason, once that moment has passed. So the server judges it on
    the newest state even when it was sent for an older one, and a client never sends it again for a
    newer state (the moment it meant is gone)."""
    return facts is not None and isinstance(action, dict) and action.get("type") in facts.moment_actions


def is_aside(facts: GameFacts | None, action: Any) -> bool:
    """Whether ``action`` is one of the game's ``asides``: a seat may take it outside its turn."""
    return facts is not None and isinstance(action, dict) and action.get("type") in facts.asides


@dataclass(frozen=True)
class Registration:
    """One game as the rest of the program finds it: everything the platform uses of it is declared
    here or in its facts (its client side registers in the client's own
    ``client/tables/<game>/registration.py``). Dotted paths are ``module`` or ``module:name``, resolved
    by ``shared.registry``; what a game leaves out has a default that asks nothing of it."""

    facts: GameFacts
    rules: str  # the package (or ``module:name``) holding the game's ``GAME``
    order: int  # place in menus and listings, flagship first
    art: str | None = None  # a function of scripts/art returning {asset path: SVG text}
    describe: str | None = None  # the module wording its moves, events and what the table waits for
    refusals: str | None = None  # its own refusals' words (a ``RefusalWords``); None: the common ones only
    # the module reviewing a finished game (``review(timeline)``) and showing a moment's secrets
    # (``face_up(state)``) for the replay viewer; None: the viewer has neither for this game
    review: str | None = None
    primary_option: str | None = None  # the option a set-up asks first, before the bots (the difficulty)
    # the options a table of one person among bots starts from, where they differ from the defaults
    solo_options: Mapping[str, Any] = field(default_factory=dict, hash=False)
    # References no table offers, for the simulator (``soupkitchen-sim --bots``): an all-seeing team
    # made from the starting state (``oracle``), and bots by name, each made as ``(seat, seed)``.
    oracle: str | None = None
    reference_bots: tuple[tuple[str, str], ...] = ()
    # A person's stand-in for the simulator (``soupkitchen-sim --person``): made as ``(seat, seed,
    # style)``, one of ``person_styles`` (the first: a good player's choices).
    person: str | None = None
    person_styles: tuple[str, ...] = ()

    @property
    def id(self) -> str:
        return self.facts.id

    def summary(self) -> GameSummary:
        """The game as a server lists it in ``hello`` and the client's menus offer it: one shape for both."""
        facts = self.facts
        return {
            "id": facts.id,
            "title": facts.title,
            "min_players": facts.min_players,
            "max_players": facts.max_players,
            "options": [spec.to_json() for spec in facts.options],
            "primary_option": self.primary_option,
            "solo_options": dict(self.solo_options),
            "real_time": facts.real_time,
            "hidden": bool(facts.hidden),
            "simultaneous": facts.simultaneous,
        }


class Bot(ABC):
    """A computer player for one seat. It sees only that seat's views, in order, and may remember them."""

    def __init__(self, seat: int, seed: int) -> None:
        self.seat = seat
        self.seed = seed

    def observe(self, view: dict[str, Any]) -> None:
        """Take in one view of this bot's seat. Every view of the seat is given here, in order: the
        one at the start of the match, then one after each action of the log, so what a bot
        remembers depends on the match so far only. ``choose`` may be called at any time after.
        A bot that remembers nothing keeps this default, which does nothing."""
        return None

    @abstractmethod
    def choose(self, view: dict[str, Any], now: float) -> Action | None:
        """The action this bot takes now, or None to wait (not its turn, or nothing it wants).

        A bot that remembers also observes ``view`` first unless it was the last one observed, so
        a caller that only ever calls ``choose`` (a simulation) still plays a sensible game."""

    def thinking(self, view: dict[str, Any], action: Action) -> float:
        """How long a person would take over ``action``, this bot's choice from ``view`` (or its
        ``aside``), in beats of the table's bot pace (1: no thought needed); the table waits that
        long to play it."""
        return 1.0

    def looks(self, view: dict[str, Any]) -> float:
        """Beats a person would take to take in the table (the last move, what the others made of
        it) before deciding on their turn: the table asks ``choose`` only after them (0: at once)."""
        return 0.0

    def aside(self, view: dict[str, Any], now: float) -> Action | None:
        """One of the game's ``asides`` this bot takes now whether or not it may move (a reaction
        to the move just made), or None. Asked after every action; ``thinking`` says how long it
        takes over it."""
        return None


COMPLETE = "complete"  # a game's listed moves are every legal move
SAMPLE = "sample"  # its listed moves are some of them; its ``check_move`` accepts the others too


Move = Callable[[Any, MoveContext], None]

# Why the table refuses an action, the same in every game (worded in ``shared.refusals``).
NOT_AN_ACTION = refuse("not_an_action")
NO_TIME = refuse("no_time")
CLOCK_ONLY = refuse("clock_only")
NOTHING_TIMED = refuse("nothing_timed")
NOT_YET = refuse("not_yet")
PLAYERS_ONLY = refuse("players_only")
NO_SUCH_SEAT = refuse("no_such_seat")
GAME_OVER = refuse("game_over")
NOT_YOUR_TURN = refuse("not_your_turn")
NOT_ALLOWED = refuse("not_allowed")  # a move refused with no reason of the rules' own
TIME_UP = refuse("time_up")


class Game(ABC, Generic[State]):
    """Facts and rules of one game (as OpenSpiel's ``Game`` and boardgame.io's game object).

    A game declares its ``facts``, its state dataclass (``state_type``, a ``Plain``), its ``moves``
    (action type to ``move(game, ctx)``, which changes ``ctx.state``, the copy it is handed, and
    tells what happened with ``ctx.emit``), who may act now (``active_seats``), the moves it lists
    for an active seat (``list_moves``: every legal move, or a sample when ``listing`` is SAMPLE and
    ``check_move`` accepts more), a seat's private part of the view and its typed shape. This class
    checks seats, turns, the clock and the end, copies the state, keeps the log and builds the
    common part of the view. Words live in each game's ``describe`` module, read by the client.
    """

    facts: ClassVar[GameFacts]
    state_type: ClassVar[type]  # the state dataclass, a ``Plain``
    moves: ClassVar[Mapping[str, Move]] = {}
    listing: ClassVar[str] = COMPLETE
    log_length: ClassVar[int] = 0  # above 0: the state's ``log`` (an EventLog) keeps this many events
    view_type: ClassVar[Any] = CommonView  # the TypedDict of a seat's whole view
    move_type: ClassVar[Any] = dict[str, Any]  # the union of the game's move TypedDicts
    event_type: ClassVar[Any] = dict[str, Any]  # the union of its event TypedDicts
    time_up: ClassVar[Refusal] = TIME_UP  # why a move comes too late, in the game's own words

    @property
    def id(self) -> str:
        return self.facts.id

    @property
    def title(self) -> str:
        return self.facts.title

    @property
    def min_players(self) -> int:
        return self.facts.min_players

    @property
    def max_players(self) -> int:
        return self.facts.max_players

    @property
    def option_specs(self) -> tuple[OptionSpec, ...]:
        return self.facts.options

    # --- options -------------------------------------------------------------------------------
    def normalise_options(self, options: Any, players: int) -> dict[str, Any]:
        """Options completed with defaults and checked; raises RuleError with a reason."""
        if (
            not isinstance(players, int)
            or isinstance(players, bool)
            or not (self.min_players <= players <= self.max_players)
        ):
            raise RuleError(f"{self.title} is for {self.min_players}-{self.max_players} players")
        if options is None:
            options = {}
        if not isinstance(options, dict):
            raise RuleError("options must be an object")
        specs = {spec.key: spec for spec in self.option_specs}
        unknown = set(options) - set(specs)
        if unknown:
            raise RuleError(f"unknown option {sorted(unknown)[0]!r}")
        result = {}
        for key, spec in specs.items():
            value = options.get(key, spec.default)
            if spec.choices:
                if value not in spec.choices or type(value) is not type(spec.default):
                    raise RuleError(f"option {key!r} must be one of {list(spec.choices)}")
            else:
                if not isinstance(value, int) or isinstance(value, bool):
                    raise RuleError(f"option {key!r} must be a whole number")
                if spec.minimum is not None and value < spec.minimum:
                    raise RuleError(f"option {key!r} must be at least {spec.minimum}")
                if spec.maximum is not None and value > spec.maximum:
                    raise RuleError(f"option {key!r} must be at most {spec.maximum}")
            result[key] = value
        return result

    # --- the game ------------------------------------------------------------------------------
    @abstractmethod
    def setup(self, players: int, options: dict[str, Any], seed: int) -> State:
        """The starting state. ``options`` has been through normalise_options."""

    @abstractmethod
    def active_seats(self, state: State) -> list[int]:
        """The seats that may act now, in seat order (none once the game is over); the table
        waits for them. SYSTEM acts only at ``next_deadline``."""

    @abstractmethod
    def list_moves(self, state: State, seat: int) -> list[Action]:
        """The moves an active ``seat`` may make now: all of them, or a sample when ``listing`` is
        SAMPLE. Never empty for an active seat."""

    def legal_actions(self, state: State, seat: int | None) -> list[Action]:
        """The moves ``seat`` is offered now (none unless it is active)."""
        if (
            not is_seat(seat, self.seats(state))
            or self.is_over(state)
            or seat not in self.active_seats(state)
        ):
            return []
        return self.listed(state, seat)

    def settle(self, state: State) -> None:
        """Declare that ``state`` will not change any more (a table's present, until a move makes the
        next): each seat's moves are then listed once and kept with it, for its views and for checking
        the move made on it, rather than listed again for each (the rules are asked the same
        question). A state not settled is asked each time, so one changed in place is never answered
        from before the change."""
        try:
            object.__setattr__(state, SETTLED, {})
        except (AttributeError, TypeError):  # a state that takes no attribute is asked each time
            pass

    def listed(self, state: State, seat: int) -> list[Action]:
        """``list_moves`` for an active ``seat``, kept with a settled state (a list of its own each
        time; its moves are shared, and like every view, read and never changed)."""
        kept: dict[int, list[Action]] | None = getattr(state, SETTLED, None)
        if kept is None:
            return self.list_moves(state, seat)
        moves = kept.get(seat)
        if moves is None:
            moves = kept[seat] = self.list_moves(state, seat)
        return list(moves)

    def validate(self, state: State, seat: int | None, action: Any, now: float) -> Refusal | None:
        """None when ``action`` (any JSON value, possibly malformed) is legal for ``seat`` at
        ``now``; otherwise the :class:`Refusal` (a code and parameters; its text the English
        reason). Never raises."""
        try:
            return self._refusal(state, seat, self.upgrade_action(state, action), now)
        except (KeyError, TypeError, ValueError, IndexError, AttributeError) as err:
            return refuse("unreadable", error=type(err).__name__)

    def _refusal(self, state: State, seat: Any, action: Any, now: Any) -> Refusal | None:
        if not isinstance(action, dict) or not isinstance(action.get("type"), str):
            return NOT_AN_ACTION
        kind = action["type"]
        if not is_number(now) or not -1e15 < now < 1e15:
            return NO_TIME
        deadline = self.next_deadline(state)
        if kind == TIMEOUT["type"]:
            if seat is not SYSTEM:
                return CLOCK_ONLY
            if deadline is None:
                return NOTHING_TIMED
            return None if now >= deadline else NOT_YET
        if kind not in self.moves:
            return refuse("no_such_move", move=kind[:40])
        if seat is SYSTEM:
            return PLAYERS_ONLY
        if not is_seat(seat, self.seats(state)):
            return NO_SUCH_SEAT
        if self.is_over(state):
            return GAME_OVER
        if kind in self.facts.asides:
            if deadline is not None and now >= deadline:
                return self.time_up
            return self.check_aside(state, seat, action, now)
        if seat not in self.active_seats(state):
            return self.waiting_reason(state, seat, action) or NOT_YOUR_TURN
        if deadline is not None and now >= deadline:
            return self.time_up
        return self.check_move(state, seat, action, self.listed(state, seat))

    def upgrade_action(self, state: State, action: Any) -> Any:
        """``action`` (any JSON value) in today's form, when it is a move as an older version of the
        rules recorded it and means the same move in ``state``; otherwise ``action`` itself. Old
        records are played back through it (``validate``, ``apply_validated``, replays)."""
        return action

    def seats(self, state: State) -> int:
        """How many seats the table has."""
        return state.players  # type: ignore[attr-defined]

    def waiting_reason(self, state: State, seat: int, action: Action) -> Refusal | None:
        """Why ``seat``, which may do nothing now, cannot play ``action``, when the game can say
        more than that it is not its turn."""
        return None

    def check_move(self, state: State, seat: int, action: Action, listed: list[Action]) -> Refusal | None:
        """None when ``action`` is legal for the active ``seat``, else the reason. Seat, turn,
        clock and the end are checked already. This accepts exactly the ``listed`` moves; a game
        overrides it to say more about a refusal, and must when its listing is a SAMPLE."""
        wanted = comparable(action)
        if wanted is not None and offered(wanted, listed):
            return None
        kind = action["type"]
        kinds = sorted({option["type"] for option in listed})
        if kind in kinds:
            return refuse("not_offered", move=kind)
        return refuse("not_now", move=kind, moves=kinds)

    def check_aside(self, state: State, seat: int, action: Action, now: float) -> Refusal | None:
        """None when ``seat`` may take ``action``, one of the game's ``asides``, now; else the reason.
        Seat, clock and the end are checked already."""
        return refuse("not_now", move=action["type"], moves=[])

    def emote_action(self, state: State, seat: int, emote: str) -> Action | None:
        """The action a seat's emote (one of the wire's EMOTES) is at this moment, for a game whose
        rules keep emotes as part of the game; None: the emote is table chatter the game does not keep."""
        return None

    def emote_of(self, action: Action) -> str | None:
        """The emote an action of the game's makes at the table (None: it makes none)."""
        return None

    def honest_aside(self, state: State, seat: int, action: Action) -> bool | None:
        """Whether ``seat``'s aside ``action``, taken in ``state``, is true to what that seat hides
        (a reaction to its secret tastes), for the simulator and the tests that count untrue ones;
        None when there is nothing to check."""
        return None

    def apply(self, state: State, seat: int | None, action: Any, now: float) -> tuple[State, list[Event]]:
        """The new state and public events (what every seat saw happen) after ``seat`` plays
        ``action`` at ``now``; RuleError with the reason if it is illegal. ``state`` is unchanged."""
        reason = self.validate(state, seat, action, now)
        if reason is not None:
            raise RuleError(reason)
        return self.apply_validated(state, seat, action, now)

    def apply_validated(
        self, state: State, seat: int | None, action: Action, now: float
    ) -> tuple[State, list[Event]]:
        """``apply`` for an action already validated on this very state (a record checked once, played
        again): the move on a copy of ``state``, and its events."""
        context = MoveContext(self.copy(state), seat, self.upgrade_action(state, action), now)
        self.moves[action["type"]](self, context)
        if self.log_length:
            context.state.log.add(context.logged, self.log_length)  # type: ignore[attr-defined]
        return context.state, context.events

    @abstractmethod
    def next_deadline(self, state: State) -> float | None:
        """Game-clock time at which SYSTEM must apply TIMEOUT, or None if nothing is timed."""

    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        """All that ``seat`` (None: a spectator) may know, and nothing more, shaped as ``view_type``:
        the game's private part and the common fields (``models.CommonView``)."""
        over = self.is_over(state)
        active = [] if over else self.active_seats(state)
        result = copy.deepcopy(self.result(state)) if over else None
        acting = is_seat(seat, self.seats(state)) and seat in active
        return {
            "game": self.id,
            "seat": seat,
            **self.private_view(state, seat),
            "legal_actions": self.listed(state, seat) if acting else [],
            "active_seats": list(active),
            "deadline": self.next_deadline(state),
            "over": over,
            "result": self.seat_result(result, seat) if result is not None else None,
        }

    @abstractmethod
    def private_view(self, state: State, seat: int | None) -> dict[str, Any]:
        """The game's own part of ``seat``'s view: the one place its secrets are removed."""

    def seat_result(self, result: dict[str, Any], seat: int | None) -> dict[str, Any]:
        """The result as ``seat`` is shown it (a copy it may change)."""
        return result

    @abstractmethod
    def is_over(self, state: State) -> bool:
        """True once the game has ended."""

    @abstractmethod
    def result(self, state: State) -> dict[str, Any] | None:
        """None while playing; then a JSON-safe summary with at least ``"winners"`` (list of seats;
        every seat in a won co-operative game, [] in a lost one) and ``"scores"`` (list per seat)."""

    @abstractmethod
    def make_bot(self, seat: int, seed: int, level: str = "normal") -> Bot:
        """A bot for ``seat`` playing at ``level`` (see ``shared.levels``: easy, normal or hard);
        ``seed`` drives any randomness it uses. The level changes how it plays, never what it sees."""

    def check_invariants(self, state: State) -> None:
        """Raise AssertionError if the state breaks a conservation rule (used by tests and the sim)."""

    # --- derived once for every game -----------------------------------------------------------
    def copy(self, state: State) -> State:
        """An independent copy of ``state``."""
        return state.copy()  # type: ignore[attr-defined]

    def to_json(self, state: State) -> dict[str, Any]:
        """The whole state as JSON-safe data; ``from_json(to_json(s)) == s``."""
        return state.to_json()  # type: ignore[attr-defined]

    def from_json(self, data: dict[str, Any]) -> State:
        """Rebuild a state from ``to_json`` output."""
        return self.state_type.from_json(data)  # type: ignore[attr-defined]

    def state_hash(self, state: State) -> str:
        """A short stable fingerprint of the whole state."""
        return hashlib.sha256(canonical_json(self.to_json(state)).encode()).hexdigest()[:16]

    @cached_property
    def view_model(self) -> Model:
        """The strict model every view of this game matches."""
        return closed_model(self.view_type)

    @cached_property
    def move_model(self) -> Model:
        """The strict model of one well-formed move."""
        return closed_model(self.move_type)

    @cached_property
    def events_model(self) -> Model:
        """The strict model of an action's public events."""
        return closed_model(list[self.event_type])


def is_seat(seat: Any, players: int) -> bool:
    """Whether ``seat`` is a seat number at a table of ``players``."""
    return isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < players


def is_number(value: Any) -> bool:
    """A real number, not a bool and not NaN."""
    return isinstance(value, numbers.Real) and not isinstance(value, bool) and value == value


def comparable(action: dict[str, Any]) -> dict[str, Any] | None:
    """The action with its lists of numbers sorted and without a ``label`` (the words an older client
    sends back with a move, kept in older records: never part of a move); None if a field is not a
    word, a whole number or a list of whole numbers (so that ``True`` never passes for ``1``)."""
    cleaned = {}
    for key, value in action.items():
        if key == "label":
            continue
        if isinstance(value, list) and all(isinstance(v, int) and not isinstance(v, bool) for v in value):
            value = sorted(value)
        elif isinstance(value, bool) or not isinstance(value, int | str):
            return None
        cleaned[key] = value
    return cleaned


def offered(wanted: dict[str, Any], listed: list[Action]) -> bool:
    """Whether one of the ``listed`` moves is ``wanted`` (a move as ``comparable`` made it). A listed
    move is usually in that form already, so the list's own search (in C, a few microseconds for a
    hundred and fifty moves) finds it, confirmed by its comparable form; only a move listed in
    another spelling (its numbers in another order) needs each one made comparable, as before."""
    try:
        found = listed.index(wanted)  # type: ignore[arg-type]
    except ValueError:
        found = -1
    if found >= 0 and comparable(listed[found]) == wanted:
        return True
    return any(comparable(option) == wanted for option in listed)


def canonical_json(data: Any) -> str:
    """JSON with sorted keys and no spaces: equal data gives equal text."""
    return json.dumps(data, sort_keys=True, separators=(",", ":"), allow_nan=False)
