"""The ways into a game: solo and couch play on an embedded server, hosting a LAN game, joining one,
and resuming the last solo game. Each flow runs on the client's loop and ends on a scene.
"""

from __future__ import annotations

import asyncio
import importlib
import json
import logging
import secrets
import sqlite3
import threading
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any

from soupkitchen.client.net.connection import Connection, ServerError
from soupkitchen.client.net.session import TableSession
from soupkitchen.client.settings import data_dir, read_json
from soupkitchen.client.words import _, ngettext
from soupkitchen.shared import outside
from soupkitchen.shared.levels import NORMAL
from soupkitchen.shared.wire.constants import DEFAULT_PORT

if TYPE_CHECKING:
    from soupkitchen.client.app import App
    from soupkitchen.shared.models import GameSummary

log = logging.getLogger(__name__)
RECENT_MOMENTS = 150  # a resumed game's latest moments its table is told again (a round of Too Many Cooks)


def local_games() -> list[GameSummary]:
    """The registered games this client can offer, as a server lists them in ``hello`` (a game
    left out for a fault is not among them: ``shared.registry.left_out`` says why)."""
    from soupkitchen.shared.registry import registrations

    return [entry.summary() for entry in registrations()]


def timed(game_id: str) -> bool:
    """Whether a game's table has a clock that acts by itself (a round's timer, a challenge window),
    which a couch hand-off may hold."""
    from soupkitchen.shared.registry import registration

    entry = registration(game_id)
    return bool(entry and entry.facts.real_time)


def solo_options(game_id: str) -> dict[str, Any]:
    """The options a table of one person among bots starts from, where its game declares its own."""
    from soupkitchen.shared.registry import registration

    entry = registration(game_id)
    return dict(entry.solo_options) if entry is not None else {}


def resume_file() -> Path:
    """Where an older client kept its one unfinished game (still offered, as one of the list)."""
    return data_dir() / "resume.json"


def unfinished_dir() -> Path:
    """Every unfinished solo or couch game, one record each (its table, seat tokens and kitchen)."""
    return data_dir() / "unfinished"


def kitchens_dir() -> Path:
    """The solo and couch kitchens' databases: one per game started from the title, so that an
    unfinished game waits untouched (no bot stands in for its player) while another is played."""
    return data_dir() / "kitchens"


def hosting_file() -> Path:
    return data_dir() / "hosting.json"


def saved_game(path: Path | None = None) -> dict[str, Any] | None:
    """The game a record at ``path`` can resume (the newest unfinished one by default; from
    ``hosting_file()``, the LAN table this client hosts), if any."""
    if path is None:
        games = saved_games()
        return games[0] if games else None
    try:
        data = read_json(path, "the saved game")
    except outside.OutsideError as err:
        if err.kind != outside.MISSING:
            log.warning("ignoring %s", err)
        return None
    if not isinstance(data, dict) or not isinstance(data.get("tokens"), dict):
        return None
    return {**data, "record": str(path)}


def saved_games() -> list[dict[str, Any]]:
    """Every unfinished solo or couch game that can be resumed, the most recently saved first."""
    paths = sorted(unfinished_dir().glob("*.json")) if unfinished_dir().is_dir() else []
    found = [game for game in (saved_game(path) for path in [*paths, resume_file()]) if game is not None]
    return sorted(found, key=lambda game: -float(game.get("saved") or 0))


def saved_progress(saved: dict[str, Any]) -> dict[str, Any]:
    """What the title says of an unfinished game, from its kitchen's database (read only): the
    people's names, how many bots play, the moves made and when the last one was made (else when it
    was saved)."""
    found: dict[str, Any] = {"names": [], "bots": 0, "moves": None, "last": saved.get("saved")}
    db, table = saved.get("db"), saved.get("table")
    if not db or not table or not Path(db).exists():
        return found
    try:
        connection = sqlite3.connect(f"file:{db}?mode=ro", uri=True)
        try:
            seats = connection.execute(
                "SELECT name, bot FROM seats WHERE table_id = ? ORDER BY seat", (table,)
            ).fetchall()
            found["names"] = [name for name, bot in seats if name and not bot]
            found["bots"] = sum(1 for name, bot in seats if bot or not name)
            moves, last = connection.execute(
                "SELECT COUNT(*), MAX(t) FROM actions WHERE table_id = ?", (table,)
            ).fetchone()
            found["moves"] = int(moves or 0)
        finally:
            connection.close()
        if moves:  # the kitchen's files are written with every move
            files = [Path(f"{db}{end}") for end in ("", "-wal")]
            written = [path.stat().st_mtime for path in files if path.exists()]
            found["last"] = max([float(saved.get("saved") or 0), *written])
    except (sqlite3.Error, OSError, TypeError, ValueError) as err:
        log.info("could not read the progress of %s: %s", table, err)
    return found


def saved_hosting() -> dict[str, Any] | None:
    """The LAN table this client was hosting when it closed or crashed, if any."""
    return saved_game(hosting_file())


def _save_game(session: TableSession, path: Path | None = None, **extra: Any) -> None:
    path = path or unfinished_dir() / f"{session.table['id']}.json"
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(
            json.dumps(
                {
                    "game": session.game_id,
                    "table": session.table["id"],
                    "title": session.table.get("title", session.game_id),
                    "tokens": {str(k): v for k, v in session.tokens.items()},
                    "pads": {str(k): v for k, v in session.pads.items()},
                    "saved": time.time(),
                    **extra,
                }
            ),
            encoding="utf-8",
        )
    except OSError as err:
        log.warning("could not save %s: %s", path.name, err)


def forget_saved_game(path: Path | None = None, table: str | None = None) -> None:
    """Forget the record at ``path``, or the unfinished game of ``table`` (a game that finished), or
    else the newest."""
    games = saved_games()
    paths = (
        [path]
        if path is not None
        else [game["record"] for game in games if game.get("table") == table]
        if table is not None
        else [game["record"] for game in games[:1]]
    )
    for record in paths:
        try:
            Path(record).unlink()
        except OSError:
            pass


# --- servers and connections -------------------------------------------------------------------------
_warming: threading.Thread | None = None


def warm_up() -> None:
    """Import the embedded server and the games' tables in the background, once, while the player
    reads the title: the first solo game then starts without waiting for them (scripts/bench_start.py)."""
    from soupkitchen.client.games import client_registration
    from soupkitchen.shared.registry import registrations

    global _warming
    if _warming is None:
        entries = [client_registration(entry.facts.id) for entry in registrations()]
        tables = [entry.table for entry in entries if entry is not None and entry.table is not None]
        _warming = threading.Thread(target=_import_for_play, args=(tables,), name="warm-up", daemon=True)
        _warming.start()


def _import_for_play(tables: list[Any]) -> None:
    from soupkitchen.shared.registry import resolve

    try:
        importlib.import_module("soupkitchen.server.embedded")
        for table in tables:
            resolve(table)
    except Exception:  # noqa: BLE001 - imported again when needed, where a fault is shown
        log.exception("warming up failed")


def new_kitchen() -> Path:
    """A database of its own for a solo or couch game started from the title."""
    return kitchens_dir() / f"solo-{time.strftime('%Y%m%d-%H%M%S')}-{secrets.token_hex(3)}.sqlite3"


def running_on(app: App, db: Path) -> bool:
    config = getattr(app.server, "config", None)
    return config is not None and Path(str(config.db_path)) == Path(db)


async def start_embedded(app: App, lan: bool, port: int | None = None, db: Path | None = None) -> str:
    """Start (or reuse) a server on this machine; its URL. LAN: discovery on, ``port`` or else the
    usual port if free. A local one runs on the kitchen ``db`` (to resume the game there), or reuses
    the one running (a game played again), or else starts on a new kitchen of its own."""
    from soupkitchen.server.embedded import EmbeddedServer

    if app.server is not None:
        if getattr(app.server, "lan", False) == lan and (db is None or running_on(app, db)):
            return app.server.url
        await stop_embedded(app)
    db = data_dir() / "host.sqlite3" if lan else db or new_kitchen()
    db.parent.mkdir(parents=True, exist_ok=True)
    host = "0.0.0.0" if lan else "127.0.0.1"
    server = None
    for tried in [port] if port else [DEFAULT_PORT, 0] if lan else [0]:
        try:
            server = EmbeddedServer(
                str(db),
                host=host,
                port=tried,
                discovery=lan,
                bot_delay=app.settings.bot_delay,
                # the people at a table on this machine alone hold its clock: reading the rules as
                # long as they like costs nobody time (a LAN table keeps the limits of any server)
                **({} if lan else {"table_hold_limit": 0.0}),
            )
            await server.start()
            break
        except OSError as err:
            log.info("port %s unavailable: %s", tried, err)
            server = None
    if server is None:
        raise ServerError("offline", _("Could not start a game server on this machine."))
    server.lan = lan
    app.server = server
    url = server.url
    if lan:
        port = url.rsplit(":", 1)[-1]
        from soupkitchen.server.net.discovery import local_addresses

        app.server_addresses = [f"{address}:{port}" for address in local_addresses()]
        app.server_address = app.server_addresses[0]
        return f"http://127.0.0.1:{port}"
    return url


async def stop_embedded(app: App, timeout: float = 5.0) -> None:
    """Stop the server this client started; give up waiting after ``timeout`` seconds (guests still
    connected can keep a graceful stop waiting much longer)."""
    await app.stop_server(timeout)


async def connect(app: App, url: str, timeout: float = 5.0) -> Connection:
    """The app's connection to ``url`` (reused if already open), given ``timeout`` seconds to answer."""
    if app.conn is not None and app.conn.url == url and app.conn.connected:
        return app.conn
    if app.conn is not None:
        await app.conn.close()
        app.conn = None
    conn = Connection(url, clock=app.clock)
    await conn.connect(timeout)
    app.conn = conn
    app.settings.remember_server(url)  # an online one: offered again on the join screen

    conn.resumed_listeners.append(lambda back, held: app.toast(reconnected_message(back, held)))
    return conn


async def find_table(app: App, url: str, code: str) -> tuple[Connection, dict[str, Any]]:
    """The connection to ``url`` and the open table whose invite code is ``code`` there
    (ServerError in the server's words if no table has it)."""
    conn = await connect(app, url)
    found = await conn.request("find_table", {"code": code})
    return conn, found["table"]


async def connect_first(app: App, urls: list[str], each: float = 4.0) -> Connection:
    """The app's connection to the first of ``urls`` that answers (a server advertises each of its
    addresses; on a LAN without a router only some of them lead to it), trying each ``each`` seconds
    at most; ServerError naming them all when none answers."""
    tried = list(dict.fromkeys(urls))
    if len(tried) == 1:
        return await connect(app, tried[0])
    for url in tried:
        try:
            return await asyncio.wait_for(connect(app, url, each), each + 1.0)
        except (ServerError, TimeoutError, OSError) as err:
            log.info("no answer from %s: %s", url, err)
    where = ", ".join(url.split("://", 1)[-1] for url in tried)
    raise ServerError(
        "offline", _("Could not reach that kitchen at any of its addresses ({where}).").format(where=where)
    )


def reconnected_message(back: int, held: int) -> str:
    """What to tell the player once a reconnection has resumed their tables."""
    if not held:
        return _("Reconnected.")
    if back == held:
        return _("Reconnected. Your seat is back.") if held == 1 else _("Reconnected. Your seats are back.")
    return ngettext(
        "Reconnected. {back} of your {held} seat is back.",
        "Reconnected. {back} of your {held} seats are back.",
        held,
    ).format(back=back, held=held)


async def disconnect(app: App) -> None:
    if app.conn is not None:
        conn, app.conn = app.conn, None
        await conn.close()


# --- tables ------------------------------------------------------------------------------------------
def couch_names(app: App, local_players: int) -> list[str]:
    """The names of the players at this screen: the player's own, then those given to the others
    at the set-up ("Player 2" where none was)."""
    given = app.settings.couch_names
    return [app.settings.name] + [
        (given[i - 1] if i - 1 < len(given) else "").strip() or _("Player {number}").format(number=i + 1)
        for i in range(1, local_players)
    ]


async def create_table(
    app: App,
    conn: Connection,
    game: str,
    options: dict[str, Any],
    seats: int,
    local_players: int = 1,
    password: str | None = None,
    pause_on_handoff: bool = True,
    listed: bool = True,
) -> TableSession:
    """Create a table (this client hosts it at seat 0) and seat the other local players; a table
    not ``listed`` is found only by its invite code."""
    names = couch_names(app, local_players)
    ack = await conn.request(
        "create_table",
        {
            "game": game,
            "options": options,
            "seats": seats,
            "name": names[0],
            "password": password or None,
            "settings": {
                "bot_delay": app.settings.bot_delay,
                "handoff_pauses_timer": pause_on_handoff,
                "listed": listed,
            },
        },
    )
    table = ack["table"]
    tokens = {ack["seat"]: ack["token"]}
    for name in names[1:]:
        joined = await conn.request(
            "join_table", {"table": table["id"], "name": name, **({"password": password} if password else {})}
        )
        tokens[joined["seat"]] = joined["token"]
        table = joined.get("table", table)
    session = TableSession(conn, table, tokens, clock=app.clock)
    app.watch_session(session)
    return session


async def join_table(app: App, conn: Connection, table_id: str, password: str | None = None) -> TableSession:
    payload: dict[str, Any] = {"table": table_id, "name": app.settings.name}
    if password:
        payload["password"] = password
    ack = await conn.request("join_table", payload)
    session = TableSession(conn, ack["table"], {ack["seat"]: ack["token"]}, clock=app.clock)
    app.watch_session(session)
    return session


async def spectate_table(app: App, conn: Connection, table_id: str) -> TableSession:
    """Watch a table: no seat, the spectator view only."""
    # Registered before asking, so the snapshot that follows the ack finds it.
    session = TableSession(conn, {"id": table_id}, {}, clock=app.clock)
    try:
        ack = await conn.request("spectate", {"table": table_id})
    except ServerError:
        conn.sessions.pop(table_id, None)
        raise
    session.receive_lobby(ack["table"])
    session.spectating = True  # so a reconnection asks to watch again
    app.watch_session(session)
    return session


async def play_local(
    app: App,
    game: str,
    options: dict[str, Any],
    players: int,
    local_players: int = 1,
    pads: dict[int, str] | None = None,
    pause_on_handoff: bool = True,
    bot_levels: list[str] | None = None,
) -> TableSession:
    """Solo (one local player) or couch play: an embedded server, bots in the other seats, started.
    ``pads`` binds local player i (in seating order) to a gamepad device; ``bot_levels`` gives the
    bots' levels in seat order (normal for any not given)."""
    if local_players == 1:
        options = {**solo_options(game), **options}
    marks = [("begun", time.perf_counter())]
    url = await start_embedded(app, lan=False)
    marks.append(("server", time.perf_counter()))
    conn = await connect(app, url)
    marks.append(("connect", time.perf_counter()))
    session = await create_table(
        app, conn, game, options, players, local_players, pause_on_handoff=pause_on_handoff
    )
    if session.couch:
        await session.watch_publicly()
    held = session.seats_held
    session.pads.update({held[i]: device for i, device in (pads or {}).items() if i < len(held)})
    marks.append(("table", time.perf_counter()))
    levels = list(bot_levels or [])
    while levels and levels[-1] == NORMAL:  # the start seats these itself: no round trip each
        levels.pop()
    for level in levels:
        await session.request("add_bot", level=level)  # the first empty seat
    marks.append(("bots", time.perf_counter()))
    await session.request("start")  # the server seats normal bots in every seat still empty
    marks.append(("start", time.perf_counter()))
    session.local = True
    config = getattr(app.server, "config", None)
    _save_game(session, db=str(config.db_path) if config is not None else None)
    steps = zip(marks, marks[1:], strict=False)
    log.info(
        "local game ready: %s",
        " ".join(f"{name}={(t - before) * 1000:.0f}ms" for (_n, before), (name, t) in steps),
    )
    return session


async def resume_local(app: App, saved: dict[str, Any] | None = None) -> TableSession:
    """Reopen an unfinished solo or couch game (``saved``, else the newest) on its own kitchen."""
    saved = saved or saved_game()
    if saved is None:
        raise ServerError("unknown_table", _("There is no game to resume."))
    kitchen = (
        Path(saved["db"]) if saved.get("db") else data_dir() / "solo.sqlite3"
    )  # an older client's one kitchen
    url = await start_embedded(app, lan=False, db=kitchen)
    session = await _take_back(app, url, saved, Path(saved.get("record") or resume_file()))
    session.local = True
    session.spectating = session.couch
    session.looked.update(looked_before(saved))
    await session.resume(recent=RECENT_MOMENTS)
    return session


def looked_before(saved: dict[str, Any]) -> set[int]:
    """The seats of an unfinished couch game whose players had taken the controls before it was left."""
    looked = saved.get("looked")
    return {s for s in looked if type(s) is int} if isinstance(looked, list) else set()


async def resume_hosting(app: App) -> TableSession:
    """Restart the LAN server this client hosted, on the same game record and port (advertised
    again), and take back the host's seat; guests reconnect by themselves."""
    saved = saved_hosting()
    if saved is None:
        raise ServerError("unknown_table", _("There is no hosted table to resume."))
    url = await start_embedded(app, lan=True, port=int(saved.get("port") or DEFAULT_PORT))
    if saved.get("online"):
        await open_to_friends_online(app, int(url.rsplit(":", 1)[-1]))
    session = await _take_back(app, url, saved, hosting_file())
    await session.resume(recent=RECENT_MOMENTS)
    return session


async def _take_back(app: App, url: str, saved: dict[str, Any], record: Path) -> TableSession:
    """A session for the seats ``saved`` names, taken back with their stored tokens (the ``record``
    is forgotten if the server no longer knows them)."""
    conn = await connect(app, url)
    tokens = {int(k): v for k, v in saved["tokens"].items()}
    table = None
    for token in tokens.values():
        try:
            ack = await conn.request("resume", {"token": token})
        except ServerError as err:
            forget_saved_game(record)
            raise ServerError(
                err.code, _("That game cannot be resumed: {problem}").format(problem=err.message)
            ) from err
        table = ack["table"]
    session = TableSession(conn, table, tokens, clock=app.clock)
    session.pads.update({int(k): v for k, v in (saved.get("pads") or {}).items()})
    app.watch_session(session)
    # Resume acks came before the session existed: the caller asks once more so the snapshot reaches it.
    return session


async def open_to_friends_online(app: App, port: int) -> None:
    """Open the hosted server's port on the router (UPnP) for friends elsewhere; where that cannot
    be done, ``app.online_problem`` says why (the game is still hosted on the LAN)."""
    from soupkitchen.client.net import upnp

    await app.close_port()
    try:
        app.port_map = await upnp.open_port(port)
    except upnp.PortMapError as err:
        app.online_problem = str(err)
        log.info("hosting for friends online: %s", err)


async def host_lan(
    app: App, game: str, options: dict[str, Any], players: int, password: str | None, online: bool = False
) -> TableSession:
    """Host a LAN game: a discoverable server on this machine and a table waiting in the lobby;
    ``online``: also for friends elsewhere, the port opened on the router (UPnP)."""
    url = await start_embedded(app, lan=True)
    port = int(url.rsplit(":", 1)[-1])
    if online:
        await open_to_friends_online(app, port)
    conn = await connect(app, url)
    session = await create_table(app, conn, game, options, players, 1, password)
    session.local = False
    _save_game(session, hosting_file(), port=port, online=online)  # to resume hosting after a close
    return session


def _touch_saved_game(table: str | None, looked: set[int] | None = None) -> None:
    """An unfinished game was left just now: its record says so (the title lists the latest first),
    and which couch players have taken the controls (``looked``), so a resumed game's hand-off
    greets them as players who have looked before."""
    for game in saved_games():
        if game.get("table") == table and game.get("record"):
            record = Path(game["record"])
            data = {key: value for key, value in game.items() if key != "record"}
            if looked is not None:
                data["looked"] = sorted(looked)
            try:
                record.write_text(json.dumps({**data, "saved": time.time()}), encoding="utf-8")
            except OSError as err:
                log.warning("could not save %s: %s", record.name, err)


async def leave_table(app: App, session: TableSession) -> None:
    """Leave a table. A local game is kept for resuming unless it is over; a LAN seat is given up."""
    if session.local:
        if session.over:
            forget_saved_game(table=session.table.get("id"))
        else:
            _touch_saved_game(session.table.get("id"), session.looked)
        await disconnect(app)
        await stop_embedded(app)
        return
    if session.is_host:  # a host who leaves gives the table up: nothing to resume hosting
        forget_saved_game(hosting_file())
    await session.leave()
    if app.server is None:
        await disconnect(app)
    elif not kitchen_people(app):  # this client's LAN kitchen, with nobody left at its tables
        await close_kitchen(app)


def own_kitchen_open(app: App) -> bool:
    """Whether the LAN server this client started still runs."""
    return app.server is not None and getattr(app.server, "lan", False)


def kitchen_url(app: App) -> str:
    """Where this client reaches the LAN server it started."""
    return f"http://127.0.0.1:{app.server.port}"


def kitchen_people(app: App) -> list[str]:
    """The people at the open tables of the LAN server this client started (guests who stayed when
    its host left them); none if it does not run."""
    return list(app.server.people()) if own_kitchen_open(app) else []


async def close_kitchen(app: App) -> None:
    """Stop the LAN server this client started (and the router's opening for it)."""
    await disconnect(app)
    await stop_embedded(app)
