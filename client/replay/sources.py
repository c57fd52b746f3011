"""Where the replay list finds finished games: the solo and hosted games in the data folder (their
servers' databases, read only), the replay files exported there, and the replays of the server this
client is connected to (``GET /replays``). Only finished games: a live game has no replay."""

from __future__ import annotations

import json
import logging
import sqlite3
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import aiohttp

from soupkitchen.client import settings
from soupkitchen.client.words import N_
from soupkitchen.shared.replay import SUFFIX, ReplayError, ReplayFile, Timeline, from_server, read

log = logging.getLogger(__name__)

LOCAL_DATABASES = (("solo.sqlite3", N_("Solo")), ("host.sqlite3", N_("Hosted")))
PLACES = (N_("Solo"), N_("Hosted"), N_("File"))   # where a listed game was found, worded when shown
MOST = 200   # entries listed from each place


@dataclass
class Entry:
    """One finished game in the list, and how to get its record."""

    where: str                     # "Solo", "Hosted", "File" or the server's address
    game: str
    names: tuple[str, ...]
    when: float | None             # seconds since the epoch
    fetch: Callable[[], Awaitable[ReplayFile]]
    key: str


def replays_folder() -> Path:
    return settings.data_dir() / "replays"


def local_entries(folder: Path | None = None) -> list[Entry]:
    """The finished games of this machine's solo and hosted tables, and its exported files."""
    folder = folder or settings.data_dir()
    entries: list[Entry] = []
    databases = [(folder / file_name, where) for file_name, where in LOCAL_DATABASES]
    databases += [(path, "Solo") for path in sorted((folder / "kitchens").glob("*.sqlite3"))]   # a kitchen per solo game
    for path, where in databases:
        if path.exists():
            try:
                entries += _database_entries(path, where)
            except sqlite3.Error as err:
                log.warning("could not read the finished games of %s: %s", path, err)
    for path in sorted((folder / "replays").glob(f"*{SUFFIX}"))[-MOST:]:
        entries.append(_file_entry(path))
    return entries


def _database_entries(path: Path, where: str) -> list[Entry]:
    db = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    try:
        rows = db.execute("SELECT id, game, players, created, finished FROM tables WHERE over = 1"
                          " ORDER BY COALESCE(finished, created) DESC LIMIT ?", (MOST,)).fetchall()
        entries = []
        for table_id, game, players, created, finished in rows:
            names = tuple(name or f"Bot {seat + 1}" for seat, name in db.execute(
                "SELECT seat, name FROM seats WHERE table_id = ? ORDER BY seat", (table_id,)))
            entries.append(Entry(where, game, names[:players], finished or created,
                                 _database_record(path, table_id, names, finished), f"{where}:{table_id}"))
        return entries
    finally:
        db.close()


def _database_record(path: Path, table_id: str, names: tuple[str, ...], finished: float | None):
    async def fetch() -> ReplayFile:
        db = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
        try:
            game, players, options, seed = db.execute(
                "SELECT game, players, options, seed FROM tables WHERE id = ? AND over = 1", (table_id,)).fetchone()
            log_rows = db.execute("SELECT seat, action, t FROM actions WHERE table_id = ? ORDER BY idx", (table_id,))
            data = {"game": game, "players": players, "options": json.loads(options), "seed": seed,
                    "log": [{"seat": seat, "action": json.loads(action), "t": t} for seat, action, t in log_rows],
                    "names": list(names), "finished": finished, "table": table_id}
        except (sqlite3.Error, TypeError, ValueError) as err:
            raise ReplayError(f"the game {table_id} in {path.name} cannot be read: {err}") from None
        finally:
            db.close()
        return from_server(data, f"the game {table_id} in {path.name}")

    return fetch


def _file_entry(path: Path) -> Entry:
    async def fetch() -> ReplayFile:
        return read(path)

    try:
        replay = read(path)
        return Entry("File", replay.record.game, tuple(replay.name(s) for s in range(replay.record.players)),
                     replay.finished or path.stat().st_mtime, fetch, f"file:{path}")
    except (ReplayError, OSError):
        return Entry("File", "?", (path.name,), None, fetch, f"file:{path}")


async def server_entries(url: str, timeout: float = 5.0) -> list[Entry]:
    """The finished games of the server at ``url``."""
    async with aiohttp.ClientSession(timeout=aiohttp.ClientTimeout(total=timeout)) as http, \
            http.get(f"{url}/replays") as response:
        response.raise_for_status()
        listing = await response.json()
    entries = []
    for match in listing.get("matches", [])[:MOST]:
        if not isinstance(match, dict) or not isinstance(match.get("id"), str):
            continue
        names = tuple(str(n) for n in match.get("names") or [f"Player {s + 1}" for s in range(int(match.get("players", 0)))])
        entries.append(Entry(url, str(match.get("game")), names, match.get("finished") or match.get("created"),
                             _server_record(url, match["id"], timeout), f"{url}:{match['id']}"))
    return entries


def _server_record(url: str, table_id: str, timeout: float):
    async def fetch() -> ReplayFile:
        try:
            async with aiohttp.ClientSession(timeout=aiohttp.ClientTimeout(total=timeout)) as http, \
                    http.get(f"{url}/replays/{table_id}") as response:
                if response.status == 404:
                    raise ReplayError(f"the server at {url} has no finished game {table_id}")
                response.raise_for_status()
                data: Any = await response.json()
        except (aiohttp.ClientError, TimeoutError, ValueError) as err:
            raise ReplayError(f"the server at {url} did not send the game {table_id}: {err}") from None
        if isinstance(data, dict):
            data.setdefault("table", table_id)
        return from_server(data, f"the game {table_id} from {url}")

    return fetch


async def finished_table(url: str, table_id: str) -> Timeline:
    """The finished game ``table_id`` of the server at ``url``, ready to watch and review."""
    return Timeline(await _server_record(url, table_id, 10.0)(), where=f"the game {table_id}")
