"""Where the replay list finds finished games: the solo and hosted games in the data folder (their
servers' databases, read only), the replay files exported there, and the replays of the server this
client is connected to (``GET /replays``). Only finished games: a live game has no replay.

A file of the replays folder, or another server's answer, may be anyone's: each file is read only
if it is a regular file within ``replay.MAX_BYTES`` (``shared.outside``), and a server's answer is
read with a timeout, within a byte cap, its JSON bounded, and every count checked before a name is
made. What cannot be read is skipped and said (``Listing.skipped``), never a traceback or a hang."""

from __future__ import annotations

import json
import logging
import sqlite3
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import quote

import aiohttp

from soupkitchen.client import settings
from soupkitchen.client.words import N_
from soupkitchen.shared import outside
from soupkitchen.shared.replay import (
    MAX_BYTES,
    MOST_PLAYERS,
    MOST_VALUES,
    NOT_REPLAY,
    SUFFIX,
    ReplayError,
    ReplayFile,
    Timeline,
    from_server,
    read,
)

log = logging.getLogger(__name__)

LOCAL_DATABASES = (("solo.sqlite3", N_("Solo")), ("host.sqlite3", N_("Hosted")))
PLACES = (N_("Solo"), N_("Hosted"), N_("File"))  # where a listed game was found, worded when shown
MOST = 200  # entries listed from each place
LISTING_BYTES = 512 * 1024  # a server's /replays answer: its 100 newest games take about 30 KB
LISTING_VALUES = 50_000
MOST_ID = 64  # characters of a table id (as the wire allows)


@dataclass
class Entry:
    """One finished game in the list, and how to get its record."""

    where: str  # "Solo", "Hosted", "File" or the server's address
    game: str
    names: tuple[str, ...]
    when: float | None  # seconds since the epoch
    fetch: Callable[[], Awaitable[ReplayFile]]
    key: str
    exported: bool = False  # a game of this machine's that was also exported to a file
    # deletes the game from this machine (its table in a database, its file, any exported copy);
    # None: not this machine's to delete (a server's game)
    remove: Callable[[], None] | None = None
    files: list[Path] = field(default_factory=list)  # the exported copies of a game played here


@dataclass(frozen=True)
class Skipped:
    """A file the list could not read: its name, and why (a ReplayError's ``kind`` and sentence)."""

    name: str
    kind: str
    reason: str


@dataclass
class Listing:
    """What one place holds: the games it lists, and what it skipped."""

    entries: list[Entry]
    skipped: list[Skipped]


def replays_folder() -> Path:
    return settings.data_dir() / "replays"


def local_entries(folder: Path | None = None) -> list[Entry]:
    """The finished games of this machine's solo and hosted tables, and its exported files."""
    return local_listing(folder).entries


def local_listing(folder: Path | None = None) -> Listing:
    """The finished games of this machine's solo and hosted tables and its exported files, and the
    files of the replays folder that could not be read."""
    folder = folder or settings.data_dir()
    entries: list[Entry] = []
    skipped: list[Skipped] = []
    databases = [(folder / file_name, where) for file_name, where in LOCAL_DATABASES]
    databases += [
        (path, "Solo") for path in sorted((folder / "kitchens").glob("*.sqlite3"))
    ]  # a kitchen per solo game
    for path, where in databases:
        if path.is_file():  # a regular file: SQLite would wait for ever on a FIFO
            try:
                entries += _database_entries(path, where)
            except sqlite3.Error as err:
                log.warning("could not read the finished games of %s: %s", path, err)
    played_here = {entry.key.split(":", 1)[1]: entry for entry in entries}
    for path in sorted((folder / "replays").glob(f"*{SUFFIX}"))[-MOST:]:
        try:
            entry, table = _file_entry(path)
        except ReplayError as err:
            log.warning("skipped %s", err)
            skipped.append(Skipped(path.name, err.kind, str(err)))
            continue
        if table is not None and table in played_here:  # the file of a game listed already: listed once
            played_here[table].exported = True
            played_here[table].files.append(path)
        else:
            entries.append(entry)
    return Listing(entries, skipped)


def _database_entries(path: Path, where: str) -> list[Entry]:
    db = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    try:
        rows = db.execute(
            "SELECT id, game, players, created, finished FROM tables WHERE over = 1"
            " ORDER BY COALESCE(finished, created) DESC LIMIT ?",
            (MOST,),
        ).fetchall()
        entries = []
        for table_id, game, players, created, finished in rows:
            names = tuple(
                name or f"Bot {seat + 1}"
                for seat, name in db.execute(
                    "SELECT seat, name FROM seats WHERE table_id = ? ORDER BY seat", (table_id,)
                )
            )
            entries.append(
                Entry(
                    where,
                    game,
                    names[:players],
                    finished or created,
                    _database_record(path, table_id, names, finished),
                    f"{where}:{table_id}",
                )
            )
            entries[-1].remove = _database_remover(path, table_id, entries[-1])
        return entries
    finally:
        db.close()


def _database_remover(path: Path, table_id: str, entry: Entry) -> Callable[[], None]:
    """Deletes a finished game from its database (a live one is never touched), and the copies of
    it exported to files."""

    def remove() -> None:
        db = sqlite3.connect(path, timeout=2.0)
        try:
            with db:
                if db.execute("SELECT 1 FROM tables WHERE id = ? AND over = 1", (table_id,)).fetchone():
                    for name, key in (
                        ("actions", "table_id"),
                        ("seats", "table_id"),
                        ("clocks", "table_id"),
                        ("tables", "id"),
                    ):
                        db.execute(f"DELETE FROM {name} WHERE {key} = ?", (table_id,))
        finally:
            db.close()
        for copy in entry.files:
            copy.unlink(missing_ok=True)

    return remove


def _database_record(path: Path, table_id: str, names: tuple[str, ...], finished: float | None):
    async def fetch() -> ReplayFile:
        db = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
        try:
            game, players, options, seed = db.execute(
                "SELECT game, players, options, seed FROM tables WHERE id = ? AND over = 1", (table_id,)
            ).fetchone()
            log_rows = db.execute(
                "SELECT seat, action, t FROM actions WHERE table_id = ? ORDER BY idx", (table_id,)
            )
            data = {
                "game": game,
                "players": players,
                "options": json.loads(options),
                "seed": seed,
                "log": [{"seat": seat, "action": json.loads(action), "t": t} for seat, action, t in log_rows],
                "names": list(names),
                "finished": finished,
                "table": table_id,
            }
        except (sqlite3.Error, TypeError, ValueError) as err:
            raise ReplayError(f"the game {table_id} in {path.name} cannot be read: {err}") from None
        finally:
            db.close()
        return from_server(data, f"the game {table_id} in {path.name}")

    return fetch


def _file_entry(path: Path) -> tuple[Entry, str | None]:
    """The file's entry, and the table its game was played at (if it says); ReplayError if it cannot
    be read or is not a replay."""

    async def fetch() -> ReplayFile:
        return read(path)

    replay = read(path)
    return Entry(
        "File",
        replay.record.game,
        tuple(replay.name(s) for s in range(replay.record.players)),
        replay.finished or _modified(path),
        fetch,
        f"file:{path}",
        remove=lambda: path.unlink(missing_ok=True),
    ), replay.table


def _modified(path: Path) -> float | None:
    try:
        return path.stat().st_mtime
    except OSError:
        return None


async def fetch_json(url: str, where: str, most_bytes: int, most_values: int, timeout: float) -> Any:
    """The JSON answer of a GET to ``url``, read within ``timeout`` seconds and ``most_bytes``, its
    values bounded (``outside.loads``); ReplayError naming ``where`` otherwise (``kind``
    ``outside.MISSING`` for a 404)."""
    from soupkitchen.client.net import tls

    connector = aiohttp.TCPConnector(ssl=tls.client_context()) if url.startswith("https://") else None
    limits = aiohttp.ClientTimeout(total=timeout, sock_read=timeout)
    body = bytearray()
    try:
        async with (
            aiohttp.ClientSession(timeout=limits, connector=connector) as http,
            http.get(url) as response,
        ):
            if response.status == 404:
                raise ReplayError(f"{where} is not there (the server answered 404)", outside.MISSING)
            response.raise_for_status()
            if (response.content_length or 0) > most_bytes:
                raise ReplayError(
                    f"{where} is too large: {response.content_length:,} bytes, and at most "
                    f"{most_bytes:,} are read",
                    outside.TOO_LARGE,
                )
            async for chunk in response.content.iter_chunked(64 * 1024):
                body += chunk
                if len(body) > most_bytes:
                    raise ReplayError(
                        f"{where} is too large: more than {most_bytes:,} bytes", outside.TOO_LARGE
                    )
    except TimeoutError:
        raise ReplayError(f"{where} did not come within {timeout:g} s", outside.UNREADABLE) from None
    except (aiohttp.ClientError, OSError) as err:
        raise ReplayError(
            f"{where} could not be fetched: {err or type(err).__name__}", outside.UNREADABLE
        ) from None
    try:
        return outside.loads(bytes(body), where, most_values)
    except outside.OutsideError as err:
        raise ReplayError(str(err), err.kind) from None
    except ValueError as err:  # not JSON
        raise ReplayError(f"{where} is not JSON ({err})", NOT_REPLAY) from None


async def server_entries(url: str, timeout: float = 5.0) -> list[Entry]:
    """The finished games of the server at ``url``."""
    return (await server_listing(url, timeout)).entries


async def server_listing(url: str, timeout: float = 5.0) -> Listing:
    """The finished games of the server at ``url`` (``GET /replays``), a match it describes in a way
    this client cannot read skipped; ReplayError if the answer cannot be read at all."""
    where = f"the list of replays of {url}"
    listing = await fetch_json(f"{url}/replays", where, LISTING_BYTES, LISTING_VALUES, timeout)
    matches = listing.get("matches") if isinstance(listing, dict) else None
    if not isinstance(matches, list):
        raise ReplayError(f'{where} is not a list of games (no "matches" list in an object)', NOT_REPLAY)
    entries, skipped = [], []
    for number, match in enumerate(matches[:MOST], 1):
        try:
            entries.append(_match_entry(url, match, timeout))
        except ReplayError as err:
            skipped.append(Skipped(f"{url} #{number}", err.kind, f"{where}, game {number}: {err}"))
    if skipped:
        log.warning(
            "skipped %d of the %d games %s lists: %s",
            len(skipped),
            len(matches[:MOST]),
            where,
            skipped[0].reason,
        )
    return Listing(entries, skipped)


def _match_entry(url: str, match: Any, timeout: float) -> Entry:
    """One game of a server's list; ReplayError (``NOT_REPLAY``) if it is not described as one is,
    each count checked before anything is built from it."""
    if not isinstance(match, dict):
        raise ReplayError("it is not an object", NOT_REPLAY)
    table_id, game = match.get("id"), match.get("game")
    if not isinstance(table_id, str) or not 0 < len(table_id) <= MOST_ID or not isinstance(game, str):
        raise ReplayError("it has no table id and game", NOT_REPLAY)
    players, names = match.get("players"), match.get("names")
    if names is not None:
        if not isinstance(names, list) or not 0 < len(names) <= MOST_PLAYERS:
            raise ReplayError(f"its names are not a list of at most {MOST_PLAYERS}", NOT_REPLAY)
        shown = tuple(str(name)[:32] if name is not None else "" for name in names)
    elif isinstance(players, int) and not isinstance(players, bool) and 0 < players <= MOST_PLAYERS:
        shown = tuple(f"Player {seat + 1}" for seat in range(players))
    else:
        raise ReplayError(f"its players are not a number from 1 to {MOST_PLAYERS}", NOT_REPLAY)
    when = next(
        (
            value
            for value in (match.get("finished"), match.get("created"))
            if isinstance(value, int | float) and not isinstance(value, bool) and 0 < value < 1e11
        ),
        None,
    )
    return Entry(url, game[:40], shown, when, _server_record(url, table_id, timeout), f"{url}:{table_id}")


def _server_record(url: str, table_id: str, timeout: float):
    async def fetch() -> ReplayFile:
        where = f"the game {table_id} from {url}"
        try:
            data = await fetch_json(
                f"{url}/replays/{quote(table_id, safe='')}", where, MAX_BYTES, MOST_VALUES, timeout
            )
        except ReplayError as err:
            if err.kind == outside.MISSING:
                raise ReplayError(f"the server at {url} has no finished game {table_id}", err.kind) from None
            raise
        if isinstance(data, dict):
            data.setdefault("table", table_id)
        return from_server(data, where)

    return fetch


async def finished_table(url: str, table_id: str) -> Timeline:
    """The finished game ``table_id`` of the server at ``url``, ready to watch and review."""
    return Timeline(await _server_record(url, table_id, 10.0)(), where=f"the game {table_id}")
