"""Glue between screens and the async flows in :mod:`client.net.ways_in`: show a wait screen, run the flow,
land on the next scene, or show what went wrong in plain words. Scenes are started by id."""

from __future__ import annotations

import asyncio
import logging
import time
from typing import TYPE_CHECKING, Any

from soupkitchen.client import tables
from soupkitchen.client.net import ways_in
from soupkitchen.client.net.connection import ServerError
from soupkitchen.client.net.session import TableSession
from soupkitchen.client.ui import art
from soupkitchen.client.words import _

if TYPE_CHECKING:
    from soupkitchen.client.app import App

log = logging.getLogger(__name__)


def run_with_wait(app: App, words: str, coro, then, on_error=None) -> None:
    """Show ``words`` while ``coro`` runs; then call ``then(result)``, or explain the failure (in a
    dialog, or by calling ``on_error(words)`` when given: the screen below then says it itself)."""
    busy = app.stack.open("busy", words)

    async def go() -> None:
        try:
            result = await coro
        except (ServerError, ValueError, OSError) as err:
            app.stack.remove(busy)
            problem = str(err) or err.__class__.__name__
            if on_error is not None:
                on_error(problem)
            else:
                app.stack.open("message", _("That did not work"), problem)
            return
        except Exception as err:
            app.stack.remove(busy)
            app.stack.open(
                "message", _("That did not work"), _("Something went wrong: {problem}").format(problem=err)
            )
            raise
        app.stack.remove(busy)
        then(result)

    app.spawn(go())


def open_setup(app: App, mode: str, conn=None) -> None:
    games = conn.games if conn is not None else ways_in.local_games()
    if not games:
        app.stack.open("message", _("No games"), _("No game could be loaded. Check the installation."))
        return
    app.stack.open("setup", mode, games, conn)


def open_join(app: App) -> None:
    app.stack.open("join")


def open_howto(app: App, game_id: str | None = None, pick_game: bool = False) -> None:
    """How to play ``game_id`` (or the first game, with a choice of game when ``pick_game``)."""
    games = ways_in.local_games()
    if games:
        app.stack.open("howto", games, game_id, pick_game)


def open_settings(app: App) -> None:
    app.stack.open("settings")


def open_table(app: App, session: TableSession) -> None:
    """Show the table of ``session`` over the title screen (couch: hand-offs as they come)."""
    app.watch_session(session)
    app.stack.reset_to("title")
    table = app.stack.push(tables.table_scene_for(session.game_id)(app, session))

    def on_handoff(seat: int | None) -> None:
        if seat is not None and app.stack.find("handoff") is None and table in app.stack.scenes:
            app.stack.open("handoff", session)

    session.handoff_listeners.append(on_handoff)
    if session.handoff_seat is not None:
        on_handoff(session.handoff_seat)

    def on_kicked(table_id: str) -> None:
        if table_id == session.table.get("id") and table in app.stack.scenes:
            session.conn.kicked_listeners.remove(on_kicked)
            leave(app, session)
            app.stack.open("message", _("Removed"), _("The host removed you from the table."))

    session.conn.kicked_listeners.append(on_kicked)


def open_lobby(app: App, session: TableSession) -> None:
    app.watch_session(session)
    app.stack.reset_to("title")
    app.stack.open("lobby", session)


async def with_art(app: App, coro) -> TableSession:
    """The session ``coro`` makes, once its table's art is rasterised (frames keep flowing meanwhile)."""
    session = await coro
    begun = time.perf_counter()
    await art.preload_async(tables.table_scene_for(session.game_id).art_to_preload(app.screen_size))
    log.info("table art ready in %.0f ms", (time.perf_counter() - begun) * 1000)
    return session


def loop_running() -> bool:
    """Whether the client's loop runs (a frame stepped outside it, as a test does, starts no task)."""
    try:
        asyncio.get_running_loop()
    except RuntimeError:
        return False
    return True


async def warm_table(app: App, game: str) -> None:
    """Draw ``game``'s card art ahead of its table (while the player sets it up), a picture at a time."""
    await art.preload_async(tables.table_scene_for(game).art_to_preload(app.screen_size))


GUIDED_GAME = "too-many-cooks"  # the game with a guided first round


def start_guided(app: App) -> None:
    """A solo game of Too Many Cooks against two easy bots, with the learner's hints for this game
    only (the Settings' hints stay as the player set them)."""
    app.guide.once = True
    start_local(app, GUIDED_GAME, {"difficulty": "easy"}, 3)


def start_local(
    app: App,
    game: str,
    options: dict[str, Any],
    players: int,
    local_players: int = 1,
    pads: dict[int, str] | None = None,
    pause_on_handoff: bool = True,
    bot_levels: list[str] | None = None,
) -> None:
    asked = time.perf_counter()

    def landed(session: TableSession) -> None:
        open_table(app, session)
        log.info("table shown after %.0f ms", (time.perf_counter() - asked) * 1000)  # scripts/bench_start.py

    run_with_wait(
        app,
        _("Warming up the kitchen..."),
        with_art(
            app,
            ways_in.play_local(
                app, game, options, players, local_players, pads, pause_on_handoff, bot_levels
            ),
        ),
        landed,
    )


def resume(app: App, saved: dict[str, Any] | None = None) -> None:
    """Reopen the unfinished game ``saved`` (the newest when None)."""
    run_with_wait(
        app,
        _("Reheating your soup..."),
        with_art(app, ways_in.resume_local(app, saved)),
        lambda session: open_table(app, session),
    )


def host(
    app: App, game: str, options: dict[str, Any], players: int, password: str | None, online: bool = False
) -> None:
    words = (
        _("Asking the router to open the kitchen door...")
        if online
        else _("Opening the kitchen to the LAN...")
    )
    run_with_wait(
        app,
        words,
        ways_in.host_lan(app, game, options, players, password, online),
        lambda session: open_lobby(app, session),
    )


def create_remote(
    app: App,
    conn,
    game: str,
    options: dict[str, Any],
    players: int,
    password: str | None,
    listed: bool = True,
) -> None:
    run_with_wait(
        app,
        _("Setting the table..."),
        ways_in.create_table(app, conn, game, options, players, 1, password, listed=listed),
        lambda session: open_lobby(app, session),
    )


def join(app: App, conn, table_id: str, password: str | None = None) -> None:
    def landed(session: TableSession) -> None:
        (open_table if session.started else open_lobby)(app, session)

    run_with_wait(
        app,
        _("Pulling up a chair..."),
        with_art(app, ways_in.join_table(app, conn, table_id, password)),
        landed,
    )


def sit_at(app: App, conn, table: dict[str, Any]) -> None:
    """Join the open table ``table`` (a summary): watch it if it has started, ask its password if it has
    one."""
    if table.get("started"):
        watch(app, conn, table["id"])
    elif table.get("has_password"):
        app.stack.open(
            "text",
            _("Password"),
            _("Password"),
            lambda pw: join(app, conn, table["id"], pw),
            message=_("This table needs a password."),
            secret=True,
        )
    else:
        join(app, conn, table["id"])


def join_by_code(app: App, url: str, code: str, on_error=None) -> None:
    """Find the table of an invite code on the server at ``url`` and sit at it."""
    run_with_wait(
        app,
        _("Looking for the table..."),
        ways_in.find_table(app, url, code),
        lambda found: sit_at(app, *found),
        on_error=on_error,
    )


def watch(app: App, conn, table_id: str) -> None:
    run_with_wait(
        app,
        _("Peeking into the kitchen..."),
        with_art(app, ways_in.spectate_table(app, conn, table_id)),
        lambda session: open_table(app, session),
    )


def leave(app: App, session: TableSession) -> None:
    """Back to the title; once the table is left (a finished solo game is forgotten then), the title
    offers only what can still be resumed."""

    def refresh_title(_result: Any = None) -> None:
        title = app.stack.find("title")
        if title is not None:
            title.leaving = False
            title.rebuild()

    async def go() -> None:
        try:
            await ways_in.leave_table(app, session)
        finally:  # the title lists what is still open once this table is left, whether or not it went well
            refresh_title()

    app.stack.reset_to("title")
    title = app.stack.find("title")
    if title is not None:  # until then it does not count this player among those still at a table
        title.leaving = True
        title.rebuild()
    guide = getattr(app, "guide", None)
    if guide is not None:
        guide.once = False  # a guided first round asked for is that game's only
    app.spawn(go())
