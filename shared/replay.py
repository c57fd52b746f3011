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

from soupkitchen.shared.core import SYSTEM, Game, RuleError, canonical_json, is_number
from soupkitchen.shared.match import MatchRecord
from soupkitchen.shared.registry import game_ids, get_game, registration, reviewer

FORMAT = "soupkitchen-replay"
VERSION = 1
SUFFIX = ".soupreplay.json"
MAX_BYTES = 32 * 1024 * 1024   # a long game is well under a megabyte
CHECKPOINT_EVERY = 8   # a seek replays at most this many moves less one


class ReplayError(ValueError):
    """A replay that cannot be opened; ``str(err)`` says which fault and where."""


@dataclass(frozen=True)
class ReplayFile:
    """A finished game's record and what a listing says about it."""

    record: MatchRecord
    names: tuple[str, ...] = ()
    finished: float | None = None   # seconds since the epoch
    table: str | None = None        # the server's table id, if it came from one

    def to_json(self) -> dict[str, Any]:
        return {"format": FORMAT, "version": VERSION, **self.record.to_json(),
                "names": list(self.names), "finished": self.finished, "table": self.table}

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
    """A replay file's record, its structure checked (its moves are checked by ``Timeline``)."""
    where = str(path)
    try:
        with open(path, "rb") as handle:
            raw = handle.read(MAX_BYTES + 1)
    except OSError as err:
        raise ReplayError(f"{where} cannot be read: {err.strerror or err}") from None
    if len(raw) > MAX_BYTES:
        raise ReplayError(f"{where} is not a Soup Kitchen replay: it is larger than {MAX_BYTES // 2**20} MB")
    return parse(raw, where)


def parse(raw: bytes | str, where: str = "the replay") -> ReplayFile:
    """A replay from the text of a file."""
    try:
        text = raw.decode("utf-8") if isinstance(raw, bytes) else raw
    except UnicodeDecodeError as err:
        raise ReplayError(f"{where} is not a Soup Kitchen replay: it is not text (byte {err.start})") from None
    if not text.strip():
        raise ReplayError(f"{where} is empty: it holds no game")
    try:
        data = json.loads(text)
    except json.JSONDecodeError as err:
        if err.pos >= len(text.rstrip()) or err.msg.startswith("Unterminated string"):
            raise ReplayError(f"{where} is cut short: it ends in the middle of the record "
                              f"(line {err.lineno}, after {len(text)} characters)") from None
        raise ReplayError(f"{where} is not a Soup Kitchen replay: it is not JSON "
                          f"(line {err.lineno}, column {err.colno}: {err.msg})") from None
    except RecursionError:
        raise ReplayError(f"{where} is not a Soup Kitchen replay: it is nested too deep") from None
    return parse_data(data, where)


def parse_data(data: Any, where: str = "the replay") -> ReplayFile:
    """A replay from decoded JSON."""
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise ReplayError(f"{where} is not a Soup Kitchen replay: it has no \"format\": \"{FORMAT}\"")
    version = data.get("version")
    if not isinstance(version, int) or isinstance(version, bool) or version < 1:
        raise ReplayError(f"{where} has no readable format version (\"version\" is {version!r})")
    if version > VERSION:
        raise ReplayError(f"{where} is a replay of format version {version}, newer than this Soup Kitchen "
                          f"reads (version {VERSION}): open it with a newer Soup Kitchen")
    game_id = data.get("game")
    if not isinstance(game_id, str) or registration(game_id) is None:
        raise ReplayError(f"{where} is a game of {str(game_id)[:40]!r}, which this Soup Kitchen does not know "
                          f"(it knows {', '.join(game_ids())})")
    game = get_game(game_id)
    players = data.get("players")
    try:
        options = game.normalise_options(data.get("options"), players)
    except RuleError as err:
        raise ReplayError(f"{where} has a table the rules do not allow: {err}") from None
    seed = data.get("seed")
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise ReplayError(f"{where} has no whole-number \"seed\" (it is {seed!r})")
    log = data.get("log")
    if not isinstance(log, list):
        raise ReplayError(f"{where} has no list of moves (\"log\")")
    for number, entry in enumerate(log, 1):
        reason = _entry_fault(entry, players)
        if reason:
            raise ReplayError(f"{where}: move {number} of {len(log)} is not a move: {reason}")
    names = data.get("names") or []
    if not isinstance(names, list) or not all(isinstance(n, str | None) for n in names):
        raise ReplayError(f"{where} has \"names\" that are not a list of names")
    finished = data.get("finished")
    finished = float(finished) if is_number(finished) and math.isfinite(finished) else None
    table = data.get("table")
    record = MatchRecord(game_id, players, options, seed,
                         [{"seat": e["seat"], "action": e["action"], "t": e["t"]} for e in log])
    return ReplayFile(record, tuple(n or "" for n in names[:players]), finished,
                      table if isinstance(table, str) else None)


def _entry_fault(entry: Any, players: int) -> str | None:
    if not isinstance(entry, dict):
        return "it is not an object with \"seat\", \"action\" and \"t\""
    seat = entry.get("seat")
    if seat is not SYSTEM and not (isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < players):
        return f"its seat {seat!r} is not a seat of this table"
    if not isinstance(entry.get("action"), dict):
        return "it has no action object"
    t = entry.get("t")
    if not is_number(t) or not math.isfinite(t):
        return f"its time {t!r} is not a number of seconds"
    return None


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
            try:
                state, _events = self.game.apply(state, entry["seat"], entry["action"], entry["t"])
            except RuleError as err:
                raise ReplayError(f"{self.where}: move {number} of {len(log)} ({self.replay.name(entry['seat'])}, "
                                  f"{str(entry['action'].get('type'))[:30]!r} at {entry['t']:.1f} s) is refused "
                                  f"by the rules: {err}") from None
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
