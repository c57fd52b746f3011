"""Replay files: one finished game's record in a versioned format (docs/replays.md), loaded and
checked by the rules, and a timeline that answers "the state after move i" for any i quickly.

A replay file is a JSON object::

    {"format": "soupkitchen-replay", "version": 1, "game": ..., "players": ..., "options": {...},
     "seed": ..., "log": [{"seat": int|null, "action": {...}, "t": seconds}, ...],
     "names": [...], "finished": epoch seconds|null, "table": id|null}

Everything a loader refuses raises ``ReplayError`` whose text says which fault and where, for a
player: not a replay, cut short, an unknown game, a newer version, a move the rules refuse, or a
game that does not reach its end.
"""

from __future__ import annotations

import json
import math
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from soupkitchen.shared import outside
from soupkitchen.shared.core import SYSTEM, Game, RuleError, canonical_json, is_number
from soupkitchen.shared.match import MatchRecord
from soupkitchen.shared.registry import game_ids, get_game, registration, reviewer

FORMAT = "soupkitchen-replay"
VERSION = 1
SUFFIX = ".soupreplay.json"
# A replay comes from anyone: it is read under caps, each checked before anything is built. A long
# game (Too Many Cooks for eight, a slow evening) is a few hundred moves and well under 100 KB.
MAX_BYTES = 4 * 1024 * 1024
MOST_MOVES = 50_000
MOST_PLAYERS = 64  # seats a table can have on the wire
MOST_NAME = 128  # characters of a name (a server keeps 32)
MOST_VALUES = 12 * MOST_MOVES  # JSON values in a file: a move is seat, action, time and a few more
LATEST = 1e11  # seconds since the epoch: a "finished" beyond (the year 5138) is no date
CHECKPOINT_EVERY = 8  # a seek replays at most this many moves less one

# A ReplayError's kinds (``outside``'s for a file that was not read), for a list that words them.
NOT_REPLAY = "not_replay"  # not a replay at all (or not JSON)
NEWER = "newer"  # a format version newer than this Soup Kitchen reads
UNKNOWN_GAME = "unknown_game"  # a game this Soup Kitchen does not know
DAMAGED = "damaged"  # a replay whose record does not hold together


class ReplayError(ValueError):
    """A replay that cannot be opened; ``str(err)`` says which fault and where, ``kind`` which sort
    of fault (one of this module's or of ``outside``'s kinds)."""

    def __init__(self, message: str, kind: str = DAMAGED) -> None:
        super().__init__(message)
        self.kind = kind


@dataclass(frozen=True)
class ReplayFile:
    """A finished game's record and what a listing says about it."""

    record: MatchRecord
    names: tuple[str, ...] = ()
    finished: float | None = None  # seconds since the epoch
    table: str | None = None  # the server's table id, if it came from one

    def to_json(self) -> dict[str, Any]:
        return {
            "format": FORMAT,
            "version": VERSION,
            **self.record.to_json(),
            "names": list(self.names),
            "finished": self.finished,
            "table": self.table,
        }

    def dumps(self) -> str:
        return json.dumps(self.to_json(), indent=None, separators=(",", ":"), allow_nan=False) + "\n"

    def name(self, seat: int | None) -> str:
        if seat is None:
            return "the table"
        return self.names[seat] if seat < len(self.names) and self.names[seat] else f"Player {seat + 1}"

    def file_name(self) -> str:
        """A file name for it: game, table or seed, ending in ``SUFFIX``."""
        tag = self.table or f"seed{self.record.seed}"
        return f"{self.record.game}-{''.join(c for c in tag if c.isalnum() or c in '-_')[:40]}{SUFFIX}"


def from_server(data: Any, where: str = "the server's replay") -> ReplayFile:
    """A ``GET /replays/<id>`` answer (the stored record, no format field) as a replay."""
    if isinstance(data, dict) and "format" not in data:
        data = {"format": FORMAT, "version": VERSION, **data}
    return parse_data(data, where)


def read(path: str | Path) -> ReplayFile:
    """A replay file's record, its structure checked (its moves are checked by ``Timeline``). The
    file is read without blocking and only if it is a regular file of at most ``MAX_BYTES``."""
    try:
        raw = outside.read_file(path, MAX_BYTES)
    except outside.OutsideError as err:
        raise ReplayError(str(err), err.kind) from None
    return parse(raw, str(path))


def parse(raw: bytes | str, where: str = "the replay") -> ReplayFile:
    """A replay from the text of a file (its values counted, its numbers and nesting bounded
    before the record is built)."""
    if isinstance(raw, bytes):
        try:
            raw = raw.decode("utf-8")
        except UnicodeDecodeError as err:
            raise ReplayError(
                f"{where} is not a Soup Kitchen replay: it is not text (byte {err.start})", NOT_REPLAY
            ) from None
    text = raw
    if not text.strip():
        raise ReplayError(f"{where} is empty: it holds no game", NOT_REPLAY)
    try:
        data = outside.loads(text, where, MOST_VALUES)
    except outside.OutsideError as err:
        raise ReplayError(
            f"{where} is not a Soup Kitchen replay: it {str(err).removeprefix(where + ' ')}", err.kind
        ) from None
    except json.JSONDecodeError as err:
        if err.pos >= len(text.rstrip()) or err.msg.startswith("Unterminated string"):
            raise ReplayError(
                f"{where} is cut short: it ends in the middle of the record "
                f"(line {err.lineno}, after {len(text)} characters)",
                NOT_REPLAY,
            ) from None
        raise ReplayError(
            f"{where} is not a Soup Kitchen replay: it is not JSON "
            f"(line {err.lineno}, column {err.colno}: {err.msg})",
            NOT_REPLAY,
        ) from None
    return parse_data(data, where)


def parse_data(data: Any, where: str = "the replay") -> ReplayFile:
    """A replay from decoded JSON."""
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise ReplayError(f'{where} is not a Soup Kitchen replay: it has no "format": "{FORMAT}"', NOT_REPLAY)
    version = data.get("version")
    if not isinstance(version, int) or isinstance(version, bool) or version < 1:
        raise ReplayError(
            f'{where} has no readable format version ("version" is {_shown(version)})', NOT_REPLAY
        )
    if version > VERSION:
        raise ReplayError(
            f"{where} is a replay of format version {version}, newer than this Soup Kitchen "
            f"reads (version {VERSION}): open it with a newer Soup Kitchen",
            NEWER,
        )
    game_id = data.get("game")
    if not isinstance(game_id, str) or registration(game_id) is None:
        raise ReplayError(
            f"{where} is a game of {_shown(game_id)}, which this Soup Kitchen does not know "
            f"(it knows {', '.join(game_ids())})",
            UNKNOWN_GAME,
        )
    game = get_game(game_id)
    players = data.get("players")
    if not isinstance(players, int) or isinstance(players, bool) or not 1 <= players <= MOST_PLAYERS:
        raise ReplayError(f"{where} has a table the rules do not allow: {_shown(players)} players")
    try:
        options = game.normalise_options(data.get("options"), players)
    except RuleError as err:
        raise ReplayError(f"{where} has a table the rules do not allow: {err}") from None
    seed = data.get("seed")
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise ReplayError(f'{where} has no whole-number "seed" (it is {_shown(seed)})')
    log = data.get("log")
    if not isinstance(log, list):
        raise ReplayError(f'{where} has no list of moves ("log")')
    if len(log) > MOST_MOVES:
        raise ReplayError(f"{where} has {len(log):,} moves; a replay has at most {MOST_MOVES:,}")
    for number, entry in enumerate(log, 1):
        reason = _entry_fault(entry, players)
        if reason:
            raise ReplayError(f"{where}: move {number} of {len(log)} is not a move: {reason}")
    names = data.get("names") or []
    if (
        not isinstance(names, list)
        or len(names) > MOST_PLAYERS
        or not all(isinstance(n, str | None) for n in names)
    ):
        raise ReplayError(f'{where} has "names" that are not a list of names, one a seat')
    longest = max((len(name) for name in names if name), default=0)
    if longest > MOST_NAME:
        raise ReplayError(f"{where} has a name of {longest:,} characters; a name has at most {MOST_NAME}")
    finished = data.get("finished")
    finished = float(finished) if is_number(finished) and 0 < finished < LATEST else None
    table = data.get("table")
    record = MatchRecord(
        game_id,
        players,
        options,
        seed,
        [{"seat": e["seat"], "action": e["action"], "t": e["t"]} for e in log],
    )
    return ReplayFile(
        record, tuple(n or "" for n in names[:players]), finished, table if isinstance(table, str) else None
    )


def _entry_fault(entry: Any, players: int) -> str | None:
    if not isinstance(entry, dict):
        return 'it is not an object with "seat", "action" and "t"'
    seat = entry.get("seat")
    if seat is not SYSTEM and not (
        isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < players
    ):
        return f"its seat {_shown(seat)} is not a seat of this table"
    if not isinstance(entry.get("action"), dict):
        return "it has no action object"
    t = entry.get("t")
    if not is_number(t) or not math.isfinite(t):
        return f"its time {_shown(t)} is not a number of seconds"
    return None


def _shown(value: Any) -> str:
    """A value from the file, as a sentence may quote it: short, whatever it is."""
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


@dataclass
class Timeline:
    """Every moment of one finished game: ``state(i)`` is the state after the first ``i`` moves
    (0: the deal). Building it plays every move through the rules (``ReplayError`` names the first
    the rules refuse, or says the game never ends); a checkpoint every ``every`` moves makes any
    seek replay at most ``every - 1`` moves."""

    replay: ReplayFile
    game: Game = field(init=False)
    checkpoints: list[Any] = field(init=False)
    every: int = CHECKPOINT_EVERY
    where: str = "the replay"

    def __post_init__(self) -> None:
        record = self.replay.record
        self.game = get_game(record.game)
        state = self.game.setup(record.players, record.options, record.seed)
        self.checkpoints = [state]
        log = record.log
        for number, entry in enumerate(log, 1):
            if self.game.is_over(state):
                raise ReplayError(f"{self.where}: move {number} of {len(log)} comes after the game was over")
            action = self.game.upgrade_action(state, entry["action"])
            if action is not entry["action"]:  # recorded by an older version: kept in today's words
                entry = log[number - 1] = {**entry, "action": action}
            try:
                state, _events = self.game.apply(state, entry["seat"], entry["action"], entry["t"])
            except RuleError as err:
                raise ReplayError(
                    f"{self.where}: move {number} of {len(log)} ({self.replay.name(entry['seat'])}, "
                    f"{str(entry['action'].get('type'))[:30]!r} at {entry['t']:.1f} s) is refused "
                    f"by the rules: {err}"
                ) from None
            if number % self.every == 0:
                self.checkpoints.append(state)
        if not self.game.is_over(state):
            raise ReplayError(f"{self.where} is cut short: after its {len(log)} moves the game is not over")
        self.final = state
        self._cache: tuple[int, Any] = (len(log), state)

    @property
    def record(self) -> MatchRecord:
        return self.replay.record

    @property
    def length(self) -> int:
        """How many moves the game had."""
        return len(self.record.log)

    def state(self, index: int) -> Any:
        """The state after the first ``index`` moves (clamped to the game)."""
        index = max(0, min(self.length, index))
        cached_at, cached = self._cache
        base = index - index % self.every
        if base <= cached_at <= index:
            base, state = cached_at, cached
        else:
            state = self.checkpoints[base // self.every]
        for entry in self.record.log[base:index]:
            state, _events = self.game.apply_validated(state, entry["seat"], entry["action"], entry["t"])
        self._cache = (index, state)
        return state

    def events(self, index: int) -> list[dict[str, Any]]:
        """The public events of move ``index`` (1-based; [] for the deal)."""
        if not 1 <= index <= self.length:
            return []
        entry = self.record.log[index - 1]
        return self.game.apply_validated(self.state(index - 1), entry["seat"], entry["action"], entry["t"])[1]

    def view(self, index: int, seat: int | None) -> dict[str, Any]:
        """Exactly what ``seat`` (None: a spectator) was shown after the first ``index`` moves."""
        return json.loads(canonical_json(self.game.view(self.state(index), seat)))

    def time(self, index: int) -> float:
        """The game clock at the moment after ``index`` moves."""
        return self.record.log[index - 1]["t"] if 1 <= index <= self.length else 0.0

    def steps(self) -> Iterator[tuple[int, dict[str, Any], Any, Any, list[dict[str, Any]]]]:
        """(move number, log entry, state before, state after, events) for every move, in order."""
        state = self.checkpoints[0]
        for number, entry in enumerate(self.record.log, 1):
            after, events = self.game.apply_validated(state, entry["seat"], entry["action"], entry["t"])
            yield number, entry, state, after, events
            state = after

    def turns(self) -> list[int]:
        """The moment (move count) at which each turn begins: a turn is the moves one seat makes in a
        row; the table clock's moves belong to the turn they fall in."""
        starts, last = [0], SYSTEM
        for number, entry in enumerate(self.record.log, 1):
            seat = entry["seat"]
            if seat is not SYSTEM and seat != last:
                if number - 1 > starts[-1]:
                    starts.append(number - 1)
                last = seat
        return starts


def load(path: str | Path) -> Timeline:
    """A replay file read, checked move by move and ready to seek; ``ReplayError`` otherwise."""
    return Timeline(read(path), where=str(path))


def export(replay: ReplayFile, folder: str | Path) -> Path:
    """Write ``replay`` into ``folder`` under its own file name; the path written."""
    target = Path(folder) / replay.file_name()
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(replay.dumps(), encoding="utf-8")
    return target


def review_of(timeline: Timeline) -> dict[str, Any] | None:
    """The game's review of a finished game, as structure (the ``review`` of the module its
    registration declares), or None for a game without one. Every secret of the game may be in it."""
    module = reviewer(timeline.game.id)
    return None if module is None else module.review(timeline)


def face_up(timeline: Timeline, index: int) -> dict[str, Any] | None:
    """Everything hidden at the moment after ``index`` moves, as structure (the review module's
    ``face_up``), or None for a game without one."""
    module = reviewer(timeline.game.id)
    return None if module is None else module.face_up(timeline.state(index))


def turned_up(timeline: Timeline, index: int) -> dict[str, Any]:
    """The spectator's view after ``index`` moves with every hidden card on the table face up (the
    review module's ``turned_up``), for the replay's face-up eyes; the spectator's view as it was for
    a game without one."""
    view = timeline.view(index, None)
    module = reviewer(timeline.game.id)
    turn = getattr(module, "turned_up", None) if module is not None else None
    return view if turn is None else turn(timeline.state(index), view)
